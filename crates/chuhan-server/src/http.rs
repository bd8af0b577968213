//! The HTTP side: `/ws` (the protocol), `/healthz`, `/metrics`, `/api/games`,
//! `/api/player/{name}`, `/game/{id}.pgn`; and with `--web DIR`, the browser build of the game at
//! `/` ([`crate::web`]).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::Router;
use axum::extract::{ConnectInfo, Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;
use xiangqi::GameRecord;
use xiangqi::notation::Notation;

use crate::hub::Hub;
use crate::store::{GameRow, MoveRow};

/// The largest frame the WebSocket layer reads (and the session refuses in words).
const WS_LIMIT: usize = 1024 * 1024;

/// The routes.
pub fn router(hub: Arc<Hub>) -> Router {
    let page = hub.cfg.web.as_deref().map(crate::web::routes);
    let api = Router::new()
        .route("/ws", get(ws))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/metrics", get(metrics))
        .route("/api/games", get(games))
        .route("/api/player/{name}", get(player))
        .route("/game/{file}", get(pgn))
        .with_state(hub);
    match page {
        Some(page) => api.merge(page),
        None => api,
    }
}

/// The client's address: the peer's, or behind a trusted proxy the last address of
/// `X-Forwarded-For` that is not itself a trusted proxy (the ones before it are the client's
/// word, which anyone can write).
#[must_use]
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .collect::<Vec<_>>();
    forwarded
        .into_iter()
        .rev()
        .find(|a| !trusted.contains(a))
        .unwrap_or(peer)
}

async fn ws(
    ws: WebSocketUpgrade,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(hub): State<Arc<Hub>>,
) -> Response {
    let ip = client_ip(addr.ip(), &headers, &hub.cfg.trusted_proxies);
    // Counted before the upgrade: an address at its limit is told so in plain HTTP.
    if hub.websockets_of(ip) >= hub.cfg.max_connections_per_ip {
        let msg = xiangqi_protocol::ServerMsg::error(
            xiangqi_protocol::ErrorCode::TooManyConnections,
            "too many connections from your address",
        );
        return (StatusCode::TOO_MANY_REQUESTS, msg.to_json()).into_response();
    }
    // Larger frames than the protocol allows (8 KiB) are read, up to 1 MiB, so that they can be
    // refused in words and closed with 1009: a frame the WebSocket layer refuses unread leaves
    // bytes in the socket, and closing it then resets the connection, losing the words (a
    // client saw `Connection reset`). Far larger ones end the connection in that layer.
    // Buffers sized for the protocol's small frames, not tungstenite's 128 KiB defaults: a
    // server of thousands of connections keeps its memory for the games (a buffer grows past
    // them only while a large frame is read, before its connection is closed).
    ws.max_message_size(WS_LIMIT)
        .max_frame_size(WS_LIMIT)
        .read_buffer_size(16 * 1024)
        .write_buffer_size(8 * 1024)
        .on_upgrade(move |socket| crate::conn::run(hub, socket, ip))
}

async fn metrics(State(hub): State<Arc<Hub>>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        hub.metrics.render(),
    )
}

async fn games(State(hub): State<Arc<Hub>>) -> impl IntoResponse {
    axum::Json(hub.games())
}

#[derive(Serialize)]
struct Profile {
    name: String,
    ratings: Vec<xiangqi_protocol::RatingView>,
    recent: Vec<RecentGame>,
}

#[derive(Serialize)]
struct RecentGame {
    id: i64,
    red: String,
    black: String,
    result: Option<String>,
    reason: Option<String>,
    time: String,
    rated: bool,
    ended_ms: Option<i64>,
}

async fn player(Path(name): Path<String>, State(hub): State<Arc<Hub>>) -> Response {
    let key = crate::auth::name_key(&name);
    let account = match hub.store.account_by_key(&key).await {
        Ok(Some(a)) => a,
        Ok(None) => return (StatusCode::NOT_FOUND, "no such player\n").into_response(),
        Err(e) => return internal(e),
    };
    let ratings = crate::ratings::ratings(&*hub.store, account.id).await;
    let recent = hub
        .store
        .recent_games(account.id, 20)
        .await
        .unwrap_or_default()
        .into_iter()
        .map(|g| RecentGame {
            id: g.id,
            time: xiangqi_protocol::TimeControl::new(g.base_s as u32, g.inc_s as u32).to_string(),
            red: g.red_name,
            black: g.black_name,
            result: g.result,
            reason: g.reason,
            rated: g.rated,
            ended_ms: g.ended_ms,
        })
        .collect();
    axum::Json(Profile {
        name: account.name,
        ratings,
        recent,
    })
    .into_response()
}

async fn pgn(Path(file): Path<String>, State(hub): State<Arc<Hub>>) -> Response {
    let Some(id) = file
        .strip_suffix(".pgn")
        .and_then(|n| n.parse::<i64>().ok())
    else {
        return (StatusCode::NOT_FOUND, "ask for /game/ID.pgn\n").into_response();
    };
    match hub.store.game(id).await {
        Ok(Some((row, moves))) => match export(&row, &moves) {
            Ok(text) => (
                [
                    (
                        header::CONTENT_TYPE,
                        "application/x-chess-pgn; charset=utf-8".to_owned(),
                    ),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("attachment; filename=\"chuhan-{id}.pgn\""),
                    ),
                ],
                text,
            )
                .into_response(),
            Err(e) => internal(e),
        },
        Ok(None) => (StatusCode::NOT_FOUND, "no such game\n").into_response(),
        Err(e) => internal(e),
    }
}

/// A failure inside (the database, a record that does not read) as a client sees it: logged
/// here, its words never sent.
fn internal(e: impl std::fmt::Display) -> Response {
    tracing::error!("{e}");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "the server could not do that now\n",
    )
        .into_response()
}

/// `[%clk h:mm:ss]`, as lichess writes clocks in PGN comments.
fn clk(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// A game as PGN, with the clock after each move as a comment.
pub fn export(row: &GameRow, moves: &[MoveRow]) -> Result<String, String> {
    let mut record = GameRecord::from_fen(&row.fen).map_err(|e| e.to_string())?;
    record.set_rulebook(xiangqi::Rulebook::from(crate::game::rules_from(&row.rules)));
    for m in moves {
        let mv = m.mv.parse().map_err(|_| format!("stored move {}", m.mv))?;
        record.play(mv).map_err(|e| e.to_string())?;
        let mover_ms = if m.ply % 2 == 0 { m.red_ms } else { m.black_ms };
        record.set_comment(record.len(), Some(clk(mover_ms)));
    }
    let date = jiff_free_date(row.started_ms);
    record.set_tag(
        "Event",
        if row.rated {
            "Rated game"
        } else {
            "Casual game"
        },
    );
    record.set_tag("Site", "chuhan-server");
    record.set_tag("Date", &date);
    record.set_tag("Round", "-");
    record.set_tag("Red", &row.red_name);
    record.set_tag("Black", &row.black_name);
    record.set_tag("Result", row.result.as_deref().unwrap_or("*"));
    if let Some(r) = row.red_before {
        record.set_tag("RedElo", &r.to_string());
    }
    if let Some(r) = row.black_before {
        record.set_tag("BlackElo", &r.to_string());
    }
    record.set_tag("TimeControl", &format!("{}+{}", row.base_s, row.inc_s));
    if let Some(reason) = &row.reason {
        record.set_tag("Termination", reason);
    }
    Ok(xiangqi::pgn::write(&record, Notation::Chinese))
}

/// `YYYY.MM.DD` (UTC) of a Unix time in ms.
fn jiff_free_date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_and_clocks_are_written_as_pgn_has_them() {
        assert_eq!(super::jiff_free_date(0), "1970.01.01");
        assert_eq!(super::jiff_free_date(1_795_000_000_000), "2026.11.18");
        assert_eq!(super::jiff_free_date(951_782_400_000), "2000.02.29");
        assert_eq!(super::clk(3_725_999), "[%clk 1:02:05]");
    }
}
