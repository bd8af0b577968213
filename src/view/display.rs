//! Before the window opens: whether there is a display to open it on, and whether that display
//! can show a GPU's frames; and words instead of a bare crash when the graphics cannot start.
//!
//! A GPU driver presents its frames on X11 through DRI3 (Mesa) or NVIDIA's own GLX (`NV-GLX`).
//! An X server with neither (Xvfb, a VNC server) can only show frames a software renderer drew:
//! Mesa's drivers then report the window as unsupported and wgpu picks the software one, but
//! NVIDIA's Vulkan driver crashes inside `vkCreateSwapchainKHR` (a segfault, seen on an H200
//! server under Xvfb). So on such a display the game asks wgpu for the software renderer
//! (`force_fallback_adapter`) and says so; when there is none, or when something else fails while
//! the graphics start, it says in words what failed and what to try, and exits.

use std::sync::OnceLock;

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

/// What the display allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Display {
    /// A display that shows what the GPU draws (or a platform that has no such question).
    Fine,
    /// A display that shows only what a software renderer draws; the reason, in words.
    SoftwareOnly(String),
}

/// Checks the display before the window opens: `Err` says in words why the game cannot open its
/// window at all.
pub fn check() -> Result<Display, String> {
    #[cfg(target_os = "linux")]
    {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Err(NO_DISPLAY.into());
        }
        if !set("WAYLAND_DISPLAY") {
            return x11::check();
        }
    }
    Ok(Display::Fine)
}

/// What the game says when there is no display at all.
pub const NO_DISPLAY: &str = "the game needs a display to open its window, and neither DISPLAY \
    nor WAYLAND_DISPLAY is set (no desktop session here, or a remote login without X \
    forwarding). Start it from a desktop session; on a machine with no display, the render \
    benchmark draws the game offscreen (cargo run --release --example render_bench).";

#[cfg(target_os = "linux")]
mod x11 {
    use std::ffi::CString;

    use super::Display;

    /// Opens the X display and asks for the extensions a GPU driver presents through.
    pub(super) fn check() -> Result<Display, String> {
        let name = std::env::var("DISPLAY").unwrap_or_default();
        // Xlib is loaded at run time (as winit loads it): a machine without it has no X.
        let Ok(xlib) = x11_dl::xlib::Xlib::open() else {
            return Err(format!(
                "DISPLAY is {name:?}, but the X library (libX11) cannot be loaded; install \
                 libx11-6, or start the game in a Wayland session"
            ));
        };
        // SAFETY: Xlib's documented calls on a display this function opens and closes; the
        // extension names are NUL-terminated strings that outlive the calls.
        unsafe {
            let display = (xlib.XOpenDisplay)(std::ptr::null());
            if display.is_null() {
                return Err(format!(
                    "cannot open the X display {name:?}: the X server is not running or does \
                     not let this user in (xhost, XAUTHORITY)"
                ));
            }
            let has = |ext: &str| {
                let ext = CString::new(ext).expect("no NUL in an extension's name");
                let (mut opcode, mut event, mut error) = (0, 0, 0);
                (xlib.XQueryExtension)(display, ext.as_ptr(), &mut opcode, &mut event, &mut error)
                    != 0
            };
            let gpu = has("DRI3") || has("NV-GLX");
            (xlib.XCloseDisplay)(display);
            Ok(if gpu {
                Display::Fine
            } else {
                Display::SoftwareOnly(format!(
                    "the X display {name:?} has neither DRI3 nor NVIDIA's GLX (Xvfb or a VNC \
                     server?): only a software renderer's frames can be shown there"
                ))
            })
        }
    }
}

/// The adapter the game draws with, once known (named in the words after a crash).
static ADAPTER: OnceLock<String> = OnceLock::new();

/// Words after a panic while the graphics start (no adapter, no device, no surface, no event
/// loop) and, on Unix, after a crash inside native code (the graphics driver), then the exit.
/// Call once, first thing in `main`.
pub fn explain_failures() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default(info);
        let text = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if let Some(words) = graphics_failure(&text) {
            eprintln!("\nChuhan could not start its graphics: {words}");
            std::process::exit(1);
        }
    }));
    #[cfg(unix)]
    crash::install();
}

/// Words for a panic message that says the graphics could not start, with what to try.
#[must_use]
pub fn graphics_failure(message: &str) -> Option<String> {
    const TRY: &str = "Update the graphics driver, or draw with Mesa's software renderer \
        (Debian's mesa-vulkan-drivers; WGPU_FORCE_FALLBACK_ADAPTER=1 picks it).";
    let what = if message.contains("Unable to find a GPU") {
        "no graphics adapter was found (no Vulkan, DirectX 12, Metal or OpenGL driver, and no \
         software renderer)."
    } else if message.contains("Failed to create wgpu surface") {
        "the driver could not make a surface for the window."
    } else if message.contains("RequestDeviceError") || message.contains("request_device") {
        "the graphics adapter refused to open a device for the game."
    } else if message.contains("Failed to build event loop") {
        "the window system could not be reached (no display, or one this user may not use)."
    } else {
        return None;
    };
    Some(format!("{what} {TRY}"))
}

/// Keeps the adapter's name for the words after a crash: before `Update`, where the graphics
/// setting logs the adapter, so that a crash right after that line names it.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, |adapter: Option<Res<RenderAdapterInfo>>| {
        if ADAPTER.get().is_none()
            && let Some(a) = adapter
        {
            let _ = ADAPTER.set(format!("{} ({:?})", a.name, a.backend));
        }
    });
}

#[cfg(unix)]
mod crash {
    /// On SIGSEGV, SIGBUS or SIGILL: the words (written with `write`, which a signal handler may
    /// call), then the signal's default action (the crash goes on, core dump included).
    pub(super) fn install() {
        for signal in [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL] {
            // SAFETY: a handler that only calls async-signal-safe functions, installed once
            // with SA_RESETHAND so that the signal raised again takes the default action.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as *const () as usize;
                action.sa_flags = libc::SA_RESETHAND | libc::SA_NODEFER;
                libc::sigemptyset(&raw mut action.sa_mask);
                libc::sigaction(signal, &raw const action, std::ptr::null_mut());
            }
        }
    }

    fn say(text: &[u8]) {
        // SAFETY: write(2) on standard error with a valid buffer; async-signal-safe.
        unsafe { libc::write(2, text.as_ptr().cast(), text.len()) };
    }

    extern "C" fn handler(signal: libc::c_int) {
        say(b"\nChuhan crashed inside native code, most likely the graphics driver (adapter: ");
        match super::ADAPTER.get() {
            Some(name) => say(name.as_bytes()),
            None => say(b"not chosen yet"),
        }
        say(
            b"). If the crash came as the window opened on a display with no GPU behind it \
            (Xvfb, VNC), start the game with WGPU_FORCE_FALLBACK_ADAPTER=1 (the software \
            renderer); otherwise update the graphics driver.\n",
        );
        // SAFETY: raising the signal again runs its default action (SA_RESETHAND reset it).
        unsafe { libc::raise(signal) };
    }
}

#[cfg(test)]
mod tests {
    use super::graphics_failure;

    #[test]
    fn the_renderers_start_failures_have_words_and_other_panics_do_not() {
        for message in [
            "Unable to find a GPU! Make sure you have installed required drivers!",
            "Failed to create wgpu surface: ...",
            "called `Result::unwrap()` on an `Err` value: RequestDeviceError { .. }",
            "Failed to build event loop: NotSupported",
        ] {
            let words = graphics_failure(message).expect(message);
            assert!(words.contains("WGPU_FORCE_FALLBACK_ADAPTER"), "{words}");
        }
        assert_eq!(graphics_failure("index out of bounds"), None);
    }
}
