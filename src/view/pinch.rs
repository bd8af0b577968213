//! Two fingers on a touch screen: spreading them brings the camera nearer, pinching takes it
//! farther, as the mouse wheel does (one finger dragging on the board turns it, as a left drag
//! does: `camera::drag_empty_space`, Bevy's picking treats a touch as a pointer).

use bevy::prelude::*;

use crate::view::camera::{CameraSystems, Orbit};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, pinch.in_set(CameraSystems));
}

/// The distance between two fingers last frame, while exactly two are down.
fn pinch(touches: Res<Touches>, mut orbits: Query<&mut Orbit>, mut span: Local<Option<f32>>) {
    let mut down = touches.iter();
    let (Some(a), Some(b), None) = (down.next(), down.next(), down.next()) else {
        *span = None;
        return;
    };
    let now = a.position().distance(b.position());
    if let Some(before) = span.replace(now)
        && before > 1.0
        && now > 1.0
        && (now - before).abs() > f32::EPSILON
    {
        for mut orbit in orbits.iter_mut().filter(|o| !o.flat) {
            let goal = &mut orbit.goal;
            goal.distance *= before / now;
            *goal = goal.clamped();
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::input::touch::{TouchInput, TouchPhase};

    use super::*;
    use crate::view::camera::View;

    fn touch(app: &mut App, id: u64, phase: TouchPhase, x: f32) {
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(x, 400.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id,
        });
    }

    fn distance(app: &mut App) -> f32 {
        let mut q = app.world_mut().query::<&Orbit>();
        q.single(app.world()).expect("the camera").goal.distance
    }

    #[test]
    fn spreading_two_fingers_comes_nearer_and_pinching_goes_back() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin));
        app.add_systems(Update, pinch);
        let home = View::home(xiangqi::Color::Red);
        app.world_mut().spawn(Orbit {
            current: home,
            goal: home,
            flat: false,
        });
        touch(&mut app, 1, TouchPhase::Started, 150.0);
        touch(&mut app, 2, TouchPhase::Started, 250.0);
        app.update();
        assert_eq!(distance(&mut app), home.distance);
        // Twice as far apart: half as far away (within the limits).
        touch(&mut app, 1, TouchPhase::Moved, 100.0);
        touch(&mut app, 2, TouchPhase::Moved, 300.0);
        app.update();
        let near = distance(&mut app);
        assert!(near < home.distance, "{near}");
        assert_eq!(
            near,
            View {
                distance: home.distance / 2.0,
                ..home
            }
            .clamped()
            .distance
        );
        // Back together: farther again.
        touch(&mut app, 1, TouchPhase::Moved, 150.0);
        touch(&mut app, 2, TouchPhase::Moved, 250.0);
        app.update();
        assert!(distance(&mut app) > near);
        // One finger lifted: a drag, not a pinch.
        touch(&mut app, 2, TouchPhase::Ended, 250.0);
        app.update();
        let before = distance(&mut app);
        touch(&mut app, 1, TouchPhase::Moved, 50.0);
        app.update();
        assert_eq!(distance(&mut app), before);
    }
}
