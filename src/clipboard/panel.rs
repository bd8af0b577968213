//! The clipboard in the interface: its lines in the 棋谱 menu and its keys (`Ctrl+C` copies the
//! position as a FEN, `Ctrl+Shift+C` the record as a PGN, `Ctrl+V` pastes).

use bevy::prelude::*;

use crate::clipboard::ClipboardRequest;
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};

pub(crate) fn plugin(app: &mut App) {
    for (order, request, id) in [
        (
            40,
            ClipboardRequest::CopyPosition,
            "clipboard-copy-position",
        ),
        (41, ClipboardRequest::CopyRecord, "clipboard-copy-record"),
        (42, ClipboardRequest::Paste, "clipboard-paste"),
    ] {
        app.add_menu_entry(MenuEntry::new(
            Place::In(Menu::Records),
            order,
            send(request),
            EntryText::Words(id),
        ));
    }
    app.add_systems(Update, keys);
}

/// `Ctrl+C` copies the position (FEN), `Ctrl+Shift+C` the record (PGN), `Ctrl+V` pastes.
fn keys(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<ClipboardRequest>) {
    if !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if keys.just_pressed(KeyCode::KeyC) {
        requests.write(if shift {
            ClipboardRequest::CopyRecord
        } else {
            ClipboardRequest::CopyPosition
        });
    } else if keys.just_pressed(KeyCode::KeyV) {
        requests.write(ClipboardRequest::Paste);
    }
}
