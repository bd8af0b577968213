//! The server's refusals in the player's language: one table from every error code of the
//! protocol to a message (its id in the Fluent files) that says what happened and what to do.
//! The server's own text (English, for logs and other clients) is not shown to the player.

use chuhan_client::LinkError;
use xiangqi_protocol::ErrorCode;

use crate::core::i18n::Msg;
use crate::msg;

/// What is wrong with a login before it is sent (an account's name and password as typed), as
/// the table's message id: `None` when it may go.
#[must_use]
pub fn login_problem(
    kind: crate::online::LoginKind,
    name: &str,
    password: &str,
) -> Option<&'static str> {
    use crate::online::LoginKind;
    if kind == LoginKind::Guest {
        return None;
    }
    if name.is_empty() {
        return Some("online-type-name");
    }
    if !xiangqi_protocol::NAME_CHARS.contains(&name.chars().count()) {
        return Some(refusal(ErrorCode::NameInvalid));
    }
    if password.is_empty() {
        return Some("online-type-password");
    }
    if kind == LoginKind::Register && password.chars().count() < 8 {
        return Some(refusal(ErrorCode::PasswordInvalid));
    }
    None
}

/// What the player reads when the link fails, saying what happened and what to do (the
/// message from the Fluent files). The system's own reason (English, or the system's language)
/// is left to the log.
#[must_use]
pub fn link_error(e: &LinkError) -> Msg {
    link_error_on(e, crate::storage::network::offline())
}

/// [`link_error`], with the device `offline` (a browser with no network at all): then whatever
/// failed, online play needs the network, and the player is told so.
#[must_use]
pub fn link_error_on(e: &LinkError, offline: bool) -> Msg {
    let lost = matches!(
        e,
        LinkError::Unreachable { .. } | LinkError::Lost(_) | LinkError::GaveUp { .. }
    );
    if offline && lost {
        return msg!("online-needs-network");
    }
    match e {
        LinkError::Refused { code, .. } => Msg::new(refusal(*code)),
        LinkError::Unreachable { address, why } => {
            let why = why.to_lowercase();
            if why.contains("lookup") || why.contains("not known") || why.contains("no such host") {
                msg!("online-link-unknown-host", address = address)
            } else if why.contains("refused") {
                msg!("online-link-refused", address = address)
            } else if why.contains("timed out") || why.contains("timeout") {
                msg!("online-link-timed-out", address = address)
            } else {
                msg!("online-link-unreachable", address = address)
            }
        }
        LinkError::ProtocolVersion { .. } => Msg::new(refusal(ErrorCode::ProtocolVersion)),
        LinkError::BadAddress(a) => msg!("online-link-bad-address", address = a),
        LinkError::Lost(_) => msg!("online-link-lost"),
        LinkError::GaveUp { after, .. } => {
            msg!("online-link-gave-up", seconds = after.as_secs())
        }
        LinkError::Internal(_) => msg!("online-link-internal"),
    }
}

/// What the player reads when the server refuses something with `code`: the message's id in
/// the Fluent files.
#[must_use]
pub fn refusal(code: ErrorCode) -> &'static str {
    use ErrorCode as E;
    match code {
        E::ProtocolVersion => "online-error-protocol-version",
        E::HelloFirst | E::BadJson | E::UnknownType | E::BadField | E::FrameTooLarge => {
            "online-error-bad-message"
        }
        E::NotLoggedIn => "online-error-not-logged-in",
        E::AlreadyLoggedIn => "online-error-already-logged-in",
        E::BadCredentials => "online-error-bad-credentials",
        E::NameTaken => "online-error-name-taken",
        E::NameInvalid => "online-error-name-invalid",
        E::NameReserved => "online-error-name-reserved",
        E::PasswordInvalid => "online-error-password-invalid",
        E::TokenInvalid => "online-error-token-invalid",
        E::Banned => "online-error-banned",
        E::RateLimited => "online-error-rate-limited",
        E::TooManyConnections => "online-error-too-many-connections",
        E::NoSuchSeek => "online-error-no-such-seek",
        E::NoSuchChallenge => "online-error-no-such-challenge",
        E::NoSuchPlayer => "online-error-no-such-player",
        E::NoSuchGame => "online-error-no-such-game",
        E::NotYourGame => "online-error-not-your-game",
        E::NotYourTurn => "online-error-not-your-turn",
        E::IllegalMove => "online-error-illegal-move",
        E::WrongPly => "online-error-wrong-ply",
        E::GameOver => "online-error-game-over",
        E::GuestNotAllowed => "online-error-guest-not-allowed",
        E::BadSeek => "online-error-bad-seek",
        E::CannotAccept => "online-error-cannot-accept",
        E::NoOffer => "online-error-no-offer",
        E::NotNow => "online-error-not-now",
        E::ChatInvalid => "online-error-chat-invalid",
        E::Internal => "online-error-internal",
    }
}

/// What was asked while the connection was down, and so not sent (a message id).
pub const NOT_SENT: &str = "online-not-sent";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::i18n::Language;

    /// Whether `s` has a Chinese character.
    fn has_han(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// The link's failures as players meet them: an unknown host and a server that is down each
    /// say what to do, in one language each (the address aside).
    #[test]
    fn with_no_network_a_failed_link_says_online_play_needs_it() {
        let down = LinkError::Unreachable {
            address: "127.0.0.1:7700".to_owned(),
            why: "IO error: Connection refused (os error 111)".to_owned(),
        };
        for e in [down.clone(), LinkError::Lost("reset".to_owned())] {
            let m = link_error_on(&e, true);
            assert_eq!(m.id, "online-needs-network");
            assert!(m.in_(Language::Chinese).starts_with("联网对弈需要网络"));
            assert_ne!(link_error_on(&e, false).id, "online-needs-network");
        }
        // A refusal is the server's answer: the network is there.
        let refused = LinkError::Refused {
            code: ErrorCode::BadCredentials,
            message: "wrong name or password".to_owned(),
        };
        assert_ne!(link_error_on(&refused, true).id, "online-needs-network");
    }

    #[test]
    fn a_failed_link_is_told_in_the_players_language() {
        use std::time::Duration;
        let unknown = LinkError::Unreachable {
            address: "no.such.host.invalid:7878".to_owned(),
            why: "IO error: failed to lookup address information: Name or service not known"
                .to_owned(),
        };
        let down = LinkError::Unreachable {
            address: "127.0.0.1:7700".to_owned(),
            why: "IO error: Connection refused (os error 111)".to_owned(),
        };
        let m = link_error(&unknown);
        let (zh, en) = (m.in_(Language::Chinese), m.in_(Language::English));
        assert!(
            zh.starts_with("找不到服务器") && en.contains("check the address"),
            "{zh} / {en}"
        );
        let m = link_error(&down);
        let (zh, en) = (m.in_(Language::Chinese), m.in_(Language::English));
        assert!(
            zh.contains("没有开启") && en.contains("connection refused"),
            "{zh} / {en}"
        );
        for e in [
            unknown,
            down,
            LinkError::BadAddress("::".to_owned()),
            LinkError::Lost("reset".to_owned()),
            LinkError::GaveUp {
                after: Duration::from_secs(60),
                why: "refused".to_owned(),
            },
            LinkError::Internal("no runtime".to_owned()),
            LinkError::Refused {
                code: ErrorCode::BadCredentials,
                message: "wrong name or password".to_owned(),
            },
        ] {
            let m = link_error(&e);
            for lang in [Language::Chinese, Language::TraditionalChinese] {
                let zh = m.in_(lang);
                let zh_words: String = zh
                    .split(|c: char| c.is_whitespace() || c == '（' || c == '）' || c == '：')
                    .filter(|w| !w.contains(':') && !w.contains('.') && *w != "::")
                    .collect();
                assert!(!zh_words.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
            }
            for lang in [Language::English, Language::Vietnamese] {
                let said = m.in_(lang);
                assert!(!has_han(&said), "{said}");
                assert!(
                    !said.contains("IO error") && !said.contains("os error"),
                    "{said}"
                );
            }
        }
    }

    #[test]
    fn an_empty_name_or_a_short_password_is_said_before_connecting() {
        use crate::online::LoginKind as K;
        assert_eq!(login_problem(K::Account, "", "x"), Some("online-type-name"));
        assert_eq!(
            login_problem(K::Account, "a", "x"),
            Some(refusal(ErrorCode::NameInvalid))
        );
        assert_eq!(
            login_problem(K::Account, "Liu5209", ""),
            Some("online-type-password")
        );
        assert_eq!(
            login_problem(K::Register, "Liu5209", "short"),
            Some(refusal(ErrorCode::PasswordInvalid))
        );
        assert_eq!(login_problem(K::Account, "Liu5209", "short"), None);
        assert_eq!(login_problem(K::Guest, "", ""), None);
    }

    /// Every sentence in every language's file: Chinese with no Latin letters, English and
    /// Vietnamese with no Chinese. (That every code has one, the match above checks when it
    /// compiles.)
    #[test]
    fn every_code_has_a_sentence_in_each_language() {
        use ErrorCode as E;
        let ids: Vec<(Language, Vec<String>)> = Language::ALL
            .iter()
            .map(|&l| (l, crate::core::i18n::ids(l)))
            .collect();
        for code in [
            E::ProtocolVersion,
            E::HelloFirst,
            E::FrameTooLarge,
            E::BadJson,
            E::UnknownType,
            E::BadField,
            E::NotLoggedIn,
            E::AlreadyLoggedIn,
            E::BadCredentials,
            E::NameTaken,
            E::NameInvalid,
            E::NameReserved,
            E::PasswordInvalid,
            E::TokenInvalid,
            E::Banned,
            E::RateLimited,
            E::TooManyConnections,
            E::NoSuchSeek,
            E::NoSuchChallenge,
            E::NoSuchPlayer,
            E::NoSuchGame,
            E::NotYourGame,
            E::NotYourTurn,
            E::IllegalMove,
            E::WrongPly,
            E::GameOver,
            E::GuestNotAllowed,
            E::BadSeek,
            E::CannotAccept,
            E::NoOffer,
            E::NotNow,
            E::ChatInvalid,
            E::Internal,
        ] {
            let id = refusal(code);
            for (lang, known) in &ids {
                assert!(known.iter().any(|k| k == id), "{code:?}: {id} in {lang:?}");
            }
            for lang in [Language::Chinese, Language::TraditionalChinese] {
                let zh = crate::core::i18n::text(lang, id);
                assert!(
                    !zh.chars().any(|c| c.is_ascii_alphabetic()),
                    "{code:?}: {zh}"
                );
            }
            for lang in [Language::English, Language::Vietnamese] {
                let said = crate::core::i18n::text(lang, id);
                assert!(!has_han(said), "{code:?}: {said}");
            }
        }
    }
}
