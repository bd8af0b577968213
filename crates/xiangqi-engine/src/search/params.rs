//! Every constant the search tunes, named in one place with the range a tuner may move it in.
//!
//! The search holds a [`Params`] by value and reads its fields directly, so a named constant
//! costs what a literal did. [`PARAMS`] lists each one's name, default and range for the SPSA
//! tuner (`xiangqi-match --spsa`), which sets them through the UCI option of the same name
//! (`setoption name rfp_margin value 100`). The options are accepted but not listed by `uci`:
//! they are for tuning, not for players.
//!
//! Margins are in centipawns; `*_depth` limits in plies; reductions in plies; the late-move
//! reduction table is `lmr_base / 100 + ln(depth) ln(move number) / (lmr_divisor / 100)`,
//! kept in 1024ths of a ply ([`LMR_ONE`]).

use std::fmt;

/// One tunable constant: its name (also its UCI option), default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    /// The field and option name.
    pub name: &'static str,
    /// The value the engine ships with.
    pub default: i32,
    /// Smallest value a tuner may set.
    pub min: i32,
    /// Largest value a tuner may set.
    pub max: i32,
}

/// Why a parameter could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// No parameter has this name.
    Unknown(String),
    /// The value is outside the parameter's range.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value asked for.
        value: i32,
        /// Its range.
        min: i32,
        /// Its range.
        max: i32,
    },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown(n) => write!(f, "no search parameter is named {n:?}"),
            ParamError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "{name} = {value} is outside {min}..={max}"),
        }
    }
}

impl std::error::Error for ParamError {}

macro_rules! params {
    ($( $(#[doc = $doc:literal])+ $name:ident = $default:literal in $min:literal ..= $max:literal; )+) => {
        /// The search's tunable constants (see the module documentation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $( $(#[doc = $doc])+ pub $name: i32, )+
        }

        impl Default for Params {
            fn default() -> Params {
                Params { $( $name: $default, )+ }
            }
        }

        /// Every parameter, in declaration order.
        pub const PARAMS: &[ParamSpec] = &[
            $( ParamSpec { name: stringify!($name), default: $default, min: $min, max: $max }, )+
        ];

        impl Params {
            fn slot(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $( stringify!($name) => Some(&mut self.$name), )+
                    _ => None,
                }
            }

            /// The value of the parameter `name`.
            #[must_use]
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $( stringify!($name) => Some(self.$name), )+
                    _ => None,
                }
            }
        }
    };
}

params! {
    /// First aspiration window half-width.
    aspiration_delta = 30 in 8..=80;
    /// Reverse futility: the largest depth it applies at.
    rfp_depth = 6 in 3..=10;
    /// Reverse futility: margin per ply of depth.
    rfp_margin = 110 in 40..=250;
    /// Reverse futility: margin taken off when the evaluation improves.
    rfp_improving = 50 in 0..=150;
    /// Reverse futility: 1 skips it in a node that was on a principal variation when its hash
    /// entry was stored (Stockfish's `!ss->ttPv`; 0: everywhere, as before).
    rfp_tt_pv = 0 in 0..=1;
    /// Razoring: the largest depth it applies at.
    razor_depth = 3 in 1..=6;
    /// Razoring: the margin below alpha at depth zero.
    razor_base = 300 in 100..=800;
    /// Razoring: the margin per squared ply of depth.
    razor_margin = 250 in 50..=600;
    /// Null move: the smallest depth it is tried at.
    nmp_depth = 3 in 2..=6;
    /// Null move: the base reduction.
    nmp_base = 3 in 2..=5;
    /// Null move: one more ply of reduction for every this many plies of depth.
    nmp_depth_divisor = 4 in 2..=8;
    /// Null move: one more ply of reduction for every this many centipawns above beta.
    nmp_eval_divisor = 200 in 80..=400;
    /// Null move: the most the evaluation may add to the reduction.
    nmp_eval_max = 3 in 1..=5;
    /// Internal iterative reduction: the smallest depth at which a node without a hash move
    /// searches a ply shallower.
    iir_depth = 6 in 3..=10;
    /// Internal iterative reduction: the plies a principal-variation node without a hash move
    /// searches shallower (Pikafish-HCE: three; a cut node always one).
    iir_pv = 1 in 1..=3;
    /// Late-move pruning: the largest depth it applies at.
    lmp_depth = 8 in 4..=12;
    /// Late-move pruning: the base of the move count `(base + depth²) · factor / 2`.
    lmp_base = 4 in 1..=8;
    /// Futility: the largest reduced depth (the depth after the move's late-move reduction)
    /// it applies at.
    fp_depth = 5 in 2..=9;
    /// Futility: the history (main plus continuation) worth one centipawn of margin.
    fp_history = 128 in 32..=512;
    /// Continuation-history pruning: below this reduced depth ...
    cont_prune_depth = 4 in 1..=8;
    /// ... a quiet move whose continuation history is below minus this times the depth less
    /// one is pruned.
    cont_prune_margin = 2000 in 500..=6000;
    /// Futility: the margin at depth zero.
    fp_base = 120 in 30..=250;
    /// Futility: margin per ply of depth.
    fp_margin = 90 in 40..=180;
    /// Losing captures: the largest depth at which they are pruned by exchange value.
    see_depth = 5 in 2..=9;
    /// Losing captures: the exchange loss per ply of depth beyond which they are pruned.
    see_margin = 120 in 40..=250;
    /// Singular extension: the smallest depth it is tried at.
    se_depth = 7 in 4..=10;
    /// Singular extension: the hash score is lowered by this many centipawns per ply.
    se_margin = 3 in 1..=8;
    /// Singular extension: off the principal variation, a hash move whose alternatives all
    /// fail this many centipawns below the test's bound is searched two plies deeper
    /// (0: never more than one).
    se_double = 0 in 0..=200;
    /// Singular extension: the most double extensions on one path from the root.
    se_double_max = 6 in 1..=16;
    /// Singular extension: at an expected cut node, a hash move that is not singular (another
    /// move holds near its score) and whose score is below beta is searched a ply shallower
    /// (Stockfish's negative extension at cut nodes; 0: not).
    se_cut_neg = 0 in 0..=1;
    /// Singular extension: a hash move that is not singular, where the best other move scored
    /// at least the hash score, is searched a ply shallower (Stockfish's last negative
    /// extension; 0: not).
    se_low_neg = 0 in 0..=1;
    /// Late-move reductions: the table's base, in hundredths of a ply.
    lmr_base = 75 in 0..=150;
    /// Late-move reductions: the table's divisor, in hundredths.
    lmr_divisor = 225 in 150..=400;
    /// Late-move reductions of captures that lose material by exchange, off the principal
    /// variation: 0 none (as before), 1 the quiet moves' table less one ply, 2 the table.
    lmr_captures = 0 in 0..=2;
    /// Late-move reductions: this many plies more for a quiet move where the hash move is a
    /// capture (the capture is likely best, so the quiet moves after it are likely worse).
    lmr_tt_capture = 0 in 0..=2;
    /// Late-move reductions: a reduced move that beat alpha is searched again a ply deeper when
    /// its reduced score beat the node's best so far by this many centipawns and 2 a ply
    /// (0: never deeper).
    lmr_deeper = 0 in 0..=200;
    /// Late-move reductions: a reduced move that beat alpha is searched again a ply shallower
    /// when its reduced score beat the node's best so far by less than this many centipawns
    /// (0: never shallower).
    lmr_shallower = 0 in 0..=50;
    /// Late-move reductions: this many plies more for a quiet move where the moves one ply down
    /// failed high more than three times (two for one without a hash move) since the node's
    /// parent started (Stockfish's `cutoffCnt`).
    lmr_cutoffs = 0 in 0..=2;
    /// Late-move reductions: this many plies less for a quiet move off the principal variation
    /// in a node that was on one when its hash entry was stored (Stockfish's `ttPv`).
    lmr_tt_pv = 0 in 0..=2;
    /// Late-move reductions in a node in check: 1 reduces its late evasions as other late moves
    /// are (Pikafish); 0 never (as before).
    lmr_in_check = 0 in 0..=1;
    /// Late-move reductions: the plies more at an expected cut node (Pikafish-HCE: two and
    /// more).
    lmr_cut = 1 in 0..=3;
    /// Late-move reductions: 1 gives a reduced move searched again its continuation-history
    /// reward by that search's result, a bonus for a fail-high and a malus for a fail-low
    /// (Pikafish-HCE); 0 none (as before).
    lmr_research_history = 0 in 0..=1;
    /// Late-move reductions: one ply less for every this much history.
    lmr_history = 8000 in 3000..=16000;
    /// Late-move reductions in fractions of a ply: 1 adds the table's value, the adjustments and
    /// the history's share in 1024ths of a ply and rounds down once at the end (Stockfish's
    /// way); 0 rounds the table down first and counts the history only in whole plies (as
    /// before).
    lmr_fine = 0 in 0..=1;
    /// Continuation history: the earlier moves whose rows a quiet move is judged by (ordering,
    /// pruning, reductions) and rewarded in: 1 the previous move's only, 2 also the side's own
    /// move before it, 3 also the move four plies back.
    cont_plies = 1 in 1..=3;
    /// ProbCut: a capture whose reduced search holds this far above beta cuts the node off
    /// (0: no ProbCut).
    probcut_margin = 0 in 0..=400;
    /// ProbCut: the margin taken off when the evaluation improves.
    probcut_improving = 60 in 0..=150;
    /// ProbCut: the smallest depth it is tried at (the verification searches 4 plies less).
    probcut_depth = 5 in 5..=10;
    /// History on a hash cut-off: 1 rewards a quiet hash move whose stored score holds at or
    /// above beta as a cut-off by search would (killer, counter move, history rows), 0 not.
    tt_cut_history = 0 in 0..=1;
    /// History on a fail-low: 1 rewards the quiet move that led to a node where every move
    /// failed low (at depth 5 or more, in a PV node, or far below alpha), twice over at PV and
    /// expected cut nodes, in its continuation-history rows (Stockfish's prior counter-move
    /// bonus); 0 not.
    fail_low_bonus = 0 in 0..=1;
    /// History from the evaluation: the quiet move that led to a node (neither side in check)
    /// gains main history this many times the centipawns it raised its side's static
    /// evaluation by, at most 2,000 either way (Stockfish's and Pikafish's static-evaluation
    /// difference; 0: not).
    eval_history = 0 in 0..=64;
    /// History: the bonus per squared ply of depth.
    history_scale = 16 in 4..=40;
    /// History: the largest bonus.
    history_max = 1600 in 400..=3200;
    /// Quiescence: captures this far below alpha with the captured value are skipped.
    qs_delta = 200 in 50..=400;
    /// Correction history: the weight of the pawn-structure table (8192 moves the evaluation
    /// 64 cp at a full entry).
    corr_pawn_weight = 3000 in 0..=16000;
    /// Correction history: the weight of the material table.
    corr_material_weight = 3000 in 0..=16000;
    /// Correction history: the weight of each side's pieces table.
    corr_pieces_weight = 5000 in 0..=16000;
    /// Time: under sudden death, the moves still to come that the clock is shared over.
    tm_horizon = 40 in 15..=60;
    /// Time: the share of a move at the game's first ply, in percent of an even share ...
    tm_opening = 70 in 30..=150;
    /// ... rising evenly to this at ply 80 and after.
    tm_late = 110 in 50..=200;
    /// Time: where no new iteration starts, in percent of the move's share (before the search's
    /// stability and score-drop scaling).
    tm_soft = 120 in 40..=200;
    /// Time: where the search is cut off, in percent of the move's share (never more than two
    /// fifths of the clock).
    tm_hard = 500 in 200..=900;
}

impl Params {
    /// Sets the parameter `name` to `value`, within its range.
    ///
    /// # Errors
    /// [`ParamError::Unknown`] for a name no parameter has, [`ParamError::OutOfRange`] for a
    /// value outside the range; the parameters are unchanged.
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        let spec = spec(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        if !(spec.min..=spec.max).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: spec.name,
                value,
                min: spec.min,
                max: spec.max,
            });
        }
        if let Some(slot) = self.slot(spec.name) {
            *slot = value;
        }
        Ok(())
    }

    /// The late-move reduction table for these parameters, `[depth][move number]`, in
    /// [`LMR_ONE`]ths of a ply (rounded down; `t >> 10` is the whole plies).
    #[must_use]
    pub fn lmr_table(&self) -> Box<[[u16; 64]; 64]> {
        let mut lmr = Box::new([[0u16; 64]; 64]);
        let base = f64::from(self.lmr_base) / 100.0;
        let divisor = f64::from(self.lmr_divisor) / 100.0;
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = base + (d as f64).ln() * (m as f64).ln() / divisor;
                *r = (v.clamp(0.0, 60.0) * f64::from(LMR_ONE)) as u16;
            }
        }
        lmr
    }
}

/// One ply in the late-move reduction table's units.
pub const LMR_ONE: i32 = 1024;

/// The description of the parameter `name` (matched without regard to case).
#[must_use]
pub fn spec(name: &str) -> Option<&'static ParamSpec> {
    PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_names_are_distinct() {
        let defaults = Params::default();
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min < p.max, "{}", p.name);
            assert!((p.min..=p.max).contains(&p.default), "{}", p.name);
            assert_eq!(defaults.get(p.name), Some(p.default), "{}", p.name);
            assert!(
                PARAMS[..i].iter().all(|q| q.name != p.name),
                "{} twice",
                p.name
            );
        }
    }

    #[test]
    fn set_checks_name_and_range_and_changes_only_its_field() {
        let mut p = Params::default();
        p.set("RFP_MARGIN", 150).unwrap();
        assert_eq!(p.rfp_margin, 150);
        let expected = Params {
            rfp_margin: 150,
            ..Params::default()
        };
        assert_eq!(p, expected);
        assert_eq!(
            p.set("rfp_margin", 10_000),
            Err(ParamError::OutOfRange {
                name: "rfp_margin",
                value: 10_000,
                min: 40,
                max: 250
            })
        );
        assert!(matches!(p.set("no_such", 1), Err(ParamError::Unknown(_))));
        assert_eq!(p, expected);
    }

    #[test]
    fn lmr_table_grows_with_depth_and_move_number() {
        let t = Params::default().lmr_table();
        // 0.75 + ln 10 ln 20 / 2.25 = 3.8157 plies.
        assert_eq!(t[10][20], 3907);
        assert_eq!(t[10][20] >> 10, 3);
        assert_eq!(t[1][1], 768);
        assert!(t[20][30] > t[5][5]);
        for d in 1..64 {
            for m in 2..64 {
                assert!(t[d][m] >= t[d][m - 1]);
            }
        }
    }
}
