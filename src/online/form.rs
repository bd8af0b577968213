//! What the player types for online play: the server's address, the name and password, the name
//! of a player to challenge, and the chat line. One field at a time has the keyboard (a click on
//! it, or Tab); Enter does the field's action; no key reaches the game's shortcuts meanwhile.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use xiangqi_protocol::{ColorChoice, MAX_CHAT_CHARS, Rules, TimeControl};

use crate::core::typing::{Keyboard, Typed, type_commit, type_key};
use crate::online::{LoginKind, OnlineRequest};

/// A field of the forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Component)]
pub enum Field {
    /// The server's address (`host:port`; empty: this machine).
    Address,
    /// The account's name.
    Name,
    /// The password (shown as dots, never kept).
    Password,
    /// A player to challenge.
    Opponent,
    /// The chat line.
    Chat,
}

impl Field {
    /// The longest text the field takes.
    #[must_use]
    pub fn max(self) -> usize {
        match self {
            Field::Address => 255,
            Field::Name | Field::Opponent => *xiangqi_protocol::NAME_CHARS.end(),
            Field::Password => 128,
            Field::Chat => MAX_CHAT_CHARS,
        }
    }

    /// The login form's fields in Tab order.
    const LOGIN: [Field; 3] = [Field::Address, Field::Name, Field::Password];
}

/// The terms of a seek the player opens from the lobby: every option the server takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeekTerms {
    /// Which of [`TimeControl::QUICK`] (or more).
    pub time: usize,
    /// Rated (accounts only) or casual.
    pub rated: bool,
    /// The colour wanted.
    pub color: ColorChoice,
    /// The rulebook.
    pub rules: Rules,
    /// How far from the player's rating an opponent may be (`None`: anyone).
    pub range: Option<i32>,
}

impl Default for SeekTerms {
    fn default() -> SeekTerms {
        SeekTerms {
            time: 2,
            rated: true,
            color: ColorChoice::Random,
            rules: Rules::Asian,
            range: None,
        }
    }
}

/// The time controls a seek may have: the quick ones and two longer.
pub const SEEK_TIMES: [TimeControl; 8] = [
    TimeControl::QUICK[0],
    TimeControl::QUICK[1],
    TimeControl::QUICK[2],
    TimeControl::QUICK[3],
    TimeControl::QUICK[4],
    TimeControl::QUICK[5],
    TimeControl::new(2700, 15),
    TimeControl::new(5400, 30),
];

/// One of a seek's terms, to change to its next value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekTerm {
    /// The time control.
    Time,
    /// Rated or casual.
    Rated,
    /// The colour.
    Color,
    /// The rulebook.
    Rules,
    /// The rating range.
    Range,
}

impl SeekTerms {
    /// The next value of `term`.
    pub fn cycle(&mut self, term: SeekTerm) {
        match term {
            SeekTerm::Time => self.time = (self.time + 1) % SEEK_TIMES.len(),
            SeekTerm::Rated => self.rated = !self.rated,
            SeekTerm::Color => {
                self.color = match self.color {
                    ColorChoice::Random => ColorChoice::Red,
                    ColorChoice::Red => ColorChoice::Black,
                    ColorChoice::Black => ColorChoice::Random,
                };
            }
            SeekTerm::Rules => {
                self.rules = match self.rules {
                    Rules::Asian => Rules::League,
                    Rules::League => Rules::Asian,
                };
            }
            SeekTerm::Range => {
                self.range = match self.range {
                    None => Some(100),
                    Some(100) => Some(200),
                    Some(200) => Some(400),
                    Some(_) => None,
                };
            }
        }
    }

    /// The time control chosen.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        SEEK_TIMES[self.time % SEEK_TIMES.len()]
    }
}

/// The forms' text and the field being typed in.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The server's address.
    pub address: String,
    /// The name.
    pub name: String,
    /// The password (cleared once used).
    pub password: String,
    /// A player to challenge.
    pub opponent: String,
    /// The chat line.
    pub chat: String,
    /// The field that has the keyboard.
    pub focus: Option<Field>,
    /// The terms of the next seek.
    pub seek: SeekTerms,
    /// The order of the lobby's seek list.
    pub sort: crate::online::pool::SeekSort,
}

impl Form {
    /// A field's text.
    #[must_use]
    pub fn text(&self, field: Field) -> &str {
        match field {
            Field::Address => &self.address,
            Field::Name => &self.name,
            Field::Password => &self.password,
            Field::Opponent => &self.opponent,
            Field::Chat => &self.chat,
        }
    }

    fn text_mut(&mut self, field: Field) -> &mut String {
        match field {
            Field::Address => &mut self.address,
            Field::Name => &mut self.name,
            Field::Password => &mut self.password,
            Field::Opponent => &mut self.opponent,
            Field::Chat => &mut self.chat,
        }
    }

    /// A field as shown: the password as stars, the field typed in with a caret.
    #[must_use]
    pub fn shown(&self, field: Field) -> String {
        let text = match field {
            Field::Password => "*".repeat(self.password.chars().count()),
            _ => self.text(field).to_owned(),
        };
        if self.focus == Some(field) {
            format!("{text}_")
        } else {
            text
        }
    }
}

/// A click on a field gives it the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus(pub Option<Field>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Form>();
    app.add_message::<Focus>();
}

/// The keyboard into the forms (with a window: the panel adds it). Typing is read right after
/// the input is gathered, and the keys typed are taken from the frame so that no shortcut acts
/// on them.
pub(crate) fn typing(app: &mut App) {
    app.add_systems(
        PreUpdate,
        (focus, type_in, ime_follows_focus)
            .chain()
            .after(bevy::input::InputSystems)
            .after(bevy::picking::PickingSystems::Last),
    );
}

/// A click on a field (this frame: the pointer's clicks are read first) gives it the keyboard,
/// before this frame's keys are typed.
fn focus(mut asked: MessageReader<Focus>, mut form: ResMut<Form>) {
    if let Some(&Focus(field)) = asked.read().last() {
        form.focus = field;
    }
}

/// The window takes input-method text (Chinese typed with an IME) while a field has the keyboard.
fn ime_follows_focus(form: Res<Form>, mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    if !form.is_changed() {
        return;
    }
    for mut window in &mut windows {
        if window.ime_enabled != form.focus.is_some() {
            window.ime_enabled = form.focus.is_some();
        }
    }
}

fn type_in(
    mut keyboard: Keyboard,
    mut form: ResMut<Form>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    let Some(mut field) = form.focus else {
        keyboard.drop_all();
        return;
    };
    if keyboard.nothing_typed() {
        return;
    }
    // Keys in the order typed; Tab and Escape move the keyboard at once, so that what follows
    // them in the same frame goes where they sent it. Shift is read key by key: a Tab and the
    // Shift of a capital typed after it can come in one frame.
    for (key, shift) in keyboard.keys() {
        let form = &mut *form;
        match type_key(form.text_mut(field), key, shift, false, field.max()) {
            Typed::Edited => {}
            Typed::Escape => {
                form.focus = None;
                break;
            }
            Typed::Tab { back } => {
                if let Some(i) = Field::LOGIN.iter().position(|f| *f == field) {
                    let n = Field::LOGIN.len();
                    let next = if back { (i + n - 1) % n } else { (i + 1) % n };
                    field = Field::LOGIN[next];
                    form.focus = Some(field);
                }
            }
            Typed::Enter => match field {
                Field::Address | Field::Name | Field::Password => {
                    requests.write(OnlineRequest::LogIn(LoginKind::Account));
                }
                Field::Chat => {
                    requests.write(OnlineRequest::Chat);
                }
                Field::Opponent => {}
            },
        }
    }
    if form.focus.is_some() {
        for value in keyboard.commits() {
            type_commit(form.text_mut(field), value, field.max());
        }
    }
    keys.reset_all();
}

#[cfg(test)]
mod tests {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};

    use super::*;

    fn key(code: KeyCode, state: ButtonState, text: Option<&str>) -> KeyboardInput {
        KeyboardInput {
            key_code: code,
            logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
            state,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin));
        app.add_message::<Ime>().add_message::<OnlineRequest>();
        plugin(&mut app);
        typing(&mut app);
        app
    }

    /// What a slow frame gathers when `xdotool type` follows `xdotool key Tab` (the online
    /// window test): Tab, then the Shift of the capital typed into the next field, still down
    /// when the frame ends.
    #[test]
    fn a_tab_before_a_capital_in_one_frame_goes_forward() {
        use ButtonState::{Pressed, Released};
        let mut app = app();
        app.world_mut().resource_mut::<Form>().focus = Some(Field::Address);
        for k in [
            key(KeyCode::Tab, Pressed, Some("\t")),
            key(KeyCode::Tab, Released, Some("\t")),
            key(KeyCode::ShiftLeft, Pressed, None),
            key(KeyCode::KeyL, Pressed, Some("L")),
        ] {
            app.world_mut().write_message(k);
        }
        app.update();
        let form = app.world().resource::<Form>();
        assert_eq!(form.focus, Some(Field::Name));
        assert_eq!(form.name, "L");
        assert_eq!(form.password, "");
    }

    #[test]
    fn shift_tab_goes_back_and_shift_is_followed_across_frames() {
        use ButtonState::{Pressed, Released};
        let mut app = app();
        app.world_mut().resource_mut::<Form>().focus = Some(Field::Name);
        app.world_mut()
            .write_message(key(KeyCode::ShiftRight, Pressed, None));
        app.update();
        // Still held in the next frame: this Tab is Shift+Tab.
        app.world_mut()
            .write_message(key(KeyCode::Tab, Pressed, Some("\t")));
        app.update();
        assert_eq!(app.world().resource::<Form>().focus, Some(Field::Address));
        app.world_mut()
            .write_message(key(KeyCode::ShiftRight, Released, None));
        app.world_mut()
            .write_message(key(KeyCode::Tab, Pressed, Some("\t")));
        app.update();
        assert_eq!(app.world().resource::<Form>().focus, Some(Field::Name));
    }

    #[test]
    fn keys_typed_while_no_field_has_the_keyboard_are_not_kept_for_one() {
        use ButtonState::Pressed;
        let mut app = app();
        app.world_mut()
            .write_message(key(KeyCode::KeyF, Pressed, Some("f")));
        app.update();
        app.world_mut().resource_mut::<Form>().focus = Some(Field::Name);
        app.world_mut()
            .write_message(key(KeyCode::KeyX, Pressed, Some("x")));
        app.update();
        assert_eq!(app.world().resource::<Form>().name, "x");
    }
}
