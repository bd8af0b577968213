//! Notation: format-then-parse round trips for every legal move of many positions, in each
//! notation, and hand-written cases for tandem pieces, numbered pawns and Black's digits.

use xiangqi::notation::{Notation, NotationError};
use xiangqi::{Move, Position};

const ALL: [Notation; 5] = [
    Notation::Chinese,
    Notation::Wxf,
    Notation::Iccs,
    Notation::Traditional,
    Notation::Vietnamese,
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn check_round_trips(p: &Position) -> usize {
    let legal = p.legal_moves();
    for n in ALL {
        let mut seen = std::collections::HashSet::new();
        for &m in &legal {
            let text = n
                .format(p, m)
                .unwrap_or_else(|e| panic!("{n:?} {m} in {p:?}: {e}"));
            assert!(
                seen.insert(text.clone()),
                "{n:?}: two moves written {text} in {p:?}"
            );
            assert_eq!(n.parse(p, &text), Ok(m), "{n:?}: {text} in {p:?}");
            // Vietnamese's short form is WXF's characters with other meanings: never guessed.
            if n != Notation::Vietnamese {
                assert_eq!(Notation::parse_any(p, &text), Ok(m), "parse_any {text}");
            }
        }
    }
    legal.len()
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn round_trip_every_move_of_random_games_and_perft_positions() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt"))
            .expect("the perft data");
    let mut starts: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("fen ").map(str::to_owned))
        .collect();
    starts.push(Position::START_FEN.to_owned());
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut moves = 0;
    for g in 0..100 {
        let mut p = pos(&starts[g % starts.len()]);
        for _ in 0..80 {
            let n = check_round_trips(&p);
            moves += n;
            if n == 0 {
                break;
            }
            let legal = p.legal_moves();
            p.make_move(legal[rng.below(legal.len())]);
        }
    }
    assert!(moves > 150_000, "checked {moves} moves");
}

#[test]
fn opening_moves() {
    let p = Position::startpos();
    let cases = [
        ("h2e2", "炮二平五", "C2.5"),
        ("h0g2", "马二进三", "H2+3"),
        ("b0c2", "马八进七", "H8+7"),
        ("g0e2", "相三进五", "E3+5"),
        ("f0e1", "仕四进五", "A4+5"),
        ("i0i1", "车一进一", "R1+1"),
        ("g3g4", "兵三进一", "P3+1"),
        ("h2h9", "炮二进七", "C2+7"),
        ("e0e1", "帅五进一", "K5+1"),
    ];
    for (iccs, chinese, wxf) in cases {
        assert_eq!(Notation::Chinese.format(&p, mv(iccs)).unwrap(), chinese);
        assert_eq!(Notation::Wxf.format(&p, mv(iccs)).unwrap(), wxf);
        assert_eq!(Notation::Iccs.format(&p, mv(iccs)).unwrap(), iccs);
    }
}

#[test]
fn black_uses_full_width_digits_from_its_own_right() {
    let p = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    for (iccs, chinese, wxf) in [
        ("h9g7", "马８进７", "H8+7"),
        ("b9c7", "马２进３", "H2+3"),
        ("h7e7", "炮８平５", "C8.5"),
        ("c6c5", "卒３进１", "P3+1"),
        ("d9e8", "士４进５", "A4+5"),
        ("a9a8", "车１进１", "R1+1"),
        ("b7b0", "炮２进７", "C2+7"),
    ] {
        assert_eq!(
            Notation::Chinese.format(&p, mv(iccs)).unwrap(),
            chinese,
            "{iccs}"
        );
        assert_eq!(Notation::Wxf.format(&p, mv(iccs)).unwrap(), wxf, "{iccs}");
    }
    // ASCII digits and traditional characters are read too
    for text in ["马8进7", "馬８進７", "馬8進7", " 马 ８ 进 ７ "] {
        assert_eq!(Notation::Chinese.parse(&p, text), Ok(mv("h9g7")), "{text}");
    }
}

#[test]
fn traditional_and_variant_spellings() {
    let p = Position::startpos();
    for (text, iccs) in [
        ("砲二平五", "h2e2"),
        ("炮2平5", "h2e2"),
        ("炮２平５", "h2e2"),
        ("傌二進三", "h0g2"),
        ("俥一進一", "i0i1"),
        ("車一進一", "i0i1"),
        ("帥五進一", "e0e1"),
        ("象三进五", "g0e2"),
    ] {
        assert_eq!(Notation::Chinese.parse(&p, text), Ok(mv(iccs)), "{text}");
    }
    for text in ["c2=5", "C2.5", "c2.5"] {
        assert_eq!(Notation::Wxf.parse(&p, text), Ok(mv("h2e2")), "{text}");
    }
    assert_eq!(Notation::Wxf.parse(&p, "N2+3"), Ok(mv("h0g2")));
    assert_eq!(Notation::Wxf.parse(&p, "B3+5"), Ok(mv("g0e2")));
    assert_eq!(Notation::Iccs.parse(&p, "H2-E2"), Ok(mv("h2e2")));
}

#[test]
fn two_on_a_file_are_front_and_rear() {
    // Red cannons on e5 (front) and e2 (rear).
    let p = pos("3k5/9/9/9/4C4/9/9/4C4/9/5K3 w");
    assert_eq!(
        Notation::Chinese.format(&p, mv("e5f5")).unwrap(),
        "前炮平四"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("e2e1")).unwrap(),
        "后炮退一"
    );
    assert_eq!(Notation::Wxf.format(&p, mv("e5f5")).unwrap(), "+C.4");
    assert_eq!(Notation::Wxf.format(&p, mv("e2e1")).unwrap(), "-C-1");
    assert_eq!(
        Notation::Wxf.parse(&p, "C+.4"),
        Ok(mv("e5f5")),
        "suffix form"
    );
    assert_eq!(Notation::Chinese.parse(&p, "後砲退一"), Ok(mv("e2e1")));
    // Black rooks on b8 (rear for Black) and b3 (front: further towards Red).
    let p = pos("3k5/1r7/9/9/9/9/1r7/9/9/5K3 b");
    assert_eq!(
        Notation::Chinese.format(&p, mv("b3c3")).unwrap(),
        "前车平３"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("b8b9")).unwrap(),
        "后车退１"
    );
    assert_eq!(Notation::Wxf.format(&p, mv("b3c3")).unwrap(), "+R.3");
}

#[test]
fn three_pawns_on_a_file_are_front_middle_rear() {
    let p = pos("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w");
    assert_eq!(
        Notation::Chinese.format(&p, mv("c7b7")).unwrap(),
        "前兵平八"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("c6d6")).unwrap(),
        "中兵平六"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("c5b5")).unwrap(),
        "后兵平八"
    );
    assert_eq!(Notation::Wxf.format(&p, mv("c7b7")).unwrap(), "+P.8");
    assert_eq!(Notation::Wxf.format(&p, mv("c6d6")).unwrap(), "P7.6");
    assert_eq!(Notation::Wxf.format(&p, mv("c5b5")).unwrap(), "-P.8");
}

#[test]
fn pawns_on_several_files_are_numbered() {
    // Two files with two pawns each: numbered from Red's right (file 三, then 七), front first.
    let p = pos("3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w");
    for (iccs, chinese, wxf) in [
        ("g6g7", "一兵进一", "3++1"),
        ("g5f5", "二兵平四", "3-.4"),
        ("c6c7", "三兵进一", "7++1"),
        ("c5d5", "四兵平六", "7-.6"),
    ] {
        assert_eq!(
            Notation::Chinese.format(&p, mv(iccs)).unwrap(),
            chinese,
            "{iccs}"
        );
        assert_eq!(Notation::Wxf.format(&p, mv(iccs)).unwrap(), wxf, "{iccs}");
    }
    // the file-and-position form is read as well
    assert_eq!(Notation::Chinese.parse(&p, "前三进一"), Ok(mv("g6g7")));
    assert_eq!(Notation::Chinese.parse(&p, "后七平六"), Ok(mv("c5d5")));
    // five pawns: three on file 七 and two on file 三
    let p = pos("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w");
    assert_eq!(
        Notation::Chinese.format(&p, mv("c6d6")).unwrap(),
        "四兵平六"
    );
    assert_eq!(Notation::Chinese.parse(&p, "中七平六"), Ok(mv("c6d6")));
    // Black: pawns numbered from Black's right (file １ is a), front = towards Red
    let p = pos("3k5/9/9/9/9/p1p6/p1p6/9/9/4K4 b");
    assert_eq!(
        Notation::Chinese.format(&p, mv("a3a2")).unwrap(),
        "一卒进１"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("a4b4")).unwrap(),
        "二卒平２"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("c3c2")).unwrap(),
        "三卒进１"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("c4d4")).unwrap(),
        "四卒平４"
    );
}

#[test]
fn advisors_and_elephants_are_never_front_or_rear() {
    // Red elephants on g0 and g4 (both file 三): direction tells them apart.
    let p = pos("3k5/9/9/9/9/6B2/9/9/9/4K1B2 w");
    assert_eq!(
        Notation::Chinese.format(&p, mv("g0e2")).unwrap(),
        "相三进五"
    );
    assert_eq!(
        Notation::Chinese.format(&p, mv("g4e2")).unwrap(),
        "相三退五"
    );
}

#[test]
fn bad_text_gives_errors() {
    let p = Position::startpos();
    assert!(matches!(
        Notation::Chinese.parse(&p, "炮二平"),
        Err(NotationError::Unreadable(_))
    ));
    assert!(matches!(
        Notation::Chinese.parse(&p, "hello"),
        Err(NotationError::Unreadable(_))
    ));
    assert!(
        matches!(
            Notation::Chinese.parse(&p, "车一平二"),
            Err(NotationError::NoSuchMove(_))
        ),
        "blocked by the horse"
    );
    assert!(
        matches!(
            Notation::Chinese.parse(&p, "马二退三"),
            Err(NotationError::NoSuchMove(_))
        ),
        "off the board"
    );
    // digits are read leniently: Black's full-width digits in a Red move still name Red's files
    assert_eq!(Notation::Chinese.parse(&p, "马８进７"), Ok(mv("b0c2")));
    assert!(matches!(
        Notation::Wxf.parse(&p, "C2.55"),
        Err(NotationError::Unreadable(_))
    ));
    assert!(matches!(
        Notation::Iccs.parse(&p, "h2h8"),
        Err(NotationError::NoSuchMove(_))
    ));
    assert!(matches!(
        Notation::Iccs.parse(&p, "z9"),
        Err(NotationError::Unreadable(_))
    ));
    assert_eq!(
        Notation::Chinese.format(&p, mv("h2h8")),
        Err(NotationError::IllegalMove(mv("h2h8")))
    );
}

/// Plays `moves` (ICCS) from the start, checking each written form in each notation and that
/// every form reads back to the same move.
fn check_line(moves: &[(&str, &str, &str, &str)]) {
    let mut p = Position::startpos();
    for &(iccs, traditional, vietnamese, words) in moves {
        let m = mv(iccs);
        assert_eq!(
            Notation::Traditional.format(&p, m).unwrap(),
            traditional,
            "{iccs}"
        );
        assert_eq!(
            Notation::Vietnamese.format(&p, m).unwrap(),
            vietnamese,
            "{iccs}"
        );
        assert_eq!(
            Notation::Traditional.parse(&p, traditional),
            Ok(m),
            "{traditional}"
        );
        assert_eq!(
            Notation::Chinese.parse(&p, traditional),
            Ok(m),
            "{traditional}"
        );
        assert_eq!(
            Notation::Vietnamese.parse(&p, vietnamese),
            Ok(m),
            "{vietnamese}"
        );
        assert_eq!(Notation::Vietnamese.parse(&p, words), Ok(m), "{words}");
        assert_eq!(Notation::parse_any(&p, words), Ok(m), "parse_any {words}");
        p.make_move(m);
    }
}

#[test]
fn traditional_and_vietnamese_write_the_central_cannon_opening_as_their_sources_do() {
    // 中炮过河车对屏风马平炮兑车, as tabulated in docs/i18n.md from the sources named there.
    check_line(&[
        ("h2e2", "炮二平五", "P2-5", "Pháo 2 bình 5"),
        ("h9g7", "馬８進７", "M8.7", "Mã 8 tấn 7"),
        ("h0g2", "傌二進三", "M2.3", "Mã 2 tấn 3"),
        ("i9h9", "車９平８", "X9-8", "Xe 9 bình 8"),
        ("i0h0", "俥一平二", "X1-2", "Xe 1 bình 2"),
        ("b9c7", "馬２進３", "M2.3", "Mã 2 tiến 3"),
        ("c3c4", "兵七進一", "B7.1", "Tốt 7 tấn 1"),
        ("g6g5", "卒７進１", "B7.1", "Tốt 7 tấn 1"),
        ("h0h6", "俥二進六", "X2.6", "Xe 2 tấn 6"),
        ("h7i7", "砲８平９", "P8-9", "Pháo 8 bình 9"),
        ("h6g6", "俥二平三", "X2-3", "Xe 2 bình 3"),
        ("i7i8", "砲９退１", "P9/1", "Pháo 9 thoái 1"),
    ]);
}

#[test]
fn vietnamese_marks_front_middle_and_rear_in_place_of_the_file() {
    // Two red cannons on file 5 (e): the front one is `t`, the rear `s` (Pt, Ps).
    let p = pos("3k5/9/9/9/4C4/9/9/4C4/9/5K3 w");
    assert_eq!(Notation::Vietnamese.format(&p, mv("e5f5")).unwrap(), "Pt-4");
    assert_eq!(Notation::Vietnamese.format(&p, mv("e2e1")).unwrap(), "Ps/1");
    assert_eq!(
        Notation::Traditional.format(&p, mv("e5f5")).unwrap(),
        "前炮平四"
    );
    assert_eq!(
        Notation::Traditional.format(&p, mv("e2e1")).unwrap(),
        "後炮退一"
    );
    assert_eq!(
        Notation::Vietnamese.parse(&p, "Pháo sau thoái 1"),
        Ok(mv("e2e1"))
    );
    assert_eq!(Notation::Vietnamese.parse(&p, "Pt–4"), Ok(mv("e5f5")));
    // Three pawns on file 7 (c): t, g, s.
    let p = pos("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w");
    assert_eq!(Notation::Vietnamese.format(&p, mv("c7b7")).unwrap(), "Bt-8");
    assert_eq!(Notation::Vietnamese.format(&p, mv("c6d6")).unwrap(), "Bg-6");
    assert_eq!(Notation::Vietnamese.format(&p, mv("c5b5")).unwrap(), "Bs-8");
    assert_eq!(
        Notation::Vietnamese.parse(&p, "Tốt giữa bình 6"),
        Ok(mv("c6d6"))
    );
    // The kings are Tg (Tướng), never T (Tượng).
    assert_eq!(
        Notation::Vietnamese.format(&p, mv("e0e1")).unwrap(),
        "Tg5.1"
    );
    assert_eq!(
        Notation::Vietnamese.parse(&p, "Q2-5"),
        Err(NotationError::Unreadable("Q2-5".into()))
    );
}
