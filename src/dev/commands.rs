//! The commands a scripted run sends once the board shows (`CHUHAN_COMMAND`, see
//! the screenshot module).

use bevy::prelude::*;

use crate::analysis::AnalysisRequest;
use crate::core::commands::Command;
use crate::draw::DrawRequest;
use crate::editor::{EditorRequest, Start as EditorStart};
use crate::online::{LoginKind, OnlineRequest};
use crate::puzzles::PuzzleRequest;
use crate::review::ReviewRequest;
use crate::watch::WatchRequest;

/// Sends the command `CHUHAN_COMMAND` names: `new` (a new game: asks first during a game),
/// `quit` (asks the same), `resign`, `analysis` (show it), `draw` (offer one), `review` (复盘分析
/// of the opened record), `flat` (the flat view), `puzzles` (the puzzle list), `puzzle:N` (play
/// puzzle N), `online` (the online card), `online:ADDRESS` (the same with the server's address
/// typed), `online-guest` (log in as a guest); anything else is ignored with an error line.
pub(crate) fn send_scripted_command(name: &str, world: &mut World) {
    match name {
        "new" => {
            world.write_message(Command::NewGame(crate::core::setup::Setup::default()));
        }
        "quit" => {
            world.write_message(Command::Quit);
        }
        "resign" => {
            world.write_message(Command::Resign);
        }
        "analysis" => {
            world.write_message(AnalysisRequest::Toggle);
        }
        "draw" => {
            world.write_message(DrawRequest::Offer);
        }
        "review" => {
            world.write_message(ReviewRequest::Start);
        }
        "flat" => {
            world.write_message(crate::view::flat::ToggleFlat);
        }
        "puzzles" => {
            world.write_message(PuzzleRequest::Show(Some(
                xiangqi_engine::puzzle::Tier::Beginner,
            )));
        }
        "edit" => {
            world.write_message(EditorRequest::Open(EditorStart::Current));
        }
        "watch" => {
            world.write_message(WatchRequest::Start);
        }
        "comment" => {
            world.write_message(crate::ui::annotate::CommentBoxRequest::Open);
        }
        "online" => {
            world.write_message(OnlineRequest::Open);
        }
        "online-guest" => {
            world.write_message(OnlineRequest::LogIn(LoginKind::Guest));
        }
        other => {
            if let Some(address) = other.strip_prefix("online:") {
                world.resource_mut::<crate::online::form::Form>().address = address.to_owned();
                world.write_message(OnlineRequest::Open);
            } else if let Some(Ok(n)) = other.strip_prefix("puzzle:").map(str::parse) {
                world.write_message(PuzzleRequest::Start(n));
            } else if let Some(request) = editor_command(other) {
                world.write_message(request);
            } else {
                error!(
                    "CHUHAN_COMMAND: {other:?} is not new, quit, resign, analysis, draw, review, \
                     flat, puzzles, puzzle:N, edit, edit-remove:SQ, edit-put:SQ:PIECE, \
                     hold:PIECE, watch, comment, online, online:ADDRESS or online-guest"
                );
            }
        }
    }
}

/// An editor request in words: `edit-remove:e0`, `edit-put:e5:P` (a FEN piece letter),
/// `hold:r`.
fn editor_command(text: &str) -> Option<EditorRequest> {
    let parts: Vec<&str> = text.split(':').collect();
    let piece = |c: &str| xiangqi::Piece::from_fen_char(c.chars().next()?);
    match parts.as_slice() {
        ["edit-remove", sq] => Some(EditorRequest::Remove(sq.parse().ok()?)),
        ["edit-put", sq, p] => Some(EditorRequest::Put(sq.parse().ok()?, piece(p)?)),
        ["hold", p] => Some(EditorRequest::Hold(Some(piece(p)?))),
        _ => None,
    }
}
