//! The developer's switches (`CHUHAN_*`, docs/development.md): the process's environment on the
//! desktop. A browser page has no environment, so there they come from the page address's query
//! (`/?CHUHAN_LEVEL=3&CHUHAN_PLAYERS=black`), and the browser tests script the page as the
//! desktop's tests script the window.

/// A switch's value; an empty one counts as unset.
#[must_use]
pub fn var(name: &str) -> Option<String> {
    #[cfg(not(target_arch = "wasm32"))]
    let value = std::env::var(name).ok();
    #[cfg(target_arch = "wasm32")]
    let value = crate::storage::query::value(name);
    value.filter(|v| !v.is_empty())
}
