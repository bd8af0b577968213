//! One game in play: a task of its own that owns the position (the `xiangqi` rules library judges
//! every move), the clocks, the offers, the chat and who is connected. Commands come through its
//! queue, one at a time; a move is written durably before anyone hears of it.

mod ctx;
mod end;
pub mod mailbox;
mod offers;

pub use ctx::{Ctx, EVENTS, Event, Rematch};
pub use mailbox::{GameRx, GameTx, mailbox};

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use xiangqi::{GameRecord, Move, Rulebook};
use xiangqi_protocol::{
    ChatLine, ClientMsg, EndReason, ErrorCode, GameResult, GameSummary, GameView, OfferKind,
    PlayerView, Role, Room, Rules, ServerMsg, Side, TimeControl,
};

use crate::clock::Clock;
use crate::outbox::{ConnId, Out, Outbox};
use crate::store::{GameRow, MoveRow};
use crate::user::User;

/// How long a finished game stays open for rematch offers and late chat.
const LINGER: Duration = Duration::from_secs(300);

/// The chat lines a game keeps in memory and sends to whoever joins it (its `game` message): the
/// last ones. Every line is stored (the archive has them all); an unbounded history once made a
/// new watcher's `game` message 507 KiB after 842 lines.
pub const CHAT_KEPT: usize = 100;

/// A command for a game.
pub enum GameCmd {
    /// A connection joins: a player (re)connecting or a spectator.
    Attach {
        /// Its queue.
        out: Outbox,
        /// Who.
        user: User,
    },
    /// A connection left.
    Detach {
        /// Which.
        conn: ConnId,
    },
    /// A message from a connection attached to the game.
    Msg {
        /// Which.
        conn: ConnId,
        /// What.
        msg: ClientMsg,
    },
}

/// A player's seat.
pub struct Seat {
    /// The player.
    pub user: User,
    /// The rating shown in this game's speed.
    pub rating: Option<(i32, bool)>,
    conns: HashSet<ConnId>,
    gone_since: Option<Instant>,
}

impl Seat {
    /// A seat for `user`, connected by nobody yet.
    #[must_use]
    pub fn new(user: User, rating: Option<(i32, bool)>) -> Seat {
        Seat {
            user,
            rating,
            conns: HashSet::new(),
            gone_since: Some(Instant::now()),
        }
    }
}

pub(crate) fn rules_name(r: Rules) -> &'static str {
    match r {
        Rules::Asian => "asian",
        Rules::League => "league",
    }
}

pub(crate) fn rules_from(s: &str) -> Rules {
    if s == "league" {
        Rules::League
    } else {
        Rules::Asian
    }
}

fn ix(s: Side) -> usize {
    match s {
        Side::Red => 0,
        Side::Black => 1,
    }
}

/// A game's task.
pub struct Game {
    pub(crate) id: u64,
    pub(crate) ctx: Ctx,
    pub(crate) row: GameRow,
    pub(crate) time: TimeControl,
    pub(crate) rules: Rules,
    pub(crate) record: GameRecord,
    pub(crate) seats: [Seat; 2],
    pub(crate) clock: Clock,
    /// Both clocks after each ply (index 0: the start), for takebacks.
    pub(crate) history: Vec<(u64, u64)>,
    pub(crate) last_move: Instant,
    pub(crate) offers: HashSet<(OfferKind, Side)>,
    pub(crate) watchers: HashMap<ConnId, (Outbox, Role, User)>,
    pub(crate) chat: std::collections::VecDeque<ChatLine>,
    pub(crate) over: Option<(GameResult, EndReason)>,
    pub(crate) ended: Option<Instant>,
}

impl Game {
    /// A game from its stored row and moves (a new game has none), its clocks resumed as stored
    /// after the last move: the time the server was down is not charged to anyone.
    pub fn restore(
        ctx: Ctx,
        row: GameRow,
        moves: &[MoveRow],
        seats: [Seat; 2],
    ) -> Result<Game, String> {
        let time = TimeControl::new(row.base_s as u32, row.inc_s as u32);
        let rules = rules_from(&row.rules);
        let mut record = GameRecord::from_fen(&row.fen).map_err(|e| e.to_string())?;
        record.set_rulebook(Rulebook::from(rules));
        let base = u64::from(time.base_s) * 1000;
        let mut clock = Clock::new(base, u64::from(time.inc_s) * 1000);
        let mut history = vec![(base, base)];
        for m in moves {
            let mv: Move = m.mv.parse().map_err(|_| format!("stored move {}", m.mv))?;
            record.play(mv).map_err(|e| e.to_string())?;
            history.push((m.red_ms as u64, m.black_ms as u64));
        }
        let now = Instant::now();
        let (r, b) = history[history.len() - 1];
        let to_move = Side::from(record.position().side_to_move());
        let running = (record.len() >= 2).then_some((to_move, now));
        clock.set(r, b, running);
        Ok(Game {
            id: row.id as u64,
            ctx,
            row,
            time,
            rules,
            record,
            seats,
            clock,
            history,
            last_move: now,
            offers: HashSet::new(),
            watchers: HashMap::new(),
            chat: std::collections::VecDeque::new(),
            over: None,
            ended: None,
        })
    }

    /// The lobby's line for it.
    #[must_use]
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.id,
            red: self.seats[0].user.name.clone(),
            black: self.seats[1].user.name.clone(),
            time: self.time,
            rated: self.row.rated,
            rules: self.rules,
            plies: self.record.len() as u32,
        }
    }

    /// Runs the game until it has ended and lingered.
    pub async fn run(mut self, mut rx: GameRx) {
        loop {
            let deadline = self.deadline();
            let cmd = tokio::select! {
                c = rx.recv() => c,
                () = sleep_until(deadline) => { if self.on_timer().await { break; } continue; }
            };
            let Some(cmd) = cmd else { break };
            match cmd {
                GameCmd::Attach { out, user } => self.attach(out, user),
                GameCmd::Detach { conn } => self.detach(conn),
                GameCmd::Msg { conn, msg } => self.on_msg(conn, msg).await,
            }
        }
        self.ctx.tell(Event::Closed(self.id)).await;
    }

    fn deadline(&self) -> Option<Instant> {
        if let Some(ended) = self.ended {
            return Some(ended + LINGER);
        }
        if self.record.len() < 2 {
            return Some(self.last_move + Duration::from_secs(self.ctx.cfg.first_move_s));
        }
        self.clock.flag_at()
    }

    /// A deadline passed; whether the task should end.
    async fn on_timer(&mut self) -> bool {
        if self.ended.is_some() {
            return true;
        }
        let now = Instant::now();
        if self.record.len() < 2 {
            self.finish_special(GameResult::Aborted, EndReason::Aborted)
                .await;
        } else if let Some(side) = self.clock.running()
            && self.clock.left(side, now) == 0
        {
            self.flag(side).await;
        }
        false
    }

    pub(crate) fn role_of(&self, conn: ConnId) -> Option<Role> {
        self.watchers.get(&conn).map(|w| w.1)
    }

    fn attach(&mut self, out: Outbox, user: User) {
        let role = if user.key == self.seats[0].user.key {
            Role::Red
        } else if user.key == self.seats[1].user.key {
            Role::Black
        } else {
            Role::Spectator
        };
        let conn = out.conn;
        self.watchers.insert(conn, (out.clone(), role, user));
        out.send(&ServerMsg::Game {
            game: self.view(role),
        });
        if let Some(side) = player_side(role) {
            let seat = &mut self.seats[ix(side)];
            let was_gone = seat.conns.is_empty();
            seat.conns.insert(conn);
            seat.gone_since = None;
            if was_gone {
                self.broadcast(&ServerMsg::Connection {
                    game: self.id,
                    side,
                    connected: true,
                    claim_in_ms: None,
                });
            }
        }
    }

    fn detach(&mut self, conn: ConnId) {
        let Some((_, role, _)) = self.watchers.remove(&conn) else {
            return;
        };
        if let Some(side) = player_side(role) {
            let claim_after = self.ctx.cfg.claim_after(self.time.base_s);
            let seat = &mut self.seats[ix(side)];
            seat.conns.remove(&conn);
            if seat.conns.is_empty() {
                seat.gone_since = Some(Instant::now());
                self.broadcast(&ServerMsg::Connection {
                    game: self.id,
                    side,
                    connected: false,
                    claim_in_ms: Some(claim_after.as_millis() as u64),
                });
            }
        }
    }

    /// The whole game as `role` sees it.
    pub(crate) fn view(&self, role: Role) -> GameView {
        let player = |s: &Seat| PlayerView {
            name: s.user.name.clone(),
            rating: s.rating.map(|r| r.0),
            provisional: s.rating.is_some_and(|r| r.1),
            guest: s.user.guest,
            connected: !s.conns.is_empty(),
        };
        GameView {
            id: self.id,
            red: player(&self.seats[0]),
            black: player(&self.seats[1]),
            you: role,
            time: self.time,
            rated: self.row.rated,
            rules: self.rules,
            fen: self.row.fen.clone(),
            moves: self
                .record
                .moves()
                .iter()
                .map(ToString::to_string)
                .collect(),
            clocks: self.clock.view(Instant::now()),
            offers: self.offers.iter().copied().collect(),
            chat: self
                .chat
                .iter()
                .filter(|l| role == Role::Spectator || !l.spectators || self.ended.is_some())
                .cloned()
                .collect(),
            result: self.over.map(|o| o.0),
            reason: self.over.map(|o| o.1),
        }
    }

    /// Sends to every connection on the game.
    pub(crate) fn broadcast(&self, msg: &ServerMsg) {
        let frame: Arc<str> = msg.to_json().into();
        for (out, _, _) in self.watchers.values() {
            out.push(Out::Frame(Arc::clone(&frame)));
        }
    }

    pub(crate) fn reply(&self, conn: ConnId, code: ErrorCode, message: impl Into<String>) {
        if let Some((out, _, _)) = self.watchers.get(&conn) {
            out.send(&ServerMsg::Error {
                code,
                message: message.into(),
                game: Some(self.id),
            });
        }
    }

    async fn on_msg(&mut self, conn: ConnId, msg: ClientMsg) {
        let Some(role) = self.role_of(conn) else {
            return;
        };
        let player = player_side(role);
        match msg {
            ClientMsg::Chat { text, .. } => self.chat_line(conn, role, text).await,
            ClientMsg::Unwatch { .. } => {
                if player.is_none() {
                    self.watchers.remove(&conn);
                }
            }
            ClientMsg::Watch { .. } => {
                if let Some((out, role, _)) = self.watchers.get(&conn) {
                    out.send(&ServerMsg::Game {
                        game: self.view(*role),
                    });
                }
            }
            other => {
                let Some(side) = player else {
                    self.reply(conn, ErrorCode::NotYourGame, "you are watching this game");
                    return;
                };
                self.player_msg(conn, side, other).await;
            }
        }
    }
}

fn player_side(role: Role) -> Option<Side> {
    match role {
        Role::Red => Some(Side::Red),
        Role::Black => Some(Side::Black),
        Role::Spectator => None,
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

// ----------------------------------------------------------------------------------------------
// A player's messages in a game: moves (checked, numbered by ply, durable before they are
// acknowledged, the clocks charged), offers, resignation, claims, and chat.

impl Game {
    async fn player_msg(&mut self, conn: ConnId, side: Side, msg: ClientMsg) {
        let rematch = matches!(
            msg,
            ClientMsg::Offer {
                kind: OfferKind::Rematch,
                ..
            } | ClientMsg::Decline {
                kind: OfferKind::Rematch,
                ..
            }
        );
        if self.over.is_some() && !rematch {
            self.reply(conn, ErrorCode::GameOver, "the game is over");
            return;
        }
        match msg {
            ClientMsg::Move {
                ply, mv, think_ms, ..
            } => {
                self.play(conn, side, ply, &mv, think_ms).await;
            }
            ClientMsg::Resign { .. } => {
                let winner = side.other();
                self.finish_special(GameResult::win(winner), EndReason::Resignation)
                    .await;
            }
            ClientMsg::Abort { .. } => {
                if self.record.len() >= 2 {
                    self.reply(
                        conn,
                        ErrorCode::NotNow,
                        "both sides have moved: resign instead",
                    );
                } else {
                    self.finish_special(GameResult::Aborted, EndReason::Aborted)
                        .await;
                }
            }
            ClientMsg::Claim { kind, .. } => self.claim(conn, side, kind).await,
            ClientMsg::Offer { kind, .. } => self.offer(conn, side, kind).await,
            ClientMsg::Decline { kind, .. } => self.decline(conn, side, kind),
            _ => self.reply(conn, ErrorCode::BadField, "not a game message"),
        }
    }

    async fn play(&mut self, conn: ConnId, side: Side, ply: u32, text: &str, think: Option<u64>) {
        let len = self.record.len();
        let ply = ply as usize;
        if ply < len {
            if self.record.moves()[ply].to_string() == text {
                // Sent again (a reconnection, a retry): acknowledged to the sender only, with
                // the clocks as they are now (what a client re-syncing needs).
                if let Some((out, _, _)) = self.watchers.get(&conn) {
                    out.send(&ServerMsg::Moved {
                        game: self.id,
                        ply: ply as u32,
                        mv: text.to_owned(),
                        clocks: self.clock.view(Instant::now()),
                    });
                }
            } else {
                self.reply(
                    conn,
                    ErrorCode::WrongPly,
                    format!("ply {ply} was played already"),
                );
            }
            return;
        }
        if ply > len {
            self.reply(
                conn,
                ErrorCode::WrongPly,
                format!("the game has {len} moves, not {ply}"),
            );
            return;
        }
        if Side::from(self.record.position().side_to_move()) != side {
            self.reply(conn, ErrorCode::NotYourTurn, "it is the other side's turn");
            return;
        }
        let Ok(mv) = text.parse::<Move>() else {
            self.reply(
                conn,
                ErrorCode::IllegalMove,
                format!("{text:?} is not a move in ICCS"),
            );
            return;
        };
        let now = Instant::now();
        let before = self.clock.clone();
        if !self.clock.on_move(side, now, think) {
            self.flag(side).await;
            return;
        }
        if let Err(e) = self.record.play(mv) {
            self.clock = before;
            self.reply(conn, ErrorCode::IllegalMove, format!("{text}: {e}"));
            return;
        }
        if self.record.len() == 2 {
            self.clock.start(Side::Red, now);
        }
        let view = self.clock.view(now);
        let row = MoveRow {
            game_id: self.id as i64,
            ply: ply as i64,
            mv: text.to_owned(),
            red_ms: view.red_ms as i64,
            black_ms: view.black_ms as i64,
            at_ms: crate::user::now_ms(),
        };
        if let Err(e) = self.ctx.moves.write(row).await {
            tracing::error!(game = self.id, "a move could not be stored: {e}");
            self.record.undo();
            self.record.truncate();
            self.clock = before;
            self.reply(
                conn,
                ErrorCode::Internal,
                "the move could not be stored; play it again",
            );
            return;
        }
        self.ctx
            .metrics
            .moves
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.history.push((view.red_ms, view.black_ms));
        self.last_move = now;
        self.broadcast(&ServerMsg::Moved {
            game: self.id,
            ply: ply as u32,
            mv: text.to_owned(),
            clocks: self.clock.view(Instant::now()),
        });
        self.moved_clears_offers();
        if let Some(outcome) = self.record.outcome() {
            self.finish(outcome).await;
        }
    }

    async fn chat_line(&mut self, conn: ConnId, role: Role, text: String) {
        let Some((key, from)) =
            (self.watchers.get(&conn)).map(|w| (w.2.key.clone(), w.2.name.clone()))
        else {
            return;
        };
        let spectators = role == Role::Spectator && self.ended.is_none();
        let line = ChatLine {
            from,
            text,
            spectators,
        };
        let row = crate::store::ChatRow {
            game_id: Some(self.id as i64),
            author: line.from.clone(),
            body: line.text.clone(),
            spectators,
            at_ms: crate::user::now_ms(),
        };
        if let Err(e) = self.ctx.store.add_chat(&row).await {
            tracing::warn!("chat not stored: {e}");
        }
        let frame: Arc<str> = ServerMsg::Chat {
            room: Room::Game { game: self.id },
            line: line.clone(),
        }
        .to_json()
        .into();
        for (out, r, _) in self.watchers.values() {
            if !spectators || *r == Role::Spectator {
                out.push(Out::Chat {
                    from_key: key.clone(),
                    frame: Arc::clone(&frame),
                });
            }
        }
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back(line);
    }
}
