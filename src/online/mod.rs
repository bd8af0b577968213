//! 联网对弈 (online play): log in to a `chuhan-server` (or play as a guest), the lobby (quick
//! pairing, seeks, challenges, games to watch), games against people on the 3D board with the
//! server's clocks, offers, chat, reconnection by itself, and the game saved in the records at
//! the end.
//!
//! The network runs on the link's own thread ([`chuhan_client::Link`]); each frame only polls
//! its channel. [`logic`] folds what the server says into the [`Online`] resource and drives the
//! board (the opponent's moves go through `MoveRequested` like the computer's); [`form`] holds
//! what the player types; [`panel`] draws the screens.

use bevy::prelude::*;
use xiangqi_protocol::{ClaimKind, ColorChoice, OfferKind, Rules, TimeControl};

pub mod form;
#[cfg_attr(target_arch = "wasm32", path = "host_web.rs")]
pub mod host;
pub mod link;
pub mod logic;
pub mod panel;
pub mod pool;
pub mod words;

pub use logic::{Online, Screen};

/// How the player logs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoginKind {
    /// As a guest (casual games only).
    Guest,
    /// With the name and password typed.
    Account,
    /// A new account with the name and password typed.
    Register,
}

/// What the player asks of online play.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// Open the online screen (the lobby when logged in, else the login).
    Open,
    /// Close the online screen (back to the board).
    Close,
    /// Connect to the address typed and log in.
    LogIn(LoginKind),
    /// Log out: the kept login is forgotten.
    LogOut,
    /// Host a game for a friend on this network: a server in this game, joined as a guest
    /// (`everyone`: on every network interface; else on 127.0.0.1 only).
    Host {
        /// Listen on every interface.
        everyone: bool,
    },
    /// Stop hosting.
    StopHost,
    /// Open a seek with these terms (the lobby's quick pairing is one with the defaults).
    Seek {
        /// The time control.
        time: TimeControl,
        /// Rated (accounts only) or casual.
        rated: bool,
        /// The colour wanted.
        color: ColorChoice,
        /// The rulebook.
        rules: Rules,
        /// How far from the player's rating an opponent may be (`None`: anyone).
        range: Option<i32>,
    },
    /// A quick-pairing pool: accept the oldest open seek of that time control the player may
    /// take, or open one (rated for an account, casual for a guest) when none waits.
    Pool(TimeControl),
    /// Order the lobby's seek list.
    SortSeeks(pool::SeekSort),
    /// The next value of one of the lobby's seek terms.
    SeekTerm(form::SeekTerm),
    /// Open a seek on the lobby's terms.
    OpenSeek,
    /// Withdraw a seek of one's own.
    CancelSeek(u64),
    /// Accept a seek: the game starts.
    AcceptSeek(u64),
    /// Challenge the player named in the form, on the lobby's seek terms.
    Challenge,
    /// Accept a challenge.
    AcceptChallenge(u64),
    /// Decline (or withdraw) a challenge.
    DeclineChallenge(u64),
    /// Watch a game in play.
    Watch(u64),
    /// Offer (a draw, a takeback, a rematch) or accept the opponent's offer of that kind.
    Offer(OfferKind),
    /// Decline the opponent's offer, or withdraw one's own.
    Decline(OfferKind),
    /// Resign the game: asks once (确定认输？) before it is sent.
    Resign,
    /// The answer to that question: resign (true) or play on.
    ConfirmResign(bool),
    /// Abort the game before both sides have moved.
    Abort,
    /// Claim the win or a draw when the opponent has been gone long enough.
    Claim(ClaimKind),
    /// Send the chat line typed.
    Chat,
    /// Hide (or show again) the opponent's chat.
    ToggleMute,
    /// Back to the lobby from a finished or watched game.
    Lobby,
}

/// Online play's requests, the link and the board driven by it.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<OnlineRequest>();
    app.add_plugins((logic::plugin, form::plugin, link::plugin));
}
