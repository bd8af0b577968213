//! wss://: the link reaches a `chuhan-server` serving TLS (a certificate for `localhost` signed by
//! a test CA, both made here by `openssl`; the CA trusted through `SSL_CERT_FILE` as a system's
//! store would hold it) and logs in; a certificate it does not trust is refused with a sentence.
//! Loopback only. A file of its own: it sets `SSL_CERT_FILE` for the whole test process.

use std::process::{Command, Stdio};
use std::time::Duration;

use chuhan_client::{Event, Link, LinkError, Request, ServerAddress};

fn closed_or_logged_in(link: &Link) -> Result<String, LinkError> {
    loop {
        match link.next(Duration::from_secs(15)) {
            Some(Event::LoggedIn { server, .. }) => return Ok(server),
            Some(Event::Closed(Some(e))) => return Err(e),
            Some(_) => {}
            None => panic!("no answer"),
        }
    }
}

#[test]
fn the_link_speaks_wss_to_a_server_with_tls() {
    let dir = std::env::temp_dir().join(format!("chuhan-client-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    // A test CA, and the server's certificate for localhost signed by it.
    let (key, cert, ca) = (
        dir.join("key.pem"),
        dir.join("cert.pem"),
        dir.join("ca.pem"),
    );
    let openssl = |args: &[&str]| {
        let ok = Command::new("openssl")
            .args(args)
            .current_dir(&dir)
            .stderr(Stdio::null())
            .stdout(Stdio::null())
            .status()
            .expect("openssl runs")
            .success();
        assert!(ok, "openssl {args:?}");
    };
    openssl(
        &[
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ]
        .into_iter()
        .chain([
            "-subj",
            "/CN=chuhan test CA",
            "-keyout",
            "ca.key",
            "-out",
            "ca.pem",
        ])
        .collect::<Vec<_>>(),
    );
    openssl(
        &[
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            "/CN=localhost",
        ]
        .into_iter()
        .chain(["-keyout", "key.pem", "-out", "cert.csr"])
        .collect::<Vec<_>>(),
    );
    std::fs::write(dir.join("ext.cnf"), "subjectAltName=DNS:localhost\n").expect("ext");
    openssl(
        &[
            "x509", "-req", "-in", "cert.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        ]
        .into_iter()
        .chain([
            "-CAcreateserial",
            "-days",
            "1",
            "-extfile",
            "ext.cnf",
            "-out",
            "cert.pem",
        ])
        .collect::<Vec<_>>(),
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a port");
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let cfg = chuhan_server::config::Config {
        listen: format!("127.0.0.1:{port}").parse().expect("addr"),
        database: "sqlite::memory:".into(),
        tls_cert: Some(cert.clone()),
        tls_key: Some(key),
        ..chuhan_server::config::Config::default()
    };
    rt.spawn(async move {
        if let Err(e) = chuhan_server::serve_tls(cfg).await {
            eprintln!("the TLS server stopped: {e}");
        }
    });
    std::thread::sleep(Duration::from_millis(500));

    // Not trusted yet: refused, in words.
    let link = Link::start("chuhan-client tls test").expect("link");
    let address: ServerAddress = format!("wss://localhost:{port}")
        .parse()
        .expect("an address");
    link.send(Request::Connect {
        address: address.clone(),
        credentials: chuhan_client::Credentials::Guest,
    });
    let refused = closed_or_logged_in(&link).expect_err("an untrusted certificate");
    assert!(
        matches!(refused, LinkError::Unreachable { .. }),
        "{refused:?}"
    );
    assert!(
        refused.to_string().contains("cannot be reached"),
        "{refused}"
    );

    // Trusted as the system's store would trust it.
    // SAFETY: the only test of this process; no other thread reads the environment meanwhile.
    unsafe { std::env::set_var("SSL_CERT_FILE", &ca) };
    let link = Link::start("chuhan-client tls test").expect("link");
    link.send(Request::Connect {
        address,
        credentials: chuhan_client::Credentials::Guest,
    });
    let server = closed_or_logged_in(&link).expect("logged in over wss");
    assert!(server.starts_with("chuhan-server"), "{server}");
    let _ = std::fs::remove_dir_all(&dir);
}
