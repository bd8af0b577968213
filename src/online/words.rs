//! The server's refusals in the player's language: one table from every error code of the
//! protocol to a sentence in Chinese and in English that says what happened and what to do.
//! The server's own text (English, for logs and other clients) is not shown to the player.

use chuhan_client::LinkError;
use xiangqi_protocol::ErrorCode;

/// What is wrong with a login before it is sent (an account's name and password as typed), in
/// the table's words: `None` when it may go.
#[must_use]
pub fn login_problem(
    kind: crate::online::LoginKind,
    name: &str,
    password: &str,
) -> Option<(&'static str, &'static str)> {
    use crate::online::LoginKind;
    if kind == LoginKind::Guest {
        return None;
    }
    if name.is_empty() {
        return Some(("请输入用户名", "Type your name"));
    }
    if !xiangqi_protocol::NAME_CHARS.contains(&name.chars().count()) {
        return Some(refusal(ErrorCode::NameInvalid));
    }
    if password.is_empty() {
        return Some(("请输入密码", "Type your password"));
    }
    if kind == LoginKind::Register && password.chars().count() < 8 {
        return Some(refusal(ErrorCode::PasswordInvalid));
    }
    None
}

/// What the player reads when the link fails: (Chinese, English), each saying what happened and
/// what to do. The system's own reason (English, or the system's language) is left to the log.
#[must_use]
pub fn link_error(e: &LinkError) -> (String, String) {
    match e {
        LinkError::Refused { code, .. } => {
            let (zh, en) = refusal(*code);
            (zh.to_owned(), en.to_owned())
        }
        LinkError::Unreachable { address, why } => {
            let why = why.to_lowercase();
            if why.contains("lookup") || why.contains("not known") || why.contains("no such host") {
                (
                    format!("找不到服务器 {address}：请检查地址是否写对"),
                    format!("There is no server called {address}: check the address"),
                )
            } else if why.contains("refused") {
                (
                    format!(
                        "服务器 {address} 没有开启（连接被拒绝）：请确认服务器正在运行、端口正确"
                    ),
                    format!(
                        "Nothing answers at {address} (connection refused): check that the server runs and the port is right"
                    ),
                )
            } else if why.contains("timed out") || why.contains("timeout") {
                (
                    format!("服务器 {address} 没有回应：请检查网络后再试"),
                    format!(
                        "The server at {address} does not answer: check your network and try again"
                    ),
                )
            } else {
                (
                    format!("无法连接服务器 {address}：请检查地址和网络后再试"),
                    format!(
                        "Cannot reach the server at {address}: check the address and your network"
                    ),
                )
            }
        }
        LinkError::ProtocolVersion { .. } => {
            let (zh, en) = refusal(ErrorCode::ProtocolVersion);
            (zh.to_owned(), en.to_owned())
        }
        LinkError::BadAddress(a) => (
            format!("服务器地址有误：{a}（应为 主机:端口，例如 127.0.0.1:7878）"),
            format!("{a} is not a server address (it is host:port, e.g. 127.0.0.1:7878)"),
        ),
        LinkError::Lost(_) => (
            "与服务器的连接中断：正在重新连接…".to_owned(),
            "The connection to the server was lost: reconnecting…".to_owned(),
        ),
        LinkError::GaveUp { after, .. } => {
            let s = after.as_secs();
            (
                format!("与服务器的连接中断，{s} 秒内没能重新连上：请稍后再登录"),
                format!(
                    "The connection was lost and could not be made again in {s} s: log in again later"
                ),
            )
        }
        LinkError::Internal(_) => (
            "游戏无法启动联网：请重新启动游戏".to_owned(),
            "The game could not start its network link: restart the game".to_owned(),
        ),
    }
}

/// What the player reads when the server refuses something with `code`: (Chinese, English).
#[must_use]
pub fn refusal(code: ErrorCode) -> (&'static str, &'static str) {
    use ErrorCode as E;
    match code {
        E::ProtocolVersion => (
            "服务器的协议版本与本游戏不同：请更新游戏或换一个服务器",
            "The server speaks another protocol version: update the game or try another server",
        ),
        E::HelloFirst | E::BadJson | E::UnknownType | E::BadField | E::FrameTooLarge => (
            "服务器不认得本游戏发出的消息：请更新游戏",
            "The server did not understand the game's message: update the game",
        ),
        E::NotLoggedIn => ("请先登录", "Log in first"),
        E::AlreadyLoggedIn => ("已经登录：请先退出登录", "Already logged in: log out first"),
        E::BadCredentials => (
            "用户名或密码错误：请检查后再试",
            "Wrong name or password: check them and try again",
        ),
        E::NameTaken => (
            "这个名字已被使用：请换一个",
            "That name is taken: choose another",
        ),
        E::NameInvalid => (
            "名字须为 2 到 20 个字（字母、数字、汉字）",
            "A name has 2 to 20 letters, digits or Chinese characters",
        ),
        E::NameReserved => (
            "这个名字不能使用：请换一个",
            "That name is reserved: choose another",
        ),
        E::PasswordInvalid => (
            "密码须为 8 到 128 个字符",
            "A password has 8 to 128 characters",
        ),
        E::TokenInvalid => (
            "保存的登录已失效，请重新登录",
            "The saved login has expired: log in again",
        ),
        E::Banned => ("这个账号已被停用", "This account is banned"),
        E::RateLimited => (
            "操作太频繁：请稍等一分钟再试",
            "Too many tries: wait a minute and try again",
        ),
        E::TooManyConnections => (
            "从这个地址连接的次数太多：请关闭其他窗口后再试",
            "Too many connections from your address: close other windows and try again",
        ),
        E::NoSuchSeek => ("这个邀请已被接受或取消", "That seek was taken or withdrawn"),
        E::NoSuchChallenge => ("这个挑战已不存在", "That challenge is gone"),
        E::NoSuchPlayer => ("没有这个棋手在线", "No such player is online"),
        E::NoSuchGame => ("这局棋已不存在", "That game is gone"),
        E::NotYourGame => ("这不是你的对局", "That is not your game"),
        E::NotYourTurn => ("还没轮到你走", "It is not your turn"),
        E::IllegalMove => ("这步棋不合规则", "That move breaks the rules"),
        E::WrongPly => (
            "这步棋与对局不同步：棋盘已按服务器更新",
            "That move was out of step: the board now shows the server's game",
        ),
        E::GameOver => ("对局已结束", "The game is over"),
        E::GuestNotAllowed => (
            "游客只能下非等级分棋：注册后可下等级分棋",
            "Guests play casual games only: register to play rated games",
        ),
        E::BadSeek => ("邀请的条件有误", "The seek's terms are not valid"),
        E::CannotAccept => (
            "不能接受这个邀请（自己的邀请，或等级分不在范围内）",
            "You cannot accept that seek (your own, or your rating is out of its range)",
        ),
        E::NoOffer => ("没有可以回应的提议", "There is no offer to answer"),
        E::NotNow => ("现在不能这样做", "That cannot be done now"),
        E::ChatInvalid => (
            "聊天须为 1 到 140 个字",
            "A chat line has 1 to 140 characters",
        ),
        E::Internal => (
            "服务器出错了：请稍后再试",
            "The server had a problem: try again later",
        ),
    }
}

/// What was asked while the connection was down, and so not sent.
pub const NOT_SENT: (&str, &str) = ("没有发出：连接已断开", "Not sent: the connection is down");

#[cfg(test)]
mod tests {
    use super::*;

    /// The link's failures as players meet them: an unknown host and a server that is down each
    /// say what to do, in one language each (the address aside).
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
        let (zh, en) = link_error(&unknown);
        assert!(
            zh.starts_with("找不到服务器") && en.contains("check the address"),
            "{zh} / {en}"
        );
        let (zh, en) = link_error(&down);
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
            let (zh, en) = link_error(&e);
            let zh_words: String = zh
                .split(|c: char| c.is_whitespace() || c == '（' || c == '）' || c == '：')
                .filter(|w| !w.contains(':') && !w.contains('.') && *w != "::")
                .collect();
            assert!(!zh_words.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
            assert!(
                !en.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{en}"
            );
            assert!(!en.contains("IO error") && !en.contains("os error"), "{en}");
        }
    }

    #[test]
    fn an_empty_name_or_a_short_password_is_said_before_connecting() {
        use crate::online::LoginKind as K;
        assert_eq!(
            login_problem(K::Account, "", "x"),
            Some(("请输入用户名", "Type your name"))
        );
        assert_eq!(
            login_problem(K::Account, "a", "x"),
            Some(refusal(ErrorCode::NameInvalid))
        );
        assert_eq!(
            login_problem(K::Account, "Liu5209", ""),
            Some(("请输入密码", "Type your password"))
        );
        assert_eq!(
            login_problem(K::Register, "Liu5209", "short"),
            Some(refusal(ErrorCode::PasswordInvalid))
        );
        assert_eq!(login_problem(K::Account, "Liu5209", "short"), None);
        assert_eq!(login_problem(K::Guest, "", ""), None);
    }

    /// Every sentence in its language: Chinese with no Latin letters, English with no Chinese.
    /// (That every code has one, the match above checks when it compiles.)
    #[test]
    fn every_code_has_a_sentence_in_each_language() {
        use ErrorCode as E;
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
            let (zh, en) = refusal(code);
            assert!(
                !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{code:?}: {zh}"
            );
            assert!(
                !en.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{code:?}"
            );
        }
    }
}
