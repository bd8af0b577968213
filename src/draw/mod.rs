//! Draw offers (求和): the computer judges an offer from a short search; between two people the
//! other side answers in a dialog. `logic` is headless; `panel` is the dialog.

use bevy::prelude::*;

pub mod logic;
pub mod panel;

/// What the draw buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRequest {
    /// Offer a draw: the computer answers from its evaluation; between two people the other
    /// side is asked.
    Offer,
    /// The other person's answer to an offer.
    Answer(bool),
}

/// Draw offers without their dialog.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DrawRequest>();
    app.add_plugins(logic::plugin);
}

/// What the draw offer tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawNotice {
    /// The computer accepted the draw offered.
    Accepted,
    /// The computer declined it.
    Declined,
    /// No draw can be offered now.
    NotNow,
}

impl From<DrawNotice> for crate::core::notice::NoticeKind {
    fn from(n: DrawNotice) -> Self {
        use crate::core::notice::Said;
        match n {
            DrawNotice::Accepted => Said::notice(crate::msg!("draw-computer-accepts")),
            DrawNotice::Declined => Said::notice(crate::msg!("draw-computer-declines")),
            DrawNotice::NotNow => Said::notice(crate::msg!("draw-not-now")),
        }
    }
}
