//! Telling, from a captured frame, that the scene is drawn: the software renderer compiles its
//! pipelines over the first frames, and a scripted screenshot waits for the board.

/// Whether an image shows the board: a fifth of it in a board's colours, warm and lit (wood,
/// paper or lacquer, whatever the theme), which neither the cleared window (the felt's green)
/// nor the panels (dark brown) are.
#[must_use]
pub fn shows_board(rgb: &[u8]) -> bool {
    let pixels = rgb.len() / 3;
    let board = rgb
        .chunks_exact(3)
        .filter(|p| {
            let (r, g, b) = (i32::from(p[0]), i32::from(p[1]), i32::from(p[2]));
            // Warm and lit, or bright as paper under a strong light.
            (r > 60 && r > g && r >= b && r - b > 25) || (r > 200 && g > 190 && b > 150 && r >= b)
        })
        .count();
    pixels > 0 && board * 5 > pixels
}

#[cfg(test)]
mod tests {
    use super::shows_board;

    fn image(colours: &[([u8; 3], usize)]) -> Vec<u8> {
        colours
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n).flatten())
            .collect()
    }

    #[test]
    fn every_board_theme_counts_and_the_empty_scene_does_not() {
        let felt = [31, 56, 41];
        let panel = [28, 17, 10];
        for board in [
            [205, 160, 110],
            [242, 235, 214],
            [77, 18, 13],
            [250, 248, 240],
        ] {
            assert!(shows_board(&image(&[(board, 30), (felt, 60), (panel, 10)])));
        }
        assert!(!shows_board(&image(&[(felt, 80), (panel, 20)])));
        assert!(!shows_board(&[]));
    }
}
