//! `opponent`: a guest that plays whoever seeks in a server's lobby, for trying the game's online
//! play in a real window (`tools/online-window.sh`): it accepts the first seek it sees, says
//! hello in the chat, answers each move with the first legal one that takes nothing back (a
//! quiet move when there is one), and leaves after `--moves` moves or 120 seconds. With `--seek`
//! it opens a casual 5+3 seek instead and plays whoever accepts (`tools/windows-check.sh` pairs a
//! Windows build of it with a Linux one). Loopback only.
//!
//! ```text
//! cargo run -p chuhan-client --example opponent -- 127.0.0.1:7878 [--moves N] [--seek]
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use chuhan_client::{Change, Credentials, Link, Request, ServerAddress, Session};
use xiangqi_protocol::{ClientMsg, ColorChoice, Room, Rules, TimeControl};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(address) = args.first().and_then(|a| a.parse::<ServerAddress>().ok()) else {
        eprintln!("usage: opponent HOST:PORT [--moves N] [--seek]");
        return ExitCode::from(2);
    };
    let loopback = address.host() == "localhost"
        || address
            .host()
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if !loopback {
        eprintln!("opponent: {address} is not a loopback address");
        return ExitCode::from(2);
    }
    let moves: usize = match args.iter().position(|a| a == "--moves") {
        Some(i) => args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(20),
        None => 20,
    };
    let seek = args.iter().any(|a| a == "--seek");
    let Ok(link) = Link::start("opponent") else {
        eprintln!("opponent: the link did not start");
        return ExitCode::from(1);
    };
    link.send(Request::Connect {
        address,
        credentials: Credentials::Guest,
    });
    let mut session = Session::default();
    let mut game = None;
    let mut played = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline && played < moves {
        let Some(event) = link.next(Duration::from_millis(100)) else {
            continue;
        };
        for change in session.apply(event, Instant::now()) {
            match change {
                Change::LoggedIn => {
                    let me = session.me.as_ref().map_or("?", |m| m.name.as_str());
                    println!("opponent: logged in as {me}");
                    link.say(ClientMsg::Lobby { subscribe: true });
                    if seek {
                        link.say(ClientMsg::Seek(xiangqi_protocol::SeekTerms {
                            time: TimeControl {
                                base_s: 300,
                                inc_s: 3,
                            },
                            rated: false,
                            color: ColorChoice::default(),
                            rules: Rules::default(),
                            rating_min: None,
                            rating_max: None,
                        }));
                    }
                }
                Change::Lobby if game.is_none() && !seek => {
                    let me = session.me.as_ref().map(|m| m.name.clone());
                    if let Some(seek) = session
                        .lobby
                        .seeks
                        .iter()
                        .find(|s| Some(&s.name) != me.as_ref())
                    {
                        link.say(ClientMsg::AcceptSeek { seek: seek.id });
                    }
                }
                Change::GameOpened(id) => {
                    game = Some(id);
                    println!("opponent: playing game {id}");
                    link.say(ClientMsg::Chat {
                        room: Room::Game { game: id },
                        text: "你好！Good luck.".into(),
                    });
                }
                Change::GameOver(id) => {
                    println!("opponent: game {id} over");
                    return ExitCode::SUCCESS;
                }
                Change::Error(_, e) => eprintln!("opponent: {e}"),
                _ => {}
            }
        }
        let Some(id) = game else { continue };
        let Some(g) = session.games.get(&id) else {
            continue;
        };
        let (Some(side), None) = (g.my_side(), g.pending) else {
            continue;
        };
        let pos = g.position();
        if pos.side_to_move() != xiangqi::Color::from(side) || g.over() {
            continue;
        }
        let legal = pos.legal_moves();
        let quiet = legal
            .iter()
            .copied()
            .find(|m| pos.piece_at(m.to()).is_none());
        let Some(mv) = quiet.or_else(|| legal.first().copied()) else {
            continue;
        };
        std::thread::sleep(Duration::from_millis(300));
        if let Ok(msg) = session.play(id, mv, Duration::from_millis(300)) {
            link.say(msg);
            played += 1;
        }
    }
    ExitCode::SUCCESS
}
