//! One WebSocket connection: `hello` first, then logging in, then the lobby and games. Every
//! frame is checked (size, JSON, type, fields, rate) and a bad one gets an error that changes
//! nothing; the connection is pinged when quiet and closed when idle.

use std::collections::HashSet;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use futures_util::{SinkExt, StreamExt};
use xiangqi_protocol::{ClientMsg, ErrorCode, MAX_FRAME_BYTES, PROTOCOL_VERSION, ServerMsg};

use crate::hub::{Attached, Hub};
use crate::outbox::{Out, Outbox};
use crate::user::User;

pub(crate) type Refusal = (ErrorCode, String);

pub(crate) struct Session {
    pub(crate) hub: Arc<Hub>,
    pub(crate) out: Outbox,
    /// The games this connection is on, and where each lives: moves go through it.
    pub(crate) games: Attached,
    pub(crate) ip: IpAddr,
    hello: bool,
    pub(crate) user: Option<User>,
    pub(crate) token_hash: Option<String>,
    pub(crate) muted: Arc<Mutex<HashSet<String>>>,
    rate: (Instant, u32),
}

/// Runs a connection until it closes.
pub async fn run(hub: Arc<Hub>, socket: WebSocket, ip: IpAddr) {
    // Counted until the socket is let go: by the writer, which holds it last.
    let held = Held::new(&hub.metrics);
    let (mut sink, mut stream) = socket.split();
    let Some((out, mut inbox, games)) = hub.connect(ip) else {
        let msg = ServerMsg::error(
            ErrorCode::TooManyConnections,
            "too many connections from your address",
        );
        let _ = sink.send(Message::Text(msg.to_json().into())).await;
        // With a code (RFC 6455's 1008, policy), not a close frame with none (1005).
        let _ = sink
            .send(Message::Close(Some(CloseFrame {
                code: close_code::POLICY,
                reason: "too many connections".into(),
            })))
            .await;
        return;
    };
    let conn = out.conn;
    let muted = Arc::new(Mutex::new(HashSet::new()));
    let idle = Duration::from_secs(hub.cfg.idle_timeout_s.max(3));
    let writer_muted = Arc::clone(&muted);
    let overflow = inbox.overflow.clone();
    let writer = tokio::spawn(async move {
        let _held = held;
        let mut ping = tokio::time::interval(idle / 3);
        ping.tick().await;
        loop {
            let frame = tokio::select! {
                o = inbox.next() => match o {
                    Some(Out::Frame(f)) => Message::Text(f.as_ref().into()),
                    Some(Out::Chat { from_key, frame }) => {
                        let hidden = writer_muted.lock().is_ok_and(|m| m.contains(&from_key));
                        if hidden { continue; }
                        Message::Text(frame.as_ref().into())
                    }
                    Some(Out::Close { code, reason }) => {
                        let _ = sink
                            .send(Message::Close(Some(CloseFrame {
                                code,
                                reason: reason.into(),
                            })))
                            .await;
                        break;
                    }
                    None => break,
                },
                () = overflow.wait() => break,
                _ = ping.tick() => Message::Ping(Vec::new().into()),
            };
            // A client that does not read holds this send: its queue then fills and the
            // overflow ends it here too.
            let sent = tokio::select! {
                r = sink.send(frame) => r.is_ok(),
                () = overflow.wait() => false,
            };
            if !sent {
                break;
            }
        }
        // A client that reads nothing would hold this close (and the socket) for good.
        let _ = tokio::time::timeout(Duration::from_secs(1), sink.close()).await;
    });
    let mut s = Session {
        hub: Arc::clone(&hub),
        out,
        games,
        ip,
        hello: false,
        user: None,
        token_hash: None,
        muted,
        rate: (Instant::now(), 0),
    };
    loop {
        let next = tokio::select! {
            n = tokio::time::timeout(idle, stream.next()) => n,
            // Its queue overflowed: the connection ends now, not at its next frame.
            () = s.out.closing() => break,
        };
        let frame = match next {
            Ok(Some(Ok(f))) => f,
            Ok(Some(Err(e))) => {
                s.on_broken_frame(e);
                break;
            }
            _ => break,
        };
        let keep = match frame {
            Message::Text(t) => s.on_text(t.as_str()).await,
            Message::Binary(_) => {
                s.refuse(ErrorCode::BadJson, "frames are JSON text");
                true
            }
            Message::Close(_) => false,
            Message::Ping(_) | Message::Pong(_) => true,
        };
        if !keep || writer.is_finished() {
            break;
        }
    }
    hub.disconnect(conn);
    // The writer ends once the hub's handles on its queue are gone; one stuck in a send to a
    // client that reads nothing is ended here, and the socket goes with it.
    drop(s);
    let mut writer = writer;
    if tokio::time::timeout(Duration::from_secs(2), &mut writer)
        .await
        .is_err()
    {
        writer.abort();
        let _ = writer.await;
    }
}

/// A socket held, counted in `/metrics` until its task ends.
struct Held(Arc<crate::metrics::Metrics>);

impl Held {
    fn new(metrics: &Arc<crate::metrics::Metrics>) -> Held {
        metrics
            .sockets
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Held(Arc::clone(metrics))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0
            .sockets
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Session {
    pub(crate) fn send(&self, msg: &ServerMsg) {
        self.out.send(msg);
    }

    /// Ends the connection with RFC 6455's status `code` and a reason, after what is queued.
    fn close(&self, code: u16, reason: &'static str) {
        self.out.push(Out::Close { code, reason });
    }

    /// A frame too large: refused in words as the protocol promises, then closed with 1009.
    fn too_large(&self) {
        self.refuse(
            ErrorCode::FrameTooLarge,
            format!("a frame holds at most {MAX_FRAME_BYTES} bytes"),
        );
        self.close(close_code::SIZE, "frame too large");
    }

    /// A frame the WebSocket layer could not read: one over its limit (`http::WS_LIMIT`) is
    /// refused as any frame too large is, text that is not UTF-8 is closed with 1007; anything
    /// else (the peer gone) ends the connection as it is.
    fn on_broken_frame(&self, e: axum::Error) {
        match e.into_inner().downcast::<tungstenite::Error>().map(|e| *e) {
            Ok(tungstenite::Error::Capacity(_)) => self.too_large(),
            Ok(tungstenite::Error::Utf8(_)) => {
                self.close(close_code::INVALID, "text frames are UTF-8");
            }
            _ => {}
        }
    }

    fn refuse(&self, code: ErrorCode, message: impl Into<String>) {
        self.hub
            .metrics
            .refused
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.send(&ServerMsg::error(code, message));
    }

    /// Handles a text frame; whether to keep the connection.
    async fn on_text(&mut self, text: &str) -> bool {
        if text.len() > MAX_FRAME_BYTES {
            self.too_large();
            return false;
        }
        if self.rate.0.elapsed() >= Duration::from_secs(1) {
            self.rate = (Instant::now(), 0);
        }
        self.rate.1 += 1;
        if self.rate.1 > self.hub.cfg.messages_per_s {
            self.refuse(ErrorCode::RateLimited, "too many messages: slow down");
            return true;
        }
        // NUL is refused at the door: no text of the protocol has one, PostgreSQL stores none
        // (a chat line with one was acknowledged and lost, a mute failed with the database's
        // words), and JSON can carry it only escaped.
        if crate::chat::holds_nul(text) {
            self.refuse(ErrorCode::BadField, "no text may hold a NUL character");
            return true;
        }
        let msg = match ClientMsg::from_json(text) {
            Ok(m) => m,
            Err(e) => {
                self.refuse(e.code, e.message);
                return true;
            }
        };
        if !self.hello {
            return match msg {
                ClientMsg::Hello { protocol, client } if protocol == PROTOCOL_VERSION => {
                    tracing::debug!(client = %client.chars().take(60).collect::<String>(), "hello");
                    self.hello = true;
                    self.send(&ServerMsg::Welcome {
                        protocol: PROTOCOL_VERSION,
                        server: format!("chuhan-server {}", env!("CARGO_PKG_VERSION")),
                    });
                    true
                }
                ClientMsg::Hello { protocol, .. } => {
                    self.refuse(
                        ErrorCode::ProtocolVersion,
                        format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}: update the client"),
                    );
                    false
                }
                _ => {
                    self.refuse(ErrorCode::HelloFirst, "send hello first");
                    true
                }
            };
        }
        if let Err((code, message)) = self.handle(msg).await {
            self.refuse(code, message);
        }
        true
    }

    async fn handle(&mut self, msg: ClientMsg) -> Result<(), Refusal> {
        match msg {
            ClientMsg::Hello { .. } => Err((ErrorCode::NotNow, "hello was said".into())),
            ClientMsg::Register { .. }
            | ClientMsg::Login { .. }
            | ClientMsg::Resume { .. }
            | ClientMsg::Guest => self.log_in(msg).await,
            ClientMsg::Ping { n } => {
                self.send(&ServerMsg::Pong { n });
                Ok(())
            }
            other => {
                let Some(user) = self.user.clone() else {
                    return Err((ErrorCode::NotLoggedIn, "log in first".into()));
                };
                self.as_user(&user, other).await
            }
        }
    }

    async fn as_user(&mut self, user: &User, msg: ClientMsg) -> Result<(), Refusal> {
        let hub = Arc::clone(&self.hub);
        let conn = self.out.conn;
        if hub.is_draining()
            && matches!(
                msg,
                ClientMsg::Seek(_)
                    | ClientMsg::AcceptSeek { .. }
                    | ClientMsg::Challenge(_)
                    | ClientMsg::AcceptChallenge { .. }
            )
        {
            return Err((
                ErrorCode::NotNow,
                "the server is restarting: no new games here now".into(),
            ));
        }
        match msg {
            ClientMsg::Logout => {
                if let Some(h) = self.token_hash.take() {
                    let _ = hub.store.revoke_token(&h).await;
                }
                hub.logout(conn);
                self.user = None;
                self.send(&ServerMsg::LoggedOut);
                Ok(())
            }
            ClientMsg::ChangePassword { old, new } => self.change_password(user, old, new).await,
            ClientMsg::Lobby { subscribe } => {
                hub.follow_lobby(conn, subscribe);
                Ok(())
            }
            ClientMsg::Seek(terms) => hub.seek(user, terms).await.map(|_| ()),
            ClientMsg::CancelSeek { seek } => hub.cancel_seek(user, seek).await,
            ClientMsg::AcceptSeek { seek } => hub.accept_seek(user, seek, Some(conn)).await,
            ClientMsg::Challenge(terms) => hub.challenge(user, terms).await.map(|_| ()),
            ClientMsg::AcceptChallenge { challenge } => {
                hub.answer_challenge(user, challenge, true).await
            }
            ClientMsg::DeclineChallenge { challenge } => {
                hub.answer_challenge(user, challenge, false).await
            }
            ClientMsg::Chat { room, text } => self.chat(user, room, text).await,
            ClientMsg::Mute { name } => self.mute(user, &name, true).await,
            ClientMsg::Unmute { name } => self.mute(user, &name, false).await,
            ClientMsg::Move { game, .. }
            | ClientMsg::Offer { game, .. }
            | ClientMsg::Decline { game, .. }
            | ClientMsg::Resign { game }
            | ClientMsg::Abort { game }
            | ClientMsg::Claim { game, .. }
            | ClientMsg::Watch { game }
            | ClientMsg::Unwatch { game } => hub.to_game(conn, &self.games, user, game, msg),
            _ => Err((ErrorCode::NotNow, "already logged in".into())),
        }
    }
}
