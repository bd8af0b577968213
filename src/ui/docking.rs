//! Where the panels docked at the window's right go when the window is upright (a phone held
//! upright, [`Framing::upright`]): the board has the upper part of the window across its whole
//! width, and the move list (or the editor's palette) becomes a band along the foot, across the
//! whole width, over a bar of the side actions' icons along the very foot (a phone's bottom bar;
//! a column of buttons a finger can hit would reach over the board); the panels that sat at the
//! foot of the move list's column (analysis lines, chat, the comment bar) sit at the foot of that
//! band, and what sat beside the column (the evaluation bar, the puzzle list) moves to the
//! window's edge. Each panel keeps its wide-window place and
//! gets it back when the window turns again; only the place is changed, never whether it shows.

use bevy::prelude::*;

use crate::view::portrait::{BAND_SHARE, Framing};

/// A panel docked at the right, and how it moves in an upright window.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Docked {
    /// The right-hand column (the move list, the editor's palette): a band along the foot.
    Column,
    /// At the foot of the right-hand column: at the foot of the band, as wide.
    Foot,
    /// Beside the column: at the window's right edge.
    Beside,
    /// The side buttons: rows across the window just above the band.
    Buttons,
}

/// The height of the band along the foot of an upright window, in hundredths of its height: the
/// move list over the bar of the side actions' icons.
const BAND: f32 = BAND_SHARE * 100.0;
/// The bar of icons along the very foot of an upright window, in hundredths of its height.
pub(crate) const BAR: f32 = 6.5;

/// A panel's place in a wide window.
#[derive(Component, Clone, Debug)]
struct WidePlace {
    left: Val,
    right: Val,
    top: Val,
    bottom: Val,
    width: Val,
    height: Val,
    min_width: Val,
    max_height: Val,
    flex_direction: FlexDirection,
    flex_wrap: FlexWrap,
    justify_content: JustifyContent,
    column_gap: Val,
}

impl WidePlace {
    fn of(node: &Node) -> WidePlace {
        WidePlace {
            left: node.left,
            right: node.right,
            top: node.top,
            bottom: node.bottom,
            width: node.width,
            height: node.height,
            min_width: node.min_width,
            max_height: node.max_height,
            flex_direction: node.flex_direction,
            flex_wrap: node.flex_wrap,
            justify_content: node.justify_content,
            column_gap: node.column_gap,
        }
    }

    fn put(&self, node: &mut Node) {
        node.left = self.left;
        node.right = self.right;
        node.top = self.top;
        node.bottom = self.bottom;
        node.width = self.width;
        node.height = self.height;
        node.min_width = self.min_width;
        node.max_height = self.max_height;
        node.flex_direction = self.flex_direction;
        node.flex_wrap = self.flex_wrap;
        node.justify_content = self.justify_content;
        node.column_gap = self.column_gap;
    }

    /// The place in an upright window.
    fn upright(&self, docked: Docked) -> WidePlace {
        match docked {
            Docked::Column => WidePlace {
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                top: Val::Auto,
                bottom: Val::Vh(BAR),
                width: Val::Auto,
                height: Val::Vh(BAND - BAR),
                min_width: Val::Auto,
                max_height: Val::Auto,
                ..self.clone()
            },
            // A bar of icons along the very foot, across the whole width, one row.
            Docked::Buttons => WidePlace {
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                top: Val::Auto,
                bottom: Val::Px(0.0),
                width: Val::Auto,
                height: Val::Vh(BAR),
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::NoWrap,
                justify_content: JustifyContent::SpaceEvenly,
                column_gap: Val::Px(0.0),
                ..self.clone()
            },
            Docked::Foot => WidePlace {
                left: Val::Px(0.0),
                right: Val::Px(0.0),
                bottom: Val::Vh(BAR),
                width: Val::Auto,
                height: Val::Auto,
                max_height: Val::Vh(BAND - BAR),
                ..self.clone()
            },
            // At the right edge; one that a wide window starts right of the side buttons (the
            // puzzle bar and list) starts at the left edge too: the buttons are rows below.
            Docked::Beside => WidePlace {
                right: Val::Px(4.0),
                left: match self.left {
                    Val::Px(_) => Val::Px(4.0),
                    other => other,
                },
                ..self.clone()
            },
        }
    }
}

/// Where the panels are put for the window's framing (before the layout, in `PostUpdate`).
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Docking;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Framing>();
    app.add_systems(
        PostUpdate,
        dock.in_set(Docking).before(bevy::ui::UiSystems::Layout),
    );
}

fn dock(
    framing: Res<Framing>,
    mut commands: Commands,
    mut panels: Query<(Entity, &Docked, &mut Node, Option<&WidePlace>)>,
) {
    for (entity, docked, mut node, wide) in &mut panels {
        let wide = match wide {
            Some(_) if !framing.is_changed() => continue,
            Some(w) => w.clone(),
            None => {
                let w = WidePlace::of(&node);
                commands.entity(entity).insert(w.clone());
                w
            }
        };
        if framing.upright {
            wide.upright(*docked).put(&mut node);
        } else {
            wide.put(&mut node);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins);
        app.add_plugins(plugin);
        app
    }

    fn node(app: &mut App, e: Entity) -> Node {
        app.world().get::<Node>(e).expect("a node").clone()
    }

    #[test]
    fn an_upright_window_puts_the_move_list_below_the_board_and_a_wide_one_puts_it_back() {
        let mut app = app();
        let list = Node {
            right: Val::Px(0.0),
            top: Val::Px(36.0),
            bottom: Val::Px(0.0),
            width: Val::Vw(18.0),
            display: Display::Flex,
            ..default()
        };
        let column = app.world_mut().spawn((Docked::Column, list.clone())).id();
        let beside = Node {
            left: Val::Px(240.0),
            right: Val::Vw(18.75),
            top: Val::Px(90.0),
            display: Display::None,
            ..default()
        };
        let bar = app.world_mut().spawn((Docked::Beside, beside.clone())).id();
        let side = Node {
            left: Val::Px(14.0),
            bottom: Val::Px(14.0),
            flex_direction: FlexDirection::Column,
            ..default()
        };
        let buttons = app.world_mut().spawn((Docked::Buttons, side.clone())).id();
        app.update();
        assert_eq!(
            node(&mut app, column),
            list,
            "a wide window keeps the place"
        );
        app.world_mut().resource_mut::<Framing>().upright = true;
        app.update();
        let band = node(&mut app, column);
        assert_eq!((band.top, band.bottom), (Val::Auto, Val::Vh(BAR)));
        assert_eq!(
            band.height,
            Val::Vh(BAND - BAR),
            "band and bar share the foot"
        );
        assert_eq!(band.left, Val::Px(0.0), "across the whole width");
        // The side buttons: one bar of icons along the very foot, across the whole width, not
        // a column reaching over the board.
        let bar_of_icons = node(&mut app, buttons);
        assert_eq!(bar_of_icons.flex_direction, FlexDirection::Row);
        assert_eq!(bar_of_icons.flex_wrap, FlexWrap::NoWrap);
        assert_eq!(
            (bar_of_icons.bottom, bar_of_icons.left, bar_of_icons.right),
            (Val::Px(0.0), Val::Px(0.0), Val::Px(0.0))
        );
        assert_eq!(bar_of_icons.height, Val::Vh(BAR));
        let moved = node(&mut app, bar);
        assert_eq!(moved.right, Val::Px(4.0));
        assert_eq!(
            moved.left,
            Val::Px(4.0),
            "the buttons are a bar at the foot: the whole width"
        );
        assert_eq!(moved.top, Val::Px(90.0));
        // Whether a panel shows is its own business: hidden since, it stays hidden.
        app.world_mut()
            .get_mut::<Node>(column)
            .expect("a node")
            .display = Display::None;
        app.world_mut().resource_mut::<Framing>().upright = false;
        app.update();
        assert_eq!(node(&mut app, buttons), side, "the column again");
        let back = node(&mut app, column);
        assert_eq!(back.display, Display::None);
        assert_eq!(
            Node {
                display: Display::Flex,
                ..back
            },
            list
        );
        assert_eq!(node(&mut app, bar), beside);
    }
}
