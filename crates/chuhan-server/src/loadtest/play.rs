//! A pair of bots playing: games started by a seek, random quiet moves at the set rate, the
//! relay measured, and coming back after the server went away.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use xiangqi::Position;
use xiangqi_protocol::{ClientMsg, ColorChoice, Role, Rules, ServerMsg, TimeControl};

use super::{Counters, RECONNECT_WITHIN, quiet_random_move};
use crate::bot::Bot;

/// How long a pair that logged in again waits for its game: a restart gives it at once, a
/// takeover by another instance once the lease ran out (`cluster::LEASE_MS`, plus a round).
const RESUME_WITHIN: Duration = Duration::from_secs(30);

/// One game as the pair plays it: the moves the server acknowledged.
pub(super) struct Play {
    pub(super) game: u64,
    pub(super) a_red: bool,
    pub(super) moves: Vec<String>,
}

/// Both bots log in again (their server went away) and get the game back: the acknowledged
/// moves are checked against the server's (missing ones are lost); the game goes on from the
/// server's moves. `None` when they could not come back.
pub(super) async fn recover(a: &mut Bot, b: &mut Bot, play: &mut Play, c: &Counters) -> Option<()> {
    for bot in [&mut *a, &mut *b] {
        if let Err(e) = bot.reconnect(RECONNECT_WITHIN).await {
            tracing::warn!("a bot could not come back: {e}");
            return None;
        }
    }
    let game = play.game;
    let mut view = None;
    for bot in [&mut *a, &mut *b] {
        // Several instances: the game comes back when another instance took it over.
        match bot
            .expect_within(
                RESUME_WITHIN,
                |m| matches!(m, ServerMsg::Game { game: g } if g.id == game),
            )
            .await
        {
            Ok(ServerMsg::Game { game: g }) => view = Some(g),
            _ => return None,
        }
    }
    let view = view?;
    resync(play, view.moves, c);
    c.resumed.fetch_add(1, Relaxed);
    a.seen.clear();
    b.seen.clear();
    view.result.is_none().then_some(())
}

/// Two bots play game after game until the deadline; when their connections die they log in
/// again and go on with the game the server kept.
pub(super) async fn pair(
    mut a: Bot,
    mut b: Bot,
    deadline: Instant,
    interval: Duration,
    c: Arc<Counters>,
    lat: Arc<Mutex<Vec<u64>>>,
) {
    while Instant::now() < deadline {
        let Some((game, a_red)) = start(&mut a, &mut b, &c).await else {
            c.failed.fetch_add(1, Relaxed);
            return;
        };
        c.games.fetch_add(1, Relaxed);
        let mut play = Play {
            game,
            a_red,
            moves: Vec::new(),
        };
        let mut last = Instant::now();
        let mut over = false;
        let mut resumed = false;
        while !over && Instant::now() < deadline {
            let next = last + interval;
            tokio::time::sleep_until(next.into()).await;
            match one_move(&mut a, &mut b, &mut play, last, &c, &lat).await {
                Step::Played(sent) => {
                    last = sent;
                    if resumed {
                        c.after_resume.fetch_add(1, Relaxed);
                    }
                }
                Step::Over => over = true,
                Step::Stop => break,
                Step::Resynced => {
                    a.seen.retain(|m| !matches!(m, ServerMsg::Game { .. }));
                    b.seen.retain(|m| !matches!(m, ServerMsg::Game { .. }));
                    resumed = true;
                    last = Instant::now();
                }
                Step::Gone => {
                    let lost_at = Instant::now();
                    if recover(&mut a, &mut b, &mut play, &c).await.is_none() {
                        c.unacked.fetch_add(1, Relaxed);
                        return;
                    }
                    let took = lost_at.elapsed().as_millis() as u64;
                    c.resume_ms_max.fetch_max(took, Relaxed);
                    resumed = true;
                    last = Instant::now();
                }
            }
        }
        if !over {
            let _ = a.send(&ClientMsg::Resign { game }).await;
        }
        let end = |m: &ServerMsg| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game);
        let _ = a.expect_within(Duration::from_secs(5), end).await;
        let _ = b.expect_within(Duration::from_secs(5), end).await;
        a.seen.clear();
        b.seen.clear();
    }
    a.close().await;
    b.close().await;
}

/// What one move came to.
pub(super) enum Step {
    /// Acknowledged and relayed (sent at that instant).
    Played(Instant),
    /// The game ended.
    Over,
    /// The server refused it, or relayed it to nobody: the pair stops this game.
    Stop,
    /// A connection died: log in again.
    Gone,
    /// The game came back from another instance (the connection lived).
    Resynced,
}

/// Whether another lost move may be said (the first ten of a run are).
fn say() -> bool {
    static SAID: AtomicU64 = AtomicU64::new(0);
    SAID.fetch_add(1, Relaxed) < 10
}

/// The game as the server kept it: the acknowledged moves missing from it are lost, and said
/// (the game, the ply, the move) so that a lost move can be found in the instances' logs.
fn resync(play: &mut Play, server: Vec<String>, c: &Counters) {
    let kept = (play.moves.iter().zip(&server))
        .take_while(|(x, y)| x == y)
        .count();
    let lost = play.moves.len() - kept;
    if lost > 0 && say() {
        eprintln!(
            "game {} ply {kept}: {lost} acknowledged moves missing when the game came back \
             (first {}; the server had {} moves, the first different {:?})",
            play.game,
            play.moves[kept],
            server.len(),
            server.get(kept)
        );
    }
    c.lost.fetch_add(lost as u64, Relaxed);
    play.moves = server;
}

/// The side to move plays a random quiet move; its acknowledgement and the relay to the
/// opponent are measured.
pub(super) async fn one_move(
    a: &mut Bot,
    b: &mut Bot,
    play: &mut Play,
    last: Instant,
    c: &Counters,
    lat: &Mutex<Vec<u64>>,
) -> Step {
    let game = play.game;
    let mut pos = Position::startpos();
    for m in &play.moves {
        match m.parse() {
            Ok(mv) if pos.play(mv).is_ok() => {}
            _ => return Step::Stop,
        }
    }
    let ply = play.moves.len() as u32;
    let (mover, other) = if ply.is_multiple_of(2) == play.a_red {
        (a, b)
    } else {
        (b, a)
    };
    let Some(mv) = quiet_random_move(&pos) else {
        return Step::Over;
    };
    let sent = Instant::now();
    let msg = ClientMsg::Move {
        game,
        ply,
        mv: mv.to_string(),
        think_ms: Some(sent.duration_since(last).as_millis() as u64),
    };
    if mover.send(&msg).await.is_err() {
        return Step::Gone;
    }
    let is_move = move |m: &ServerMsg| matches!(m, ServerMsg::Moved { game: g, ply: p, .. } if *g == game && *p == ply);
    let is_end =
        move |m: &ServerMsg| matches!(m, ServerMsg::GameOver { game: g, .. } if *g == game);
    let is_err = |m: &ServerMsg| matches!(m, ServerMsg::Error { .. });
    let is_view = move |m: &ServerMsg| matches!(m, ServerMsg::Game { game: g } if g.id == game);
    match (mover.expect_within(RESUME_WITHIN, |m| {
        is_move(m) || is_err(m) || is_end(m) || is_view(m)
    }))
    .await
    {
        Ok(ServerMsg::Moved { .. }) => {
            c.moves.fetch_add(1, Relaxed);
            play.moves.push(mv.to_string());
        }
        Ok(ServerMsg::GameOver { .. }) => return Step::Over,
        // The game's instance went away and another took it over: the game as it kept it (the
        // move sent meanwhile never arrived; it is sent again as the next move).
        Ok(ServerMsg::Game { game: view }) => {
            resync(play, view.moves, c);
            c.resumed.fetch_add(1, Relaxed);
            return Step::Resynced;
        }
        Ok(other) => {
            if c.errors.fetch_add(1, Relaxed) < 5 {
                eprintln!("game {game} ply {ply}: {other:?}");
            }
            c.unacked.fetch_add(1, Relaxed);
            return Step::Stop;
        }
        Err(_) if mover.closed => return Step::Gone,
        Err(_) => {
            c.unacked.fetch_add(1, Relaxed);
            return Step::Stop;
        }
    }
    match other
        .expect(|m| is_move(m) || is_end(m) || is_view(m))
        .await
    {
        Ok(ServerMsg::Moved { .. }) => {
            lat.lock().await.push(sent.elapsed().as_micros() as u64);
        }
        // The owner acknowledged the move (on the mover's connection, or in an earlier batch of
        // notifications) and died before the relay left; the instance that took the game over
        // sent the opponent the whole game. The opponent's client sets its board from it, so the
        // move arrived if it is there (it was stored before the acknowledgement), and is lost
        // if not.
        Ok(ServerMsg::Game { game: view }) => {
            if view.moves.get(ply as usize) == Some(&play.moves[ply as usize]) {
                c.by_view.fetch_add(1, Relaxed);
            }
            resync(play, view.moves, c);
            c.resumed.fetch_add(1, Relaxed);
            return Step::Resynced;
        }
        // The server died between the acknowledgement and the relay: the move must be there
        // when the game comes back.
        _ if other.closed => return Step::Gone,
        got => {
            if say() {
                eprintln!(
                    "game {game} ply {ply}: {mv} acknowledged, never relayed to the opponent, \
                     whose connection lived ({got:?})"
                );
            }
            c.lost.fetch_add(1, Relaxed);
            return Step::Stop;
        }
    }
    // A second copy of this ply, already queued, is a doubled move.
    let mut over = false;
    for bot in [mover, other] {
        while let Some(i) = bot.seen.iter().position(is_move) {
            bot.seen.remove(i);
            c.doubled.fetch_add(1, Relaxed);
        }
        if bot.seen.iter().any(is_end) {
            over = true;
        }
        bot.seen
            .retain(|m| !is_end(m) && !matches!(m, ServerMsg::OfferGone { .. }));
    }
    if over { Step::Over } else { Step::Played(sent) }
}

/// `a` seeks, `b` accepts: the game's number and whether `a` plays red.
pub(super) async fn start(a: &mut Bot, b: &mut Bot, c: &Counters) -> Option<(u64, bool)> {
    let seek = ClientMsg::Seek(xiangqi_protocol::SeekTerms {
        time: TimeControl::new(1800, 0),
        rated: false,
        color: ColorChoice::Random,
        rules: Rules::Asian,
        rating_min: None,
        rating_max: None,
    });
    a.send(&seek).await.ok()?;
    let Ok(ServerMsg::SeekAdded { seek }) =
        a.expect(|m| matches!(m, ServerMsg::SeekAdded { .. })).await
    else {
        c.errors.fetch_add(1, Relaxed);
        return None;
    };
    b.send(&ClientMsg::AcceptSeek { seek: seek.id })
        .await
        .ok()?;
    let game = |m: &ServerMsg| matches!(m, ServerMsg::Game { .. });
    let Ok(ServerMsg::Game { game: ga }) = a.expect(game).await else {
        return None;
    };
    let Ok(ServerMsg::Game { .. }) = b.expect(game).await else {
        return None;
    };
    a.seen.clear();
    b.seen.clear();
    Some((ga.id, ga.you == Role::Red))
}
