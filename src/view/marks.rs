//! Marks on the board: the last move's two points and a ring under a king in check, and the
//! shapes features draw their own marks with ([`ring_at`], [`spawn_arrow`]: the hint's arrow, the
//! review's better move, the puzzle's ring are drawn by those features' `marks.rs`).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use xiangqi::{Outcome, Square, WinReason};

use crate::core::game::{CoreSet, Game};
use crate::core::geometry::HEIGHT;
use crate::core::geometry::square_to_world;
use crate::core::phase::Phase;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            mark_last_move.run_if(resource_changed::<Game>.or_eager(state_changed::<Phase>)),
            pulse_check,
        )
            .chain()
            .after(CoreSet::Views),
    );
}

/// The two marks of the last move (where it came from and where it went).
#[derive(Component)]
struct LastMoveMark;

/// The ring under a king in check (将军): red, pulsing; under a king mated (将死) wider, deep red
/// and still.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckMark {
    /// The king's point.
    pub king: Square,
    /// Whether it is mate.
    pub mate: bool,
}

/// What the board shows at the king of the side to move: nothing, a check, or mate.
#[must_use]
pub fn check_mark(game: &Game) -> Option<CheckMark> {
    let pos = game.record.position();
    if !pos.is_check() {
        return None;
    }
    let mate = matches!(
        game.record.outcome(),
        Some(Outcome::Win {
            reason: WinReason::Checkmate,
            ..
        })
    );
    Some(CheckMark {
        king: pos.king(pos.side_to_move()),
        mate,
    })
}

/// A flat ring on the board at `sq`, ignored by picking.
pub(crate) fn ring_at(
    sq: Square,
    y: f32,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
) -> impl Bundle {
    (
        Mesh3d(mesh.clone()),
        MeshMaterial3d(material.clone()),
        Transform::from_translation(square_to_world(sq) + Vec3::Y * y)
            .with_rotation(Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    )
}

/// Rings on the board: blue on the last move's two points, red under a king in check.
fn mark_last_move(
    mut commands: Commands,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    old: Query<Entity, Or<(With<LastMoveMark>, With<CheckMark>)>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut cached: Local<Option<[(Handle<Mesh>, Handle<StandardMaterial>); 3]>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The editor's board is not the game's: no last move or check to mark.
    if *phase.get() == Phase::Editing {
        return;
    }
    let [last, check, mate] = cached.get_or_insert_with(|| {
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
            ring(
                0.40,
                0.47,
                Color::srgba(0.1, 0.35, 0.9, 0.9),
                LinearRgba::BLACK,
            ),
            ring(
                0.44,
                0.62,
                Color::srgba(1.0, 0.1, 0.05, 0.85),
                LinearRgba::rgb(2.0, 0.1, 0.0),
            ),
            ring(
                0.42,
                0.78,
                Color::srgba(0.55, 0.0, 0.02, 0.92),
                LinearRgba::rgb(0.9, 0.0, 0.0),
            ),
        ]
    });
    if let Some(mv) = game.record.last_move() {
        for sq in [mv.from(), mv.to()] {
            commands.spawn((LastMoveMark, ring_at(sq, 0.011, &last.0, &last.1)));
        }
    }
    if let Some(mark) = check_mark(&game) {
        let (mesh, material) = if mark.mate { &*mate } else { &*check };
        commands.spawn((mark, ring_at(mark.king, 0.013, mesh, material)));
    }
}

/// A check's ring breathes (its size swells and shrinks twice a second); mate's is still.
fn pulse_check(time: Res<Time>, mut rings: Query<(&CheckMark, &mut Transform)>) {
    let swell = 1.0 + 0.1 * (time.elapsed_secs() * std::f32::consts::TAU * 2.0).sin();
    for (mark, mut t) in &mut rings {
        t.scale = Vec3::splat(if mark.mate { 1.0 } else { swell });
    }
}

/// An arrow on the board from `mv`'s piece to its destination, with a ring there.
pub(crate) fn spawn_arrow(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    mv: xiangqi::Move,
    color: Color,
    marker: impl Component + Clone,
) {
    let gold = materials.add(StandardMaterial {
        base_color: color,
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
        marker.clone(),
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
        marker.clone(),
        Mesh3d(head),
        MeshMaterial3d(gold.clone()),
        Transform::from_translation(b - d / length * 0.1 + lift)
            .with_rotation(yaw * Quat::from_rotation_x(-FRAC_PI_2)),
        Pickable::IGNORE,
    ));
    commands.spawn((
        marker.clone(),
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
    use crate::core::game::{MoveRequested, NewGame, Players};
    use xiangqi::GameRecord;

    fn app() -> App {
        let dir = std::env::temp_dir().join(format!("chuhan-marks-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default(), crate::CorePlugin));
        app.init_asset::<Mesh>().init_asset::<StandardMaterial>();
        app.add_plugins(plugin);
        app.insert_resource(crate::storage::files::Dirs::in_one(&dir));
        app.update();
        app
    }

    fn marks(app: &mut App) -> Vec<(CheckMark, Vec3)> {
        let mut q = app.world_mut().query::<(&CheckMark, &Transform)>();
        q.iter(app.world())
            .map(|(m, t)| (*m, t.translation))
            .collect()
    }

    fn play(app: &mut App, mv: &str) {
        app.world_mut()
            .write_message(MoveRequested(mv.parse().expect("a move")));
        app.update();
        app.update();
    }

    #[test]
    fn the_check_ring_shows_at_the_checked_king_and_goes_when_the_check_is_met() {
        let mut app = app();
        let record =
            GameRecord::from_fen("4k4/4a4/4b4/9/2p6/9/9/4B4/R8/3AK4 w - - 0 1").expect("a FEN");
        app.world_mut().write_message(NewGame {
            record,
            players: Players::TWO_PLAYERS,
            puzzle: None,
        });
        app.update();
        assert!(marks(&mut app).is_empty(), "no check, no ring");
        play(&mut app, "a1a9");
        let e9: Square = "e9".parse().expect("a square");
        let shown = marks(&mut app);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert_eq!(
            shown[0].0,
            CheckMark {
                king: e9,
                mate: false
            }
        );
        assert!((shown[0].1.xz() - square_to_world(e9).xz()).length() < 1e-4);
        // The advisor steps back in front of the king: no check, no ring.
        play(&mut app, "e8d9");
        assert!(marks(&mut app).is_empty(), "{:?}", marks(&mut app));
    }

    #[test]
    fn mate_shows_its_own_ring() {
        let mut app = app();
        // Two chariots: b9 mates the king on e9, the other on a8 holding its second rank.
        let record = GameRecord::from_fen("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").expect("a FEN");
        app.world_mut().write_message(NewGame {
            record,
            players: Players::TWO_PLAYERS,
            puzzle: None,
        });
        app.update();
        play(&mut app, "b0b9");
        let shown = marks(&mut app);
        assert_eq!(shown.len(), 1, "{shown:?}");
        assert!(shown[0].0.mate, "{shown:?}");
    }
}
