//! The shared texts of the interface, by their ids in the Fluent files (`core::i18n`).

use xiangqi::{Color as Side, Handicap, Outcome};
use xiangqi_engine::Level;

pub use crate::core::i18n::{Msg, text};
pub use crate::core::settings::Language;
use crate::core::settings::{BoardTheme, Graphics, MoveNotation, PieceSet, PieceTheme};
use crate::msg;

/// A fixed text of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(
    missing_docs,
    reason = "each key names its text; the texts are in the Fluent files"
)]
pub enum Key {
    MenuGame,
    MenuLevel,
    MenuHandicap,
    MenuRecords,
    MenuLanguage,
    IPlayRed,
    ComputerFirst,
    TwoPlayers,
    SoundOn,
    SoundOff,
    Quit,
    Undo,
    Redo,
    Hint,
    SavePosition,
    RestorePosition,
    SaveRecord,
    OpenRecord,
    First,
    Previous,
    Next,
    Last,
    ContinueHere,
    ResetView,
    FlatView,
    Moves,
    Variation,
    MainLine,
    MenuPuzzles,
    Retry,
    NextPuzzle,
    PuzzleList,
    Replay,
    Resume,
    ResumeYes,
    ResumeNo,
    Thinking,
    Close,
    Up,
    Check,
    Resign,
    LeaveGame,
    Yes,
    No,
    OfferDraw,
    AcceptDraw,
    Accept,
    Decline,
    Analysis,
    Review,
    CancelReview,
    Untimed,
    Better,
    Accuracy,
}

impl Key {
    /// Its message's id in the Fluent files.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Key::MenuGame => "menu-game",
            Key::MenuLevel => "menu-level",
            Key::MenuHandicap => "menu-handicap",
            Key::MenuRecords => "menu-records",
            Key::MenuLanguage => "menu-language",
            Key::IPlayRed => "menu-new-game-red",
            Key::ComputerFirst => "menu-new-game-computer-first",
            Key::TwoPlayers => "menu-new-game-two-players",
            Key::SoundOn => "settings-sound-on",
            Key::SoundOff => "settings-sound-off",
            Key::Quit => "menu-quit",
            Key::Undo => "game-undo",
            Key::Redo => "game-redo",
            Key::Hint => "game-hint",
            Key::SavePosition => "game-save-position",
            Key::RestorePosition => "game-restore-position",
            Key::SaveRecord => "records-save",
            Key::OpenRecord => "records-open",
            Key::First => "replay-first",
            Key::Previous => "replay-previous",
            Key::Next => "replay-next",
            Key::Last => "replay-last",
            Key::ContinueHere => "replay-continue-here",
            Key::ResetView => "view-reset",
            Key::FlatView => "view-flat-toggle",
            Key::Moves => "move-list-title",
            Key::Variation => "move-list-variation",
            Key::MainLine => "move-list-main-line",
            Key::MenuPuzzles => "menu-puzzles",
            Key::Retry => "puzzle-retry",
            Key::NextPuzzle => "puzzle-next",
            Key::PuzzleList => "puzzle-list",
            Key::Replay => "replay-title",
            Key::Resume => "dialog-resume",
            Key::ResumeYes => "dialog-resume-yes",
            Key::ResumeNo => "dialog-resume-no",
            Key::Thinking => "status-computer-thinking",
            Key::Close => "dialog-close",
            Key::Up => "browser-up",
            Key::Check => "game-check",
            Key::Resign => "game-resign",
            Key::LeaveGame => "dialog-leave-game",
            Key::Yes => "dialog-leave-yes",
            Key::No => "dialog-leave-no",
            Key::OfferDraw => "draw-offer",
            Key::AcceptDraw => "draw-offered-question",
            Key::Accept => "dialog-accept",
            Key::Decline => "dialog-decline",
            Key::Analysis => "analysis-title",
            Key::Review => "review-title",
            Key::CancelReview => "review-cancel",
            Key::Untimed => "clock-untimed",
            Key::Better => "review-better",
            Key::Accuracy => "review-accuracy",
        }
    }
}

/// `key` in `lang`.
#[must_use]
pub fn tr(key: Key, lang: Language) -> &'static str {
    text(lang, key.id())
}

/// `side` in `lang`.
#[must_use]
pub fn side_name(side: Side, lang: Language) -> &'static str {
    text(lang, side_id(side))
}

/// The id of `side`'s name.
#[must_use]
pub const fn side_id(side: Side) -> &'static str {
    match side {
        Side::Red => "side-red",
        Side::Black => "side-black",
    }
}

/// Whose turn it is: 红方走棋 / Red to move.
#[must_use]
pub fn to_move(side: Side, lang: Language) -> String {
    msg!("status-to-move", side = Msg::new(side_id(side))).in_(lang)
}

/// A level's name.
#[must_use]
pub fn level_name(level: Level, lang: Language) -> &'static str {
    text(
        lang,
        match level {
            Level::Idiot => "level-idiot",
            Level::Rookie => "level-rookie",
            Level::Beginner => "level-beginner",
            Level::Novice => "level-novice",
            Level::Amateur => "level-amateur",
            Level::Professional => "level-professional",
            Level::Master => "level-master",
        },
    )
}

/// A handicap as a menu entry: given by the player (让左马) or by the computer (被让左马).
#[must_use]
pub fn handicap_name(handicap: Handicap, player_gives: bool, lang: Language) -> String {
    let what = match handicap {
        Handicap::LeftHorse => "handicap-left-horse",
        Handicap::RightHorse => "handicap-right-horse",
        Handicap::TwoHorses => "handicap-two-horses",
        Handicap::NinePieces => "handicap-nine-pieces",
    };
    let id = if player_gives {
        "handicap-player-gives"
    } else {
        "handicap-computer-gives"
    };
    Msg::new(id).with("handicap", Msg::new(what)).in_(lang)
}

/// The result and its reason: `红方胜（将死）`, `Red wins (checkmate)`.
#[must_use]
pub fn outcome_text(outcome: Outcome, lang: Language) -> String {
    outcome_msg(outcome).in_(lang)
}

/// The result and its reason as a message.
#[must_use]
pub fn outcome_msg(outcome: Outcome) -> Msg {
    use xiangqi::{DrawReason, WinReason};
    let reason = match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => "outcome-reason-checkmate",
            WinReason::Stalemate => "outcome-reason-stalemate",
            WinReason::PerpetualCheck => "outcome-reason-perpetual-check",
            WinReason::PerpetualChase => "outcome-reason-perpetual-chase",
            WinReason::CheckAndChase => "outcome-reason-check-and-chase",
            WinReason::Resignation => "outcome-reason-resignation",
            WinReason::Timeout => "outcome-reason-timeout",
            WinReason::Abandoned => "outcome-reason-abandoned",
        },
        Outcome::Draw { reason } => match reason {
            DrawReason::Repetition => "outcome-reason-repetition",
            DrawReason::BothPerpetual => "outcome-reason-both-perpetual",
            DrawReason::NoCaptureLimit => "outcome-reason-no-capture-limit",
            DrawReason::NoAttackingPieces => "outcome-reason-no-attacking-pieces",
            DrawReason::Agreement => "outcome-reason-agreement",
            DrawReason::TimeoutNoMatingMaterial => "outcome-reason-timeout-no-material",
            DrawReason::Abandoned => "outcome-reason-abandoned-draw",
        },
    };
    let frame = match outcome {
        Outcome::Win {
            winner: Side::Red, ..
        } => "outcome-red-wins",
        Outcome::Win { .. } => "outcome-black-wins",
        Outcome::Draw { .. } => "outcome-draw",
    };
    Msg::new(frame).with("reason", Msg::new(reason))
}

/// The rulebook's menu line: 规则：亚洲规则 / Rules: Asian.
#[must_use]
pub fn rules_name(rules: xiangqi::Rulebook, lang: Language) -> String {
    msg!("rules-menu", rules = Msg::new(rules_id(rules))).in_(lang)
}

/// The id of a rulebook's name.
#[must_use]
pub const fn rules_id(rules: xiangqi::Rulebook) -> &'static str {
    match rules {
        xiangqi::Rulebook::Asian => "rules-asian",
        xiangqi::Rulebook::League => "rules-league",
    }
}

/// The menu line of 大师's threads: `大师线程：自动（3）`, `Master threads: 2`.
#[must_use]
pub fn threads_name(setting: Option<usize>, threads: usize, lang: Language) -> String {
    match setting {
        None => msg!("settings-threads-auto", threads = threads),
        Some(_) => msg!("settings-threads", threads = threads),
    }
    .in_(lang)
}

/// The graphics setting's menu line.
#[must_use]
pub fn graphics_name(graphics: Graphics, lang: Language) -> String {
    text(
        lang,
        match graphics {
            Graphics::Auto => "settings-graphics-auto",
            Graphics::High => "settings-graphics-high",
            Graphics::Low => "settings-graphics-low",
        },
    )
    .to_owned()
}

/// The piece theme's menu line.
#[must_use]
pub fn pieces_name(theme: PieceTheme, lang: Language) -> String {
    text(
        lang,
        match theme {
            PieceTheme::Carved => "settings-pieces-carved",
            PieceTheme::Plastic => "settings-pieces-plastic",
            PieceTheme::Jade => "settings-pieces-jade",
        },
    )
    .to_owned()
}

/// The piece set's menu line.
#[must_use]
pub fn piece_set_name(set: PieceSet, lang: Language) -> String {
    text(
        lang,
        match set {
            PieceSet::Characters => "settings-piece-set-characters",
            PieceSet::International => "settings-piece-set-international",
        },
    )
    .to_owned()
}

/// The board theme's menu line.
#[must_use]
pub fn board_name(theme: BoardTheme, lang: Language) -> String {
    text(
        lang,
        match theme {
            BoardTheme::Wood => "settings-board-wood",
            BoardTheme::Paper => "settings-board-paper",
            BoardTheme::Lacquer => "settings-board-lacquer",
        },
    )
    .to_owned()
}

/// The move notation's menu line.
#[must_use]
pub fn notation_name(notation: MoveNotation, lang: Language) -> String {
    let name = match notation {
        MoveNotation::Auto => Msg::new("settings-notation-auto"),
        MoveNotation::Chinese => Msg::new("settings-notation-chinese"),
        MoveNotation::Traditional => Msg::new("settings-notation-traditional"),
        MoveNotation::Vietnamese => Msg::new("settings-notation-vietnamese"),
        MoveNotation::Wxf => Msg::new("settings-notation-wxf"),
        MoveNotation::Iccs => Msg::new("settings-notation-iccs"),
    };
    msg!("settings-notation", notation = name).in_(lang)
}

/// The external engine's menu line: `引擎：内置` / `Engine: pikafish`.
#[must_use]
pub fn engine_name(engine: &crate::core::settings::ExternalEngine, lang: Language) -> String {
    let name: crate::core::i18n::Arg = if engine.in_use() {
        engine
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&engine.path)
            .into()
    } else {
        Msg::new("settings-engine-builtin").into()
    };
    msg!("settings-engine", engine = name).in_(lang)
}

/// A review mark's name.
#[must_use]
pub fn mark_name(mark: xiangqi_engine::analysis::review::Mark, lang: Language) -> &'static str {
    use xiangqi_engine::analysis::review::Mark;
    text(
        lang,
        match mark {
            Mark::Brilliant => "review-mark-brilliant",
            Mark::Good => "review-mark-good",
            Mark::Inaccuracy => "review-mark-inaccuracy",
            Mark::Mistake => "review-mark-mistake",
            Mark::Blunder => "review-mark-blunder",
        },
    )
}

/// The sign a move list shows after a marked move: `!!`, `?!`, `?`, `??` (none for a good move).
#[must_use]
pub fn mark_sign(mark: xiangqi_engine::analysis::review::Mark) -> &'static str {
    use xiangqi_engine::analysis::review::Mark;
    match mark {
        Mark::Brilliant => "!!",
        Mark::Good => "",
        Mark::Inaccuracy => "?!",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}
