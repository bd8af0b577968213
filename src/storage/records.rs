//! Game records on disk: reading one (RON, PGN, XQF, DhtmlXQ, 象棋桥 CBR or a game of a CBL), saving one (RON with a PGN beside it), listing
//! a folder for the browser, and the local date and time for names and tags.

use std::path::{Path, PathBuf};

use xiangqi::GameRecord;
use xiangqi::notation::Notation;

use crate::storage::files::{self, FileError};
use crate::storage::library;

pub use crate::storage::dates::{now_stamp, stamp};

/// A record read from a file, with what of it had to be left out (a reader of other programs'
/// files keeps what is sound: a bad variation or a cut file loses only that part).
#[derive(Debug)]
pub struct Opened {
    pub record: GameRecord,
    /// What was skipped, in words (empty when the whole file was read).
    pub skipped: Vec<String>,
}

/// Reads a record: RON or XQStudio's XQF by the extension, otherwise a 东萍 DhtmlXQ block if the
/// text holds one, or else PGN (GBK or UTF-8).
pub fn read_record(path: &Path) -> Result<Opened, String> {
    if let Some((library, n)) = library::game_of(path) {
        return library::open(&library, n).map(|(record, skipped)| Opened { record, skipped });
    }
    let bytes = files::read_at_most(path, files::MAX_RECORD_BYTES).map_err(|e| e.to_string())?;
    let ext = |name: &str| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(name))
    };
    let whole = |record| Opened {
        record,
        skipped: Vec::new(),
    };
    let parsed = if ext("ron") {
        let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
        GameRecord::from_ron(&text)
            .map(whole)
            .map_err(|e| e.to_string())
    } else if ext("cbr") {
        xiangqi::cbr::read_lenient(&bytes)
            .map(|(record, skipped)| Opened {
                record,
                skipped: skipped.iter().map(ToString::to_string).collect(),
            })
            .map_err(|e| e.to_string())
    } else if ext("xqf") {
        xiangqi::xqf::read_lenient(&bytes)
            .map(|(record, skipped)| Opened {
                record,
                skipped: skipped.iter().map(ToString::to_string).collect(),
            })
            .map_err(|e| e.to_string())
    } else {
        let text = xiangqi::pgn::decode(&bytes);
        if xiangqi::dhtml::is_dhtml(&text) {
            xiangqi::dhtml::read_lenient(&text)
                .map(|(record, skipped)| Opened {
                    record,
                    skipped: skipped.iter().map(ToString::to_string).collect(),
                })
                .map_err(|e| e.to_string())
        } else {
            xiangqi::pgn::read(&bytes)
                .map(whole)
                .map_err(|e| e.to_string())
        }
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

/// A format a record can be saved in (保存棋谱).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RecordFormat {
    /// The game's own RON with a PGN beside it (Chinese moves): what 保存棋谱 writes.
    RonAndPgn,
    /// PGN alone, in the chosen notation.
    Pgn,
    /// XQStudio's XQF 1.0 (header, variations, comments; no marks).
    Xqf,
    /// A 东萍 DhtmlXQ block in a `.txt` file (variations, comments; no marks).
    Dhtml,
}

impl RecordFormat {
    /// Every format, in the menu's order.
    pub const ALL: [RecordFormat; 4] = [
        RecordFormat::RonAndPgn,
        RecordFormat::Pgn,
        RecordFormat::Xqf,
        RecordFormat::Dhtml,
    ];

    /// The extension of the file it writes (the RON one for RON and PGN).
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::RonAndPgn => "ron",
            RecordFormat::Pgn => "pgn",
            RecordFormat::Xqf => "xqf",
            RecordFormat::Dhtml => "txt",
        }
    }
}

/// Saves `record` as `<stem>.ron` and `<stem>.pgn` (xqbase dialect, Chinese moves) in `dir`;
/// returns the RON file's path.
pub fn save_record(record: &GameRecord, dir: &Path, stem: &str) -> Result<PathBuf, FileError> {
    save_record_as(
        record,
        dir,
        stem,
        RecordFormat::RonAndPgn,
        Notation::Chinese,
    )
}

/// Saves `record` in `dir` as `<stem>.<extension>` in `format` (PGN moves in `notation`; RON
/// also writes its PGN beside it, in Chinese), each file written atomically; returns the path of
/// the file of `format`. In a browser whose storage for the page is full, the record still
/// reaches the player: the file other programs read (the PGN of a RON and PGN pair) is handed to
/// the browser as a download, and the error says so.
pub fn save_record_as(
    record: &GameRecord,
    dir: &Path,
    stem: &str,
    format: RecordFormat,
    notation: Notation,
) -> Result<PathBuf, FileError> {
    // Never over another save: two saves in the same second keep both.
    let extensions: &[&str] = match format {
        RecordFormat::RonAndPgn => &["ron", "pgn"],
        other => &[other.extension()],
    };
    let stem = &files::free_stem(dir, stem, extensions);
    let path = dir.join(format!("{stem}.{}", format.extension()));
    // The files to write, the one other programs read last.
    let files: Vec<(PathBuf, Vec<u8>)> = match format {
        RecordFormat::RonAndPgn => vec![
            (path.clone(), record.to_ron().into_bytes()),
            (
                dir.join(format!("{stem}.pgn")),
                xiangqi::pgn::write(record, Notation::Chinese).into_bytes(),
            ),
        ],
        RecordFormat::Pgn => vec![(
            path.clone(),
            xiangqi::pgn::write(record, notation).into_bytes(),
        )],
        RecordFormat::Xqf => vec![(path.clone(), xiangqi::xqf::write(record))],
        RecordFormat::Dhtml => vec![(path.clone(), xiangqi::dhtml::write(record).into_bytes())],
    };
    for (at, contents) in &files {
        files::write_atomic(at, contents)
            .map_err(|e| crate::storage::handed::kept_elsewhere(e, &files))?;
    }
    Ok(path)
}

/// One line of the record browser: a folder, or a record (a `.ron` and the `.pgn` saved beside
/// it are one record, opened from the RON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// What is shown: the folder's name, or the record's name without its extension.
    pub name: String,
    /// What opening it opens.
    pub path: PathBuf,
    /// A folder.
    pub is_dir: bool,
    /// When it was last written (the newest of a record's files).
    pub modified: Option<std::time::SystemTime>,
}

/// Whether the first 16 KiB of a text file hold a DhtmlXQ tag.
fn holds_dhtml(path: &Path) -> bool {
    #[cfg(target_arch = "wasm32")]
    let start = files::read_at_most(path, files::MAX_RECORD_BYTES).map(|mut b| {
        b.truncate(16 * 1024);
        b
    });
    #[cfg(not(target_arch = "wasm32"))]
    let start = {
        use std::io::Read;
        let mut start = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(16 * 1024).read_to_end(&mut start))
            .map(|_| start)
    };
    start.is_ok_and(|start| xiangqi::dhtml::is_dhtml(&String::from_utf8_lossy(&start)))
}

/// The folders and records in `dir`: folders first by name, then records newest first, each
/// record once (RON, PGN, XQF, and text files holding DhtmlXQ). Hidden files are left out. Slow
/// on big folders: call it off the frame loop.
pub fn list_records(dir: &Path) -> Result<Vec<Entry>, FileError> {
    if library::is_library(dir) && dir.is_file() {
        let modified = std::fs::metadata(dir).and_then(|m| m.modified()).ok();
        let games = library::list(dir)?;
        return Ok(games
            .into_iter()
            .map(|(name, path)| Entry {
                name,
                path,
                is_dir: false,
                modified,
            })
            .collect());
    }
    let mut folders = Vec::new();
    let mut records: Vec<Entry> = Vec::new();
    for (path, is_dir, modified) in files::list_dir(dir)? {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if name.is_empty() || name.starts_with('.') {
            continue;
        }
        // A 象棋桥 library opens like a folder of its games.
        if is_dir || library::is_library(&path) {
            folders.push(Entry {
                name,
                path,
                is_dir: true,
                modified,
            });
            continue;
        }
        let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
            continue;
        };
        let ron = ext.eq_ignore_ascii_case("ron");
        // Text files count when they hold a DhtmlXQ record (a look at their start).
        let text = ["txt", "ubb"].iter().any(|k| ext.eq_ignore_ascii_case(k));
        let known = ["pgn", "xqf", "cbr"]
            .iter()
            .any(|k| ext.eq_ignore_ascii_case(k));
        if !(ron || known || text && holds_dhtml(&path)) {
            continue;
        }
        let stem = path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        match records.iter_mut().find(|r| r.name == stem) {
            Some(r) => {
                if ron {
                    r.path = path;
                }
                r.modified = r.modified.max(modified);
            }
            None => records.push(Entry {
                name: stem,
                path,
                is_dir: false,
                modified,
            }),
        }
    }
    folders.sort_by(|a, b| a.name.cmp(&b.name));
    records.sort_by(|a, b| {
        b.modified
            .cmp(&a.modified)
            .then_with(|| b.name.cmp(&a.name))
    });
    folders.extend(records);
    Ok(folders)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_saves_with_the_same_name_keep_both() {
        let dir = std::env::temp_dir().join(format!("chuhan-same-second-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut first = GameRecord::default();
        first.play("h2e2".parse().expect("a move")).expect("legal");
        let mut second = first.clone();
        second.play("h9g7".parse().expect("a move")).expect("legal");
        // Saved in the same second: the same stem.
        let a = save_record(&first, &dir, "chuhan-2026-11-25-101500").expect("saved");
        let b = save_record(&second, &dir, "chuhan-2026-11-25-101500").expect("saved");
        assert_ne!(a, b);
        assert_eq!(read_record(&a).expect("reads").record.len(), 1);
        assert_eq!(read_record(&b).expect("reads").record.len(), 2);
        assert!(b.with_extension("pgn").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn other_programs_files_open_with_what_was_skipped_named() {
        let dir = std::env::temp_dir().join(format!("chuhan-open-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let mut record = GameRecord::new(xiangqi::Position::startpos());
        for m in ["h2e2", "h9g7", "h0g2"] {
            record.play(m.parse().expect("a move")).expect("legal");
        }
        // A DhtmlXQ block in a .txt file (as saved from a web page) opens whole.
        let txt = dir.join("game.txt");
        std::fs::write(&txt, xiangqi::dhtml::write(&record)).expect("write");
        let opened = read_record(&txt).expect("opens");
        assert_eq!(opened.record.all_moves(), record.all_moves());
        assert!(opened.skipped.is_empty());
        // An XQF file cut in its third move opens with the first two and says what was lost.
        let xqf = dir.join("cut.xqf");
        let bytes = xiangqi::xqf::write(&record);
        std::fs::write(&xqf, &bytes[..bytes.len() - 6]).expect("write");
        let opened = read_record(&xqf).expect("opens");
        assert_eq!(opened.record.all_moves(), &record.all_moves()[..2]);
        assert_eq!(opened.skipped.len(), 1);
        assert!(
            opened.skipped[0].contains("end early"),
            "{:?}",
            opened.skipped
        );
        // The browser lists both.
        let names: Vec<String> = list_records(&dir)
            .expect("lists")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_record_saved_in_each_format_opens_as_the_same_game() {
        let dir = std::env::temp_dir().join(format!("chuhan-save-as-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let mut record = GameRecord::new(xiangqi::Position::startpos());
        for m in ["h2e2", "h9g7", "h0g2"] {
            record.play(m.parse().expect("a move")).expect("legal");
        }
        record.set_comment(2, Some("屏风马".to_owned()));
        record.goto(1);
        record
            .append_variation("b9c7".parse().expect("a move"))
            .expect("legal");
        let record = record.main_line();
        for format in RecordFormat::ALL {
            let stem = format!("{format:?}");
            let path = save_record_as(&record, &dir, &stem, format, Notation::Wxf).expect("saved");
            assert!(path.to_string_lossy().ends_with(format.extension()));
            let mut back = read_record(&path).expect("opens").record;
            assert!(back.goto(back.len()), "{format:?}");
            assert_eq!(back.all_moves(), record.all_moves(), "{format:?}");
            assert_eq!(back.comment(2), Some("屏风马"), "{format:?}");
            assert_eq!(back.variations_at(1).len(), 1, "{format:?}");
        }
        assert_eq!(
            list_records(&dir).expect("lists").len(),
            4,
            "RON and its PGN are one record"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_browser_lists_each_record_once_newest_first() {
        let dir = std::env::temp_dir().join(format!("chuhan-list-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("club")).expect("dir");
        // Forty saves (a .ron and a .pgn each), written a little apart so their times differ.
        let t0 = std::time::SystemTime::now() - std::time::Duration::from_secs(10_000);
        for i in 0..40 {
            for ext in ["ron", "pgn"] {
                let path = dir.join(format!("game-{i:02}.{ext}"));
                std::fs::write(&path, "x").expect("write");
                let file = std::fs::File::options()
                    .write(true)
                    .open(&path)
                    .expect("open");
                file.set_modified(t0 + std::time::Duration::from_secs(60 * i))
                    .expect("time");
            }
        }
        std::fs::write(dir.join("loose.pgn"), "x").expect("write");
        std::fs::write(dir.join("notes.txt"), "x").expect("write");
        std::fs::write(dir.join(".hidden.ron"), "x").expect("write");
        let list = list_records(&dir).expect("listed");
        let names: Vec<&str> = list.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 1 + 40 + 1, "{names:?}");
        assert_eq!(names[0], "club");
        assert!(list[0].is_dir);
        // loose.pgn is the newest file; then the saves from the last one back.
        assert_eq!(names[1], "loose");
        assert_eq!(names[2], "game-39");
        assert_eq!(names[41], "game-00");
        // A save opens from its RON.
        assert!(list[2].path.extension().is_some_and(|e| e == "ron"));
        assert!(list_records(&dir.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
