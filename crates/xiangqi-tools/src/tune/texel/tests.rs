use super::*;

#[test]
fn the_weights_file_round_trips_the_compiled_weights() {
    let src = weights_source(&WEIGHTS, "");
    let committed = include_str!("../../../../xiangqi-engine/src/eval/weights.rs");
    // The same numbers in the same order (the header may differ).
    let numbers = |s: &str| -> Vec<String> {
        let body = &s[s.find("pub const WEIGHTS").unwrap_or(0)..];
        body.split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|t| !t.is_empty() && *t != "-")
            .map(str::to_string)
            .collect()
    };
    assert_eq!(numbers(&src), numbers(committed));
}

#[test]
fn tuning_lowers_the_error_on_a_tiny_set() {
    let dir = std::env::temp_dir().join(format!("chuhan-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("data.txt");
    // Red a rook up wins; Black a rook up wins.
    let text = "\
rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 900 | 1.0
1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1 | -900 | 0.0
rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 10 | 0.5
";
    std::fs::write(&path, text).unwrap();
    let data = load(&path).unwrap();
    assert_eq!(data.len(), 3);
    let cfg = TuneConfig {
        epochs: 20,
        rate: 2.0,
        lambda: 1.0,
        l2: 0.0,
        threads: 1,
    };
    let t = tune(&data, &cfg, |_, _| {});
    assert!(
        t.error_after <= t.error_before,
        "{} {}",
        t.error_before,
        t.error_after
    );
    std::fs::write(&path, "not a fen | 1 | 1.0\n").unwrap();
    assert!(matches!(load(&path), Err(DataError::Line { line: 1, .. })));
    let _ = std::fs::remove_dir_all(&dir);
}
