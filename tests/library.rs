//! 象棋桥 libraries in the record browser.

use chuhan::storage::records::{list_records, read_record};
use xiangqi::{GameRecord, Position};

#[test]
fn a_library_is_browsed_as_a_folder_of_its_games_and_each_opens() {
    let dir = std::env::temp_dir().join(format!("chuhan-cbl-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let games: Vec<GameRecord> = ["胡荣华", "许银川"]
        .iter()
        .map(|red| {
            let mut r = GameRecord::new(Position::startpos());
            r.set_tag("Red", red);
            r.play("h2e2".parse().expect("a move")).expect("legal");
            r
        })
        .collect();
    let cbl = dir.join("名局.cbl");
    std::fs::write(&cbl, xiangqi::cbr::write_library("名局", &games)).expect("write");
    std::fs::write(dir.join("one.cbr"), xiangqi::cbr::write(&games[0])).expect("write");
    let listed = list_records(&dir).expect("lists");
    let folder = listed.iter().find(|e| e.path == cbl).expect("the library");
    assert!(folder.is_dir, "a library is browsed into");
    assert!(listed.iter().any(|e| e.name == "one" && !e.is_dir));
    let inside = list_records(&cbl).expect("its games");
    assert_eq!(inside.len(), 2);
    assert!(
        inside[1].name.starts_with("2. 许银川"),
        "{}",
        inside[1].name
    );
    let opened = read_record(&inside[1].path).expect("opens");
    assert_eq!(opened.record.tag("Red"), Some("许银川"));
    assert_eq!(opened.record.all_moves().len(), 1);
    assert!(
        read_record(&cbl.join("3"))
            .unwrap_err()
            .contains("has 2 games")
    );
    assert!(read_record(&dir.join("one.cbr")).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}
