//! What buttons do: a message for the game or one of its features ([`send`]), or a change of what
//! the interface shows (the open menu, the browsed folder, the camera's view). Buttons act when
//! released over them.

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;

use crate::core::commands::Command;
use crate::storage::files::Dirs;
use crate::ui::theme::{BUTTON, BUTTON_HOT, WasPressed};

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
    app.init_resource::<OpenMenu>().init_resource::<Browser>();
    app.add_systems(Update, press_buttons.in_set(super::UiSet::Input));
}

fn press_buttons(
    mut buttons: Query<(&Interaction, &Action, &mut WasPressed), Changed<Interaction>>,
    mut colors: Query<(&Interaction, &mut BackgroundColor), (With<Action>, Without<KeepColor>)>,
    mut open: ResMut<OpenMenu>,
    mut browser: ResMut<Browser>,
    dirs: Res<Dirs>,
    mut commands_out: MessageWriter<Command>,
    mut commands: Commands,
) {
    // A button acts when it is released over it (Pressed, then Hovered), not when pressed.
    for (interaction, action, mut was_pressed) in &mut buttons {
        let released = *interaction == Interaction::Hovered && was_pressed.0;
        was_pressed.0 = *interaction == Interaction::Pressed;
        if !released {
            continue;
        }
        match action {
            Action::OpenMenu(menu) => {
                open.0 = if open.0 == Some(*menu) {
                    None
                } else {
                    Some(*menu)
                };
                continue;
            }
            Action::Send(sends) => (sends.write)(&mut commands),
            Action::Browse => browser.dir = Some(dirs.records()),
            Action::BrowseTo(path) => browser.dir = Some(path.clone()),
            Action::OpenFile(path) => {
                commands_out.write(Command::OpenRecord(path.clone()));
                browser.dir = None;
            }
            Action::CloseBrowser => browser.dir = None,
        }
        open.0 = None;
    }
    for (interaction, mut color) in &mut colors {
        let want = if *interaction == Interaction::None {
            BUTTON
        } else {
            BUTTON_HOT
        };
        if color.0 != want {
            color.0 = want;
        }
    }
}
