//! TLS: with `--tls-cert` and `--tls-key` the server answers https:// (and so wss:// on the same
//! listener) and refuses plain http. The certificate is made by `openssl`, the requests sent by
//! `curl` (both Debian packages `tools/setup.sh test` installs). Loopback only.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn the_server_speaks_https_with_the_given_certificate() {
    let dir = std::env::temp_dir().join(format!("chuhan-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let (key, cert) = (dir.join("key.pem"), dir.join("cert.pem"));
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=localhost",
        ])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs");
    assert!(made.success());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a port");
    let mut server = Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
        .args([
            "--listen",
            &format!("127.0.0.1:{port}"),
            "--database",
            "sqlite::memory:",
        ])
        .arg("--tls-cert")
        .arg(&cert)
        .arg("--tls-key")
        .arg(&key)
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let get = |scheme: &str| {
        Command::new("curl")
            .args([
                "-sk",
                "--max-time",
                "2",
                &format!("{scheme}://127.0.0.1:{port}/healthz"),
            ])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut answer = String::new();
    while Instant::now() < deadline && answer.trim() != "ok" {
        std::thread::sleep(Duration::from_millis(100));
        answer = get("https");
    }
    let plain = get("http");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(answer.trim(), "ok", "https://…/healthz");
    assert_ne!(
        plain.trim(),
        "ok",
        "plain http is not served on the TLS port"
    );
}
