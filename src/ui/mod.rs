//! Everything drawn over the board with Bevy UI. Widgets only send [`Command`]s and show
//! resources; the core does the work.
//!
//! [`Command`]: crate::core::commands::Command

use bevy::prelude::*;

use crate::core::game::CoreSet;

pub mod actions;
pub mod annotate;
pub mod browser;
pub mod dialogs;
pub mod docking;
pub mod icons;
pub mod menus;
pub mod move_list;
pub mod notices;
pub mod replay_bar;
pub mod rules_text;
pub mod scale;
pub mod side_panel;
pub mod start;
pub mod status;
pub mod text;
pub mod theme;
pub mod touch;
pub mod trays;

/// Ordering of the UI systems: buttons first, then what they show.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UiSet {
    /// Buttons and texts following the settings.
    Input,
    /// Widgets following the game.
    Show,
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (UiSet::Input, UiSet::Show).chain().after(CoreSet::Views),
    );
    app.add_plugins((
        theme::plugin,
        actions::plugin,
        menus::plugin,
        status::plugin,
        side_panel::plugin,
        replay_bar::plugin,
        move_list::plugin,
        dialogs::plugin,
        browser::plugin,
        trays::plugin,
        annotate::plugin,
        scale::plugin,
        docking::plugin,
        touch::plugin,
        start::plugin,
    ));
}

#[cfg(test)]
mod tests {
    use super::text::{self, Key, Language};

    #[test]
    fn every_label_is_in_every_language() {
        for key in [Key::MenuGame, Key::Undo, Key::Resume, Key::ContinueHere] {
            let zh = text::tr(key, Language::Chinese);
            let en = text::tr(key, Language::English);
            assert!(!zh.is_empty() && !en.is_empty() && zh != en);
            assert!(en.is_ascii() && !zh.is_ascii());
            for &lang in Language::ALL {
                let said = text::tr(key, lang);
                assert!(!said.is_empty() && said != key.id(), "{lang:?} {key:?}");
            }
        }
        assert_eq!(text::tr(Key::Undo, Language::TraditionalChinese), "悔棋");
        assert_eq!(text::tr(Key::Undo, Language::Vietnamese), "Đi lại");
    }
}
