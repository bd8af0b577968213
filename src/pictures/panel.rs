//! Pictures in the interface: their lines in the 棋谱 menu.

use bevy::prelude::*;

use crate::pictures::PictureRequest;
use crate::ui::actions::{Menu, send};
use crate::ui::menus::{AppMenus, EntryText, MenuEntry, Place};

pub(crate) fn plugin(app: &mut App) {
    for (order, request, id) in [
        (50, PictureRequest::Diagram, "pictures-export-diagram"),
        (51, PictureRequest::Animation, "pictures-export-animation"),
    ] {
        app.add_menu_entry(MenuEntry::new(
            Place::In(Menu::Records),
            order,
            send(request),
            EntryText::Words(id),
        ));
    }
}
