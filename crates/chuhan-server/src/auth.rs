//! Names, passwords and tokens: names are NFKC-normalised and compared case-insensitively,
//! passwords hashed with argon2id (19 MiB, 2 passes, 1 lane: OWASP's minimum), tokens 256 random
//! bits of which only the SHA-256 is stored.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;
use xiangqi_protocol::ErrorCode;

/// Names nobody may take, besides anything starting with `游客` or `guest`: compared by their
/// confusable skeletons, so that `аdmin` with a Cyrillic а or `gυest1` with a Greek υ is
/// reserved too.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "system",
    "server",
    "moderator",
    "mod",
    "chuhan",
    "楚汉",
    "anonymous",
    "null",
    "管理员",
    "系统",
    "客服",
    // The same in Traditional characters (no confusable skeleton joins them).
    "楚漢",
    "管理員",
    "系統",
];

/// The prefixes of guests' names, which no account may take.
const GUEST_PREFIXES: [&str; 2] = ["guest", "游客"];

/// How long a token lives: 30 days.
pub const TOKEN_LIFE_MS: i64 = 30 * 24 * 3600 * 1000;

/// How long a guest's token lasts: a day (a guest's name is temporary).
pub const GUEST_TOKEN_LIFE_MS: i64 = 24 * 3600 * 1000;

/// A name made fit to show and store, with its key, or why not.
pub fn check_name(raw: &str) -> Result<(String, String), (ErrorCode, String)> {
    let name: String = raw.nfkc().collect();
    let count = name.chars().count();
    if !xiangqi_protocol::NAME_CHARS.contains(&count) {
        return Err((
            ErrorCode::NameInvalid,
            format!(
                "a name has {} to {} characters, not {count}",
                xiangqi_protocol::NAME_CHARS.start(),
                xiangqi_protocol::NAME_CHARS.end()
            ),
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err((
            ErrorCode::NameInvalid,
            format!("a name holds letters, digits, _ and - only, not {c:?}"),
        ));
    }
    let key = name_key(&name);
    let skeleton = name_skeleton(&name);
    let reserved = RESERVED.contains(&key.as_str())
        || RESERVED.iter().any(|r| name_skeleton(r) == skeleton)
        || (GUEST_PREFIXES.iter())
            .any(|p| key.starts_with(p) || skeleton.starts_with(&name_skeleton(p)));
    if reserved {
        return Err((
            ErrorCode::NameReserved,
            format!("the name {name} is reserved"),
        ));
    }
    Ok((name, key))
}

/// The key a name is compared by: NFKC, then lower case.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.nfkc().collect::<String>().to_lowercase()
}

/// The key names that only look alike share: the confusable skeleton (Unicode's UTS #39) of the
/// name as shown (NFKC), then in lower case, so that `Lіu` with a Cyrillic і and `Liu` have one,
/// and so do `B0B` and `BOB` (UTS #39 takes the digit 0 for O) and `Iv`, `1v` and `lv` (it takes
/// I and 1 for l). Two names with one key are one name anyway; the skeleton catches the others.
#[must_use]
pub fn name_skeleton(name: &str) -> String {
    use unicode_security::confusable_detection::skeleton;
    // Lower case can make a letter the skeleton maps (`SYSTEM` gives `system`, whose `m` is
    // `rn`'s look-alike): again until nothing changes, so that a name's cases share one.
    let mut folded: String = name.nfkc().collect();
    for _ in 0..4 {
        let next = skeleton(&folded).collect::<String>().to_lowercase();
        if next == folded {
            break;
        }
        folded = next;
    }
    folded
}

/// A new guest's key: random, never a name's key (names that start with `guest` or `游客` are
/// reserved, and `#` is in no name).
#[must_use]
pub fn guest_key() -> String {
    format!("guest#{:016x}", rand::random::<u64>())
}

/// Whether a password is acceptable: 8 to 128 characters.
pub fn check_password(password: &str) -> Result<(), (ErrorCode, String)> {
    let n = password.chars().count();
    if (8..=128).contains(&n) {
        Ok(())
    } else {
        Err((
            ErrorCode::PasswordInvalid,
            "a password has 8 to 128 characters".into(),
        ))
    }
}

fn argon() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password (slow on purpose: call it off the async threads).
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut bytes = [0u8; 16];
    rand::fill(&mut bytes);
    let salt = SaltString::encode_b64(&bytes).map_err(|e| e.to_string())?;
    argon()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

/// Checks a password against a stored hash (slow on purpose).
#[must_use]
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| argon().verify_password(password.as_bytes(), &h).is_ok())
}

/// A new token (64 hex digits) and the hash stored for it.
#[must_use]
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    let token = hex(&bytes);
    let hash = token_hash(&token);
    (token, hash)
}

/// The hash stored for a token.
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_only_look_alike_share_a_skeleton() {
        let liu = name_skeleton("Liu5209");
        assert_eq!(name_skeleton("L\u{456}u5209"), liu, "Cyrillic і");
        assert_eq!(
            name_skeleton("\u{ff2c}\u{ff49}\u{ff55}5209"),
            liu,
            "full width"
        );
        assert_eq!(name_skeleton("LAU5209"), name_skeleton("lau5209"), "case");
        assert_eq!(
            name_skeleton("SYSTEM"),
            name_skeleton("systern"),
            "case, then rn for m"
        );
        assert_eq!(
            name_skeleton("B0B0474"),
            name_skeleton("BOB0474"),
            "0 and O"
        );
        assert_eq!(name_skeleton("Iv1"), name_skeleton("lvl"), "I, 1 and l");
        assert_ne!(name_skeleton("Lau5209"), liu);
        assert_ne!(name_skeleton("刘5209"), liu);
    }

    #[test]
    fn names_are_normalised_and_checked() {
        assert_eq!(check_name("ＡＢＣ").map(|n| n.1), Ok("abc".into()));
        assert_eq!(check_name("楚河汉界").map(|n| n.0), Ok("楚河汉界".into()));
        assert_eq!(
            check_name("x").map_err(|e| e.0),
            Err(ErrorCode::NameInvalid)
        );
        assert_eq!(
            check_name("a".repeat(21).as_str()).map_err(|e| e.0),
            Err(ErrorCode::NameInvalid)
        );
        for bad in ["a b", "<script>", "x'; DROP TABLE accounts;--", "a\u{0}b"] {
            assert_eq!(
                check_name(bad).map_err(|e| e.0),
                Err(ErrorCode::NameInvalid),
                "{bad}"
            );
        }
        for reserved in [
            "Admin",
            "游客4821",
            "GUEST_1",
            "管理员",
            "\u{430}dmin",
            "g\u{3c5}est42",
            "管理員",
            "r00t",
            "SYSTEM",
        ] {
            assert_eq!(
                check_name(reserved).map_err(|e| e.0),
                Err(ErrorCode::NameReserved),
                "{reserved}"
            );
        }
        assert_eq!(name_key("Ｌｉｕ"), name_key("liu"));
    }

    #[test]
    fn passwords_hash_and_verify() {
        let h = hash_password("correct horse").expect("hash");
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("wrong horse", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn tokens_are_random_and_only_their_hash_is_kept() {
        let (a, ha) = new_token();
        let (b, _) = new_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a), ha);
        assert_ne!(a, ha);
    }
}
