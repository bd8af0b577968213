//! Writes the README's pictures of a record: its position after `STEP` moves as a diagram PNG
//! and the game as a GIF, in both piece sets (`diagram.png`, `game.gif`; `diagram-international.png`,
//! `game-international.gif`). `cargo run --release --example pictures -- RECORD STEP OUT_DIR`

use chuhan::core::settings::PieceSet;
use chuhan::pictures::render;
use xiangqi::Color;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [record, step, out] = &args[..] else {
        return Err("usage: pictures RECORD STEP OUT_DIR".into());
    };
    let mut record = chuhan::storage::records::read_record(std::path::Path::new(record))?.record;
    let step: usize = step.parse().map_err(|e| format!("STEP: {e}"))?;
    record.goto(step.min(record.len()));
    let out = std::path::Path::new(out);
    for (set, suffix) in [
        (PieceSet::Characters, ""),
        (PieceSet::International, "-international"),
    ] {
        let png = render::diagram_png(record.position(), record.last_move(), Color::Red, set)?;
        std::fs::write(out.join(format!("diagram{suffix}.png")), png).map_err(|e| e.to_string())?;
        let gif = render::animation_gif(&record.main_line(), Color::Red, set)?;
        std::fs::write(out.join(format!("game{suffix}.gif")), gif).map_err(|e| e.to_string())?;
    }
    Ok(())
}
