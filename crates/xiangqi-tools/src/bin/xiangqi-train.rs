//! `xiangqi-train`: the engine's training pipeline. `datagen` plays self-play games and writes
//! positions with their scores and results, `pack` merges, deduplicates and shuffles them,
//! `train` fits the network to them and `tune` fits the hand-crafted evaluation's weights
//! (docs/engine.md says how the shipped network and weights were made).

use std::process::ExitCode;

const USAGE: &str = "usage: xiangqi-train datagen --out FILE [--games N] [--nodes N] [--threads N] [--seed S]
                            [--eval hce|nnue|FILE] [--random-plies N] [--openings FILE.epd]   self-play data (hce: the default)
       xiangqi-train tune --data FILE [--out FILE] [--epochs N] [--rate R] [--lambda L] [--l2 X] [--threads N]
       xiangqi-train pack --out FILE.bin [--seed S] INPUT...   merge, deduplicate and shuffle data
       xiangqi-train train --data FILE.bin [--out FILE] [--epochs N] [--batch N] [--rate R] [--lambda L]
                            [--threads N] [--seed S] [--validation SHARE] [--mirror 0|1] [--buckets N] [--king-buckets 0|1]
                            [--init FILE.nnue] [--wdl-scale CP] [--layer 0|1]   fit the network (from FILE's weights: fine-tune it)
       xiangqi-train check --net FILE --data FILE [--count N]   a network against the data's scores";

/// The value after each `--name`, checked against `known`.
fn options<'a>(
    args: &'a [String],
    known: &[&str],
) -> Result<std::collections::HashMap<&'a str, &'a str>, String> {
    let mut map = std::collections::HashMap::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let name = a.strip_prefix("--").filter(|n| known.contains(n));
        let Some(name) = name else {
            return Err(format!("unknown argument {a:?}"));
        };
        let v = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
        map.insert(name, v.as_str());
    }
    Ok(map)
}

fn number<T: std::str::FromStr>(
    map: &std::collections::HashMap<&str, &str>,
    name: &str,
    default: T,
) -> Result<T, String> {
    map.get(name).map_or(Ok(default), |v| {
        v.parse()
            .map_err(|_| format!("--{name}: not a number: {v:?}"))
    })
}

fn datagen_config(args: &[String]) -> Result<xiangqi_tools::tune::datagen::DatagenConfig, String> {
    let m = options(
        args,
        &[
            "out",
            "games",
            "nodes",
            "threads",
            "seed",
            "eval",
            "random-plies",
            "openings",
        ],
    )?;
    let network = match m.get("eval").copied().unwrap_or("hce") {
        "hce" => None,
        "nnue" => Some(xiangqi_engine::nnue::Network::embedded()),
        file => {
            let bytes = std::fs::read(file).map_err(|e| format!("--eval {file}: {e}"))?;
            let net = xiangqi_engine::nnue::Network::from_bytes(&bytes)
                .map_err(|e| format!("--eval {file}: {e}"))?;
            Some(std::sync::Arc::new(net))
        }
    };
    Ok(xiangqi_tools::tune::datagen::DatagenConfig {
        out: m.get("out").ok_or("--out is required")?.into(),
        games: number(&m, "games", 2000)?,
        nodes: number(&m, "nodes", 5000)?,
        threads: number(&m, "threads", 2)?,
        seed: number(&m, "seed", 1)?,
        network,
        random_plies: number(
            &m,
            "random-plies",
            xiangqi_tools::tune::datagen::DEFAULT_RANDOM_PLIES,
        )?,
        openings: match m.get("openings") {
            Some(f) => xiangqi_tools::suite::read_openings(f)
                .map_err(|e| format!("--openings {f}: {e}"))?,
            None => Vec::new(),
        },
    })
}

fn pack_args(
    args: &[String],
) -> Result<(Vec<std::path::PathBuf>, std::path::PathBuf, u64), String> {
    let (mut inputs, mut out, mut seed) = (Vec::new(), None, 1);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => out = Some(it.next().ok_or("--out needs a value")?.into()),
            "--seed" => {
                let v = it.next().ok_or("--seed needs a value")?;
                seed = v
                    .parse()
                    .map_err(|_| format!("--seed: not a number: {v:?}"))?;
            }
            _ if a.starts_with("--") => return Err(format!("unknown argument {a:?}")),
            _ => inputs.push(a.into()),
        }
    }
    if inputs.is_empty() {
        return Err("no input files".into());
    }
    Ok((inputs, out.ok_or("--out is required")?, seed))
}

fn train_config(args: &[String]) -> Result<xiangqi_tools::nnue::train::TrainConfig, String> {
    let m = options(
        args,
        &[
            "data",
            "out",
            "epochs",
            "batch",
            "rate",
            "lambda",
            "threads",
            "seed",
            "validation",
            "mirror",
            "buckets",
            "king-buckets",
            "init",
            "wdl-scale",
            "layer",
        ],
    )?;
    let d = xiangqi_tools::nnue::train::TrainConfig::default();
    let cfg = xiangqi_tools::nnue::train::TrainConfig {
        data: m.get("data").ok_or("--data is required")?.into(),
        out: m.get("out").map_or(d.out, Into::into),
        epochs: number(&m, "epochs", d.epochs)?,
        batch: number(&m, "batch", d.batch)?,
        rate: number(&m, "rate", d.rate)?,
        lambda: number(&m, "lambda", d.lambda)?,
        threads: number(&m, "threads", 2)?,
        seed: number(&m, "seed", d.seed)?,
        validation: number(&m, "validation", d.validation)?,
        mirror: number(&m, "mirror", 1u8)? == 1,
        buckets: number(&m, "buckets", d.buckets)?,
        king_buckets: number(&m, "king-buckets", 0u8)? == 1,
        init: m.get("init").map(Into::into),
        wdl_scale: number(&m, "wdl-scale", d.wdl_scale)?,
        layer: number(&m, "layer", 0u8)? == 1,
    };
    if !(0.0..=1.0).contains(&cfg.lambda) || !(0.0..0.5).contains(&cfg.validation) {
        return Err("--lambda must be 0-1 and --validation below 0.5".into());
    }
    if !(50.0..=2000.0).contains(&cfg.wdl_scale) {
        return Err("--wdl-scale must be 50-2000 centipawns".into());
    }
    if !(1..=xiangqi_engine::nnue::MAX_BUCKETS).contains(&cfg.buckets) {
        return Err(format!(
            "--buckets must be 1-{}",
            xiangqi_engine::nnue::MAX_BUCKETS
        ));
    }
    Ok(cfg)
}

fn tune_config(
    args: &[String],
) -> Result<
    (
        std::path::PathBuf,
        std::path::PathBuf,
        xiangqi_tools::tune::texel::TuneConfig,
    ),
    String,
> {
    let m = options(
        args,
        &["data", "out", "epochs", "rate", "lambda", "l2", "threads"],
    )?;
    let data = m.get("data").ok_or("--data is required")?.into();
    let out = m
        .get("out")
        .copied()
        .unwrap_or("crates/xiangqi-engine/src/eval/weights.rs")
        .into();
    let cfg = xiangqi_tools::tune::texel::TuneConfig {
        epochs: number(&m, "epochs", 400)?,
        rate: number(&m, "rate", 1.0)?,
        lambda: number(&m, "lambda", 0.5)?,
        l2: number(&m, "l2", 0.0)?,
        threads: number(&m, "threads", 2)?,
    };
    if !(0.0..=1.0).contains(&cfg.lambda) {
        return Err("--lambda must be between 0 and 1".into());
    }
    Ok((data, out, cfg))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("datagen") => match datagen_config(&args[1..]) {
            Ok(cfg) => match xiangqi_tools::tune::datagen::run(&cfg) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("datagen: {e}");
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                eprintln!("datagen: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("tune") => match tune_config(&args[1..]) {
            Ok((data, out, cfg)) => match xiangqi_tools::tune::texel::run(&data, &out, &cfg) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tune: {e}");
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                eprintln!("tune: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("pack") => match pack_args(&args[1..]) {
            Ok((inputs, out, seed)) => match xiangqi_tools::nnue::data::pack(&inputs, &out, seed) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("pack: {e}");
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                eprintln!("pack: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("train") => match train_config(&args[1..]) {
            Ok(cfg) => match xiangqi_tools::nnue::train::run(&cfg) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("train: {e}");
                    ExitCode::from(1)
                }
            },
            Err(e) => {
                eprintln!("train: {e}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("check") => check(&args[1..]),
        None | Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("unknown subcommand {other:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn check(args: &[String]) -> ExitCode {
    let run = || -> Result<xiangqi_tools::nnue::check::Checked, (String, u8)> {
        let m = options(args, &["net", "data", "count"]).map_err(|e| (e, 2))?;
        let net = m.get("net").ok_or(("--net is required".to_string(), 2))?;
        let data = m.get("data").ok_or(("--data is required".to_string(), 2))?;
        let count = number(&m, "count", 20_000usize).map_err(|e| (e, 2))?;
        xiangqi_tools::nnue::check::run(net.as_ref(), data.as_ref(), count).map_err(|e| (e, 1))
    };
    match run() {
        Ok(c) => {
            println!(
                "{} positions: {:.1} cp from the search score on average (mean signed {:+.1} cp, slope {:.3})",
                c.positions, c.mean_abs, c.mean_signed, c.slope
            );
            ExitCode::SUCCESS
        }
        Err((e, code)) => {
            eprintln!("check: {e}\n{USAGE}");
            ExitCode::from(code)
        }
    }
}
