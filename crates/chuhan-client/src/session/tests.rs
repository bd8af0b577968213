use super::*;
use xiangqi_protocol::ServerMsg;

fn player(name: &str) -> PlayerView {
    PlayerView {
        name: name.into(),
        rating: Some(1500),
        provisional: true,
        guest: false,
        connected: true,
    }
}

fn view(you: Role, moves: &[&str]) -> GameView {
    GameView {
        id: 7,
        red: player("red"),
        black: player("black"),
        you,
        time: TimeControl::new(300, 3),
        rated: true,
        rules: Rules::Asian,
        fen: Position::startpos().to_fen(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        clocks: ClockView {
            red_ms: 300_000,
            black_ms: 300_000,
            running: None,
        },
        offers: Vec::new(),
        chat: Vec::new(),
        result: None,
        reason: None,
    }
}

fn msg(s: &mut Session, m: ServerMsg, now: Instant) -> Vec<Change> {
    s.apply(Event::Message(Box::new(m)), now)
}

fn moved(ply: u32, mv: &str, running: Side, red_ms: u64) -> ServerMsg {
    ServerMsg::Moved {
        game: 7,
        ply,
        mv: mv.into(),
        clocks: ClockView {
            red_ms,
            black_ms: 300_000,
            running: Some(running),
        },
    }
}

#[test]
fn own_moves_wait_for_the_server_and_the_opponents_arrive() {
    let now = Instant::now();
    let mut s = Session::default();
    let opened = msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Red, &[]),
        },
        now,
    );
    assert_eq!(opened, vec![Change::GameOpened(7)]);
    let h2e2: Move = "h2e2".parse().unwrap();
    // Checked here first: not a legal move, not Black's piece.
    assert!(s.play(7, "h2h8".parse().unwrap(), Duration::ZERO).is_err());
    assert!(s.play(7, "h7e7".parse().unwrap(), Duration::ZERO).is_err());
    let sent = s.play(7, h2e2, Duration::from_millis(1500)).unwrap();
    assert_eq!(
        sent,
        ClientMsg::Move {
            game: 7,
            ply: 0,
            mv: "h2e2".into(),
            think_ms: Some(1500)
        }
    );
    assert!(
        s.play(7, "b2e2".parse().unwrap(), Duration::ZERO).is_err(),
        "one at a time"
    );
    let confirmed = msg(&mut s, moved(0, "h2e2", Side::Black, 300_000), now);
    assert_eq!(
        confirmed,
        vec![Change::Moved {
            game: 7,
            mv: h2e2,
            own: true
        }]
    );
    let reply = msg(&mut s, moved(1, "h9g7", Side::Red, 300_000), now);
    assert_eq!(
        reply,
        vec![Change::Moved {
            game: 7,
            mv: "h9g7".parse().unwrap(),
            own: false
        }]
    );
    // Told twice (after a reconnection): nothing new.
    assert!(msg(&mut s, moved(1, "h9g7", Side::Red, 300_000), now).is_empty());
    assert_eq!(s.games[&7].moves.len(), 2);
    assert_eq!(s.games[&7].record().len(), 2);
}

#[test]
fn a_refused_or_unsent_move_is_taken_back_with_the_reason() {
    let now = Instant::now();
    let mut s = Session::default();
    msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Red, &[]),
        },
        now,
    );
    let h2e2: Move = "h2e2".parse().unwrap();
    s.play(7, h2e2, Duration::ZERO).unwrap();
    let refused = msg(
        &mut s,
        ServerMsg::Error {
            code: ErrorCode::WrongPly,
            message: "that move is not the next one".into(),
            game: Some(7),
        },
        now,
    );
    assert_eq!(
        refused,
        vec![Change::Refused {
            game: 7,
            mv: h2e2,
            code: ErrorCode::WrongPly,
            why: "that move is not the next one".into()
        }]
    );
    assert_eq!(s.games[&7].pending, None);
    let sent = s.play(7, h2e2, Duration::ZERO).unwrap();
    // Not sent: typed, so that the game says it in the player's language.
    let unsent = s.apply(Event::Unsent(sent), now);
    assert_eq!(unsent, vec![Change::NotSent(Some((7, h2e2)))]);
    let chat = ClientMsg::Lobby { subscribe: true };
    assert_eq!(
        s.apply(Event::Unsent(chat), now),
        vec![Change::NotSent(None)]
    );
}

#[test]
fn a_move_out_of_step_asks_for_the_whole_game() {
    let now = Instant::now();
    let mut s = Session::default();
    msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Spectator, &["h2e2"]),
        },
        now,
    );
    assert!(msg(&mut s, moved(3, "h0g2", Side::Black, 300_000), now).is_empty());
    assert!(msg(&mut s, moved(1, "h2h9", Side::Red, 300_000), now).is_empty());
    assert_eq!(
        s.outbox,
        vec![ClientMsg::Watch { game: 7 }, ClientMsg::Watch { game: 7 }]
    );
    assert!(
        s.play(7, "h9g7".parse().unwrap(), Duration::ZERO).is_err(),
        "watching"
    );
}

#[test]
fn clocks_tick_locally_for_the_side_to_move_only() {
    let now = Instant::now();
    let mut s = Session::default();
    msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Black, &[]),
        },
        now,
    );
    msg(&mut s, moved(0, "h2e2", Side::Black, 298_500), now);
    let later = now + Duration::from_millis(2_000);
    let g = &s.games[&7];
    assert_eq!(
        g.time_left(Side::Black, later),
        Duration::from_millis(298_000)
    );
    assert_eq!(
        g.time_left(Side::Red, later),
        Duration::from_millis(298_500)
    );
    assert_eq!(
        g.time_left(Side::Black, now + Duration::from_secs(999)),
        Duration::ZERO
    );
}

/// A game that ends while a clock runs (a claim, a resignation) keeps that clock where it had
/// ticked to: it used to jump back to the last figure the server sent (1:25 became 2:59).
#[test]
fn a_running_clock_stops_where_it_stood_when_the_game_ends() {
    let now = Instant::now();
    let mut s = Session::default();
    msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Red, &[]),
        },
        now,
    );
    msg(&mut s, moved(0, "h2e2", Side::Black, 298_500), now);
    let over = ServerMsg::GameOver {
        game: 7,
        result: xiangqi_protocol::GameResult::RedWins,
        reason: xiangqi_protocol::EndReason::Abandoned,
        red_rating: None,
        black_rating: None,
    };
    msg(&mut s, over, now + Duration::from_secs(94));
    let g = &s.games[&7];
    let later = now + Duration::from_secs(200);
    assert_eq!(g.time_left(Side::Black, later), Duration::from_secs(206));
    assert_eq!(
        g.time_left(Side::Red, later),
        Duration::from_millis(298_500)
    );
}

#[test]
fn offers_takebacks_connection_and_the_end() {
    let now = Instant::now();
    let mut s = Session::default();
    msg(
        &mut s,
        ServerMsg::Game {
            game: view(Role::Red, &["h2e2", "h9g7"]),
        },
        now,
    );
    let offered = ServerMsg::Offered {
        game: 7,
        kind: OfferKind::Draw,
        by: Side::Black,
    };
    assert_eq!(msg(&mut s, offered, now), vec![Change::GameState(7)]);
    assert!(s.games[&7].offered(OfferKind::Draw, Side::Black));
    msg(
        &mut s,
        ServerMsg::OfferGone {
            game: 7,
            kind: OfferKind::Draw,
        },
        now,
    );
    assert!(!s.games[&7].offered(OfferKind::Draw, Side::Black));
    let clocks = ClockView {
        red_ms: 1,
        black_ms: 2,
        running: Some(Side::Black),
    };
    let back = msg(
        &mut s,
        ServerMsg::TookBack {
            game: 7,
            plies: 1,
            clocks,
        },
        now,
    );
    assert_eq!(back, vec![Change::TookBack(7)]);
    assert_eq!(s.games[&7].moves.len(), 1);
    let gone = ServerMsg::Connection {
        game: 7,
        side: Side::Black,
        connected: false,
        claim_in_ms: Some(30_000),
    };
    msg(&mut s, gone, now);
    assert!(!s.games[&7].black.connected);
    assert_eq!(s.games[&7].claim_at, Some(now + Duration::from_secs(30)));
    let over = ServerMsg::GameOver {
        game: 7,
        result: xiangqi_protocol::GameResult::RedWins,
        reason: xiangqi_protocol::EndReason::Abandoned,
        red_rating: Some(RatingChange {
            before: 1500,
            after: 1562,
        }),
        black_rating: Some(RatingChange {
            before: 1500,
            after: 1438,
        }),
    };
    assert_eq!(msg(&mut s, over, now), vec![Change::GameOver(7)]);
    let g = &s.games[&7];
    assert_eq!(
        g.result,
        Some((
            xiangqi_protocol::GameResult::RedWins,
            xiangqi_protocol::EndReason::Abandoned
        ))
    );
    assert_eq!(g.ratings.0.map(|r| r.after), Some(1562));
    assert!(s.play(7, "h9g7".parse().unwrap(), Duration::ZERO).is_err());
}

#[test]
fn the_lobby_follows_its_changes_and_chat_is_kept_to_its_limit() {
    let now = Instant::now();
    let mut s = Session::default();
    let seek = |id| SeekView {
        id,
        name: "a".into(),
        rating: None,
        provisional: false,
        time: TimeControl::new(180, 2),
        rated: false,
        color: xiangqi_protocol::ColorChoice::Random,
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    };
    msg(
        &mut s,
        ServerMsg::Lobby {
            seeks: vec![seek(1)],
            online: 3,
            games: vec![],
        },
        now,
    );
    msg(&mut s, ServerMsg::SeekAdded { seek: seek(2) }, now);
    msg(&mut s, ServerMsg::SeekRemoved { seek: 1 }, now);
    msg(&mut s, ServerMsg::Online { count: 4 }, now);
    assert_eq!(
        s.lobby.seeks.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![2]
    );
    assert_eq!(s.lobby.online, 4);
    for i in 0..CHAT_KEPT + 5 {
        let line = ChatLine {
            from: "a".into(),
            text: i.to_string(),
            spectators: false,
        };
        msg(
            &mut s,
            ServerMsg::Chat {
                room: Room::Lobby,
                line,
            },
            now,
        );
    }
    assert_eq!(s.lobby.chat.len(), CHAT_KEPT);
    assert_eq!(s.lobby.chat[0].text, "5");
    // A server (any server) that sends controls: the game shows the text without them.
    let line = ChatLine {
        from: "m\u{202E}x".into(),
        text: "\u{1B}[31mred\u{1B}[0m \u{202E}txet\u{202C}".into(),
        spectators: false,
    };
    msg(
        &mut s,
        ServerMsg::Chat {
            room: Room::Lobby,
            line,
        },
        now,
    );
    let shown = s.lobby.chat.last().expect("the line");
    assert_eq!(
        (shown.from.as_str(), shown.text.as_str()),
        ("mx", "red txet")
    );
}
