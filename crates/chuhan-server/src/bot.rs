//! A client of the protocol for the tests and the load program: one WebSocket connection that
//! sends messages and waits for the ones it expects. Loopback only.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use xiangqi_protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};

/// A connected client.
pub struct Bot {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Messages received and not yet taken.
    pub seen: VecDeque<ServerMsg>,
    /// The name logged in as.
    pub name: String,
    /// The token of the last login.
    pub token: Option<String>,
    /// Whether the connection was seen closed (by the server, or by the network).
    pub closed: bool,
    /// The WebSocket status the server closed with, if it gave one.
    pub close_code: Option<u16>,
    /// Where it connects.
    addr: SocketAddr,
    /// Where else it may log in again when `addr` is gone (other instances of the service).
    pub fallbacks: Vec<SocketAddr>,
}

/// How long [`Bot::expect`] waits by default.
pub const WAIT: Duration = Duration::from_secs(10);

impl Bot {
    /// Connects to `addr` (which must be loopback) and says hello.
    pub async fn connect(addr: SocketAddr) -> Result<Bot, String> {
        let mut bot = Bot::connect_raw(addr).await?;
        bot.send(&ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            client: "chuhan-bot".into(),
        })
        .await?;
        bot.expect(|m| matches!(m, ServerMsg::Welcome { .. }))
            .await?;
        Ok(bot)
    }

    /// Connects without saying hello.
    pub async fn connect_raw(addr: SocketAddr) -> Result<Bot, String> {
        Bot::connect_from(addr, std::net::Ipv4Addr::LOCALHOST).await
    }

    /// Connects from a loopback address of one's own (127.0.0.X), without saying hello: the
    /// server's limits per address can be tried without touching other connections.
    pub async fn connect_from(addr: SocketAddr, from: std::net::Ipv4Addr) -> Result<Bot, String> {
        Bot::connect_with(addr, from, &[]).await
    }

    /// [`Bot::connect_from`] with HTTP headers of one's own in the handshake (a reverse proxy's
    /// `X-Forwarded-For`, say).
    pub async fn connect_with(
        addr: SocketAddr,
        from: std::net::Ipv4Addr,
        headers: &[(&str, &str)],
    ) -> Result<Bot, String> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        use tokio_tungstenite::tungstenite::http::HeaderValue;
        if !addr.ip().is_loopback() || !from.is_loopback() {
            return Err(format!("{addr} from {from}: loopback only"));
        }
        let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
        socket
            .bind(SocketAddr::from((from, 0)))
            .map_err(|e| e.to_string())?;
        let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .map_err(|e| e.to_string())?;
        for (name, value) in headers {
            let value = HeaderValue::from_str(value).map_err(|e| e.to_string())?;
            let name =
                tokio_tungstenite::tungstenite::http::HeaderName::from_bytes(name.as_bytes())
                    .map_err(|e| e.to_string())?;
            request.headers_mut().insert(name, value);
        }
        let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream))
            .await
            .map_err(|e| e.to_string())?;
        Ok(Bot {
            ws,
            seen: VecDeque::new(),
            name: String::new(),
            token: None,
            closed: false,
            close_code: None,
            addr,
            fallbacks: Vec::new(),
        })
    }

    /// Sends a message.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.send_raw(msg.to_json()).await
    }

    /// Sends any text frame.
    pub async fn send_raw(&mut self, text: String) -> Result<(), String> {
        let sent = self.ws.send(Message::Text(text.into())).await;
        if sent.is_err() {
            self.closed = true;
        }
        sent.map_err(|e| e.to_string())
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), String> {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next message from the server (`None`: closed or nothing within `wait`).
    pub async fn next(&mut self, wait: Duration) -> Option<ServerMsg> {
        if let Some(m) = self.seen.pop_front() {
            return Some(m);
        }
        self.read(wait).await
    }

    async fn read(&mut self, wait: Duration) -> Option<ServerMsg> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => return ServerMsg::from_json(t.as_str()).ok(),
                Ok(Some(Ok(Message::Close(frame)))) => {
                    self.closed = true;
                    self.close_code = frame.map(|f| f.code.into());
                    return None;
                }
                Ok(Some(Err(_)) | None) => {
                    self.closed = true;
                    return None;
                }
                Err(_) => return None,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Waits for a message matching `want` (the others are kept for later).
    pub async fn expect(&mut self, want: impl Fn(&ServerMsg) -> bool) -> Result<ServerMsg, String> {
        self.expect_within(WAIT, want).await
    }

    /// [`Bot::expect`] with a wait of one's own.
    pub async fn expect_within(
        &mut self,
        wait: Duration,
        want: impl Fn(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, String> {
        if let Some(i) = self.seen.iter().position(&want) {
            return self.seen.remove(i).ok_or_else(|| "gone".into());
        }
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.read(left).await {
                Some(m) if want(&m) => return Ok(m),
                Some(m) => self.seen.push_back(m),
                None => {
                    return Err(format!(
                        "{}: not received; seen {:?}",
                        self.name,
                        self.seen.iter().rev().take(5).collect::<Vec<_>>()
                    ));
                }
            }
        }
    }

    /// Whether the server closed the connection (within `wait`), reading what is left.
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return false;
            }
            match tokio::time::timeout(left, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    if let Ok(m) = ServerMsg::from_json(t.as_str()) {
                        self.seen.push_back(m);
                    }
                }
                Ok(Some(Ok(Message::Close(frame)))) => {
                    self.closed = true;
                    self.close_code = frame.map(|f| f.code.into());
                    return true;
                }
                Ok(Some(Err(_)) | None) => {
                    self.closed = true;
                    return true;
                }
                Ok(Some(Ok(_))) => {}
                Err(_) => return false,
            }
        }
    }

    /// Logs in with `msg` (register, login, resume or guest); the name and token are kept.
    pub async fn log_in(&mut self, msg: ClientMsg) -> Result<(), String> {
        self.send(&msg).await?;
        match self
            .expect(|m| matches!(m, ServerMsg::LoggedIn { .. } | ServerMsg::Error { .. }))
            .await?
        {
            ServerMsg::LoggedIn { name, token, .. } => {
                self.name = name;
                if token.is_some() {
                    self.token = token;
                }
                Ok(())
            }
            other => Err(format!("{other:?}")),
        }
    }

    /// Connects again and logs in with the kept token, trying with a growing pause (from 50 ms
    /// to 1 s) for up to `within`: what a client does by itself when its server went away. The
    /// messages not yet taken are dropped; the server sends the games in play again.
    pub async fn reconnect(&mut self, within: Duration) -> Result<(), String> {
        let token = self.token.clone().ok_or("no token to log in again with")?;
        let deadline = tokio::time::Instant::now() + within;
        let mut pause = Duration::from_millis(50);
        let addrs: Vec<SocketAddr> = std::iter::once(self.addr)
            .chain(self.fallbacks.iter().copied())
            .collect();
        let fallbacks = self.fallbacks.clone();
        for attempt in 0.. {
            let addr = addrs[attempt % addrs.len()];
            let tried = async {
                let mut fresh = Bot::connect(addr).await?;
                fresh.token = Some(token.clone());
                fresh
                    .log_in(ClientMsg::Resume {
                        token: token.clone(),
                    })
                    .await?;
                Ok::<Bot, String>(fresh)
            }
            .await;
            match tried {
                Ok(mut fresh) => {
                    fresh.fallbacks = fallbacks;
                    *self = fresh;
                    return Ok(());
                }
                Err(e) if tokio::time::Instant::now() + pause >= deadline => {
                    return Err(format!("could not log in again within {within:?}: {e}"));
                }
                Err(_) => {
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(1));
                }
            }
        }
        unreachable!("the attempts never run out")
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A loopback TCP proxy in front of a server whose connections a test can cut at once (the
/// network failing mid-game); connections made after a cut pass again.
pub struct CutProxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    cuts: tokio::sync::watch::Sender<u32>,
}

impl CutProxy {
    /// A proxy on 127.0.0.1 to `target` (which must be loopback), served on the current runtime.
    pub async fn start(target: SocketAddr) -> Result<CutProxy, String> {
        if !target.ip().is_loopback() {
            return Err(format!("{target}: loopback only"));
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .map_err(|e| e.to_string())?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let (cuts, watching) = tokio::sync::watch::channel(0u32);
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut watching = watching.clone();
                watching.borrow_and_update();
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = watching.changed() => {}
                    }
                });
            }
        });
        Ok(CutProxy { addr, cuts })
    }

    /// Cuts every connection through the proxy now.
    pub fn cut(&self) {
        self.cuts.send_modify(|n| *n += 1);
    }
}
