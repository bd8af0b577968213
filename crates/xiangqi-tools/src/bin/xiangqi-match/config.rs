//! The command line of `xiangqi-match`.

use xiangqi::Rulebook;
use xiangqi_tools::sprt::Sprt;

#[derive(Clone, Debug)]
pub enum Control {
    MoveTime(u64),
    Nodes(u64),
    Depth(u32),
    Clock { base_ms: u64, inc_ms: u64 },
}

#[derive(Clone, Debug)]
pub struct Config {
    pub cmds: [String; 2],
    pub ucci: [bool; 2],
    pub opts: [Vec<(String, String)>; 2],
    pub names: [String; 2],
    pub games: usize,
    pub concurrency: usize,
    pub time_limit_s: Option<u64>,
    pub control: Control,
    pub opening_plies: usize,
    pub openings_file: Option<String>,
    pub seed: u64,
    pub max_plies: usize,
    pub rules: Rulebook,
    pub pgn: Option<String>,
    /// A file to append one line per move to (`--log`): the engines' reports, for studies.
    pub log: Option<String>,
    pub engine_book: bool,
    pub ranks_from_1: [bool; 2],
    pub sprt: Option<Sprt>,
    pub spsa: Option<String>,
    pub spsa_iterations: u64,
    pub spsa_state: String,
    pub spsa_rate: f64,
}

pub fn parse_args() -> Result<Config, String> {
    let default_engine = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("xiangqi-engine")))
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "xiangqi-engine".into());
    let mut c = Config {
        cmds: [default_engine.clone(), default_engine],
        ucci: [false, false],
        opts: [Vec::new(), Vec::new()],
        names: ["engine1".into(), "engine2".into()],
        games: 100,
        concurrency: 1,
        time_limit_s: None,
        control: Control::MoveTime(100),
        opening_plies: 6,
        openings_file: None,
        seed: 1,
        max_plies: 600,
        rules: Rulebook::League,
        pgn: None,
        log: None,
        engine_book: false,
        ranks_from_1: [false, false],
        sprt: None,
        spsa: None,
        spsa_iterations: 2000,
        spsa_state: "spsa-state.txt".into(),
        spsa_rate: 0.002,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let val = |i: usize| {
            args.get(i + 1)
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        let num = |i: usize| -> Result<u64, String> {
            val(i)?
                .parse::<u64>()
                .map_err(|_| format!("{a}: not a number"))
        };
        match a {
            "--engine1" | "--engine2" => c.cmds[usize::from(a == "--engine2")] = val(i)?,
            "--name1" | "--name2" => c.names[usize::from(a == "--name2")] = val(i)?,
            "--opt1" | "--opt2" => {
                let v = val(i)?;
                let (n, x) = v.split_once('=').ok_or("options are NAME=VALUE")?;
                c.opts[usize::from(a == "--opt2")].push((n.to_string(), x.to_string()));
            }
            "--games" => c.games = num(i)?.max(2) as usize,
            "--concurrency" => c.concurrency = num(i)?.clamp(1, 64) as usize,
            "--time-limit" => c.time_limit_s = Some(num(i)?),
            "--movetime" => c.control = Control::MoveTime(num(i)?),
            "--nodes" => c.control = Control::Nodes(num(i)?),
            "--depth" => c.control = Control::Depth(num(i)? as u32),
            "--tc" => {
                let v = val(i)?;
                let (b, inc) = v.split_once('+').unwrap_or((&v, "0"));
                let secs = |s: &str| s.parse::<f64>().map_err(|_| format!("bad --tc {v}"));
                c.control = Control::Clock {
                    base_ms: (secs(b)? * 1000.0) as u64,
                    inc_ms: (secs(inc)? * 1000.0) as u64,
                };
            }
            "--openings" => c.opening_plies = num(i)? as usize,
            "--openings-file" => c.openings_file = Some(val(i)?),
            "--seed" => c.seed = num(i)?,
            "--max-plies" => c.max_plies = num(i)? as usize,
            "--rules" => c.rules = val(i)?.parse().map_err(|e| format!("--rules: {e}"))?,
            "--pgn" => c.pgn = Some(val(i)?),
            "--log" => c.log = Some(val(i)?),
            "--ucci1" | "--ucci2" => {
                c.ucci[usize::from(a == "--ucci2")] = true;
                i -= 1;
            }
            "--ranks1-from-1" | "--ranks2-from-1" => {
                c.ranks_from_1[usize::from(a == "--ranks2-from-1")] = true;
                i -= 1;
            }
            "--sprt" => {
                let elo = |j: usize| -> Result<f64, String> {
                    args.get(j)
                        .and_then(|v| v.parse::<f64>().ok())
                        .ok_or_else(|| "--sprt needs two Elo numbers".to_string())
                };
                let (elo0, elo1) = (elo(i + 1)?, elo(i + 2)?);
                if elo1 <= elo0 {
                    return Err("--sprt: ELO1 must exceed ELO0".into());
                }
                let old = c.sprt.unwrap_or_default();
                c.sprt = Some(Sprt { elo0, elo1, ..old });
                i += 1;
            }
            "--alpha" | "--beta" => {
                let v = val(i)?
                    .parse::<f64>()
                    .ok()
                    .filter(|v| *v > 0.0 && *v < 0.5)
                    .ok_or_else(|| format!("{a}: a number between 0 and 0.5"))?;
                let s = c.sprt.get_or_insert_with(Sprt::default);
                if a == "--alpha" {
                    s.alpha = v
                } else {
                    s.beta = v
                }
            }
            "--spsa" => c.spsa = Some(val(i)?),
            "--spsa-iterations" => c.spsa_iterations = num(i)?.max(1),
            "--spsa-state" => c.spsa_state = val(i)?,
            "--spsa-rate" => {
                c.spsa_rate = val(i)?
                    .parse::<f64>()
                    .ok()
                    .filter(|r| *r > 0.0 && *r < 1.0)
                    .ok_or("--spsa-rate: a number between 0 and 1")?;
            }
            "--engine-book" => {
                c.engine_book = true;
                i -= 1;
            }
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unknown argument {a}")),
        }
        i += 2;
    }
    c.games += c.games % 2;
    if c.sprt.is_some_and(|s| s.elo1 <= s.elo0) {
        return Err("--alpha/--beta need --sprt ELO0 ELO1".into());
    }
    Ok(c)
}
