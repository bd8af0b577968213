//! The evaluation weights. Written by `xiangqi-engine tune` (see the engine README); the
//! evaluation reads them as constants. Indices are the `W_*` constants of the parent module.

use super::{Term, t};

/// Every weight, `(middlegame, endgame)` in centipawns.
#[rustfmt::skip]
pub const WEIGHTS: [Term; super::N_WEIGHTS] = [
    // material: king, advisor, elephant, horse, rook, cannon, pawn
    t(0, 0), t(180, 160), t(180, 150), t(420, 470), t(950, 1000), t(450, 400), t(70, 90),
    // king by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(-4, 0), t(4, 4),
    t(0, 0), t(0, 0), t(0, 0), t(-10, -2), t(-12, 0),
    t(0, 0), t(0, 0), t(0, 0), t(-25, -8), t(-30, -10),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // advisor by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(6, 6),
    t(0, 0), t(0, 0), t(0, 0), t(-2, -2), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // elephant by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(-4, -4), t(0, 0), t(0, 0), t(0, 0), t(8, 8),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(-4, -4), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // horse by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(-4, -4), t(-8, -8), t(0, 0), t(-2, -2), t(0, 0),
    t(-2, -2), t(0, 0), t(2, 2), t(4, 4), t(-6, -6),
    t(2, 2), t(4, 4), t(8, 8), t(6, 6), t(10, 10),
    t(2, 2), t(8, 8), t(10, 10), t(12, 12), t(12, 12),
    t(4, 4), t(10, 10), t(14, 14), t(16, 16), t(16, 16),
    t(4, 4), t(14, 14), t(16, 16), t(20, 20), t(18, 18),
    t(6, 6), t(20, 20), t(16, 16), t(24, 24), t(18, 18),
    t(4, 4), t(12, 12), t(16, 16), t(20, 20), t(12, 12),
    t(0, 0), t(4, 4), t(12, 12), t(8, 8), t(-4, -4),
    t(0, 0), t(-4, -4), t(0, 0), t(0, 0), t(0, 0),
    // rook by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(-6, -6), t(6, 6), t(4, 4), t(12, 12), t(0, 0),
    t(4, 4), t(8, 8), t(6, 6), t(12, 12), t(0, 0),
    t(-2, -2), t(10, 10), t(4, 4), t(14, 14), t(14, 14),
    t(4, 4), t(10, 10), t(6, 6), t(14, 14), t(14, 14),
    t(10, 10), t(12, 12), t(12, 12), t(14, 14), t(16, 16),
    t(10, 10), t(14, 14), t(14, 14), t(16, 16), t(18, 18),
    t(6, 6), t(12, 12), t(12, 12), t(16, 16), t(18, 18),
    t(4, 4), t(8, 8), t(6, 6), t(14, 14), t(16, 16),
    t(6, 6), t(10, 10), t(8, 8), t(14, 14), t(24, 24),
    t(6, 6), t(8, 8), t(6, 6), t(12, 12), t(14, 14),
    // cannon by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(2, 2), t(6, 6), t(6, 6),
    t(0, 0), t(2, 2), t(4, 4), t(6, 6), t(6, 6),
    t(2, 2), t(0, 0), t(6, 6), t(4, 4), t(8, 8),
    t(0, 0), t(0, 0), t(0, 0), t(2, 2), t(6, 6),
    t(-2, -2), t(0, 0), t(4, 4), t(2, 2), t(8, 8),
    t(0, 0), t(0, 0), t(0, 0), t(2, 2), t(12, 12),
    t(0, 0), t(0, 0), t(-2, -2), t(4, 4), t(10, 10),
    t(2, 2), t(2, 2), t(0, 0), t(-8, -8), t(-4, -4),
    t(2, 2), t(2, 2), t(0, 0), t(-4, -4), t(-12, -12),
    t(6, 6), t(4, 4), t(0, 0), t(-8, -8), t(-10, -10),
    // pawn by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(-2, -5), t(0, 0), t(-2, -5), t(0, 0), t(6, 5),
    t(3, 0), t(0, 0), t(4, 5), t(0, 0), t(12, 10),
    t(10, 20), t(18, 25), t(22, 35), t(35, 45), t(40, 50),
    t(20, 25), t(27, 35), t(30, 45), t(40, 55), t(42, 60),
    t(20, 30), t(30, 45), t(45, 60), t(55, 70), t(55, 75),
    t(20, 30), t(30, 45), t(50, 65), t(65, 80), t(70, 85),
    t(0, 0), t(0, 0), t(0, 5), t(2, 10), t(4, 15),
    t(3, 4), // rook mobility
    t(14, 8), // rook open file
    t(6, 4), // rook half-open file
    t(7, 9), // horse mobility
    t(-30, -30), // horse trapped
    t(16, 8), // connected horses
    t(1, 0), // cannon mobility
    t(90, 20), // hollow cannon
    t(22, 5), // central cannon
    t(24, 6), // bottom cannon
    t(-16, -10), // missing advisor
    t(-18, -8), // missing elephant
    t(20, 10), // rook on king file
    t(-40, -30), // rook threatened by a lesser piece
    t(-25, -20), // horse or cannon threatened by a pawn
    t(12, 12), // tempo
];
