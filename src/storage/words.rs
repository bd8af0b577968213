//! The storage's own words about what went wrong (a browser page's storage, a file too big), in
//! English as the errors carry them, each with its Chinese: the interface puts them into the
//! player's language with [`in_chinese`], on the desktop and the page alike. What the system
//! itself says (an operating system's error) is passed on as it is.

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

/// Each phrase and its Chinese, longest first (so that no phrase is taken for a part of another).
const CHINESE: [(&str, &str); 9] = [
    (DOWNLOADED_INSTEAD, "棋谱已改为下载文件保存"),
    (NO_STORAGE, "这个网页没有存储空间（无痕窗口，或存储已关闭）"),
    (STORAGE_FULL, "这个网页的存储空间已满"),
    (TOO_BIG_FOR_THE_PAGE, "超过网页能保存的大小（2 MB）"),
    (TOO_BIG_END, "MB"),
    (DAMAGED, "网页存储中的一项已损坏"),
    (REFUSED, "网页存储拒绝保存"),
    (TOO_BIG, "超过这类文件的上限"),
    (NO_SUCH_FILE, "没有这个文件"),
];

/// `text` with each of the storage's phrases in it put into Chinese (the rest, a file's name or
/// the system's own words, as it is).
#[must_use]
pub fn in_chinese(text: &str) -> String {
    let mut out = text.to_owned();
    for (en, zh) in CHINESE {
        if out.contains(en) {
            out = out.replace(en, zh);
        }
    }
    out.replace("; ", "，")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phrase_the_storage_says_has_its_chinese() {
        for (en, zh) in CHINESE {
            let said = in_chinese(&format!("/chuhan/autosave.ron: {en}"));
            assert_eq!(said, format!("/chuhan/autosave.ron: {zh}"));
            assert!(!said.contains(en), "{en}");
        }
        assert_eq!(
            in_chinese(&format!(
                "/chuhan/records/a.pgn: {STORAGE_FULL}; {DOWNLOADED_INSTEAD}"
            )),
            "/chuhan/records/a.pgn: 这个网页的存储空间已满，棋谱已改为下载文件保存"
        );
        assert_eq!(
            in_chinese(&format!(
                "garbage-10MB.pgn: 10.5 MB, {TOO_BIG_FOR_THE_PAGE}"
            )),
            "garbage-10MB.pgn: 10.5 MB, 超过网页能保存的大小（2 MB）"
        );
        assert_eq!(
            in_chinese(&format!("big.pgn: 9.0 MB {TOO_BIG} 8 {TOO_BIG_END}")),
            "big.pgn: 9.0 MB 超过这类文件的上限 8 MB"
        );
        // What is not the storage's is left as it is.
        assert_eq!(
            in_chinese("x.pgn: Permission denied"),
            "x.pgn: Permission denied"
        );
    }
}
