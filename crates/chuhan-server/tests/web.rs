//! The browser build served at `/` (`--web DIR`): MIME types, the precompressed file the request
//! accepts, caching by name (hashed files kept for good, the rest revalidated), 304 for an
//! unchanged file, and a folder with no page refused at start.

mod common;

use std::path::PathBuf;

use chuhan_server::config::{Config, ServeArgs};

const MODULE: &str = "chuhan-0123456789abcdef_bg.wasm";

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(common::unique("chuhan-web-"));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>楚汉</title>").expect("page");
    std::fs::write(dir.join(MODULE), b"\0asm\x01\0\0\0").expect("module");
    std::fs::write(dir.join(format!("{MODULE}.br")), b"brotli bytes").expect("br");
    std::fs::write(dir.join(format!("{MODULE}.gz")), b"gzip bytes").expect("gz");
    dir
}

/// A request with extra headers; the response's head and body.
async fn get(addr: std::net::SocketAddr, path: &str, headers: &str) -> (String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{headers}Connection: close\r\n\r\n");
    s.write_all(request.as_bytes()).await.expect("write");
    let mut bytes = Vec::new();
    s.read_to_end(&mut bytes).await.expect("read");
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    (head, bytes[split + 4..].to_vec())
}

/// A header's value (its name in any case).
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

#[tokio::test]
async fn the_page_is_served_with_its_types_encodings_and_caching() {
    let dir = folder();
    let s = chuhan_server::start(Config {
        web: Some(dir.clone()),
        ..common::config("sqlite::memory:")
    })
    .await
    .expect("the server starts");

    let (head, body) = get(s.addr, "/", "").await;
    assert!(
        head.to_ascii_lowercase().starts_with("http/1.1 200"),
        "{head}"
    );
    assert_eq!(header(&head, "content-type"), Some("text/html"));
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    assert!(String::from_utf8_lossy(&body).contains("楚汉"));
    // A link to a seek opens the same page.
    let (head, _) = get(s.addr, "/?seek=12", "").await;
    assert!(
        head.to_ascii_lowercase().starts_with("http/1.1 200"),
        "{head}"
    );

    let path = format!("/{MODULE}");
    let (head, body) = get(s.addr, &path, "Accept-Encoding: gzip, br\r\n").await;
    assert_eq!(header(&head, "content-type"), Some("application/wasm"));
    assert_eq!(header(&head, "content-encoding"), Some("br"));
    assert_eq!(
        header(&head, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(body, b"brotli bytes");
    let (head, body) = get(s.addr, &path, "Accept-Encoding: gzip\r\n").await;
    assert_eq!(header(&head, "content-encoding"), Some("gzip"));
    assert_eq!(body, b"gzip bytes");
    let (head, body) = get(s.addr, &path, "").await;
    assert_eq!(header(&head, "content-encoding"), None);
    assert_eq!(body, b"\0asm\x01\0\0\0");

    // Unchanged since the browser's copy: 304, still revalidated next time.
    let (head, _) = get(s.addr, "/index.html", "").await;
    let modified = header(&head, "last-modified")
        .expect("last-modified")
        .to_owned();
    let (head, body) = get(
        s.addr,
        "/index.html",
        &format!("If-Modified-Since: {modified}\r\n"),
    )
    .await;
    assert!(
        head.to_ascii_lowercase().starts_with("http/1.1 304"),
        "{head}"
    );
    assert!(body.is_empty());
    assert_eq!(header(&head, "cache-control"), Some("no-cache"));

    let (head, _) = get(s.addr, "/missing.js", "").await;
    assert!(
        head.to_ascii_lowercase().starts_with("http/1.1 404"),
        "{head}"
    );
    // The protocol's routes are the server's, not files.
    assert_eq!(common::http_get(s.addr, "/healthz").await, "ok\n");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_folder_with_no_page_is_refused_at_start() {
    let dir = std::env::temp_dir().join(common::unique("chuhan-web-empty-"));
    std::fs::create_dir_all(&dir).expect("dir");
    let args = ServeArgs {
        web: Some(dir.clone()),
        ..ServeArgs::default()
    };
    let e = Config::load(&args).expect_err("no index.html");
    assert!(e.contains("no index.html"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}
