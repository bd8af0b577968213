//! The door before HTTP: each TCP connection is counted by its address (at most
//! [`TCP_PER_WEBSOCKET`] times `max_connections_per_ip` at once; trusted proxies are not
//! counted, their clients are, by `X-Forwarded-For`, once they ask for the WebSocket), and one
//! that sends nothing is closed after `header_timeout_s` (hyper's own header timeout starts
//! only after the first byte, so 1,000 silent connections once stayed open and, past the
//! process's open files, locked everybody out).

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum_server::accept::Accept;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// TCP connections an address may hold for each WebSocket it may hold (a browser opens several
/// for the page's files besides its WebSocket).
pub const TCP_PER_WEBSOCKET: usize = 4;

/// Counts the open TCP connections of each address.
#[derive(Clone, Default)]
pub struct Counts(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl Counts {
    /// A place for a connection from `ip` if it has fewer than `most` open.
    fn admit(&self, ip: IpAddr, most: usize) -> Option<Ticket> {
        let mut open = self.0.lock().ok()?;
        let n = open.entry(ip).or_default();
        if *n >= most {
            return None;
        }
        *n += 1;
        Some(Ticket {
            counts: self.clone(),
            ip,
        })
    }

    /// The connections open from `ip`.
    #[must_use]
    pub fn open(&self, ip: IpAddr) -> usize {
        self.0
            .lock()
            .map_or(0, |open| open.get(&ip).copied().unwrap_or(0))
    }
}

/// A counted connection's place, given back when it closes.
struct Ticket {
    counts: Counts,
    ip: IpAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Ok(mut open) = self.counts.0.lock()
            && let Some(n) = open.get_mut(&self.ip)
        {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A TCP connection let through the door (its place is kept while it is open).
pub struct Counted {
    stream: TcpStream,
    _ticket: Option<Ticket>,
}

/// The acceptor that keeps the door, before `inner` (TLS, or nothing).
#[derive(Clone)]
pub struct Gate<A> {
    inner: A,
    counts: Counts,
    most: usize,
    trusted: Arc<Vec<IpAddr>>,
    first_byte: Duration,
}

impl<A> Gate<A> {
    /// A door letting at most `most` connections an address through, each sending its first
    /// byte within `first_byte`; `trusted` addresses are not counted.
    pub fn new(
        inner: A,
        counts: Counts,
        most: usize,
        trusted: Vec<IpAddr>,
        first_byte: Duration,
    ) -> Gate<A> {
        Gate {
            inner,
            counts,
            most,
            trusted: Arc::new(trusted),
            first_byte,
        }
    }
}

impl<A, S> Accept<TcpStream, S> for Gate<A>
where
    A: Accept<Counted, S> + Clone + Send + Sync + 'static,
    A::Future: Send,
    S: Send + 'static,
{
    type Stream = A::Stream;
    type Service = A::Service;
    type Future = Pin<Box<dyn Future<Output = io::Result<(A::Stream, A::Service)>> + Send>>;

    fn accept(&self, stream: TcpStream, service: S) -> Self::Future {
        let gate = self.clone();
        Box::pin(async move {
            let ip = stream.peer_addr()?.ip();
            let ticket = if gate.trusted.contains(&ip) {
                None
            } else {
                let ticket = gate.counts.admit(ip, gate.most).ok_or_else(|| {
                    io::Error::new(io::ErrorKind::ConnectionRefused, "too many connections")
                })?;
                Some(ticket)
            };
            let mut first = [0u8; 1];
            match tokio::time::timeout(gate.first_byte, stream.peek(&mut first)).await {
                Ok(Ok(n)) if n > 0 => {}
                Ok(Ok(_)) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err(io::ErrorKind::TimedOut.into()),
            }
            let counted = Counted {
                stream,
                _ticket: ticket,
            };
            gate.inner.accept(counted, service).await
        })
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
