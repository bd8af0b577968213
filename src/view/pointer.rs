//! The pointer on the board: clicks and drags become picks (`core::selection`), a dragged piece
//! follows the pointer, and the legal-destination markers get their meshes.

use bevy::prelude::*;
use xiangqi::Square;

use crate::core::game::{CoreSet, Game};
use crate::core::geometry::HEIGHT;
use crate::core::geometry::world_to_square;
use crate::core::phase::Phase;
use crate::core::pieces::{Dragged, Motion, PieceView, rest_position};
use crate::core::selection::{Marker, Pick};
use crate::view::board::BoardSurface;
use crate::view::pieces::Hovered;

/// Shared marker meshes and materials.
#[derive(Resource)]
struct MarkerAssets {
    dot: Handle<Mesh>,
    ring: Handle<Mesh>,
    quiet: Handle<StandardMaterial>,
    capture: Handle<StandardMaterial>,
}

/// The piece pressed on for a drag and where it stands: `lifted` once the pointer has moved past
/// [`DRAG_SLOP`] (until then the press may still be a click).
#[derive(Resource, Default)]
struct DragState(Option<(Entity, Square, bool)>);

/// How far (in logical pixels) the pointer may move between press and release and still make a
/// click: a hand's tremor or a move of a pixel or two must not turn a click into a drag (bevy_picking
/// starts a drag at the first movement of any size).
pub const DRAG_SLOP: f32 = 6.0;

/// Whether the primary button has been dragged past [`DRAG_SLOP`] since it was pressed: a drag
/// (turning the view, or moving a piece) ends in a click where it is released, which must not
/// count as one.
#[derive(Resource, Default)]
pub(crate) struct DraggedSincePress(pub(crate) bool);

pub(super) fn plugin(app: &mut App) {
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
    app.add_observer(past_slop);
    app.add_observer(on_click)
        .add_observer(on_over)
        .add_observer(on_out)
        .add_observer(on_drag_start)
        .add_observer(on_drag)
        .add_observer(on_drag_end);
    app.add_systems(Update, glide_through.after(CoreSet::Views));
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
fn on_click(
    click: On<Pointer<Click>>,
    pieces: Query<&PieceView>,
    markers: Query<&Marker>,
    parents: Query<&ChildOf>,
    surfaces: Query<(), With<BoardSurface>>,
    mut drag: ResMut<DragState>,
    dragged: Res<DraggedSincePress>,
    mut picks: MessageWriter<Pick>,
) {
    if click.button != PointerButton::Primary
        || click.original_event_target() != click.entity
        || dragged.0
    {
        return;
    }
    // A piece pressed on but never moved past the slop was clicked, not dragged.
    if drag.0.is_some_and(|(_, _, lifted)| !lifted) {
        drag.0 = None;
    } else if drag.0.is_some() {
        return;
    }
    let hit = click.hit.position;
    // Anything that is not a point of the board (the table) puts the selection down.
    let point = point_of(click.entity, hit, &pieces, &markers, &parents, &surfaces).flatten();
    picks.write(Pick::Click(point));
}

/// A piece on its way (the opponent's move gliding in, a taken piece lifted off, a piece gliding
/// back) lets the pointer through to what lies behind it, and takes it again when it comes to
/// rest. A quick click on a point behind a gliding piece landed on the piece: it counted as a
/// click on the point the piece was going to, or, when the piece had glided away by the release,
/// as no click at all (press and release not on one thing), and the player's click was lost.
fn glide_through(
    mut commands: Commands,
    started: Query<(Entity, Option<&Children>), (With<Motion>, Without<Pickable>)>,
    mut ended: RemovedComponents<Motion>,
    children: Query<&Children>,
    still: Query<(), With<Motion>>,
) {
    for (e, kids) in &started {
        commands.entity(e).insert(Pickable::IGNORE);
        for &kid in kids.into_iter().flatten() {
            commands.entity(kid).insert(Pickable::IGNORE);
        }
    }
    for e in ended.read() {
        // Given a new glide in the same frame: still on its way.
        if still.contains(e) {
            continue;
        }
        // Gone (a new game) has nothing to take back.
        if let Ok(mut piece) = commands.get_entity(e) {
            piece.remove::<Pickable>();
        }
        for &kid in children.get(e).into_iter().flatten() {
            commands.entity(kid).remove::<Pickable>();
        }
    }
}

fn piece_root(
    target: Entity,
    parents: &Query<&ChildOf>,
    pieces: &Query<&PieceView>,
) -> Option<Entity> {
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

/// A left drag moved past [`DRAG_SLOP`] is a drag: its release is no click, and a piece pressed on
/// for a drag is lifted now (it follows the pointer from here).
fn past_slop(
    moved: On<Pointer<Drag>>,
    mut commands: Commands,
    mut dragged: ResMut<DraggedSincePress>,
    mut drag: ResMut<DragState>,
    mut picks: MessageWriter<Pick>,
) {
    if moved.button != PointerButton::Primary
        || moved.original_event_target() != moved.entity
        || dragged.0
        || moved.distance.length() <= DRAG_SLOP
    {
        return;
    }
    dragged.0 = true;
    if let Some((e, square, lifted)) = &mut drag.0
        && !*lifted
    {
        *lifted = true;
        commands.entity(*e).insert(Dragged).remove::<Motion>();
        picks.write(Pick::DragStart(*square));
    }
}

/// A left drag that starts on a piece the player may move is noted; the piece is picked up once
/// the pointer has moved past the slop ([`past_slop`]). Any other left drag (the view turning)
/// only keeps its release from counting as a click, once past the slop.
fn on_drag_start(
    start: On<Pointer<DragStart>>,
    parents: Query<&ChildOf>,
    pieces: Query<&PieceView>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    mut drag: ResMut<DragState>,
) {
    if start.button != PointerButton::Primary
        || start.original_event_target() != start.entity
        || *phase.get() != Phase::Playing
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
    drag.0 = Some((e, view.square, false));
}

/// Where the pointer's ray meets the plane at height `y`.
pub(crate) fn pointer_on_plane(
    pointer: Vec2,
    cameras: &Query<(&Camera, &GlobalTransform)>,
    y: f32,
) -> Option<Vec3> {
    let (camera, transform) = cameras.iter().find(|(c, _)| c.is_active)?;
    let ray = camera.viewport_to_world(transform, pointer).ok()?;
    let distance = ray.intersect_plane(Vec3::Y * y, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(distance))
}

/// The piece being dragged (in a game or in the position editor: either marks it `Dragged`)
/// follows the pointer, lifted over the board.
fn on_drag(
    moved: On<Pointer<Drag>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    mut transforms: Query<&mut Transform, With<Dragged>>,
) {
    if moved.original_event_target() != moved.entity {
        return;
    }
    let lift = HEIGHT / 2.0 + 0.5;
    if let Some(p) = pointer_on_plane(moved.pointer_location.position, &cameras, lift) {
        for mut t in &mut transforms {
            t.translation = p;
        }
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
    let Some((e, from, true)) = drag.0.take() else {
        return;
    };
    let to =
        pointer_on_plane(end.pointer_location.position, &cameras, 0.0).and_then(world_to_square);
    if let Ok(t) = transforms.get(e) {
        commands.entity(e).remove::<Dragged>().insert(Motion::new(
            t.translation,
            rest_position(from),
            0.2,
            0.0,
        ));
    }
    picks.write(Pick::Drop { from, to });
}
