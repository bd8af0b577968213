//! `records`: reads record files with the game's own storage code and saves each in every format
//! the game writes, for checking that two builds (Linux and Windows, `tools/windows-check.sh`)
//! write the same bytes and read each other's files. For each FILE it reads it as the game opens
//! one, saves it into OUT as RON with its PGN, PGN in WXF, XQF and DhtmlXQ (named after the input,
//! as the game names a save), reads every saved file back and checks the main line is the same,
//! saves the RON a second time over the first (an atomic replace of an existing file) and lists
//! OUT as the record browser does. It prints one line per file and exits 1 on the first mismatch.
//!
//! `records --where` prints the folders the game uses on this platform (settings; records and
//! autosave) and exits.
//!
//! ```text
//! cargo run -p chuhan --example records -- OUT FILE...
//! ```

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chuhan::storage::files::{Dirs, write_atomic};
use chuhan::storage::records::{RecordFormat, list_records, read_record, save_record_as};
use xiangqi::notation::Notation;

fn main() -> ExitCode {
    let args: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if args.first().is_some_and(|a| a.as_os_str() == "--where") {
        let dirs = Dirs::platform();
        println!("settings: {}", dirs.settings().display());
        println!("records: {}", dirs.records().display());
        println!("autosave: {}", dirs.autosave().display());
        return ExitCode::SUCCESS;
    }
    let Some((out, files)) = args.split_first().filter(|(_, f)| !f.is_empty()) else {
        eprintln!("usage: records OUT FILE...");
        return ExitCode::from(2);
    };
    for file in files {
        if let Err(e) = one(out, file) {
            eprintln!("records: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    }
    match list_records(out) {
        Ok(entries) => println!("listed {} records in {}", entries.len(), out.display()),
        Err(e) => {
            eprintln!("records: listing {}: {e}", out.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn one(out: &Path, file: &Path) -> Result<(), String> {
    let opened = read_record(file)?;
    let record = opened.record;
    let stem = file
        .file_stem()
        .map_or_else(|| "record".into(), |s| s.to_string_lossy().into_owned());
    let moves = record.all_moves().to_vec();
    let mut saved = Vec::new();
    for format in RecordFormat::ALL {
        let stem = format!("{stem}.{format:?}");
        let path = save_record_as(&record, out, &stem, format, Notation::Wxf)
            .map_err(|e| e.to_string())?;
        let back = read_record(&path)?.record;
        if back.all_moves() != moves.as_slice() {
            return Err(format!("{} reads back another main line", path.display()));
        }
        saved.push(path);
    }
    // Saved again over the first: the replace of an existing file must succeed and leave no temp.
    let ron = &saved[0];
    write_atomic(ron, record.to_ron().as_bytes()).map_err(|e| e.to_string())?;
    println!(
        "{}: {} moves, {} skipped; wrote {}",
        file.display(),
        moves.len(),
        opened.skipped.len(),
        saved
            .iter()
            .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    Ok(())
}
