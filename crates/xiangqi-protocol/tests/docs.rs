//! The reference (`docs/protocol.md`) keeps up with the messages: every example line reads as a
//! message (its type the variant's, by the exhaustive matches below: a new variant breaks them
//! until it is added here), and every message type (`ClientMsg::TYPES`, `ServerMsg::TYPES`) and
//! error code appears in it.

use std::collections::BTreeSet;

use xiangqi_protocol::{ClientMsg, ErrorCode, ServerMsg};

const DOC: &str = include_str!("../../../docs/protocol.md");

fn client_tag(m: &ClientMsg) -> &'static str {
    match m {
        ClientMsg::Hello { .. } => "hello",
        ClientMsg::Register { .. } => "register",
        ClientMsg::Login { .. } => "login",
        ClientMsg::Resume { .. } => "resume",
        ClientMsg::Guest => "guest",
        ClientMsg::Logout => "logout",
        ClientMsg::ChangePassword { .. } => "change_password",
        ClientMsg::Lobby { .. } => "lobby",
        ClientMsg::Seek(_) => "seek",
        ClientMsg::CancelSeek { .. } => "cancel_seek",
        ClientMsg::AcceptSeek { .. } => "accept_seek",
        ClientMsg::Challenge(_) => "challenge",
        ClientMsg::AcceptChallenge { .. } => "accept_challenge",
        ClientMsg::DeclineChallenge { .. } => "decline_challenge",
        ClientMsg::Move { .. } => "move",
        ClientMsg::Offer { .. } => "offer",
        ClientMsg::Decline { .. } => "decline",
        ClientMsg::Resign { .. } => "resign",
        ClientMsg::Abort { .. } => "abort",
        ClientMsg::Claim { .. } => "claim",
        ClientMsg::Watch { .. } => "watch",
        ClientMsg::Unwatch { .. } => "unwatch",
        ClientMsg::Chat { .. } => "chat",
        ClientMsg::Mute { .. } => "mute",
        ClientMsg::Unmute { .. } => "unmute",
        ClientMsg::Ping { .. } => "ping",
    }
}

fn server_tag(m: &ServerMsg) -> &'static str {
    match m {
        ServerMsg::Welcome { .. } => "welcome",
        ServerMsg::Error { .. } => "error",
        ServerMsg::LoggedIn { .. } => "logged_in",
        ServerMsg::LoggedOut => "logged_out",
        ServerMsg::Lobby { .. } => "lobby",
        ServerMsg::SeekAdded { .. } => "seek_added",
        ServerMsg::SeekRemoved { .. } => "seek_removed",
        ServerMsg::Online { .. } => "online",
        ServerMsg::GameListed { .. } => "game_listed",
        ServerMsg::GameUnlisted { .. } => "game_unlisted",
        ServerMsg::Challenged { .. } => "challenged",
        ServerMsg::ChallengeGone { .. } => "challenge_gone",
        ServerMsg::Game { .. } => "game",
        ServerMsg::Moved { .. } => "moved",
        ServerMsg::Offered { .. } => "offered",
        ServerMsg::OfferGone { .. } => "offer_gone",
        ServerMsg::TookBack { .. } => "took_back",
        ServerMsg::Connection { .. } => "connection",
        ServerMsg::GameOver { .. } => "game_over",
        ServerMsg::Chat { .. } => "chat",
        ServerMsg::Pong { .. } => "pong",
    }
}

fn code_name(c: ErrorCode) -> &'static str {
    match c {
        ErrorCode::ProtocolVersion => "protocol_version",
        ErrorCode::HelloFirst => "hello_first",
        ErrorCode::FrameTooLarge => "frame_too_large",
        ErrorCode::BadJson => "bad_json",
        ErrorCode::UnknownType => "unknown_type",
        ErrorCode::BadField => "bad_field",
        ErrorCode::NotLoggedIn => "not_logged_in",
        ErrorCode::AlreadyLoggedIn => "already_logged_in",
        ErrorCode::BadCredentials => "bad_credentials",
        ErrorCode::NameTaken => "name_taken",
        ErrorCode::NameInvalid => "name_invalid",
        ErrorCode::NameReserved => "name_reserved",
        ErrorCode::PasswordInvalid => "password_invalid",
        ErrorCode::TokenInvalid => "token_invalid",
        ErrorCode::Banned => "banned",
        ErrorCode::RateLimited => "rate_limited",
        ErrorCode::TooManyConnections => "too_many_connections",
        ErrorCode::NoSuchSeek => "no_such_seek",
        ErrorCode::NoSuchChallenge => "no_such_challenge",
        ErrorCode::NoSuchPlayer => "no_such_player",
        ErrorCode::NoSuchGame => "no_such_game",
        ErrorCode::NotYourGame => "not_your_game",
        ErrorCode::NotYourTurn => "not_your_turn",
        ErrorCode::IllegalMove => "illegal_move",
        ErrorCode::WrongPly => "wrong_ply",
        ErrorCode::GameOver => "game_over",
        ErrorCode::GuestNotAllowed => "guest_not_allowed",
        ErrorCode::BadSeek => "bad_seek",
        ErrorCode::CannotAccept => "cannot_accept",
        ErrorCode::NoOffer => "no_offer",
        ErrorCode::NotNow => "not_now",
        ErrorCode::ChatInvalid => "chat_invalid",
        ErrorCode::Internal => "internal",
    }
}

const CODES: &[ErrorCode] = &[
    ErrorCode::ProtocolVersion,
    ErrorCode::HelloFirst,
    ErrorCode::FrameTooLarge,
    ErrorCode::BadJson,
    ErrorCode::UnknownType,
    ErrorCode::BadField,
    ErrorCode::NotLoggedIn,
    ErrorCode::AlreadyLoggedIn,
    ErrorCode::BadCredentials,
    ErrorCode::NameTaken,
    ErrorCode::NameInvalid,
    ErrorCode::NameReserved,
    ErrorCode::PasswordInvalid,
    ErrorCode::TokenInvalid,
    ErrorCode::Banned,
    ErrorCode::RateLimited,
    ErrorCode::TooManyConnections,
    ErrorCode::NoSuchSeek,
    ErrorCode::NoSuchChallenge,
    ErrorCode::NoSuchPlayer,
    ErrorCode::NoSuchGame,
    ErrorCode::NotYourGame,
    ErrorCode::NotYourTurn,
    ErrorCode::IllegalMove,
    ErrorCode::WrongPly,
    ErrorCode::GameOver,
    ErrorCode::GuestNotAllowed,
    ErrorCode::BadSeek,
    ErrorCode::CannotAccept,
    ErrorCode::NoOffer,
    ErrorCode::NotNow,
    ErrorCode::ChatInvalid,
    ErrorCode::Internal,
];

/// The example lines: the JSON lines of the document's code blocks.
fn examples() -> Vec<&'static str> {
    DOC.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("{\"t\":"))
        .collect()
}

#[test]
fn every_example_reads_and_every_message_has_one() {
    let mut client = BTreeSet::new();
    let mut server = BTreeSet::new();
    for line in examples() {
        let t = serde_json::from_str::<serde_json::Value>(line)
            .ok()
            .and_then(|v| v["t"].as_str().map(str::to_owned))
            .unwrap_or_else(|| panic!("not a message: {line}"));
        if let Ok(m) = ClientMsg::from_json(line) {
            assert_eq!(client_tag(&m), t, "{line}");
            client.insert(t);
        } else {
            let m = ServerMsg::from_json(line)
                .unwrap_or_else(|e| panic!("reads as no message ({e}): {line}"));
            assert_eq!(server_tag(&m), t, "{line}");
            server.insert(t);
        }
    }
    let missing: Vec<_> = ClientMsg::TYPES
        .iter()
        .filter(|t| !client.contains(**t))
        .collect();
    assert!(
        missing.is_empty(),
        "client messages with no example: {missing:?}"
    );
    let missing: Vec<_> = ServerMsg::TYPES
        .iter()
        .filter(|t| !server.contains(**t))
        .collect();
    assert!(
        missing.is_empty(),
        "server messages with no example: {missing:?}"
    );
}

#[test]
fn every_error_code_is_explained() {
    for &code in CODES {
        let name = code_name(code);
        assert_eq!(
            serde_json::to_value(code)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned)),
            Some(name.to_owned())
        );
        assert!(
            DOC.contains(&format!("`{name}`")),
            "error code {name} is not in docs/protocol.md"
        );
    }
}
