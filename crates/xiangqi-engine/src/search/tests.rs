//! The search's unit tests.

use super::*;

/// The helpers search (their node counts are part of the result) through the one table.
#[test]
fn helpers_search_through_the_shared_table() {
    let mut searcher = Searcher::new(4);
    searcher.set_threads(2);
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    let options = SearchOptions {
        threads: 2,
        ..SearchOptions::default()
    };
    let r = searcher.search(&Position::startpos(), &[], &limits, &options, |_| {});
    let helper = &searcher.helpers[0];
    assert!(Arc::ptr_eq(&helper.tt, &searcher.tt));
    assert!(helper.nodes > 0, "the helper searched nothing");
    assert_eq!(
        r.nodes,
        searcher.nodes + helper.node_count.load(Ordering::Relaxed)
    );
    // One thread when the options ask for one, even with helpers made.
    let one = SearchOptions::default();
    let before = searcher.helpers[0].nodes;
    searcher.helpers[0].nodes = 0;
    searcher.search(&Position::startpos(), &[], &limits, &one, |_| {});
    assert_eq!(
        searcher.helpers[0].nodes, 0,
        "a helper ran ({before} before)"
    );
    // Fewer threads: the helpers go.
    searcher.set_threads(1);
    assert!(searcher.helpers.is_empty());
}
