//! The look and the workings shared by every widget: the font, the colours, buttons (which act
//! when released), texts that follow the language, and lists that the mouse wheel scrolls.

use bevy::picking::events::Scroll;
use bevy::prelude::*;
use xiangqi::Handicap;
use xiangqi_engine::Level;

use crate::core::settings::Settings;
use crate::ui::text::{self, Key, Language};

/// The font for every text (a subset of Noto Sans CJK SC with the characters the game shows).
#[derive(Resource, Clone)]
pub struct UiFont(pub Handle<Font>);

impl FromWorld for UiFont {
    fn from_world(world: &mut World) -> UiFont {
        UiFont(
            world
                .resource::<AssetServer>()
                .load(crate::view::assets::path("fonts/chuhan-sans.otf")),
        )
    }
}

/// A text that shows a fixed key in the current language.
#[derive(Component, Clone, Copy)]
pub(crate) struct Label(pub(crate) Key);

/// A text whose words depend on more than a key.
#[derive(Component, Clone, Copy)]
pub(crate) enum Dynamic {
    Level(Level),
    Handicap(Handicap, bool),
    Sound,
    Notation,
    Graphics,
    UiSize,
    Pieces,
    PieceSet,
    Animations,
    Board,
    Language(Language),
    /// The engine in use.
    Engine,
    /// The rulebook of new games.
    Rules,
    /// The threads 大师 searches with.
    Threads,
}

/// The move list's width (and the analysis lines' under it): a share of the window, so the board
/// keeps the rest at any size (230 px at 1280 wide, 346 px at 1920).
pub(crate) const LIST_WIDTH: Val = Val::Vw(18.0);
/// Where widgets beside the move list stop: its width and a small gap.
pub(crate) const BESIDE_LIST: Val = Val::Vw(18.75);
/// The move list's background: the scene shows through it.
pub(crate) const LIST_BACKGROUND: Color = Color::srgba(0.10, 0.06, 0.03, 0.55);

pub(crate) const PANEL: Color = Color::srgba(0.12, 0.07, 0.04, 0.88);
pub(crate) const BUTTON: Color = Color::srgba(0.22, 0.13, 0.07, 0.92);
pub(crate) const BUTTON_HOT: Color = Color::srgba(0.45, 0.27, 0.12, 0.97);
pub(crate) const INK: Color = Color::srgb(0.98, 0.93, 0.82);
/// The start screen's veil over the scene.
pub(crate) const START_SHADE: Color = Color::srgba(0.03, 0.02, 0.01, 0.55);
/// Gold: the start screen's title and the edges of its entries.
pub(crate) const GOLD: Color = Color::srgb(0.93, 0.76, 0.38);
pub(crate) const CURRENT: Color = Color::srgba(0.75, 0.45, 0.1, 0.95);

pub(crate) fn font(font: &UiFont, size: f32) -> TextFont {
    TextFont {
        font: font.0.clone().into(),
        font_size: FontSize::Px(size),
        ..default()
    }
}

/// A button with a text child.
pub(crate) fn button(
    action: impl Bundle,
    words: impl Bundle,
    ui: &UiFont,
    size: f32,
) -> impl Bundle {
    (
        action,
        Button,
        Node {
            padding: UiRect::axes(px(12), px(5)),
            justify_content: JustifyContent::FlexStart,
            border_radius: BorderRadius::all(px(5)),
            ..default()
        },
        BackgroundColor(BUTTON),
        children![(words, font(ui, size), TextColor(INK))],
    )
}

/// A text showing `key` (in Chinese until the language is applied).
pub(crate) fn label(key: Key) -> (Label, Text) {
    (Label(key), Text::new(text::tr(key, Language::Chinese)))
}

/// A message of the Fluent files by its id, for a feature's own labels: follows the language
/// like a [`Label`].
#[derive(Component, Clone, Copy, Debug)]
pub(crate) struct Words(pub(crate) &'static str);

impl Words {
    /// The words in `lang`.
    pub(crate) fn in_(self, lang: Language) -> &'static str {
        crate::core::i18n::text(lang, self.0)
    }
}

/// A text showing the message `id` (in Chinese until the language is applied).
pub(crate) fn words(id: &'static str) -> (Words, Text) {
    (Words(id), Text::new(Words(id).in_(Language::Chinese)))
}

/// A list that the mouse wheel scrolls.
#[derive(Component)]
pub(crate) struct Scrolls;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<UiFont>();
    app.add_observer(scroll_lists);
    app.add_systems(Update, localize.in_set(super::UiSet::Input));
}

/// Words that follow the settings: `(words, chosen)`; a feature's menu lines use them.
pub(crate) type LiveWords =
    std::sync::Arc<dyn Fn(&Settings, Language) -> (String, bool) + Send + Sync>;

/// A text whose words a function makes from the settings (see [`LiveWords`]).
#[derive(Component, Clone)]
pub(crate) struct Live(pub(crate) LiveWords);

/// Texts spawned since the last frame.
type JustSpawned = Or<(Added<Label>, Added<Dynamic>, Added<Words>, Added<Live>)>;

/// The colour of a line shown as chosen.
const CHOSEN: Color = Color::srgb(1.0, 0.78, 0.3);

/// Texts follow the language, the level, the sound.
fn localize(
    settings: Res<Settings>,
    added: Query<(), JustSpawned>,
    mut labels: Query<(&Label, &mut Text), (Without<Dynamic>, Without<Words>, Without<Live>)>,
    mut dynamic: Query<
        (&Dynamic, &mut Text, &mut TextColor),
        (Without<Label>, Without<Words>, Without<Live>),
    >,
    mut said: Query<(&Words, &mut Text), (Without<Label>, Without<Dynamic>, Without<Live>)>,
    mut live: Query<
        (&Live, &mut Text, &mut TextColor),
        (Without<Label>, Without<Dynamic>, Without<Words>),
    >,
) {
    // On a change of settings, and for widgets just spawned (a dialog, the replay bar).
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    let lang = settings.language;
    for (w, mut t) in &mut said {
        let words = w.in_(lang);
        if t.0 != words {
            words.clone_into(&mut t.0);
        }
    }
    for (label, mut t) in &mut labels {
        let words = text::tr(label.0, lang);
        if t.0 != words {
            words.clone_into(&mut t.0);
        }
    }
    for (f, mut t, mut color) in &mut live {
        let (words, chosen) = (f.0)(&settings, lang);
        if t.0 != words {
            t.0 = words;
        }
        color.0 = if chosen { CHOSEN } else { INK };
    }
    for (d, mut t, mut color) in &mut dynamic {
        let (words, chosen) = dynamic_words(*d, &settings);
        t.0 = words;
        color.0 = if chosen { CHOSEN } else { INK };
    }
}

/// The words of a shared settings line, and whether it shows as chosen.
pub(crate) fn dynamic_words(d: Dynamic, settings: &Settings) -> (String, bool) {
    let lang = settings.language;
    match d {
        Dynamic::Level(l) => (text::level_name(l, lang).to_owned(), l == settings.level),
        Dynamic::Handicap(h, gives) => (text::handicap_name(h, gives, lang), false),
        Dynamic::Graphics => (text::graphics_name(settings.graphics, lang), false),
        Dynamic::UiSize => (
            super::scale::ui_size_name(settings.ui_size, lang).into(),
            false,
        ),
        Dynamic::Pieces => (text::pieces_name(settings.pieces, lang), false),
        Dynamic::PieceSet => (text::piece_set_name(settings.piece_set, lang), false),
        Dynamic::Animations => (
            text::text(
                lang,
                if settings.animations {
                    "settings-animations-on"
                } else {
                    "settings-animations-off"
                },
            )
            .to_owned(),
            false,
        ),
        Dynamic::Board => (text::board_name(settings.board, lang), false),
        Dynamic::Notation => (text::notation_name(settings.notation, lang), false),
        Dynamic::Engine => (text::engine_name(&settings.engine, lang), false),
        Dynamic::Rules => (text::rules_name(settings.rules, lang), false),
        Dynamic::Threads => (
            text::threads_name(settings.threads, settings.engine_threads(), lang),
            false,
        ),
        Dynamic::Sound => (
            text::tr(
                if settings.sound {
                    Key::SoundOn
                } else {
                    Key::SoundOff
                },
                lang,
            )
            .to_owned(),
            false,
        ),
        // Each language named in itself, whatever the interface's.
        Dynamic::Language(l) => (l.name().to_owned(), l == lang),
    }
}

/// The mouse wheel over a scrolling list moves it (a line is a row's height).
fn scroll_lists(
    scroll: On<Pointer<Scroll>>,
    mut lists: Query<&mut ScrollPosition, With<Scrolls>>,
    parents: Query<&ChildOf>,
) {
    let step = match scroll.unit {
        bevy::input::mouse::MouseScrollUnit::Line => 30.0,
        bevy::input::mouse::MouseScrollUnit::Pixel => 1.0,
    };
    // The list is the first ancestor of what the pointer is over that scrolls.
    let mut e = scroll.entity;
    loop {
        if let Ok(mut position) = lists.get_mut(e) {
            position.y = (position.y - scroll.y * step).max(0.0);
            return;
        }
        match parents.get(e) {
            Ok(parent) => e = parent.parent(),
            Err(_) => return,
        }
    }
}
