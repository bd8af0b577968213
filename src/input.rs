//! Picking points on the board: select a piece of the side to move, show its legal destinations,
//! ask for a move. The core part works on `Pick` messages and runs headless; `view_plugin` turns
//! pointer clicks and drags into them. Every move goes through `MoveRequested`: the rules decide.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use xiangqi::{Move, Square};

use crate::board::{BoardSurface, square_to_world, world_to_square};
use crate::game::{BoardReset, CoreSet, Game, MovePlayed, MoveRequested};
use crate::pieces::{Dragged, HEIGHT, Hovered, Motion, PieceView, rest_position};

/// The selected point, if any.
#[derive(Resource, Default, Debug, PartialEq, Eq)]
pub struct Selection(pub Option<Square>);

/// What the player did on the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A click on a point (`None`: off the board's points).
    Click(Option<Square>),
    /// The start of a drag on a point.
    DragStart(Square),
    /// The end of a drag that started on `from`, over `to`.
    Drop {
        /// Where the drag started.
        from: Square,
        /// Where it ended (`None`: off the board's points).
        to: Option<Square>,
    },
}

/// A legal destination of the selected piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marker {
    /// The destination.
    pub square: Square,
    /// Whether moving there captures.
    pub capture: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>();
    app.add_message::<Pick>();
    app.add_systems(Update, handle_picks.in_set(CoreSet::Input));
    app.add_systems(
        Update,
        (clear_selection, update_markers)
            .chain()
            .in_set(CoreSet::Views),
    );
}

/// Turns picks into a selection or a move request.
fn handle_picks(
    mut picks: MessageReader<Pick>,
    game: Res<Game>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
) {
    for &pick in picks.read() {
        let pos = game.record.position();
        let may_move = game.human_to_move();
        let own = |sq: Square| {
            may_move
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| p.color == pos.side_to_move())
        };
        match pick {
            Pick::Click(None) => selection.0 = None,
            Pick::Click(Some(sq)) if own(sq) => {
                selection.0 = if selection.0 == Some(sq) {
                    None
                } else {
                    Some(sq)
                };
            }
            Pick::Click(Some(sq)) => {
                if let Some(from) = selection.0.take() {
                    requests.write(MoveRequested(Move::new(from, sq)));
                }
            }
            Pick::DragStart(sq) => {
                if own(sq) {
                    selection.0 = Some(sq);
                }
            }
            Pick::Drop { from, to } => match to {
                Some(to) if to != from && selection.0 == Some(from) => {
                    selection.0 = None;
                    requests.write(MoveRequested(Move::new(from, to)));
                }
                _ => {}
            },
        }
    }
}

/// A move played or a new board clears the selection.
fn clear_selection(
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    mut selection: ResMut<Selection>,
) {
    let changed = played.read().count() + resets.read().count() > 0;
    if (changed || !game.human_to_move()) && selection.0.is_some() {
        selection.0 = None;
    }
}

/// Keeps one marker entity on each legal destination of the selected piece.
fn update_markers(
    mut commands: Commands,
    selection: Res<Selection>,
    game: Res<Game>,
    old: Query<Entity, With<Marker>>,
) {
    if !selection.is_changed() && !game.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(from) = selection.0 else {
        return;
    };
    let pos = game.record.position();
    for m in pos.legal_moves().iter().filter(|m| m.from() == from) {
        let capture = pos.piece_at(m.to()).is_some();
        let y = if capture { HEIGHT + 0.02 } else { 0.012 };
        commands.spawn((
            Marker {
                square: m.to(),
                capture,
            },
            Transform::from_translation(square_to_world(m.to()) + Vec3::Y * y)
                .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        ));
    }
}

// ---------------------------------------------------------------------------------------------
// View: pointer events to picks, marker meshes, dragging.

/// Shared marker meshes and materials.
#[derive(Resource)]
struct MarkerAssets {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    quiet: Handle<StandardMaterial>,
    capture: Handle<StandardMaterial>,
}

/// The piece being dragged and where it started.
#[derive(Resource, Default)]
struct DragState(Option<(Entity, Square)>);

/// Whether the primary button has been dragged since it was pressed: a drag (turning the view,
/// or moving a piece) ends in a click where it is released, which must not count as one.
#[derive(Resource, Default)]
struct DraggedSincePress(bool);

pub(super) fn view_plugin(app: &mut App) {
    app.add_plugins(MeshPickingPlugin);
    app.add_systems(Startup, load_marker_assets);
    app.add_systems(Update, dress_markers.after(CoreSet::Views));
    app.add_plugins(pointer_plugin);
}

/// Pointer events to picks and drags (what `view_plugin` adds besides picking and looks; a test
/// triggers the pointer events itself).
pub fn pointer_plugin(app: &mut App) {
    app.init_resource::<DragState>();
    app.init_resource::<DraggedSincePress>();
    app.add_observer(on_press);
    app.add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_observer(on_drag_start)
        .add_observer(on_drag)
        .add_observer(on_drag_end);
}

fn load_marker_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let unlit = |c: Color| StandardMaterial {
        base_color: c,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    commands.insert_resource(MarkerAssets {
        dot: meshes.add(Circle::new(0.14)),
        ring: meshes.add(Annulus::new(0.44, 0.52).mesh().resolution(40)),
        quiet: materials.add(unlit(Color::srgba(0.1, 0.6, 0.2, 0.85))),
        capture: materials.add(unlit(Color::srgba(0.85, 0.15, 0.1, 0.9))),
    });
}

fn dress_markers(
    mut commands: Commands,
    assets: Option<Res<MarkerAssets>>,
    new: Query<(Entity, &Marker), Added<Marker>>,
) {
    let Some(assets) = assets else {
        return;
    };
    for (e, marker) in &new {
        let (mesh, material) = if marker.capture {
            (&assets.ring, &assets.capture)
        } else {
            (&assets.dot, &assets.quiet)
        };
        commands
            .entity(e)
            .insert((Mesh3d(mesh.clone()), MeshMaterial3d(material.clone())));
    }
}

/// The point an entity under the pointer stands for: a piece's square, a marker's, or the board
/// point nearest to where the board was hit. `None` if the entity is none of these.
fn point_of(
    target: Entity,
    hit: Option<Vec3>,
    pieces: &Query<&PieceView>,
    markers: &Query<&Marker>,
    parents: &Query<&ChildOf>,
    surfaces: &Query<(), With<BoardSurface>>,
) -> Option<Option<Square>> {
    let root = parents.get(target).map_or(target, ChildOf::parent);
    if let Ok(p) = pieces.get(root) {
        Some(Some(p.square))
    } else if let Ok(m) = markers.get(target) {
        Some(Some(m.square))
    } else if surfaces.contains(target) {
        Some(hit.and_then(world_to_square))
    } else {
        None
    }
}

/// One observer for every click: the board, a piece or a marker (only the entity hit decides;
/// the click bubbles to parents too).
#[allow(clippy::too_many_arguments)]
fn on_click(
    click: On<Pointer<Click>>,
    pieces: Query<&PieceView>,
    markers: Query<&Marker>,
    parents: Query<&ChildOf>,
    surfaces: Query<(), With<BoardSurface>>,
    drag: Res<DragState>,
    dragged: Res<DraggedSincePress>,
    mut picks: MessageWriter<Pick>,
) {
    if click.button != PointerButton::Primary
        || click.original_event_target() != click.entity
        || drag.0.is_some()
        || dragged.0
    {
        return;
    }
    let hit = click.hit.position;
    // Anything that is not a point of the board (the table) puts the selection down.
    let point = point_of(click.entity, hit, &pieces, &markers, &parents, &surfaces).flatten();
    picks.write(Pick::Click(point));
}

fn piece_root(target: Entity, parents: &Query<&ChildOf>, pieces: &Query<&PieceView>) -> Option<Entity> {
    let root = parents.get(target).map_or(target, ChildOf::parent);
    pieces.contains(root).then_some(root)
}

fn on_over(
    over: On<Pointer<Over>>,
    mut commands: Commands,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
) {
    if let Some(e) = piece_root(over.entity, &parents, &pieces) {
        commands.entity(e).insert(Hovered);
    }
}

fn on_out(
    out: On<Pointer<Out>>,
    mut commands: Commands,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
) {
    if let Some(e) = piece_root(out.entity, &parents, &pieces) {
        commands.entity(e).remove::<Hovered>();
    }
}

fn on_press(press: On<Pointer<Press>>, mut dragged: ResMut<DraggedSincePress>) {
    if press.button == PointerButton::Primary && press.original_event_target() == press.entity {
        dragged.0 = false;
    }
}

/// A left drag that starts on a piece the player may move picks it up; any other left drag (the
/// view turning) only keeps its release from counting as a click.
#[allow(clippy::too_many_arguments)]
fn on_drag_start(
    start: On<Pointer<DragStart>>,
    mut commands: Commands,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
    game: Res<Game>,
    mut drag: ResMut<DragState>,
    mut dragged: ResMut<DraggedSincePress>,
    mut picks: MessageWriter<Pick>,
) {
    if start.button == PointerButton::Primary && start.original_event_target() == start.entity {
        dragged.0 = true;
    }
    if start.button != PointerButton::Primary
        || start.original_event_target() != start.entity
        || !game.human_to_move()
    {
        return;
    }
    let Some(e) = piece_root(start.entity, &parents, &pieces) else {
        return;
    };
    let Ok(view) = pieces.get(e) else {
        return;
    };
    let pos = game.record.position();
    if view.piece.color != pos.side_to_move() {
        return;
    }
    drag.0 = Some((e, view.square));
    commands.entity(e).insert(Dragged).remove::<Motion>();
    picks.write(Pick::DragStart(view.square));
}

/// Where the pointer's ray meets the plane at height `y`.
fn pointer_on_plane(
    pointer: Vec2,
    cameras: &Query<(&Camera, &GlobalTransform)>,
    y: f32,
) -> Option<Vec3> {
    let (camera, transform) = cameras.iter().find(|(c, _)| c.is_active)?;
    let ray = camera.viewport_to_world(transform, pointer).ok()?;
    let distance = ray.intersect_plane(Vec3::Y * y, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

fn on_drag(
    moved: On<Pointer<Drag>>,
    drag: Res<DragState>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    mut transforms: Query<&mut Transform, With<Dragged>>,
) {
    let Some((e, _)) = drag.0 else {
        return;
    };
    if moved.original_event_target() != moved.entity {
        return;
    }
    let lift = HEIGHT / 2.0 + 0.5;
    if let (Some(p), Ok(mut t)) = (
        pointer_on_plane(moved.pointer_location.position, &cameras, lift),
        transforms.get_mut(e),
    ) {
        t.translation = p;
    }
}

/// Dropping: ask for the move to the point under the pointer; the piece glides back to its point
/// unless the move is played.
fn on_drag_end(
    end: On<Pointer<DragEnd>>,
    mut commands: Commands,
    mut drag: ResMut<DragState>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    transforms: Query<&Transform>,
    mut picks: MessageWriter<Pick>,
) {
    if end.original_event_target() != end.entity {
        return;
    }
    let Some((e, from)) = drag.0.take() else {
        return;
    };
    let to = pointer_on_plane(end.pointer_location.position, &cameras, 0.0).and_then(world_to_square);
    if let Ok(t) = transforms.get(e) {
        commands
            .entity(e)
            .remove::<Dragged>()
            .insert(Motion::new(t.translation, rest_position(from), 0.2, 0.0));
    }
    picks.write(Pick::Drop { from, to });
}
