//! Every text the game shows, in Chinese and English.

use xiangqi::{Color as Side, Handicap, Outcome};
use xiangqi_engine::Level;

pub use crate::core::settings::Language;
use crate::core::settings::{BoardTheme, Graphics, MoveNotation, PieceTheme};
pub use crate::ui::notices::notice_text;

/// A fixed text of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(
    missing_docs,
    reason = "each key names its text; the texts are in `tr`"
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

/// `key` in `lang`.
#[must_use]
pub fn tr(key: Key, lang: Language) -> &'static str {
    let (zh, en) = match key {
        Key::MenuGame => ("游戏", "Game"),
        Key::MenuLevel => ("难度", "Level"),
        Key::MenuHandicap => ("让子", "Handicap"),
        Key::MenuRecords => ("棋谱", "Records"),
        Key::MenuLanguage => ("语言", "Language"),
        Key::IPlayRed => ("我先走", "I play first (Red)"),
        Key::ComputerFirst => ("电脑先走", "Computer first"),
        Key::TwoPlayers => ("双人对弈", "Two players"),
        Key::SoundOn => ("音效：开", "Sound: on"),
        Key::SoundOff => ("音效：关", "Sound: off"),
        Key::Quit => ("退出", "Quit"),
        Key::Undo => ("悔棋", "Undo"),
        Key::Redo => ("重做", "Redo"),
        Key::Hint => ("提示", "Hint"),
        Key::SavePosition => ("保存", "Save position"),
        Key::RestorePosition => ("复盘", "Restore position"),
        Key::SaveRecord => ("保存棋谱", "Save record"),
        Key::OpenRecord => ("读取棋谱", "Open record"),
        Key::First => ("第一步", "First"),
        Key::Previous => ("上一步", "Previous"),
        Key::Next => ("下一步", "Next"),
        Key::Last => ("最后一步", "Last"),
        Key::ContinueHere => ("从此处继续", "Play from here"),
        Key::ResetView => ("视角复位", "Reset view"),
        Key::FlatView => ("平面/立体", "2D / 3D"),
        Key::Moves => ("着法", "Moves"),
        Key::Variation => ("变", "Var"),
        Key::MainLine => ("主线", "Main"),
        Key::MenuPuzzles => ("残局挑战", "Puzzles"),
        Key::Retry => ("重来", "Retry"),
        Key::NextPuzzle => ("下一题", "Next puzzle"),
        Key::PuzzleList => ("题目列表", "Puzzle list"),
        Key::Replay => ("回放", "Replay"),
        Key::Resume => (
            "上次的对局没有下完，继续吗？",
            "Your last game was not finished. Resume it?",
        ),
        Key::ResumeYes => ("继续", "Resume"),
        Key::ResumeNo => ("新对局", "New game"),
        Key::Thinking => ("电脑思考中", "computer thinking"),
        Key::Close => ("关闭", "Close"),
        Key::Up => ("上一级", "Up"),
        Key::Check => ("将军！", "Check!"),
        Key::Resign => ("认输", "Resign"),
        Key::LeaveGame => (
            "对局还没有下完，确定离开吗？",
            "The game is not finished. Leave it?",
        ),
        Key::Yes => ("确定", "Leave"),
        Key::No => ("取消", "Stay"),
        Key::OfferDraw => ("求和", "Offer a draw"),
        Key::AcceptDraw => ("对方求和，同意吗？", "A draw is offered. Accept it?"),
        Key::Accept => ("同意", "Accept"),
        Key::Decline => ("拒绝", "Decline"),
        Key::Analysis => ("分析", "Analysis"),
        Key::Review => ("复盘分析", "Review"),
        Key::CancelReview => ("取消", "Cancel"),
        Key::Untimed => ("不限时", "Untimed"),
        Key::Better => ("更好", "Better"),
        Key::Accuracy => ("准确率", "Accuracy"),
    };
    match lang {
        Language::Chinese => zh,
        Language::English => en,
    }
}

/// `side` in `lang`.
#[must_use]
pub fn side_name(side: Side, lang: Language) -> &'static str {
    match (side, lang) {
        (Side::Red, Language::Chinese) => "红方",
        (Side::Black, Language::Chinese) => "黑方",
        (Side::Red, Language::English) => "Red",
        (Side::Black, Language::English) => "Black",
    }
}

/// Whose turn it is: 红方走棋 / Red to move.
#[must_use]
pub fn to_move(side: Side, lang: Language) -> String {
    match lang {
        Language::Chinese => format!("{}走棋", side_name(side, lang)),
        Language::English => format!("{} to move", side_name(side, lang)),
    }
}

/// A level's name.
#[must_use]
pub fn level_name(level: Level, lang: Language) -> &'static str {
    match lang {
        Language::Chinese => level.chinese_name(),
        Language::English => match level {
            Level::Idiot => "Idiot",
            Level::Rookie => "Rookie",
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Amateur => "Amateur",
            Level::Professional => "Professional",
            Level::Master => "Master",
        },
    }
}

/// A handicap as a menu entry: given by the player (让左马) or by the computer (被让左马).
#[must_use]
pub fn handicap_name(handicap: Handicap, player_gives: bool, lang: Language) -> String {
    match lang {
        Language::Chinese => {
            let name = handicap.chinese_name();
            if player_gives {
                name.to_owned()
            } else {
                format!("被{name}")
            }
        }
        Language::English => {
            let what = match handicap {
                Handicap::LeftHorse => "left horse",
                Handicap::RightHorse => "right horse",
                Handicap::TwoHorses => "both horses",
                Handicap::NinePieces => "nine pieces",
            };
            if player_gives {
                format!("I give the {what}")
            } else {
                format!("Computer gives the {what}")
            }
        }
    }
}

/// The result and its reason, as the rules library words it: `红方胜（将死）`, `Red wins (checkmate)`.
#[must_use]
pub fn outcome_text(outcome: Outcome, lang: Language) -> String {
    match lang {
        Language::Chinese => outcome.chinese(),
        Language::English => outcome.to_string(),
    }
}

/// The rulebook's menu line: 规则：亚洲规则 / Rules: Asian.
#[must_use]
pub fn rules_name(rules: xiangqi::Rulebook, lang: Language) -> String {
    match lang {
        Language::Chinese => format!("规则：{}", rules.chinese()),
        Language::English => format!("Rules: {}", rules_english(rules)),
    }
}

/// The menu line of 大师's threads: `大师线程：自动（3）`, `Master threads: 2`.
#[must_use]
pub fn threads_name(setting: Option<usize>, threads: usize, lang: Language) -> String {
    match (lang, setting) {
        (Language::Chinese, None) => format!("大师线程：自动（{threads}）"),
        (Language::Chinese, Some(_)) => format!("大师线程：{threads}"),
        (Language::English, None) => format!("Master threads: auto ({threads})"),
        (Language::English, Some(_)) => format!("Master threads: {threads}"),
    }
}

/// The rulebook in the English interface.
#[must_use]
pub fn rules_english(rules: xiangqi::Rulebook) -> &'static str {
    match rules {
        xiangqi::Rulebook::Asian => "Asian",
        xiangqi::Rulebook::League => "computer league",
    }
}

/// The graphics setting's menu line.
#[must_use]
pub fn graphics_name(graphics: Graphics, lang: Language) -> String {
    let zh = lang == Language::Chinese;
    match (graphics, zh) {
        (Graphics::Auto, true) => "画质：自动".into(),
        (Graphics::High, true) => "画质：高".into(),
        (Graphics::Low, true) => "画质：低".into(),
        (Graphics::Auto, false) => "Graphics: auto".into(),
        (Graphics::High, false) => "Graphics: high".into(),
        (Graphics::Low, false) => "Graphics: low".into(),
    }
}

/// The piece theme's menu line.
#[must_use]
pub fn pieces_name(theme: PieceTheme, lang: Language) -> String {
    match (theme, lang == Language::Chinese) {
        (PieceTheme::Carved, true) => "棋子：木雕".into(),
        (PieceTheme::Plastic, true) => "棋子：塑料".into(),
        (PieceTheme::Jade, true) => "棋子：玉石".into(),
        (PieceTheme::Carved, false) => "Pieces: carved wood".into(),
        (PieceTheme::Plastic, false) => "Pieces: plastic".into(),
        (PieceTheme::Jade, false) => "Pieces: jade".into(),
    }
}

/// The board theme's menu line.
#[must_use]
pub fn board_name(theme: BoardTheme, lang: Language) -> String {
    match (theme, lang == Language::Chinese) {
        (BoardTheme::Wood, true) => "棋盘：木纹".into(),
        (BoardTheme::Paper, true) => "棋盘：纸面".into(),
        (BoardTheme::Lacquer, true) => "棋盘：漆木".into(),
        (BoardTheme::Wood, false) => "Board: wood".into(),
        (BoardTheme::Paper, false) => "Board: paper".into(),
        (BoardTheme::Lacquer, false) => "Board: lacquer".into(),
    }
}

/// The move notation's menu line.
#[must_use]
pub fn notation_name(notation: MoveNotation, lang: Language) -> String {
    let zh = lang == Language::Chinese;
    let name = match (notation, zh) {
        (MoveNotation::Auto, true) => "自动",
        (MoveNotation::Auto, false) => "auto",
        (MoveNotation::Chinese, true) => "中文",
        (MoveNotation::Chinese, false) => "Chinese",
        (MoveNotation::Wxf, _) => "WXF",
        (MoveNotation::Iccs, _) => "ICCS",
    };
    if zh {
        format!("记谱：{name}")
    } else {
        format!("Notation: {name}")
    }
}

/// The external engine's menu line: `引擎：内置` / `Engine: pikafish`.
#[must_use]
pub fn engine_name(engine: &crate::core::settings::ExternalEngine, lang: Language) -> String {
    let name = if engine.in_use() {
        engine
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&engine.path)
            .to_owned()
    } else if lang == Language::Chinese {
        "内置".to_owned()
    } else {
        "built-in".to_owned()
    };
    match lang {
        Language::Chinese => format!("引擎：{name}"),
        Language::English => format!("Engine: {name}"),
    }
}

/// A review mark's name.
#[must_use]
pub fn mark_name(mark: xiangqi_engine::analysis::review::Mark, lang: Language) -> &'static str {
    match lang {
        Language::Chinese => mark.chinese(),
        Language::English => mark.english(),
    }
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
