//! Writing DhtmlXQ: the tags, the moves of each line as digits, comments escaped.

use super::{GameRecord, Square, TAGS};

/// A square as DhtmlXQ writes it.
fn point(sq: Square) -> String {
    format!("{}{}", sq.file().index(), 9 - sq.rank().index())
}

/// A value with the format's own tags made harmless: the `[` of `[DhtmlXQ` and `[/DhtmlXQ`
/// (which would open or close a tag for every reader of the format) is written full-width.
fn unbracket(value: &str) -> String {
    value
        .replace("[DhtmlXQ", "［DhtmlXQ")
        .replace("[/DhtmlXQ", "［/DhtmlXQ")
}

/// A comment as DhtmlXQ writes it: `||` is the format's line break, so the bars of a `|` run
/// are written full-width (`｜`) before the line ends become `||`; tags as [`unbracket`].
fn comment_text(comment: &str) -> String {
    let chars: Vec<char> = comment.chars().collect();
    let bars: String = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let run = (i > 0 && chars[i - 1] == '|') || chars.get(i + 1) == Some(&'|');
            if c == '|' && run { '｜' } else { c }
        })
        .collect();
    unbracket(&bars).replace('\n', "||")
}

/// The record as a DhtmlXQ block: header tags, `binit` (and `fen` when Black moves first with no
/// move to tell), the main line, every variation and every comment.
#[must_use]
pub fn write(record: &GameRecord) -> String {
    let mut out = String::from("[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n");
    let mut tag = |name: &str, value: &str| {
        let value = unbracket(value);
        out.push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    };
    for (dhtml, name) in TAGS {
        if let Some(value) = record.tag(name).filter(|v| !v.is_empty()) {
            tag(dhtml, value);
        }
    }
    let result = match record.tag("Result") {
        Some("1-0") => "红胜",
        Some("0-1") => "黑胜",
        Some("1/2-1/2") => "和棋",
        _ => "未知",
    };
    tag("result", result);
    let slots = crate::xqf::piece_slots(record.start());
    let binit: String = slots
        .iter()
        .map(|s| s.map_or("99".to_owned(), point))
        .collect();
    tag("binit", &binit);
    if record.continuations(None).is_empty() && record.start().side_to_move() == crate::Color::Black
    {
        tag("fen", &record.start().to_fen());
    }
    // The branches, each after the one it hangs from: (first node, parent branch, first step).
    let mut queue = std::collections::VecDeque::new();
    let mut comments = Vec::new();
    if let Some(&first) = record.continuations(None).first() {
        queue.push_back((first, 0usize, 1usize));
    }
    for &alt in record.continuations(None).iter().skip(1) {
        queue.push_back((alt, 0, 1));
    }
    let mut next_id = 0;
    let mut lines = Vec::new();
    while let Some((first, parent, step)) = queue.pop_front() {
        let id = next_id;
        next_id += 1;
        let mut digits = String::new();
        let (mut node, mut at) = (first, step);
        loop {
            let m = record.node_move(node);
            digits.push_str(&point(m.from()));
            digits.push_str(&point(m.to()));
            if let Some(c) = record.node_comment(Some(node)) {
                let key = if id == 0 {
                    format!("{at}")
                } else {
                    format!("{id}_{at}")
                };
                comments.push((key, comment_text(c)));
            }
            let next = record.continuations(Some(node));
            for &alt in next.iter().skip(1) {
                queue.push_back((alt, id, at + 1));
            }
            match next.first() {
                Some(&n) => (node, at) = (n, at + 1),
                None => break,
            }
        }
        lines.push(if id == 0 {
            format!("[DhtmlXQ_movelist]{digits}[/DhtmlXQ_movelist]\n")
        } else {
            let name = format!("move_{parent}_{step}_{id}");
            format!("[DhtmlXQ_{name}]{digits}[/DhtmlXQ_{name}]\n")
        });
    }
    for line in lines {
        out.push_str(&line);
    }
    if let Some(c) = record.node_comment(None) {
        out.push_str(&format!(
            "[DhtmlXQ_comment0]{}[/DhtmlXQ_comment0]\n",
            comment_text(c)
        ));
    }
    for (key, c) in comments {
        out.push_str(&format!(
            "[DhtmlXQ_comment{key}]{c}[/DhtmlXQ_comment{key}]\n"
        ));
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}
