//! Game leases (several instances over one database, each game owned by one at a time): the
//! first instance to ask gets a game's lease, renews it while it lives, and no other gets it until
//! it runs out; then another takes it over and the first can no longer renew. On SQLite in memory
//! and on PostgreSQL.

#[macro_use]
mod common;

async fn a_lease_is_held_renewed_and_taken_over_when_it_runs_out(db: &str) {
    let store = chuhan_server::open_store(db)
        .await
        .expect("the store opens");
    // A game number no other run used (PostgreSQL keeps its tables between runs).
    let game = i64::from(rand::random::<u32>());
    let (a, b) = ("instance-a", "instance-b");
    assert!(
        store.claim_lease(game, a, 1_000, 11_000).await.unwrap(),
        "free: granted"
    );
    assert_eq!(
        store.lease(game).await.unwrap(),
        Some((a.to_owned(), 11_000))
    );
    assert!(
        !store.claim_lease(game, b, 5_000, 15_000).await.unwrap(),
        "held: refused"
    );
    assert!(
        store.claim_lease(game, a, 9_000, 19_000).await.unwrap(),
        "renewed by its owner"
    );
    assert!(
        !store.claim_lease(game, b, 18_999, 28_999).await.unwrap(),
        "still held"
    );
    // The owner died: its lease runs out, another instance takes the game over.
    assert!(
        store.claim_lease(game, b, 19_001, 29_001).await.unwrap(),
        "run out: taken over"
    );
    assert_eq!(
        store.lease(game).await.unwrap(),
        Some((b.to_owned(), 29_001))
    );
    assert!(
        !store.claim_lease(game, a, 19_002, 29_002).await.unwrap(),
        "the old owner lost it"
    );
    // Only the owner gives it up.
    store.release_lease(game, a).await.unwrap();
    assert!(store.lease(game).await.unwrap().is_some());
    store.release_lease(game, b).await.unwrap();
    assert_eq!(store.lease(game).await.unwrap(), None);
    assert!(
        store.claim_lease(game, a, 30_000, 40_000).await.unwrap(),
        "free again"
    );
    store.release_lease(game, a).await.unwrap();
}

/// Two instances asking for the same free lease at once: exactly one gets it.
async fn one_of_two_instances_asking_at_once_gets_the_lease(db: &str) {
    let store = chuhan_server::open_store(db)
        .await
        .expect("the store opens");
    for _ in 0..20 {
        let game = i64::from(rand::random::<u32>());
        let (x, y) = tokio::join!(
            store.claim_lease(game, "x", 0, 10_000),
            store.claim_lease(game, "y", 0, 10_000)
        );
        assert_eq!(
            u8::from(x.unwrap()) + u8::from(y.unwrap()),
            1,
            "exactly one owner"
        );
        let (owner, _) = store.lease(game).await.unwrap().expect("a lease");
        store.release_lease(game, &owner).await.unwrap();
    }
}

on_both!(
    a_lease_is_held_renewed_and_taken_over_when_it_runs_out,
    one_of_two_instances_asking_at_once_gets_the_lease,
);
