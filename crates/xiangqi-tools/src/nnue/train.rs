//! `xiangqi-train train`: fits the network to packed data on the CPU's threads.
//!
//! The float network is the quantised one before rounding: feature rows and biases, squared
//! clipped ReLU, one output `o` (of [`TrainConfig::buckets`], the one the piece count picks),
//! the evaluation `o · SCALE` centipawns from the side to move's view. The loss is the mean
//! squared error between `σ(o · SCALE / K)` and the target
//! `λ · result + (1 − λ) · σ(score / K)`, both from the side to move's view (`K` is
//! [`TrainConfig::wdl_scale`], `SCALE` by default). Minibatches of
//! [`TrainConfig::batch`] positions are split among the threads, each summing its gradient, and
//! Adam moves every weight; with [`TrainConfig::layer`] a second layer of clipped neurons over
//! the same activations adds its output to the first's. Weights stay within ±[`WEIGHT_CLIP`] so
//! the quantised network's 16-bit products cannot overflow. The step size follows a cosine from
//! `rate` to a tenth of it.
//! The last `validation` share of the (shuffled) data is held out; every epoch prints the
//! training and validation loss and writes the quantised network (atomically). With the same
//! data, seed and threads the result is the same.

use std::path::PathBuf;
use std::time::Instant;

use super::data::{self, Record};
pub use super::float::FloatNet;
use super::float::{Sample, sample, sigmoid};
use xiangqi_engine::nnue::WEIGHT_CLIP;

/// What `train` is asked to do.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Packed data (`pack`'s output; text is read too).
    pub data: PathBuf,
    /// The network file to write.
    pub out: PathBuf,
    /// Passes over the data.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// Adam's step size at the start.
    pub rate: f32,
    /// Weight of the game result in the target.
    pub lambda: f32,
    /// The centipawns that are one unit of the sigmoid the loss compares win chances by
    /// ([`xiangqi_engine::nnue::SCALE`], 400, by default): the search score's share of the
    /// target is `σ(score / wdl_scale)` and the network's `σ(eval / wdl_scale)`, so a scale
    /// that fits how the games' results follow the scores lets `lambda` blend them without
    /// stretching the network's scores (self-play at 5,000 nodes: about 240).
    pub wdl_scale: f32,
    /// Threads.
    pub threads: usize,
    /// Seed of the starting weights.
    pub seed: u64,
    /// Share of the data held out to measure overfitting.
    pub validation: f32,
    /// Also fit each training position mirrored left to right (xiangqi's rules and values are
    /// the same on the mirrored board): twice the data for nothing.
    pub mirror: bool,
    /// Output buckets by the number of pieces (1: one output, as before).
    pub buckets: usize,
    /// Inputs bucketed by each side's king
    /// ([`xiangqi_engine::nnue::KING_BUCKETS`] blocks; false: one block, as before).
    pub king_buckets: bool,
    /// A network to go on training from (its shape must be the one asked for); `None`: small
    /// random weights from `seed`.
    pub init: Option<PathBuf>,
    /// A second layer ([`xiangqi_engine::nnue::Layer`]). Added to a starting network that has
    /// none, silent at first (it evaluates as before until training gives the layer a say).
    pub layer: bool,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            data: PathBuf::new(),
            out: PathBuf::from("chuhan.nnue"),
            epochs: 10,
            batch: 16_384,
            rate: 0.001,
            lambda: 0.5,
            wdl_scale: xiangqi_engine::nnue::SCALE as f32,
            threads: 1,
            seed: 1,
            validation: 0.02,
            mirror: true,
            buckets: 1,
            king_buckets: false,
            init: None,
            layer: false,
        }
    }
}

impl TrainConfig {
    /// The blocks of feature rows asked for: [`xiangqi_engine::nnue::KING_BUCKETS`] with king
    /// buckets, else one.
    fn king_blocks(&self) -> usize {
        if self.king_buckets {
            xiangqi_engine::nnue::KING_BUCKETS
        } else {
            1
        }
    }

    /// Small random starting weights from `seed`, in the shape asked for.
    fn fresh_net(&self) -> FloatNet {
        let mut net = FloatNet::with_shape(self.seed, self.king_blocks(), self.buckets);
        if self.layer {
            net.add_layer(self.seed);
        }
        net
    }
}

/// The mean loss of `net` over `samples`, on `threads` threads.
fn loss(net: &FloatNet, samples: &[Sample], threads: usize) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|c| {
                s.spawn(move || {
                    c.iter()
                        .map(|x| {
                            let (us, them) = (net.accumulate(&x.us), net.accumulate(&x.them));
                            let o = net.output(&us, &them, x.bucket);
                            f64::from((sigmoid(o * x.stretch) - x.target).powi(2))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    (total / samples.len() as f64) as f32
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    /// 1-based.
    pub epoch: usize,
    /// Mean training loss over the epoch's steps.
    pub train: f32,
    /// Loss on the held-out positions.
    pub validation: f32,
    /// Seconds since the start.
    pub seconds: f64,
}

/// Trains a network from small random weights on `records` and returns it, calling `progress`
/// after every epoch with the epoch's figures and the network so far.
pub fn train(
    records: &[Record],
    cfg: &TrainConfig,
    progress: impl FnMut(Epoch, &FloatNet),
) -> FloatNet {
    train_from(records, cfg, cfg.fresh_net(), progress)
}

/// [`train`] from the network `start` (fine-tuning one already trained), in `start`'s shape
/// (its output and king buckets, whatever `cfg` says of them).
pub fn train_from(
    records: &[Record],
    cfg: &TrainConfig,
    start: FloatNet,
    mut progress: impl FnMut(Epoch, &FloatNet),
) -> FloatNet {
    let started = Instant::now();
    let held = ((records.len() as f32) * cfg.validation) as usize;
    let (fit, check) = records.split_at(records.len() - held);
    let (buckets, kings) = (start.buckets(), start.king_buckets() > 1);
    let to_sample =
        |r: &Record, mirror| sample(r, (cfg.lambda, cfg.wdl_scale), mirror, buckets, kings);
    let mut fit: Vec<Sample> = fit.iter().map(|r| to_sample(r, false)).collect();
    if cfg.mirror {
        let mirrored: Vec<Sample> = records[..fit.len()]
            .iter()
            .map(|r| to_sample(r, true))
            .collect();
        // Interleaved, so that a batch holds both halves of the data.
        fit = fit
            .into_iter()
            .zip(mirrored)
            .flat_map(|(a, b)| [a, b])
            .collect();
    }
    let check: Vec<Sample> = check.iter().map(|r| to_sample(r, false)).collect();
    let mut net = start;
    let n = net.len();
    let (mut m, mut v) = (vec![0f32; n], vec![0f32; n]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let threads = cfg.threads.max(1);
    let batch = cfg.batch.max(1);
    let steps_per_epoch = fit.len().div_ceil(batch).max(1);
    let total_steps = (steps_per_epoch * cfg.epochs).max(1);
    let mut grads = vec![vec![0f32; n]; threads];
    let mut t = 0usize;
    for epoch in 1..=cfg.epochs {
        let mut sum = 0f64;
        for b in fit.chunks(batch) {
            let per = b.len().div_ceil(threads);
            let net_ref = &net;
            let losses: Vec<f64> = std::thread::scope(|s| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(b.chunks(per))
                    .map(|(g, c)| {
                        s.spawn(move || {
                            g.iter_mut().for_each(|x| *x = 0.0);
                            c.iter()
                                .map(|x| f64::from(net_ref.backprop(x, g)))
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            let used = losses.len();
            sum += losses.iter().sum::<f64>();
            t += 1;
            let progress_share = t as f32 / total_steps as f32;
            let rate = cfg.rate
                * (0.1 + 0.9 * 0.5 * (1.0 + (std::f32::consts::PI * progress_share).cos()));
            let (c1, c2) = (1.0 - b1.powi(t as i32), 1.0 - b2.powi(t as i32));
            let scale = 1.0 / b.len() as f32;
            for (i, w) in net.params_mut().enumerate() {
                let g: f32 = grads[..used].iter().map(|g| g[i]).sum::<f32>() * scale;
                if g == 0.0 && m[i] == 0.0 {
                    continue;
                }
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                *w -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                *w = w.clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
            }
        }
        let e = Epoch {
            epoch,
            train: (sum / fit.len().max(1) as f64) as f32,
            validation: loss(&net, &check, threads),
            seconds: started.elapsed().as_secs_f64(),
        };
        progress(e, &net);
    }
    net
}

/// `xiangqi-train train`: loads the data, trains, prints the loss curve and writes the
/// network after every epoch.
///
/// # Errors
/// The data cannot be read, holds no position, or the network cannot be written.
pub fn run(cfg: &TrainConfig) -> std::io::Result<()> {
    let loaded = data::load(&cfg.data)?;
    eprintln!(
        "{}: {} positions, {} skipped",
        cfg.data.display(),
        loaded.records.len(),
        loaded.skipped
    );
    if loaded.records.is_empty() {
        return Err(std::io::Error::other("no positions to train on"));
    }
    let start = match &cfg.init {
        Some(path) => {
            let bytes = std::fs::read(path)?;
            let net = xiangqi_engine::nnue::Network::from_bytes(&bytes).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            })?;
            let mut start = FloatNet::from_network(&net);
            if cfg.layer && !start.has_layer() {
                start.add_layer(cfg.seed);
                eprintln!(
                    "a second layer added to {}, silent at first",
                    path.display()
                );
            }
            if start.has_layer() && !cfg.layer {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{} has a second layer: train it with --layer 1",
                        path.display()
                    ),
                ));
            }
            let kings = cfg.king_blocks();
            if start.buckets() != cfg.buckets || start.king_buckets() != kings {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidInput,
                    format!(
                        "{} has {} output and {} king buckets, not the {} and {kings} asked for",
                        path.display(),
                        start.buckets(),
                        start.king_buckets(),
                        cfg.buckets
                    ),
                ));
            }
            eprintln!("going on from {}", path.display());
            start
        }
        None => cfg.fresh_net(),
    };
    let mut failed = None;
    train_from(&loaded.records, cfg, start, |e, net| {
        println!(
            "epoch {:>3}  train {:.6}  validation {:.6}  {:.0} s",
            e.epoch, e.train, e.validation, e.seconds
        );
        if let Err(err) = write_atomically(&cfg.out, &net.quantise().to_bytes()) {
            failed = Some(err);
        }
    });
    failed.map_or(Ok(()), Err)
}

fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}
