//! The evaluation weights. Written by `xiangqi-train tune` (see the engine README); the
//! evaluation reads them as constants. Indices are the `W_*` constants of the parent module.
//! Tuned on 813603 positions: K 0.3875, error 0.019282 -> 0.018395, 2000 epochs, rate 2, lambda 0.5, l2 0.

use super::{Term, t};

/// Every weight, `(middlegame, endgame)` in centipawns.
#[rustfmt::skip]
pub const WEIGHTS: [Term; super::N_WEIGHTS] = [
    // material: king, advisor, elephant, horse, rook, cannon, pawn
    t(0, 0), t(-140, 86), t(160, 63), t(459, 316), t(1239, 852), t(516, 308), t(142, 90),
    // king by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(40, 22), t(74, 26),
    t(0, 0), t(0, 0), t(0, 0), t(-53, 37), t(-3, 39),
    t(0, 0), t(0, 0), t(0, 0), t(-263, 46), t(-131, 25),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // advisor by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(-120, -5), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(-74, -4),
    t(0, 0), t(0, 0), t(0, 0), t(-212, 3), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // elephant by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(31, -6), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(-7, 3), t(0, 0), t(0, 0), t(0, 0), t(68, -15),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(8, -13), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    // horse by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(77, -107), t(-26, 57), t(-23, 41), t(80, -53), t(117, -87),
    t(50, -73), t(-24, 91), t(32, 42), t(23, 24), t(7, 24),
    t(55, 3), t(71, 56), t(43, 32), t(50, 41), t(76, 19),
    t(38, 80), t(-36, 83), t(81, 56), t(74, 65), t(40, 73),
    t(158, 83), t(54, 53), t(173, 47), t(66, 61), t(151, 21),
    t(81, 55), t(117, 56), t(158, 68), t(163, 56), t(186, 56),
    t(-18, 76), t(210, 58), t(87, 89), t(259, 35), t(51, 93),
    t(158, 65), t(163, 85), t(91, 68), t(311, -27), t(369, 32),
    t(123, 18), t(177, 36), t(303, 20), t(114, 88), t(336, -81),
    t(104, 141), t(55, 82), t(29, 91), t(-37, 79), t(115, -20),
    // rook by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(126, -38), t(156, 47), t(175, 7), t(258, 24), t(899, -316),
    t(130, 65), t(139, 55), t(137, 55), t(151, 95), t(187, -34),
    t(156, 39), t(161, 64), t(142, 65), t(160, 138), t(166, 127),
    t(145, 70), t(186, 74), t(199, 63), t(246, 65), t(241, 47),
    t(194, 73), t(176, 93), t(189, 84), t(218, 105), t(149, 117),
    t(166, 49), t(170, 107), t(184, 69), t(195, 107), t(107, 125),
    t(180, 67), t(201, 81), t(227, 70), t(229, 99), t(169, 93),
    t(210, 50), t(136, 88), t(152, 91), t(234, 111), t(221, 74),
    t(138, 76), t(220, 76), t(258, 36), t(247, 59), t(217, 99),
    t(211, 18), t(156, 94), t(155, 75), t(188, 90), t(174, 113),
    // cannon by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(28, 34), t(16, 1), t(119, -18), t(-26, 16), t(209, 42),
    t(-7, 54), t(53, 83), t(86, -28), t(89, 14), t(152, -34),
    t(103, -12), t(59, 58), t(138, 0), t(94, 3), t(111, 73),
    t(-29, 67), t(51, 63), t(138, -1), t(72, 74), t(165, -21),
    t(42, 24), t(63, 20), t(83, 20), t(28, 73), t(119, 32),
    t(138, 14), t(36, 56), t(66, 31), t(-20, 90), t(157, -24),
    t(101, -8), t(68, 32), t(124, 8), t(22, 69), t(96, 23),
    t(13, 55), t(39, 27), t(20, 26), t(49, -33), t(-45, -89),
    t(-14, 77), t(59, 28), t(37, 63), t(14, 57), t(-199, 65),
    t(105, 23), t(25, 50), t(-34, 82), t(-113, 59), t(-344, 35),
    // pawn by rank from its own back rank (rows) and file from the edge (a/i .. e)
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(0, 0), t(0, 0), t(0, 0), t(0, 0), t(0, 0),
    t(-118, 60), t(0, 0), t(-112, 4), t(0, 0), t(-70, 45),
    t(-119, 59), t(0, 0), t(-64, 26), t(0, 0), t(-88, 80),
    t(-73, 44), t(-29, 47), t(0, 55), t(40, 84), t(18, 81),
    t(8, 40), t(49, 41), t(41, 62), t(109, 63), t(139, 59),
    t(153, -45), t(-40, 37), t(82, 49), t(304, 18), t(286, 108),
    t(78, -120), t(27, -13), t(239, -1), t(534, -44), t(1462, -146),
    t(-77, -145), t(-208, -45), t(219, -67), t(202, -124), t(276, -180),
    t(6, 1), // rook mobility
    t(21, 2), // rook open file
    t(-18, 47), // rook half-open file
    t(11, 0), // horse mobility
    t(-22, -68), // horse trapped
    t(57, -38), // connected horses
    t(2, -1), // cannon mobility
    t(233, -27), // hollow cannon
    t(36, 52), // central cannon
    t(88, -27), // bottom cannon
    t(162, 24), // missing advisor
    t(23, -1), // missing elephant
    t(91, -23), // rook on king file
    t(-40, 53), // rook threatened by a lesser piece
    t(-72, 17), // horse or cannon threatened by a pawn
    t(30, -3), // tempo
    t(-40, -27), // hanging piece
    t(11, -1), // hanging piece, its owner not to move
    t(-25, 9), // cannon on the king's file, per missing defender
    t(83, -14), // horse in the palace, per missing advisor
    t(-7, -12), // king attack, per unit
    t(0, 3), // king attack, per unit squared
];
