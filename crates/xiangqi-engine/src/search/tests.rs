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

/// A fresh searcher's search of `pos` to `depth` with the parameter `name` set to `value`.
fn search_with(pos: &Position, name: &str, value: i32, depth: u32) -> SearchResult {
    let mut searcher = Searcher::new(16);
    let mut params = Params::default();
    params.set(name, value).expect("in range");
    searcher.set_params(params);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    searcher.search(pos, &[], &limits, &SearchOptions::default(), |_| {})
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
    let nodes = |lmr_captures: i32| search_with(&pos, "lmr_captures", lmr_captures, 11).nodes;
    let (off, on) = (nodes(0), nodes(2));
    assert_eq!(off, nodes(0), "the search is not repeatable");
    assert_ne!(on, off, "the parameter changed nothing");
}

/// ProbCut (`probcut_margin` above 0) cuts nodes off by a good capture's shallower search: off
/// (the default), it never does and the search is as before (the bench signature holds that);
/// on, the same search takes another tree and still wins the rook left en prise. With the
/// `stats` feature the cutoffs are counted (`tools/test.sh` runs this test with it: its name
/// holds "stats").
#[test]
fn probcut_cuts_only_when_asked_stats_count_it() {
    // Black's rook on b9 can take Red's undefended rook on b3 (and much else is going on).
    let pos = Position::from_fen(
        "1rbakabnr/9/2n4c1/p1p1p1p1p/9/9/PRP1P1P1P/1C2C1N2/9/1NBAKAB1R b - - 0 1",
    )
    .expect("a legal position");
    let search = |margin: i32| search_with(&pos, "probcut_margin", margin, 11);
    let (off, on) = (search(0), search(200));
    assert_eq!(off.nodes, search(0).nodes, "the search is not repeatable");
    assert_ne!(on.nodes, off.nodes, "the parameter changed nothing");
    let take: Move = "b9b3".parse().expect("a move");
    assert_eq!(on.best, Some(take), "{on:?}");
    assert_eq!(off.best, Some(take), "{off:?}");
    if cfg!(feature = "stats") {
        assert_eq!(off.stats.probcuts, 0, "{:?}", off.stats);
        assert!(on.stats.probcuts > 0, "{:?}", on.stats);
    }
}

/// `cont_plies` decides which earlier moves' continuation-history rows a cut-off rewards: the
/// previous move's always, the side's own move before it from 2 on, the move four plies back
/// at 3.
#[test]
fn continuation_history_rewards_the_rows_cont_plies_asks_for() {
    let mut pos = Position::startpos();
    let mut stack = Vec::new();
    for text in ["h2e2", "h9g7", "b0c2", "b9c7"] {
        let m: Move = text.parse().expect("a move");
        let piece = pos.piece_at(m.from()).expect("a piece").index();
        stack.push((m, piece));
        pos.play(m).expect("legal");
    }
    let quiet: Move = "h0g2".parse().expect("a move");
    let moved = pos.piece_at(quiet.from()).expect("a piece").index();
    let row = |(m, piece): (Move, usize)| piece * 90 + m.to().index();
    for plies in 1..=3 {
        let mut searcher = Searcher::new(1);
        let mut params = Params::default();
        params.set("cont_plies", plies).expect("in range");
        searcher.set_params(params);
        for (ply, &(m, piece)) in stack.iter().enumerate() {
            searcher.stack[ply].mv = Some(m);
            searcher.stack[ply].piece = piece;
        }
        searcher.reward_quiet(&pos, 4, quiet, 6, &[quiet]);
        let rewarded = |back: usize| searcher.cont[row(stack[4 - back])][moved][quiet.to().index()];
        assert!(
            rewarded(1) > 0,
            "cont_plies {plies}: the previous move's row"
        );
        assert_eq!(
            rewarded(2) > 0,
            plies >= 2,
            "cont_plies {plies}: two plies back"
        );
        assert_eq!(
            rewarded(3),
            0,
            "cont_plies {plies}: three plies back is never read"
        );
        assert_eq!(
            rewarded(4) > 0,
            plies >= 3,
            "cont_plies {plies}: four plies back"
        );
        assert_eq!(
            searcher.cont_sum(searcher.cont_rows(4), moved, quiet.to().index()),
            // The rows not asked for are untouched (zero, above), so the sum is all three's.
            [1, 2, 4]
                .map(|b| i32::from(rewarded(b)))
                .iter()
                .sum::<i32>(),
            "cont_plies {plies}: the rows read are the rows rewarded"
        );
    }
}

/// `tt_cut_history`: a quiet hash move whose stored score holds beta is rewarded as a searched
/// cut-off is (history, killer) when asked, and not when not (the default, so the bench
/// signature holds); a capture, or a stored score that fails low, earns nothing either way.
#[test]
fn hash_cutoffs_reward_quiet_moves_only_when_asked() {
    let mut pos = Position::startpos();
    let quiet: Move = "h0g2".parse().expect("a move");
    // The cannon over its screen on h7 takes the knight on h9.
    let capture: Move = "h2h9".parse().expect("a move");
    assert!(pos.is_legal(quiet) && pos.is_legal(capture));
    let key = pos.key();
    for on in [0, 1] {
        for (m, score, bound, rewarded) in [
            (quiet, 300, Bound::Lower, on == 1),
            (quiet, -300, Bound::Upper, false),
            (capture, 300, Bound::Lower, false),
        ] {
            let mut searcher = Searcher::new(1);
            let mut params = Params::default();
            params.set("tt_cut_history", on).expect("in range");
            searcher.set_params(params);
            searcher
                .tt
                .store(key, 0, Some(m), score, 0, 10, bound, false);
            let case = format!("tt_cut_history {on}, {m} at {score}");
            // A zero window around 0: the stored bound decides the node without a search.
            let s = searcher.negamax::<false>(&mut pos, 6, -1, 0, 0, true);
            assert_eq!(s, score, "{case}: not a hash cut-off");
            let piece = pos.piece_at(m.from()).expect("a piece").index();
            assert_eq!(
                searcher.history[piece][m.to().index()] > 0,
                rewarded,
                "{case}"
            );
            assert_eq!(searcher.killers[0][0] == Some(m), rewarded, "{case}");
        }
    }
}

/// `se_double`: a hash move whose alternatives all fail far below its score (the only capture
/// of a loose rook) is extended two plies off the principal variation when asked, one ply on it,
/// one ply when the path already holds `se_double_max` double extensions, and one ply when not
/// asked (the default, so the bench signature holds).
#[test]
fn singular_moves_far_above_the_rest_extend_twice_only_when_asked() {
    // Black's rook steps to a4 (the search's root move), where Red's rook on a0 takes it; no
    // other Red move wins anything.
    let root: Position = "3aka3/9/9/9/9/8r/9/9/9/R2K5 b - - 0 1"
        .parse()
        .expect("a FEN");
    let blunder: Move = "i4a4".parse().expect("a move");
    let take: Move = "a0a4".parse().expect("a move");
    for (double, pv, doubles, want) in [
        (0, false, 0, 1),
        (20, false, 0, 2),
        (20, true, 0, 1),
        (20, false, 6, 1),
        (20, false, 5, 2),
    ] {
        let (mut searcher, mut pos) = after_root_move("se_double", double, &root, blunder);
        assert!(pos.is_legal(take));
        let after = pos.clone();
        searcher.stack[1].doubles = doubles;
        let node = hash_node(!pv, take, 900, true);
        let case = format!("se_double {double}, pv {pv}, {doubles} doubles on the path");
        let got = searcher.singular(&mut pos, &node, take, 100, pv);
        assert_eq!(got, Ok(want), "{case}");
        assert_eq!(pos, after, "{case}: the position is restored");
    }
}

/// `se_cut_neg`: a hash move that is not singular (in the opening another move holds as well)
/// and scores below beta is searched a ply shallower at an expected cut node when asked, and at
/// its full depth elsewhere or when not asked (the default, so the bench signature holds).
#[test]
fn hash_moves_that_are_not_singular_shorten_only_at_cut_nodes_when_asked() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    let answer: Move = "h9g7".parse().expect("a move");
    for (asked, cut_node, want) in [(0, true, 0), (1, true, -1), (1, false, 0)] {
        let (mut searcher, mut pos) = after_root_move("se_cut_neg", asked, &root, central);
        assert!(pos.is_legal(answer));
        let after = pos.clone();
        let node = hash_node(cut_node, answer, -100, false);
        let case = format!("se_cut_neg {asked}, cut node {cut_node}");
        let got = searcher.singular(&mut pos, &node, answer, 100, false);
        assert_eq!(got, Ok(want), "{case}");
        assert_eq!(pos, after, "{case}: the position is restored");
    }
}

/// `se_low_neg`: a hash move that is not singular, where another move scored at least the hash
/// score (in the opening other answers hold as well), is searched a ply shallower when asked; at
/// its full depth where the others stayed below the hash score or when not asked (the default,
/// so the bench signature holds).
#[test]
fn hash_moves_that_others_match_shorten_only_when_asked() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    let answer: Move = "h9g7".parse().expect("a move");
    // The test searches the other answers at the hash score less 8 × se_margin (64 cp): the
    // best of them scores -57 here, at least the hash score LOW, and below HIGH though above
    // HIGH's bar (-89), 32 cp from either.
    const LOW: i32 = -100;
    const HIGH: i32 = -25;
    for (asked, score, want) in [(0, LOW, 0), (1, LOW, -1), (1, HIGH, 0)] {
        let (mut searcher, mut pos) = after_root_move("se_low_neg", asked, &root, central);
        let mut params = searcher.params;
        params.set("se_margin", 8).expect("in range");
        searcher.set_params(params);
        assert!(pos.is_legal(answer));
        let after = pos.clone();
        let node = hash_node(false, answer, score, false);
        let case = format!("se_low_neg {asked}, hash score {score}");
        let got = searcher.singular(&mut pos, &node, answer, 200, false);
        assert_eq!(got, Ok(want), "{case}");
        assert_eq!(pos, after, "{case}: the position is restored");
    }
}

/// A searcher with the parameter `name` at `value`.
fn with_param(name: &str, value: i32) -> Searcher {
    let mut searcher = Searcher::new(1);
    let mut params = Params::default();
    params.set(name, value).expect("in range");
    searcher.set_params(params);
    searcher
}

/// A quiet move of the opening (Red's horse to g2) and its piece's index: the late move whose
/// reduction the tests read.
fn late_quiet() -> (Move, usize) {
    let quiet: Move = "h0g2".parse().expect("a move");
    let piece = Position::startpos()
        .piece_at(quiet.from())
        .expect("a horse")
        .index();
    (quiet, piece)
}

/// A node at ply 4, depth 10, off the principal variation, improving, with `tt_move` as its hash
/// move: where a late quiet move is reduced.
fn late_node(tt_move: Option<Move>, tt_capture: bool) -> Node {
    Node {
        depth: 10,
        ply: 4,
        in_check: false,
        cut_node: false,
        improving: true,
        eval: 0,
        hit: None,
        excluded: None,
        tt_move,
        tt_capture,
        tt_pv: false,
    }
}

/// A searcher with the parameter `name` at `value` whose root is set up by a one-ply search of
/// `root` (path, evaluation, frames), and the position after the root move `first`, made as the
/// search makes it.
fn after_root_move(name: &str, value: i32, root: &Position, first: Move) -> (Searcher, Position) {
    let mut searcher = with_param(name, value);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    searcher.search(root, &[], &limits, &SearchOptions::default(), |_| {});
    searcher.root_depth = 10;
    let mut pos = root.clone();
    assert!(pos.is_legal(first));
    searcher.make(&mut pos, first, 0);
    (searcher, pos)
}

/// A node at ply 1, depth 8, whose hash entry (as deep, a lower bound) holds `mv` at `score`.
fn hash_node(cut_node: bool, mv: Move, score: i32, capture: bool) -> Node {
    let depth = 8;
    Node {
        depth,
        ply: 1,
        in_check: false,
        cut_node,
        improving: false,
        eval: 0,
        hit: Some(tt::Hit {
            mv: Some(mv),
            score,
            eval: 0,
            depth,
            bound: Bound::Lower,
            pv: false,
        }),
        excluded: None,
        tt_move: Some(mv),
        tt_capture: capture,
        tt_pv: false,
    }
}

/// `lmr_deeper`, `lmr_shallower`: a reduced move that beat alpha is searched again a ply deeper
/// when its score beat the node's best by the margin (and 2 cp a ply), a ply shallower when it
/// beat it by less than the other margin, at its depth in between and when not asked (the
/// default, so the bench signature holds).
#[test]
fn reduced_moves_are_searched_again_deeper_or_shallower_only_when_asked() {
    let with = |deeper: i32, shallower: i32| {
        let mut searcher = Searcher::new(1);
        let mut params = Params::default();
        params.set("lmr_deeper", deeper).expect("in range");
        params.set("lmr_shallower", shallower).expect("in range");
        searcher.set_params(params);
        searcher
    };
    let default = Searcher::new(1);
    let asked = with(50, 8);
    let depth = 10;
    // Far above the best so far: 50 + 2 x 10 = 70 is the bar.
    assert_eq!(asked.research_depth(depth, 171, 100), depth + 1);
    assert_eq!(
        asked.research_depth(depth, 170, 100),
        depth,
        "not above the bar"
    );
    assert_eq!(default.research_depth(depth, 171, 100), depth);
    assert_eq!(with(50, 0).research_depth(depth, 171, 100), depth + 1);
    // Barely above the best so far.
    assert_eq!(asked.research_depth(depth, 107, 100), depth - 1);
    assert_eq!(
        asked.research_depth(depth, 108, 100),
        depth,
        "not below the bar"
    );
    assert_eq!(default.research_depth(depth, 107, 100), depth);
    assert_eq!(with(0, 8).research_depth(depth, 107, 100), depth - 1);
    assert_eq!(with(0, 8).research_depth(depth, 171, 100), depth);
}

/// `lmr_cutoffs`: a late quiet move is reduced that many plies more where the moves one ply down
/// failed high more than three times, no more at three or when not asked (the default, so the
/// bench signature holds); the reduction still leaves at least a ply.
#[test]
fn quiet_moves_whose_siblings_were_refuted_often_reduce_more_only_when_asked() {
    let (quiet, piece) = late_quiet();
    let node = late_node(None, false);
    for extra in [0, 1, 2] {
        let mut searcher = with_param("lmr_cutoffs", extra);
        let mut r = |cutoffs, new_depth| {
            searcher.stack[5].cutoffs = cutoffs;
            searcher.reduction::<false>(&node, quiet, Kind::Quiet, piece, 20, new_depth, [None; 3])
        };
        let base = r(0, 9);
        assert!(base >= 1, "a late move at depth 10 is reduced");
        assert_eq!(r(3, 9), base, "three cut-offs are not many");
        assert_eq!(r(4, 9), base + extra, "lmr_cutoffs {extra}");
        assert_eq!(r(4, 2), 1.min(base + extra), "lmr_cutoffs {extra}, shallow");
    }
}

/// `lmr_tt_pv`: a late quiet move off the principal variation is reduced that many plies less in
/// a node that was on one when its hash entry was stored, as much as elsewhere when not asked
/// (the default, so the bench signature holds); in a PV node the mark changes nothing.
#[test]
fn quiet_moves_in_former_pv_nodes_reduce_less_only_when_asked() {
    let (quiet, piece) = late_quiet();
    let node = |tt_pv| Node {
        tt_pv,
        ..late_node(None, false)
    };
    for less in [0, 1, 2] {
        let searcher = with_param("lmr_tt_pv", less);
        let r = |tt_pv, pv: bool| {
            let node = node(tt_pv);
            if pv {
                searcher.reduction::<true>(&node, quiet, Kind::Quiet, piece, 20, 9, [None; 3])
            } else {
                searcher.reduction::<false>(&node, quiet, Kind::Quiet, piece, 20, 9, [None; 3])
            }
        };
        let base = r(false, false);
        assert!(base >= 2, "a late move at depth 10 is reduced");
        assert_eq!(r(true, false), base - less, "lmr_tt_pv {less}");
        assert_eq!(r(true, true), r(false, true), "lmr_tt_pv {less}, a PV node");
    }
}

/// `lmr_tt_capture`: a late quiet move is reduced that many plies more where the hash move is a
/// capture, and no more where it is quiet or when not asked (the default, so the bench signature
/// holds); the reduction still leaves at least a ply.
#[test]
fn quiet_moves_after_a_capturing_hash_move_reduce_more_only_when_asked() {
    let (quiet, piece) = late_quiet();
    // The cannon over its screen on h7 takes the knight on h9.
    let capture: Move = "h2h9".parse().expect("a move");
    let node =
        |tt_capture: bool| late_node(Some(if tt_capture { capture } else { quiet }), tt_capture);
    for extra in [0, 1, 2] {
        let searcher = with_param("lmr_tt_capture", extra);
        let r = |tt_capture, new_depth| {
            searcher.reduction::<false>(
                &node(tt_capture),
                quiet,
                Kind::Quiet,
                piece,
                20,
                new_depth,
                [None; 3],
            )
        };
        let base = r(false, 9);
        assert!(base >= 1, "a late move at depth 10 is reduced");
        assert_eq!(r(true, 9), base + extra, "lmr_tt_capture {extra}");
        // Never down to nothing: at most new_depth - 1.
        assert_eq!(
            r(true, 2),
            1.min(base + extra),
            "lmr_tt_capture {extra}, shallow"
        );
    }
}

/// `rfp_tt_pv`: a shallow node far above beta is cut by reverse futility, and still is with the
/// PV mark when not asked (the default, so the bench signature holds); when asked, a marked node
/// is not cut by it (at depth 2 neither razoring nor the null move applies either), an unmarked
/// one still is.
#[test]
fn reverse_futility_spares_former_pv_nodes_only_when_asked() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    for (asked, tt_pv, want) in [
        (0, false, Some(500)),
        (0, true, Some(500)),
        (1, false, Some(500)),
        (1, true, None),
    ] {
        let (mut searcher, mut pos) = after_root_move("rfp_tt_pv", asked, &root, central);
        let after = pos.clone();
        let node = Node {
            depth: 2,
            ply: 1,
            cut_node: true,
            improving: false,
            eval: 500,
            tt_pv,
            ..late_node(None, false)
        };
        let case = format!("rfp_tt_pv {asked}, marked {tt_pv}");
        assert_eq!(searcher.prune_node(&mut pos, &node, 0), want, "{case}");
        assert_eq!(pos, after, "{case}: the position is restored");
    }
}

/// `lmr_fine`: the table's fraction and the history's share are added in 1024ths of a ply and
/// rounded down once. At depth 10 the table gives the 20th move 3.82 plies: by default any
/// history worth less than a ply either way leaves the 3 that no history gives (the default, so
/// the bench signature holds); with `lmr_fine` 0.88 of a ply of good history takes it to 2, a
/// quarter of a ply of bad history to 4, and half a ply of good history leaves 3. Both cap the
/// history's share at two plies.
#[test]
fn reductions_count_fractions_of_a_ply_only_when_asked() {
    let (quiet, piece) = late_quiet();
    let node = late_node(None, false);
    let histories = [0, 7000, 4000, -2000, 40_000, -40_000];
    for (fine, wants) in [(0, [3, 3, 3, 3, 1, 5]), (1, [3, 2, 3, 4, 1, 5])] {
        let mut searcher = with_param("lmr_fine", fine);
        for (history, want) in histories.into_iter().zip(wants) {
            searcher.history[piece][quiet.to().index()] = history;
            let r = searcher.reduction::<false>(&node, quiet, Kind::Quiet, piece, 20, 9, [None; 3]);
            assert_eq!(r, want, "lmr_fine {fine}, history {history}");
        }
    }
}

/// `fail_low_bonus`: where every move of a node fails low (Red has nothing worth 30 pawns), the
/// quiet move that led to it (Black's horse to g7, answering the central cannon) is rewarded in
/// the continuation-history row of the move before it when asked, and not when not (the
/// default, so the bench signature holds); after a capture it is not rewarded either way.
#[test]
fn quiet_moves_refuting_every_reply_earn_history_only_when_asked() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    for (asked, reply, rewarded) in [(0, "h9g7", false), (1, "h9g7", true), (1, "b7b0", false)] {
        let reply: Move = reply.parse().expect("a move");
        let (mut searcher, mut pos) = after_root_move("fail_low_bonus", asked, &root, central);
        let mover = root.piece_at(central.from()).expect("a cannon").index();
        let piece = pos.piece_at(reply.from()).expect("a piece").index();
        searcher.stack[0].mv = Some(central);
        searcher.stack[0].piece = mover;
        searcher.stack[1].mv = Some(reply);
        searcher.stack[1].piece = piece;
        assert!(pos.is_legal(reply));
        searcher.make(&mut pos, reply, 1);
        let case = format!("fail_low_bonus {asked}, {reply}");
        let s = searcher.negamax::<false>(&mut pos, 5, 2999, 3000, 2, false);
        assert!(s < 3000, "{case}: the node fails low ({s})");
        let entry = searcher.cont[mover * 90 + central.to().index()][piece][reply.to().index()];
        assert_eq!(entry > 0, rewarded, "{case}: {entry}");
        assert!(entry >= 0, "{case}: {entry}");
    }
}

/// `eval_history`: the quiet move that led to a node gains main history by how much it raised
/// its side's static evaluation (here set for Black before its move at 100 pawns down or up, so
/// that the move gained or lost about that much and the bonus is at its 2,000 cap either way)
/// when asked, and nothing when not (the default, so the bench signature holds); after a
/// capture or from a side in check, nothing either way.
#[test]
fn quiet_moves_earn_history_by_the_evaluation_they_gain_only_when_asked() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    for (asked, reply, before, in_check, want) in [
        (0, "h9g7", -10_000, false, 0),
        (20, "h9g7", -10_000, false, 2000),
        (20, "h9g7", 10_000, false, -2000),
        (20, "h9g7", -10_000, true, 0),
        (20, "b7b0", -10_000, false, 0),
    ] {
        let reply: Move = reply.parse().expect("a move");
        let (mut searcher, mut pos) = after_root_move("eval_history", asked, &root, central);
        let piece = pos.piece_at(reply.from()).expect("a piece").index();
        searcher.stack[1].mv = Some(reply);
        searcher.stack[1].piece = piece;
        searcher.stack[1].eval = before;
        searcher.stack[1].in_check = in_check;
        assert!(pos.is_legal(reply));
        searcher.make(&mut pos, reply, 1);
        // Depth 1: the children are quiescence nodes, which change no main history.
        searcher.negamax::<false>(&mut pos, 1, -1, 0, 2, false);
        let case = format!("eval_history {asked}, {reply}, {before} before, in check {in_check}");
        assert_eq!(searcher.history[piece][reply.to().index()], want, "{case}");
    }
}

/// `lmr_in_check`: a late move of a node in check may be reduced like any other late move when
/// asked, and never when not (the default, so the bench signature holds); checks, first moves
/// and a PV node's second move are never reduced either way.
#[test]
fn late_evasions_reduce_only_when_asked() {
    let node = |in_check: bool| Node {
        in_check,
        improving: !in_check,
        ..late_node(None, false)
    };
    for asked in [0, 1] {
        let searcher = with_param("lmr_in_check", asked);
        let case = format!("lmr_in_check {asked}");
        assert!(searcher.is_late::<false>(&node(false), 5, false), "{case}");
        assert!(
            !searcher.is_late::<false>(&node(false), 5, true),
            "{case}: a check"
        );
        assert!(
            !searcher.is_late::<false>(&node(false), 1, false),
            "{case}: the first move"
        );
        assert!(
            !searcher.is_late::<true>(&node(false), 2, false),
            "{case}: PV, second"
        );
        assert!(
            searcher.is_late::<true>(&node(false), 3, false),
            "{case}: PV, third"
        );
        assert_eq!(
            searcher.is_late::<false>(&node(true), 5, false),
            asked == 1,
            "{case}: an evasion"
        );
    }
}

/// `lmr_cut`: a late move at an expected cut node is reduced that many plies more than the same
/// move elsewhere, quiet moves and losing captures alike (the default, one, keeps the bench
/// signature).
#[test]
fn expected_cut_nodes_reduce_lmr_cut_plies_more() {
    let (quiet, piece) = late_quiet();
    let node = |cut_node| Node {
        cut_node,
        ..late_node(None, false)
    };
    for extra in 0..=3 {
        let searcher = with_param("lmr_cut", extra);
        let r = |cut_node| {
            searcher.reduction::<false>(
                &node(cut_node),
                quiet,
                Kind::Quiet,
                piece,
                20,
                9,
                [None; 3],
            )
        };
        assert!(r(false) >= 1, "a late move at depth 10 is reduced");
        assert_eq!(r(true), r(false) + extra, "lmr_cut {extra}, a quiet move");
        let c = |cut_node| searcher.capture_reduction(&node(cut_node), 20, 9);
        assert_eq!(c(true), c(false) + extra, "lmr_cut {extra}, a capture");
    }
}

/// `iir_pv`: a principal-variation node without a hash move, deep enough, searches that many
/// plies shallower; an expected cut node one; any other node, one with a hash move, or one too
/// shallow none.
#[test]
fn nodes_without_a_hash_move_search_shallower_by_their_kind() {
    let (quiet, _) = late_quiet();
    for plies in 1..=3 {
        let searcher = with_param("iir_pv", plies);
        let cut = Node {
            cut_node: true,
            ..late_node(None, false)
        };
        assert_eq!(searcher.iir::<true>(&late_node(None, false)), plies);
        assert_eq!(searcher.iir::<false>(&cut), 1);
        assert_eq!(searcher.iir::<false>(&late_node(None, false)), 0);
        assert_eq!(searcher.iir::<true>(&late_node(Some(quiet), false)), 0);
        let shallow = Node {
            depth: searcher.params.iir_depth - 1,
            ..late_node(None, false)
        };
        assert_eq!(searcher.iir::<true>(&shallow), 0);
    }
}

/// `lmr_research_history`: the continuation history of a reduced move searched again gains the
/// depth's bonus when the search fails high, loses it when it fails low, and is left alone
/// inside the window. That nothing is written by default is the bench signature's test
/// (`tests/search.rs`); that the call is made when asked, the test below.
#[test]
fn research_results_move_the_continuation_history() {
    let root = Position::startpos();
    let central: Move = "h2e2".parse().expect("a move");
    let reply: Move = "h9g7".parse().expect("a move");
    for (s, want) in [(100, 1), (-100, -1), (0, 0)] {
        let (mut searcher, pos) = after_root_move("lmr_research_history", 1, &root, central);
        let mover = root.piece_at(central.from()).expect("a cannon").index();
        let piece = pos.piece_at(reply.from()).expect("a horse").index();
        searcher.stack[0].mv = Some(central);
        searcher.stack[0].piece = mover;
        searcher.stack[1].mv = Some(reply);
        searcher.stack[1].piece = piece;
        searcher.reward_research(1, 6, s, (-50, 50));
        let entry = searcher.cont[mover * 90 + central.to().index()][piece][reply.to().index()];
        assert_eq!(entry.signum(), want, "score {s}: {entry}");
    }
}

/// `lmr_research_history` reaches the search: the same fixed-depth search of a middlegame
/// position visits a different number of nodes with it (the re-searches' rewards change the
/// ordering), so the call is made where the re-search is.
#[test]
fn research_history_changes_the_search() {
    let pos: Position = "r1eakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKABR1 w - - 0 1"
        .parse()
        .expect("a position");
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    let nodes = |asked| {
        let mut searcher = with_param("lmr_research_history", asked);
        searcher
            .search(&pos, &[], &limits, &SearchOptions::default(), |_| {})
            .nodes
    };
    assert_ne!(nodes(0), nodes(1));
}
