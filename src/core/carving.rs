//! Carving by normal map: a height field (1 the surface, 0 the bottom of a cut) made soft at its
//! edges and turned into a tangent-space normal map, so that cuts catch the light as the camera
//! turns. The pieces' pictograms and the board's engraved lines are carved this way (the
//! characters' maps come from `tools/make_textures.py`, the same recipe in numpy).

/// A tangent-space normal map (RGBA, 8 bits a channel, linear, +Y up in the texture as Bevy
/// reads it) of `height` (`w` x `h`, row by row), blurred over `radius` pixels first; `depth`
/// scales how steep the cuts' walls look.
#[must_use]
pub fn normal_map(height: &[f32], w: usize, h: usize, radius: usize, depth: f32) -> Vec<u8> {
    let height = box_blur(height, w, h, radius);
    let at = |x: usize, y: usize| height[y.min(h - 1) * w + x.min(w - 1)];
    let mut out = Vec::with_capacity(w * h * 4);
    for y in 0..h {
        for x in 0..w {
            // Central differences (one-sided at the edges), as numpy's gradient.
            let gx = (at(x + 1, y) - at(x.saturating_sub(1), y)) / 2.0;
            let gy = (at(x, y + 1) - at(x, y.saturating_sub(1))) / 2.0;
            let n = [-gx * depth, gy * depth, 1.0];
            let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            for c in n {
                out.push(((c / len * 0.5 + 0.5) * 255.0).round() as u8);
            }
            out.push(255);
        }
    }
    out
}

/// A box blur of `radius` pixels each way, twice (close to a Gaussian), by running sums.
fn box_blur(v: &[f32], w: usize, h: usize, radius: usize) -> Vec<f32> {
    let mut a = v.to_vec();
    if radius == 0 || w == 0 || h == 0 {
        return a;
    }
    let mut b = vec![0.0; a.len()];
    for _ in 0..2 {
        for y in 0..h {
            let row = &a[y * w..(y + 1) * w];
            for x in 0..w {
                let (x0, x1) = (x.saturating_sub(radius), (x + radius).min(w - 1));
                b[y * w + x] = row[x0..=x1].iter().sum::<f32>() / (x1 - x0 + 1) as f32;
            }
        }
        for x in 0..w {
            for y in 0..h {
                let (y0, y1) = (y.saturating_sub(radius), (y + radius).min(h - 1));
                a[y * w + x] =
                    (y0..=y1).map(|yy| b[yy * w + x]).sum::<f32>() / (y1 - y0 + 1) as f32;
            }
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flat_field_faces_out_and_a_cut_leans_at_its_walls() {
        let (w, h) = (32, 32);
        let mut height = vec![1.0; w * h];
        for y in 0..h {
            for x in 14..18 {
                height[y * w + x] = 0.0;
            }
        }
        let n = normal_map(&height, w, h, 1, 4.0);
        let px = |x: usize, y: usize| &n[(y * w + x) * 4..(y * w + x) * 4 + 4];
        assert_eq!(px(2, 16), &[128, 128, 255, 255], "flat far from the cut");
        // Each wall faces the cut's middle: +x on the left wall, -x on the right.
        assert!(px(13, 16)[0] > 140, "{:?}", px(13, 16));
        assert!(px(18, 16)[0] < 116, "{:?}", px(18, 16));
        // Along the cut nothing changes in y.
        assert!((i32::from(px(13, 10)[1]) - 128).abs() <= 1);
    }
}
