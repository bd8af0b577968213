//! The game's start where the graphics cannot be had: no display at all (words, exit 1); an X
//! display that shows no GPU's frames (Xvfb: the software renderer, said); a crash inside native
//! code (words naming the adapter, then the crash as before). Needs Xvfb (`tools/setup.sh test`
//! installs it).

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const GAME: &str = env!("CARGO_BIN_EXE_chuhan");

#[test]
fn with_no_display_the_game_says_so_and_exits() {
    let home = std::env::temp_dir().join(format!("chuhan-display-{}", std::process::id()));
    let out = Command::new(GAME)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("CHUHAN_HOME", &home)
        .output()
        .expect("the game runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("needs a display"), "{stderr}");
    assert!(stderr.contains("DISPLAY"), "{stderr}");
    // Nothing was written for a game that never started.
    assert!(!home.exists());
}

/// An Xvfb of its own on a free display number; killed on drop.
struct Xvfb(std::process::Child, String);

impl Xvfb {
    fn start() -> Xvfb {
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1280x720x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (tools/setup.sh test installs it)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("Xvfb says its display");
        let display = format!(":{}", line.trim());
        assert!(display.len() > 1, "Xvfb gave no display number");
        Xvfb(child, display)
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn on_xvfb_the_software_renderer_is_said_and_a_crash_has_words() {
    let xvfb = Xvfb::start();
    let home = std::env::temp_dir().join(format!("chuhan-display-x-{}", std::process::id()));
    let mut game = Command::new(GAME)
        .env("DISPLAY", &xvfb.1)
        .env_remove("WAYLAND_DISPLAY")
        .env("CHUHAN_HOME", &home)
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the game runs");
    // Read standard error on a thread; tell the test once the adapter is chosen.
    let mut stderr = game.stderr.take().expect("piped");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0u8; 4096];
        let mut told = false;
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
            if !told && String::from_utf8_lossy(&all).contains("(adapter ") {
                told = true;
                let _ = tx.send(());
            }
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let chosen = rx.recv_timeout(Duration::from_secs(120)).is_ok();
    // SAFETY: a signal to the child this test started and has not reaped.
    unsafe { libc::kill(game.id() as i32, libc::SIGSEGV) };
    let status = game.wait().expect("the game ends");
    let text = reader.join().expect("the reader");
    let _ = std::fs::remove_dir_all(&home);
    assert!(chosen, "the adapter was never chosen:\n{text}");
    assert!(
        text.contains("neither DRI3 nor NVIDIA's GLX") && text.contains("software renderer"),
        "{text}"
    );
    assert!(
        text.contains("crashed inside native code") && text.contains("(adapter: llvmpipe"),
        "{text}"
    );
    // The crash goes on as a crash (core dump and all), after the words.
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGSEGV), "{status:?}");
}
