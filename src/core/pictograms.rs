//! The international piece set: a pictogram for each kind of piece, for players who do not read
//! Chinese (as pychess-variants, playstrategy and xiangqi.com offer). The pictures borrow what a
//! chess player knows where the pieces move alike (the king's crown, the chariot's tower, the
//! horse's head, the soldier's pawn) and draw the others as what they are (an elephant, a cannon
//! on its wheel, a guard's shield crossed as it moves, diagonally).
//!
//! Each pictogram is a few vector shapes in a box of 100 units, drawn with tiny-skia, so one
//! drawing serves every place a piece is shown: the 3D and flat views' face textures (and their
//! carving, a normal map derived from the face as `tools/make_textures.py` does for the
//! characters), the exported diagrams and the GIFs. Headless and pure: no Bevy, no files.

use tiny_skia::{
    Color, FillRule, LineCap, Paint, Path, PathBuilder, Pixmap, PixmapMut, Rect, Stroke, Transform,
};
use xiangqi::{Color as Side, Piece, PieceKind};

/// The face's paper colour, as in the character faces (`tools/make_assets.py`).
pub const PAPER: [u8; 3] = [236, 212, 164];

/// The ink of `side`'s pieces, as in the character faces.
#[must_use]
pub fn ink(side: Side) -> [u8; 3] {
    match side {
        Side::Red => [176, 24, 20],
        Side::Black => [24, 22, 20],
    }
}

/// One shape of a pictogram: filled or stroked in the ink, or cut back to the paper.
enum Shape {
    Fill(Path),
    Stroke(Path, f32),
    Cut(Path),
    CutStroke(Path, f32),
}

fn poly(points: &[(f32, f32)]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let (&(x, y), rest) = points.split_first()?;
    pb.move_to(x, y);
    for &(x, y) in rest {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish()
}

fn line(a: (f32, f32), b: (f32, f32)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    pb.finish()
}

fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

fn oval(left: f32, top: f32, right: f32, bottom: f32) -> Option<Path> {
    PathBuilder::from_oval(Rect::from_ltrb(left, top, right, bottom)?)
}

fn rect(left: f32, top: f32, right: f32, bottom: f32) -> Option<Path> {
    Some(PathBuilder::from_rect(Rect::from_ltrb(
        left, top, right, bottom,
    )?))
}

/// The shapes of `kind`'s pictogram, in drawing order, in a box of 100 units (y down).
fn shapes(kind: PieceKind) -> Vec<Shape> {
    use Shape::{Cut, CutStroke, Stroke};
    let fill = |p: Option<Path>| p.map(Shape::Fill);
    let mut out: Vec<Option<Shape>> = Vec::new();
    match kind {
        // A crown of three points on a band, a jewel cut in.
        PieceKind::King => {
            out.push(fill(poly(&[
                (22.0, 70.0),
                (15.0, 33.0),
                (35.0, 50.0),
                (50.0, 24.0),
                (65.0, 50.0),
                (85.0, 33.0),
                (78.0, 70.0),
            ])));
            out.push(fill(circle(15.0, 30.0, 6.0)));
            out.push(fill(circle(50.0, 20.0, 6.0)));
            out.push(fill(circle(85.0, 30.0, 6.0)));
            out.push(fill(rect(22.0, 74.0, 78.0, 85.0)));
            out.push(circle(50.0, 58.0, 6.0).map(Cut));
        }
        // A guard's shield, crossed as the advisor moves (one step along a diagonal).
        PieceKind::Advisor => {
            let mut pb = PathBuilder::new();
            pb.move_to(50.0, 12.0);
            pb.line_to(82.0, 22.0);
            pb.line_to(81.0, 50.0);
            pb.quad_to(78.0, 76.0, 50.0, 90.0);
            pb.quad_to(22.0, 76.0, 19.0, 50.0);
            pb.line_to(18.0, 22.0);
            pb.close();
            out.push(fill(pb.finish()));
            out.push(line((33.0, 33.0), (67.0, 71.0)).map(|p| CutStroke(p, 8.0)));
            out.push(line((67.0, 33.0), (33.0, 71.0)).map(|p| CutStroke(p, 8.0)));
        }
        // An elephant, side on: body, four legs, head, ear, trunk, tusk, tail.
        PieceKind::Elephant => {
            out.push(fill(oval(30.0, 30.0, 86.0, 66.0)));
            out.push(fill(rect(34.0, 56.0, 45.0, 84.0)));
            out.push(fill(rect(49.0, 58.0, 58.0, 80.0)));
            out.push(fill(rect(64.0, 58.0, 73.0, 80.0)));
            out.push(fill(rect(75.0, 54.0, 85.0, 84.0)));
            out.push(fill(circle(28.0, 40.0, 16.0)));
            let mut trunk = PathBuilder::new();
            trunk.move_to(18.0, 44.0);
            trunk.cubic_to(9.0, 56.0, 10.0, 70.0, 19.0, 78.0);
            out.push(trunk.finish().map(|p| Stroke(p, 9.0)));
            out.push(oval(31.0, 28.0, 49.0, 56.0).map(|p| CutStroke(p, 3.0)));
            let mut tusk = PathBuilder::new();
            tusk.move_to(22.0, 52.0);
            tusk.quad_to(24.0, 61.0, 34.0, 60.0);
            out.push(tusk.finish().map(|p| CutStroke(p, 4.0)));
            out.push(circle(23.0, 35.0, 2.6).map(Cut));
            out.push(line((85.0, 44.0), (92.0, 58.0)).map(|p| Stroke(p, 3.0)));
        }
        // A chess knight's head: the horse moves as the knight does (but can be blocked).
        PieceKind::Horse => {
            out.push(fill(poly(&[
                (28.0, 88.0),
                (78.0, 88.0),
                (78.0, 79.0),
                (72.0, 75.0),
                (74.0, 60.0),
                (73.0, 45.0),
                (68.0, 33.0),
                (62.0, 25.0),
                (56.0, 21.0),
                (54.0, 9.0),
                (47.0, 18.0),
                (43.0, 16.0),
                (38.0, 21.0),
                (30.0, 28.0),
                (22.0, 40.0),
                (15.0, 51.0),
                (18.0, 59.0),
                (26.0, 61.0),
                (34.0, 56.0),
                (43.0, 52.0),
                (46.0, 55.0),
                (39.0, 65.0),
                (33.0, 73.0),
                (32.0, 78.0),
                (28.0, 80.0),
            ])));
            out.push(circle(40.0, 31.0, 3.2).map(Cut));
            out.push(circle(21.0, 53.0, 2.0).map(Cut));
            let mut mane = PathBuilder::new();
            mane.move_to(60.0, 30.0);
            mane.quad_to(69.0, 44.0, 67.0, 70.0);
            out.push(mane.finish().map(|p| CutStroke(p, 2.5)));
        }
        // A chess rook's tower: the chariot moves as the rook does.
        PieceKind::Rook => {
            out.push(fill(poly(&[
                (25.0, 88.0),
                (75.0, 88.0),
                (75.0, 79.0),
                (68.0, 75.0),
                (64.0, 45.0),
                (71.0, 40.0),
                (71.0, 17.0),
                (61.0, 17.0),
                (61.0, 26.0),
                (55.0, 26.0),
                (55.0, 17.0),
                (45.0, 17.0),
                (45.0, 26.0),
                (39.0, 26.0),
                (39.0, 17.0),
                (29.0, 17.0),
                (29.0, 40.0),
                (36.0, 45.0),
                (32.0, 75.0),
                (25.0, 79.0),
            ])));
            out.push(line((36.0, 45.0), (64.0, 45.0)).map(|p| CutStroke(p, 3.0)));
            out.push(line((32.0, 75.0), (68.0, 75.0)).map(|p| CutStroke(p, 3.0)));
        }
        // A cannon on its wheel, three balls beside it.
        PieceKind::Cannon => {
            out.push(line((22.0, 61.0), (76.0, 30.0)).map(|p| Stroke(p, 13.0)));
            out.push(line((73.0, 31.7), (81.0, 27.1)).map(|p| Stroke(p, 17.0)));
            out.push(fill(circle(21.0, 62.0, 7.5)));
            out.push(fill(circle(42.0, 66.0, 17.0)));
            out.push(circle(42.0, 66.0, 11.5).map(Cut));
            out.push(fill(circle(42.0, 66.0, 4.0)));
            for (dx, dy) in [(1.0, 0.0), (0.0, 1.0), (0.707, 0.707), (0.707, -0.707)] {
                out.push(
                    line(
                        (42.0 - dx * 11.0, 66.0 - dy * 11.0),
                        (42.0 + dx * 11.0, 66.0 + dy * 11.0),
                    )
                    .map(|p| Stroke(p, 2.5)),
                );
            }
            out.push(fill(circle(72.0, 80.0, 6.0)));
            out.push(fill(circle(85.0, 80.0, 6.0)));
            out.push(fill(circle(78.5, 69.5, 6.0)));
        }
        // A chess pawn: the soldier goes forward (and, over the river, sideways too).
        PieceKind::Pawn => {
            out.push(fill(circle(50.0, 28.0, 13.0)));
            let mut pb = PathBuilder::new();
            pb.move_to(38.0, 43.0);
            pb.line_to(62.0, 43.0);
            pb.line_to(62.0, 50.0);
            pb.line_to(57.0, 50.0);
            pb.cubic_to(57.0, 61.0, 62.0, 68.0, 72.0, 73.0);
            pb.line_to(75.0, 86.0);
            pb.line_to(25.0, 86.0);
            pb.line_to(28.0, 73.0);
            pb.cubic_to(38.0, 68.0, 43.0, 61.0, 43.0, 50.0);
            pb.line_to(38.0, 50.0);
            pb.close();
            out.push(fill(pb.finish()));
        }
    }
    out.into_iter().flatten().collect()
}

fn paint(rgb: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(rgb[0], rgb[1], rgb[2], 255));
    p.anti_alias = true;
    p
}

/// Draws `kind`'s pictogram in `ink` on `paper`, centred on `centre` and `size` pixels across.
pub fn draw(
    pixmap: &mut PixmapMut,
    kind: PieceKind,
    centre: (f32, f32),
    size: f32,
    ink: [u8; 3],
    paper: [u8; 3],
) {
    let scale = size / 100.0;
    let at = Transform::from_row(
        scale,
        0.0,
        0.0,
        scale,
        centre.0 - size / 2.0,
        centre.1 - size / 2.0,
    );
    let (ink, paper) = (paint(ink), paint(paper));
    // Strokes are widened in the box's units and then placed, so they scale with the drawing.
    let outline = |p: &Path, width: f32| {
        let stroke = Stroke {
            width,
            line_cap: LineCap::Round,
            ..Stroke::default()
        };
        p.stroke(&stroke, 1.0)
    };
    for shape in shapes(kind) {
        let (path, colour) = match shape {
            Shape::Fill(p) => (Some(p), &ink),
            Shape::Cut(p) => (Some(p), &paper),
            Shape::Stroke(p, w) => (outline(&p, w), &ink),
            Shape::CutStroke(p, w) => (outline(&p, w), &paper),
        };
        if let Some(path) = path {
            pixmap.fill_path(&path, colour, FillRule::Winding, at, None);
        }
    }
}

/// The face of `piece` in the international set, `px` pixels square: paper, a ring near the
/// edge and the pictogram, upright (as the character faces are drawn).
#[must_use]
pub fn face(piece: Piece, px: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(px, px)?;
    pixmap.fill(Color::from_rgba8(PAPER[0], PAPER[1], PAPER[2], 255));
    let s = px as f32;
    let ink = ink(piece.color);
    // The ring where the character faces have theirs (14 and 9 pixels of 256).
    let ring = circle(s / 2.0, s / 2.0, s / 2.0 - s * (14.0 + 4.5) / 256.0)?;
    let stroke = Stroke {
        width: s * 9.0 / 256.0,
        ..Stroke::default()
    };
    pixmap.stroke_path(&ring, &paint(ink), &stroke, Transform::identity(), None);
    draw(
        &mut pixmap.as_mut(),
        piece.kind,
        (s / 2.0, s / 2.0),
        s * 0.7,
        ink,
        PAPER,
    );
    Some(pixmap)
}

/// A tangent-space normal map (RGBA, 8 bits a channel, linear) of `face` in which what is not
/// paper is cut into the wood: the same carving `tools/make_textures.py` gives the characters.
#[must_use]
pub fn carved_normal(face: &Pixmap, depth: f32) -> Vec<u8> {
    let (w, h) = (face.width() as usize, face.height() as usize);
    // How far each pixel is from the paper (0 paper, 1 ink), then the height: cut where inked.
    let paper = PAPER.map(|c| f32::from(c) / 255.0);
    let height: Vec<f32> = face
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            let d = [c.red(), c.green(), c.blue()]
                .iter()
                .zip(paper)
                .map(|(&v, p)| (f32::from(v) / 255.0 - p).powi(2))
                .sum::<f32>()
                .sqrt();
            1.0 - (d / 0.5).min(1.0)
        })
        .collect();
    crate::core::carving::normal_map(&height, w, h, 2, depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The share of a face's pixels inked (not paper) inside the ring.
    fn inked(pixmap: &Pixmap) -> Vec<bool> {
        pixmap
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()] != PAPER
            })
            .collect()
    }

    #[test]
    fn every_pictogram_is_drawn_in_its_side_s_ink_and_no_two_look_alike() {
        let mut seen: Vec<(PieceKind, Vec<bool>)> = Vec::new();
        for kind in PieceKind::ALL {
            for side in [Side::Red, Side::Black] {
                let face = face(Piece::new(side, kind), 128).expect("a face");
                let c = face.pixel(64, 64);
                let ink_pixels = face
                    .pixels()
                    .iter()
                    .filter(|p| {
                        let c = p.demultiply();
                        [c.red(), c.green(), c.blue()] == ink(side)
                    })
                    .count();
                // A real drawing: at least an eighth of the face in solid ink, and not all of it.
                assert!(
                    ink_pixels > 128 * 128 / 8 && ink_pixels < 128 * 128 / 2,
                    "{kind:?} {side:?}: {ink_pixels} ink pixels (centre {c:?})"
                );
            }
            let mask = inked(&face(Piece::new(Side::Red, kind), 128).expect("a face"));
            for (other, theirs) in &seen {
                let differ = mask.iter().zip(theirs).filter(|(a, b)| a != b).count();
                assert!(
                    differ > 128 * 128 / 25,
                    "{kind:?} and {other:?} differ in only {differ} pixels"
                );
            }
            seen.push((kind, mask));
        }
    }

    #[test]
    fn the_carving_cuts_where_the_face_is_inked_and_leaves_the_paper_flat() {
        let face = face(Piece::new(Side::Red, PieceKind::Rook), 256).expect("a face");
        let normal = carved_normal(&face, 3.0);
        assert_eq!(normal.len(), 256 * 256 * 4);
        // A corner (paper, far from any ink) faces straight out: (0.5, 0.5, 1) encoded.
        assert_eq!(&normal[..4], &[128, 128, 255, 255]);
        // Along the tower's outline the normal leans.
        let leaning = normal.chunks(4).filter(|n| n[2] < 250).count();
        assert!(leaning > 4000, "only {leaning} pixels lean");
    }
}
