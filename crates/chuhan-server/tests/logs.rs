//! Passwords and tokens never appear in the server's log, even at its most detailed level:
//! the binary is run with `--log trace`, accounts register, log in, log in again with their
//! tokens, change their passwords and log out, and the whole log is searched. Loopback only.

use std::io::Read;
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chuhan_server::bot::Bot;
use xiangqi_protocol::{ClientMsg, ServerMsg};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn passwords_and_tokens_never_reach_the_log() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    // The log goes to files (a pipe nobody reads while the server runs would fill and block it).
    let dir = std::env::temp_dir().join(format!("chuhan-logs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let (out_path, err_path) = (dir.join("out.log"), dir.join("err.log"));
    let mut server = Command::new(env!("CARGO_BIN_EXE_chuhan-server"))
        .args([
            "--listen",
            &addr.to_string(),
            "--database",
            "sqlite::memory:",
        ])
        .args(["--log", "trace"])
        .stdout(Stdio::from(
            std::fs::File::create(&out_path).expect("a file"),
        ))
        .stderr(Stdio::from(
            std::fs::File::create(&err_path).expect("a file"),
        ))
        .spawn()
        .expect("the server starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut bot = loop {
        if let Ok(b) = Bot::connect(addr).await {
            break b;
        }
        assert!(Instant::now() < deadline, "the server did not come up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let (name, password, second) = ("logcheck", "secret-Pa55word-one", "secret-Pa55word-two");
    bot.log_in(ClientMsg::Register {
        name: name.into(),
        password: password.into(),
    })
    .await
    .expect("registers");
    let first = bot.token.clone().expect("a token");
    let mut again = Bot::connect(addr).await.expect("connects");
    again
        .log_in(ClientMsg::Resume {
            token: first.clone(),
        })
        .await
        .expect("the token logs in");
    again
        .send(&ClientMsg::ChangePassword {
            old: password.into(),
            new: second.into(),
        })
        .await
        .expect("sent");
    let ServerMsg::LoggedIn {
        token: Some(changed),
        ..
    } = again
        .expect(|m| matches!(m, ServerMsg::LoggedIn { .. }))
        .await
        .expect("a new token")
    else {
        panic!("no new token")
    };
    // A wrong password and a bad token are logged as failures, never with what was sent.
    let mut wrong = Bot::connect(addr).await.expect("connects");
    let _ = wrong
        .log_in(ClientMsg::Login {
            name: name.into(),
            password: "secret-wrong-guess".into(),
        })
        .await;
    let mut guest = Bot::connect(addr).await.expect("connects");
    guest.log_in(ClientMsg::Guest).await.expect("a guest");
    let guest_token = guest.token.clone().expect("a guest token");
    again.send(&ClientMsg::Logout).await.expect("sent");
    let _ = again.expect(|m| matches!(m, ServerMsg::LoggedOut)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = server.kill();
    let _ = server.wait();
    let mut log = String::new();
    for path in [&out_path, &err_path] {
        if let Ok(mut f) = std::fs::File::open(path) {
            let _ = f.read_to_string(&mut log);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        log.contains(name),
        "the trace log names the player ({} bytes)",
        log.len()
    );
    for secret in [
        password,
        second,
        "secret-wrong-guess",
        &first,
        &changed,
        &guest_token,
    ] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
}
