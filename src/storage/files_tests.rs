//! Tests of the module beside it.
use super::*;

#[test]
fn atomic_write_replaces_the_file_and_leaves_no_temp() {
    let dir = std::env::temp_dir().join(format!("chuhan-files-{}", std::process::id()));
    let path = dir.join("sub").join("x.ron");
    write_atomic(&path, b"one").expect("written");
    write_atomic(&path, b"two").expect("rewritten");
    assert_eq!(std::fs::read(&path).expect("read"), b"two");
    let names: Vec<_> = std::fs::read_dir(path.parent().expect("dir"))
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("x.ron")]);
    // A directory where the file should be: an error, not a panic.
    assert!(write_atomic(&dir, b"x").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

#[test]
fn threads_writing_one_path_at_once_each_write_a_whole_file() {
    let dir = scratch("race");
    let path = dir.join("settings.ron");
    let contents: Vec<Vec<u8>> = (0..8u8).map(|i| vec![b'a' + i; 200_000]).collect();
    std::thread::scope(|s| {
        for c in &contents {
            let path = &path;
            s.spawn(move || {
                for _ in 0..20 {
                    write_atomic(path, c).expect("written");
                }
            });
        }
    });
    // Whole, from one writer: a shared temp file would mix them or lose a rename.
    let got = std::fs::read(&path).expect("read");
    assert!(contents.contains(&got), "a mixed or cut file");
    let left = std::fs::read_dir(&dir).expect("list").count();
    assert_eq!(left, 1, "temporary files left behind");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_second_damaged_file_does_not_overwrite_the_first_backup() {
    let dir = scratch("aside");
    let path = dir.join("settings.ron");
    std::fs::write(&path, "first damage").expect("write");
    let first = set_aside(&path).expect("set aside");
    std::fs::write(&path, "second damage").expect("write");
    let second = set_aside(&path).expect("set aside");
    assert_ne!(first, second);
    assert_eq!(
        std::fs::read_to_string(first).expect("kept"),
        "first damage"
    );
    assert_eq!(
        std::fs::read_to_string(second).expect("kept"),
        "second damage"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    let dir = scratch("size");
    let path = dir.join("big.pgn");
    std::fs::write(&path, vec![b' '; 1001]).expect("write");
    let e = read_at_most(&path, 1000).expect_err("too big");
    assert!(e.to_string().contains("big.pgn"), "{e}");
    assert_eq!(read_at_most(&path, 1001).expect("fits").len(), 1001);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stem_in_use_gets_a_number() {
    let dir = scratch("stems");
    assert_eq!(free_stem(&dir, "game", &["ron", "pgn"]), "game");
    std::fs::write(dir.join("game.pgn"), "x").expect("write");
    assert_eq!(free_stem(&dir, "game", &["ron", "pgn"]), "game-2");
    std::fs::write(dir.join("game-2.ron"), "x").expect("write");
    assert_eq!(free_stem(&dir, "game", &["ron", "pgn"]), "game-3");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_name_handed_over_is_a_stem_and_an_extension_and_never_a_path() {
    let parts = name_parts;
    assert_eq!(parts("开局.PGN"), ("开局".into(), "pgn".into()));
    assert_eq!(parts("../../etc/passwd"), ("passwd".into(), String::new()));
    assert_eq!(parts("C:\\games\\a.b.xqf"), ("a.b".into(), "xqf".into()));
    assert_eq!(parts(".pgn"), ("record".into(), "pgn".into()));
    assert_eq!(parts(""), ("record".into(), String::new()));
    assert_eq!(parts("a:b\u{7}.txt"), ("a_b_".into(), "txt".into()));
}
