//! The buttons beside the board: the game's own (undo, redo, save and restore a position, the
//! flat view, reset the view) and the features' (hint, analysis, draw offer, review), built from
//! the entries with `Place::Side`.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::ui::actions::send;
use crate::ui::menus::{AppMenus, EntryText, MenuEntries, MenuEntry, Place, entry_words};
use crate::ui::text::Key;
use crate::ui::theme::*;
use crate::view::camera::ResetView;
use crate::view::flat::ToggleFlat;

/// The buttons beside the board (hidden while a position is set up: they act on the game).
#[derive(Component)]
struct SidePanel;

/// A button of the side panel that acts on a game at this machine (undo, hint, analysis, a draw
/// offer, review, saving a position): hidden in an online game against a person while it goes
/// on, where the online panel has the game's buttons. The view's own (flat view, reset view,
/// from order 90) stay.
#[derive(Component)]
struct LocalGameButton;

/// The side panel's entries from this order on act on the view, not the game.
const VIEW_ENTRIES_FROM: u16 = 90;

pub(super) fn plugin(app: &mut App) {
    // The game's own buttons; the features add theirs (hint 30, analysis 40, draw offer 50,
    // review 60) from their plugins.
    for (order, action, key) in [
        (10, send(Command::Undo), Key::Undo),
        (20, send(Command::Redo), Key::Redo),
        (70, send(Command::SavePosition), Key::SavePosition),
        (80, send(Command::RestorePosition), Key::RestorePosition),
        (90, send(ToggleFlat), Key::FlatView),
        (100, send(ResetView), Key::ResetView),
    ] {
        app.add_menu_entry(MenuEntry::new(
            Place::Side,
            order,
            action,
            EntryText::Key(key),
        ));
    }
    app.add_systems(Startup, spawn.after(super::menus::spawn));
    app.add_systems(
        Update,
        (
            hide_while_editing.run_if(state_changed::<crate::core::phase::Phase>),
            online_hides_local_buttons.run_if(resource_changed::<crate::core::game::Game>),
        ),
    );
}

fn online_hides_local_buttons(
    game: Res<crate::core::game::Game>,
    mut buttons: Query<&mut Node, With<LocalGameButton>>,
) {
    let display = if game.engine_help_refused() {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut buttons {
        if node.display != display {
            node.display = display;
        }
    }
}

fn hide_while_editing(
    phase: Res<State<crate::core::phase::Phase>>,
    mut panels: Query<&mut Node, With<SidePanel>>,
) {
    for mut node in &mut panels {
        node.display = if *phase.get() == crate::core::phase::Phase::Editing {
            Display::None
        } else {
            Display::Flex
        };
    }
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>, entries: Res<MenuEntries>) {
    let ui = ui.clone();
    // Buttons beside the board, bottom left.
    commands
        .spawn((
            SidePanel,
            super::docking::Docked::Buttons,
            Node {
                position_type: PositionType::Absolute,
                left: px(14),
                bottom: px(14),
                flex_direction: FlexDirection::Column,
                row_gap: px(6),
                ..default()
            },
        ))
        .with_children(|c| {
            for e in entries.0.iter().filter(|e| e.place == Place::Side) {
                let mut b = c.spawn(button(
                    e.action.clone(),
                    entry_words(e.text.clone()),
                    &ui,
                    19.0,
                ));
                if e.order < VIEW_ENTRIES_FROM {
                    b.insert(LocalGameButton);
                }
            }
        });
}
