//! Analysis (分析): the engine's best lines and an evaluation bar beside the board, following the
//! moves, undo and replay steps, on an engine of its own off the frame loop. `logic` is headless
//! (the search, what may be shown); `panel` draws the bar and the lines.

use bevy::prelude::*;

pub mod logic;
pub mod panel;

/// What the analysis buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisRequest {
    /// Show or hide the analysis.
    Toggle,
    /// How many lines it shows (1 to 3).
    SetLines(usize),
}

/// The analysis without its panel.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<AnalysisRequest>();
    app.add_plugins(logic::plugin);
}

/// What the analysis tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisNotice {
    /// The analysis is off in a game against the computer (the settings can allow it).
    OffInPlay,
}

impl From<AnalysisNotice> for crate::core::notice::NoticeKind {
    fn from(n: AnalysisNotice) -> Self {
        match n {
            AnalysisNotice::OffInPlay => {
                crate::core::notice::Said::notice(crate::msg!("analysis-off-in-play"))
            }
        }
    }
}
