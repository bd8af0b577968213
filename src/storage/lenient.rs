//! Reading a settings-like RON struct field by field: a file written by a newer version, with a
//! value this version does not know (a new graphics setting, say), keeps every other field
//! instead of falling back to the defaults wholesale.

use serde::de::DeserializeOwned;

/// The struct in `text` (a RON struct whose missing fields take their defaults, as
/// `#[serde(default)]` gives), keeping each top-level field that reads on its own and naming
/// those that do not. An error when the text is not a RON struct at all.
pub fn read_fields<T: DeserializeOwned>(text: &str) -> Result<(T, Vec<String>), String> {
    if let Ok(whole) = ron::from_str::<T>(text) {
        return Ok((whole, Vec::new()));
    }
    let fields = top_level_fields(text).ok_or_else(|| "not a RON struct".to_owned())?;
    let mut kept = Vec::new();
    let mut skipped = Vec::new();
    for field in fields {
        if ron::from_str::<T>(&format!("({field})")).is_ok() {
            kept.push(field);
        } else {
            let name = field.split(':').next().unwrap_or(field).trim();
            skipped.push(name.to_owned());
        }
    }
    let value = ron::from_str::<T>(&format!("({})", kept.join(",")))
        .map_err(|e| format!("the fields that read do not read together: {e}"))?;
    Ok((value, skipped))
}

/// The `name: value` pieces of a RON struct `Name(…)` or `(…)`, split at its top-level commas
/// (not those inside brackets, strings or characters). `None` when it is no struct.
fn top_level_fields(text: &str) -> Option<Vec<&str>> {
    let text = text.trim();
    let open = text.find('(')?;
    let name = text[..open].trim();
    if !name.chars().all(|c| c.is_alphanumeric() || c == '_') || !text.ends_with(')') {
        return None;
    }
    let body = &text[open + 1..text.len() - 1];
    let mut fields = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '"' | '\'' => {
                // To the matching quote, past escaped ones.
                while let Some((_, d)) = chars.next() {
                    if d == '\\' {
                        chars.next();
                    } else if d == c {
                        break;
                    }
                }
            }
            ',' if depth == 0 => {
                fields.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    fields.push(&body[start..]);
    Some(
        fields
            .into_iter()
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    #[serde(default)]
    struct Prefs {
        sound: bool,
        look: Look,
        name: String,
        solved: std::collections::BTreeMap<u32, u8>,
    }

    #[derive(Debug, Default, PartialEq, serde::Deserialize)]
    enum Look {
        #[default]
        Plain,
        Carved,
    }

    #[test]
    fn an_unknown_value_loses_only_its_own_field() {
        let text =
            r#"(sound: true, look: Holographic, name: "a, (b) \"c\"", solved: {1: 3, 2: 1})"#;
        assert!(
            ron::from_str::<Prefs>(text).is_err(),
            "all or nothing before"
        );
        let (p, skipped) = read_fields::<Prefs>(text).expect("reads");
        assert_eq!(skipped, ["look"]);
        assert!(p.sound);
        assert_eq!(p.look, Look::Plain);
        assert_eq!(p.name, "a, (b) \"c\"");
        assert_eq!(p.solved.len(), 2);
        let (p, skipped) = read_fields::<Prefs>("Prefs(look: Carved,)").expect("reads");
        assert!(skipped.is_empty());
        assert_eq!(p.look, Look::Carved);
    }

    #[test]
    fn what_is_no_struct_is_an_error() {
        for text in ["", "garbage", "[1, 2]", "(sound: true", "((", "(a: ))"] {
            assert!(read_fields::<Prefs>(text).is_err(), "{text:?}");
        }
    }
}
