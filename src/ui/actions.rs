//! What buttons do: a message for the game or one of its features ([`send`]), or a change of what
//! the interface shows (the open menu, the browsed folder, the camera's view). Buttons act when
//! released over them, read from every press and release the window reported
//! ([`press_and_release`]).

use std::path::PathBuf;
use std::sync::Arc;

use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;

use crate::core::commands::Command;
use crate::core::game::Game;
use crate::storage::files::Dirs;
use crate::ui::theme::{
    BUTTON, BUTTON_DISABLED, BUTTON_HOT, BUTTON_PRESSED, Disabled, INK, INK_FAINT,
};

/// What a button does.
#[derive(Component, Clone, Debug)]
pub(crate) enum Action {
    /// Sends a message (see [`send`]).
    Send(Sends),
    OpenMenu(Menu),
    Browse,
    BrowseTo(PathBuf),
    OpenFile(PathBuf),
    CloseBrowser,
    /// Opens the start screen.
    OpenStart,
    /// Closes the start screen (back to the board).
    CloseStart,
    /// In a browser: the browser's file dialog, the file picked opened as a record.
    #[cfg(target_arch = "wasm32")]
    OpenFromDevice,
}

/// A message a button sends: the game's [`Command`], a feature's request, a setting's change.
#[derive(Clone)]
pub(crate) struct Sends {
    write: Arc<dyn Fn(&mut Commands) + Send + Sync>,
    what: String,
}

impl std::fmt::Debug for Sends {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

/// A button action that sends `message` (any registered message) when the button is released.
pub(crate) fn send<M: Message + Clone + std::fmt::Debug>(message: M) -> Action {
    let what = format!("{message:?}");
    Action::Send(Sends {
        write: Arc::new(move |commands: &mut Commands| {
            let m = message.clone();
            commands.queue(move |world: &mut World| {
                world.write_message(m);
            });
        }),
        what,
    })
}

/// The menus of the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Menu {
    Game,
    Level,
    Handicap,
    Records,
    Clock,
    Language,
}

/// The open menu, if any.
#[derive(Resource, Default)]
pub struct OpenMenu(pub Option<Menu>);

impl Menu {
    /// The menu called `name` (`game`, `level`, `handicap`, `records`, `language`).
    #[must_use]
    pub fn named(name: &str) -> Option<Menu> {
        Some(match name {
            "game" => Menu::Game,
            "level" => Menu::Level,
            "handicap" => Menu::Handicap,
            "records" => Menu::Records,
            "clock" => Menu::Clock,
            "language" => Menu::Language,
            _ => return None,
        })
    }
}

/// Whether the start screen shows (`ui::start`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StartScreen {
    pub open: bool,
}

/// The start screen's root: a button inside it closes it when chosen.
#[derive(Component)]
pub(crate) struct StartRoot;

/// The record browser: open, and the folder it shows.
#[derive(Resource, Default)]
pub struct Browser {
    /// The folder shown, or `None` when closed.
    pub dir: Option<PathBuf>,
}

impl Browser {
    /// A browser open on `dir`.
    #[must_use]
    pub fn at(dir: PathBuf) -> Browser {
        Browser { dir: Some(dir) }
    }
}

/// A button whose background its widget sets (a move of the list), not the hover colours.
#[derive(Component)]
pub(crate) struct KeepColor;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenMenu>()
        .init_resource::<Browser>()
        .init_resource::<StartScreen>();
    // With the pointer's events of the frame, before anything that runs after picking (the
    // forms' focus) looks at what the buttons sent.
    app.add_systems(
        PreUpdate,
        press_and_release.in_set(bevy::picking::PickingSystems::Last),
    );
    app.add_systems(Update, hover_colors.in_set(super::UiSet::Input));
    app.add_systems(
        Update,
        follow_game
            .run_if(resource_exists::<Game>)
            .before(hover_colors),
    );
}

/// A button acts when the primary button is pressed over it and released over it. Both are read
/// from every press and release the window reported, in order, against what lies under the pointer
/// at that frame: a click whose press and release fall inside one slow frame still acts (the
/// `Interaction` state seen once a frame missed it; bevy_picking's click, which looks at the frame
/// before, too). A button is known by what it does, not by its entity, so a click across a panel
/// drawn again between press and release (a form redrawn at each key) still acts.
///
/// Every pointer counts, the mouse and each finger (a touch is a pointer of its own, pressed when
/// the finger comes down and released when it lifts), each with its own press; a pointer that is
/// cancelled (a touch the system took back) forgets its press.
fn press_and_release(
    mut inputs: MessageReader<PointerInput>,
    hover: Res<HoverMap>,
    parents: Query<&ChildOf>,
    buttons: Query<&Action, Without<Disabled>>,
    mut pressed: Local<std::collections::HashMap<PointerId, String>>,
    mut open: ResMut<OpenMenu>,
    mut browser: ResMut<Browser>,
    mut start: ResMut<StartScreen>,
    start_root: Query<(), With<StartRoot>>,
    dirs: Res<Dirs>,
    mut commands_out: MessageWriter<Command>,
    mut commands: Commands,
) {
    let under = |pointer: &PointerId| -> Option<&Action> {
        hover
            .get(pointer)?
            .keys()
            .find_map(|&e| button_of(e, &parents, &buttons))
    };
    // Whether what lies under the pointer is on the start screen.
    let on_start = |pointer: &PointerId| -> bool {
        hover.get(pointer).is_some_and(|hits| {
            hits.keys()
                .any(|&e| self_and_ancestors(e, &parents).any(|a| start_root.contains(a)))
        })
    };
    for input in inputs.read() {
        let pointer = input.pointer_id;
        match input.action {
            PointerAction::Press(PointerButton::Primary) => match under(&pointer) {
                Some(a) => {
                    pressed.insert(pointer, format!("{a:?}"));
                }
                None => {
                    pressed.remove(&pointer);
                }
            },
            PointerAction::Cancel => {
                pressed.remove(&pointer);
            }
            PointerAction::Release(PointerButton::Primary) => {
                let Some(key) = pressed.remove(&pointer) else {
                    continue;
                };
                let Some(action) = under(&pointer).filter(|a| format!("{a:?}") == key) else {
                    continue;
                };
                act(
                    action,
                    on_start(&pointer),
                    &mut open,
                    &mut browser,
                    &mut start,
                    &dirs,
                    &mut commands_out,
                    &mut commands,
                );
            }
            _ => {}
        }
    }
}

/// The button `e` is, or lies in (its text).
fn button_of<'a>(
    e: Entity,
    parents: &Query<&ChildOf>,
    buttons: &'a Query<&Action, Without<Disabled>>,
) -> Option<&'a Action> {
    self_and_ancestors(e, parents).find_map(|a| buttons.get(a).ok())
}

/// `e`, then its parent, its parent's parent, up to the root.
fn self_and_ancestors<'a>(
    e: Entity,
    parents: &'a Query<&ChildOf>,
) -> impl Iterator<Item = Entity> + 'a {
    std::iter::once(e).chain(parents.iter_ancestors(e))
}

/// Does what `action` says; one chosen on the start screen (`from_start`) closes it first.
pub(crate) fn act(
    action: &Action,
    from_start: bool,
    open: &mut OpenMenu,
    browser: &mut Browser,
    start: &mut StartScreen,
    dirs: &Dirs,
    commands_out: &mut MessageWriter<Command>,
    commands: &mut Commands,
) {
    if from_start {
        start.open = false;
    }
    match action {
        Action::OpenMenu(menu) => {
            open.0 = if open.0 == Some(*menu) {
                None
            } else {
                Some(*menu)
            };
            return;
        }
        Action::Send(sends) => (sends.write)(commands),
        Action::Browse => browser.dir = Some(dirs.records()),
        Action::BrowseTo(path) => browser.dir = Some(path.clone()),
        Action::OpenFile(path) => {
            commands_out.write(Command::OpenRecord(path.clone()));
            browser.dir = None;
        }
        Action::CloseBrowser => browser.dir = None,
        Action::OpenStart => start.open = true,
        Action::CloseStart => start.open = false,
        #[cfg(target_arch = "wasm32")]
        Action::OpenFromDevice => {
            if let Err(e) = crate::storage::device_files::choose(dirs.records()) {
                warn!("the file dialog did not open: {e}");
            }
        }
    }
    open.0 = None;
}

/// A button that can act only while its test holds of the game (悔棋 with a move to take back):
/// [`Disabled`] otherwise, its words and icon faint.
#[derive(Component, Clone, Copy)]
pub(crate) struct EnabledWhen(pub(crate) fn(&Game) -> bool);

/// Buttons that can act only at times follow the game: [`Disabled`] while they cannot.
fn follow_game(
    game: Res<Game>,
    buttons: Query<(Entity, &EnabledWhen, Has<Disabled>)>,
    added: Query<(), Added<EnabledWhen>>,
    children: Query<&Children>,
    mut inks: Query<(Option<&mut TextColor>, Option<&mut ImageNode>)>,
    mut commands: Commands,
) {
    if !game.is_changed() && added.is_empty() {
        return;
    }
    for (button, when, disabled) in &buttons {
        let able = (when.0)(&game);
        if able != disabled && !added.contains(button) {
            continue;
        }
        if able {
            commands.entity(button).remove::<Disabled>();
        } else {
            commands.entity(button).insert(Disabled);
        }
        let ink = if able { INK } else { INK_FAINT };
        for e in children.iter_descendants(button) {
            if let Ok((text, image)) = inks.get_mut(e) {
                if let Some(mut t) = text {
                    t.0 = ink;
                }
                if let Some(mut i) = image {
                    i.color = ink;
                }
            }
        }
    }
}

/// A button's colour follows its state (the theme's): lit under the pointer, brighter while
/// pressed, dim and unlit when it cannot act.
fn hover_colors(
    mut colors: Query<
        (&Interaction, &mut BackgroundColor, Has<Disabled>),
        (With<Action>, Without<KeepColor>),
    >,
) {
    for (interaction, mut color, disabled) in &mut colors {
        let want = match interaction {
            _ if disabled => BUTTON_DISABLED,
            Interaction::Pressed => BUTTON_PRESSED,
            Interaction::Hovered => BUTTON_HOT,
            Interaction::None => BUTTON,
        };
        if color.0 != want {
            color.0 = want;
        }
    }
}

#[cfg(test)]
#[path = "actions_tests.rs"]
mod tests;
