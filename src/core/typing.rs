//! Typed text: the keys pressed (with their text, so any keyboard layout) and the input method's
//! commits (Chinese typed with an IME) into a string. The comment box and the online forms share
//! it.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;

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

/// Applies one key to `text`: Backspace takes the last character, printable text is added (no
/// control characters), Enter, Escape and Tab are reported. At most `max` characters are kept.
pub fn type_key(
    text: &mut String,
    key: &KeyboardInput,
    shift: bool,
    lines: bool,
    max: usize,
) -> Typed {
    use bevy::input::keyboard::KeyCode;
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
