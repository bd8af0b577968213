//! The draw offer's dialog: between two people, the other side accepts or declines.

use bevy::prelude::*;

use crate::ui::menus::AppMenus;

use crate::core::phase::Dialog;
use crate::draw::DrawRequest;
use crate::ui::actions::send;
use crate::ui::dialogs::spawn_dialog;
use crate::ui::text::Key;
use crate::ui::theme::UiFont;

pub(crate) fn plugin(app: &mut App) {
    app.add_menu_entry(
        crate::ui::menus::MenuEntry::new(
            crate::ui::menus::Place::Side,
            50,
            crate::ui::actions::send(crate::draw::DrawRequest::Offer),
            crate::ui::menus::EntryText::Key(crate::ui::text::Key::OfferDraw),
        )
        .with_icon(crate::ui::icons::Icon::Draw),
    );
    app.add_systems(OnEnter(Dialog::DrawOffer), spawn_draw_offer);
}

fn spawn_draw_offer(mut commands: Commands, ui: Res<UiFont>) {
    spawn_dialog(
        &mut commands,
        &ui,
        DespawnOnExit(Dialog::DrawOffer),
        Key::AcceptDraw,
        [
            (send(DrawRequest::Answer(true)), Key::Accept),
            (send(DrawRequest::Answer(false)), Key::Decline),
        ],
    );
}
