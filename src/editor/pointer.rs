//! The pointer in the editor: a piece dragged from a tray sets one of its kind where it is
//! dropped, a piece dragged on the board moves (or, dropped off the board, is taken off); a click
//! on a tray piece takes it up, a click on a point sets the piece held (or takes off the piece
//! there); a right click changes the side to move. `Tab` changes it too, `Ctrl+Z` undoes,
//! `Escape` puts the held piece back.

use bevy::prelude::*;
use xiangqi::{Piece, Square};

use crate::core::geometry::world_to_square;
use crate::core::phase::Phase;
use crate::core::pieces::{Dragged, Motion, Palette, PieceView, rest_position};
use crate::editor::EditorRequest;
use crate::view::board::BoardSurface;
use crate::view::pointer::{DraggedSincePress, pointer_on_plane};

/// Where a drag in the editor started: a board point or a tray.
#[derive(Clone, Copy, Debug)]
enum From {
    Board(Square),
    Tray(Piece, Vec3),
}

/// The piece being dragged in the editor.
#[derive(Resource, Default)]
struct EditorDrag(Option<(Entity, From)>);

/// Whether the right button was dragged (turning the view) since it was pressed: its release is
/// then no click.
#[derive(Resource, Default)]
struct TurnedSincePress(bool);

/// The editor's pointer observers and keys.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EditorDrag>();
    app.init_resource::<TurnedSincePress>();
    app.add_observer(
        |press: On<Pointer<Press>>, mut turned: ResMut<TurnedSincePress>| {
            if press.button == PointerButton::Secondary {
                turned.0 = false;
            }
        },
    );
    app.add_observer(
        |start: On<Pointer<DragStart>>, mut turned: ResMut<TurnedSincePress>| {
            if start.button == PointerButton::Secondary {
                turned.0 = true;
            }
        },
    );
    app.add_observer(on_click)
        .add_observer(on_drag_start)
        .add_observer(on_drag_end);
    app.add_systems(Update, keys.run_if(in_state(Phase::Editing)));
}

/// The piece entity (a board piece or a tray piece) an entity under the pointer belongs to.
fn root(target: Entity, parents: &Query<&ChildOf>) -> Entity {
    parents.get(target).map_or(target, ChildOf::parent)
}

fn on_click(
    click: On<Pointer<Click>>,
    phase: Res<State<Phase>>,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
    palette: Query<&Palette>,
    surfaces: Query<(), With<BoardSurface>>,
    dragged: Res<DraggedSincePress>,
    turned: Res<TurnedSincePress>,
    mut requests: MessageWriter<EditorRequest>,
) {
    if *phase.get() != Phase::Editing || click.original_event_target() != click.entity {
        return;
    }
    match click.button {
        PointerButton::Secondary if !turned.0 => {
            requests.write(EditorRequest::ToggleSide);
            return;
        }
        PointerButton::Primary if !dragged.0 => {}
        _ => return,
    }
    let e = root(click.entity, &parents);
    if let Ok(p) = palette.get(e) {
        requests.write(EditorRequest::Hold(Some(p.0)));
    } else if let Ok(p) = pieces.get(e) {
        requests.write(EditorRequest::Point(p.square));
    } else if surfaces.contains(click.entity)
        && let Some(sq) = click.hit.position.and_then(world_to_square)
    {
        requests.write(EditorRequest::Point(sq));
    } else {
        requests.write(EditorRequest::Hold(None));
    }
}

fn on_drag_start(
    start: On<Pointer<DragStart>>,
    mut commands: Commands,
    phase: Res<State<Phase>>,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
    palette: Query<(&Palette, &Transform)>,
    mut drag: ResMut<EditorDrag>,
) {
    if *phase.get() != Phase::Editing
        || start.button != PointerButton::Primary
        || start.original_event_target() != start.entity
    {
        return;
    }
    let e = root(start.entity, &parents);
    let from = if let Ok((p, t)) = palette.get(e) {
        From::Tray(p.0, t.translation)
    } else if let Ok(p) = pieces.get(e) {
        From::Board(p.square)
    } else {
        return;
    };
    drag.0 = Some((e, from));
    commands.entity(e).insert(Dragged).remove::<Motion>();
}

/// Dropping: a tray piece sets its kind on the point under the pointer, a board piece moves
/// there, or off the board is taken off. The board is drawn again from the placement; a tray
/// piece dropped off the board glides home.
fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    mut commands: Commands,
    mut drag: ResMut<EditorDrag>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    transforms: Query<&Transform>,
    mut requests: MessageWriter<EditorRequest>,
) {
    if end.original_event_target() != end.entity {
        return;
    }
    let Some((e, from)) = drag.0.take() else {
        return;
    };
    // The piece glides home; when the placement changes the board is drawn again anyway.
    let home = match from {
        From::Board(sq) => rest_position(sq),
        From::Tray(_, home) => home,
    };
    if let Ok(t) = transforms.get(e) {
        commands
            .entity(e)
            .remove::<Dragged>()
            .insert(Motion::new(t.translation, home, 0.2, 0.0));
    }
    let to =
        pointer_on_plane(end.pointer_location.position, &cameras, 0.0).and_then(world_to_square);
    match (from, to) {
        (From::Board(from), Some(to)) if from != to => {
            requests.write(EditorRequest::Shift(from, to));
        }
        (From::Board(from), None) => {
            requests.write(EditorRequest::Remove(from));
        }
        (From::Tray(piece, _), Some(to)) => {
            requests.write(EditorRequest::Put(to, piece));
        }
        _ => {}
    }
}

/// `Tab` changes the side to move, `Ctrl+Z` undoes, `Escape` puts the held piece back.
fn keys(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<EditorRequest>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::Tab) {
        requests.write(EditorRequest::ToggleSide);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        requests.write(EditorRequest::Undo);
    }
    if keys.just_pressed(KeyCode::Escape) {
        requests.write(EditorRequest::Hold(None));
    }
}
