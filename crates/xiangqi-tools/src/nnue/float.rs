//! The float network `train` fits: the quantised one before rounding.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use xiangqi::{Color, PieceKind};

use super::data::Record;
use xiangqi_engine::nnue::{
    HIDDEN, INPUTS, KingView, LAYER, Layer, Network, QA, QB, QL, Row, SCALE, bucketed_feature,
    king_view, output_bucket,
};

/// The float network.
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// Feature rows, `INPUTS × HIDDEN` for each king bucket.
    pub w1: Vec<f32>,
    /// Feature biases.
    pub b1: Vec<f32>,
    /// Output weights, `2 · HIDDEN` a bucket, the side to move's half first.
    pub w2: Vec<f32>,
    /// Output biases, one a bucket.
    pub b2: Vec<f32>,
    /// The second layer's weights, [`LAYER`] rows of `2 · HIDDEN` (over the side to move's
    /// activations first); empty without a second layer.
    pub lw: Vec<f32>,
    /// The second layer's biases, [`LAYER`] of them (or none).
    pub lb: Vec<f32>,
    /// The second layer's output weights, [`LAYER`] a bucket (or none).
    pub lo: Vec<f32>,
}

/// The activation the output and the second layer see: `clamp(x, 0, 1)²`.
fn act(x: f32) -> f32 {
    x.clamp(0.0, 1.0).powi(2)
}

/// One position's active inputs from the side to move's view and the other's, its output
/// bucket, and its target.
pub(super) struct Sample {
    pub(super) us: Vec<usize>,
    pub(super) them: Vec<usize>,
    pub(super) bucket: usize,
    pub(super) target: f32,
    /// `SCALE / wdl_scale`: the output's stretch before the sigmoid the loss compares.
    pub(super) stretch: f32,
}

pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// `r` as inputs and target (`λ` of the result, the score as a win chance at `wdl_scale`
/// centipawns), mirrored left to right if asked, for a network of `buckets` output buckets, with
/// king buckets if `kings`.
pub(super) fn sample(
    r: &Record,
    (lambda, wdl_scale): (f32, f32),
    mirror: bool,
    buckets: usize,
    kings: bool,
) -> Sample {
    let stm = r.side_to_move();
    let points: Vec<_> = r
        .pieces()
        .map(|(p, sq)| (p, if mirror { sq.mirror() } else { sq }))
        .collect();
    let view = |side: Color| match kings {
        true => points
            .iter()
            .find(|(p, _)| p.kind == PieceKind::King && p.color == side)
            .map_or(KingView::default(), |&(_, sq)| king_view(side, sq)),
        false => KingView::default(),
    };
    let (us_view, them_view) = (view(stm), view(stm.other()));
    let us = points
        .iter()
        .map(|&(p, sq)| bucketed_feature(stm, p, sq, us_view))
        .collect::<Vec<_>>();
    let them = points
        .iter()
        .map(|&(p, sq)| bucketed_feature(stm.other(), p, sq, them_view))
        .collect();
    let red = stm == Color::Red;
    let result = f32::from(r.result) / 2.0;
    let result = if red { result } else { 1.0 - result };
    let score = if red {
        f32::from(r.score)
    } else {
        -f32::from(r.score)
    };
    Sample {
        bucket: output_bucket(us.len() as u32, buckets),
        us,
        them,
        target: lambda * result + (1.0 - lambda) * sigmoid(score / wdl_scale),
        stretch: SCALE as f32 / wdl_scale,
    }
}

impl FloatNet {
    /// Small random starting weights, one output.
    #[must_use]
    pub fn new(seed: u64) -> FloatNet {
        FloatNet::with_buckets(seed, 1)
    }

    /// Small random starting weights, `buckets` outputs (at least one).
    #[must_use]
    pub fn with_buckets(seed: u64, buckets: usize) -> FloatNet {
        FloatNet::with_shape(seed, 1, buckets)
    }

    /// Small random starting weights, `king_buckets` blocks of feature rows (1 or
    /// [`xiangqi_engine::nnue::KING_BUCKETS`]), `buckets` outputs (at least one).
    #[must_use]
    pub fn with_shape(seed: u64, king_buckets: usize, buckets: usize) -> FloatNet {
        let buckets = buckets.max(1);
        let mut rng = StdRng::seed_from_u64(seed);
        let w1 = (0..king_buckets.max(1) * INPUTS * HIDDEN)
            .map(|_| rng.random_range(-0.1..0.1))
            .collect();
        let b1 = vec![0.1; HIDDEN];
        let span = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        let w2 = (0..2 * HIDDEN * buckets)
            .map(|_| rng.random_range(-span..span))
            .collect();
        FloatNet {
            w1,
            b1,
            w2,
            b2: vec![0.0; buckets],
            lw: Vec::new(),
            lb: Vec::new(),
            lo: Vec::new(),
        }
    }

    /// Gives the network a second layer ([`Layer`]) with small random weights from `seed`
    /// and output weights of zero, so that it evaluates every position as before and training
    /// gives the layer its say. Nothing happens if it has one.
    pub fn add_layer(&mut self, seed: u64) {
        if self.has_layer() {
            return;
        }
        let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed_1a7e);
        let span = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        self.lw = (0..LAYER * 2 * HIDDEN)
            .map(|_| rng.random_range(-span..span))
            .collect();
        // Biases inside the clipped range, so that every neuron passes a gradient from the start.
        self.lb = (0..LAYER).map(|_| rng.random_range(0.2..0.6)).collect();
        self.lo = vec![0.0; LAYER * self.buckets()];
    }

    /// Whether it has a second layer.
    #[must_use]
    pub fn has_layer(&self) -> bool {
        !self.lb.is_empty()
    }

    /// The second layer's neurons before clipping (none without a layer).
    fn layer_hidden(&self, us: &[f32], them: &[f32]) -> Vec<f32> {
        if !self.has_layer() {
            return Vec::new();
        }
        let a: Vec<f32> = us.iter().chain(them).map(|&x| act(x)).collect();
        self.lw
            .chunks_exact(2 * HIDDEN)
            .zip(&self.lb)
            .map(|(w, b)| a.iter().zip(w).map(|(a, w)| a * w).sum::<f32>() + b)
            .collect()
    }

    /// Its output buckets.
    #[must_use]
    pub fn buckets(&self) -> usize {
        self.b2.len()
    }

    /// Its king buckets (1: none).
    #[must_use]
    pub fn king_buckets(&self) -> usize {
        self.w1.len() / (INPUTS * HIDDEN)
    }

    pub(super) fn accumulate(&self, inputs: &[usize]) -> Vec<f32> {
        let mut acc = self.b1.clone();
        for &f in inputs {
            for (a, w) in acc.iter_mut().zip(&self.w1[f * HIDDEN..(f + 1) * HIDDEN]) {
                *a += w;
            }
        }
        acc
    }

    /// Bucket `bucket`'s output weights.
    fn out(&self, bucket: usize) -> &[f32] {
        &self.w2[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN]
    }

    pub(super) fn output(&self, us: &[f32], them: &[f32], bucket: usize) -> f32 {
        self.output_with(us, them, bucket, &self.layer_hidden(us, them))
    }

    /// [`FloatNet::output`] given the second layer's neurons before clipping.
    fn output_with(&self, us: &[f32], them: &[f32], bucket: usize, hidden: &[f32]) -> f32 {
        let half =
            |acc: &[f32], w: &[f32]| acc.iter().zip(w).map(|(&a, &w)| act(a) * w).sum::<f32>();
        let w = self.out(bucket);
        let layer = match self.has_layer() {
            true => {
                let lo = &self.lo[bucket * LAYER..(bucket + 1) * LAYER];
                hidden
                    .iter()
                    .zip(lo)
                    .map(|(h, o)| h.clamp(0.0, 1.0) * o)
                    .sum::<f32>()
            }
            false => 0.0,
        };
        half(us, &w[..HIDDEN]) + half(them, &w[HIDDEN..]) + self.b2[bucket] + layer
    }

    /// The evaluation of `record`'s position in centipawns from the side to move's view.
    #[must_use]
    pub fn evaluate(&self, record: &Record) -> f32 {
        let s = sample(
            record,
            (0.0, SCALE as f32),
            false,
            self.buckets(),
            self.king_buckets() > 1,
        );
        let (us, them) = (self.accumulate(&s.us), self.accumulate(&s.them));
        self.output(&us, &them, s.bucket) * SCALE as f32
    }

    /// The float network that `net` is the quantised form of: training from it goes on from
    /// where `net`'s training stopped (its [`FloatNet::quantise`] gives `net` back).
    #[must_use]
    pub fn from_network(net: &Network) -> FloatNet {
        let values = |rows: &mut dyn Iterator<Item = &Row>, by: i32| -> Vec<f32> {
            rows.flat_map(|r| r.0.iter().map(move |&v| f32::from(v) / by as f32))
                .collect()
        };
        FloatNet {
            w1: values(&mut net.weights.iter(), QA),
            b1: values(&mut std::iter::once(&net.bias), QA),
            w2: values(&mut net.out.iter().flatten(), QB),
            b2: net
                .out_bias
                .iter()
                .map(|&b| b as f32 / (QA * QB) as f32)
                .collect(),
            lw: net
                .layer
                .as_ref()
                .map_or(Vec::new(), |l| values(&mut l.weights.iter().flatten(), QL)),
            lb: net.layer.as_ref().map_or(Vec::new(), |l| {
                l.bias
                    .iter()
                    .map(|&b| b as f32 / (QA * QL) as f32)
                    .collect()
            }),
            lo: net.layer.as_ref().map_or(Vec::new(), |l| {
                l.out
                    .iter()
                    .flatten()
                    .map(|&w| f32::from(w) / QB as f32)
                    .collect()
            }),
        }
    }

    /// The quantised network.
    #[must_use]
    pub fn quantise(&self) -> Network {
        let q = |x: f32, by: i32| (x * by as f32).round() as i16;
        let row = |values: &[f32], by: i32| {
            let mut r = Row::default();
            for (v, &x) in r.0.iter_mut().zip(values) {
                *v = q(x, by);
            }
            r
        };
        Network {
            weights: self.w1.chunks_exact(HIDDEN).map(|c| row(c, QA)).collect(),
            bias: row(&self.b1, QA),
            out: self
                .w2
                .chunks_exact(2 * HIDDEN)
                .map(|w| [row(&w[..HIDDEN], QB), row(&w[HIDDEN..], QB)])
                .collect(),
            out_bias: self
                .b2
                .iter()
                .map(|b| (b * (QA * QB) as f32).round() as i32)
                .collect(),
            layer: self.has_layer().then(|| Layer {
                weights: self
                    .lw
                    .chunks_exact(2 * HIDDEN)
                    .map(|w| [row(&w[..HIDDEN], QL), row(&w[HIDDEN..], QL)])
                    .collect(),
                bias: self
                    .lb
                    .iter()
                    .map(|b| (b * (QA * QL) as f32).round() as i32)
                    .collect(),
                out: self
                    .lo
                    .chunks_exact(LAYER)
                    .map(|o| std::array::from_fn(|k| q(o[k], QB)))
                    .collect(),
            }),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.w1.len()
            + HIDDEN
            + self.w2.len()
            + self.b2.len()
            + self.lw.len()
            + self.lb.len()
            + self.lo.len()
    }

    /// Adds the loss's gradient for `s` to `g` (laid out as [`FloatNet::params_mut`]);
    /// returns the loss.
    pub(super) fn backprop(&self, s: &Sample, g: &mut [f32]) -> f32 {
        let us = self.accumulate(&s.us);
        let them = self.accumulate(&s.them);
        let hidden = self.layer_hidden(&us, &them);
        let p = sigmoid(self.output_with(&us, &them, s.bucket, &hidden) * s.stretch);
        let d = 2.0 * (p - s.target) * p * (1.0 - p) * s.stretch;
        let (gw1, rest) = g.split_at_mut(self.w1.len());
        let (gb1, rest) = rest.split_at_mut(HIDDEN);
        let (gw2, rest) = rest.split_at_mut(self.w2.len());
        let (gb2, rest) = rest.split_at_mut(self.b2.len());
        let (glw, rest) = rest.split_at_mut(self.lw.len());
        let (glb, glo) = rest.split_at_mut(self.lb.len());
        gb2[s.bucket] += d;
        let gw2 = &mut gw2[s.bucket * 2 * HIDDEN..(s.bucket + 1) * 2 * HIDDEN];
        let w2 = self.out(s.bucket);
        // The second layer: the gradient at each neuron before clipping (zero outside 0-1).
        let mut dh = [0f32; LAYER];
        if self.has_layer() {
            let lo = &self.lo[s.bucket * LAYER..(s.bucket + 1) * LAYER];
            let glo = &mut glo[s.bucket * LAYER..(s.bucket + 1) * LAYER];
            for (k, &h) in hidden.iter().enumerate() {
                glo[k] += d * h.clamp(0.0, 1.0);
                if h > 0.0 && h < 1.0 {
                    dh[k] = d * lo[k];
                    glb[k] += dh[k];
                }
            }
        }
        let layered = self.has_layer() && dh.iter().any(|&x| x != 0.0);
        for (half, (acc, inputs)) in [(&us, &s.us), (&them, &s.them)].into_iter().enumerate() {
            let mut dacc = [0f32; HIDDEN];
            for j in 0..HIDDEN {
                let x = acc[j];
                let a = act(x);
                gw2[half * HIDDEN + j] += d * a;
                let mut da = d * w2[half * HIDDEN + j];
                if layered {
                    for (k, &dk) in dh.iter().enumerate() {
                        let i = k * 2 * HIDDEN + half * HIDDEN + j;
                        glw[i] += dk * a;
                        da += dk * self.lw[i];
                    }
                }
                if x > 0.0 && x < 1.0 {
                    dacc[j] = da * 2.0 * x;
                }
            }
            for (gb, da) in gb1.iter_mut().zip(&dacc) {
                *gb += da;
            }
            for &f in inputs {
                for (gw, da) in gw1[f * HIDDEN..(f + 1) * HIDDEN].iter_mut().zip(&dacc) {
                    *gw += da;
                }
            }
        }
        (p - s.target).powi(2)
    }

    pub(super) fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.w1
            .iter_mut()
            .chain(self.b1.iter_mut())
            .chain(self.w2.iter_mut())
            .chain(self.b2.iter_mut())
            .chain(self.lw.iter_mut())
            .chain(self.lb.iter_mut())
            .chain(self.lo.iter_mut())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Position;

    #[test]
    fn the_target_is_the_side_to_move_s_at_the_scale_asked_for() {
        // Black to move; the search says Red stands 300 better and Red won.
        let pos = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        )
        .expect("a legal position");
        let r = Record::new(&pos, 300, 2).expect("a record");
        let at = |lambda: f32, scale: f32| sample(&r, (lambda, scale), false, 1, false);
        // From Black's side: a lost game and a score of -300.
        assert!(at(1.0, 400.0).target.abs() < 1e-6);
        assert!((at(0.0, 400.0).target - sigmoid(-0.75)).abs() < 1e-6);
        assert!((at(0.0, 240.0).target - sigmoid(-1.25)).abs() < 1e-6);
        let blend = at(0.5, 240.0);
        assert!((blend.target - 0.5 * sigmoid(-1.25)).abs() < 1e-6);
        // The output is compared at the same scale: 400 / 240.
        assert!((blend.stretch - 400.0 / 240.0).abs() < 1e-6);
        assert!((at(0.0, 400.0).stretch - 1.0).abs() < f32::EPSILON);
    }

    #[test]
    fn the_gradient_is_the_loss_s_slope_through_both_layers() {
        let pos = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR b - - 1 1",
        )
        .expect("a legal position");
        let r = Record::new(&pos, 150, 2).expect("a record");
        let s = sample(&r, (0.3, 400.0), false, 2, false);
        let mut net = FloatNet::with_shape(3, 1, 2);
        net.add_layer(4);
        // The layer's output weights start at zero; give them some, so that every part of the
        // network passes a gradient.
        let mut rng = StdRng::seed_from_u64(9);
        for o in &mut net.lo {
            *o = rng.random_range(-0.5..0.5);
        }
        let loss_at = |net: &FloatNet| {
            let (us, them) = (net.accumulate(&s.us), net.accumulate(&s.them));
            (sigmoid(net.output(&us, &them, s.bucket) * s.stretch) - s.target).powi(2)
        };
        let mut g = vec![0f32; net.len()];
        let loss = net.backprop(&s, &mut g);
        assert!((loss - loss_at(&net)).abs() < 1e-7);
        // Each group of weights in `params_mut`'s order: its three steepest weights' gradients
        // are the loss's slope measured by a small step either way.
        let groups = [
            net.w1.len(),
            HIDDEN,
            net.w2.len(),
            net.b2.len(),
            net.lw.len(),
            net.lb.len(),
            net.lo.len(),
        ];
        let mut start = 0;
        for (group, &n) in groups.iter().enumerate() {
            let mut steepest: Vec<usize> = (start..start + n).collect();
            steepest.sort_by(|&a, &b| g[b].abs().total_cmp(&g[a].abs()));
            assert!(g[steepest[0]] != 0.0, "group {group} has no gradient");
            for &i in steepest.iter().take(3) {
                let eps = 1e-3;
                let (mut plus, mut minus) = (net.clone(), net.clone());
                *plus.params_mut().nth(i).expect("a weight") += eps;
                *minus.params_mut().nth(i).expect("a weight") -= eps;
                let slope = (loss_at(&plus) - loss_at(&minus)) / (2.0 * eps);
                assert!(
                    (slope - g[i]).abs() <= 0.05 * g[i].abs() + 1e-6,
                    "group {group}, weight {i}: backprop {}, measured {slope}",
                    g[i]
                );
            }
            start += n;
        }
        assert_eq!(start, net.len());
    }
}
