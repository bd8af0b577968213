//! Online play without a window: the game's online client against a real `chuhan-server` on
//! 127.0.0.1 and a bot. Registering, a seek the bot accepts, moves both ways, a move made while
//! the connection is down taken back with the reason, the game restored when the link comes back
//! by itself, a draw declined, resignation by the game's own button, the record saved with its
//! players, time control and clocks and read back. Loopback only: the network fails in a proxy.

mod common;

use std::net::SocketAddr;

use chuhan::core::commands::Command;
use chuhan::core::game::{Controller, Game, MoveRequested, Players};
use chuhan::online::form::Form;
use chuhan::online::{LoginKind, Online, OnlineRequest, Screen};
use chuhan_client::Connection;
use chuhan_server::bot::{Bot, CutProxy};
use common::{app_in, engine_help, mv, scratch_dir, send, wait_for};
use tokio::runtime::Runtime;
use xiangqi::{Color as Side, Outcome, WinReason};
use xiangqi_protocol::{
    ChallengeTerms, ClientMsg, ColorChoice, OfferKind, Rules, ServerMsg, TimeControl,
};

/// A server on loopback, and a proxy to it whose connections the test can cut.
fn server_behind_a_proxy(rt: &Runtime) -> (SocketAddr, CutProxy) {
    let cfg = chuhan_server::config::Config {
        listen: "127.0.0.1:0".parse().expect("addr"),
        database: "sqlite::memory:".into(),
        max_connections_per_ip: 10_000,
        logins_per_minute: 100_000,
        ..chuhan_server::config::Config::default()
    };
    let server = rt.block_on(chuhan_server::start(cfg)).expect("starts").addr;
    let proxy = rt.block_on(CutProxy::start(server)).expect("a proxy");
    (server, proxy)
}

/// Waits for the bot to receive a message matching `want`, the game running meanwhile.
fn bot_sees(
    app: &mut bevy::prelude::App,
    rt: &Runtime,
    bot: &mut Bot,
    want: impl Fn(&ServerMsg) -> bool,
) -> ServerMsg {
    for _ in 0..500 {
        app.update();
        if let Ok(m) = rt.block_on(bot.expect_within(std::time::Duration::from_millis(20), &want)) {
            return m;
        }
    }
    panic!("the bot never saw it; saw {:?}", bot.seen);
}

fn online(app: &bevy::prelude::App) -> &Online {
    app.world().resource::<Online>()
}

fn game(app: &bevy::prelude::App) -> &Game {
    app.world().resource::<Game>()
}

#[test]
fn an_online_game_on_the_board_against_a_bot_with_fair_play() {
    let rt = Runtime::new().expect("runtime");
    let (server, proxy) = server_behind_a_proxy(&rt);
    let mut bot = rt
        .block_on(async {
            let mut b = Bot::connect(server).await?;
            b.log_in(ClientMsg::Register {
                name: format!("bot{}", std::process::id()),
                password: "long enough secret".into(),
            })
            .await?;
            b.send(&ClientMsg::Lobby { subscribe: true }).await?;
            Ok::<_, String>(b)
        })
        .expect("the bot logs in");

    let dir = scratch_dir();
    let mut app = app_in(&dir);
    let name = format!("p{}", std::process::id());
    {
        let mut form = app.world_mut().resource_mut::<Form>();
        form.address = format!("127.0.0.1:{}", proxy.addr.port());
        form.name.clone_from(&name);
        form.password = "a long enough password".into();
    }
    send(&mut app, OnlineRequest::Open);
    assert_eq!(online(&app).screen, Screen::Login);
    send(&mut app, OnlineRequest::LogIn(LoginKind::Register));
    assert!(
        app.world().resource::<Form>().password.is_empty(),
        "the password is not kept"
    );
    assert!(wait_for(&mut app, 10, |app| online(app).screen == Screen::Lobby));
    // The login is kept for the next time, readable by the player only; never the password.
    // Kept off the frame loop: there once the storage task has run.
    let tokens = dir.join("online-tokens");
    assert!(wait_for(&mut app, 10, |_| tokens.is_file()));
    let kept = std::fs::read_to_string(&tokens).expect("the kept login");
    assert!(
        kept.starts_with(&format!("127.0.0.1:{}\t", proxy.addr.port())),
        "{kept}"
    );
    assert!(!kept.contains("a long enough password"));

    // A seek; the bot accepts it; the game opens on the board from the player's side.
    send(
        &mut app,
        OnlineRequest::Seek {
            time: TimeControl::new(300, 3),
            rated: true,
            color: ColorChoice::Red,
            rules: Rules::Asian,
            range: None,
        },
    );
    let ServerMsg::SeekAdded { seek } = bot_sees(
        &mut app,
        &rt,
        &mut bot,
        |m| matches!(m, ServerMsg::SeekAdded { seek } if seek.name == name),
    ) else {
        unreachable!()
    };
    rt.block_on(bot.send(&ClientMsg::AcceptSeek { seek: seek.id }))
        .unwrap();
    assert!(wait_for(&mut app, 10, |app| online(app).screen == Screen::Game));
    let id = online(&app).active.expect("a game on the board");
    assert_eq!(game(&app).players, Players::online(Some(Side::Red)));
    assert_eq!(game(&app).players.black, Controller::Remote);

    // The player's move (as a click sends it), the bot's reply on the board.
    send(&mut app, MoveRequested(mv("h2e2")));
    bot_sees(&mut app, &rt, &mut bot, |m| {
        matches!(m, ServerMsg::Moved { ply: 0, .. })
    });
    rt.block_on(bot.send(&ClientMsg::Move {
        game: id,
        ply: 1,
        mv: "h9g7".into(),
        think_ms: None,
    }))
    .unwrap();
    assert!(wait_for(&mut app, 10, |app| game(app).record.len() == 2));
    assert_eq!(game(&app).record.last_move(), Some(mv("h9g7")));

    // The network fails: a move made meanwhile is taken back with the reason; the link comes
    // back by itself and the game is as the server has it.
    proxy.cut();
    assert!(wait_for(&mut app, 10, |app| matches!(
        online(app).session.connection,
        Connection::Reconnecting { .. }
    )));
    send(&mut app, MoveRequested(mv("h0g2")));
    assert!(wait_for(&mut app, 10, |app| game(app).record.len() == 2
        && online(app).status.is_some()));
    assert!(wait_for(&mut app, 15, |app| online(app).session.connection
        == Connection::Online));
    app.update();
    assert_eq!(game(&app).record.len(), 2, "nothing lost, nothing doubled");
    send(&mut app, MoveRequested(mv("h0g2")));
    bot_sees(&mut app, &rt, &mut bot, |m| {
        matches!(m, ServerMsg::Moved { ply: 2, .. })
    });

    // Fair play: against a person no engine helps while the game goes on. A hint is not
    // searched, the analysis does not open (so no arrows either).
    send(&mut app, chuhan::hints::HintRequested);
    send(&mut app, chuhan::analysis::AnalysisRequest::Toggle);
    (0..5).for_each(|_| app.update());
    assert_eq!(
        engine_help(&app),
        (false, false),
        "the engine helps in play"
    );

    // The bot offers a draw; the player declines.
    rt.block_on(bot.send(&ClientMsg::Offer {
        game: id,
        kind: OfferKind::Draw,
    }))
    .unwrap();
    assert!(wait_for(&mut app, 10, |app| online(app)
        .game()
        .is_some_and(
            |g| g.offered(OfferKind::Draw, xiangqi_protocol::Side::Black)
        )));
    send(&mut app, OnlineRequest::Decline(OfferKind::Draw));
    bot_sees(&mut app, &rt, &mut bot, |m| {
        matches!(m, ServerMsg::OfferGone { .. })
    });

    // Resigning asks once: "play on" leaves the game as it was, and the server hears nothing.
    send(&mut app, Command::Resign);
    app.update();
    assert_eq!(online(&app).resign_asked, Some(id));
    send(&mut app, OnlineRequest::ConfirmResign(false));
    app.update();
    assert_eq!(online(&app).resign_asked, None);
    std::thread::sleep(std::time::Duration::from_millis(300));
    app.update();
    assert!(game(&app).ended.is_none(), "not resigned without the yes");
    // Asked again and answered yes: it ends on the server, then on the board.
    send(&mut app, Command::Resign);
    app.update();
    send(&mut app, OnlineRequest::ConfirmResign(true));
    assert!(wait_for(&mut app, 10, |app| game(app).ended.is_some()));
    assert_eq!(
        game(&app).ended,
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    // Once the game is over, the engine's help is back: the analysis opens on the final position
    // (a hint has no move to suggest in a finished game, online or not).
    send(&mut app, chuhan::analysis::AnalysisRequest::Toggle);
    assert!(wait_for(&mut app, 10, |app| engine_help(app).1));
    // The record is saved like any other: players, time control, each move's clock.
    let records = dir.join("records");
    assert!(wait_for(&mut app, 10, |_| std::fs::read_dir(&records)
        .is_ok_and(|d| d
            .filter_map(Result::ok)
            .any(|e| e.path().extension().is_some_and(|x| x == "pgn")))));
    let pgn = std::fs::read_dir(&records)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "pgn"))
        .unwrap();
    let text = std::fs::read_to_string(&pgn).unwrap();
    for wanted in [
        format!("[Red \"{name}\"]"),
        "[TimeControl \"300+3\"]".to_owned(),
        "[Result \"0-1\"]".to_owned(),
        "[%clk 0:0".to_owned(),
    ] {
        assert!(text.contains(&wanted), "{wanted} in {text}");
    }
    let back = xiangqi::pgn::read_str(&text).expect("reads back");
    assert_eq!(back.moves(), &[mv("h2e2"), mv("h9g7"), mv("h0g2")][..]);
}

#[test]
fn hosting_a_game_for_a_friend_on_the_same_network() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    // In the test, on 127.0.0.1 only (the button listens on every interface).
    send(&mut app, OnlineRequest::Host { everyone: false });
    assert!(wait_for(&mut app, 15, |app| online(app).logged_in()));
    let addr = online(&app)
        .host
        .as_ref()
        .and_then(|h| h.addr)
        .expect("listening");
    assert!(addr.ip().is_loopback());
    assert_eq!(
        online(&app).host.as_ref().unwrap().addresses(),
        vec![addr.to_string()]
    );
    assert!(
        dir.join("lan-server.db").is_file(),
        "the database in the data folder"
    );
    let me = online(&app).session.me.clone().expect("logged in");
    assert!(me.guest);

    // The friend joins (a guest too) and challenges the host by name.
    let rt = Runtime::new().expect("runtime");
    let mut friend = rt
        .block_on(async {
            let mut b = Bot::connect(addr).await?;
            b.log_in(ClientMsg::Guest).await?;
            b.send(&ClientMsg::Challenge(ChallengeTerms {
                to: me.name.clone(),
                time: TimeControl::new(600, 5),
                rated: false,
                color: ColorChoice::Black,
                rules: Rules::Asian,
                fen: None,
            }))
            .await?;
            Ok::<_, String>(b)
        })
        .expect("the friend joins");
    assert!(wait_for(&mut app, 10, |app| !online(app)
        .session
        .lobby
        .challenges
        .is_empty()));
    let challenge = online(&app).session.lobby.challenges[0].id;
    send(&mut app, OnlineRequest::AcceptChallenge(challenge));
    assert!(wait_for(&mut app, 10, |app| online(app).screen == Screen::Game));
    assert_eq!(game(&app).players, Players::online(Some(Side::Red)));
    send(&mut app, MoveRequested(mv("b2e2")));
    bot_sees(&mut app, &rt, &mut friend, |m| {
        matches!(m, ServerMsg::Moved { ply: 0, .. })
    });

    // Stopping the server ends the friend's connection.
    send(&mut app, OnlineRequest::StopHost);
    assert!(rt.block_on(friend.closed_within(std::time::Duration::from_secs(10))));
}

#[test]
fn a_seek_on_the_players_terms_and_a_game_watched_without_move_input() {
    let rt = Runtime::new().expect("runtime");
    let (server, _proxy) = server_behind_a_proxy(&rt);
    let account = |prefix: &str| {
        let name = format!("{prefix}{}", std::process::id());
        rt.block_on(async {
            let mut b = Bot::connect(server).await?;
            b.log_in(ClientMsg::Register {
                name,
                password: "long enough secret".into(),
            })
            .await?;
            b.send(&ClientMsg::Lobby { subscribe: true }).await?;
            Ok::<_, String>(b)
        })
        .expect("a bot")
    };
    let (mut red, mut black) = (account("r"), account("b"));
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    app.world_mut().resource_mut::<Form>().address = server.to_string();
    send(&mut app, OnlineRequest::Open);
    send(&mut app, OnlineRequest::LogIn(LoginKind::Guest));
    assert!(wait_for(&mut app, 10, |app| online(app).screen == Screen::Lobby));

    // A guest's seek on its own terms: 10+5, Black, the league rules (casual: a guest's).
    use chuhan::online::form::SeekTerm;
    for term in [
        SeekTerm::Time,
        SeekTerm::Color,
        SeekTerm::Color,
        SeekTerm::Rules,
    ] {
        send(&mut app, OnlineRequest::SeekTerm(term));
    }
    send(&mut app, OnlineRequest::OpenSeek);
    let ServerMsg::SeekAdded { seek } = bot_sees(
        &mut app,
        &rt,
        &mut red,
        |m| matches!(m, ServerMsg::SeekAdded { seek } if seek.name.starts_with("游客")),
    ) else {
        unreachable!()
    };
    assert_eq!(
        (seek.time, seek.rated, seek.color, seek.rules),
        (
            TimeControl::new(600, 5),
            false,
            ColorChoice::Black,
            Rules::League
        )
    );

    // Two bots play; the game watches theirs.
    rt.block_on(red.send(&ClientMsg::Challenge(ChallengeTerms {
        to: black.name.clone(),
        time: TimeControl::new(300, 3),
        rated: false,
        color: ColorChoice::Red,
        rules: Rules::Asian,
        fen: None,
    })))
    .unwrap();
    let ServerMsg::Challenged { challenge } = rt
        .block_on(black.expect(|m| matches!(m, ServerMsg::Challenged { .. })))
        .unwrap()
    else {
        unreachable!()
    };
    rt.block_on(black.send(&ClientMsg::AcceptChallenge {
        challenge: challenge.id,
    }))
    .unwrap();
    assert!(wait_for(&mut app, 10, |app| !online(app)
        .session
        .lobby
        .games
        .is_empty()));
    let id = online(&app).session.lobby.games[0].id;
    send(&mut app, OnlineRequest::Watch(id));
    assert!(wait_for(&mut app, 10, |app| online(app).active == Some(id)));
    assert_eq!(game(&app).players, Players::online(None));
    rt.block_on(red.send(&ClientMsg::Move {
        game: id,
        ply: 0,
        mv: "h2e2".into(),
        think_ms: None,
    }))
    .unwrap();
    assert!(wait_for(&mut app, 10, |app| game(app).record.len() == 1));
    assert!(!game(&app).human_to_move(), "no move input while watching");
    assert!(online(&app).game().is_some_and(|g| g.my_side().is_none()));
}
