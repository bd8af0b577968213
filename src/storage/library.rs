//! 象棋桥 libraries (`.cbl`) in the record browser: a library is shown as a folder whose entries
//! are its games, each opened by the path `<library>.cbl/<number>`.

use std::path::{Path, PathBuf};

use crate::storage::files::{self, FileError};
use crate::storage::records::{Entry, Opened};

/// Whether `path` names a CCBridge library by its extension.
#[must_use]
pub fn is_library(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("cbl"))
}

/// The library and game number that `path` names (`<library>.cbl/<n>`, from 1), if it names one.
#[must_use]
pub fn game_of(path: &Path) -> Option<(PathBuf, usize)> {
    let parent = path.parent()?;
    let n = path.file_name()?.to_str()?.parse::<usize>().ok()?;
    (is_library(parent) && n > 0 && !path.exists()).then(|| (parent.to_path_buf(), n))
}

fn read(path: &Path) -> Result<xiangqi::cbr::Library, FileError> {
    let bytes = files::read(path)?;
    xiangqi::cbr::read_library(&bytes).map_err(|e| FileError::new(path, e))
}

/// The games of a library as browser entries, in the library's order, named by number, players
/// and event.
pub fn list(path: &Path) -> Result<Vec<Entry>, FileError> {
    let library = read(path)?;
    let modified = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    Ok(library
        .games
        .iter()
        .enumerate()
        .map(|(i, (game, _))| {
            let tag = |t: &str| game.tag(t).unwrap_or_default().to_owned();
            let mut name = format!("{}. {} – {}", i + 1, tag("Red"), tag("Black"));
            let event = tag("Event");
            if !event.is_empty() {
                name = format!("{name}  {event}");
            }
            Entry {
                name,
                path: path.join((i + 1).to_string()),
                is_dir: false,
                modified,
            }
        })
        .collect())
}

/// Game `n` (from 1) of a library, with what it and the library left out.
pub fn open(path: &Path, n: usize) -> Result<Opened, String> {
    let library = read(path).map_err(|e| e.to_string())?;
    let count = library.games.len();
    let (record, skipped) = library
        .games
        .into_iter()
        .nth(n - 1)
        .ok_or_else(|| format!("{}: has {count} games, not {n}", path.display()))?;
    Ok(Opened {
        record,
        skipped: skipped.iter().map(ToString::to_string).collect(),
    })
}

#[cfg(test)]
mod tests {
    use crate::storage::records::{list_records, read_record};
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
}
