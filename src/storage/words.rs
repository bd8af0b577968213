//! The storage's own words about what went wrong (a browser page's storage, a file too big), in
//! English as the errors carry them, each with the id of its message in the Fluent files: the
//! interface puts them into the player's language with [`in_words`], on the desktop and the page
//! alike. What the system itself says (an operating system's error) is passed on as it is.

/// The page's storage is full.
pub const STORAGE_FULL: &str = "the browser's storage for this page is full";
/// A record that could not be kept went to the player as a download.
pub const DOWNLOADED_INSTEAD: &str = "the record was handed to the browser as a download instead";
/// The browser gives the page no storage.
pub const NO_STORAGE: &str =
    "the browser gives this page no storage (private window, or storage turned off)";
/// The browser refused to store something (the reason's name follows in brackets).
pub const REFUSED: &str = "the browser refused to store it";
/// A damaged entry of the page's storage.
pub const DAMAGED: &str = "a damaged entry in the page's storage";
/// No such file.
pub const NO_SUCH_FILE: &str = "no such file";
/// A file picked on the device is bigger than the page keeps.
pub const TOO_BIG_FOR_THE_PAGE: &str = "more than the page keeps (2 MB)";
/// A file bigger than a file of its kind may be (the sizes follow).
pub const TOO_BIG: &str = "is more than the";
/// The rest of [`TOO_BIG`]'s sentence.
pub const TOO_BIG_END: &str = "MB a file of this kind may be";

/// Each phrase and its message's id, longest first (so that no phrase is taken for a part of
/// another).
pub const IDS: [(&str, &str); 9] = [
    (DOWNLOADED_INSTEAD, "storage-downloaded-instead"),
    (NO_STORAGE, "storage-no-storage"),
    (STORAGE_FULL, "storage-full"),
    (TOO_BIG_FOR_THE_PAGE, "storage-too-big-for-page"),
    (TOO_BIG_END, "storage-too-big-end"),
    (DAMAGED, "storage-damaged"),
    (REFUSED, "storage-refused"),
    (TOO_BIG, "storage-too-big"),
    (NO_SUCH_FILE, "storage-no-such-file"),
];

/// The joiner of two phrases (`; `): its message's id.
pub const JOINER: &str = "storage-joiner";

/// `text` with each of the storage's phrases in it said by `say` (given the phrase's message id;
/// the rest, a file's name or the system's own words, as it is).
#[must_use]
pub fn in_words(text: &str, say: impl Fn(&'static str) -> String) -> String {
    let mut out = text.to_owned();
    for (en, id) in IDS {
        if out.contains(en) {
            out = out.replace(en, &say(id));
        }
    }
    out.replace("; ", &say(JOINER))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stands in for the Fluent files: the id, bracketed.
    fn said(id: &'static str) -> String {
        format!("<{id}>")
    }

    #[test]
    fn every_phrase_the_storage_says_has_its_message() {
        for (en, id) in IDS {
            let out = in_words(&format!("/chuhan/autosave.ron: {en}"), said);
            assert_eq!(out, format!("/chuhan/autosave.ron: <{id}>"));
        }
        assert_eq!(
            in_words(
                &format!("/chuhan/records/a.pgn: {STORAGE_FULL}; {DOWNLOADED_INSTEAD}"),
                said
            ),
            "/chuhan/records/a.pgn: <storage-full><storage-joiner><storage-downloaded-instead>"
        );
        assert_eq!(
            in_words(&format!("big.pgn: 9.0 MB {TOO_BIG} 8 {TOO_BIG_END}"), said),
            "big.pgn: 9.0 MB <storage-too-big> 8 <storage-too-big-end>"
        );
        // What is not the storage's is left as it is.
        assert_eq!(
            in_words("x.pgn: Permission denied", said),
            "x.pgn: Permission denied"
        );
    }
}
