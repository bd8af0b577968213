//! The buttons beside the board: the game's own (undo, redo, save and restore a position, the
//! flat view, reset the view) and the features' (hint, analysis, draw offer, review), built from
//! the entries with `Place::Side`.

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::game::Game;
use crate::ui::actions::EnabledWhen;
use crate::ui::actions::send;
use crate::ui::icons::{Icon, Icons};
use crate::ui::menus::{AppMenus, EntryText, MenuEntries, MenuEntry, Place, entry_words};
use crate::ui::text::Key;
use crate::ui::theme::*;
use crate::view::camera::ResetView;
use crate::view::flat::ToggleFlat;
use crate::view::portrait::Framing;

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
    app.add_menu_entry(
        MenuEntry::new(
            Place::Side,
            10,
            send(Command::Undo),
            EntryText::Key(Key::Undo),
        )
        .with_icon(Icon::Undo)
        .enabled_when(Game::can_undo),
    );
    app.add_menu_entry(
        MenuEntry::new(
            Place::Side,
            20,
            send(Command::Redo),
            EntryText::Key(Key::Redo),
        )
        .with_icon(Icon::Redo)
        .enabled_when(Game::can_redo),
    );
    for (order, action, key, icon) in [
        (
            70,
            send(Command::SavePosition),
            Key::SavePosition,
            Icon::Save,
        ),
        (
            80,
            send(Command::RestorePosition),
            Key::RestorePosition,
            Icon::Restore,
        ),
        (90, send(ToggleFlat), Key::FlatView, Icon::Flat),
        (100, send(ResetView), Key::ResetView, Icon::ResetView),
    ] {
        app.add_menu_entry(
            MenuEntry::new(Place::Side, order, action, EntryText::Key(key)).with_icon(icon),
        );
    }
    app.init_resource::<Icons>();
    app.add_systems(Startup, spawn.after(super::menus::spawn));
    app.add_systems(
        PostUpdate,
        labels_follow_framing.before(bevy::ui::UiSystems::Layout),
    );
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

/// A side button's words: beside its icon in a wide window; in an upright one the bar along the
/// foot shows the icons alone.
#[derive(Component)]
pub(crate) struct SideLabel;

/// A side button's icon.
#[derive(Component)]
pub(crate) struct SideIcon;

fn labels_follow_framing(
    framing: Res<Framing>,
    mut labels: Query<&mut Node, (With<SideLabel>, Without<SideIcon>)>,
    mut icons: Query<&mut Node, (With<SideIcon>, Without<SideLabel>)>,
    new: Query<(), Added<SideLabel>>,
) {
    if !framing.is_changed() && new.is_empty() {
        return;
    }
    let (display, side) = if framing.upright {
        (Display::None, ICON_UPRIGHT)
    } else {
        (Display::Flex, ICON)
    };
    for mut node in &mut labels {
        if node.display != display {
            node.display = display;
        }
    }
    for mut node in &mut icons {
        node.width = px(side);
        node.height = px(side);
    }
}

/// A side button: its icon, then its words.
fn side_button(e: &MenuEntry, ui: &UiFont, icons: &Icons) -> impl Bundle {
    let icon = e.icon.and_then(|i| icons.0.get(&i).cloned()).map(|image| {
        (
            SideIcon,
            ImageNode::new(image).with_color(INK),
            Node {
                width: px(ICON),
                height: px(ICON),
                ..default()
            },
        )
    });
    (
        e.action.clone(),
        Button,
        Node {
            padding: UiRect::axes(px(space::S + 4.0), px(space::XS + 2.0)),
            column_gap: px(space::S + 2.0),
            align_items: AlignItems::Center,
            justify_content: JustifyContent::FlexStart,
            border_radius: BorderRadius::all(px(RADIUS)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Children::spawn((
            bevy::ecs::spawn::SpawnIter(icon.into_iter()),
            Spawn((
                SideLabel,
                entry_words(e.text.clone()),
                font(ui, size::BODY),
                TextColor(INK),
            )),
        )),
    )
}

/// An icon's size in the side buttons, in pixels: beside its words, and alone in the bar of an
/// upright window (a finger's target).
const ICON: f32 = 22.0;
const ICON_UPRIGHT: f32 = 40.0;

pub(super) fn spawn(
    mut commands: Commands,
    ui: Res<UiFont>,
    icons: Res<Icons>,
    entries: Res<MenuEntries>,
) {
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
                let mut b = c.spawn(side_button(e, &ui, &icons));
                if e.order < VIEW_ENTRIES_FROM {
                    b.insert(LocalGameButton);
                }
                if let Some(when) = e.enabled {
                    b.insert(EnabledWhen(when));
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In an upright window the side buttons show their icons alone, larger (the bar along the
    /// foot); in a wide one, icons beside their words.
    #[test]
    fn an_upright_window_shows_the_icons_alone_and_a_wide_one_their_words_too() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.init_resource::<Framing>();
        app.add_systems(Update, labels_follow_framing);
        let label = app.world_mut().spawn((SideLabel, Node::default())).id();
        let icon = app.world_mut().spawn((SideIcon, Node::default())).id();
        app.update();
        let node = |app: &App, e| app.world().get::<Node>(e).expect("a node").clone();
        assert_eq!(node(&app, label).display, Display::Flex);
        assert_eq!(node(&app, icon).width, px(ICON));
        app.world_mut().resource_mut::<Framing>().upright = true;
        app.update();
        assert_eq!(node(&app, label).display, Display::None, "icons alone");
        assert_eq!(node(&app, icon).width, px(ICON_UPRIGHT));
        assert_eq!(node(&app, icon).height, px(ICON_UPRIGHT));
        app.world_mut().resource_mut::<Framing>().upright = false;
        app.update();
        assert_eq!(node(&app, label).display, Display::Flex);
        assert_eq!(node(&app, icon).width, px(ICON));
    }

    /// Every side action of the game's own has its icon (the features give theirs one too).
    #[test]
    fn every_side_action_has_an_icon() {
        let mut app = App::new();
        plugin(&mut app);
        let entries = &app.world().resource::<MenuEntries>().0;
        let side: Vec<_> = entries.iter().filter(|e| e.place == Place::Side).collect();
        assert_eq!(side.len(), 6);
        assert!(side.iter().all(|e| e.icon.is_some()));
    }
}
