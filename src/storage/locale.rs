//! The languages the player's system prefers, most preferred first: on the desktop the locale
//! (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`; Windows' user locale), in a browser the page's
//! `?lang=` and then `navigator.languages`. Read through `sys-locale`, which knows each
//! platform's way.

/// The locales, most preferred first (`zh-TW`, `vi_VN.UTF-8`, `en-GB`); empty when unknown.
#[must_use]
pub fn preferred() -> Vec<String> {
    let mut out: Vec<String> = super::query::value("lang").into_iter().collect();
    out.extend(sys_locale::get_locales());
    out
}
