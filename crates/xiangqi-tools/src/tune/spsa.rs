//! SPSA (simultaneous perturbation stochastic approximation) for the search parameters, as
//! fishtest runs it: each iteration perturbs every tuned parameter at once by `±c_k` (the signs
//! drawn at random), plays a pair of games between the two perturbed engines with colours
//! swapped, and moves each parameter by `R_k · c_k · result · sign` where `result` is the
//! pair's wins minus losses of the `+` side.
//!
//! Gains: `c_k = c / k^γ` and `a_k = a / (A + k)^α` with `α = 0.602`, `γ = 0.101`, `A` a tenth
//! of the planned iterations `N`, `R_k = a_k / c_k²`; `c` and `a` chosen so that at the last
//! iteration `c_N = c_end` and `R_N = r_end` (each parameter's `c_end` defaults to a twentieth
//! of its range, `r_end` to 0.002).
//!
//! The state is a text file, written atomically after every iteration so a run can stop and
//! resume: a header line, `N` and the iterations done, then one line a parameter (name, value,
//! `c_end`, range).

use std::fmt::Write as _;
use std::path::Path;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use xiangqi_engine::search::params::{self, ParamSpec};

const ALPHA: f64 = 0.602;
const GAMMA: f64 = 0.101;
const HEADER: &str = "# xiangqi-match SPSA state";

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Its description (name and range).
    pub spec: ParamSpec,
    /// The current value (fractional between iterations).
    pub value: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
}

/// A run's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The planned number of iterations.
    pub iterations: u64,
    /// Iterations done.
    pub done: u64,
    /// The learning rate at the last iteration.
    pub r_end: f64,
    /// The parameters.
    pub params: Vec<Tuned>,
}

/// One iteration's two engines: the parameter values each plays with, as integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub k: u64,
    /// `+1` or `-1` for each parameter.
    pub signs: Vec<i8>,
    /// The values of the `+` engine.
    pub plus: Vec<(&'static str, i32)>,
    /// The values of the `-` engine.
    pub minus: Vec<(&'static str, i32)>,
}

/// Why a run could not start or resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpsaError {
    /// A name that is not a search parameter.
    UnknownParam(String),
    /// No parameter was named.
    NoParams,
    /// The state file could not be read as one.
    BadState {
        /// The line, from 1.
        line: usize,
        /// What was wrong.
        why: String,
    },
}

impl std::fmt::Display for SpsaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpsaError::UnknownParam(n) => write!(f, "no search parameter is named {n:?}"),
            SpsaError::NoParams => write!(f, "no parameter to tune"),
            SpsaError::BadState { line, why } => write!(f, "state file, line {line}: {why}"),
        }
    }
}

impl std::error::Error for SpsaError {}

impl Spsa {
    /// A new run over `names` (comma-separated parameter names, or `all`) for `iterations`.
    ///
    /// # Errors
    /// A name that is no parameter, or none.
    pub fn new(names: &str, iterations: u64) -> Result<Spsa, SpsaError> {
        let specs: Vec<&ParamSpec> = if names.trim() == "all" {
            params::PARAMS.iter().collect()
        } else {
            names
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| params::spec(n).ok_or_else(|| SpsaError::UnknownParam(n.to_string())))
                .collect::<Result<_, _>>()?
        };
        if specs.is_empty() {
            return Err(SpsaError::NoParams);
        }
        Ok(Spsa {
            iterations: iterations.max(1),
            done: 0,
            r_end: 0.002,
            params: specs
                .into_iter()
                .map(|s| Tuned {
                    spec: *s,
                    value: f64::from(s.default),
                    c_end: (f64::from(s.max - s.min) / 20.0).max(0.5),
                })
                .collect(),
        })
    }

    /// `c_k / c_end` and `R_k` at iteration `k` (`R_k` does not depend on `c_end`:
    /// `a_k = r_end · c_end² · ((A + N) / (A + k))^α` and `c_k = c_end · (N / k)^γ`).
    fn gains(&self, k: u64) -> (f64, f64) {
        let n = self.iterations as f64;
        let big_a = 0.1 * n;
        let k = (k.max(1)) as f64;
        let c_unit = (n / k).powf(GAMMA);
        let a_unit = self.r_end * ((big_a + n) / (big_a + k)).powf(ALPHA);
        (c_unit, a_unit / (c_unit * c_unit))
    }

    /// The perturbation of the next iteration (`done + 1`), its signs drawn from `seed` and the
    /// iteration number, so a resumed run draws what an unbroken one would.
    #[must_use]
    pub fn perturb(&self, k: u64, seed: u64) -> Perturbation {
        let mut rng = StdRng::seed_from_u64(seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let (c_k, _) = self.gains(k);
        let signs: Vec<i8> = self
            .params
            .iter()
            .map(|_| if rng.random::<bool>() { 1 } else { -1 })
            .collect();
        let value = |t: &Tuned, s: f64| {
            let v = (t.value + s * c_k * t.c_end).round() as i32;
            (t.spec.name, v.clamp(t.spec.min, t.spec.max))
        };
        Perturbation {
            k,
            plus: self
                .params
                .iter()
                .zip(&signs)
                .map(|(t, &s)| value(t, f64::from(s)))
                .collect(),
            minus: self
                .params
                .iter()
                .zip(&signs)
                .map(|(t, &s)| value(t, -f64::from(s)))
                .collect(),
            signs,
        }
    }

    /// Moves the values by the result of `p`'s pair: wins minus losses of the `+` engine
    /// (-2 to 2), and counts the iteration.
    pub fn update(&mut self, p: &Perturbation, result: f64) {
        let (c_k, r_k) = self.gains(p.k);
        for (t, &s) in self.params.iter_mut().zip(&p.signs) {
            let step = r_k * c_k * t.c_end * result * f64::from(s);
            t.value = (t.value + step).clamp(f64::from(t.spec.min), f64::from(t.spec.max));
        }
        self.done += 1;
    }

    /// The state as its file holds it.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{HEADER}\niterations {} done {} r_end {}\n",
            self.iterations, self.done, self.r_end
        );
        for t in &self.params {
            let _ = writeln!(
                s,
                "{} {:.4} {:.4} {} {}",
                t.spec.name, t.value, t.c_end, t.spec.min, t.spec.max
            );
        }
        s
    }

    /// Reads a state file's text.
    ///
    /// # Errors
    /// A missing header, a malformed line or an unknown parameter, with its line.
    pub fn from_text(text: &str) -> Result<Spsa, SpsaError> {
        let bad = |line: usize, why: &str| SpsaError::BadState {
            line,
            why: why.to_string(),
        };
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            return Err(bad(1, "not an SPSA state file"));
        }
        let head: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
        let (iterations, done, r_end) = match head.as_slice() {
            ["iterations", n, "done", d, "r_end", r] => (
                n.parse::<u64>().map_err(|_| bad(2, "bad iterations"))?,
                d.parse::<u64>().map_err(|_| bad(2, "bad done"))?,
                r.parse::<f64>().map_err(|_| bad(2, "bad r_end"))?,
            ),
            _ => return Err(bad(2, "expected `iterations N done K r_end R`")),
        };
        let mut params = Vec::new();
        for (i, line) in lines.enumerate() {
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.is_empty() {
                continue;
            }
            let n = i + 3;
            let [name, value, c_end, ..] = f.as_slice() else {
                return Err(bad(n, "expected `name value c_end min max`"));
            };
            let spec = params::spec(name).ok_or_else(|| bad(n, "unknown parameter"))?;
            let num = |v: &str| v.parse::<f64>().ok().filter(|x| x.is_finite());
            params.push(Tuned {
                spec: *spec,
                value: num(value)
                    .ok_or_else(|| bad(n, "bad value"))?
                    .clamp(f64::from(spec.min), f64::from(spec.max)),
                c_end: num(c_end)
                    .filter(|c| *c > 0.0)
                    .ok_or_else(|| bad(n, "bad c_end"))?,
            });
        }
        if params.is_empty() {
            return Err(SpsaError::NoParams);
        }
        Ok(Spsa {
            iterations: iterations.max(1),
            done,
            r_end,
            params,
        })
    }

    /// Writes the state to `path` atomically (a temporary file renamed over it).
    ///
    /// # Errors
    /// The file system's.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, self.to_text())?;
        std::fs::rename(&tmp, path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perturbations_are_opposite_within_range_and_reproducible() {
        let s = Spsa::new("rfp_margin,lmr_base,nmp_base", 1000).unwrap();
        let p = s.perturb(1, 7);
        assert_eq!(p, s.perturb(1, 7));
        for ((t, &(_, plus)), &(_, minus)) in s.params.iter().zip(&p.plus).zip(&p.minus) {
            assert!((t.spec.min..=t.spec.max).contains(&plus));
            assert!((t.spec.min..=t.spec.max).contains(&minus));
            assert!(
                plus != minus || t.spec.max - t.spec.min < 2,
                "{}",
                t.spec.name
            );
        }
    }

    #[test]
    fn a_parameter_whose_larger_values_win_climbs_and_stays_in_range() {
        let mut s = Spsa::new("rfp_margin", 200).unwrap();
        s.r_end = 0.02;
        let start = s.params[0].value;
        for k in 1..=200 {
            let p = s.perturb(k, 5);
            let larger_is_plus = p.plus[0].1 > p.minus[0].1;
            s.update(&p, if larger_is_plus { 2.0 } else { -2.0 });
        }
        assert_eq!(s.done, 200);
        assert!(s.params[0].value > start + 20.0, "{}", s.params[0].value);
        assert!(s.params[0].value <= f64::from(s.params[0].spec.max));
        // And one whose smaller values win falls.
        let mut s = Spsa::new("rfp_margin", 200).unwrap();
        s.r_end = 0.02;
        for k in 1..=200 {
            let p = s.perturb(k, 5);
            let larger_is_plus = p.plus[0].1 > p.minus[0].1;
            s.update(&p, if larger_is_plus { -2.0 } else { 2.0 });
        }
        assert!(s.params[0].value < start - 20.0, "{}", s.params[0].value);
    }

    #[test]
    fn the_state_file_round_trips_and_damage_is_named() {
        let mut s = Spsa::new("all", 500).unwrap();
        let p = s.perturb(1, 1);
        s.update(&p, 1.0);
        let back = Spsa::from_text(&s.to_text()).unwrap();
        assert_eq!(back.done, 1);
        assert_eq!(back.params.len(), s.params.len());
        for (a, b) in back.params.iter().zip(&s.params) {
            assert_eq!(a.spec, b.spec);
            assert!((a.value - b.value).abs() < 1e-3);
        }
        assert!(matches!(
            Spsa::from_text("hello"),
            Err(SpsaError::BadState { line: 1, .. })
        ));
        let broken = s.to_text().replace("rfp_margin", "rfp_marginal");
        assert!(matches!(
            Spsa::from_text(&broken),
            Err(SpsaError::BadState { .. })
        ));
        assert!(matches!(
            Spsa::new("rfp_margin,bogus", 10),
            Err(SpsaError::UnknownParam(n)) if n == "bogus"
        ));
    }

    #[test]
    fn the_committed_run_reads_back_as_written() {
        // The README's SPSA run: every parameter it names still exists, and its values were
        // inside today's ranges (reading clamps, so a value outside would not write back the same).
        let text = include_str!("../../data/spsa-n3.txt");
        let s = Spsa::from_text(text).unwrap();
        assert_eq!((s.done, s.iterations), (640, 640));
        assert_eq!(s.params.len(), 8);
        assert_eq!(s.to_text(), text);
    }
}
