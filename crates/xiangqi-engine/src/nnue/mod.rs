//! A small efficiently updatable neural network (NNUE) evaluation.
//!
//! **Inputs**: 1,260 = 2 colours × 7 kinds × 90 points, seen from each side in turn. From Red's
//! side a piece is (Red's or the other side's, kind, point); from Black's side the board is
//! turned (the point `89 − p`) and Black's pieces are its own. **One hidden layer** of
//! [`HIDDEN`] neurons per side, the same weights for both sides (the feature transformer), kept
//! as accumulators that each move updates by a few rows. **Activation**: squared clipped ReLU,
//! `clamp(x, 0, 1)²`. **Output**: one neuron over the side to move's half then the other's,
//! times [`SCALE`], in centipawns from the side to move's view. A network may have several
//! **output buckets**: one such neuron for each share of the piece count
//! ([`output_bucket`]), so that the endgame's weights are not the middlegame's.
//!
//! Quantised as in bullet's simple networks: the feature transformer's weights and biases times
//! [`QA`] as `i16`, the output weights times [`QB`] as `i16`, the output bias times `QA · QB` as
//! `i32`. The clipped activation times the weight is formed in 16 bits and multiplied by the
//! activation again into 32 bits, summed with wrap-around, so the vector path (module `simd`) and
//! the plain one give the same numbers (tested).
//!
//! **File format** (all little-endian). Version 1, one output:
//!
//! | bytes | what |
//! | --- | --- |
//! | 0-3 | magic `CHNN` |
//! | 4-7 | version, `1` |
//! | 8-11 | inputs, `1260` |
//! | 12-15 | hidden neurons, [`HIDDEN`] |
//! | 16-23 | FNV-1a 64 checksum of every byte from 24 on |
//! | 24- | feature weights `i16[inputs][hidden]`, feature biases `i16[hidden]`, output weights `i16[2·hidden]` (side to move's half first), output bias `i32` |
//!
//! Version 2, `B` output buckets (2 to [`MAX_BUCKETS`]): version `2`, then inputs and hidden
//! neurons as above, `B` at 16-19, the checksum of every byte from 28 on at 20-27, and from 28
//! the feature weights and biases, `B` pairs of output weight rows (bucket 0 first), `B`
//! output biases. Version 2 may also have **king buckets**: inputs `1260 × 6` (and then one
//! output bucket or more), six blocks of 1,260 feature rows, one for each point a side's king
//! stands on in its palace once the board is mirrored so that the king is on the middle file
//! or left of it ([`king_view`], [`bucketed_feature`]); a king move that changes the block
//! makes that side's hidden layer anew.
//!
//! Version 3 adds a **second layer** ([`Layer`]): version `3`, inputs and hidden neurons as
//! above, `B` at 16-19, the layer's neurons ([`LAYER`]) at 20-23, the checksum of every byte
//! from 32 on at 24-31, and from 32 the feature weights and biases and the `B` pairs of output
//! weight rows as in version 2, then the layer: [`LAYER`] pairs of weight rows `i16[2][hidden]`,
//! [`LAYER`] biases `i32`, `B` rows of output weights `i16[LAYER]`, and last the `B` output
//! biases. The layer's part is added to the first layer's output, so the engine reads versions 1
//! and 2 as before and pays nothing for a layer it does not have.
//!
//! A file that is cut, damaged or of another shape gives a [`NetworkError`]; nothing panics.
//! The network the engine ships is embedded in the binary ([`Network::embedded`]); the README
//! says how it was made.

mod file;
mod simd;

pub use file::{MAX_BUCKETS, NetworkError, file_bytes, layered_network_bytes, network_bytes};

use std::sync::{Arc, OnceLock};

use xiangqi::{Color, Move, Piece, PieceKind, Position, Square};

/// Inputs per side: 2 colours × 7 kinds × 90 points.
pub const INPUTS: usize = 2 * 7 * 90;
/// Hidden neurons per side.
pub const HIDDEN: usize = 256;
/// Quantisation of the feature transformer (and of the clipped activation's 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Output units to centipawns.
pub const SCALE: i32 = 400;
/// Whether the engine evaluates with the built-in network unless told otherwise (the UCI
/// option `UseNNUE`); decided by SPRT, network against the hand-crafted evaluation (README).
pub const DEFAULT_ON: bool = true;
/// The largest weight the trainer allows (so activations times weights fit 16 bits).
pub const WEIGHT_CLIP: f32 = 1.98;

/// The size of a network file of this shape with one output (version 1).
pub const FILE_BYTES: usize = file_bytes(1);

/// Neurons of the optional second layer ([`Layer`]).
pub const LAYER: usize = 16;
/// Quantisation of the second layer's weights (its inputs and its outputs are on [`QA`]'s
/// scale, its biases times `QA · QL`).
pub const QL: i32 = 64;

/// The output bucket a position with `pieces` pieces on the board (kings included) uses in a
/// network of `buckets` output buckets: equal shares of the 2 to 32 pieces, the fullest boards
/// in the last.
#[inline]
#[must_use]
pub fn output_bucket(pieces: u32, buckets: usize) -> usize {
    (pieces.saturating_sub(2) as usize * buckets / 31).min(buckets.saturating_sub(1))
}

/// King buckets of a king-bucketed network: the six palace points a king stands on once the
/// board is mirrored so that it is on the middle file or the one left of it (from its side).
pub const KING_BUCKETS: usize = 6;

/// Where one side's king puts that side's inputs in a king-bucketed network: the bucket (a
/// block of [`INPUTS`] rows) and whether the board is seen mirrored left to right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KingView {
    /// 0 to [`KING_BUCKETS`] − 1: the king's rank in its palace times two, plus one on the
    /// middle file.
    pub bucket: usize,
    /// The board is mirrored (the king stands right of the middle file, from its side).
    pub mirror: bool,
}

/// The [`KingView`] of `perspective`, whose king stands on `king`. A king outside its palace
/// (only in a hand-made position) counts as on the nearest palace point.
#[inline]
#[must_use]
pub fn king_view(perspective: Color, king: Square) -> KingView {
    let (file, rank) = (king.file().index() as usize, king.rank().index() as usize);
    let (file, rank) = match perspective {
        Color::Red => (file, rank),
        Color::Black => (8 - file, 9 - rank),
    };
    KingView {
        bucket: rank.min(2) * 2 + usize::from(file == 4),
        mirror: file > 4,
    }
}

/// The input index of `piece` on `sq` seen from `perspective`'s side in a king-bucketed
/// network, whose king gives `view`: [`feature`] of the (mirrored) point in the view's block.
#[inline]
#[must_use]
pub fn bucketed_feature(perspective: Color, piece: Piece, sq: Square, view: KingView) -> usize {
    let sq = if view.mirror { sq.mirror() } else { sq };
    view.bucket * INPUTS + feature(perspective, piece, sq)
}

/// The input index of `piece` on `sq` seen from `perspective`'s side.
#[inline]
#[must_use]
pub fn feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    let (own, point) = match perspective {
        Color::Red => (piece.color == Color::Red, sq.index()),
        Color::Black => (piece.color == Color::Black, 89 - sq.index()),
    };
    (usize::from(!own) * 7 + piece.kind.index()) * 90 + point
}

/// One side's hidden layer before activation: a row of the feature transformer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

impl Default for Row {
    fn default() -> Row {
        Row([0; HIDDEN])
    }
}

/// Both sides' hidden layers for one position, indexed by [`Color::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Accumulator(pub [Row; 2]);

/// The optional second layer: [`LAYER`] neurons over both halves' activations
/// (`clamp(x, 0, 1)²`, as the output sees them), each clipped to `[0, 1]`, and one output
/// weight for each neuron and output bucket. Its sum is added to the output of the first layer,
/// so a layer whose output weights are zero leaves the network's evaluation as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// One pair of rows a neuron (times [`QL`]): over the side to move's activations, then the
    /// other side's.
    pub weights: Vec<[Row; 2]>,
    /// The neurons' biases (times `QA · QL`).
    pub bias: Vec<i32>,
    /// The output weights (times [`QB`]), one row of [`LAYER`] for each output bucket.
    pub out: Vec<[i16; LAYER]>,
}

impl Layer {
    /// Its part of the output of bucket `bucket`, in the output's units (times `QA · QB`), for
    /// the hidden layers `us` (the side to move's) and `them`.
    #[must_use]
    pub fn output(&self, us: &Row, them: &Row, bucket: usize) -> i32 {
        let (us, them) = (simd::squared(us), simd::squared(them));
        let out = &self.out[bucket];
        let mut total = 0i32;
        for (k, [w_us, w_them]) in self.weights.iter().enumerate() {
            let h = simd::dot(&us, w_us)
                .wrapping_add(simd::dot(&them, w_them))
                .wrapping_add(self.bias[k]);
            let clipped = (h.clamp(0, QA * QL) + QL / 2) / QL;
            total = total.wrapping_add(clipped * i32::from(out[k]));
        }
        total
    }
}

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Feature-transformer rows, one per input.
    pub weights: Vec<Row>,
    /// Feature-transformer biases.
    pub bias: Row,
    /// Output weights for the side to move's half and the other's, one pair per output bucket.
    pub out: Vec<[Row; 2]>,
    /// Output biases (times `QA · QB`), one per output bucket.
    pub out_bias: Vec<i32>,
    /// The second layer, if the network has one (file version 3).
    pub layer: Option<Layer>,
}

impl Network {
    /// The network built into the engine.
    ///
    /// # Panics
    /// Never in a built engine: a test reads the embedded file.
    #[must_use]
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        Arc::clone(NET.get_or_init(|| {
            Arc::new(
                Network::from_bytes(include_bytes!("../../data/chuhan.nnue"))
                    .expect("the embedded network reads (tested)"),
            )
        }))
    }

    /// Its king buckets: 1 (the inputs do not depend on the kings) or [`KING_BUCKETS`].
    #[inline]
    #[must_use]
    pub fn king_buckets(&self) -> usize {
        self.weights.len() / INPUTS
    }

    /// The king view of `side`, whose king stands on `king` (the plain view in a network
    /// without king buckets).
    #[inline]
    fn view(&self, side: Color, king: Square) -> KingView {
        if self.king_buckets() == 1 {
            KingView::default()
        } else {
            king_view(side, king)
        }
    }

    /// `side`'s hidden layer from scratch for the pieces `pieces`, seen with `view`.
    fn side_row(
        &self,
        side: Color,
        view: KingView,
        pieces: impl Iterator<Item = (Piece, Square)>,
    ) -> Row {
        let mut row = self.bias;
        for (piece, sq) in pieces {
            let w = &self.weights[bucketed_feature(side, piece, sq, view)];
            simd::update(&mut row, &[w], &[]);
        }
        row
    }

    /// Both sides' hidden layers for `pos`, computed from scratch.
    #[must_use]
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator::default();
        for side in Color::ALL {
            let view = self.view(side, pos.king(side));
            acc.0[side.index()] = self.side_row(side, view, pieces(pos));
        }
        acc
    }

    /// The hidden layers after `m` is made in `pos` (before it is made), from `acc`, those of
    /// `pos`: the moving piece's row out and in, a captured piece's row out. A king that
    /// changes its side's king view (king buckets only) makes that side's layer anew.
    pub fn update(&self, acc: &Accumulator, child: &mut Accumulator, pos: &Position, m: Move) {
        let Some(piece) = pos.piece_at(m.from()) else {
            *child = *acc;
            return;
        };
        let captured = pos.piece_at(m.to());
        for side in Color::ALL {
            let i = side.index();
            let view = self.view(side, pos.king(side));
            if piece.kind == PieceKind::King && piece.color == side && self.king_buckets() > 1 {
                let after = king_view(side, m.to());
                if after != view {
                    let (from, to) = (m.from(), m.to());
                    let moved = pieces(pos)
                        .filter(|&(_, sq)| sq != from && sq != to)
                        .chain([(piece, to)]);
                    child.0[i] = self.side_row(side, after, moved);
                    continue;
                }
            }
            child.0[i] = acc.0[i];
            let add = &self.weights[bucketed_feature(side, piece, m.to(), view)];
            let out = &self.weights[bucketed_feature(side, piece, m.from(), view)];
            match captured {
                Some(c) => {
                    let gone = &self.weights[bucketed_feature(side, c, m.to(), view)];
                    simd::update(&mut child.0[i], &[add], &[out, gone]);
                }
                None => simd::update(&mut child.0[i], &[add], &[out]),
            }
        }
    }

    /// The evaluation of `pos` in centipawns from the side to move's view, given both sides'
    /// hidden layers (`acc`, those of `pos`).
    #[must_use]
    pub fn evaluate(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let stm = pos.side_to_move();
        let bucket = output_bucket(pos.occupied().count(), self.out.len());
        let (us, them) = (&acc.0[stm.index()], &acc.0[stm.other().index()]);
        let [w_us, w_them] = &self.out[bucket];
        let sum = simd::screlu_dot(us, w_us).wrapping_add(simd::screlu_dot(them, w_them));
        let mut out = i64::from(sum) / i64::from(QA) + i64::from(self.out_bias[bucket]);
        if let Some(layer) = &self.layer {
            out += i64::from(layer.output(us, them, bucket));
        }
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// [`Network::evaluate`] of `pos` from scratch.
    #[must_use]
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(&self.refresh(pos), pos)
    }
}

/// Every piece of `pos` with its point.
fn pieces(pos: &Position) -> impl Iterator<Item = (Piece, Square)> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        PieceKind::ALL.into_iter().flat_map(move |kind| {
            let piece = Piece::new(color, kind);
            pos.pieces(piece).into_iter().map(move |sq| (piece, sq))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_of_the_two_sides_mirror_each_other() {
        let red_rook = Piece::new(Color::Red, PieceKind::Rook);
        let black_rook = Piece::new(Color::Black, PieceKind::Rook);
        let a0: Square = "a0".parse().unwrap();
        let i9: Square = "i9".parse().unwrap();
        // Red's rook on a0 seen by Red is Black's rook on i9 seen by Black.
        assert_eq!(
            feature(Color::Red, red_rook, a0),
            feature(Color::Black, black_rook, i9)
        );
        assert_ne!(
            feature(Color::Red, red_rook, a0),
            feature(Color::Black, red_rook, a0)
        );
        let mut seen = std::collections::HashSet::new();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in Square::ALL {
                    let f = feature(Color::Red, Piece::new(color, kind), sq);
                    assert!(f < INPUTS);
                    assert!(seen.insert(f));
                }
            }
        }
        assert_eq!(seen.len(), INPUTS);
    }

    #[test]
    fn king_views_mirror_to_the_middle_file_or_left_of_it() {
        let view = |side, sq: &str| {
            let v = king_view(side, sq.parse().unwrap());
            (v.bucket, v.mirror)
        };
        assert_eq!(view(Color::Red, "e0"), (1, false));
        assert_eq!(view(Color::Red, "d0"), (0, false));
        assert_eq!(view(Color::Red, "f0"), (0, true));
        assert_eq!(view(Color::Red, "e2"), (5, false));
        assert_eq!(view(Color::Red, "f1"), (2, true));
        // Black's palace seen from its own side: d9 is its right, e7 its third rank.
        assert_eq!(view(Color::Black, "e9"), (1, false));
        assert_eq!(view(Color::Black, "d9"), (0, true));
        assert_eq!(view(Color::Black, "f9"), (0, false));
        assert_eq!(view(Color::Black, "e7"), (5, false));
        // Every palace point has a block below KING_BUCKETS; the six blocks are all used.
        let mut used = std::collections::HashSet::new();
        for sq in Square::ALL {
            let (f, r) = (sq.file().index(), sq.rank().index());
            if (3..=5).contains(&f) && r <= 2 {
                let v = king_view(Color::Red, sq);
                assert!(v.bucket < KING_BUCKETS);
                used.insert(v.bucket);
                assert_eq!(king_view(Color::Red, sq.mirror()).bucket, v.bucket);
            }
        }
        assert_eq!(used.len(), KING_BUCKETS);
    }

    #[test]
    fn output_buckets_share_the_piece_counts_in_order() {
        assert_eq!(output_bucket(32, 1), 0);
        assert_eq!(output_bucket(2, 1), 0);
        assert_eq!(output_bucket(2, 8), 0);
        assert_eq!(output_bucket(32, 8), 7);
        let mut seen = [0u32; 8];
        let mut last = 0;
        for pieces in 2..=32 {
            let b = output_bucket(pieces, 8);
            assert!(b >= last, "{pieces} pieces: bucket {b} after {last}");
            last = b;
            seen[b] += 1;
        }
        // Every bucket holds three or four of the 31 counts.
        assert!(seen.iter().all(|&n| (3..=4).contains(&n)), "{seen:?}");
    }
}
