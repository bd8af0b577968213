//! The server's refusals in the player's language: one table from every error code of the
//! protocol to a sentence in Chinese and in English that says what happened and what to do.
//! The server's own text (English, for logs and other clients) is not shown to the player.

use xiangqi_protocol::ErrorCode;

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

#[cfg(test)]
mod tests {
    use super::*;

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
