//! What differs between the desktop's link and a browser page's: the WebSocket and the timer.
//! On the desktop, tokio-tungstenite on the link's own tokio runtime and tokio's timer; in a page,
//! the browser's own WebSocket (gloo-net's stream over it) and its `setTimeout` (gloo-timers),
//! driven by the page's event loop. The connection's logic (`connection.rs`) is the same for both.

use std::future::Future;
use std::time::Duration;

/// What came from the server.
pub(super) enum Frame {
    /// A text frame: a protocol message.
    Text(String),
    /// The connection closed or failed.
    Closed,
    /// Anything else (pings, binary frames): ignored.
    Other,
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::time::Duration;

    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpStream;
    use tokio_tungstenite::tungstenite::Message;
    use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

    use super::Frame;

    pub(crate) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

    pub(crate) async fn connect(url: &str) -> Result<Socket, String> {
        tokio_tungstenite::connect_async(url)
            .await
            .map(|(ws, _)| ws)
            .map_err(|e| e.to_string())
    }

    pub(crate) async fn send(ws: &mut Socket, text: String) -> Result<(), String> {
        ws.send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    pub(crate) async fn next(ws: &mut Socket) -> Frame {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => Frame::Text(text.as_str().to_owned()),
            Some(Ok(Message::Close(_)) | Err(_)) | None => Frame::Closed,
            Some(Ok(_)) => Frame::Other,
        }
    }

    pub(crate) async fn close(ws: &mut Socket) {
        let _ = ws.close(None).await;
    }

    pub(crate) async fn sleep(pause: Duration) {
        tokio::time::sleep(pause).await;
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::time::Duration;

    use futures_util::{SinkExt, StreamExt};
    use gloo_net::websocket::futures::WebSocket;
    use gloo_net::websocket::{Message, State};

    use super::Frame;

    pub(crate) type Socket = WebSocket;

    pub(crate) async fn connect(url: &str) -> Result<Socket, String> {
        let mut ws = WebSocket::open(url).map_err(|e| e.to_string())?;
        // The browser opens it in the background: wait until it is open (or failed), so that a
        // server that is not there is told as on the desktop.
        std::future::poll_fn(|cx| ws.poll_ready_unpin(cx))
            .await
            .map_err(|e| e.to_string())?;
        if !matches!(ws.state(), State::Open) {
            return Err("the connection was refused".to_owned());
        }
        Ok(ws)
    }

    pub(crate) async fn send(ws: &mut Socket, text: String) -> Result<(), String> {
        ws.send(Message::Text(text))
            .await
            .map_err(|e| e.to_string())
    }

    pub(crate) async fn next(ws: &mut Socket) -> Frame {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => Frame::Text(text),
            Some(Ok(Message::Bytes(_))) => Frame::Other,
            Some(Err(_)) | None => Frame::Closed,
        }
    }

    pub(crate) async fn close(ws: &mut Socket) {
        let _ = ws.close().await;
    }

    pub(crate) async fn sleep(pause: Duration) {
        gloo_timers::future::sleep(pause).await;
    }
}

pub(super) use imp::{Socket, close, connect, next, send, sleep};

/// `work`'s result, or `None` when `limit` passes first.
pub(super) async fn timeout<T>(limit: Duration, work: impl Future<Output = T>) -> Option<T> {
    tokio::select! {
        biased;
        done = work => Some(done),
        () = sleep(limit) => None,
    }
}
