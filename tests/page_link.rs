//! A page opened from a link (`/?seek=ID`) on a device with an unfinished game: the link's
//! answer first, the offer to resume only once the player leaves online play. The game's online
//! client against a real `chuhan-server` on 127.0.0.1.

mod common;

use bevy::prelude::{App, MinimalPlugins, State};
use chuhan::core::autosave::ResumeOffer;
use chuhan::core::game::Players;
use chuhan::core::phase::Dialog;
use chuhan::online::form::Form;
use chuhan::online::link::{PageLink, Wanted};
use chuhan::online::{Online, OnlineRequest};
use common::{app_in, scratch_dir, send};
use tokio::runtime::Runtime;

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

/// A page opened from a link to a seek that is gone, on a device with an unfinished game: the
/// link's answer (the lobby, with the server's words) comes first, and the offer to resume the
/// game on this device only once the player leaves online play, never stacked over it.
#[test]
fn a_links_answer_comes_before_the_offer_to_resume() {
    let rt = Runtime::new().expect("runtime");
    let cfg = chuhan_server::config::Config {
        listen: "127.0.0.1:0".parse().expect("addr"),
        database: "sqlite::memory:".into(),
        ..chuhan_server::config::Config::default()
    };
    let server = rt.block_on(chuhan_server::start(cfg)).expect("starts").addr;
    let dir = scratch_dir();
    {
        let mut app = app_in(&dir);
        common::new_game(
            &mut app,
            common::START,
            &["h2e2", "h9g7"],
            Players::TWO_PLAYERS,
        );
        app.world()
            .resource::<chuhan::storage::writer::Writer>()
            .flush();
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, chuhan::CorePlugin));
    app.insert_resource(chuhan::storage::files::Dirs::in_one(&dir));
    // As `/?seek=999999` would: nobody ever opened that seek.
    app.insert_resource(PageLink(Some(Wanted::Seek(999_999))));
    app.world_mut().resource_mut::<Form>().address = server.to_string();
    let dialog = |app: &App| *app.world().resource::<State<Dialog>>().get();
    let mut said = false;
    for _ in 0..500 {
        app.update();
        assert_ne!(
            dialog(&app),
            Dialog::Resume,
            "the offer to resume came while the link was being answered ({:?}, said: {said})",
            online(&app).screen
        );
        said = online(&app).status.as_ref().is_some_and(|m| {
            m.in_(chuhan::core::i18n::Language::Chinese)
                .contains("这个邀请已被接受或取消")
        });
        if said {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        said,
        "the gone seek said in words: {:?}",
        online(&app).status
    );
    assert!(app.world().resource::<ResumeOffer>().0.is_some());
    for _ in 0..20 {
        app.update();
        assert_ne!(dialog(&app), Dialog::Resume, "stacked over the lobby");
    }
    send(&mut app, OnlineRequest::Close);
    app.update();
    assert_eq!(
        dialog(&app),
        Dialog::Resume,
        "the offer once online play is left"
    );
}
