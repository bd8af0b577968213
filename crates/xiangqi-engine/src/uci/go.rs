//! Reading `go`: clocks and increments (UCI's and UCCI's), moves to go, depth, nodes, mate,
//! move time and infinite, with absurd numbers saturated.

use super::*;

impl Session {
    pub(super) fn parse_go(&self, args: &[&str], side: Color) -> Result<Limits, String> {
        let mut l = Limits::default();
        let mut i = 0;
        let unit = |v: u64, ucci: bool, ms: bool| {
            if ucci && !ms {
                Duration::from_secs(v)
            } else {
                Duration::from_millis(v)
            }
        };
        let ucci = self.protocol == Protocol::Ucci;
        let num = |i: usize| -> Result<u64, String> {
            let w = args
                .get(i + 1)
                .ok_or_else(|| format!("go: {} needs a value", args[i]))?;
            w.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(|v| v as u64)
                .ok_or_else(|| format!("go: bad value {w:?} for {}", args[i]))
        };
        let mine = |c: Color| c == side;
        while i < args.len() {
            match args[i] {
                "infinite" => l.infinite = true,
                "ponder" | "draw" => {}
                "depth" => {
                    l.depth = Some(num(i)?.clamp(1, 96) as u32);
                    i += 1;
                }
                "nodes" => {
                    l.nodes = Some(num(i)?.max(1));
                    i += 1;
                }
                "movetime" => {
                    l.movetime = Some(Duration::from_millis(num(i)?));
                    i += 1;
                }
                "mate" => {
                    l.depth = Some(num(i)?.saturating_mul(2).clamp(1, 96) as u32);
                    i += 1;
                }
                "wtime" | "btime" | "winc" | "binc" => {
                    // w… is Red's clock, b… Black's; only the side to move's counts.
                    let c = if args[i].starts_with('w') {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    let v = Duration::from_millis(num(i)?);
                    if mine(c) {
                        if args[i].ends_with("inc") {
                            l.increment = v;
                        } else {
                            l.time = Some(v);
                        }
                    }
                    i += 1;
                }
                "time" => {
                    l.time = Some(unit(num(i)?, ucci, self.millisec));
                    i += 1;
                }
                "increment" => {
                    l.increment = unit(num(i)?, ucci, self.millisec);
                    i += 1;
                }
                "opptime" | "oppincrement" | "oppmovestogo" => i += 1,
                "movestogo" => {
                    l.moves_to_go = Some(num(i)?.clamp(1, 1000) as u32);
                    i += 1;
                }
                "searchmoves" => {
                    let pos = self.current();
                    while let Some(m) = args.get(i + 1).and_then(|w| w.parse::<Move>().ok()) {
                        if pos.is_legal(m) {
                            l.search_moves.push(m);
                        }
                        i += 1;
                    }
                }
                other => {
                    return Err(format!(
                        "go: unknown parameter {other:?}; ignored the command"
                    ));
                }
            }
            i += 1;
        }
        Ok(l)
    }
}
