//! What a client knows of the server, folded from the link's events: who is logged in, the lobby,
//! the games open (played or watched) with their moves, clocks, offers and chat. Each event
//! returns the [`Change`]s a screen must show; nothing here waits or touches the network.

use std::collections::BTreeMap;
use std::time::Duration;

use web_time::Instant;

use xiangqi::{GameRecord, Move, Position, Rulebook};
use xiangqi_protocol::{
    ChallengeView, ChatLine, ClientMsg, ClockView, EndReason, ErrorCode, GameResult, GameSummary,
    GameView, OfferKind, PlayerView, RatingChange, RatingView, Role, Room, Rules, SeekView, Side,
    TimeControl,
};

use crate::link::Event;

/// The most chat lines kept per room.
pub const CHAT_KEPT: usize = 200;

/// The connection as a player sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Connection {
    /// Not connected.
    #[default]
    Offline,
    /// Connected and logged in.
    Online,
    /// Lost; trying again.
    Reconnecting {
        /// Attempts so far.
        attempt: u32,
    },
}

/// The player logged in.
#[derive(Clone, Debug, PartialEq)]
pub struct Me {
    /// The name.
    pub name: String,
    /// Whether a guest.
    pub guest: bool,
    /// The ratings, one per speed.
    pub ratings: Vec<RatingView>,
}

/// The lobby as last told.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    /// Open seeks.
    pub seeks: Vec<SeekView>,
    /// Players online.
    pub online: u32,
    /// Games in play.
    pub games: Vec<GameSummary>,
    /// Challenges to or from the player.
    pub challenges: Vec<ChallengeView>,
    /// The lobby's chat.
    pub chat: Vec<ChatLine>,
}

/// A game open on this client: played or watched.
#[derive(Clone, Debug)]
pub struct OnlineGame {
    /// Its number.
    pub id: u64,
    /// Red.
    pub red: PlayerView,
    /// Black.
    pub black: PlayerView,
    /// This player's role.
    pub you: Role,
    /// The time control.
    pub time: TimeControl,
    /// Rated or casual.
    pub rated: bool,
    /// The rulebook.
    pub rules: Rules,
    /// The start position.
    pub start: Position,
    /// The moves the server confirmed.
    pub moves: Vec<Move>,
    /// The mover's time left after each confirmed move, in ms (unknown for moves played before
    /// this client opened the game).
    pub clock_after: Vec<Option<u64>>,
    /// This player's move sent and not yet confirmed (it follows `moves`).
    pub pending: Option<Move>,
    /// The clocks as last told.
    pub clocks: ClockView,
    /// When they were told.
    pub clocks_at: Instant,
    /// Offers pending, with who made them.
    pub offers: Vec<(OfferKind, Side)>,
    /// The chat this player may see.
    pub chat: Vec<ChatLine>,
    /// The result and its reason, once over.
    pub result: Option<(GameResult, EndReason)>,
    /// The rating changes (rated games, once over): Red's, Black's.
    pub ratings: (Option<RatingChange>, Option<RatingChange>),
    /// When the opponent, gone, may be claimed against (None: connected).
    pub claim_at: Option<Instant>,
}

impl OnlineGame {
    fn from_view(view: GameView, now: Instant) -> Option<OnlineGame> {
        let start = Position::from_fen(&view.fen).ok()?;
        let mut moves = Vec::with_capacity(view.moves.len());
        let mut pos = start.clone();
        for text in &view.moves {
            let m: Move = text.parse().ok()?;
            pos.play(m).ok()?;
            moves.push(m);
        }
        Some(OnlineGame {
            id: view.id,
            red: view.red,
            black: view.black,
            you: view.you,
            time: view.time,
            rated: view.rated,
            rules: view.rules,
            start,
            clock_after: vec![None; moves.len()],
            moves,
            pending: None,
            clocks: view.clocks,
            clocks_at: now,
            offers: view.offers,
            chat: view.chat.into_iter().map(shown).collect(),
            result: view.result.zip(view.reason),
            ratings: (None, None),
            claim_at: None,
        })
    }

    /// The side this player plays (none when watching).
    #[must_use]
    pub fn my_side(&self) -> Option<Side> {
        match self.you {
            Role::Red => Some(Side::Red),
            Role::Black => Some(Side::Black),
            Role::Spectator => None,
        }
    }

    /// The record of the confirmed moves, under the game's rulebook.
    #[must_use]
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::new(self.start.clone());
        record.set_rulebook(Rulebook::from(self.rules));
        for &m in &self.moves {
            if record.play(m).is_err() {
                break;
            }
        }
        record
    }

    /// The position after the confirmed moves.
    #[must_use]
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            if pos.play(m).is_err() {
                break;
            }
        }
        pos
    }

    /// Whether it is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.result.is_some()
    }

    /// `side`'s time left at `now`: the last figure told, less the time since for the running
    /// clock.
    #[must_use]
    pub fn time_left(&self, side: Side, now: Instant) -> Duration {
        let told = match side {
            Side::Red => self.clocks.red_ms,
            Side::Black => self.clocks.black_ms,
        };
        let told = Duration::from_millis(told);
        if self.clocks.running == Some(side) && !self.over() {
            told.saturating_sub(now.saturating_duration_since(self.clocks_at))
        } else {
            told
        }
    }

    /// Whether `side` offers `kind` now.
    #[must_use]
    pub fn offered(&self, kind: OfferKind, by: Side) -> bool {
        self.offers.contains(&(kind, by))
    }
}

/// What changed, for a screen to show.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The connection changed (online, reconnecting, offline).
    Connection,
    /// Logged in (or again after a reconnection).
    LoggedIn,
    /// Logged out.
    LoggedOut,
    /// A login to keep for the server (a new token).
    Token(String),
    /// The lobby changed.
    Lobby,
    /// A whole game arrived: a new game, one watched, or one restored after a reconnection.
    GameOpened(u64),
    /// A move was confirmed: the opponent's, a spectator's view, or this player's own (`own`).
    Moved {
        /// The game.
        game: u64,
        /// The move.
        mv: Move,
        /// Whether it was this player's, shown already.
        own: bool,
    },
    /// This player's move was refused by the server and is taken back: the server's code (for
    /// words in the player's language) and its message.
    Refused {
        /// The game.
        game: u64,
        /// The move.
        mv: Move,
        /// The server's code.
        code: ErrorCode,
        /// The server's words (English).
        why: String,
    },
    /// What was asked while the connection was down was not sent; a move of this player's (the
    /// game and the move) is taken back.
    NotSent(Option<(u64, Move)>),
    /// Moves were taken back by agreement.
    TookBack(u64),
    /// Offers, connection flags or clocks changed.
    GameState(u64),
    /// The game ended.
    GameOver(u64),
    /// A chat line arrived.
    Chat(Room),
    /// Something went wrong: the server's code when it refused something, and the words.
    Error(Option<ErrorCode>, String),
}

/// The client's knowledge of the server.
#[derive(Clone, Debug, Default)]
pub struct Session {
    /// The connection.
    pub connection: Connection,
    /// Who is logged in.
    pub me: Option<Me>,
    /// The lobby.
    pub lobby: Lobby,
    /// The games open.
    pub games: BTreeMap<u64, OnlineGame>,
    /// Messages to send that the session asks for itself (a game out of step asked again).
    pub outbox: Vec<ClientMsg>,
}

impl Session {
    /// Folds one event of the link in.
    pub fn apply(&mut self, event: Event, now: Instant) -> Vec<Change> {
        match event {
            Event::LoggedIn { token, .. } => {
                self.connection = Connection::Online;
                vec![Change::Connection, Change::Token(token)]
            }
            Event::Reconnecting { attempt, .. } => {
                self.connection = Connection::Reconnecting { attempt };
                vec![Change::Connection]
            }
            Event::Reconnected => {
                self.connection = Connection::Online;
                vec![Change::Connection]
            }
            Event::Closed(error) => {
                self.connection = Connection::Offline;
                let mut changes = vec![Change::Connection];
                changes.extend(error.map(|e| Change::Error(None, e.to_string())));
                changes
            }
            Event::Unsent(msg) => self.unsent(msg),
            Event::Message(msg) => self.message(*msg, now),
        }
    }

    fn unsent(&mut self, msg: ClientMsg) -> Vec<Change> {
        if let ClientMsg::Move { game, .. } = msg
            && let Some(g) = self.games.get_mut(&game)
            && let Some(mv) = g.pending.take()
        {
            return vec![Change::NotSent(Some((game, mv)))];
        }
        vec![Change::NotSent(None)]
    }

    /// Plays this player's move in `game`: checked here first (so a wrong click never reaches
    /// the server), kept as pending, and the message to send returned.
    pub fn play(&mut self, game: u64, mv: Move, think: Duration) -> Result<ClientMsg, String> {
        let g = self.games.get_mut(&game).ok_or("no such game")?;
        let side = g.my_side().ok_or("you are watching this game")?;
        if g.over() {
            return Err("the game is over".into());
        }
        if g.pending.is_some() {
            return Err("your last move is not confirmed yet".into());
        }
        let pos = g.position();
        if pos.side_to_move() != xiangqi::Color::from(side) {
            return Err("it is not your turn".into());
        }
        pos.check_legal(mv).map_err(|e| e.to_string())?;
        g.pending = Some(mv);
        Ok(ClientMsg::Move {
            game,
            ply: u32::try_from(g.moves.len()).unwrap_or(u32::MAX),
            mv: mv.to_string(),
            think_ms: Some(u64::try_from(think.as_millis()).unwrap_or(u64::MAX)),
        })
    }

    /// Forgets a game (after its end, or when no longer watched).
    pub fn close(&mut self, game: u64) {
        self.games.remove(&game);
    }
}

/// Keeps the last [`CHAT_KEPT`] lines.
fn keep(chat: &mut Vec<ChatLine>, line: ChatLine) {
    chat.push(shown(line));
    if chat.len() > CHAT_KEPT {
        chat.drain(..chat.len() - CHAT_KEPT);
    }
}

/// A line as the game shows it: whatever the server sent, without the controls that could turn
/// its text around or steer a terminal (`xiangqi_protocol::chat`).
fn shown(mut line: ChatLine) -> ChatLine {
    line.text = xiangqi_protocol::chat::neutralised(&line.text);
    line.from = xiangqi_protocol::chat::neutralised(&line.from);
    line
}

/// Whether a refusal concerns a move just sent.
fn refuses_a_move(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::IllegalMove
            | ErrorCode::NotYourTurn
            | ErrorCode::WrongPly
            | ErrorCode::GameOver
            | ErrorCode::NotYourGame
    )
}

mod messages;

#[cfg(test)]
mod tests;
