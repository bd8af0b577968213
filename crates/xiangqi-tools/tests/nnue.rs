//! The network evaluation: accumulators kept move by move equal a fresh computation through
//! random games with captures and take-backs; the quantised network follows the float one; a
//! damaged network file gives a typed error; the built-in network reads and a search with it
//! finds mates and plays legal moves.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{Move, Position};
use xiangqi_engine::nnue::{
    Accumulator, FILE_BYTES, INPUTS, KING_BUCKETS, LAYER, Network, NetworkError, QA, QB, SCALE,
    file_bytes, king_view, layered_network_bytes, network_bytes,
};
use xiangqi_engine::search::{Limits, SearchOptions, Searcher};
use xiangqi_tools::nnue::data::Record;
use xiangqi_tools::nnue::train::{FloatNet, TrainConfig, train};

/// A network with random weights of the size training gives.
fn random_network(seed: u64) -> Network {
    FloatNet::new(seed).quantise()
}

#[test]
fn accumulators_kept_move_by_move_equal_a_fresh_computation() {
    accumulators_kept_move_by_move_equal_a_fresh_computation_in(&random_network(3));
}

#[test]
fn king_bucketed_accumulators_kept_move_by_move_equal_a_fresh_computation() {
    // King moves that change a side's block make its layer anew; the other side's and every
    // other move's are kept row by row (a wrong block or mirror would differ from the refresh).
    let net = FloatNet::with_shape(3, KING_BUCKETS, 1).quantise();
    assert_eq!(net.king_buckets(), KING_BUCKETS);
    let views = accumulators_kept_move_by_move_equal_a_fresh_computation_in(&net);
    assert!(views > 100, "{views} king moves changed a block");
}

/// Random games with captures and take-backs through `net`; returns how many king moves
/// changed their side's king view.
fn accumulators_kept_move_by_move_equal_a_fresh_computation_in(net: &Network) -> usize {
    let mut rng = StdRng::seed_from_u64(11);
    let mut captures = 0;
    let mut takebacks = 0;
    let mut views = 0;
    for _game in 0..20 {
        let mut pos = Position::startpos();
        let mut stack: Vec<(Move, xiangqi::Undo, Accumulator)> = Vec::new();
        let mut acc = net.refresh(&pos);
        for _ply in 0..150 {
            // Now and then take back one to three moves.
            if !stack.is_empty() && rng.random_range(0..6) == 0 {
                for _ in 0..rng.random_range(1..=3).min(stack.len()) {
                    let (m, undo, before) = stack.pop().expect("not empty");
                    pos.unmake_move(m, undo);
                    acc = before;
                    takebacks += 1;
                }
                assert_eq!(
                    acc,
                    net.refresh(&pos),
                    "after a take-back: {}",
                    pos.to_fen()
                );
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Prefer captures, so that many are made.
            let caps: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|m| pos.piece_at(m.to()).is_some())
                .collect();
            let m = if !caps.is_empty() && rng.random_bool(0.5) {
                captures += 1;
                caps[rng.random_range(0..caps.len())]
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            let mover = pos.side_to_move();
            if m.from() == pos.king(mover) && king_view(mover, m.from()) != king_view(mover, m.to())
            {
                views += 1;
            }
            let mut child = Accumulator::default();
            net.update(&acc, &mut child, &pos, m);
            let undo = pos.make_move(m);
            stack.push((m, undo, acc));
            acc = child;
            assert_eq!(acc, net.refresh(&pos), "after {m}: {}", pos.to_fen());
            assert_eq!(net.evaluate(&acc, &pos), net.evaluate_position(&pos));
        }
    }
    assert!(
        captures > 100 && takebacks > 100,
        "{captures} captures, {takebacks} take-backs"
    );
    views
}

#[test]
fn the_quantised_network_follows_the_float_one() {
    the_quantised_network_follows_the_float_one_with(1, false);
}

#[test]
fn the_quantised_network_with_king_buckets_follows_the_float_one() {
    // The engine picks each side's block and mirror as the trainer did. The looser bounds
    // (40 cp, and 10 on average) are rounding: the six blocks share the 600 positions, so the
    // briefly trained weights are rougher. With the engine reading the other side's king's block
    // (checked by mutation) it is off by 91 cp on average and 457 at worst.
    the_quantised_network_follows_the_float_one_with(1, true);
}

#[test]
fn the_quantised_network_with_output_buckets_follows_the_float_one() {
    // The engine picks each position's bucket as the trainer did (a wrong bucket would be off
    // by far more than the tolerance: every bucket starts from other random weights).
    the_quantised_network_follows_the_float_one_with(8, false);
}

#[test]
fn the_quantised_network_with_a_second_layer_follows_the_float_one() {
    // The layer's inputs are the squared activations rounded to 1/255, its weights to 1/64 and
    // its clipped neurons to 1/255 again: the same tolerance as the one layer's holds.
    the_quantised_network_follows_the_float_one_in(1, false, true);
}

fn the_quantised_network_follows_the_float_one_with(buckets: usize, king_buckets: bool) {
    the_quantised_network_follows_the_float_one_in(buckets, king_buckets, false);
}

fn the_quantised_network_follows_the_float_one_in(buckets: usize, king_buckets: bool, layer: bool) {
    // A briefly trained network, so that its weights are not merely the random start.
    let mut rng = StdRng::seed_from_u64(5);
    let mut records = Vec::new();
    let mut pos = Position::startpos();
    for i in 0..600 {
        let legal = pos.legal_moves();
        if legal.is_empty() || i % 120 == 0 {
            pos = Position::startpos();
            continue;
        }
        pos.play(legal[rng.random_range(0..legal.len())])
            .expect("legal");
        records.push(
            Record::new(&pos, rng.random_range(-300..300), rng.random_range(0..3)).expect("record"),
        );
    }
    let cfg = TrainConfig {
        epochs: 3,
        batch: 64,
        rate: 0.01,
        threads: 2,
        validation: 0.0,
        buckets,
        king_buckets,
        layer,
        ..TrainConfig::default()
    };
    let float = train(&records, &cfg, |_, _| {});
    assert_eq!(float.buckets(), buckets);
    assert_eq!(float.has_layer(), layer);
    // Training gave the layer a say (it starts silent).
    assert_eq!(float.lo.iter().any(|&o| o.abs() > 0.01), layer);
    let kings = if king_buckets { KING_BUCKETS } else { 1 };
    assert_eq!(float.king_buckets(), kings);
    let quantised = float.quantise();
    let (worst_allowed, mean_allowed) = if king_buckets {
        (40.0, 10.0)
    } else {
        (20.0, 6.0)
    };
    let (mut worst, mut sum) = (0f32, 0f32);
    for r in &records {
        let pos = position_of(r);
        let f = float.evaluate(r);
        let q = quantised.evaluate_position(&pos) as f32;
        worst = worst.max((f - q).abs());
        sum += (f - q).abs();
        // The stated tolerance: 20 centipawns plus 3% of the score for any position (the output
        // weights' rounding to 1/64 moves a score by some centipawns).
        assert!(
            (f - q).abs() <= worst_allowed + 0.03 * f.abs(),
            "float {f}, quantised {q}: {}",
            pos.to_fen()
        );
    }
    let mean = sum / records.len() as f32;
    eprintln!("largest difference {worst:.2} cp, mean {mean:.2} cp");
    // And 6 centipawns on average.
    assert!(mean <= mean_allowed, "mean difference {mean}");
}

fn position_of(r: &Record) -> Position {
    let mut p = xiangqi::placement::Placement::empty();
    for (piece, sq) in r.pieces() {
        p.put(sq, piece);
    }
    p.set_side_to_move(r.side_to_move());
    p.position().expect("a sound position")
}

#[test]
fn a_network_file_reads_back_and_damage_gives_a_typed_error() {
    let net = random_network(9);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), FILE_BYTES);
    assert_eq!(Network::from_bytes(&bytes), Ok(net));

    let mut flipped = bytes.clone();
    flipped[FILE_BYTES / 2] ^= 0x10;
    assert_eq!(Network::from_bytes(&flipped), Err(NetworkError::Checksum));
    assert!(matches!(
        Network::from_bytes(&bytes[..FILE_BYTES - 1]),
        Err(NetworkError::Length { .. })
    ));
    assert!(matches!(
        Network::from_bytes(&bytes[..10]),
        Err(NetworkError::Length { .. })
    ));
    assert!(matches!(
        Network::from_bytes(&[]),
        Err(NetworkError::Length { .. })
    ));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert_eq!(Network::from_bytes(&magic), Err(NetworkError::Magic));
    let mut version = bytes.clone();
    version[4] = 9;
    assert_eq!(Network::from_bytes(&version), Err(NetworkError::Version(9)));
    let mut shape = bytes;
    shape[12] = 1;
    assert!(matches!(
        Network::from_bytes(&shape),
        Err(NetworkError::Shape { .. })
    ));
}

#[test]
fn a_network_with_output_buckets_reads_back_and_damage_gives_a_typed_error() {
    let net = FloatNet::with_buckets(4, 8).quantise();
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), file_bytes(8));
    assert_eq!(&bytes[4..8], &2u32.to_le_bytes());
    assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
    // One bucket is written as version 1, as before.
    let one = FloatNet::with_buckets(4, 1).quantise();
    assert_eq!(one.to_bytes().len(), FILE_BYTES);
    assert_eq!(&one.to_bytes()[4..8], &1u32.to_le_bytes());

    let mut flipped = bytes.clone();
    *flipped.last_mut().expect("bytes") ^= 1;
    assert_eq!(Network::from_bytes(&flipped), Err(NetworkError::Checksum));
    for b in [0u32, 1, 33, u32::MAX] {
        let mut count = bytes.clone();
        count[16..20].copy_from_slice(&b.to_le_bytes());
        assert_eq!(Network::from_bytes(&count), Err(NetworkError::Buckets(b)));
    }
    // Told 7 buckets, the file is too long for them.
    let mut seven = bytes.clone();
    seven[16..20].copy_from_slice(&7u32.to_le_bytes());
    assert_eq!(
        Network::from_bytes(&seven),
        Err(NetworkError::Length {
            found: bytes.len(),
            expected: file_bytes(7)
        })
    );
    for cut in [bytes.len() - 1, 27, 25] {
        assert!(matches!(
            Network::from_bytes(&bytes[..cut]),
            Err(NetworkError::Length { .. })
        ));
    }
    // The evaluation reads the bucket of the piece count: moving the full board's bucket (the
    // last) moves the opening's evaluation by that much and leaves a bare board's alone.
    let start = Position::startpos();
    let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let mut moved = net.clone();
    moved.out_bias[7] += QA * QB;
    let by = moved.evaluate_position(&start) - net.evaluate_position(&start);
    assert!((SCALE - 1..=SCALE + 1).contains(&by), "moved by {by}");
    assert_eq!(moved.evaluate_position(&bare), net.evaluate_position(&bare));
    moved.out_bias[0] += QA * QB;
    assert_ne!(moved.evaluate_position(&bare), net.evaluate_position(&bare));
}

/// A float network with a second layer whose output weights are random, so that it speaks.
fn layered(seed: u64, king_buckets: usize, buckets: usize) -> FloatNet {
    let mut float = FloatNet::with_shape(seed, king_buckets, buckets);
    float.add_layer(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    for o in &mut float.lo {
        *o = rng.random_range(-0.5..0.5);
    }
    float
}

#[test]
fn a_network_with_a_second_layer_reads_back_and_damage_gives_a_typed_error() {
    let net = layered(4, 1, 8).quantise();
    assert!(net.layer.is_some());
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), layered_network_bytes(1, 8));
    assert_eq!(&bytes[4..8], &3u32.to_le_bytes());
    assert_eq!(&bytes[16..20], &8u32.to_le_bytes());
    assert_eq!(&bytes[20..24], &(LAYER as u32).to_le_bytes());
    assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
    // One output bucket and king buckets are version 3 too.
    for (kings, buckets) in [(1, 1), (KING_BUCKETS, 1), (KING_BUCKETS, 4)] {
        let other = layered(5, kings, buckets).quantise();
        let b = other.to_bytes();
        assert_eq!(b.len(), layered_network_bytes(kings, buckets));
        assert_eq!(Network::from_bytes(&b), Ok(other));
    }

    let mut flipped = bytes.clone();
    flipped[bytes.len() / 2] ^= 4;
    assert_eq!(Network::from_bytes(&flipped), Err(NetworkError::Checksum));
    // The layer's biases and output weights lie near the end: damage there is seen too.
    let mut late = bytes.clone();
    late[bytes.len() - 40] ^= 1;
    assert_eq!(Network::from_bytes(&late), Err(NetworkError::Checksum));
    for n in [0u32, 8, 32, u32::MAX] {
        let mut neurons = bytes.clone();
        neurons[20..24].copy_from_slice(&n.to_le_bytes());
        assert_eq!(Network::from_bytes(&neurons), Err(NetworkError::Layer(n)));
    }
    for cut in [bytes.len() - 1, 31, 29, 25] {
        assert!(matches!(
            Network::from_bytes(&bytes[..cut]),
            Err(NetworkError::Length { .. })
        ));
    }
    // A version 2 file read as version 3 is too short for its layer.
    let mut as_three = FloatNet::with_buckets(4, 8).quantise().to_bytes();
    as_three[4..8].copy_from_slice(&3u32.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&as_three),
        Err(NetworkError::Layer(_) | NetworkError::Length { .. })
    ));

    // The evaluation hears the layer: with its output weights at zero the network evaluates as
    // the one without it, and with them it does not.
    let positions = random_positions(12, 40);
    let mut silent = net.clone();
    for row in &mut silent.layer.as_mut().expect("a layer").out {
        *row = [0; LAYER];
    }
    let mut without = net.clone();
    without.layer = None;
    let mut heard = 0;
    for pos in &positions {
        assert_eq!(
            silent.evaluate_position(pos),
            without.evaluate_position(pos)
        );
        heard += usize::from(net.evaluate_position(pos) != without.evaluate_position(pos));
    }
    assert!(heard > 30, "the layer changed {heard} of 40 evaluations");
}

/// `count` positions of random games from the start (`seed`).
fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut pos = Position::startpos();
    while out.len() < count {
        let legal = pos.legal_moves();
        if legal.is_empty() || out.len() % 25 == 24 {
            pos = Position::startpos();
        } else {
            pos.play(legal[rng.random_range(0..legal.len())])
                .expect("legal");
        }
        out.push(pos.clone());
    }
    out
}

#[test]
fn a_second_layer_added_to_a_trained_network_starts_silent_and_training_gives_it_a_say() {
    let net = Network::embedded();
    let mut float = FloatNet::from_network(&net);
    float.add_layer(7);
    let grown = float.quantise();
    assert!(grown.layer.is_some());
    assert_eq!(Network::from_bytes(&grown.to_bytes()), Ok(grown.clone()));
    let positions = random_positions(13, 300);
    for pos in &positions {
        assert_eq!(
            grown.evaluate_position(pos),
            net.evaluate_position(pos),
            "{}",
            pos.to_fen()
        );
    }
    // Trained on scores the network does not give (a rook more for Red than it says), the
    // layer's output weights move and the evaluations with them.
    let records: Vec<Record> = positions
        .iter()
        .map(|p| {
            let own = net.evaluate_position(p);
            let red = if p.side_to_move() == xiangqi::Color::Red {
                own
            } else {
                -own
            };
            Record::new(p, (red + 500).clamp(-3000, 3000), 1).expect("record")
        })
        .collect();
    let cfg = TrainConfig {
        epochs: 2,
        batch: 64,
        rate: 0.002,
        threads: 2,
        validation: 0.0,
        lambda: 0.0,
        layer: true,
        ..TrainConfig::default()
    };
    let tuned = xiangqi_tools::nnue::train::train_from(&records, &cfg, float, |_, _| {});
    assert!(tuned.lo.iter().any(|&o| o.abs() > 0.001), "{:?}", tuned.lo);
    let tuned = tuned.quantise();
    let moved = positions
        .iter()
        .filter(|p| tuned.evaluate_position(p) != net.evaluate_position(p))
        .count();
    assert!(moved > 250, "{moved} of 300 evaluations moved");
}

#[test]
fn the_built_in_network_reads_and_searches_find_mates_with_it() {
    let net = Network::embedded();
    // It says something: the start is near level, a rook up is clearly better.
    let start = net.evaluate_position(&Position::startpos());
    assert!(start.abs() < 150, "start {start}");
    let rook_up =
        Position::from_fen("rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
            .unwrap();
    let up = net.evaluate_position(&rook_up);
    assert!(up > start + 200, "start {start}, a rook up {up}");

    let mut searcher = Searcher::new(4);
    searcher.set_network(Some(Arc::clone(&net)));
    searcher.set_threads(2);
    // Mate in one: the rook's file is the king's last way out.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let options = SearchOptions {
        threads: 2,
        ..SearchOptions::default()
    };
    let r = searcher.search(&pos, &[], &limits, &options, |_| {});
    assert_eq!(r.best.map(|m| m.to_string()), Some("a0d0".into()));
    assert!(r.score > xiangqi_engine::MATE_BOUND);

    // A middlegame search with captures, null moves and re-searches: in a debug build every
    // static evaluation checks its accumulator against a fresh one.
    let pos = Position::from_fen(
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    )
    .unwrap();
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let r = searcher.search(&pos, &[], &limits, &options, |_| {});
    assert!(pos.is_legal(r.best.expect("a move")));
    assert!(r.nodes > 1000, "{} nodes", r.nodes);
}

#[test]
fn a_king_bucketed_network_reads_back_mirrors_and_refuses_a_wrong_shape() {
    let net = FloatNet::with_shape(6, KING_BUCKETS, 1).quantise();
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), network_bytes(KING_BUCKETS, 1));
    assert_eq!(&bytes[4..8], &2u32.to_le_bytes());
    let inputs = ((KING_BUCKETS * INPUTS) as u32).to_le_bytes();
    assert_eq!(&bytes[8..12], &inputs);
    assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));
    // Version 1 has no king buckets; version 2 has six blocks or none.
    let mut v1 = bytes.clone();
    v1[4..8].copy_from_slice(&1u32.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&v1),
        Err(NetworkError::Shape { .. })
    ));
    let mut five = bytes.clone();
    five[8..12].copy_from_slice(&((5 * INPUTS) as u32).to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&five),
        Err(NetworkError::Shape { .. })
    ));
    for b in [0u32, 33] {
        let mut count = bytes.clone();
        count[16..20].copy_from_slice(&b.to_le_bytes());
        assert_eq!(Network::from_bytes(&count), Err(NetworkError::Buckets(b)));
    }
    // With both kings off the middle file, a position and its mirror image are seen alike
    // (each side's board is mirrored to put its king left of the middle); with a king on the
    // middle file they are not.
    for (fen, alike) in [
        (
            "rnbk1abnr/4a4/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKAB1R w",
            false,
        ),
        (
            "rnb2abnr/4ak3/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5CN/3KA4/RNB2AB2 w",
            true,
        ),
        ("2bk1a3/9/4b4/2p6/9/6P2/9/9/4A4/5K3 b", true),
    ] {
        let pos = Position::from_fen(&format!("{fen} - - 0 1")).unwrap();
        let mirrored = Position::from_fen(&format!("{} - - 0 1", mirror_fen(fen))).unwrap();
        let (a, b) = (
            net.evaluate_position(&pos),
            net.evaluate_position(&mirrored),
        );
        assert_eq!(a == b, alike, "{fen}: {a} and {b}");
    }
}

/// `fen`'s board mirrored left to right.
fn mirror_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').expect("a side to move");
    let ranks: Vec<String> = board
        .split('/')
        .map(|rank| {
            let mut out = String::new();
            for c in rank.chars().rev() {
                out.push(c);
            }
            out
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

#[test]
fn training_goes_on_from_a_network_where_it_stopped() {
    // The float network read from a quantised one gives that network back, byte for byte.
    let net = Network::embedded();
    let float = FloatNet::from_network(&net);
    assert_eq!(float.quantise().to_bytes(), net.to_bytes());
    // Positions scored by that network: fine-tuning it on them at a small rate keeps it where it
    // was; the same training from random weights lands far from it.
    let mut rng = StdRng::seed_from_u64(11);
    let mut records = Vec::new();
    let mut pos = Position::startpos();
    for i in 0..400 {
        let legal = pos.legal_moves();
        if legal.is_empty() || i % 80 == 0 {
            pos = Position::startpos();
            continue;
        }
        pos.play(legal[rng.random_range(0..legal.len())])
            .expect("legal");
        let own = net.evaluate_position(&pos);
        let red = if pos.side_to_move() == xiangqi::Color::Red {
            own
        } else {
            -own
        };
        records.push(Record::new(&pos, red.clamp(-3000, 3000), 1).expect("record"));
    }
    let cfg = TrainConfig {
        epochs: 1,
        batch: 64,
        rate: 0.0001,
        threads: 2,
        validation: 0.0,
        lambda: 0.0,
        ..TrainConfig::default()
    };
    let mean_gap = |trained: &FloatNet| {
        let q = trained.quantise();
        records
            .iter()
            .map(|r| {
                let p = position_of(r);
                (q.evaluate_position(&p) - net.evaluate_position(&p)).abs() as f32
            })
            .sum::<f32>()
            / records.len() as f32
    };
    let tuned = xiangqi_tools::nnue::train::train_from(&records, &cfg, float, |_, _| {});
    let fresh = train(&records, &cfg, |_, _| {});
    let (tuned, fresh) = (mean_gap(&tuned), mean_gap(&fresh));
    eprintln!("mean gap to the start: fine-tuned {tuned:.1} cp, from random weights {fresh:.1} cp");
    assert!(tuned < 5.0, "fine-tuning moved it {tuned} cp");
    assert!(fresh > 30.0, "a fresh start came within {fresh} cp");
    // The scores are the network's own: whatever the scale the loss compares win chances at,
    // they are its optimum, so longer training at a larger rate keeps its scores on their scale
    // (Adam's steps move it about, but not outwards; a scale applied to the target and not to
    // the output would pull every score out towards 400/240 of itself).
    for wdl_scale in [400.0, 240.0] {
        let cfg = TrainConfig {
            epochs: 4,
            rate: 0.002,
            wdl_scale,
            ..cfg.clone()
        };
        let start = FloatNet::from_network(&net);
        let tuned =
            xiangqi_tools::nnue::train::train_from(&records, &cfg, start, |_, _| {}).quantise();
        // The least-squares slope of the tuned scores on the start's.
        let (mut xy, mut xx) = (0f64, 0f64);
        for r in &records {
            let p = position_of(r);
            let (x, y) = (
                f64::from(net.evaluate_position(&p)),
                f64::from(tuned.evaluate_position(&p)),
            );
            xy += x * y;
            xx += x * x;
        }
        let slope = xy / xx;
        eprintln!("wdl scale {wdl_scale}: slope {slope:.3}");
        assert!(
            (slope - 1.0).abs() < 0.1,
            "at a scale of {wdl_scale} the scores became {slope} times themselves"
        );
    }
}
