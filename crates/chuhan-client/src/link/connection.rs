//! One server's connection: connecting, the hello, logging in, passing messages both ways,
//! pinging, and trying again after a loss.

use std::sync::mpsc;

use tokio::sync::mpsc::Receiver;
use web_time::Instant;
use xiangqi_protocol::{ClientMsg, ErrorCode, PROTOCOL_VERSION, ServerMsg};

use super::socket::{self, Frame, Socket, timeout};
use super::{BACKOFF, CONNECT_TIMEOUT, Credentials, Event, GIVE_UP_AFTER, PING_EVERY, Request};
use crate::address::ServerAddress;
use crate::error::LinkError;

/// One server's connection, from connecting to closing.
pub(super) struct Connection<'a> {
    pub(super) requests: &'a mut Receiver<Request>,
    pub(super) events: &'a mpsc::SyncSender<Event>,
    pub(super) client: &'a str,
    pub(super) address: ServerAddress,
}

/// How a connection's loop ended.
enum Ended {
    /// Closed; the link waits for the next request.
    Closed(Option<LinkError>),
    /// A new request to serve (a `Connect` elsewhere), or the caller is gone (`None`).
    Next(Option<Request>),
    /// The connection was lost (why): try again.
    Lost(String),
}

impl Connection<'_> {
    /// Connects, logs in and serves until closed; returns the next request to serve.
    pub(super) async fn serve(&mut self, credentials: Credentials) -> Option<Request> {
        let first = async {
            let mut ws = self.open().await?;
            let server = self.hello(&mut ws).await?;
            let token = self.log_in(&mut ws, &credentials).await?;
            Ok::<_, LinkError>((ws, server, token))
        }
        .await;
        let (mut ws, server, mut token) = match first {
            Ok(v) => v,
            Err(e) => {
                self.tell(Event::Closed(Some(e))).await;
                return self.requests.recv().await;
            }
        };
        self.tell(Event::LoggedIn {
            server,
            token: token.clone(),
        })
        .await;
        loop {
            let why = match self.pump(&mut ws, &mut token).await {
                Ended::Lost(why) => why,
                Ended::Closed(error) => {
                    socket::close(&mut ws).await;
                    self.tell(Event::Closed(error)).await;
                    return self.requests.recv().await;
                }
                Ended::Next(next) => {
                    socket::close(&mut ws).await;
                    return next;
                }
            };
            match self.reconnect(&token, why).await {
                Ok(fresh) => {
                    ws = fresh;
                    self.tell(Event::Reconnected).await;
                }
                Err(Ended::Next(next)) => return next,
                Err(Ended::Closed(error)) => {
                    self.tell(Event::Closed(error)).await;
                    return self.requests.recv().await;
                }
                Err(Ended::Lost(why)) => {
                    self.tell(Event::Closed(Some(LinkError::Lost(why)))).await;
                    return self.requests.recv().await;
                }
            }
        }
    }

    /// Reports an event. When the caller has not polled [`EVENT_QUEUE`](super::EVENT_QUEUE)
    /// events, the link waits for it (the server's messages stay in the socket meanwhile): kept,
    /// never dropped; a caller that is gone ends the link. (On the desktop the link's own thread
    /// waits; a page has one thread, so there the link pauses and tries again, letting the page
    /// run the game that polls.)
    async fn tell(&self, event: Event) {
        tell(self.events, event).await;
    }

    async fn open(&self) -> Result<Socket, LinkError> {
        let url = self.address.ws_url();
        match timeout(CONNECT_TIMEOUT, socket::connect(&url)).await {
            Some(Ok(ws)) => Ok(ws),
            Some(Err(why)) => Err(LinkError::Unreachable {
                address: self.address.to_string(),
                why,
            }),
            None => Err(LinkError::Unreachable {
                address: self.address.to_string(),
                why: "no answer in time".into(),
            }),
        }
    }

    async fn hello(&self, ws: &mut Socket) -> Result<String, LinkError> {
        send(
            ws,
            &ClientMsg::Hello {
                protocol: PROTOCOL_VERSION,
                client: self.client.to_owned(),
            },
        )
        .await?;
        match answer(ws).await? {
            ServerMsg::Welcome { protocol, server } if protocol == PROTOCOL_VERSION => Ok(server),
            ServerMsg::Welcome { protocol, .. } => Err(LinkError::ProtocolVersion {
                ours: PROTOCOL_VERSION,
                message: format!("the server speaks version {protocol}"),
            }),
            ServerMsg::Error {
                code: ErrorCode::ProtocolVersion,
                message,
                ..
            } => Err(LinkError::ProtocolVersion {
                ours: PROTOCOL_VERSION,
                message,
            }),
            ServerMsg::Error { code, message, .. } => Err(LinkError::Refused { code, message }),
            other => Err(LinkError::Lost(format!("unexpected {other:?}"))),
        }
    }

    /// Logs in; the `logged_in` message is passed on; returns the token to keep.
    async fn log_in(
        &self,
        ws: &mut Socket,
        credentials: &Credentials,
    ) -> Result<String, LinkError> {
        send(ws, &credentials.message()).await?;
        loop {
            match answer(ws).await? {
                ServerMsg::LoggedIn {
                    name,
                    token,
                    guest,
                    ratings,
                    playing,
                } => {
                    let kept = match (&token, credentials) {
                        (Some(t), _) => t.clone(),
                        (None, Credentials::Resume { token }) => token.clone(),
                        (None, _) => String::new(),
                    };
                    self.tell(Event::Message(Box::new(ServerMsg::LoggedIn {
                        name,
                        token,
                        guest,
                        ratings,
                        playing,
                    })))
                    .await;
                    return Ok(kept);
                }
                ServerMsg::Error { code, message, .. } => {
                    return Err(LinkError::Refused { code, message });
                }
                other => self.tell(Event::Message(Box::new(other))).await,
            }
        }
    }

    /// Passes messages both ways until the connection ends, is lost, or is asked to end.
    async fn pump(&mut self, ws: &mut Socket, token: &mut String) -> Ended {
        let mut next_ping = Instant::now() + PING_EVERY;
        let mut pings = 0u64;
        let mut logging_out = false;
        loop {
            let until_ping = next_ping.saturating_duration_since(Instant::now());
            tokio::select! {
                frame = socket::next(ws) => match frame {
                    Frame::Text(text) => {
                        let Ok(msg) = ServerMsg::from_json(&text) else { continue };
                        if let ServerMsg::LoggedIn { token: Some(t), .. } = &msg {
                            token.clone_from(t);
                        }
                        let out = matches!(msg, ServerMsg::LoggedOut);
                        self.tell(Event::Message(Box::new(msg))).await;
                        if out && logging_out {
                            return Ended::Closed(None);
                        }
                    }
                    Frame::Closed => {
                        if logging_out {
                            return Ended::Closed(None);
                        }
                        return Ended::Lost("the server closed the connection".into());
                    }
                    Frame::Other => {}
                },
                request = self.requests.recv() => match request {
                    None => return Ended::Next(None),
                    Some(Request::Connect { address, credentials }) => {
                        return Ended::Next(Some(Request::Connect { address, credentials }));
                    }
                    Some(Request::Disconnect) => return Ended::Closed(None),
                    Some(Request::LogOut) => {
                        logging_out = true;
                        if send(ws, &ClientMsg::Logout).await.is_err() {
                            return Ended::Closed(None);
                        }
                    }
                    Some(Request::Send(msg)) => {
                        if let Err(e) = send(ws, &msg).await {
                            self.tell(Event::Unsent(msg)).await;
                            return Ended::Lost(e.to_string());
                        }
                    }
                },
                () = socket::sleep(until_ping) => {
                    next_ping += PING_EVERY;
                    pings += 1;
                    if let Err(e) = send(ws, &ClientMsg::Ping { n: pings }).await {
                        return Ended::Lost(e.to_string());
                    }
                }
            }
        }
    }

    /// Tries again with the token, pausing by [`BACKOFF`], for up to [`GIVE_UP_AFTER`]; what
    /// is asked meanwhile is not sent (a `Connect`, `LogOut` or `Disconnect` ends the trying).
    async fn reconnect(&mut self, token: &str, why: String) -> Result<Socket, Ended> {
        let started = Instant::now();
        let mut why = why;
        for attempt in 1u32.. {
            self.tell(Event::Reconnecting {
                attempt,
                why: why.clone(),
            })
            .await;
            let pause = BACKOFF[(attempt as usize - 1).min(BACKOFF.len() - 1)];
            let wake = Instant::now() + pause;
            // Wait out the pause, answering requests.
            loop {
                let left = wake.saturating_duration_since(Instant::now());
                tokio::select! {
                    () = socket::sleep(left) => break,
                    request = self.requests.recv() => match request {
                        None => return Err(Ended::Next(None)),
                        Some(Request::Send(msg)) => self.tell(Event::Unsent(msg)).await,
                        Some(Request::Connect { address, credentials }) => {
                            return Err(Ended::Next(Some(Request::Connect { address, credentials })));
                        }
                        Some(Request::LogOut | Request::Disconnect) => return Err(Ended::Closed(None)),
                    },
                }
            }
            let tried = async {
                let mut ws = self.open().await?;
                self.hello(&mut ws).await?;
                self.log_in(
                    &mut ws,
                    &Credentials::Resume {
                        token: token.to_owned(),
                    },
                )
                .await?;
                Ok::<_, LinkError>(ws)
            }
            .await;
            match tried {
                Ok(ws) => return Ok(ws),
                // The token is no good any more (revoked, expired): nothing to try again with.
                Err(e @ (LinkError::Refused { .. } | LinkError::ProtocolVersion { .. })) => {
                    return Err(Ended::Closed(Some(e)));
                }
                Err(e) if started.elapsed() >= GIVE_UP_AFTER => {
                    return Err(Ended::Closed(Some(LinkError::GaveUp {
                        after: GIVE_UP_AFTER,
                        why: e.to_string(),
                    })));
                }
                Err(e) => why = e.to_string(),
            }
        }
        Err(Ended::Closed(None))
    }
}

/// Reports an event to the caller, waiting while its queue is full (see [`Connection::tell`]).
pub(super) async fn tell(events: &mpsc::SyncSender<Event>, event: Event) {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = events.send(event);
    #[cfg(target_arch = "wasm32")]
    {
        let mut event = event;
        loop {
            match events.try_send(event) {
                Err(mpsc::TrySendError::Full(back)) => {
                    event = back;
                    socket::sleep(std::time::Duration::from_millis(10)).await;
                }
                Ok(()) | Err(mpsc::TrySendError::Disconnected(_)) => return,
            }
        }
    }
}

async fn send(ws: &mut Socket, msg: &ClientMsg) -> Result<(), LinkError> {
    socket::send(ws, msg.to_json())
        .await
        .map_err(LinkError::Lost)
}

/// The next message, within [`CONNECT_TIMEOUT`].
async fn answer(ws: &mut Socket) -> Result<ServerMsg, LinkError> {
    let deadline = Instant::now() + CONNECT_TIMEOUT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match timeout(left, socket::next(ws)).await {
            Some(Frame::Text(text)) => {
                if let Ok(msg) = ServerMsg::from_json(&text) {
                    return Ok(msg);
                }
            }
            Some(Frame::Closed) => {
                return Err(LinkError::Lost("the server closed the connection".into()));
            }
            Some(Frame::Other) => {}
            None => return Err(LinkError::Lost("no answer in time".into())),
        }
    }
}
