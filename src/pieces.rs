//! Piece entities: views of the game resource's position. The core part (entities, squares,
//! animation) runs headless; `view_plugin` gives them meshes, faces and glow.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::math::curve::easing::EaseFunction;
use bevy::prelude::*;
use xiangqi::{Color as Side, Piece, PieceKind, Square};

use crate::board::square_to_world;
use crate::game::{BoardReset, CoreSet, Game, MovePlayed, MoveRefused};
use crate::input::Selection;

/// A piece standing on the board at `square`.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// Where it stands.
    pub square: Square,
    /// What it is.
    pub piece: Piece,
}

/// A piece taken off the board, set beside it in slot `slot` of its colour's row.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Taken {
    /// What it is.
    pub piece: Piece,
    /// Its place beside the board (0 = first taken).
    pub slot: usize,
}

/// A glide from one place to another, lifting on the way.
#[derive(Component, Clone, Copy, Debug)]
pub struct Motion {
    from: Vec3,
    to: Vec3,
    /// Progress, 0 to 1.
    t: f32,
    /// Seconds for the whole glide.
    duration: f32,
    /// Peak height of the lift.
    arc: f32,
}

impl Motion {
    /// A glide from `from` to `to` taking `duration` seconds, lifting `arc` at its middle.
    #[must_use]
    pub fn new(from: Vec3, to: Vec3, duration: f32, arc: f32) -> Motion {
        Motion {
            from,
            to,
            t: 0.0,
            duration,
            arc,
        }
    }

    /// The position at progress `t` (0 to 1): eased in and out along the way, lifted on an arc.
    #[must_use]
    pub fn at(&self, t: f32) -> Vec3 {
        let t = t.clamp(0.0, 1.0);
        let along = EaseFunction::CubicInOut.sample_clamped(t);
        self.from.lerp(self.to, along) + Vec3::Y * self.arc * 4.0 * t * (1.0 - t)
    }
}

/// A piece being dragged by the pointer: the view moves it, animation leaves it alone.
#[derive(Component, Clone, Copy, Debug)]
pub struct Dragged;

/// Animation settings: `cap` stops glides part way (screenshot mode uses it to show a move in
/// progress); 1 plays them out.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AnimationCap(pub f32);

impl Default for AnimationCap {
    fn default() -> AnimationCap {
        AnimationCap(1.0)
    }
}

/// Disc size.
pub const RADIUS: f32 = 0.42;
/// Disc thickness.
pub const HEIGHT: f32 = 0.22;
/// How high the selected piece floats.
const SELECTED_LIFT: f32 = 0.3;
/// Seconds for a move's glide.
const MOVE_SECONDS: f32 = 0.35;

/// Where a piece rests on `sq`.
#[must_use]
pub fn rest_position(sq: Square) -> Vec3 {
    square_to_world(sq) + Vec3::Y * HEIGHT / 2.0
}

/// Where taken piece number `slot` of `piece`'s colour sits: pieces Red took (Black's) on the
/// right of Red's side, pieces Black took on the left of Black's side, two columns of eight.
#[must_use]
pub fn taken_position(piece: Piece, slot: usize) -> Vec3 {
    let column = (slot / 8) as f32;
    let row = (slot % 8) as f32;
    let (x, z) = match piece.color {
        Side::Black => (5.7 + column * 0.9, 4.3 - row * 0.95),
        Side::Red => (-5.7 - column * 0.9, -4.3 + row * 0.95),
    };
    Vec3::new(x, HEIGHT / 2.0, z)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationCap>();
    app.add_systems(
        Update,
        (rebuild_pieces, follow_moves, follow_takebacks, animate)
            .chain()
            .in_set(CoreSet::Views),
    );
}

/// Despawns every piece view and spawns them again from the record: the position's pieces on
/// their points, the pieces taken so far beside the board.
fn rebuild_pieces(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    game: Res<Game>,
    old: Query<Entity, Or<(With<PieceView>, With<Taken>)>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let pos = game.record.position();
    for sq in Square::ALL {
        if let Some(piece) = pos.piece_at(sq) {
            commands.spawn((
                PieceView { square: sq, piece },
                Transform::from_translation(rest_position(sq)),
            ));
        }
    }
    let mut slots = [0usize; 2];
    for ply in 0..game.record.ply() {
        let (Some(before), Some(&mv)) = (
            game.record.position_at(ply),
            game.record.all_moves().get(ply),
        ) else {
            continue;
        };
        if let Some(piece) = before.piece_at(mv.to()) {
            let slot = &mut slots[piece.color.index()];
            commands.spawn((
                Taken { piece, slot: *slot },
                Transform::from_translation(taken_position(piece, *slot)),
            ));
            *slot += 1;
        }
    }
}

/// Moves the piece entities after each move played: the mover glides to its point, a captured
/// piece is lifted off and set beside the board.
fn follow_moves(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    mut views: Query<(Entity, &mut PieceView, &Transform)>,
    taken: Query<&Taken>,
) {
    let mut slots = [0usize; 2];
    for t in &taken {
        slots[t.piece.color.index()] = slots[t.piece.color.index()].max(t.slot + 1);
    }
    for m in played.read() {
        let (from, to) = (m.mv.from(), m.mv.to());
        let mut victim = None;
        for (e, view, transform) in &views {
            if view.square == to {
                victim = Some((e, view.piece, transform.translation));
            }
        }
        if let Some((e, piece, at)) = victim {
            let slot = &mut slots[piece.color.index()];
            let target = taken_position(piece, *slot);
            commands
                .entity(e)
                .remove::<(PieceView, Dragged)>()
                .insert((Taken { piece, slot: *slot }, Motion::new(at, target, 0.6, 1.2)));
            *slot += 1;
        }
        for (e, mut view, transform) in &mut views {
            if view.square == from {
                view.square = to;
                commands.entity(e).remove::<Dragged>().insert(Motion::new(
                    transform.translation,
                    rest_position(to),
                    MOVE_SECONDS,
                    0.6,
                ));
            }
        }
    }
}

/// A move taken back (replay): the piece glides back, a piece it had taken comes back from beside
/// the board.
fn follow_takebacks(
    mut commands: Commands,
    mut back: MessageReader<crate::session::MoveTakenBack>,
    mut views: Query<(Entity, &mut PieceView, &Transform)>,
    taken: Query<(Entity, &Taken, &Transform)>,
) {
    for b in back.read() {
        let (from, to) = (b.mv.from(), b.mv.to());
        for (e, mut view, transform) in &mut views {
            if view.square == to {
                view.square = from;
                commands.entity(e).insert(Motion::new(
                    transform.translation,
                    rest_position(from),
                    MOVE_SECONDS,
                    0.6,
                ));
            }
        }
        if let Some(piece) = b.captured {
            // The last taken piece of that kind and colour.
            let last = taken
                .iter()
                .filter(|(_, t, _)| t.piece == piece)
                .max_by_key(|(_, t, _)| t.slot);
            if let Some((e, _, transform)) = last {
                commands
                    .entity(e)
                    .remove::<Taken>()
                    .insert((PieceView { square: to, piece }, Motion::new(
                        transform.translation,
                        rest_position(to),
                        0.5,
                        1.0,
                    )));
            }
        }
    }
}

/// Plays glides out; pieces at rest settle on their point (the selected one floats above it).
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    cap: Res<AnimationCap>,
    selection: Res<Selection>,
    mut moving: Query<(Entity, &mut Motion, &mut Transform), Without<Dragged>>,
    mut resting: Query<(&PieceView, &mut Transform), (Without<Motion>, Without<Dragged>)>,
) {
    let dt = time.delta_secs();
    for (e, mut motion, mut transform) in &mut moving {
        motion.t = (motion.t + dt / motion.duration.max(1e-3)).min(cap.0);
        transform.translation = motion.at(motion.t);
        if motion.t >= 1.0 {
            commands.entity(e).remove::<Motion>();
        }
    }
    let follow = 1.0 - (-dt * 14.0).exp();
    for (view, mut transform) in &mut resting {
        let lift = if selection.0 == Some(view.square) {
            SELECTED_LIFT
        } else {
            0.0
        };
        let target = rest_position(view.square) + Vec3::Y * lift;
        transform.translation = transform.translation.lerp(target, follow);
    }
}

// ---------------------------------------------------------------------------------------------
// View: meshes, faces, glow.

/// The pointer is over this piece.
#[derive(Component)]
pub struct Hovered;

/// Shared meshes and materials of the pieces.
#[derive(Resource)]
struct PieceAssets {
    disc: Handle<Mesh>,
    face: Handle<Mesh>,
    faces: Vec<Handle<StandardMaterial>>,
    wood: Handle<StandardMaterial>,
    hover: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    check: Handle<StandardMaterial>,
    refused: Handle<StandardMaterial>,
}

/// The face of a piece (a child of its disc).
#[derive(Component)]
struct Face;

/// A refused move's piece flashes red for this many seconds more.
#[derive(Component)]
struct Flash(f32);

/// Which side sits at the bottom of the screen (the faces are turned to be upright for it).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BottomSide(pub Side);

impl Default for BottomSide {
    fn default() -> BottomSide {
        BottomSide(Side::Red)
    }
}

pub(super) fn view_plugin(app: &mut App) {
    app.init_resource::<BottomSide>();
    app.add_systems(Startup, load_piece_assets);
    app.add_systems(
        Update,
        (
            dress_pieces,
            turn_faces,
            flash_refused,
            glow,
            mark_last_move.run_if(resource_changed::<Game>),
            mark_hint.run_if(resource_changed::<crate::session::HintState>),
        )
            .chain()
            .after(CoreSet::Views),
    );
}

/// The face texture of `piece`.
fn face_texture(piece: Piece) -> String {
    let side = match piece.color {
        Side::Red => "red",
        Side::Black => "black",
    };
    format!("textures/piece-{side}-{}.png", piece.kind.name())
}

fn load_piece_assets(
    mut commands: Commands,
    assets: Res<AssetServer>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let wood_color = Color::srgb(0.93, 0.82, 0.62);
    let mut wood = |emissive: LinearRgba| {
        materials.add(StandardMaterial {
            base_color: wood_color,
            emissive,
            perceptual_roughness: 0.6,
            ..default()
        })
    };
    let plain = wood(LinearRgba::BLACK);
    let hover = wood(LinearRgba::rgb(0.25, 0.22, 0.08));
    let selected = wood(LinearRgba::rgb(0.7, 0.55, 0.1));
    let check = wood(LinearRgba::rgb(1.6, 0.1, 0.05));
    let refused = wood(LinearRgba::rgb(1.0, 0.0, 0.0));
    let faces = Side::ALL
        .into_iter()
        .flat_map(|side| PieceKind::ALL.map(|kind| Piece::new(side, kind)))
        .map(|piece| {
            materials.add(StandardMaterial {
                base_color_texture: Some(assets.load(face_texture(piece))),
                // Matte, so the light's reflection never washes the ink out from either side.
                perceptual_roughness: 0.9,
                reflectance: 0.1,
                ..default()
            })
        })
        .collect();
    commands.insert_resource(PieceAssets {
        disc: meshes.add(crate::board::bevelled_disc(RADIUS, HEIGHT, 0.05, 48)),
        face: meshes.add(Circle::new(RADIUS * 0.92).mesh().resolution(48)),
        faces,
        wood: plain,
        hover,
        selected,
        check,
        refused,
    });
}

/// The rotation of a face that reads upright for `bottom`.
fn face_rotation(bottom: Side) -> Quat {
    let turn = if bottom == Side::Black { PI } else { 0.0 };
    Quat::from_rotation_y(turn) * Quat::from_rotation_x(-FRAC_PI_2)
}

/// Gives new piece entities their disc and face.
fn dress_pieces(
    mut commands: Commands,
    assets: Option<Res<PieceAssets>>,
    bottom: Res<BottomSide>,
    new: Query<(Entity, Option<&PieceView>, Option<&Taken>), Or<(Added<PieceView>, Added<Taken>)>>,
    dressed: Query<(), With<Mesh3d>>,
) {
    let Some(assets) = assets else {
        return;
    };
    for (e, view, taken) in &new {
        if dressed.contains(e) {
            continue;
        }
        let Some(piece) = view.map(|v| v.piece).or(taken.map(|t| t.piece)) else {
            continue;
        };
        commands
            .entity(e)
            .insert((
                Mesh3d(assets.disc.clone()),
                MeshMaterial3d(assets.wood.clone()),
            ))
            .with_child((
                Face,
                Mesh3d(assets.face.clone()),
                MeshMaterial3d(assets.faces[piece.index()].clone()),
                Transform::from_xyz(0.0, HEIGHT / 2.0 + 0.002, 0.0)
                    .with_rotation(face_rotation(bottom.0)),
            ));
    }
}

/// Turns every face (and the river's writing) upright for the side at the bottom when it changes.
fn turn_faces(
    bottom: Res<BottomSide>,
    mut faces: Query<&mut Transform, Or<(With<Face>, With<crate::board::RiverText>)>>,
) {
    if !bottom.is_changed() {
        return;
    }
    for mut t in &mut faces {
        t.rotation = face_rotation(bottom.0);
    }
}

/// The piece of a refused move flashes red.
fn flash_refused(
    mut commands: Commands,
    time: Res<Time>,
    mut refused: MessageReader<MoveRefused>,
    views: Query<(Entity, &PieceView)>,
    mut flashing: Query<(Entity, &mut Flash)>,
) {
    for r in refused.read() {
        for (e, view) in &views {
            if view.square == r.mv.from() {
                commands.entity(e).insert(Flash(0.5));
            }
        }
    }
    for (e, mut flash) in &mut flashing {
        flash.0 -= time.delta_secs();
        if flash.0 <= 0.0 {
            commands.entity(e).remove::<Flash>();
        }
    }
}

/// Body material by state: refused flash, king in check, selected, hovered (a piece the player
/// may move), or plain wood.
fn glow(
    assets: Option<Res<PieceAssets>>,
    game: Res<Game>,
    selection: Res<Selection>,
    mut pieces: Query<(
        &PieceView,
        &mut MeshMaterial3d<StandardMaterial>,
        Has<Hovered>,
        Has<Flash>,
    )>,
) {
    let Some(assets) = assets else {
        return;
    };
    let pos = game.record.position();
    let to_move = pos.side_to_move();
    let checked = pos.is_check().then(|| pos.king(to_move));
    let may_move = game.human_to_move();
    for (view, mut material, hovered, flash) in &mut pieces {
        let want = if flash {
            &assets.refused
        } else if checked == Some(view.square) {
            &assets.check
        } else if selection.0 == Some(view.square) {
            &assets.selected
        } else if hovered && may_move && view.piece.color == to_move {
            &assets.hover
        } else {
            &assets.wood
        };
        if material.0 != *want {
            material.0 = want.clone();
        }
    }
}

/// The two marks of the last move (where it came from and where it went).
#[derive(Component)]
struct LastMoveMark;

/// The red ring under a king in check.
#[derive(Component)]
struct CheckMark;

/// A flat ring on the board at `sq`, ignored by picking.
fn ring_at(sq: Square, y: f32, mesh: &Handle<Mesh>, material: &Handle<StandardMaterial>) -> impl Bundle {
    (
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        Transform::from_translation(square_to_world(sq) + Vec3::Y * y)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    )
}

/// Rings on the board: blue on the last move's two points, red under a king in check.
#[allow(clippy::type_complexity)]
fn mark_last_move(
    mut commands: Commands,
    game: Res<Game>,
    old: Query<Entity, Or<(With<LastMoveMark>, With<CheckMark>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cached: Local<Option<[(Handle<Mesh>, Handle<StandardMaterial>); 2]>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let [last, check] = cached.get_or_insert_with(|| {
        let mut ring = |inner: f32, outer: f32, color: Color, emissive: LinearRgba| {
            (
                meshes.add(Annulus::new(inner, outer).mesh().resolution(40)),
                materials.add(StandardMaterial {
                    base_color: color,
                    emissive,
                    alpha_mode: AlphaMode::Blend,
                    unlit: true,
                    ..default()
                }),
            )
        };
        [
            ring(0.40, 0.47, Color::srgba(0.1, 0.35, 0.9, 0.9), LinearRgba::BLACK),
            ring(0.44, 0.62, Color::srgba(1.0, 0.1, 0.05, 0.85), LinearRgba::rgb(2.0, 0.1, 0.0)),
        ]
    });
    if let Some(mv) = game.record.last_move() {
        for sq in [mv.from(), mv.to()] {
            commands.spawn((LastMoveMark, ring_at(sq, 0.011, &last.0, &last.1)));
        }
    }
    let pos = game.record.position();
    if pos.is_check() {
        let king = pos.king(pos.side_to_move());
        commands.spawn((CheckMark, ring_at(king, 0.013, &check.0, &check.1)));
    }
}

/// The engine's suggested move: a gold arrow from the piece to its destination.
#[derive(Component)]
struct HintMark;

fn mark_hint(
    mut commands: Commands,
    hint: Res<crate::session::HintState>,
    old: Query<Entity, With<HintMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(mv) = hint.shown else {
        return;
    };
    let gold = materials.add(StandardMaterial {
        base_color: Color::srgba(1.0, 0.78, 0.1, 0.9),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    let (a, b) = (square_to_world(mv.from()), square_to_world(mv.to()));
    let d = b - a;
    let length = d.length();
    let yaw = Quat::from_rotation_y(-d.z.atan2(d.x));
    let lift = Vec3::Y * (HEIGHT + 0.06);
    // The shaft, from the piece's edge to the arrow head.
    let shaft = (length - 0.55).max(0.1);
    commands.spawn((
        HintMark,
        Mesh3d(meshes.add(Cuboid::new(shaft, 0.02, 0.12))),
        MeshMaterial3d(gold.clone()),
        Transform::from_translation(a + d / length * (shaft / 2.0) + lift).with_rotation(yaw),
        Pickable::IGNORE,
    ));
    // The head: a flat triangle pointing at the destination.
    let head = meshes.add(Triangle2d::new(
        Vec2::new(0.0, 0.0),
        Vec2::new(-0.45, 0.25),
        Vec2::new(-0.45, -0.25),
    ));
    commands.spawn((
        HintMark,
        Mesh3d(head),
        MeshMaterial3d(gold.clone()),
        Transform::from_translation(b - d / length * 0.1 + lift)
            .with_rotation(yaw * Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    ));
    commands.spawn((
        HintMark,
        Mesh3d(meshes.add(Annulus::new(0.44, 0.52).mesh().resolution(40))),
        MeshMaterial3d(gold),
        Transform::from_translation(b + Vec3::Y * 0.014)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glide_starts_and_ends_in_place_and_lifts_in_between() {
        let m = Motion::new(Vec3::ZERO, Vec3::new(2.0, 0.0, 0.0), 0.5, 1.0);
        assert_eq!(m.at(0.0), Vec3::ZERO);
        assert_eq!(m.at(1.0), Vec3::new(2.0, 0.0, 0.0));
        let mid = m.at(0.5);
        assert!((mid.x - 1.0).abs() < 1e-5 && (mid.y - 1.0).abs() < 1e-5);
        // Eased: slow at the start.
        assert!(m.at(0.1).x < 0.2 * 0.1 * 2.0 * 5.0);
    }

    #[test]
    fn taken_slots_are_beside_the_board_and_distinct() {
        let mut seen = Vec::new();
        for color in [Side::Red, Side::Black] {
            for slot in 0..16 {
                let p = taken_position(Piece::new(color, PieceKind::Pawn), slot);
                assert!(p.x.abs() > 5.0 + RADIUS, "slot {slot} is on the board");
                assert!(!seen.contains(&p));
                seen.push(p);
            }
        }
    }
}
