//! Annotating a record in replay: marks (! ? !! ?? !? ?!) on the current move, a comment box for
//! the player's own words (typed, IME text included), deleting the current move with the rest of
//! its line, and promoting the variation followed to the main line. The record is edited by
//! [`Command::Edit`]; this only asks.

use crate::ui::docking::Docked;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use xiangqi::Mark;

use crate::core::commands::Command;
use crate::core::game::Game;
use crate::core::phase::Phase;
use crate::core::record_edit::RecordEdit;
use crate::core::typing::{Keyboard, Typed, type_commit, type_key};
use crate::ui::actions::{Action, send};
use crate::ui::theme::*;

/// What the comment box is asked to do.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentBoxRequest {
    /// Open it on the current move's comment.
    Open,
    /// Keep what was typed as the comment and close it.
    Save,
    /// Close it, keeping the comment as it was.
    Cancel,
}

/// The comment being typed, while the box is open.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct CommentBox(pub Option<String>);

#[derive(Component)]
struct EditBar;

#[derive(Component)]
struct CommentPanel;

#[derive(Component)]
struct CommentText;

/// The current move's comment, shown over the edit bar.
#[derive(Component)]
struct CurrentComment;

/// Longest comment the box takes, in characters.
const MAX_COMMENT: usize = 2000;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CommentBox>();
    app.add_message::<CommentBoxRequest>();
    app.add_systems(Startup, spawn);
    // Typing is read right after the input is gathered, and the keys typed are taken from the
    // frame so that no shortcut acts on them.
    app.add_systems(PreUpdate, type_comment.after(bevy::input::InputSystems));
    app.add_systems(
        Update,
        (handle_requests, show).chain().in_set(super::UiSet::Show),
    );
}

fn spawn(mut commands: Commands, ui: Res<UiFont>) {
    let ui = ui.clone();
    let small = |c: &mut ChildSpawnerCommands, action: Action, text: (Words, Text)| {
        c.spawn(button(action, text, &ui, size::SMALL));
    };
    commands
        .spawn((
            EditBar,
            Docked::Foot,
            Node {
                position_type: PositionType::Absolute,
                right: px(0),
                bottom: px(0),
                width: LIST_WIDTH,
                flex_wrap: FlexWrap::Wrap,
                column_gap: px(3),
                row_gap: px(3),
                padding: UiRect::all(px(6)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PANEL),
        ))
        .with_children(|c| {
            c.spawn((
                CurrentComment,
                Text::new(""),
                font(&ui, size::SMALL),
                TextColor(INK_ACCENT),
                Node {
                    width: percent(100),
                    max_height: px(120),
                    overflow: Overflow::clip(),
                    ..default()
                },
            ));
            for mark in Mark::ALL {
                c.spawn(button(
                    send(Command::Edit(RecordEdit::Mark(Some(mark)))),
                    Text::new(mark.sign()),
                    &ui,
                    15.0,
                ));
            }
            small(
                c,
                send(Command::Edit(RecordEdit::Mark(None))),
                words("annotate-no-mark"),
            );
            small(c, send(CommentBoxRequest::Open), words("annotate-comment"));
            small(
                c,
                send(Command::Edit(RecordEdit::DeleteMove)),
                words("annotate-delete-move"),
            );
            small(
                c,
                send(Command::Edit(RecordEdit::Promote)),
                words("annotate-promote"),
            );
        });
    commands
        .spawn((
            CommentPanel,
            Node {
                position_type: PositionType::Absolute,
                left: percent(25),
                top: percent(30),
                width: percent(50),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                padding: UiRect::all(px(14)),
                border_radius: BorderRadius::all(px(8)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(PANEL),
            GlobalZIndex(20),
        ))
        .with_children(|c| {
            c.spawn((
                words("comment-box-title"),
                font(&ui, size::TEXT),
                TextColor(INK),
            ));
            c.spawn((
                Node {
                    min_height: px(60),
                    padding: UiRect::all(px(8)),
                    border_radius: BorderRadius::all(px(4)),
                    ..default()
                },
                BackgroundColor(VEIL_DEEP),
                children![(
                    CommentText,
                    Text::new(""),
                    font(&ui, size::BODY),
                    TextColor(INK)
                )],
            ));
            c.spawn(Node {
                column_gap: px(8),
                ..default()
            })
            .with_children(|row| {
                row.spawn(button(
                    send(CommentBoxRequest::Save),
                    words("comment-box-keep"),
                    &ui,
                    16.0,
                ));
                row.spawn(button(
                    send(CommentBoxRequest::Cancel),
                    words("comment-box-cancel"),
                    &ui,
                    16.0,
                ));
            });
        });
}

/// Opens, keeps or closes the comment box; the window takes IME text while it is open.
fn handle_requests(
    mut requests: MessageReader<CommentBoxRequest>,
    game: Res<Game>,
    mut open: ResMut<CommentBox>,
    mut commands: MessageWriter<Command>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    for request in requests.read() {
        match request {
            CommentBoxRequest::Open => {
                let ply = game.record.ply();
                open.0 = Some(game.record.comment(ply).unwrap_or_default().to_owned());
            }
            CommentBoxRequest::Save => {
                if let Some(text) = open.0.take() {
                    commands.write(Command::Edit(RecordEdit::Comment(Some(text))));
                }
            }
            CommentBoxRequest::Cancel => open.0 = None,
        }
        for mut window in &mut windows {
            let ime = open.0.is_some();
            if window.ime_enabled != ime {
                window.ime_enabled = ime;
            }
        }
    }
}

/// While the box is open: typed text and IME commits go into it, Backspace takes the last
/// character, Enter keeps it (Shift+Enter starts a new line), Escape cancels; no key reaches the
/// game's shortcuts meanwhile.
fn type_comment(
    mut keyboard: Keyboard,
    mut open: ResMut<CommentBox>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut requests: MessageWriter<CommentBoxRequest>,
) {
    let Some(text) = open.0.as_mut() else {
        keyboard.drop_all();
        return;
    };
    // Shift key by key (Shift+Enter starts a line), as the online forms read it.
    for (key, shift) in keyboard.keys() {
        match type_key(text, key, shift, true, MAX_COMMENT) {
            Typed::Enter => {
                requests.write(CommentBoxRequest::Save);
            }
            Typed::Escape => {
                requests.write(CommentBoxRequest::Cancel);
            }
            Typed::Edited | Typed::Tab { .. } => {}
        }
    }
    for value in keyboard.commits() {
        type_commit(text, value, MAX_COMMENT);
    }
    keys.reset_all();
}

/// The edit bar shows in a replay; the comment box while it is open.
fn show(
    phase: Res<State<Phase>>,
    open: Res<CommentBox>,
    game: Res<Game>,
    mut bar: Query<&mut Node, (With<EditBar>, Without<CommentPanel>)>,
    mut panel: Query<&mut Node, (With<CommentPanel>, Without<EditBar>)>,
    mut text: Query<&mut Text, (With<CommentText>, Without<CurrentComment>)>,
    mut current: Query<&mut Text, (With<CurrentComment>, Without<CommentText>)>,
) {
    if game.is_changed() {
        let ply = game.record.ply();
        // PGN's commands (an online game's clocks, the review's notes) are for programs.
        let words =
            crate::ui::move_list::comment_words(game.record.comment(ply).unwrap_or_default());
        for mut t in &mut current {
            t.0.clone_from(&words);
        }
    }
    let display = |on: bool| if on { Display::Flex } else { Display::None };
    if phase.is_changed() {
        for mut node in &mut bar {
            node.display = display(*phase.get() == Phase::Replaying);
        }
    }
    if open.is_changed() {
        for mut node in &mut panel {
            node.display = display(open.0.is_some());
        }
        for mut t in &mut text {
            t.0 = format!("{}|", open.0.as_deref().unwrap_or_default());
        }
    }
}
