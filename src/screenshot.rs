//! Screenshot mode: `CHUHAN_SCREENSHOT=path.png` renders some frames (`CHUHAN_SCREENSHOT_FRAMES`,
//! default 40: the software renderer compiles its pipelines over the first frames), saves the window
//! to the PNG and exits.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};

/// Where to save, and frames left before taking it.
#[derive(Resource)]
struct ScreenshotRequest {
    path: String,
    frames_left: u32,
    taken: bool,
}

pub(super) fn plugin(app: &mut App) {
    if let Ok(path) = std::env::var("CHUHAN_SCREENSHOT") {
        // The position to show: CHUHAN_FEN (default: the start), CHUHAN_MOVES (ICCS, spaced),
        // CHUHAN_SELECT (a point to select).
        let fen =
            std::env::var("CHUHAN_FEN").unwrap_or_else(|_| xiangqi::Position::START_FEN.into());
        match xiangqi::GameRecord::from_fen(&fen) {
            Ok(mut record) => {
                for text in std::env::var("CHUHAN_MOVES")
                    .unwrap_or_default()
                    .split_whitespace()
                {
                    let played = text
                        .parse::<xiangqi::Move>()
                        .map_err(|e| e.to_string())
                        .and_then(|m| record.play(m).map_err(|e| e.to_string()));
                    if let Err(e) = played {
                        error!("CHUHAN_MOVES: {text}: {e}");
                        break;
                    }
                }
                app.insert_resource(crate::pieces::Game { record });
            }
            Err(e) => error!("CHUHAN_FEN: {e}"),
        }
        if let Some(sq) = std::env::var("CHUHAN_SELECT")
            .ok()
            .and_then(|s| s.parse::<xiangqi::Square>().ok())
        {
            app.insert_resource(crate::input::Selection(Some(sq)));
        }
        app.insert_resource(ScreenshotRequest {
            path,
            frames_left: std::env::var("CHUHAN_SCREENSHOT_FRAMES")
                .ok()
                .and_then(|f| f.parse().ok())
                .unwrap_or(40),
            taken: false,
        });
        app.add_systems(Update, take_screenshot);
    }
}

fn take_screenshot(mut commands: Commands, mut req: ResMut<ScreenshotRequest>) {
    if req.taken {
        return;
    }
    if req.frames_left > 0 {
        req.frames_left -= 1;
        return;
    }
    req.taken = true;
    let path = req.path.clone();
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            let result = captured
                .image
                .clone()
                .try_into_dynamic()
                .map_err(|e| e.to_string())
                .and_then(|img| {
                    let tmp = format!("{path}.tmp.png");
                    img.to_rgb8()
                        .save(&tmp)
                        .map_err(|e| e.to_string())
                        .and_then(|()| std::fs::rename(&tmp, &path).map_err(|e| e.to_string()))
                });
            match result {
                Ok(()) => {
                    info!("screenshot saved to {path}");
                    exit.write(AppExit::Success);
                }
                Err(e) => {
                    error!("cannot save screenshot {path}: {e}");
                    exit.write(AppExit::error());
                }
            }
        },
    );
}
