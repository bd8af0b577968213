//! `setoption`: the options of UCI and UCCI (their two syntaxes), levels, books, threads, hash,
//! the network and the rulebook.

use super::*;

impl Session {
    pub(super) fn setoption(&mut self, args: &[&str]) {
        // UCI: setoption name <id...> [value <x...>]; UCCI: setoption <id> [<x>].
        let (name, value) = if args.first() == Some(&"name") {
            let v = args.iter().position(|&w| w == "value");
            let name = args[1..v.unwrap_or(args.len())].join(" ");
            let value = v.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
            (name, value)
        } else {
            (
                args.first().copied().unwrap_or("").to_string(),
                args.get(1..).map(|a| a.join(" ")).unwrap_or_default(),
            )
        };
        let lname = name.to_ascii_lowercase();
        let flag = |v: &str| matches!(v.to_ascii_lowercase().as_str(), "true" | "on" | "1");
        match lname.as_str() {
            "hash" | "hashsize" => match value.parse::<usize>() {
                Ok(mib) if (1..=4096).contains(&mib) => self.engine().set_hash_mib(mib),
                _ => self.complain(&format!("bad hash size {value:?} (1-4096 MiB)")),
            },
            "clear hash" | "newgame" => self.engine().new_game(),
            "threads" => match value.parse::<usize>() {
                Ok(n) if (1..=max_threads()).contains(&n) => self.engine().set_threads(n),
                _ => self.complain(&format!("bad Threads {value:?} (1-{})", max_threads())),
            },
            "move overhead" | "moveoverhead" => match value.trim().parse::<u64>() {
                Ok(ms) if ms <= MAX_OVERHEAD_MS => self.move_overhead = Duration::from_millis(ms),
                _ => self.complain(&format!(
                    "bad Move Overhead {value:?} (0-{MAX_OVERHEAD_MS} ms); unchanged"
                )),
            },
            "multipv" => match value.parse::<usize>() {
                Ok(n) if (1..=128).contains(&n) => self.engine().set_multipv(n),
                _ => self.complain(&format!("bad MultiPV {value:?} (1-128)")),
            },
            "level" | "skill level" => {
                let v = value.trim();
                if v.eq_ignore_ascii_case("full") || v == "7" {
                    self.engine().set_level(None);
                } else {
                    match v.parse::<Level>() {
                        Ok(l) => self.engine().set_level(Some(l)),
                        Err(e) => self.complain(&e.to_string()),
                    }
                }
            }
            "levelscale" => match value.parse::<u32>() {
                Ok(p) if (1..=10_000).contains(&p) => self.engine().set_level_scale(p),
                _ => self.complain(&format!("bad LevelScale {value:?} (1-10000)")),
            },
            "ownbook" | "usebook" => {
                let on = flag(&value);
                self.engine().set_own_book(on);
            }
            "bookfile" => {
                if value.is_empty() || value == "<builtin>" {
                    self.engine().set_book(Book::builtin());
                } else {
                    match std::fs::read_to_string(&value) {
                        Ok(text) => match Book::parse(&text) {
                            Ok(b) => self.engine().set_book(b),
                            Err(e) => self.complain(&format!("{value}: {e}; book unchanged")),
                        },
                        Err(e) => self.complain(&format!("{value}: {e}; book unchanged")),
                    }
                }
            }
            "usennue" => {
                let net = flag(&value).then(|| self.eval_file.clone());
                self.engine().set_network(net);
            }
            "evalfile" => {
                let loaded = if value.is_empty() || value == "<builtin>" {
                    Ok(crate::nnue::Network::embedded())
                } else {
                    std::fs::read(&value)
                        .map_err(|e| e.to_string())
                        .and_then(|b| {
                            crate::nnue::Network::from_bytes(&b).map_err(|e| e.to_string())
                        })
                        .map(Arc::new)
                };
                match loaded {
                    Ok(net) => {
                        self.eval_file = Arc::clone(&net);
                        if self.engine().uses_network() {
                            self.engine().set_network(Some(net));
                        }
                    }
                    Err(e) => self.complain(&format!("{value}: {e}; network unchanged")),
                }
            }
            "repetition rule" | "repetitionrule" | "rules" => match value.parse() {
                Ok(r) => self.engine().set_rulebook(r),
                Err(e) => self.complain(&format!("{e}; unchanged")),
            },
            "usemillisec" => self.millisec = flag(&value),
            "batch" | "debug" | "ponder" | "knowledge" | "pruning" | "randomness" | "idle"
            | "promotion" => {}
            _ if crate::search::params::spec(&lname).is_some() => {
                // A search parameter (for the SPSA tuner; not listed by `uci`).
                match value.trim().parse::<i32>() {
                    Ok(v) => {
                        if let Err(e) = self.engine().set_search_param(&lname, v) {
                            self.complain(&format!("{e}; unchanged"));
                        }
                    }
                    Err(_) => self.complain(&format!("{name}: {value:?} is not a whole number")),
                }
            }
            _ => self.complain(&format!("unknown option {name:?}")),
        }
    }
}
