//! Whether the device has a network at all: a browser says so (`navigator.onLine`, false in
//! flight mode or with no connection); the desktop is taken to have one (a failed connection
//! says the rest).

/// Whether the device says it has no network.
#[must_use]
pub fn offline() -> bool {
    #[cfg(target_arch = "wasm32")]
    return web_sys::window().is_some_and(|w| !w.navigator().on_line());
    #[cfg(not(target_arch = "wasm32"))]
    false
}
