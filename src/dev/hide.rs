//! `CHUHAN_DEV_HIDE` (developers, measuring the renderer): a comma-separated list of what not to
//! draw: `ui` (every interface root), `table`, `board` (the wood), `pieces`, `meshes` (every 3D
//! mesh). Each frame the named parts are set hidden, so the frame figures of `CHUHAN_FRAME_STATS`
//! show what each part costs the renderer.

use bevy::prelude::*;

use crate::core::pieces::PieceView;
use crate::view::board::{BoardSurface, Table};

/// The parts named by `CHUHAN_DEV_HIDE`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    ui: bool,
    table: bool,
    board: bool,
    pieces: bool,
    meshes: bool,
}

impl Hidden {
    /// The parts named in `list`; `Err` names an unknown part.
    pub fn parse(list: &str) -> Result<Hidden, String> {
        let mut h = Hidden::default();
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part {
                "ui" => h.ui = true,
                "table" => h.table = true,
                "board" => h.board = true,
                "pieces" => h.pieces = true,
                "meshes" => h.meshes = true,
                other => {
                    return Err(format!(
                        "{other:?} is not one of ui, table, board, pieces, meshes"
                    ));
                }
            }
        }
        Ok(h)
    }
}

pub(super) fn plugin(app: &mut App) {
    let Ok(list) = std::env::var("CHUHAN_DEV_HIDE") else {
        return;
    };
    match Hidden::parse(&list) {
        Ok(h) => {
            app.insert_resource(h);
            app.add_systems(PostUpdate, hide);
        }
        Err(e) => error!("CHUHAN_DEV_HIDE: {e}"),
    }
}

type Parts = (
    Has<Node>,
    Has<ChildOf>,
    Has<Table>,
    Has<BoardSurface>,
    Has<Mesh3d>,
    Has<PieceView>,
);

/// Hides the named parts (a piece's meshes are its children and follow it).
fn hide(hidden: Res<Hidden>, mut parts: Query<(Parts, &mut Visibility)>) {
    for ((node, child, table, board, mesh, piece), mut vis) in &mut parts {
        let hide = (hidden.ui && node && !child)
            || (hidden.table && table)
            || (hidden.board && board)
            || (hidden.pieces && piece)
            || (hidden.meshes && mesh);
        if hide && *vis != Visibility::Hidden {
            *vis = Visibility::Hidden;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_read_from_a_list_and_unknown_ones_refused() {
        let h = Hidden::parse("ui, pieces").unwrap();
        assert!(h.ui && h.pieces && !h.table && !h.board && !h.meshes);
        assert_eq!(Hidden::parse("").unwrap(), Hidden::default());
        assert!(Hidden::parse("ui,walls").unwrap_err().contains("walls"));
    }
}
