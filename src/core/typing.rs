//! Typed text: the keys pressed (with their text, so any keyboard layout) and the input method's
//! commits (Chinese typed with an IME) into a string. The comment box and the online forms share
//! it.

use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyCode, KeyboardInput};

/// What a key did to the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Text was added or taken away (or nothing happened).
    Edited,
    /// Enter (with Shift: a new line, reported as `Edited`, when `lines` allows it).
    Enter,
    /// Escape.
    Escape,
    /// Tab (Shift+Tab: `back`).
    Tab {
        /// Whether Shift was held.
        back: bool,
    },
}

/// Whether Shift is held, followed key by key through the keys typed. The keyboard's state at the
/// end of a frame is wrong for a key typed before Shift went down in the same frame, as a slow
/// frame gathers a Tab and the Shift of the capital typed after it: that Tab is not Shift+Tab.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShiftKeys {
    left: bool,
    right: bool,
}

impl ShiftKeys {
    /// Takes in one key, in the order typed.
    pub fn follow(&mut self, key: &KeyboardInput) {
        let down = key.state == ButtonState::Pressed;
        match key.key_code {
            KeyCode::ShiftLeft => self.left = down,
            KeyCode::ShiftRight => self.right = down,
            _ => {}
        }
    }

    /// Whether either Shift is down after the keys taken in so far.
    #[must_use]
    pub fn held(self) -> bool {
        self.left || self.right
    }

    /// The window lost the keyboard: no key is held any more.
    pub fn release(&mut self) {
        *self = ShiftKeys::default();
    }
}

/// Applies one key to `text`: Backspace takes the last character, printable text is added (no
/// control characters), Enter, Escape and Tab are reported. At most `max` characters are kept.
pub fn type_key(
    text: &mut String,
    key: &KeyboardInput,
    shift: bool,
    lines: bool,
    max: usize,
) -> Typed {
    if key.state != ButtonState::Pressed {
        return Typed::Edited;
    }
    let typed = match key.key_code {
        KeyCode::Backspace => {
            text.pop();
            Typed::Edited
        }
        KeyCode::Enter | KeyCode::NumpadEnter if shift && lines => {
            text.push('\n');
            Typed::Edited
        }
        KeyCode::Enter | KeyCode::NumpadEnter => Typed::Enter,
        KeyCode::Escape => Typed::Escape,
        KeyCode::Tab => Typed::Tab { back: shift },
        _ => {
            if let Some(t) = &key.text {
                text.extend(t.chars().filter(|c| !c.is_control()));
            }
            Typed::Edited
        }
    };
    cap(text, max);
    typed
}

/// Adds an input method's commit to `text`, keeping at most `max` characters.
pub fn type_commit(text: &mut String, value: &str, max: usize) {
    text.extend(value.chars().filter(|c| !c.is_control()));
    cap(text, max);
}

fn cap(text: &mut String, max: usize) {
    if text.chars().count() > max {
        *text = text.chars().take(max).collect();
    }
}
