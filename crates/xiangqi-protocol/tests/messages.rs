//! Every message reads back as written; bad frames are told apart.

use xiangqi_protocol::*;

#[test]
fn every_client_message_round_trips() {
    let time = TimeControl::new(300, 3);
    let all = [
        ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            client: "t".into(),
        },
        ClientMsg::Register {
            name: "楚汉".into(),
            password: "secret12".into(),
        },
        ClientMsg::Login {
            name: "a".into(),
            password: "b".into(),
        },
        ClientMsg::Resume { token: "x".into() },
        ClientMsg::Guest,
        ClientMsg::Logout,
        ClientMsg::ChangePassword {
            old: "a".into(),
            new: "b".into(),
        },
        ClientMsg::Seek(xiangqi_protocol::SeekTerms {
            time,
            rated: true,
            color: ColorChoice::Red,
            rules: Rules::League,
            rating_min: Some(1400),
            rating_max: None,
        }),
        ClientMsg::Lobby { subscribe: true },
        ClientMsg::CancelSeek { seek: 1 },
        ClientMsg::AcceptSeek { seek: 1 },
        ClientMsg::Challenge(xiangqi_protocol::ChallengeTerms {
            to: "b".into(),
            time,
            rated: false,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            fen: None,
        }),
        ClientMsg::AcceptChallenge { challenge: 2 },
        ClientMsg::DeclineChallenge { challenge: 2 },
        ClientMsg::Move {
            game: 3,
            ply: 0,
            mv: "h2e2".into(),
            think_ms: Some(1200),
        },
        ClientMsg::Offer {
            game: 3,
            kind: OfferKind::Draw,
        },
        ClientMsg::Decline {
            game: 3,
            kind: OfferKind::Takeback,
        },
        ClientMsg::Resign { game: 3 },
        ClientMsg::Abort { game: 3 },
        ClientMsg::Claim {
            game: 3,
            kind: ClaimKind::Win,
        },
        ClientMsg::Watch { game: 3 },
        ClientMsg::Unwatch { game: 3 },
        ClientMsg::Chat {
            room: Room::Game { game: 3 },
            text: "好棋".into(),
        },
        ClientMsg::Mute { name: "b".into() },
        ClientMsg::Unmute { name: "b".into() },
        ClientMsg::Ping { n: 9 },
    ];
    for m in all {
        let text = m.to_json();
        assert_eq!(ClientMsg::from_json(&text), Ok(m), "{text}");
    }
}

#[test]
fn bad_frames_get_their_own_codes() {
    let code = |t: &str| ClientMsg::from_json(t).expect_err(t).code;
    assert_eq!(code("not json"), ErrorCode::BadJson);
    assert_eq!(code("[1,2]"), ErrorCode::BadField);
    assert_eq!(code(r#"{"t":5}"#), ErrorCode::BadField);
    assert_eq!(code(r#"{"t":"fly"}"#), ErrorCode::UnknownType);
    assert_eq!(
        code(r#"{"t":"move","game":"x","ply":0,"mv":"h2e2"}"#),
        ErrorCode::BadField
    );
    assert_eq!(
        code(r#"{"t":"move","game":1,"mv":"h2e2"}"#),
        ErrorCode::BadField
    );
    assert_eq!(
        code(r#"{"t":"ping","n":1,"extra":true}"#),
        ErrorCode::BadField
    );
    assert_eq!(code(r#"{"t":"ping","n":-1}"#), ErrorCode::BadField);
    // Defaults: a seek without colour or rules is random and Asian.
    let seek =
        ClientMsg::from_json(r#"{"t":"seek","time":{"base_s":180,"inc_s":2},"rated":false}"#);
    assert!(matches!(
        seek,
        Ok(ClientMsg::Seek(xiangqi_protocol::SeekTerms {
            color: ColorChoice::Random,
            rules: Rules::Asian,
            ..
        }))
    ));
}

#[test]
fn speeds_follow_the_estimated_time() {
    let speeds: Vec<Speed> = TimeControl::QUICK.iter().map(|t| t.speed()).collect();
    assert_eq!(
        speeds,
        [
            Speed::Bullet,
            Speed::Blitz,
            Speed::Blitz,
            Speed::Rapid,
            Speed::Rapid,
            Speed::Classical
        ]
    );
    assert!(!TimeControl::new(0, 0).is_valid());
    assert!(!TimeControl::new(60, 181).is_valid());
    assert_eq!(TimeControl::new(300, 3).to_string(), "5+3");
}

#[test]
fn server_messages_round_trip() {
    let clocks = ClockView {
        red_ms: 1000,
        black_ms: 2000,
        running: Some(Side::Red),
    };
    let all = [
        ServerMsg::Welcome {
            protocol: 1,
            server: "s".into(),
        },
        ServerMsg::error(ErrorCode::IllegalMove, "no"),
        ServerMsg::Moved {
            game: 1,
            ply: 0,
            mv: "h2e2".into(),
            clocks,
        },
        ServerMsg::GameOver {
            game: 1,
            result: GameResult::RedWins,
            reason: EndReason::Checkmate,
            red_rating: Some(RatingChange {
                before: 1500,
                after: 1662,
            }),
            black_rating: None,
        },
        ServerMsg::Chat {
            room: Room::Lobby,
            line: ChatLine {
                from: "a".into(),
                text: "hi".into(),
                spectators: false,
            },
        },
    ];
    for m in all {
        let text = m.to_json();
        assert_eq!(ServerMsg::from_json(&text), Ok(m), "{text}");
    }
}

/// A key given twice is refused, not read as its last value (`{"t":"ping","t":"logout"}` once
/// logged the sender out), at any depth.
#[test]
fn a_key_given_twice_is_refused() {
    for text in [
        r#"{"t":"ping","t":"logout"}"#,
        r#"{"t":"ping","n":1,"n":2}"#,
        r#"{"t":"seek","time":{"base_s":60,"base_s":600,"inc_s":0},"rated":false}"#,
    ] {
        let e = ClientMsg::from_json(text).expect_err(text);
        assert_eq!(e.code, ErrorCode::BadJson, "{text}");
        assert!(e.message.contains("twice"), "{}", e.message);
    }
    // The same keys once each still read.
    assert_eq!(
        ClientMsg::from_json(r#"{"t":"ping","n":1}"#),
        Ok(ClientMsg::Ping { n: 1 })
    );
}
