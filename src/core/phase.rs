//! What the game is doing, as Bevy states: a game being played, a record being replayed, or a
//! game that has ended ([`Phase`]); and whether a question is open over the board ([`Dialog`]).
//! Systems run by state (`run_if(in_state(..))`) and what belongs to a state is despawned when it
//! is left (`DespawnOnExit`).
//!
//! Commands ask for a phase with `NextState`; the transition is applied in the same frame, right
//! after the moves of the frame are applied, so everything after [`CoreSet::Apply`] sees the
//! phase that the game is in.

use bevy::prelude::*;
use bevy::state::state::StateTransition;

use crate::core::game::{CoreSet, Game, NewGame};

/// What the game is doing.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A game in play: people and the computer move.
    #[default]
    Playing,
    /// A record being stepped through: nobody moves until play continues from a point of it.
    Replaying,
    /// The game has ended, by the rules on the board or by a resignation.
    GameOver,
    /// A position being set up by hand (摆棋): the board shows the editor's pieces, nobody moves.
    Editing,
}

/// Whether a question is open over the board (the board takes no picks meanwhile). The commands
/// settle it from the question waiting for an answer.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialog {
    /// None.
    #[default]
    None,
    /// Resume the last, unfinished game?
    Resume,
    /// Leave the game in progress?
    Confirm,
    /// One person offers a draw: does the other accept?
    DrawOffer,
}

/// A draw offered by one person and not yet answered by the other: the side that offered.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawAsked(pub Option<xiangqi::Color>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DrawAsked>();
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.init_state::<Phase>().init_state::<Dialog>();
    app.add_systems(
        Update,
        (settle_phase, apply_transitions)
            .chain()
            .in_set(CoreSet::Apply)
            .in_set(PhaseSystems)
            .after(crate::core::game::ApplySystems),
    );
}

/// Settling the phase and applying this frame's transitions (other states settle before).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PhaseSystems;

/// The phase the game's state calls for: a replay stays one until it is left; otherwise the game
/// is over when it has an outcome.
fn settle_phase(
    game: Res<Game>,
    mut new_games: MessageReader<NewGame>,
    state: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let asked = match &*next {
        // A new game leaves any replay.
        _ if new_games.read().count() > 0 => Phase::Playing,
        NextState::Pending(p) | NextState::PendingIfNeq(p) => *p,
        NextState::Unchanged => *state.get(),
    };
    let wanted = match asked {
        Phase::Replaying => Phase::Replaying,
        Phase::Editing => Phase::Editing,
        _ if game.outcome().is_some() => Phase::GameOver,
        _ => Phase::Playing,
    };
    if wanted != *state.get() || asked != wanted {
        next.set(wanted);
    }
}

/// Applies the transitions asked for in this frame at once.
fn apply_transitions(world: &mut World) {
    world.run_schedule(StateTransition);
}
