//! Clicks that bevy_picking drops at low frame rates. It sends `Pointer<Click>` on a release only
//! for the entities the pointer hovered in the *previous* frame, while a press goes to those it
//! hovers in this one: when the pointer moves onto a button or a board point and is pressed and
//! released within one frame (a player's quick click at a few frames a second, on the software
//! renderer or a busy machine), the press lands and the click never comes. This sends that click:
//! a primary press and release in one frame, both over the same entity in this frame's hover map,
//! for which bevy_picking sent no click, gets the `Pointer<Click>` it would have sent, with this
//! frame's hit (so a board click knows its point).

use bevy::picking::PickingSystems;
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Press};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{PointerAction, PointerButton, PointerId, PointerInput};
use bevy::prelude::*;

/// Adds the rescue after bevy_picking's own events, in its last set, so that whatever runs after
/// picking (the forms' focus) sees the click in the same frame. The picking plugins must be there.
pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, rescue_clicks.in_set(PickingSystems::Last));
}

/// A press and a release of the primary button within this frame, in that order.
fn pressed_and_released(inputs: &[PointerAction]) -> bool {
    let press = inputs
        .iter()
        .position(|a| matches!(a, PointerAction::Press(PointerButton::Primary)));
    let release = inputs
        .iter()
        .rposition(|a| matches!(a, PointerAction::Release(PointerButton::Primary)));
    matches!((press, release), (Some(p), Some(r)) if p < r)
}

fn rescue_clicks(
    mut inputs: MessageReader<PointerInput>,
    mut presses: MessageReader<Pointer<Press>>,
    mut clicks: MessageReader<Pointer<Click>>,
    hover: Res<HoverMap>,
    mut commands: Commands,
) {
    let actions: Vec<PointerAction> = inputs
        .read()
        .filter(|i| i.pointer_id == PointerId::Mouse)
        .map(|i| i.action)
        .collect();
    let pressed: Vec<(Entity, Pointer<Press>)> = presses
        .read()
        .filter(|p| p.pointer_id == PointerId::Mouse && p.button == PointerButton::Primary)
        .map(|p| (p.entity, p.clone()))
        .collect();
    let clicked: Vec<Entity> = clicks
        .read()
        .filter(|c| c.pointer_id == PointerId::Mouse && c.button == PointerButton::Primary)
        .map(|c| c.entity)
        .collect();
    if !pressed_and_released(&actions) {
        return;
    }
    let Some(hovered) = hover.get(&PointerId::Mouse) else {
        return;
    };
    for (entity, press) in pressed {
        if clicked.contains(&entity) {
            continue;
        }
        let Some(hit) = hovered.get(&entity) else {
            continue;
        };
        let click = Click {
            button: PointerButton::Primary,
            hit: HitData::clone(hit),
            duration: std::time::Duration::ZERO,
            count: press.count,
        };
        commands.trigger(Pointer::new(
            PointerId::Mouse,
            press.pointer_location.clone(),
            click,
            entity,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_release_before_the_press_is_no_click_of_this_frame() {
        use PointerAction as A;
        use PointerButton::Primary as P;
        let mv = A::Move { delta: Vec2::ONE };
        assert!(pressed_and_released(&[mv, A::Press(P), A::Release(P)]));
        assert!(!pressed_and_released(&[A::Release(P), A::Press(P)]));
        assert!(!pressed_and_released(&[mv, A::Press(P)]));
        assert!(pressed_and_released(&[
            A::Release(P),
            A::Press(P),
            A::Release(P)
        ]));
    }
}
