//! Draw offers (求和). Against the computer, a short search on the offer's own engine judges the
//! position from the computer's side ([`xiangqi_engine::analysis::accepts_draw`]: it accepts when
//! clearly worse, or level late in the game, never when it stands better). Between two people the
//! other side answers in a dialog.

use std::time::Duration;

use bevy::prelude::*;
use xiangqi::{Color as Side, DrawReason, Outcome};
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::accepts_draw;
use xiangqi_engine::analysis::jobs::{Answer, Job};

use super::DrawNotice;
use crate::core::engine_task::{Engines, Running, SharedEngine};
use crate::core::game::{Controller, CoreSet, Game, GameEnded};
use crate::core::notice::Notice;
use crate::core::phase::{DrawAsked, Phase};
use crate::draw::DrawRequest;

/// How long the computer thinks about a draw offer.
pub const JUDGING_TIME: Duration = Duration::from_millis(500);

/// The computer judging an offer (between two people the offer waits in [`DrawAsked`]).
#[derive(Resource, Default)]
pub struct DrawOffer {
    engine: SharedEngine,
    /// Against the computer: its search, for the record at this ply, with the computer's side.
    judging: Option<(usize, Side, Running<Answer>)>,
}

impl DrawOffer {
    /// Whether the computer is still judging an offer.
    #[must_use]
    pub fn is_judging(&self) -> bool {
        self.judging.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<DrawOffer>();
    app.add_systems(Update, (offer, judge).chain().in_set(CoreSet::Input));
}

fn agree(game: &mut Game, ended: &mut MessageWriter<GameEnded>) {
    let outcome = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    game.ended = Some(outcome);
    ended.write(GameEnded(outcome));
}

fn offer(
    mut requests: MessageReader<DrawRequest>,
    mut game: ResMut<Game>,
    phase: Res<State<Phase>>,
    mut draw: ResMut<DrawOffer>,
    mut asked: ResMut<DrawAsked>,
    engines: Res<Engines>,
    mut notices: MessageWriter<Notice>,
    mut ended: MessageWriter<GameEnded>,
) {
    for r in requests.read() {
        match r {
            // In an online game the server hears the offer (the online feature sends it).
            DrawRequest::Offer if game.players.has_remote() => {}
            DrawRequest::Offer => {
                let to_move = game.record.position().side_to_move();
                let computer = [Side::Red, Side::Black]
                    .into_iter()
                    .find(|&s| game.players.of(s) == Controller::Computer);
                let humans = [Side::Red, Side::Black]
                    .into_iter()
                    .filter(|&s| game.players.of(s) == Controller::Human)
                    .count();
                if *phase.get() != Phase::Playing
                    || game.outcome().is_some()
                    || humans == 0
                    || draw.is_judging()
                    || asked.0.is_some()
                {
                    notices.write(Notice(DrawNotice::NotNow.into()));
                    continue;
                }
                let Some(computer) = computer else {
                    asked.0 = Some(to_move);
                    continue;
                };
                let start = game.record.start().clone();
                let moves = game.record.moves().to_vec();
                let job = Job::Analyse {
                    start,
                    moves,
                    limits: Limits {
                        movetime: Some(JUDGING_TIME),
                        ..Limits::default()
                    },
                    lines: 1,
                    rulebook: None,
                };
                let running = draw.engine.start(&engines, job, |_| {});
                draw.judging = Some((game.record.ply(), computer, running));
            }
            DrawRequest::Answer(yes) => {
                // The answer closes the question either way.
                let offered = asked.0.take().is_some();
                if offered && *yes && game.outcome().is_none() {
                    agree(&mut game, &mut ended);
                }
            }
        }
    }
}

/// The computer's answer once its search is done (dropped if the position changed meanwhile).
fn judge(
    mut game: ResMut<Game>,
    mut draw: ResMut<DrawOffer>,
    mut notices: MessageWriter<Notice>,
    mut ended: MessageWriter<GameEnded>,
) {
    let Some(result) = draw
        .bypass_change_detection()
        .judging
        .as_mut()
        .and_then(|(_, _, t)| t.poll())
    else {
        return;
    };
    let Some((ply, computer, _)) = draw.judging.take() else {
        return;
    };
    if ply != game.record.ply() || game.outcome().is_some() {
        return;
    }
    let Some(score) = result
        .and_then(Answer::into_lines)
        .and_then(|lines| lines.first().map(|l| l.score))
    else {
        return;
    };
    // The score is the side to move's: turn it to the computer's.
    let mine = if game.record.position().side_to_move() == computer {
        score
    } else {
        -score
    };
    if accepts_draw(mine, ply) {
        agree(&mut game, &mut ended);
        notices.write(Notice(DrawNotice::Accepted.into()));
    } else {
        notices.write(Notice(DrawNotice::Declined.into()));
    }
}
