//! The settings' choices among fixed options: the language, the graphics, the piece and board
//! themes and the notation. Each cycles to the next in its menu.

/// Defines [`Language`] and its table from one list: adding a language is a line here and its
/// Fluent file `assets/i18n/<code>/chuhan.ftl`.
macro_rules! languages {
    ($($(#[$attr:meta])* $variant:ident = $code:literal, $name:literal, $notation:ident;)+) => {
        /// The language of the interface.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum Language {
            $($(#[$attr])* $variant,)+
        }

        impl Language {
            /// Every language, in the menu's order.
            pub const ALL: &[Language] = &[$(Language::$variant),+];

            /// Its BCP 47 code, the name of its folder under `assets/i18n`.
            #[must_use]
            pub const fn code(self) -> &'static str {
                match self { $(Language::$variant => $code),+ }
            }

            /// Its name in itself (the language menu lists each so).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $(Language::$variant => $name),+ }
            }

            /// The notation its players read moves in.
            #[must_use]
            pub const fn notation(self) -> xiangqi::notation::Notation {
                match self { $(Language::$variant => xiangqi::notation::Notation::$notation),+ }
            }

            /// Its Fluent file, built into the game.
            #[must_use]
            pub const fn fluent(self) -> &'static str {
                match self {
                    $(Language::$variant => include_str!(concat!("../../assets/i18n/", $code, "/chuhan.ftl"))),+
                }
            }
        }
    };
}

languages! {
    /// 简体中文, the default.
    #[default]
    Chinese = "zh-CN", "简体中文", Chinese;
    /// English: every message is in its file, and the others fall back to it.
    English = "en", "English", Wxf;
    /// 繁體中文 (Taiwan, Hong Kong, Macau).
    TraditionalChinese = "zh-TW", "繁體中文", Traditional;
    /// Tiếng Việt.
    Vietnamese = "vi", "Tiếng Việt", Vietnamese;
}

impl Language {
    /// The next language in the menu's cycle.
    #[must_use]
    pub fn next(self) -> Language {
        let i = Language::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Language::ALL[(i + 1) % Language::ALL.len()]
    }

    /// Whether its texts are written in Chinese characters (the pieces' names, the diagrams'
    /// river): its people read 帅/帥 on a piece.
    #[must_use]
    pub const fn reads_hanzi(self) -> bool {
        matches!(self, Language::Chinese | Language::TraditionalChinese)
    }

    /// The language a locale names (`zh-TW`, `zh_HK.UTF-8`, `vi-VN`, `en-GB`, `zh-Hans-CN`), or
    /// `None` for one the game has not (the caller keeps its default).
    #[must_use]
    pub fn from_locale(locale: &str) -> Option<Language> {
        let l = locale
            .split(['.', '@'])
            .next()
            .unwrap_or_default()
            .replace('_', "-")
            .to_ascii_lowercase();
        let mut parts = l.split('-');
        match parts.next()? {
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                let traditional = rest
                    .iter()
                    .any(|p| matches!(*p, "hant" | "tw" | "hk" | "mo"))
                    && !rest.contains(&"hans");
                Some(if traditional {
                    Language::TraditionalChinese
                } else {
                    Language::Chinese
                })
            }
            "en" => Some(Language::English),
            "vi" => Some(Language::Vietnamese),
            _ => None,
        }
    }

    /// The first of `locales` (most preferred first) that names a language the game has.
    #[must_use]
    pub fn from_locales<'a>(locales: impl IntoIterator<Item = &'a str>) -> Option<Language> {
        locales.into_iter().find_map(Language::from_locale)
    }
}

/// How much the renderer draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Graphics {
    /// Low on a software renderer (such as Mesa's lavapipe), high otherwise.
    #[default]
    Auto,
    /// Today's look: multisampling and shadows.
    High,
    /// No multisampling, no shadows: for slow or software renderers.
    Low,
}

impl Graphics {
    /// The next setting in the menu's cycle.
    #[must_use]
    pub fn next(self) -> Graphics {
        match self {
            Graphics::Auto => Graphics::High,
            Graphics::High => Graphics::Low,
            Graphics::Low => Graphics::Auto,
        }
    }
}

/// How large the interface is drawn, on top of the scale that follows the window's size (界面大小).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum UiSize {
    /// A little smaller: more of the board shows.
    Small,
    /// As designed for the window's size.
    #[default]
    Normal,
    /// Larger text and buttons: for reading at a distance or on a small high-DPI screen.
    Large,
}

impl UiSize {
    /// The next in the menu's cycle.
    #[must_use]
    pub fn next(self) -> UiSize {
        match self {
            UiSize::Small => UiSize::Normal,
            UiSize::Normal => UiSize::Large,
            UiSize::Large => UiSize::Small,
        }
    }

    /// The factor it multiplies the window's scale by.
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            UiSize::Small => 0.85,
            UiSize::Normal => 1.0,
            UiSize::Large => 1.25,
        }
    }
}

/// The look of the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PieceTheme {
    /// Turned wood, lacquered, the characters carved and inked red and black.
    #[default]
    Carved,
    /// Printed plastic: bright, glossy, the characters flat.
    Plastic,
    /// Jade: green stone, polished, the characters cut in.
    Jade,
}

impl PieceTheme {
    /// The next in the menu's cycle.
    #[must_use]
    pub fn next(self) -> PieceTheme {
        match self {
            PieceTheme::Carved => PieceTheme::Plastic,
            PieceTheme::Plastic => PieceTheme::Jade,
            PieceTheme::Jade => PieceTheme::Carved,
        }
    }
}

/// What the pieces' faces show: the characters (帅 仕 相 马 车 炮 兵 ...), or the international
/// set's pictograms for players who do not read Chinese (`core::pictograms`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PieceSet {
    #[default]
    Characters,
    International,
}

impl PieceSet {
    /// The other set.
    #[must_use]
    pub fn next(self) -> PieceSet {
        match self {
            PieceSet::Characters => PieceSet::International,
            PieceSet::International => PieceSet::Characters,
        }
    }
}

/// The look of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum BoardTheme {
    /// Wood with grain, the lines inked in.
    #[default]
    Wood,
    /// A printed paper board, plain and bright, as in books.
    Paper,
    /// Dark red lacquer with gold lines.
    Lacquer,
}

impl BoardTheme {
    /// The next in the menu's cycle.
    #[must_use]
    pub fn next(self) -> BoardTheme {
        match self {
            BoardTheme::Wood => BoardTheme::Paper,
            BoardTheme::Paper => BoardTheme::Lacquer,
            BoardTheme::Lacquer => BoardTheme::Wood,
        }
    }
}

/// How moves are written in the move list and the analysis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum MoveNotation {
    /// The language's own: Chinese in the Chinese interfaces (in its script), WXF in the
    /// English one, Vietnamese in the Vietnamese one.
    #[default]
    Auto,
    /// 炮二平五.
    Chinese,
    /// C2.5.
    Wxf,
    /// h2e2.
    Iccs,
    /// 傌八進七 (traditional characters).
    Traditional,
    /// P2-5 (Vietnamese).
    Vietnamese,
}

impl MoveNotation {
    /// The next setting in the menu's cycle.
    #[must_use]
    pub fn next(self) -> MoveNotation {
        match self {
            MoveNotation::Auto => MoveNotation::Chinese,
            MoveNotation::Chinese => MoveNotation::Traditional,
            MoveNotation::Traditional => MoveNotation::Wxf,
            MoveNotation::Wxf => MoveNotation::Vietnamese,
            MoveNotation::Vietnamese => MoveNotation::Iccs,
            MoveNotation::Iccs => MoveNotation::Auto,
        }
    }
}
