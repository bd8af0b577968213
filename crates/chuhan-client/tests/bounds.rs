//! The link's channels are bounded and a full one is told, never dropped silently: with room for
//! one request and one event, fifty messages asked at once (with no connection, so each comes
//! back unsent) are every one reported, those the full queue refused among them.

use std::time::{Duration, Instant};

use chuhan_client::{Event, Link, Request};
use xiangqi_protocol::ClientMsg;

#[test]
fn a_full_request_queue_reports_every_message_it_refused() {
    let link = Link::start_bounded("bounds test", 1, 1).expect("the link starts");
    for _ in 0..50 {
        link.send(Request::Send(ClientMsg::Lobby { subscribe: true }));
    }
    assert!(link.refused() > 0, "the queue of one never filled");
    let mut unsent = 0;
    let deadline = Instant::now() + Duration::from_secs(10);
    while unsent < 50 && Instant::now() < deadline {
        for event in link.poll() {
            match event {
                Event::Unsent(ClientMsg::Lobby { .. }) => unsent += 1,
                other => panic!("unexpected {other:?}"),
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(unsent, 50, "{} refused at once", link.refused());
    assert!(link.poll().is_empty());
}
