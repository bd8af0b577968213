//! The hint in the interface: its button beside the board, and its arrow (`marks`).

use bevy::prelude::*;

use crate::hints::HintRequested;
use crate::hints::logic::HintState;
use crate::ui::actions::send;
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};
use crate::ui::status::StatusNotes;
use crate::ui::text::Key;
use crate::ui::theme::Words;

pub(crate) fn plugin(app: &mut App) {
    app.add_menu_entry(
        MenuEntry::new(
            Place::Side,
            30,
            send(HintRequested),
            EntryText::Key(Key::Hint),
        )
        .with_icon(crate::ui::icons::Icon::Hint),
    );
    app.add_plugins(super::marks::plugin);
    app.add_systems(Update, say_thinking.run_if(resource_changed::<HintState>));
}

/// The status line says 提示… while the hint searches.
fn say_thinking(hint: Res<HintState>, mut notes: ResMut<StatusNotes>) {
    if hint.is_thinking() {
        notes.0.insert("hints", Words("hint-thinking"));
    } else if notes.0.contains_key("hints") {
        notes.0.remove("hints");
    }
}
