//! Piece entities: the game resource's position as entities with squares and transforms, and
//! their animation. Runs headless; the view gives them meshes, faces and glow.

use bevy::math::curve::easing::EaseFunction;
use bevy::prelude::*;
use xiangqi::{Color as Side, Piece, Square};

use crate::core::game::{BoardReset, CoreSet, Game, MovePlayed, MoveTakenBack};
use crate::core::geometry::{HEIGHT, square_to_world};
use crate::core::selection::Selection;
use crate::core::settings::Settings;

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

/// A piece of the position editor's trays (摆棋): dragged onto the board it sets a piece of its
/// kind there, and stays in the tray. It is also [`Taken`], so it is drawn as a tray's pieces are.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette(pub Piece);

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
    /// Seconds to wait before setting off (a taken piece waits for the taker).
    delay: f32,
    /// A taken piece's own flight: it hops up, tilts and turns once about its axis on the way.
    tumble: bool,
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
            delay: 0.0,
            tumble: false,
        }
    }

    /// A taken piece's flight to its tray: it waits `delay` seconds (until the taker lands on
    /// it), hops straight up, then arcs over to the tray tilting and turning once, and settles.
    #[must_use]
    pub fn to_tray(from: Vec3, to: Vec3, delay: f32) -> Motion {
        Motion {
            delay,
            tumble: true,
            ..Motion::new(from, to, CAPTURE_SECONDS, 1.6)
        }
    }

    /// The position at progress `t` (0 to 1): eased in and out along the way, lifted on an arc.
    /// A tumbling piece first rises (the first fifth) and only then sets off.
    #[must_use]
    pub fn at(&self, t: f32) -> Vec3 {
        let t = t.clamp(0.0, 1.0);
        let travel = if self.tumble {
            ((t - 0.2) / 0.8).clamp(0.0, 1.0)
        } else {
            t
        };
        let along = EaseFunction::CubicInOut.sample_clamped(travel);
        let lift = if self.tumble {
            // Up fast, then down along the arc to the tray.
            self.arc * (1.0 - (1.0 - t).powi(2)) * (1.0 - travel.powi(3))
        } else {
            self.arc * 4.0 * t * (1.0 - t)
        };
        self.from.lerp(self.to, along) + Vec3::Y * lift
    }

    /// The piece's turn at progress `t`: none for a glide; a tumble tilts up to 35 degrees and
    /// turns once about the piece's axis, upright again at both ends.
    #[must_use]
    pub fn rotation_at(&self, t: f32) -> Quat {
        if !self.tumble {
            return Quat::IDENTITY;
        }
        let t = t.clamp(0.0, 1.0);
        let turn = EaseFunction::CubicInOut.sample_clamped(t) * std::f32::consts::TAU;
        let tilt = (t * std::f32::consts::PI).sin() * 35f32.to_radians();
        Quat::from_rotation_y(turn) * Quat::from_rotation_x(tilt)
    }

    /// Where the motion ends.
    #[must_use]
    pub fn end(&self) -> Vec3 {
        self.to
    }
}

/// A piece that lands where its motion ends says so (the view plays the move's sound then).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing(pub LandingSound);

/// What a landing sounds like: the move it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LandingSound {
    Move,
    Capture,
    Check,
}

impl LandingSound {
    /// The sound of `played`.
    #[must_use]
    pub fn of(played: &MovePlayed) -> LandingSound {
        if played.check {
            LandingSound::Check
        } else if played.captured.is_some() {
            LandingSound::Capture
        } else {
            LandingSound::Move
        }
    }
}

/// A moved piece came to rest on its point: at the end of its glide, or at once when animations
/// are off or skipped.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceLanded(pub LandingSound);

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

/// How high the selected piece floats.
const SELECTED_LIFT: f32 = 0.3;
/// Seconds for a move's glide.
pub const MOVE_SECONDS: f32 = 0.35;
/// Seconds for a taken piece's flight to its tray.
pub const CAPTURE_SECONDS: f32 = 0.8;

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

/// The thickness of a tray's rim: the taken pieces lie inside it.
pub const TRAY_RIM: f32 = 0.08;

/// The tray that holds the pieces `capturer` took: its centre and size (x, z) on the table, under
/// the slots of [`taken_position`] (two columns of eight), its floor level with the board's top.
#[must_use]
pub fn tray(capturer: Side) -> (Vec3, Vec2) {
    let centre = Vec3::new(6.15, -0.15, 0.975);
    let centre = match capturer {
        Side::Red => centre,
        Side::Black => Vec3::new(-centre.x, centre.y, -centre.z),
    };
    (centre, Vec2::new(2.0, 7.9))
}

/// The material a side has won, in half points of the usual scale (rook 9, cannon 4.5, horse 4,
/// advisor and elephant 2, pawn 1): Red's captures minus Black's, from the pieces taken.
#[must_use]
pub fn material_balance(taken: impl IntoIterator<Item = Piece>) -> i32 {
    use xiangqi::PieceKind;
    taken
        .into_iter()
        .map(|p| {
            let half_points = match p.kind {
                PieceKind::King => 0,
                PieceKind::Rook => 18,
                PieceKind::Cannon => 9,
                PieceKind::Horse => 8,
                PieceKind::Advisor | PieceKind::Elephant => 4,
                PieceKind::Pawn => 2,
            };
            // A Black piece taken is Red's gain.
            if p.color == Side::Black {
                half_points
            } else {
                -half_points
            }
        })
        .sum()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimationCap>();
    app.add_message::<PieceLanded>();
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
///
/// Animations play when the settings allow them and one move comes at a time; moves that come
/// faster (a replay run forward, several in a frame, one before the last landed) are placed at
/// once, and a glide still under way finishes where it was going.
fn follow_moves(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    mut landed: MessageWriter<PieceLanded>,
    settings: Res<Settings>,
    mut views: Query<(Entity, &mut PieceView, &mut Transform)>,
    taken: Query<&Taken>,
    moving: Query<(Entity, &Motion)>,
) {
    let played: Vec<MovePlayed> = played.read().copied().collect();
    if played.is_empty() {
        return;
    }
    let animate = settings.animations && played.len() == 1;
    finish_motions(&mut commands, &moving);
    let mut slots = [0usize; 2];
    for t in &taken {
        slots[t.piece.color.index()] = slots[t.piece.color.index()].max(t.slot + 1);
    }
    // Pieces taken by an earlier move of this frame: their `PieceView` goes only when the
    // commands apply, so they are passed over here.
    let mut gone: Vec<Entity> = Vec::new();
    for m in &played {
        let (from, to) = (m.mv.from(), m.mv.to());
        let sound = LandingSound::of(m);
        let victim = views
            .iter()
            .find(|(e, view, _)| view.square == to && !gone.contains(e))
            .map(|(e, view, transform)| (e, view.piece, transform.translation));
        if let Some((e, piece, at)) = victim {
            gone.push(e);
            let slot = &mut slots[piece.color.index()];
            let target = taken_position(piece, *slot);
            let mut piece_entity = commands.entity(e);
            piece_entity
                .remove::<(PieceView, Dragged)>()
                .insert(Taken { piece, slot: *slot });
            if animate {
                piece_entity.insert(Motion::to_tray(at, target, MOVE_SECONDS * 0.8));
            } else {
                piece_entity.insert(Transform::from_translation(target));
            }
            *slot += 1;
        }
        for (e, mut view, mut transform) in &mut views {
            if view.square == from && !gone.contains(&e) {
                view.square = to;
                let mut mover = commands.entity(e);
                mover.remove::<Dragged>();
                if animate {
                    mover.insert((
                        Motion::new(transform.translation, rest_position(to), MOVE_SECONDS, 0.6),
                        Landing(sound),
                    ));
                } else {
                    transform.translation = rest_position(to);
                    transform.rotation = Quat::IDENTITY;
                    mover.remove::<(Motion, Landing)>();
                }
            }
        }
        if !animate {
            landed.write(PieceLanded(sound));
        }
    }
}

/// A move taken back (replay): the piece glides back, a piece it had taken comes back from beside
/// the board.
fn follow_takebacks(
    mut commands: Commands,
    mut back: MessageReader<MoveTakenBack>,
    settings: Res<Settings>,
    mut views: Query<(Entity, &mut PieceView, &Transform)>,
    taken: Query<(Entity, &Taken, &Transform)>,
    moving: Query<(Entity, &Motion)>,
) {
    let back: Vec<MoveTakenBack> = back.read().copied().collect();
    if back.is_empty() {
        return;
    }
    let animate = settings.animations && back.len() == 1;
    finish_motions(&mut commands, &moving);
    let glide = |from: Vec3, to: Vec3, seconds: f32, arc: f32| {
        if animate {
            (
                Motion::new(from, to, seconds, arc),
                Transform::from_translation(from),
            )
        } else {
            // Done at once: a motion already at its end.
            let mut done = Motion::new(to, to, seconds, 0.0);
            done.t = 1.0;
            (done, Transform::from_translation(to))
        }
    };
    let mut returned: Vec<Entity> = Vec::new();
    for b in &back {
        let (from, to) = (b.mv.from(), b.mv.to());
        for (e, mut view, transform) in &mut views {
            if view.square == to {
                view.square = from;
                commands.entity(e).insert(glide(
                    transform.translation,
                    rest_position(from),
                    MOVE_SECONDS,
                    0.6,
                ));
            }
        }
        if let Some(piece) = b.captured {
            // The last taken piece of that kind and colour (not one already brought back).
            let last = taken
                .iter()
                .filter(|(e, t, _)| t.piece == piece && !returned.contains(e))
                .max_by_key(|(_, t, _)| t.slot);
            if let Some((e, _, transform)) = last {
                returned.push(e);
                commands
                    .entity(e)
                    .remove::<Taken>()
                    .insert(PieceView { square: to, piece })
                    .insert(glide(transform.translation, rest_position(to), 0.5, 1.0));
            }
        }
    }
}

/// What is still on its way gets there now (a move came before the last one landed).
fn finish_motions(commands: &mut Commands, moving: &Query<(Entity, &Motion)>) {
    for (e, motion) in moving {
        commands
            .entity(e)
            .remove::<(Motion, Landing)>()
            .insert(Transform::from_translation(motion.end()));
    }
}

/// Plays glides out; pieces at rest settle on their point (the selected one floats above it).
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    cap: Res<AnimationCap>,
    selection: Res<Selection>,
    mut landed: MessageWriter<PieceLanded>,
    mut moving: Query<(Entity, &mut Motion, &mut Transform, Option<&Landing>), Without<Dragged>>,
    mut resting: Query<(&PieceView, &mut Transform), (Without<Motion>, Without<Dragged>)>,
) {
    let mut dt = time.delta_secs();
    for (e, mut motion, mut transform, landing) in &mut moving {
        if motion.delay > 0.0 {
            let wait = motion.delay.min(dt);
            motion.delay -= wait;
            dt -= wait;
            if motion.delay > 0.0 {
                continue;
            }
        }
        motion.t = (motion.t + dt / motion.duration.max(1e-3)).min(cap.0);
        dt = time.delta_secs();
        transform.translation = motion.at(motion.t);
        transform.rotation = motion.rotation_at(motion.t);
        if motion.t >= 1.0 {
            commands.entity(e).remove::<(Motion, Landing)>();
            if let Some(Landing(sound)) = landing {
                landed.write(PieceLanded(*sound));
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geometry::RADIUS;
    use xiangqi::PieceKind;

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
                // On the capturer's tray, whole, resting on its top.
                let (centre, size) = tray(!color);
                assert!(
                    (p.x - centre.x).abs() + RADIUS <= size.x / 2.0 - TRAY_RIM,
                    "slot {slot}"
                );
                assert!(
                    (p.z - centre.z).abs() + RADIUS <= size.y / 2.0 - TRAY_RIM,
                    "slot {slot}"
                );
                assert!((p.y - HEIGHT / 2.0 - (centre.y + 0.15)).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn the_balance_counts_what_each_side_took() {
        let red = |k| Piece::new(Side::Red, k);
        let black = |k| Piece::new(Side::Black, k);
        assert_eq!(material_balance([]), 0);
        // Red took a rook and a pawn, Black a cannon: Red is 5.5 points up (11 half points).
        let taken = [
            black(PieceKind::Rook),
            red(PieceKind::Cannon),
            black(PieceKind::Pawn),
        ];
        assert_eq!(material_balance(taken), 11);
        assert_eq!(material_balance([red(PieceKind::Horse)]), -8);
    }
}
