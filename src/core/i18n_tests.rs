use fluent_bundle::FluentResource;

use super::*;

/// Messages a language says in English for now: none.
const FALLS_BACK: &[(Language, &str)] = &[];

#[test]
fn every_language_file_parses_whole() {
    for &lang in Language::ALL {
        if let Err((_, errors)) = FluentResource::try_new(lang.fluent().to_owned()) {
            panic!("{}: {errors:?}", lang.code());
        }
    }
}

#[test]
fn every_message_exists_in_every_language_or_is_listed_as_falling_back() {
    let english = ids(Language::English);
    let mut missing = Vec::new();
    for &lang in Language::ALL {
        let here = ids(lang);
        for id in &english {
            if !here.contains(id) && !FALLS_BACK.contains(&(lang, id.as_str())) {
                missing.push(format!("{}: {id}", lang.code()));
            }
        }
        for id in &here {
            assert!(
                english.contains(id),
                "{}: {id} is not in English",
                lang.code()
            );
        }
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
}

#[test]
fn a_message_missing_from_a_language_is_said_in_english() {
    // No language lacks one today: a Vietnamese file with one message stands in for one that does.
    let partial = bundle_of(Language::Vietnamese, "menu-game = Trò chơi\n");
    let english = bundle(Language::English);
    assert_eq!(say(&[&partial, english], "menu-game", None), "Trò chơi");
    assert_eq!(say(&[&partial, english], "menu-level", None), "Level");
    assert_eq!(
        say(&[&partial, english], "no-such-message", None),
        "no-such-message"
    );
    assert_eq!(text(Language::Vietnamese, "menu-level"), "Cấp độ");
}

#[test]
fn arguments_and_plurals_go_through_fluent() {
    let m = msg!("notice-partly-read", skipped = 1usize, first = "ply 3");
    assert_eq!(
        m.in_(Language::English),
        "Record opened; 1 part could not be read and was left out: ply 3"
    );
    let m = msg!("notice-partly-read", skipped = 2usize, first = "ply 3");
    assert_eq!(
        m.in_(Language::English),
        "Record opened; 2 parts could not be read and were left out: ply 3"
    );
    assert!(
        m.in_(Language::Chinese).contains("2 处"),
        "{}",
        m.in_(Language::Chinese)
    );
    // No isolation marks around the arguments: the font has no glyph for them.
    assert!(!m.in_(Language::Vietnamese).contains('\u{2068}'));
}

#[test]
fn every_message_of_every_language_has_its_glyphs_in_the_embedded_font() {
    use ab_glyph::Font as _;
    let font =
        ab_glyph::FontRef::try_from_slice(include_bytes!("../../assets/fonts/chuhan-sans.otf"))
            .expect("the font");
    let mut missing = std::collections::BTreeSet::new();
    for &lang in Language::ALL {
        for c in lang.fluent().chars().chain(lang.name().chars()) {
            if !c.is_control() && font.glyph_id(c).0 == 0 {
                missing.insert(format!("{} {c:?} U+{:04X}", lang.code(), c as u32));
            }
        }
    }
    assert!(missing.is_empty(), "no glyph: {missing:#?}");
}

#[test]
fn the_locale_picks_the_language_on_first_start() {
    let cases = [
        ("zh_CN.UTF-8", Some(Language::Chinese)),
        ("zh-Hans-CN", Some(Language::Chinese)),
        ("zh_TW.UTF-8", Some(Language::TraditionalChinese)),
        ("zh-HK", Some(Language::TraditionalChinese)),
        ("zh-Hant", Some(Language::TraditionalChinese)),
        ("vi_VN.UTF-8", Some(Language::Vietnamese)),
        ("vi", Some(Language::Vietnamese)),
        ("en-GB", Some(Language::English)),
        ("fr-FR", None),
        ("C", None),
    ];
    for (locale, lang) in cases {
        assert_eq!(Language::from_locale(locale), lang, "{locale}");
    }
    use crate::core::settings::Settings;
    let first = |l: &[&str]| {
        Settings::first_start(&l.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>()).language
    };
    assert_eq!(first(&["fr-FR", "vi-VN", "en"]), Language::Vietnamese);
    assert_eq!(first(&["zh_TW.UTF-8"]), Language::TraditionalChinese);
    assert_eq!(first(&["en_US.UTF-8"]), Language::English);
    assert_eq!(first(&["de"]), Language::Chinese);
    assert_eq!(first(&[]), Language::Chinese);
    // A settings file not there yet: a first start, in the system's language.
    let dir = std::env::temp_dir().join(format!("chuhan-locale-{}", std::process::id()));
    let (s, _) = crate::core::settings::load_settings(&dir.join("none.ron"), &["vi_VN".into()])
        .expect("a first start");
    assert_eq!(s.language, Language::Vietnamese);
}

#[test]
fn each_languages_notation_reads_a_whole_real_game_back_to_the_same_moves() {
    let game = xiangqi::pgn::read(include_bytes!(
        "../../crates/xiangqi/tests/data/pgn/06.象棋旋风(先胜)相眼竞技(A6-A2).PGN"
    ))
    .expect("a real game");
    assert!(game.moves().len() > 80, "{} moves", game.moves().len());
    for &lang in Language::ALL {
        let notation = lang.notation();
        let mut pos = game.start().clone();
        let mut written = Vec::new();
        for &m in game.moves() {
            let text = notation.format(&pos, m).expect("a legal move");
            assert_eq!(
                notation.parse(&pos, &text),
                Ok(m),
                "{}: {text}",
                lang.code()
            );
            written.push(text);
            pos.make_move(m);
        }
        // The whole game as a record in that notation, read back.
        let mut record = xiangqi::GameRecord::new(game.start().clone());
        for &m in game.moves() {
            record.append(m).expect("legal");
        }
        let pgn = xiangqi::pgn::write(&record, notation);
        let back = xiangqi::pgn::read_str(&pgn).expect("read back");
        assert_eq!(
            back.moves(),
            game.moves(),
            "{}: {}",
            lang.code(),
            written.join(" ")
        );
    }
}

/// Every string literal in the game's sources that reads as a message id (a group of the Fluent
/// files, then words joined by `-`).
fn ids_in_sources() -> Vec<(String, String)> {
    let groups: std::collections::HashSet<String> = ids(Language::English)
        .iter()
        .filter_map(|id| id.split('-').next().map(str::to_owned))
        .collect();
    let mut found = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if !name.ends_with(".rs") || name.ends_with("_tests.rs") {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("a source");
            for (i, piece) in source.split('"').enumerate() {
                let id_like = i % 2 == 1
                    && piece.contains('-')
                    && piece
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !piece.starts_with('-')
                    && !piece.ends_with('-');
                // File names and a test's probe that read like ids but are none.
                const NOT_IDS: [&str; 4] = ["game-00", "game-39", "online-tokens", "setup-error"];
                if id_like
                    && !NOT_IDS.contains(&piece)
                    && piece.split('-').next().is_some_and(|g| groups.contains(g))
                {
                    found.push((path.display().to_string(), piece.to_owned()));
                }
            }
        }
    }
    found
}

#[test]
fn every_message_the_code_names_is_in_the_english_file() {
    let english = ids(Language::English);
    let named = ids_in_sources();
    assert!(
        named.len() > 300,
        "only {} ids found in the sources",
        named.len()
    );
    let missing: Vec<_> = named
        .iter()
        .filter(|(_, id)| !english.contains(id))
        .collect();
    assert!(missing.is_empty(), "not in en/chuhan.ftl: {missing:#?}");
}

#[test]
fn the_storage_phrases_are_their_english_messages() {
    for (phrase, id) in crate::storage::words::IDS {
        assert_eq!(text(Language::English, id), phrase, "{id}");
    }
}
