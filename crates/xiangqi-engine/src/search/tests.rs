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

/// With the `stats` feature a search counts where it went, each count within what contains it;
/// without it, nothing is counted (the shipped engine pays nothing). Run with the feature by
/// `tools/test.sh` (`cargo test -p xiangqi-engine --features stats --lib stats`).
#[test]
fn the_stats_count_where_the_search_went_only_with_their_feature() {
    let mut searcher = Searcher::new(4);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let pos =
        Position::from_fen("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w")
            .expect("a position");
    let r = searcher.search(&pos, &[], &limits, &SearchOptions::default(), |_| {});
    let s = r.stats;
    if cfg!(feature = "stats") {
        assert!(s.qnodes > 0 && s.qnodes < r.nodes, "{s:?} of {}", r.nodes);
        assert!(s.tt_hits > 0 && s.tt_hits <= s.tt_probes, "{s:?}");
        assert!(s.tt_cuts <= s.tt_hits, "{s:?}");
        assert!(s.tt_probes <= r.nodes - s.qnodes, "{s:?}");
        assert!(s.fail_highs_first <= s.fail_highs, "{s:?}");
        // A sound move order: most cutoffs come from the first move.
        assert!(
            s.fail_highs_first * 10 > s.fail_highs * 7,
            "{s:?}: first-move cutoffs"
        );
    } else {
        assert_eq!(s, SearchStats::default());
    }
    assert!(r.hashfull > 0 && r.hashfull <= 1000, "{}", r.hashfull);
}

/// `lmr_captures` reduces late losing captures off the principal variation: off (the default),
/// the search is as before (the bench signature holds that); on, the same search takes another
/// tree (here more nodes: a reduced capture that fails high is searched again).
#[test]
fn late_losing_captures_are_reduced_only_when_asked() {
    let pos = Position::from_fen(
        "rnbakab1r/9/7cn/2p1p1p1p/p8/9/PcP1P1P1P/2C3NC1/4A4/RNB1KAB1R b - - 0 1",
    )
    .expect("a legal position");
    let nodes = |lmr_captures: i32| {
        let mut searcher = Searcher::new(16);
        let mut params = Params::default();
        params.set("lmr_captures", lmr_captures).expect("in range");
        searcher.set_params(params);
        let limits = Limits {
            depth: Some(11),
            ..Limits::default()
        };
        searcher
            .search(&pos, &[], &limits, &SearchOptions::default(), |_| {})
            .nodes
    };
    let (off, on) = (nodes(0), nodes(2));
    assert_eq!(off, nodes(0), "the search is not repeatable");
    assert_ne!(on, off, "the parameter changed nothing");
}
