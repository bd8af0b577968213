//! The notices' texts, from the Fluent files. What the storage says of a file (a browser's
//! storage full, a file too big) is put into the player's language from its own table
//! ([`crate::storage::words`]), on the desktop and in a browser alike.

use crate::core::i18n::{Msg, text};
use crate::core::notice::NoticeKind;
use crate::core::settings::Language;
use crate::msg;

/// The notice in `lang`.
#[must_use]
pub fn notice_text(kind: &NoticeKind, lang: Language) -> String {
    notice_msg(kind, lang).in_(lang)
}

/// The notice as a message; the storage's phrases in an error already in `lang`.
fn notice_msg(kind: &NoticeKind, lang: Language) -> Msg {
    let error = |e: &str| crate::storage::words::in_words(e, |id| text(lang, id).to_owned());
    match kind {
        NoticeKind::PositionRefused(e) => msg!(
            "notice-position-refused",
            error = super::rules_text::setup_error_text(e, lang)
        ),
        NoticeKind::Illegal(mv) => msg!("notice-illegal-move", move = mv.as_str()),
        NoticeKind::NestedTooDeep => {
            msg!(
                "notice-nested-too-deep",
                levels = xiangqi::MAX_VARIATION_NESTING
            )
        }
        NoticeKind::GameOver => msg!("notice-game-over"),
        NoticeKind::BadSettings(e) => msg!("notice-bad-settings", error = error(e)),
        NoticeKind::BadRecord(e) => msg!("notice-bad-record", error = error(e)),
        NoticeKind::Reading(name) if name.is_empty() => msg!("notice-reading-pasted"),
        NoticeKind::Reading(name) => msg!("notice-reading", name = name.as_str()),
        NoticeKind::BadPaste(e) => msg!("notice-bad-paste", error = error(e)),
        NoticeKind::PartlyRead { skipped, first } => {
            msg!(
                "notice-partly-read",
                skipped = *skipped,
                first = first.as_str()
            )
        }
        NoticeKind::WriteFailed(e) => msg!("notice-write-failed", error = error(e)),
        NoticeKind::Saved(p) => msg!("notice-saved", path = p.as_str()),
        NoticeKind::PositionSaved => msg!("notice-position-saved"),
        NoticeKind::NothingSaved => msg!("notice-nothing-saved"),
        NoticeKind::EngineFallback(e) => msg!("notice-engine-fallback", error = e.as_str()),
        NoticeKind::ComputerFailed {
            unreachable: true,
            again: true,
            ..
        } => msg!("notice-computer-unreachable-retry"),
        NoticeKind::ComputerFailed {
            unreachable: true,
            again: false,
            ..
        } => msg!("notice-computer-unreachable"),
        NoticeKind::ComputerFailed {
            why, again: true, ..
        } => msg!("notice-computer-restarting", why = why.as_str()),
        NoticeKind::ComputerFailed { why, .. } => {
            msg!("notice-computer-failed", why = why.as_str())
        }
        NoticeKind::NothingToUndo => msg!("notice-nothing-to-undo"),
        NoticeKind::NothingToRedo => msg!("notice-nothing-to-redo"),
        NoticeKind::Said(said) => said.0.clone(),
    }
}
