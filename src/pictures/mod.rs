//! Pictures to share: the position as a flat diagram (PNG) and the game as an animation (GIF),
//! drawn without the 3D renderer (`render`) on a thread of their own and written into the records
//! folder, with a notice naming the file.

use bevy::prelude::*;

pub mod logic;
pub mod panel;
pub mod render;

/// The picture the player asks for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureRequest {
    /// The position shown, as a PNG diagram.
    Diagram,
    /// The game's current line, as an animated GIF.
    Animation,
}

/// Pictures, headless.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PictureRequest>();
    app.add_plugins(logic::plugin);
}
