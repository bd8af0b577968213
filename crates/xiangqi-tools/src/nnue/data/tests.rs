use super::*;

#[test]
fn a_record_keeps_its_position_score_result_and_side() {
    let fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let r = Record::new(&pos, -37, 2).unwrap();
    let back = Record::from_bytes(&r.to_bytes()).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.score, -37);
    assert_eq!(back.result, 2);
    assert_eq!(back.side_to_move(), Color::Black);
    let pieces: Vec<_> = back.pieces().collect();
    assert_eq!(pieces.len(), 32);
    for (p, sq) in pieces {
        assert_eq!(pos.piece_at(sq), Some(p));
    }
    let text = Record::from_text(&format!("{fen} | -37 | 1.0")).unwrap();
    assert_eq!(text, r);
}

#[test]
fn damaged_records_and_lines_are_refused() {
    let r = Record::new(&Position::startpos(), 0, 1).unwrap();
    let mut b = r.to_bytes();
    b[34] = 3;
    assert_eq!(Record::from_bytes(&b), Err(RecordError::Result(3)));
    let mut b = r.to_bytes();
    b[35] = 2;
    assert_eq!(Record::from_bytes(&b), Err(RecordError::Side(2)));
    let mut b = r.to_bytes();
    b[16] = 0xEE;
    assert_eq!(Record::from_bytes(&b), Err(RecordError::Pieces));
    let mut b = r.to_bytes();
    b[0..16].copy_from_slice(&u128::MAX.to_le_bytes());
    assert_eq!(Record::from_bytes(&b), Err(RecordError::Pieces));
    for line in ["", "x | 1 | 1.0", "startpos | 0", "9/9 | a | 1.0"] {
        assert!(Record::from_text(line).is_err(), "{line:?}");
    }
}

#[test]
fn packing_keeps_one_of_each_position_and_skips_what_is_damaged() {
    let dir = std::env::temp_dir().join(format!("chuhan-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("a.txt");
    let start = Position::startpos().to_fen();
    let after = Position::startpos()
        .after("h2e2".parse().unwrap())
        .unwrap()
        .to_fen();
    std::fs::write(
        &text,
        format!("{start} | 10 | 0.5\n{after} | -5 | 1.0\nnot a line\n{start} | 99 | 0.0\n"),
    )
    .unwrap();
    let bin = dir.join("b.bin");
    let mut bytes = Record::new(&Position::startpos(), 3, 1)
        .unwrap()
        .to_bytes()
        .to_vec();
    bytes.extend_from_slice(&[1, 2, 3]);
    std::fs::write(&bin, bytes).unwrap();
    let loaded = load(&bin).unwrap();
    assert_eq!((loaded.records.len(), loaded.skipped), (1, 1));
    let out = dir.join("out.bin");
    pack(&[text, bin], &out, 1).unwrap();
    let packed = load(&out).unwrap();
    assert_eq!(packed.skipped, 0);
    assert_eq!(packed.records.len(), 2);
    // The first of the duplicates is the one kept.
    assert!(packed.records.iter().any(|r| r.score == 10));
    assert!(packed.records.iter().any(|r| r.score == -5));
    std::fs::remove_dir_all(&dir).unwrap();
}
