//! The record browser: a folder's subfolders and records, listed off the frame loop, newest
//! first, in a list the mouse wheel scrolls; a click opens a record for replay.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use crate::core::settings::Settings;
use crate::storage::files::FileError;
use crate::storage::records::{Entry, list_records};
use crate::ui::actions::{Action, Browser};
use crate::ui::text::{self, Key};
use crate::ui::theme::*;

#[derive(Component)]
struct BrowserPanel;
#[derive(Component)]
struct BrowserRows;

/// The folder being listed on the IO pool, until its listing is shown.
#[derive(Resource, Default)]
struct Listing(Option<(PathBuf, Task<Listed>)>);

/// A folder's listing, or why it could not be read.
type Listed = Result<Vec<Entry>, FileError>;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Listing>();
    app.add_systems(Startup, spawn);
    app.add_systems(Update, show_browser.in_set(super::UiSet::Show));
}

pub(super) fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    // The record browser.
    commands
        .spawn((
            BrowserPanel,
            Node {
                position_type: PositionType::Absolute,
                left: percent(22),
                top: px(60),
                width: px(560),
                max_height: percent(85),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                padding: UiRect::all(px(12)),
                display: Display::None,
                overflow: Overflow::clip(),
                border_radius: BorderRadius::all(px(8)),
                ..default()
            },
            BackgroundColor(PANEL),
            GlobalZIndex(15),
        ))
        .with_children(|c| {
            c.spawn(Node {
                column_gap: px(8),
                ..default()
            })
            .with_children(|row| {
                row.spawn(button(
                    Action::CloseBrowser,
                    label(Key::Close),
                    &ui,
                    size::BODY,
                ));
            });
            c.spawn((
                BrowserRows,
                Scrolls,
                ScrollPosition::default(),
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(2),
                    min_height: px(0),
                    flex_shrink: 1.0,
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
            ));
        });
}

/// The browser lists the folder's subfolders and its records (newest first, a RON and its PGN
/// once), listed on the IO pool: the frame loop only starts the listing and shows its result.
fn show_browser(
    mut commands: Commands,
    browser: Res<Browser>,
    mut listing: ResMut<Listing>,
    settings: Res<Settings>,
    ui: Res<UiFont>,
    mut panels: Query<&mut Node, With<BrowserPanel>>,
    mut rows: Query<(Entity, Option<&Children>, &mut ScrollPosition), With<BrowserRows>>,
) {
    if browser.is_changed() {
        for mut node in &mut panels {
            node.display = if browser.dir.is_some() {
                Display::Flex
            } else {
                Display::None
            };
        }
        let wanted = browser.dir.clone();
        let listed = listing.0.as_ref().map(|(d, _)| d.clone());
        if let Some(dir) = wanted
            && listed.as_ref() != Some(&dir)
        {
            let target = dir.clone();
            let task = IoTaskPool::get().spawn(async move {
                // The records folder may not exist yet.
                let _ = std::fs::create_dir_all(&target);
                list_records(&target)
            });
            listing.0 = Some((dir, task));
        } else if browser.dir.is_none() {
            listing.0 = None;
        }
    }
    let Some((dir, task)) = listing.0.as_mut() else {
        return;
    };
    let Some(entries) = check_ready(task) else {
        return;
    };
    let dir = dir.clone();
    listing.0 = None;
    let Ok((container, children, mut scroll)) = rows.single_mut() else {
        return;
    };
    if let Some(children) = children {
        for c in children.iter() {
            commands.entity(c).despawn();
        }
    }
    scroll.0 = Vec2::ZERO;
    let lang = settings.language;
    commands.entity(container).with_children(|c| {
        c.spawn((
            Text::new(dir.display().to_string()),
            font(&ui, size::SMALL),
            TextColor(INK_MUTED),
        ));
        if let Some(parent) = dir.parent() {
            c.spawn(button(
                Action::BrowseTo(parent.to_path_buf()),
                Text::new(format!(".. {}", text::tr(Key::Up, lang))),
                &ui,
                17.0,
            ));
        }
        match entries {
            Ok(entries) => {
                for e in entries {
                    let (action, shown) = if e.is_dir {
                        (Action::BrowseTo(e.path), format!("{}/", e.name))
                    } else {
                        (Action::OpenFile(e.path), e.name)
                    };
                    c.spawn(button(action, Text::new(shown), &ui, size::TEXT));
                }
            }
            Err(e) => {
                c.spawn((
                    Text::new(e.to_string()),
                    font(&ui, size::SMALL),
                    TextColor(INK),
                ));
            }
        }
    });
}
