//! The evaluation tuner: `xiangqi-train tune`. A logistic (Texel-style) fit of every weight of
//! [`xiangqi_engine::eval::weights::WEIGHTS`], piece-square tables included, to game results.
//!
//! Each position's features are traced once by the evaluation itself (the same generic code the
//! search runs), so the model is exactly the engine's evaluation with its weights free:
//!
//! ```text
//! e = scale · Σ_i n_i · (mg_i · phase + eg_i · (PHASE_MAX − phase)) / PHASE_MAX
//! p = 1 / (1 + 10^(−K·e/400))
//! E = mean over positions of (p − y)²,   y = λ·result + (1 − λ)·(1 / (1 + 10^(−K·score/400)))
//! ```
//!
//! `scale` is the drawish-material factor (1 or ⅛) taken from the starting weights. `K` is
//! fitted first (a line search on E with the weights as they are), then the weights by full-batch
//! gradient descent with Adam. The king's material stays 0. The result is written as Rust source
//! that the engine compiles in.

use std::path::Path;

use xiangqi_engine::eval::weights::WEIGHTS;
use xiangqi_engine::eval::{
    Accumulator, N_WEIGHTS, PHASE_MAX, Term, W_MATERIAL, blend, features, phase, psq_features,
    scale,
};

mod source;
pub use source::{run, weights_source};

/// What `tune` is asked to do.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Epochs of Adam.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Threads for the gradient.
    pub threads: usize,
    /// Pull of each weight back to its starting value (L2, per centipawn squared): Adam moves
    /// a rarely seen weight as fast as a common one, and this keeps the rare ones near where
    /// they began unless the data insist.
    pub l2: f64,
}

/// One training position: its features, phase, scale and target.
struct Sample {
    start: u32,
    len: u16,
    phase: u8,
    scale: f32,
    result: f32,
    score: f32,
}

/// Every position's features in one array.
pub struct Data {
    samples: Vec<Sample>,
    features: Vec<(u16, i16)>,
}

#[derive(Default)]
struct Trace(Vec<(u16, i16)>);

impl Accumulator for Trace {
    fn add(&mut self, weight: usize, n: i32) {
        if n != 0 {
            self.0.push((weight as u16, n as i16));
        }
    }
}

/// Why the data could not be read.
#[derive(Debug)]
pub enum DataError {
    /// The file could not be read.
    Io(std::io::Error),
    /// A line is not `FEN | score | result`.
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Io(e) => write!(f, "{e}"),
            DataError::Line { line, why } => write!(f, "line {line}: {why}"),
        }
    }
}

impl std::error::Error for DataError {}

/// Reads a data file written by `datagen`.
pub fn load(path: &Path) -> Result<Data, DataError> {
    let text = std::fs::read_to_string(path).map_err(DataError::Io)?;
    let mut data = Data {
        samples: Vec::new(),
        features: Vec::new(),
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (pos, score, result) = crate::nnue::data::parse_text_line(line)
            .map_err(|why| DataError::Line { line: i + 1, why })?;
        let (score, result) = (score as f32, f32::from(result) / 2.0);
        let mut trace = Trace::default();
        let mut attackers = [0; 2];
        psq_features(&pos, &mut trace);
        features(&pos, &mut trace, &mut attackers);
        // Merge repeated weights.
        trace.0.sort_unstable_by_key(|&(w, _)| w);
        let mut merged: Vec<(u16, i16)> = Vec::with_capacity(trace.0.len());
        for (w, n) in trace.0 {
            match merged.last_mut() {
                Some(last) if last.0 == w => last.1 += n,
                _ => merged.push((w, n)),
            }
        }
        merged.retain(|&(_, n)| n != 0);
        let ph = phase(&pos);
        let mut total = Term::default();
        for &(w, n) in &merged {
            total += WEIGHTS[w as usize] * i32::from(n);
        }
        let plain = blend(total, ph);
        let scaled = scale(&pos, plain, attackers);
        let factor = if plain != 0 {
            f64::from(scaled) / f64::from(plain)
        } else {
            1.0
        };
        // The 60-move damping (`eval::damp`) as a factor.
        let factor = factor * f64::from(200 - pos.halfmove_clock().min(120)) / 200.0;
        data.samples.push(Sample {
            start: data.features.len() as u32,
            len: merged.len() as u16,
            phase: ph as u8,
            scale: factor as f32,
            result,
            score,
        });
        data.features.extend(merged);
    }
    Ok(data)
}

impl Data {
    /// How many positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn eval_of(s: &Sample, feats: &[(u16, i16)], w: &[[f64; 2]]) -> f64 {
    let ph = f64::from(s.phase);
    let max = f64::from(PHASE_MAX);
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, n) in &feats[s.start as usize..s.start as usize + s.len as usize] {
        mg += w[i as usize][0] * f64::from(n);
        eg += w[i as usize][1] * f64::from(n);
    }
    f64::from(s.scale) * (mg * ph + eg * (max - ph)) / max
}

fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    lambda * f64::from(s.result) + (1.0 - lambda) * sigmoid(k, f64::from(s.score))
}

/// Mean squared error of the model with weights `w`.
fn error(data: &Data, w: &[[f64; 2]], k: f64, lambda: f64, threads: usize) -> f64 {
    let chunk = data.samples.len().div_ceil(threads.max(1)).max(1);
    let total: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = data
            .samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|x| {
                            let p = sigmoid(k, eval_of(x, &data.features, w));
                            (p - target(x, k, lambda)).powi(2)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / data.samples.len().max(1) as f64
}

fn gradient(data: &Data, w: &[[f64; 2]], k: f64, lambda: f64, threads: usize) -> Vec<[f64; 2]> {
    let chunk = data.samples.len().div_ceil(threads.max(1)).max(1);
    let max = f64::from(PHASE_MAX);
    std::thread::scope(|s| {
        let handles: Vec<_> = data
            .samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut g = vec![[0.0f64; 2]; N_WEIGHTS];
                    for x in part {
                        let p = sigmoid(k, eval_of(x, &data.features, w));
                        let d = 2.0
                            * (p - target(x, k, lambda))
                            * p
                            * (1.0 - p)
                            * std::f64::consts::LN_10
                            * k
                            / 400.0
                            * f64::from(x.scale);
                        let ph = f64::from(x.phase);
                        let (dm, de) = (d * ph / max, d * (max - ph) / max);
                        for &(i, n) in
                            &data.features[x.start as usize..x.start as usize + x.len as usize]
                        {
                            g[i as usize][0] += dm * f64::from(n);
                            g[i as usize][1] += de * f64::from(n);
                        }
                    }
                    g
                })
            })
            .collect();
        let mut total = vec![[0.0f64; 2]; N_WEIGHTS];
        for h in handles {
            if let Ok(g) = h.join() {
                for (t, x) in total.iter_mut().zip(g) {
                    t[0] += x[0];
                    t[1] += x[1];
                }
            }
        }
        let n = data.samples.len().max(1) as f64;
        for t in &mut total {
            t[0] /= n;
            t[1] /= n;
        }
        total
    })
}

/// What a tuning run produced.
pub struct Tuned {
    /// The fitted scaling constant.
    pub k: f64,
    /// Error with the starting weights.
    pub error_before: f64,
    /// Error with the tuned weights.
    pub error_after: f64,
    /// The weights, rounded.
    pub weights: Vec<Term>,
}

/// Fits `K`, then the weights, then restores the starting material scale.
pub fn tune(data: &Data, cfg: &TuneConfig, mut progress: impl FnMut(usize, f64)) -> Tuned {
    let mut w: Vec<[f64; 2]> = WEIGHTS
        .iter()
        .map(|t| [f64::from(t.mg), f64::from(t.eg)])
        .collect();
    // K: golden-section search on [0.1, 3].
    let (mut a, mut b) = (0.1f64, 3.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let c = b - phi * (b - a);
        let d = a + phi * (b - a);
        if error(data, &w, c, cfg.lambda, cfg.threads) < error(data, &w, d, cfg.lambda, cfg.threads)
        {
            b = d;
        } else {
            a = c;
        }
    }
    let k = (a + b) / 2.0;
    let error_before = error(data, &w, k, cfg.lambda, cfg.threads);
    // Adam.
    let (beta1, beta2, eps) = (0.9f64, 0.999f64, 1e-8f64);
    let mut m = vec![[0.0f64; 2]; N_WEIGHTS];
    let mut v = vec![[0.0f64; 2]; N_WEIGHTS];
    let start = w.clone();
    for epoch in 1..=cfg.epochs {
        let mut g = gradient(data, &w, k, cfg.lambda, cfg.threads);
        for ((g, w), s) in g.iter_mut().zip(&w).zip(&start) {
            for j in 0..2 {
                g[j] += cfg.l2 * (w[j] - s[j]);
            }
        }
        for i in 0..N_WEIGHTS {
            if i == W_MATERIAL {
                continue; // the king's material is no weight
            }
            for j in 0..2 {
                m[i][j] = beta1 * m[i][j] + (1.0 - beta1) * g[i][j];
                v[i][j] = beta2 * v[i][j] + (1.0 - beta2) * g[i][j] * g[i][j];
                let mh = m[i][j] / (1.0 - beta1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - beta2.powi(epoch as i32));
                w[i][j] -= cfg.rate * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 50 == 0 || epoch == cfg.epochs {
            progress(epoch, error(data, &w, k, cfg.lambda, cfg.threads));
        }
    }
    // The fit decides the evaluation's scale together with K; bring it back to the starting
    // scale (the same total of horse, rook and cannon material) so that the search's margins,
    // written in centipawns, keep their meaning. Scaling every weight alike changes no ordering.
    let majors = [3usize, 4, 5].map(|k| W_MATERIAL + k);
    let before: f64 = majors
        .iter()
        .map(|&i| f64::from(WEIGHTS[i].mg + WEIGHTS[i].eg))
        .sum();
    let after: f64 = majors.iter().map(|&i| w[i][0] + w[i][1]).sum();
    let factor = if after > 0.0 { before / after } else { 1.0 };
    let rounded: Vec<Term> = w
        .iter()
        .map(|x| Term {
            mg: (x[0] * factor).round() as i32,
            eg: (x[1] * factor).round() as i32,
        })
        .collect();
    // The rounded weights measured at the fitted scale: the same predictions as the restored
    // scale with K over the factor, against the same targets (which K also shapes: measuring at
    // K over the factor moved the targets and reported a worse error than the fit reached).
    let wr: Vec<[f64; 2]> = rounded
        .iter()
        .map(|t| [f64::from(t.mg) / factor, f64::from(t.eg) / factor])
        .collect();
    Tuned {
        k,
        error_before,
        error_after: error(data, &wr, k, cfg.lambda, cfg.threads),
        weights: rounded,
    }
}

#[cfg(test)]
mod tests;
