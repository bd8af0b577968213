//! Pictures drawn without the 3D renderer (so they work headless): a flat diagram of a position
//! (paper board, lines, 楚河 汉界, the files numbered on both sides, the last move marked, the
//! pieces as rings with their characters, upright for the side at the bottom) and a game as an
//! animated GIF of such diagrams. tiny-skia draws the shapes, ab_glyph the characters (from the
//! game's own font).

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};
use xiangqi::{Color as Side, GameRecord, Move, Position, Square};

use crate::core::pictograms;
use crate::core::settings::PieceSet;

/// The game's font (the same file the window uses).
const FONT: &[u8] = include_bytes!("../../assets/fonts/chuhan-sans.otf");

/// Pixels between two lines of the board.
pub const CELL: f32 = 56.0;
/// The margin round the lines (room for the pieces and the file numbers).
const MARGIN: f32 = 64.0;

/// The picture's size in pixels.
#[must_use]
pub fn size() -> (u32, u32) {
    (
        (8.0 * CELL + 2.0 * MARGIN) as u32,
        (9.0 * CELL + 2.0 * MARGIN) as u32,
    )
}

fn rgb(r: u8, g: u8, b: u8) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(r, g, b, 255);
    paint.anti_alias = true;
    paint
}

const RED: (u8, u8, u8) = (178, 34, 34);
const BLACK: (u8, u8, u8) = (30, 30, 30);
const LINE: (u8, u8, u8) = (60, 40, 25);

/// Where a point of the board is in the picture, `bottom` being the side drawn at the bottom.
#[must_use]
pub fn pixel(sq: Square, bottom: Side) -> (f32, f32) {
    let (file, rank) = (f32::from(sq.file().index()), f32::from(sq.rank().index()));
    let (col, row) = match bottom {
        Side::Red => (file, 9.0 - rank),
        Side::Black => (8.0 - file, rank),
    };
    (MARGIN + col * CELL, MARGIN + row * CELL)
}

/// Draws `text` centred on (`x`, `y`), `px` tall.
fn text(pixmap: &mut Pixmap, font: &FontRef, text: &str, x: f32, y: f32, px: f32, c: (u8, u8, u8)) {
    let scale = PxScale::from(px);
    let scaled = font.as_scaled(scale);
    let width: f32 = text
        .chars()
        .map(|ch| scaled.h_advance(font.glyph_id(ch)))
        .sum();
    let mut pen = x - width / 2.0;
    let baseline = y + (scaled.ascent() + scaled.descent()) / 2.0;
    let (w, h) = (pixmap.width() as i32, pixmap.height() as i32);
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        let glyph = id.with_scale_and_position(scale, ab_glyph::point(pen, baseline));
        pen += scaled.h_advance(id);
        let Some(outline) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outline.px_bounds();
        let data = pixmap.data_mut();
        outline.draw(|gx, gy, coverage| {
            let (px_x, px_y) = (
                bounds.min.x as i32 + gx as i32,
                bounds.min.y as i32 + gy as i32,
            );
            if px_x < 0 || px_y < 0 || px_x >= w || px_y >= h {
                return;
            }
            let i = ((px_y * w + px_x) * 4) as usize;
            let a = coverage.clamp(0.0, 1.0);
            for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
                data[i + k] = (f32::from(data[i + k]) * (1.0 - a) + f32::from(v) * a) as u8;
            }
        });
    }
}

fn line(pixmap: &mut Pixmap, a: (f32, f32), b: (f32, f32), width: f32, paint: &Paint) {
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    if let Some(path) = pb.finish() {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, paint, &stroke, Transform::identity(), None);
    }
}

fn circle(
    pixmap: &mut Pixmap,
    (x, y): (f32, f32),
    r: f32,
    fill: Option<&Paint>,
    ring: Option<(&Paint, f32)>,
) {
    let Some(path) = PathBuilder::from_circle(x, y, r) else {
        return;
    };
    if let Some(paint) = fill {
        pixmap.fill_path(&path, paint, FillRule::Winding, Transform::identity(), None);
    }
    if let Some((paint, width)) = ring {
        let stroke = Stroke {
            width,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, paint, &stroke, Transform::identity(), None);
    }
}

/// How wide a pictogram of the international set is drawn on a piece.
const PICTOGRAM: f32 = CELL * 0.62;
/// The pieces' face colour.
const FACE: (u8, u8, u8) = (246, 232, 200);

/// The diagram of `pos`, `bottom` at the bottom, `last` marked, the pieces' faces from `set`.
#[must_use]
pub fn diagram(pos: &Position, last: Option<Move>, bottom: Side, set: PieceSet) -> Pixmap {
    let (w, h) = size();
    let Some(mut pixmap) = Pixmap::new(w, h) else {
        unreachable!("the diagram's size is fixed and not zero");
    };
    pixmap.fill(Color::from_rgba8(238, 222, 186, 255));
    let font = FontRef::try_from_slice(FONT).ok();
    let ink = rgb(LINE.0, LINE.1, LINE.2);
    let at = |file: u8, rank: u8| {
        Square::from_coords(i32::from(file), i32::from(rank)).map(|s| pixel(s, bottom))
    };
    // The frame, the ranks, the files (broken by the river but for the two outer ones).
    if let Some(frame) = Rect::from_xywh(
        MARGIN - 6.0,
        MARGIN - 6.0,
        8.0 * CELL + 12.0,
        9.0 * CELL + 12.0,
    ) {
        let path = PathBuilder::from_rect(frame);
        let stroke = Stroke {
            width: 3.0,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &ink, &stroke, Transform::identity(), None);
    }
    for rank in 0..10 {
        if let (Some(a), Some(b)) = (at(0, rank), at(8, rank)) {
            line(&mut pixmap, a, b, 1.5, &ink);
        }
    }
    for file in 0..9 {
        for (from, to) in [(0, 4), (5, 9)] {
            let (from, to) = if file == 0 || file == 8 {
                (0, 9)
            } else {
                (from, to)
            };
            if let (Some(a), Some(b)) = (at(file, from), at(file, to)) {
                line(&mut pixmap, a, b, 1.5, &ink);
            }
        }
    }
    for (a, b) in [
        ((3, 0), (5, 2)),
        ((5, 0), (3, 2)),
        ((3, 9), (5, 7)),
        ((5, 9), (3, 7)),
    ] {
        if let (Some(a), Some(b)) = (at(a.0, a.1), at(b.0, b.1)) {
            line(&mut pixmap, a, b, 1.5, &ink);
        }
    }
    if let Some(font) = &font {
        let river = MARGIN + 4.5 * CELL;
        text(
            &mut pixmap,
            font,
            "楚 河",
            MARGIN + 2.0 * CELL,
            river,
            CELL * 0.6,
            LINE,
        );
        text(
            &mut pixmap,
            font,
            "汉 界",
            MARGIN + 6.0 * CELL,
            river,
            CELL * 0.6,
            LINE,
        );
        // The files: Red's 九 … 一 from Red's left, Black's 1 … 9 from Black's right.
        for file in 0..9u8 {
            let red = ["九", "八", "七", "六", "五", "四", "三", "二", "一"][usize::from(file)];
            let black = (file + 1).to_string();
            let (x_red, _) = at(file, 0).unwrap_or_default();
            let (red_y, black_y) = match bottom {
                Side::Red => (h as f32 - MARGIN / 3.0, MARGIN / 3.0),
                Side::Black => (MARGIN / 3.0, h as f32 - MARGIN / 3.0),
            };
            text(&mut pixmap, font, red, x_red, red_y, CELL * 0.36, RED);
            text(
                &mut pixmap,
                font,
                &black,
                x_red,
                black_y,
                CELL * 0.36,
                BLACK,
            );
        }
    }
    // The last move: a square round where it left, a ring round where it went.
    let mark = rgb(30, 110, 200);
    if let Some(m) = last {
        let (x, y) = pixel(m.from(), bottom);
        if let Some(r) = Rect::from_xywh(x - CELL * 0.3, y - CELL * 0.3, CELL * 0.6, CELL * 0.6) {
            let stroke = Stroke {
                width: 3.0,
                ..Stroke::default()
            };
            pixmap.stroke_path(
                &PathBuilder::from_rect(r),
                &mark,
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
    let face = rgb(FACE.0, FACE.1, FACE.2);
    for sq in Square::ALL {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let c = if piece.color == Side::Red { RED } else { BLACK };
        let ink = rgb(c.0, c.1, c.2);
        let centre = pixel(sq, bottom);
        circle(
            &mut pixmap,
            centre,
            CELL * 0.45,
            Some(&face),
            Some((&rgb(120, 90, 50), 2.0)),
        );
        circle(&mut pixmap, centre, CELL * 0.37, None, Some((&ink, 1.5)));
        match set {
            PieceSet::International => pictograms::draw(
                &mut pixmap.as_mut(),
                piece.kind,
                centre,
                PICTOGRAM,
                [c.0, c.1, c.2],
                [FACE.0, FACE.1, FACE.2],
            ),
            PieceSet::Characters => {
                if let Some(font) = &font {
                    let ch = piece.traditional_char().to_string();
                    text(&mut pixmap, font, &ch, centre.0, centre.1, CELL * 0.5, c);
                }
            }
        }
    }
    if let Some(m) = last {
        circle(
            &mut pixmap,
            pixel(m.to(), bottom),
            CELL * 0.49,
            None,
            Some((&mark, 3.0)),
        );
    }
    pixmap
}

/// The diagram as PNG bytes.
pub fn diagram_png(
    pos: &Position,
    last: Option<Move>,
    bottom: Side,
    set: PieceSet,
) -> Result<Vec<u8>, String> {
    diagram(pos, last, bottom, set)
        .encode_png()
        .map_err(|e| e.to_string())
}

/// The game as an animated GIF: the start, then each move of the current line (0.8 s each, the
/// last held 3 s).
pub fn animation_gif(record: &GameRecord, bottom: Side, set: PieceSet) -> Result<Vec<u8>, String> {
    use image::codecs::gif::{GifEncoder, Repeat};
    use image::{Delay, Frame, RgbaImage};
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut out, 20);
        encoder
            .set_repeat(Repeat::Infinite)
            .map_err(|e| e.to_string())?;
        let moves = record.all_moves();
        for ply in 0..=moves.len() {
            let Some(pos) = record.position_at(ply) else {
                break;
            };
            let last = ply.checked_sub(1).map(|i| moves[i]);
            let pixmap = diagram(pos, last, bottom, set);
            let (w, h) = (pixmap.width(), pixmap.height());
            // The pixmap is opaque, so its premultiplied bytes are plain RGBA.
            let Some(image) = RgbaImage::from_raw(w, h, pixmap.take()) else {
                return Err("a frame of the wrong size".into());
            };
            let ms = if ply == moves.len() { 3000 } else { 800 };
            let frame = Frame::from_parts(image, 0, 0, Delay::from_numer_denom_ms(ms, 1));
            encoder.encode_frame(frame).map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colour_at(pixmap: &Pixmap, (x, y): (f32, f32)) -> (u8, u8, u8) {
        let p = pixmap.pixel(x as u32, y as u32).expect("inside");
        (p.red(), p.green(), p.blue())
    }

    /// How many pixels in the square of half-size `r` round `centre` are close to `c`.
    fn count_near(pixmap: &Pixmap, centre: (f32, f32), r: f32, c: (u8, u8, u8)) -> usize {
        let mut n = 0;
        for dy in -(r as i32)..=r as i32 {
            for dx in -(r as i32)..=r as i32 {
                let (x, y) = (centre.0 + dx as f32, centre.1 + dy as f32);
                let p = colour_at(pixmap, (x, y));
                let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
                if d(p.0, c.0) + d(p.1, c.1) + d(p.2, c.2) < 60 {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn the_diagram_shows_each_piece_in_its_colour_where_it_stands() {
        let start = Position::startpos();
        let pixmap = diagram(&start, None, Side::Red, PieceSet::Characters);
        assert_eq!((pixmap.width(), pixmap.height()), size());
        let red_king: Square = "e0".parse().expect("a square");
        let black_king: Square = "e9".parse().expect("a square");
        let (rx, ry) = pixel(red_king, Side::Red);
        assert!(ry > pixel(black_king, Side::Red).1, "Red at the bottom");
        // The characters are inked: red on Red's king, black on Black's, neither on an empty point.
        assert!(count_near(&pixmap, (rx, ry), CELL * 0.25, RED) > 20);
        assert!(count_near(&pixmap, pixel(black_king, Side::Red), CELL * 0.25, BLACK) > 20);
        let empty: Square = "e4".parse().expect("a square");
        assert_eq!(
            count_near(&pixmap, pixel(empty, Side::Red), CELL * 0.25, RED),
            0
        );
        // Black at the bottom: the board turned.
        assert!(pixel(black_king, Side::Black).1 > pixel(red_king, Side::Black).1);
    }

    #[test]
    fn the_last_move_is_marked_and_the_game_animates_move_by_move() {
        let mut record = GameRecord::new(Position::startpos());
        for m in ["h2e2", "h9g7", "h0g2"] {
            record.play(m.parse().expect("a move")).expect("legal");
        }
        let last = record.last_move();
        let marked = diagram(record.position(), last, Side::Red, PieceSet::Characters);
        let plain = diagram(record.position(), None, Side::Red, PieceSet::Characters);
        let to = pixel("g2".parse().expect("a square"), Side::Red);
        let blue = (30, 110, 200);
        assert!(count_near(&marked, to, CELL * 0.5, blue) > 30);
        assert_eq!(count_near(&plain, to, CELL * 0.5, blue), 0);
        let png = diagram_png(record.position(), last, Side::Red, PieceSet::International)
            .expect("a PNG");
        assert_eq!(&png[1..4], b"PNG");
        let gif = animation_gif(&record, Side::Red, PieceSet::International).expect("a GIF");
        use image::AnimationDecoder;
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
            .expect("decodes")
            .into_frames()
            .collect_frames()
            .expect("frames");
        assert_eq!(frames.len(), 4, "the start and three moves");
        assert_eq!(frames[0].buffer().dimensions(), size());
    }

    /// Whether the pixel is inked (far from the face's colour).
    fn inked(pixmap: &Pixmap, x: u32, y: u32) -> bool {
        let (r, g, b) = colour_at(pixmap, (x as f32, y as f32));
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
        d(r, FACE.0) + d(g, FACE.1) + d(b, FACE.2) > 120
    }

    #[test]
    fn the_international_set_draws_each_piece_s_pictogram_in_the_diagram_and_the_gif() {
        let start = Position::startpos();
        let international = diagram(&start, None, Side::Red, PieceSet::International);
        let characters = diagram(&start, None, Side::Red, PieceSet::Characters);
        for (sq, piece) in [
            ("e0", "K"),
            ("b9", "n"),
            ("h2", "C"),
            ("c3", "P"),
            ("a9", "r"),
        ] {
            let sq: Square = sq.parse().expect("a square");
            let on = start.piece_at(sq).expect("a piece");
            let (kind, ink) = (on.kind, if on.color == Side::Red { RED } else { BLACK });
            // The pictogram alone, drawn where the piece stands.
            let centre = pixel(sq, Side::Red);
            let (w, h) = size();
            let mut alone = Pixmap::new(w, h).expect("a pixmap");
            alone.fill(Color::from_rgba8(FACE.0, FACE.1, FACE.2, 255));
            pictograms::draw(
                &mut alone.as_mut(),
                kind,
                centre,
                PICTOGRAM,
                [ink.0, ink.1, ink.2],
                [FACE.0, FACE.1, FACE.2],
            );
            let r = (CELL * 0.3) as i32;
            let (mut same_intl, mut same_chars, mut total) = (0, 0, 0);
            for dy in -r..=r {
                for dx in -r..=r {
                    // Inside the ring round the face.
                    if dx * dx + dy * dy > r * r {
                        continue;
                    }
                    let (x, y) = ((centre.0 as i32 + dx) as u32, (centre.1 as i32 + dy) as u32);
                    let want = inked(&alone, x, y);
                    total += 1;
                    same_intl += usize::from(inked(&international, x, y) == want);
                    same_chars += usize::from(inked(&characters, x, y) == want);
                }
            }
            assert!(
                same_intl * 100 >= total * 97,
                "{piece}: {same_intl} of {total} pixels as the pictogram"
            );
            assert!(
                same_chars * 100 < total * 90,
                "{piece}: the characters look like the pictogram"
            );
        }
        // The GIF's frames are the international diagrams.
        let gif = animation_gif(
            &GameRecord::new(start.clone()),
            Side::Red,
            PieceSet::International,
        )
        .expect("a GIF");
        use image::AnimationDecoder;
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
            .expect("decodes")
            .into_frames()
            .collect_frames()
            .expect("frames");
        let first = frames[0].buffer();
        let (mut agree, mut total) = (0, 0);
        for (x, y, p) in first.enumerate_pixels() {
            let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
            let gif_inked = d(p[0], FACE.0) + d(p[1], FACE.1) + d(p[2], FACE.2) > 120;
            total += 1;
            agree += usize::from(gif_inked == inked(&international, x, y));
        }
        assert!(
            agree * 100 >= total * 98,
            "the GIF's first frame is the diagram: {agree} of {total}"
        );
    }
}
