//! The game in progress kept on disk after every move (written off the frame loop), and the
//! offer to resume it at the next start; the settings are read at start too.

use bevy::prelude::*;
use xiangqi::GameRecord;
use xiangqi_engine::Level;

use crate::core::game::{BoardReset, CoreSet, Game, GameEnded, MovePlayed, Players};
use crate::core::notice::{Notice, NoticeKind};
use crate::core::phase::Phase;
use crate::core::settings::{
    Graphics, Language, Settings, SettingsError, SystemLocales, load_settings,
};
use crate::storage::files::{Dirs, copy_aside, set_aside};
use crate::storage::writer::Writer;

/// The game was set up by a scripted run (screenshot mode): the last setup and level from the
/// settings do not replace it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Scripted {
    /// The level the run asks for, if any.
    pub level: Option<Level>,
    /// The graphics setting it asks for, if any.
    pub graphics: Option<Graphics>,
}

/// The game in progress, as the autosave keeps it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Autosave {
    /// Who plays which side.
    pub players: Players,
    /// The level by name.
    pub level: String,
    /// The game.
    pub record: GameRecord,
}

/// The last game, found unfinished at start: the HUD asks whether to resume it.
#[derive(Resource, Clone, Debug, Default)]
pub struct ResumeOffer(pub Option<Autosave>);

/// Whether the offer to resume waits: something else has the player's attention first (in a
/// browser, the page's link to a seek or a game being answered; online play's screens). The
/// feature that holds it sets it; the offer comes once nothing does.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResumeHeld(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ResumeOffer>()
        .init_resource::<ResumeHeld>();
    app.add_systems(Startup, load_settings_and_autosave);
    app.add_systems(
        Update,
        (autosave, report_write_errors)
            .chain()
            .after(CoreSet::Views),
    );
}

fn load_settings_and_autosave(
    mut commands: Commands,
    dirs: Res<Dirs>,
    mut notices: MessageWriter<Notice>,
    mut game: ResMut<Game>,
    scripted: Option<Res<Scripted>>,
    locales: Res<SystemLocales>,
) {
    let locales = &locales.0;
    let settings = match load_settings(&dirs.settings(), locales) {
        Ok((s, skipped)) if skipped.is_empty() => s,
        Ok((s, skipped)) => {
            // From a newer version: the rest is kept, and the file as it was beside it.
            let kept = copy_aside(&dirs.settings());
            let e = format!(
                "{}: {} ({})",
                dirs.settings().display(),
                skipped.join(", "),
                kept.map_or_else(String::new, |p| p.display().to_string())
            );
            warn!("settings: left out {e}");
            notices.write(Notice(NoticeKind::BadSettings(e)));
            s
        }
        Err(SettingsError::Unreadable(e)) => {
            // Left in place: it may read next time.
            warn!("settings: {e}");
            notices.write(Notice(NoticeKind::BadSettings(e)));
            Settings::first_start(locales)
        }
        Err(SettingsError::Damaged(e)) => {
            warn!("settings: {e}");
            set_aside(&dirs.settings());
            notices.write(Notice(NoticeKind::BadSettings(e)));
            Settings::first_start(locales)
        }
    };
    let mut settings = settings;
    // A page's `?lang=zh-TW` chooses the language whatever was saved.
    if let Some(lang) = crate::storage::query::value("lang").and_then(|l| Language::from_locale(&l))
    {
        settings.language = lang;
    }
    // A new run starts with the last setup (a scripted run has its own game and maybe level).
    if let Some(scripted) = &scripted {
        if let Some(level) = scripted.level {
            settings.level = level;
        }
        if let Some(graphics) = scripted.graphics {
            settings.graphics = graphics;
        }
    } else {
        let start = settings.setup.start();
        game.record = start.record;
        game.players = start.players;
    }
    // The first game is judged by the player's rules too.
    if game.record.tag(xiangqi::RULES_TAG).is_none() {
        game.record.set_rulebook(settings.rules);
    }
    commands.insert_resource(settings);
    match crate::storage::files::read_text(&dirs.autosave()) {
        Ok(text) => match xiangqi::ron::from_str::<Autosave>(&text) {
            Ok(save)
                if !save.record.is_empty()
                    && save.record.outcome().is_none()
                    && save.record.tag("Result").is_none_or(|r| r == "*") =>
            {
                commands.insert_resource(ResumeOffer(Some(save)));
            }
            Ok(_) => {}
            Err(e) => {
                warn!("autosave {}: {e}", dirs.autosave().display());
                set_aside(&dirs.autosave());
                notices.write(Notice(NoticeKind::BadRecord(format!(
                    "{}: {e}",
                    dirs.autosave().display()
                ))));
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => warn!("autosave {}: {e}", dirs.autosave().display()),
    }
}

/// Keeps the game in progress on disk after every move and every new board (not while replaying a
/// record, nor while the offer to resume the last game is open).
fn autosave(
    dirs: Res<Dirs>,
    writer: Res<Writer>,
    game: Res<Game>,
    phase: Res<State<Phase>>,
    settings: Res<Settings>,
    offer: Res<ResumeOffer>,
    mut played: MessageReader<MovePlayed>,
    mut resets: MessageReader<BoardReset>,
    mut ended: MessageReader<GameEnded>,
) {
    let changed = played.read().count() + resets.read().count() + ended.read().count() > 0;
    // A puzzle is not a game to resume, nor an online game (the server keeps it): the last
    // real game's save stays.
    if !changed
        || *phase.get() == Phase::Replaying
        || offer.0.is_some()
        || game.puzzle.is_some()
        || game.players.has_remote()
    {
        return;
    }
    let mut record = game.record.clone();
    // Moves taken back are not part of the game in progress; a record with variations is kept
    // whole (the game goes on in one of its lines, the others are part of it).
    if record.has_variations() {
        if let Some(outcome) = game.ended {
            record.set_tag("Result", outcome.pgn_result());
        }
        write_save(&dirs, &writer, game.players, &settings, record);
        return;
    }
    let mut trimmed = GameRecord::new(record.start().clone());
    for &m in record.moves() {
        if trimmed.append(m).is_err() {
            break;
        }
    }
    for (k, v) in record.tags().to_vec() {
        trimmed.set_tag(&k, &v);
    }
    // A resigned game is finished: the result says so, and it is not offered again.
    if let Some(outcome) = game.ended {
        trimmed.set_tag("Result", outcome.pgn_result());
    }
    write_save(&dirs, &writer, game.players, &settings, trimmed);
}

fn write_save(
    dirs: &Dirs,
    writer: &Writer,
    players: crate::core::game::Players,
    settings: &Settings,
    record: GameRecord,
) {
    let save = Autosave {
        players,
        level: settings.level.name().to_owned(),
        record,
    };
    let text = match xiangqi::ron::to_string_pretty(&save) {
        Ok(t) => t,
        Err(e) => {
            warn!("autosave: {e}");
            return;
        }
    };
    writer.write(dirs.autosave(), text.into_bytes());
}

/// Failed background writes become notices.
fn report_write_errors(writer: Res<Writer>, mut notices: MessageWriter<Notice>) {
    for e in writer.errors() {
        warn!("{e}");
        notices.write(Notice(NoticeKind::WriteFailed(e.to_string())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record whose variations nest as deep as the readers accept, followed to its deepest
    /// line: each variation an alternative to the last move of the one it is in.
    fn deeply_nested() -> GameRecord {
        let levels = xiangqi::MAX_VARIATION_NESTING;
        let mut text = String::from("[Format \"ICCS\"]\nh2e2 h9g7 ");
        let start = xiangqi::Position::startpos();
        let mut before_last = start.after("h2e2".parse().expect("a move")).expect("legal");
        let mut last: xiangqi::Move = "h9g7".parse().expect("a move");
        for _ in 0..levels {
            let moves = before_last.legal_moves();
            let alt = *moves.iter().find(|&&m| m != last).expect("another move");
            let after_alt = before_last.after(alt).expect("legal");
            let next = after_alt.legal_moves()[0];
            text.push_str(&format!("( {alt} {next} "));
            before_last = after_alt;
            last = next;
        }
        text.push_str(&")".repeat(levels));
        let mut record = xiangqi::pgn::read_str(&text).expect("reads");
        for level in 0..levels {
            assert!(record.enter_variation(1 + level, 1));
        }
        record
    }

    #[test]
    fn an_autosave_with_the_deepest_variations_writes_and_reads_back() {
        let save = Autosave {
            players: Players::default(),
            level: "master".into(),
            record: deeply_nested(),
        };
        assert_eq!(
            save.record.line_choices().len(),
            xiangqi::MAX_VARIATION_NESTING
        );
        let text = xiangqi::ron::to_string_pretty(&save).expect("written");
        let back: Autosave = xiangqi::ron::from_str(&text).expect("read back");
        assert_eq!(back, save);
        // What the game used before: ron's default limit refuses it.
        assert!(ron::from_str::<Autosave>(&text).is_err());
    }
}
