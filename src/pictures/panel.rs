//! Pictures in the interface: their lines in the 棋谱 menu.

use bevy::prelude::*;

use crate::pictures::PictureRequest;
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};

pub(crate) fn plugin(app: &mut App) {
    for (order, request, zh, en) in [
        (
            50,
            PictureRequest::Diagram,
            "导出局面图 (PNG)",
            "Export diagram (PNG)",
        ),
        (
            51,
            PictureRequest::Animation,
            "导出对局动画 (GIF)",
            "Export game as GIF",
        ),
    ] {
        app.add_menu_entry(MenuEntry::new(
            Place::In(Menu::Records),
            order,
            send(request),
            EntryText::Words(zh, en),
        ));
    }
}
