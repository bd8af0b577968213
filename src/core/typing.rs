//! Typed text: the keys pressed (with their text, so any keyboard layout) and the input method's
//! commits (Chinese typed with an IME) into a string. The comment box and the online forms share
//! it.

use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::{KeyCode, KeyboardFocusLost, KeyboardInput};
use bevy::prelude::{Local, MessageReader};
use bevy::window::Ime;

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

/// The keyboard as a text field reads it: this frame's keys in the order typed, each with whether
/// Shift was held at that key ([`ShiftKeys`]), and the input method's commits. Every method first
/// lets go of Shift if the window lost the keyboard; a system calls one of them every frame.
#[derive(SystemParam)]
pub struct Keyboard<'w, 's> {
    keys: MessageReader<'w, 's, KeyboardInput>,
    ime: MessageReader<'w, 's, Ime>,
    lost: MessageReader<'w, 's, KeyboardFocusLost>,
    shift: Local<'s, ShiftKeys>,
}

impl Keyboard<'_, '_> {
    /// Whether nothing was typed this frame.
    pub fn nothing_typed(&mut self) -> bool {
        self.follow_focus();
        self.keys.is_empty() && self.ime.is_empty()
    }

    /// This frame's keys in order, each with whether Shift was held when it was typed.
    pub fn keys(&mut self) -> impl Iterator<Item = (&KeyboardInput, bool)> {
        self.follow_focus();
        let shift = &mut *self.shift;
        self.keys.read().map(move |key| {
            shift.follow(key);
            (key, shift.held())
        })
    }

    /// The text the input method committed this frame (Chinese typed with an IME).
    pub fn commits(&mut self) -> impl Iterator<Item = &str> {
        self.ime.read().filter_map(|event| match event {
            Ime::Commit { value, .. } => Some(value.as_str()),
            _ => None,
        })
    }

    /// Nothing has the keyboard: this frame's keys are dropped, not kept for a field that gets it
    /// later, but Shift is followed through them.
    pub fn drop_all(&mut self) {
        for _ in self.keys() {}
        self.ime.clear();
    }

    fn follow_focus(&mut self) {
        if !self.lost.is_empty() {
            self.lost.clear();
            self.shift.release();
        }
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
