//! Scrambled files (version 0x12) whose opening node has a comment length that, once the key is
//! subtracted, is zero or below zero. XQStudio and cchess take that as "no comment" and go on
//! reading the moves; so does this reader. `tests/data/xqf/NEGCOMMENT.XQF` is SAMPLE.XQF made
//! so by [`with_opening_comment_length`] (length -4), as the last test checks.

use super::{Keys, MOVES_AT, read_lenient};

const SAMPLE: &[u8] = include_bytes!("../../tests/data/xqf/SAMPLE.XQF");

/// SAMPLE.XQF with its opening comment's length set to `len` (after the key is subtracted) and
/// the comment's bytes taken out: the body unscrambled, changed, scrambled again.
fn with_opening_comment_length(len: i32) -> Vec<u8> {
    let keys = Keys::of(SAMPLE);
    let mut data: Vec<u8> = SAMPLE[MOVES_AT..]
        .iter()
        .enumerate()
        .map(|(i, b)| b.wrapping_sub(keys.bytes[i % 32]))
        .collect();
    // The opening node: from, to, tag, reserved; then the comment's length and its text.
    assert!(data[2] & 0x20 != 0, "SAMPLE.XQF opens with a comment");
    let raw = u32::from_le_bytes([data[4], data[5], data[6], data[7]]);
    let old = raw.wrapping_sub(keys.comment) as usize;
    data.drain(8..8 + old);
    data[4..8].copy_from_slice(&keys.comment.wrapping_add(len as u32).to_le_bytes());
    let mut file = SAMPLE[..MOVES_AT].to_vec();
    file.extend(
        data.iter()
            .enumerate()
            .map(|(i, b)| b.wrapping_add(keys.bytes[i % 32])),
    );
    file
}

#[test]
fn a_comment_length_at_or_below_zero_is_no_comment_and_the_moves_follow() {
    let (sample, _) = read_lenient(SAMPLE).expect("SAMPLE.XQF");
    assert!(sample.all_moves().len() > 10);
    for len in [0, -1, -4, -1000, i32::MIN] {
        let file = with_opening_comment_length(len);
        let (record, skipped) = read_lenient(&file).expect("reads");
        assert!(skipped.is_empty(), "length {len}: {skipped:?}");
        assert_eq!(record.all_moves(), sample.all_moves(), "length {len}");
        assert_eq!(record.comment(0), None);
    }
    // A positive length still reads its comment (the sample's own, shortened to nothing here).
    let (record, _) = read_lenient(&with_opening_comment_length(0)).expect("reads");
    assert_eq!(record.tag("Red"), sample.tag("Red"));
}

#[test]
fn the_shipped_negative_comment_file_is_made_so() {
    let shipped = include_bytes!("../../tests/data/xqf/NEGCOMMENT.XQF");
    assert_eq!(
        shipped.as_slice(),
        with_opening_comment_length(-4).as_slice()
    );
}
