//! The benchmark's arguments, and the comparison of two pictures.

use bevy::math::UVec2;

pub(crate) struct Options {
    pub(crate) frames: usize,
    pub(crate) graphics: Vec<String>,
    pub(crate) sizes: Vec<UVec2>,
    pub(crate) scenes: Vec<String>,
    pub(crate) png: Option<String>,
    pub(crate) compare: Option<String>,
    pub(crate) passes: bool,
    pub(crate) check: bool,
}

pub(crate) fn parse_size(s: &str) -> Result<UVec2, String> {
    let (w, h) = s
        .split_once('x')
        .ok_or_else(|| format!("{s:?} is not WIDTHxHEIGHT"))?;
    match (w.parse::<u32>(), h.parse::<u32>()) {
        (Ok(w), Ok(h)) if (16..=8192).contains(&w) && (16..=8192).contains(&h) => {
            Ok(UVec2::new(w, h))
        }
        _ => Err(format!("{s:?} is not WIDTHxHEIGHT (16 to 8192 each)")),
    }
}

fn list(s: &str, allowed: &[&str], what: &str) -> Result<Vec<String>, String> {
    s.split(',')
        .map(|x| {
            if allowed.contains(&x) {
                Ok(x.to_owned())
            } else {
                Err(format!(
                    "{what}: {x:?} is not one of {}",
                    allowed.join(", ")
                ))
            }
        })
        .collect()
}

pub(crate) fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        frames: 300,
        graphics: vec!["low".into(), "high".into()],
        sizes: vec![UVec2::new(1920, 1080), UVec2::new(3840, 2160)],
        scenes: vec!["idle".into(), "search".into(), "capture".into()],
        png: None,
        compare: None,
        passes: false,
        check: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--frames" => {
                o.frames = value()?
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or("--frames: a number from 1")?;
            }
            "--graphics" => o.graphics = list(&value()?, &["low", "high"], "--graphics")?,
            "--sizes" => {
                o.sizes = value()?
                    .split(',')
                    .map(parse_size)
                    .collect::<Result<_, _>>()?;
            }
            "--scenes" => {
                o.scenes = list(&value()?, &["idle", "search", "capture"], "--scenes")?;
            }
            "--png" => o.png = Some(value()?),
            "--compare" => o.compare = Some(value()?),
            "--passes" => o.passes = true,
            "--check" => o.check = true,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(o)
}

/// The mean absolute difference per channel of two pictures of one size, and the share of
/// pixels that differ by more than 24 in some channel.
pub(crate) fn difference(a: &str, b: &str) -> Result<(f64, f64), String> {
    let a = image::open(a).map_err(|e| format!("{a}: {e}"))?.to_rgb8();
    let b = image::open(b).map_err(|e| format!("{b}: {e}"))?.to_rgb8();
    if a.dimensions() != b.dimensions() {
        return Err(format!(
            "the pictures differ in size: {:?} and {:?}",
            a.dimensions(),
            b.dimensions()
        ));
    }
    let mut sum = 0u64;
    let mut far = 0usize;
    for (p, q) in a.pixels().zip(b.pixels()) {
        let d: Vec<u64> = (0..3).map(|i| u64::from(p[i].abs_diff(q[i]))).collect();
        sum += d.iter().sum::<u64>();
        if d.iter().any(|&x| x > 24) {
            far += 1;
        }
    }
    let pixels = (a.width() * a.height()) as f64;
    Ok((sum as f64 / (pixels * 3.0), far as f64 / pixels))
}
