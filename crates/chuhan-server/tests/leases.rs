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

/// The games an instance looks for to take over: in play, and no live lease (or its own).
async fn orphaned_games_are_those_in_play_that_nobody_holds(db: &str) {
    let store = chuhan_server::open_store(db)
        .await
        .expect("the store opens");
    let row = chuhan_server::store::GameRow {
        red_name: "r".into(),
        black_name: "b".into(),
        base_s: 60,
        rules: "asian".into(),
        fen: xiangqi::Position::startpos().to_fen(),
        status: "playing".into(),
        started_ms: 1_000,
        ..Default::default()
    };
    let id = store.create_game(&row).await.expect("a game");
    let over = store.create_game(&row).await.expect("a game");
    store
        .finish_game(&chuhan_server::store::Finish {
            game_id: over,
            status: "over",
            result: "1-0".into(),
            reason: "resignation".into(),
            ended_ms: 2_000,
            ratings: Vec::new(),
        })
        .await
        .expect("ended");
    let listed = |v: Vec<i64>, game: i64| v.contains(&game);
    let (a, b) = (&format!("a{id}"), &format!("b{id}"));
    assert!(listed(
        store.orphaned_games(a, 10_000, 5_000).await.unwrap(),
        id
    ));
    assert!(!listed(
        store.orphaned_games(a, 10_000, 5_000).await.unwrap(),
        over
    ));
    // Just started and not yet leased by its starter: not an orphan.
    assert!(!listed(
        store.orphaned_games(a, 10_000, 500).await.unwrap(),
        id
    ));
    assert!(store.claim_lease(id, a, 10_000, 16_000).await.unwrap());
    assert!(!listed(
        store.orphaned_games(b, 12_000, 5_000).await.unwrap(),
        id
    ));
    // Its owner, started again under the same name, takes it back at once.
    assert!(listed(
        store.orphaned_games(a, 12_000, 5_000).await.unwrap(),
        id
    ));
    // The lease ran out: any instance may take it.
    assert!(listed(
        store.orphaned_games(b, 16_001, 5_000).await.unwrap(),
        id
    ));
    assert!(store.claim_lease(id, b, 16_001, 22_001).await.unwrap());
    assert!(!listed(
        store.orphaned_games(a, 17_000, 5_000).await.unwrap(),
        id
    ));
    store.release_lease(id, b).await.unwrap();
}

/// An instance renews all its leases in one statement: those it holds, not those another took.
async fn an_instance_renews_all_its_leases_at_once(db: &str) {
    let store = chuhan_server::open_store(db)
        .await
        .expect("the store opens");
    let base = i64::from(rand::random::<u32>()) * 4;
    let (me, other) = (&format!("me{base}"), &format!("other{base}"));
    for g in base..base + 3 {
        assert!(store.claim_lease(g, me, 1_000, 7_000).await.unwrap());
    }
    // The third ran out and another instance took it.
    assert!(
        store
            .claim_lease(base + 2, other, 7_001, 13_001)
            .await
            .unwrap()
    );
    let mut renewed = store.renew_leases(me, 20_000).await.unwrap();
    renewed.sort_unstable();
    assert_eq!(renewed, vec![base, base + 1]);
    assert_eq!(store.lease(base).await.unwrap(), Some((me.clone(), 20_000)));
    assert_eq!(
        store.lease(base + 2).await.unwrap(),
        Some((other.clone(), 13_001))
    );
    for (g, o) in [(base, me), (base + 1, me), (base + 2, other)] {
        store.release_lease(g, o).await.unwrap();
    }
}

on_both!(
    an_instance_renews_all_its_leases_at_once,
    a_lease_is_held_renewed_and_taken_over_when_it_runs_out,
    one_of_two_instances_asking_at_once_gets_the_lease,
    orphaned_games_are_those_in_play_that_nobody_holds,
);
