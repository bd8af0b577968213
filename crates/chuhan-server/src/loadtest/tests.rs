//! The load program's accounting against a scripted server on loopback: what a player's client
//! would see counts, not the form it came in.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use xiangqi_protocol::{
    ClientMsg, ClockView, GameView, PROTOCOL_VERSION, PlayerView, Role, Rules, ServerMsg,
    TimeControl,
};

use super::Counters;
use super::play::{Play, Step, one_move};
use crate::bot::Bot;

const GAME: u64 = 26;

async fn send(ws: &mut WebSocketStream<TcpStream>, msg: &ServerMsg) {
    ws.send(Message::Text(msg.to_json().into())).await.unwrap();
}

async fn receive(ws: &mut WebSocketStream<TcpStream>) -> ClientMsg {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => return ClientMsg::from_json(t.as_str()).unwrap(),
            Some(Ok(_)) => {}
            other => panic!("the bot went away: {other:?}"),
        }
    }
}

/// A connection greeted as a server greets it.
async fn accept(listener: &TcpListener) -> WebSocketStream<TcpStream> {
    let (stream, _) = listener.accept().await.unwrap();
    let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
    assert!(matches!(receive(&mut ws).await, ClientMsg::Hello { .. }));
    send(
        &mut ws,
        &ServerMsg::Welcome {
            protocol: PROTOCOL_VERSION,
            server: "scripted".into(),
        },
    )
    .await;
    ws
}

fn player(name: &str) -> PlayerView {
    PlayerView {
        name: name.into(),
        rating: None,
        provisional: false,
        guest: true,
        connected: false,
    }
}

/// The game as a new owner sends it after taking it over.
fn view(moves: Vec<String>) -> GameView {
    GameView {
        id: GAME,
        red: player("a"),
        black: player("b"),
        you: Role::Black,
        time: TimeControl::new(1800, 0),
        rated: false,
        rules: Rules::Asian,
        fen: xiangqi::Position::startpos().to_fen(),
        moves,
        clocks: ClockView {
            red_ms: 1_800_000,
            black_ms: 1_800_000,
            running: None,
        },
        offers: Vec::new(),
        chat: Vec::new(),
        result: None,
        reason: None,
    }
}

/// The game's owner acknowledges the mover's move on the mover's own connection and dies
/// before the relay to the opponent (on another instance) went out; the instance that takes
/// the game over sends the opponent the whole game, with the move when `stored` (it was made
/// durable before the acknowledgement) and without it otherwise. What `one_move` made of it,
/// and the counters.
async fn owner_dies_after_the_ack(stored: bool) -> (Step, Play, Arc<Counters>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move {
        let mut mover = accept(&listener).await;
        let mut opponent = accept(&listener).await;
        let ClientMsg::Move { game, ply, mv, .. } = receive(&mut mover).await else {
            panic!("not a move");
        };
        send(
            &mut mover,
            &ServerMsg::Moved {
                game,
                ply,
                mv: mv.clone(),
                clocks: view(Vec::new()).clocks,
            },
        )
        .await;
        // SIGKILLed: the mover's connection drops, the relay never leaves.
        drop(mover);
        tokio::time::sleep(Duration::from_millis(100)).await;
        let moves = if stored { vec![mv] } else { Vec::new() };
        send(&mut opponent, &ServerMsg::Game { game: view(moves) }).await;
        // The opponent's connection lives on.
        tokio::time::sleep(Duration::from_secs(30)).await;
    });
    let mut a = Bot::connect(addr).await.unwrap();
    let mut b = Bot::connect(addr).await.unwrap();
    let mut play = Play {
        game: GAME,
        a_red: true,
        moves: Vec::new(),
    };
    let c = Arc::new(Counters::default());
    let lat = Mutex::new(Vec::new());
    let step = one_move(&mut a, &mut b, &mut play, Instant::now(), &c, &lat).await;
    server.abort();
    (step, play, c)
}

#[tokio::test]
async fn a_move_the_opponent_got_in_the_new_owners_view_is_not_lost() {
    let (step, play, c) = owner_dies_after_the_ack(true).await;
    assert_eq!(c.moves.load(Relaxed), 1, "acknowledged");
    assert_eq!(c.lost.load(Relaxed), 0, "the opponent's board has the move");
    assert_eq!(c.by_view.load(Relaxed), 1);
    assert!(
        matches!(step, Step::Resynced),
        "the game goes on from the view"
    );
    assert_eq!(play.moves.len(), 1);
}

#[tokio::test]
async fn a_move_missing_from_the_new_owners_view_is_lost() {
    let (step, play, c) = owner_dies_after_the_ack(false).await;
    assert_eq!(c.moves.load(Relaxed), 1, "acknowledged");
    assert_eq!(
        c.lost.load(Relaxed),
        1,
        "acknowledged, then gone from the game"
    );
    assert_eq!(c.by_view.load(Relaxed), 0);
    assert!(matches!(step, Step::Resynced | Step::Stop));
    assert!(
        play.moves.is_empty(),
        "the game goes on from the server's moves"
    );
}
