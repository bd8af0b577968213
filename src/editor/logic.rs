//! The editor's logic, headless: the placement being set up and its undo history, requests
//! applied to it, the board's piece entities following it, and leaving the editor for a game, an
//! analysis, a saved record, or back to the game as it was.

use bevy::prelude::*;
use xiangqi::placement::Placement;
use xiangqi::{FenError, GameRecord, Piece, PieceKind, Position};

use crate::analysis::AnalysisRequest;
use crate::core::game::{BoardReset, CoreSet, Game, NewGame, Players};
use crate::core::notice::{Notice, NoticeKind};
use crate::core::phase::Phase;
use crate::core::pieces::{Palette, PieceView, Taken, rest_position, taken_position};
use crate::editor::{EditorRequest, Finish, Start};
use crate::storage::files::Dirs;
use crate::storage::handed::hand_to_player;
use crate::storage::records::{RecordFormat, now_stamp, save_record_as};

/// The position being set up.
#[derive(Resource, Clone, Debug, Default)]
pub struct Editor {
    /// The pieces and the side to move.
    pub placement: Placement,
    /// The placements before each change, for undo.
    history: Vec<Placement>,
    /// The tray's piece taken up to be set down by clicks.
    pub held: Option<Piece>,
    /// What the game was when the editor opened (restored on cancel); `None` when closed.
    before: Option<(Phase, Players)>,
}

impl Editor {
    /// Whether the editor is open.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.before.is_some()
    }

    /// The position, or the first rule it breaks.
    pub fn verdict(&self) -> Result<Position, FenError> {
        self.placement.position()
    }

    /// Applies a change to the placement, remembered for undo when it changes anything.
    fn change(&mut self, edit: impl FnOnce(&mut Placement)) {
        let before = self.placement;
        edit(&mut self.placement);
        if self.placement != before {
            self.history.push(before);
        }
    }
}

/// How far a held tray piece rises.
const HELD_LIFT: f32 = 0.35;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Editor>();
    app.add_systems(Update, handle_requests.in_set(CoreSet::Input));
    app.add_systems(
        Update,
        show_placement
            .after(CoreSet::Views)
            .run_if(in_state(Phase::Editing)),
    );
    app.add_systems(OnExit(Phase::Editing), |mut editor: ResMut<Editor>| {
        editor.before = None;
        editor.held = None;
        editor.history.clear();
    });
}

/// What leaving the editor may announce.
#[derive(bevy::ecs::system::SystemParam)]
struct Outbox<'w> {
    resets: MessageWriter<'w, BoardReset>,
    new_games: MessageWriter<'w, NewGame>,
    notices: MessageWriter<'w, Notice>,
    analysis: MessageWriter<'w, AnalysisRequest>,
}

fn handle_requests(
    mut requests: MessageReader<EditorRequest>,
    mut editor: ResMut<Editor>,
    mut game: ResMut<Game>,
    phase: Res<State<Phase>>,
    mut next_phase: ResMut<NextState<Phase>>,
    dirs: Res<Dirs>,
    mut out: Outbox,
) {
    for &request in requests.read() {
        if !editor.is_open() && !matches!(request, EditorRequest::Open(_)) {
            continue;
        }
        match request {
            EditorRequest::Open(start) => {
                let placement = match start {
                    Start::Current => Placement::of(game.record.position()),
                    Start::Standard => Placement::of(&Position::startpos()),
                    Start::Empty => Placement::empty(),
                };
                if editor.is_open() {
                    editor.change(|p| *p = placement);
                } else {
                    *editor = Editor {
                        placement,
                        history: Vec::new(),
                        held: None,
                        before: Some((*phase.get(), game.players)),
                    };
                    next_phase.set(Phase::Editing);
                }
            }
            EditorRequest::Put(sq, piece) => editor.change(|p| {
                p.put(sq, piece);
            }),
            EditorRequest::Remove(sq) => editor.change(|p| {
                p.remove(sq);
            }),
            EditorRequest::Shift(from, to) => editor.change(|p| {
                p.shift(from, to);
            }),
            EditorRequest::Hold(piece) => editor.held = piece,
            EditorRequest::Point(sq) => match editor.held {
                Some(piece) => editor.change(|p| {
                    p.put(sq, piece);
                }),
                None => editor.change(|p| {
                    p.remove(sq);
                }),
            },
            EditorRequest::ToggleSide => editor.change(|p| {
                p.set_side_to_move(!p.side_to_move());
            }),
            EditorRequest::Flip => {
                game.players = if game.players.bottom_side() == xiangqi::Color::Red {
                    Players::HUMAN_BLACK
                } else {
                    Players::HUMAN_RED
                };
                out.resets.write(BoardReset);
            }
            EditorRequest::Undo => {
                if let Some(p) = editor.history.pop() {
                    editor.placement = p;
                }
            }
            EditorRequest::Cancel => {
                if let Some((phase, players)) = editor.before.take() {
                    game.players = players;
                    next_phase.set(phase);
                    out.resets.write(BoardReset);
                }
            }
            EditorRequest::Finish(finish) => {
                let position = match editor.verdict() {
                    Ok(p) => p,
                    Err(e) => {
                        out.notices.write(Notice(NoticeKind::PositionRefused(e)));
                        continue;
                    }
                };
                let record = GameRecord::new(position);
                match finish {
                    Finish::Play(players) => {
                        editor.before = None;
                        out.new_games.write(NewGame {
                            record,
                            players,
                            puzzle: None,
                        });
                    }
                    Finish::Analyse => {
                        editor.before = None;
                        out.new_games.write(NewGame {
                            record,
                            players: Players::TWO_PLAYERS,
                            puzzle: None,
                        });
                        if !game.analysing {
                            out.analysis.write(AnalysisRequest::Toggle);
                        }
                    }
                    Finish::Save => {
                        let (date, time) = now_stamp();
                        let mut record = record;
                        record.set_tag("Date", &date);
                        let stem = format!("chuhan-setup-{date}-{time}");
                        let saved = save_record_as(
                            &record,
                            &dirs.records(),
                            &stem,
                            RecordFormat::RonAndPgn,
                            xiangqi::notation::Notation::Chinese,
                        );
                        out.notices.write(Notice(match saved {
                            Ok(path) => match hand_to_player(&path) {
                                Ok(()) => NoticeKind::Saved(path.display().to_string()),
                                Err(e) => NoticeKind::WriteFailed(e),
                            },
                            Err(e) => NoticeKind::WriteFailed(e.to_string()),
                        }));
                    }
                }
            }
        }
    }
}

/// The board shows the placement, the trays one piece of each kind of both sides (the one held
/// raised), whenever the editor changes or the board was reset under it.
fn show_placement(
    mut commands: Commands,
    editor: Res<Editor>,
    mut resets: MessageReader<BoardReset>,
    old: Query<Entity, Or<(With<PieceView>, With<Taken>)>>,
) {
    let reset = resets.read().count() > 0;
    if !editor.is_changed() && !reset {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    for (sq, piece) in editor.placement.pieces() {
        commands.spawn((
            PieceView { square: sq, piece },
            Transform::from_translation(rest_position(sq)),
        ));
    }
    for color in xiangqi::Color::ALL {
        for (slot, kind) in PieceKind::ALL.into_iter().enumerate() {
            let piece = Piece::new(color, kind);
            let mut at = taken_position(piece, slot);
            if editor.held == Some(piece) {
                at.y += HELD_LIFT;
            }
            commands.spawn((
                Taken { piece, slot },
                Palette(piece),
                Transform::from_translation(at),
            ));
        }
    }
}
