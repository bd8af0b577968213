//! Pictures: a diagram PNG and a GIF of the game are written into the records folder off the
//! frame loop, each with a notice naming the file.

mod common;

use chuhan::core::game::Players;
use chuhan::core::notice::NoticeKind;
use chuhan::pictures::PictureRequest;
use common::*;

/// The file the next 已保存 notice names (30 s at most).
fn saved_file(app: &mut bevy::prelude::App) -> String {
    let mut saved = None;
    assert!(wait_for(app, 30, |app| {
        for n in notices(app) {
            if let NoticeKind::Saved(path) = n {
                saved = Some(path);
            }
        }
        saved.is_some()
    }));
    saved.expect("a file")
}

#[test]
fn a_diagram_and_an_animation_are_written_with_a_notice_naming_them() {
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    new_game(&mut app, START, &["h2e2", "h9g7"], Players::TWO_PLAYERS);
    for (request, ext, magic) in [
        (PictureRequest::Diagram, "png", &b"\x89PNG"[..]),
        (PictureRequest::Animation, "gif", &b"GIF89a"[..]),
    ] {
        send(&mut app, request);
        let path = std::path::PathBuf::from(saved_file(&mut app));
        assert!(path.starts_with(dir.join("records")), "{}", path.display());
        assert_eq!(path.extension().and_then(|e| e.to_str()), Some(ext));
        let bytes = std::fs::read(&path).expect("written");
        assert!(bytes.starts_with(magic), "{ext}");
    }
}

/// The piece set chosen in the settings reaches the exported diagram: with the international
/// set, the file is the diagram drawn with the pictograms, not the characters.
#[test]
fn the_exported_diagram_shows_the_piece_set_of_the_settings() {
    use chuhan::core::settings::{PieceSet, Settings};
    use chuhan::pictures::render;
    use xiangqi::{Color as Side, Position};
    let dir = scratch_dir();
    let mut app = app_in(&dir);
    new_game(&mut app, START, &[], Players::TWO_PLAYERS);
    app.world_mut().resource_mut::<Settings>().piece_set = PieceSet::International;
    send(&mut app, PictureRequest::Diagram);
    let bytes = std::fs::read(saved_file(&mut app)).expect("written");
    let start = Position::startpos();
    let pictograms =
        render::diagram_png(&start, None, Side::Red, PieceSet::International).expect("a PNG");
    let characters =
        render::diagram_png(&start, None, Side::Red, PieceSet::Characters).expect("a PNG");
    assert_eq!(bytes, pictograms, "the file is the international diagram");
    assert_ne!(bytes, characters);
}
