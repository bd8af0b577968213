//! Sound effects for what happens on the board, and a mute switch (`M`, or 音效 in the 游戏 menu).
//! The sounds are synthesised by `tools/make_sounds.py`. With no sound device Bevy logs a warning
//! and plays nothing.

use bevy::prelude::*;
use xiangqi::Outcome;

use crate::core::game::{Controller, CoreSet, Game, GameEnded, MoveRefused};
use crate::core::pieces::{LandingSound, PieceLanded};
use crate::core::selection::Selection;
use crate::core::settings::SettingChange;
use crate::core::settings::Settings;

/// The effects.
#[derive(Resource)]
struct Effects {
    select: Handle<AudioSource>,
    move_: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    check: Handle<AudioSource>,
    illegal: Handle<AudioSource>,
    win: Handle<AudioSource>,
    loss: Handle<AudioSource>,
    draw: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_effects);
    app.add_systems(Update, (toggle, play_effects).chain().after(CoreSet::Views));
}

fn load_effects(mut commands: Commands, assets: Res<AssetServer>) {
    let load = |name: &str| assets.load(crate::view::assets::path(&format!("sounds/{name}.wav")));
    commands.insert_resource(Effects {
        select: load("select"),
        move_: load("move"),
        capture: load("capture"),
        check: load("check"),
        illegal: load("illegal"),
        win: load("win"),
        loss: load("loss"),
        draw: load("draw"),
    });
}

/// `M` switches the sound on or off.
fn toggle(keys: Res<ButtonInput<KeyCode>>, mut changes: MessageWriter<SettingChange>) {
    if keys.just_pressed(KeyCode::KeyM) {
        changes.write(SettingChange::ToggleSound);
    }
}

fn play_effects(
    mut commands: Commands,
    settings: Res<Settings>,
    effects: Res<Effects>,
    game: Res<Game>,
    selection: Res<Selection>,
    mut landed: MessageReader<PieceLanded>,
    mut refused: MessageReader<MoveRefused>,
    mut ended: MessageReader<GameEnded>,
) {
    let mut chosen = Vec::new();
    if selection.is_changed() && selection.0.is_some() {
        chosen.push(&effects.select);
    }
    // A move sounds when its piece lands (at once when animations are off).
    for PieceLanded(sound) in landed.read() {
        chosen.push(match sound {
            LandingSound::Check => &effects.check,
            LandingSound::Capture => &effects.capture,
            LandingSound::Move => &effects.move_,
        });
    }
    if refused.read().count() > 0 {
        chosen.push(&effects.illegal);
    }
    for GameEnded(outcome) in ended.read() {
        chosen.push(match outcome {
            Outcome::Draw { .. } => &effects.draw,
            // Against the computer (or an online opponent), its win is the player's loss.
            Outcome::Win { winner, .. }
                if matches!(
                    game.players.of(*winner),
                    Controller::Computer | Controller::Remote
                ) =>
            {
                &effects.loss
            }
            Outcome::Win { .. } => &effects.win,
        });
    }
    if !settings.sound {
        return;
    }
    for handle in chosen {
        commands.spawn((AudioPlayer::new(handle.clone()), PlaybackSettings::DESPAWN));
    }
}
