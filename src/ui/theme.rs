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

// The interface's one design: every colour, size, space and corner of the panels, buttons,
// menus, forms and dialogs is named here, and only here (`tests/architecture.rs` checks that no
// other interface file writes a colour). Dark lacquer and warm paper, gold for what matters.

// Surfaces, from the lightest veil to the solid card.
/// A panel over the scene (the scene shows through a little).
pub(crate) const PANEL: Color = Color::srgba(0.12, 0.07, 0.04, 0.88);
/// A panel that hides what is behind it.
pub(crate) const PANEL_SOLID: Color = Color::srgb(0.12, 0.07, 0.04);
/// A darker panel (analysis, review): reads as a level under the others.
pub(crate) const PANEL_DEEP: Color = Color::srgba(0.05, 0.03, 0.02, 0.88);
/// A card inside a panel (a lobby's game, a review's summary).
pub(crate) const CARD: Color = Color::srgb(0.16, 0.10, 0.06);
/// A card's edge.
pub(crate) const CARD_EDGE: Color = Color::srgba(0.93, 0.76, 0.38, 0.22);
/// The veil behind a dialog.
pub(crate) const VEIL: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
/// A heavier veil (the comment box).
pub(crate) const VEIL_DEEP: Color = Color::srgba(0.02, 0.01, 0.0, 0.7);
/// The start screen's veil over the scene.
pub(crate) const START_SHADE: Color = Color::srgba(0.03, 0.02, 0.01, 0.55);
/// Nothing: a background that lets what is under it show.
pub(crate) const CLEAR: Color = Color::NONE;

// Buttons and their states.
pub(crate) const BUTTON: Color = Color::srgba(0.22, 0.13, 0.07, 0.92);
/// Hovered.
pub(crate) const BUTTON_HOT: Color = Color::srgba(0.45, 0.27, 0.12, 0.97);
/// Pressed.
pub(crate) const BUTTON_PRESSED: Color = Color::srgba(0.62, 0.38, 0.14, 1.0);
/// Not available now ([`Disabled`]).
pub(crate) const BUTTON_DISABLED: Color = Color::srgba(0.18, 0.14, 0.11, 0.7);
/// The chosen line of a list or menu.
pub(crate) const CURRENT: Color = Color::srgba(0.75, 0.45, 0.1, 0.95);
/// Gold: titles, the focused field's edge, the start screen's entries.
pub(crate) const GOLD: Color = Color::srgb(0.93, 0.76, 0.38);
/// The edge of the field that has the keyboard.
pub(crate) const FOCUS: Color = GOLD;

// Ink: text on the panels.
pub(crate) const INK: Color = Color::srgb(0.98, 0.93, 0.82);
/// Secondary text (hints, folders, captions).
pub(crate) const INK_MUTED: Color = Color::srgb(0.8, 0.72, 0.6);
/// Text that steps back further (a variation's moves, an empty list).
pub(crate) const INK_FAINT: Color = Color::srgb(0.6, 0.55, 0.5);
/// Text that stands out (a title in a panel, one's own seek).
pub(crate) const INK_ACCENT: Color = Color::srgb(0.95, 0.84, 0.55);
/// Each side's colour for text on a dark panel.
pub(crate) const RED_INK_LIGHT: Color = Color::srgb(1.0, 0.55, 0.45);
pub(crate) const BLACK_INK_LIGHT: Color = Color::srgb(0.92, 0.9, 0.85);

// What a text or a mark says.
/// Right, legal, solved.
pub(crate) const GOOD: Color = Color::srgb(0.55, 0.92, 0.5);
/// Wrong, refused.
pub(crate) const BAD: Color = Color::srgb(1.0, 0.45, 0.35);
/// Check, a clock about to fall, a lost link.
pub(crate) const ALERT: Color = Color::srgb(0.95, 0.2, 0.12);
/// A notice that asks to be seen (a draw offered, the game's end).
pub(crate) const ATTENTION: Color = Color::srgb(1.0, 0.85, 0.3);
/// A variation's line in the move list.
pub(crate) const VARIATION: Color = Color::srgba(0.2, 0.35, 0.2, 0.35);

// The clocks.
pub(crate) const CLOCK_RUNNING: Color = Color::srgba(0.85, 0.55, 0.12, 0.95);
pub(crate) const CLOCK_WAITING: Color = Color::srgba(0.12, 0.07, 0.04, 0.75);
pub(crate) const CLOCK_LOW: Color = Color::srgba(0.75, 0.12, 0.08, 0.95);

// The analysis' evaluation bar.
pub(crate) const EVAL_EDGE: Color = Color::srgb(0.15, 0.1, 0.06);
pub(crate) const EVAL_BLACK: Color = Color::srgb(0.12, 0.12, 0.12);
pub(crate) const EVAL_RED: Color = Color::srgb(0.78, 0.12, 0.08);

// The review's graph and marks.
pub(crate) const GRAPH_BACKGROUND: Color = Color::srgb(0.25, 0.2, 0.15);
pub(crate) const GRAPH_CURSOR: Color = Color::srgb(0.85, 0.6, 0.2);
pub(crate) const GRAPH_CHOSEN: Color = Color::srgba(1.0, 0.85, 0.5, 0.35);
pub(crate) const GRAPH_RED: Color = Color::srgb(0.78, 0.2, 0.12);
pub(crate) const GRAPH_BLACK: Color = Color::srgb(0.55, 0.55, 0.55);
pub(crate) const MARK_BLUNDER: Color = Color::srgb(0.9, 0.2, 0.15);
pub(crate) const MARK_MISTAKE: Color = Color::srgb(0.95, 0.55, 0.1);
pub(crate) const MARK_INACCURACY: Color = Color::srgb(0.95, 0.85, 0.3);
pub(crate) const MARK_BRILLIANT: Color = Color::srgb(0.3, 0.8, 0.9);

// The puzzle list.
pub(crate) const PUZZLE_CELL: Color = Color::srgb(0.32, 0.21, 0.12);
pub(crate) const PUZZLE_SOLVED: Color = Color::srgb(0.24, 0.36, 0.18);
pub(crate) const STAR: Color = Color::srgb(1.0, 0.78, 0.15);
pub(crate) const STAR_EMPTY: Color = Color::srgba(1.0, 1.0, 1.0, 0.18);

/// The type scale: text sizes in pixels at the normal interface size (the interface's scale
/// multiplies them).
pub(crate) mod size {
    /// Counters and help under a field.
    pub(crate) const FINE: f32 = 13.0;
    /// Captions, long lines in narrow panels.
    pub(crate) const SMALL: f32 = 15.0;
    /// Panels' text; a menu's longer lines.
    pub(crate) const TEXT: f32 = 16.0;
    /// Buttons, menus and most text.
    pub(crate) const BODY: f32 = 18.0;
    /// A list's heading.
    pub(crate) const LARGE: f32 = 20.0;
    /// A panel's title; the start screen's entries.
    pub(crate) const HEADING: f32 = 22.0;
    /// The status line, a dialog's question, the lobby's title.
    pub(crate) const TITLE: f32 = 24.0;
    /// The word over the board (将军!, the result).
    pub(crate) const BANNER: f32 = 60.0;
    /// The start screen's title.
    pub(crate) const DISPLAY: f32 = 80.0;
}

/// Spacing, in pixels: between a button's lines, inside a panel, between panels' groups.
pub(crate) mod space {
    pub(crate) const XS: f32 = 3.0;
    pub(crate) const S: f32 = 6.0;
    pub(crate) const M: f32 = 12.0;
    pub(crate) const L: f32 = 24.0;
}

/// Corner radius of buttons and fields, and of panels and cards.
pub(crate) const RADIUS: f32 = 6.0;
pub(crate) const RADIUS_LARGE: f32 = 12.0;

/// A button that cannot act now: drawn in [`BUTTON_DISABLED`] and never lit by the pointer.
#[derive(Component)]
pub(crate) struct Disabled;

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
            padding: UiRect::axes(px(space::M), px(space::XS + 2.0)),
            justify_content: JustifyContent::FlexStart,
            border_radius: BorderRadius::all(px(RADIUS)),
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
