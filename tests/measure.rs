//! The measuring switches of the screenshot mode: any `CHUHAN_FRAME_STATS` value is answered
//! without a panic, and the frame summary copes with any number of frames.

use std::time::Duration;

use chuhan::dev::measure::{FrameSummary, frame_count};

#[test]
fn frame_counts_are_whole_numbers_from_one() {
    assert_eq!(frame_count("300"), Ok(300));
    assert_eq!(frame_count(" 5 "), Ok(5));
    for bad in ["0", "-3", "ten", "", "1.5", "99999999999999999999999"] {
        assert!(frame_count(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn frame_summaries_of_none_one_and_many_frames() {
    assert_eq!(FrameSummary::of(&[]), None);
    let one = FrameSummary::of(&[Duration::from_millis(40)]).expect("one frame");
    assert_eq!(
        (one.frames, one.mean, one.p50, one.p99, one.max),
        (1, 40.0, 40.0, 40.0, 40.0)
    );
    // 1..=100 ms: mean 50.5, the 99th percentile 99 ms, the worst 100 ms.
    let many: Vec<Duration> = (1..=100).rev().map(Duration::from_millis).collect();
    let s = FrameSummary::of(&many).expect("frames");
    assert_eq!(s.frames, 100);
    assert!((s.mean - 50.5).abs() < 1e-9, "{s:?}");
    assert!((s.p50 - 51.0).abs() < 1e-9, "{s:?}");
    assert!(
        (s.p99 - 99.0).abs() < 1e-9 && (s.max - 100.0).abs() < 1e-9,
        "{s:?}"
    );
    assert!(s.to_string().starts_with("frames 100: mean 50.5 ms"), "{s}");
}
