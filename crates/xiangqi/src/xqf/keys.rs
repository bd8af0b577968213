//! The keys of scrambled (version 0x0B and later) XQF files, and the reader of their bytes.

use super::{MOVES_AT, XqfError};

/// The string the 32 keys are masked from.
const KEY_STRING: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";
/// The header's strings and the tags they become.
/// Each is a length byte and up to `capacity` bytes.
pub(super) const STRINGS: [(usize, usize, &str); 8] = [
    (0x50, 63, "Title"),
    (0xD0, 63, "Event"),
    (0x110, 15, "Date"),
    (0x120, 15, "Site"),
    (0x130, 15, "Red"),
    (0x140, 15, "Black"),
    (0x1D0, 15, "Annotator"),
    (0x1E0, 15, "Author"),
];

/// The keys of a file (all zero for the plain format).
#[derive(Default)]
pub(super) struct Keys {
    pub(super) xy: u8,
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) comment: u32,
    pub(super) bytes: [u8; 32],
    pub(super) scrambled: bool,
}

fn key(b: u8, c: u8) -> u8 {
    let (b, c) = (u32::from(b), u32::from(c));
    (((((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * c) & 0xff) as u8
}

impl Keys {
    pub(super) fn of(header: &[u8]) -> Keys {
        let version = header[2];
        if version <= 0x0A {
            return Keys::default();
        }
        let (mask, or) = (header[3], &header[8..12]);
        let (sum, xy0, from0, to0) = (header[12], header[13], header[14], header[15]);
        let xy = key(xy0, xy0);
        let from = key(from0, xy);
        let to = key(to0, from);
        // The 32 byte keys, in every scrambled version (cchess's `read_from_xqf` and XQStudio
        // read the 0x10 files so; a zero mask and zero ors, as in some 0x0C files, make them 0).
        let four = [
            (sum & mask) | or[0],
            (xy0 & mask) | or[1],
            (from0 & mask) | or[2],
            (to0 & mask) | or[3],
        ];
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = KEY_STRING[i] & four[i % 4];
        }
        Keys {
            xy,
            from,
            to,
            comment: (u32::from(sum) * 256 + u32::from(xy0)) % 32000 + 767,
            bytes,
            scrambled: true,
        }
    }
}

/// One node of the move tree as read.
pub(super) struct Node {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) next: bool,
    pub(super) alt: bool,
    pub(super) comment: Option<String>,
    pub(super) offset: usize,
}

/// Reads the move tree's nodes in file order.
pub(super) struct Reader<'a> {
    pub(super) data: Vec<u8>,
    pub(super) at: usize,
    pub(super) keys: &'a Keys,
    pub(super) plain: bool,
    /// Why the tree ends early (the node read last is kept).
    pub(super) cut: Option<XqfError>,
}

impl Reader<'_> {
    pub(super) fn take(&mut self, n: usize) -> Result<&[u8], XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.data.len());
        let Some(end) = end else {
            return Err(XqfError::Truncated {
                offset: MOVES_AT + self.at,
            });
        };
        let out = &self.data[self.at..end];
        self.at = end;
        Ok(out)
    }

    pub(super) fn node(&mut self) -> Result<Node, XqfError> {
        let offset = MOVES_AT + self.at;
        let head = self.take(4)?;
        let (f, t, tag) = (head[0], head[1], head[2]);
        let keys = self.keys;
        let from = f.wrapping_sub(0x18).wrapping_sub(keys.from);
        let to = t.wrapping_sub(0x20).wrapping_sub(keys.to);
        // A next move follows (0xF0, or 0x80 in the later versions), an alternative to this move
        // follows (0x0F, or 0x40), a comment follows (always in 1.0, 0x20 later).
        let (next, alt, has_comment) = if self.plain {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let mut comment = None;
        if has_comment {
            let len = self.take(4)?;
            let raw = u32::from_le_bytes([len[0], len[1], len[2], len[3]]);
            // A signed length, as XQStudio and cchess read it: zero or below zero (some
            // scrambled files have that once the key is subtracted) is no comment, and the
            // moves follow.
            let len = if self.plain {
                raw
            } else {
                raw.wrapping_sub(keys.comment)
            }
            .cast_signed()
            .max(0);
            // A length past the end (a damaged or cut file): the comment is what is left, and
            // the tree ends with this node.
            let left = self.data.len() - self.at;
            let len = match usize::try_from(len) {
                Ok(len) if len <= left => len,
                _ => {
                    self.cut = Some(XqfError::BadComment { offset });
                    left
                }
            };
            let text = self.take(len)?;
            let (text, _, _) = encoding_rs::GBK.decode(text);
            let text = text.trim().replace("\r\n", "\n");
            if !text.is_empty() {
                comment = Some(text);
            }
        }
        Ok(Node {
            from,
            to,
            next,
            alt,
            comment,
            offset,
        })
    }
}
