//! The settings' choices among fixed options: the language, the graphics, the piece and board
//! themes and the notation. Each cycles to the next in its menu.

/// The language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Language {
    /// 中文.
    #[default]
    Chinese,
    /// English.
    English,
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
    /// Chinese in the Chinese interface, WXF in the English one.
    #[default]
    Auto,
    /// 炮二平五.
    Chinese,
    /// C2.5.
    Wxf,
    /// h2e2.
    Iccs,
}

impl MoveNotation {
    /// The next setting in the menu's cycle.
    #[must_use]
    pub fn next(self) -> MoveNotation {
        match self {
            MoveNotation::Auto => MoveNotation::Chinese,
            MoveNotation::Chinese => MoveNotation::Wxf,
            MoveNotation::Wxf => MoveNotation::Iccs,
            MoveNotation::Iccs => MoveNotation::Auto,
        }
    }
}
