//! A small efficiently updatable neural network (NNUE) evaluation.
//!
//! **Inputs**: 1,260 = 2 colours × 7 kinds × 90 points, seen from each side in turn. From Red's
//! side a piece is (Red's or the other side's, kind, point); from Black's side the board is
//! turned (the point `89 − p`) and Black's pieces are its own. **One hidden layer** of
//! [`HIDDEN`] neurons per side, the same weights for both sides (the feature transformer), kept
//! as accumulators that each move updates by a few rows. **Activation**: squared clipped ReLU,
//! `clamp(x, 0, 1)²`. **Output**: one neuron over the side to move's half then the other's,
//! times [`SCALE`], in centipawns from the side to move's view.
//!
//! Quantised as in bullet's simple networks: the feature transformer's weights and biases times
//! [`QA`] as `i16`, the output weights times [`QB`] as `i16`, the output bias times `QA · QB` as
//! `i32`. The clipped activation times the weight is formed in 16 bits and multiplied by the
//! activation again into 32 bits, summed with wrap-around, so the vector path ([`simd`]) and
//! the plain one give the same numbers (tested).
//!
//! **File format** (all little-endian):
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
//! A file that is cut, damaged or of another shape gives a [`NetworkError`]; nothing panics.
//! The network the engine ships is embedded in the binary ([`Network::embedded`]); the README
//! says how it was made.

mod simd;

use std::fmt;
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

const MAGIC: &[u8; 4] = b"CHNN";
const VERSION: u32 = 1;
const HEADER: usize = 24;
/// The size of a network file of this shape.
pub const FILE_BYTES: usize = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

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

/// What is wrong with a network file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Shorter or longer than its shape says.
    Length {
        /// Bytes found.
        found: usize,
        /// Bytes a network of this shape has.
        expected: usize,
    },
    /// Not a network file.
    Magic,
    /// A version this program does not read.
    Version(u32),
    /// Another number of inputs or hidden neurons than this program's.
    Shape {
        /// Inputs in the file.
        inputs: u32,
        /// Hidden neurons in the file.
        hidden: u32,
    },
    /// The bytes do not match their checksum: the file is damaged.
    Checksum,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Length { found, expected } => write!(
                f,
                "the network file has {found} bytes where {expected} were expected"
            ),
            NetworkError::Magic => write!(f, "not a network file (no CHNN at its start)"),
            NetworkError::Version(v) => write!(f, "network file version {v} is not read here"),
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "the network is {inputs} inputs x {hidden} hidden, not {INPUTS} x {HIDDEN}"
            ),
            NetworkError::Checksum => write!(f, "the network file is damaged (bad checksum)"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Feature-transformer rows, one per input.
    pub weights: Vec<Row>,
    /// Feature-transformer biases.
    pub bias: Row,
    /// Output weights for the side to move's half and the other's.
    pub out: [Row; 2],
    /// Output bias (times `QA · QB`).
    pub out_bias: i32,
}

impl Network {
    /// Reads a network file.
    ///
    /// # Errors
    /// A [`NetworkError`] for a cut, damaged or foreign file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER {
            return Err(NetworkError::Length {
                found: bytes.len(),
                expected: FILE_BYTES,
            });
        }
        if &bytes[0..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        let word =
            |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
        let version = word(4);
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let (inputs, hidden) = (word(8), word(12));
        if inputs as usize != INPUTS || hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Length {
                found: bytes.len(),
                expected: FILE_BYTES,
            });
        }
        let mut sum = [0u8; 8];
        sum.copy_from_slice(&bytes[16..24]);
        if u64::from_le_bytes(sum) != fnv1a(&bytes[HEADER..]) {
            return Err(NetworkError::Checksum);
        }
        let mut at = HEADER;
        let mut row = || {
            let mut r = Row::default();
            for v in &mut r.0 {
                *v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
                at += 2;
            }
            r
        };
        let weights = (0..INPUTS).map(|_| row()).collect();
        let bias = row();
        let out = [row(), row()];
        let out_bias = i32::from_le_bytes([
            bytes[FILE_BYTES - 4],
            bytes[FILE_BYTES - 3],
            bytes[FILE_BYTES - 2],
            bytes[FILE_BYTES - 1],
        ]);
        Ok(Network {
            weights,
            bias,
            out,
            out_bias,
        })
    }

    /// The network file's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(FILE_BYTES - HEADER);
        for r in self.weights.iter().chain([&self.bias]).chain(&self.out) {
            for v in r.0 {
                body.extend_from_slice(&v.to_le_bytes());
            }
        }
        body.extend_from_slice(&self.out_bias.to_le_bytes());
        let mut bytes = Vec::with_capacity(FILE_BYTES);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(INPUTS as u32).to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&fnv1a(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }

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

    /// Both sides' hidden layers for `pos`, computed from scratch.
    #[must_use]
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator([self.bias, self.bias]);
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                for sq in pos.pieces(piece) {
                    for side in Color::ALL {
                        let row = &self.weights[feature(side, piece, sq)];
                        simd::update(&mut acc.0[side.index()], &[row], &[]);
                    }
                }
            }
        }
        acc
    }

    /// The hidden layers after `m` is made in `pos` (before it is made), from `acc`, those of
    /// `pos`: the moving piece's row out and in, a captured piece's row out.
    pub fn update(&self, acc: &Accumulator, child: &mut Accumulator, pos: &Position, m: Move) {
        let Some(piece) = pos.piece_at(m.from()) else {
            *child = *acc;
            return;
        };
        let captured = pos.piece_at(m.to());
        for side in Color::ALL {
            let i = side.index();
            child.0[i] = acc.0[i];
            let add = &self.weights[feature(side, piece, m.to())];
            let out = &self.weights[feature(side, piece, m.from())];
            match captured {
                Some(c) => {
                    let gone = &self.weights[feature(side, c, m.to())];
                    simd::update(&mut child.0[i], &[add], &[out, gone]);
                }
                None => simd::update(&mut child.0[i], &[add], &[out]),
            }
        }
    }

    /// The evaluation in centipawns from `stm`'s view, given both sides' hidden layers.
    #[must_use]
    pub fn evaluate(&self, acc: &Accumulator, stm: Color) -> i32 {
        let us = &acc.0[stm.index()];
        let them = &acc.0[stm.other().index()];
        let sum =
            simd::screlu_dot(us, &self.out[0]).wrapping_add(simd::screlu_dot(them, &self.out[1]));
        let out = i64::from(sum) / i64::from(QA) + i64::from(self.out_bias);
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// [`Network::evaluate`] of `pos` from scratch.
    #[must_use]
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        self.evaluate(&self.refresh(pos), pos.side_to_move())
    }
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
}
