//! The game's files, with no game logic: where they live, atomic writes (done off the frame loop
//! by a writer thread), reading, saving and listing records, local dates. Depends on the rules
//! library only; never names the core, the view or the UI.

use bevy::prelude::*;

pub mod background;
pub mod clipboard;
pub mod dates;
#[cfg(target_arch = "wasm32")]
pub mod device_files;
pub mod files;
pub mod handed;
pub mod lenient;
pub mod library;
pub mod locale;
pub mod network;
#[cfg(target_arch = "wasm32")]
mod page;
pub mod query;
pub mod records;
pub mod words;
pub mod writer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<files::Dirs>()
        .init_resource::<writer::Writer>();
}
