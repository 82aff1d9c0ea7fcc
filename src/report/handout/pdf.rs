//! A small PDF canvas over pdf-writer: pages of text in the standard fonts (Helvetica for
//! text, Symbol for the suit symbols, so nothing is embedded and every reader has them),
//! lines, and colour for the red suits.

use crate::cards::Suit;
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};

/// The fonts a page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Font {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
    Bold,
    /// Helvetica-Oblique.
    Oblique,
}

/// A font's resource name, base font and encoding (`None`: the font's own).
type FontEntry = (&'static [u8], &'static [u8], Option<&'static [u8]>);

/// The fonts of every page, Symbol last.
const FONTS: [FontEntry; 4] = [
    (b"F1", b"Helvetica", Some(b"WinAnsiEncoding")),
    (b"F2", b"Helvetica-Bold", Some(b"WinAnsiEncoding")),
    (b"F3", b"Helvetica-Oblique", Some(b"WinAnsiEncoding")),
    (b"F4", b"Symbol", None),
];

/// Red of hearts and diamonds.
const RED: (f32, f32, f32) = (0.8, 0.0, 0.0);

/// Pages being drawn; coordinates in points from the page's bottom left.
pub struct Canvas {
    /// Page width and height in points.
    pub size: (f32, f32),
    pages: Vec<Content>,
}

impl Canvas {
    /// A document of pages of `size` (points), with one empty page.
    pub fn new(size: (f32, f32)) -> Canvas {
        Canvas { size, pages: vec![Content::new()] }
    }

    /// Starts a new page.
    pub fn new_page(&mut self) {
        self.pages.push(Content::new());
    }

    fn page(&mut self) -> &mut Content {
        self.pages.last_mut().expect("a canvas always has a page")
    }

    /// Writes `text` with its baseline starting at (x, y).
    pub fn text(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        let name = FONTS[font as usize].0;
        let bytes = win_ansi(text);
        let c = self.page();
        c.begin_text().set_font(Name(name), size).next_line(x, y).show(Str(&bytes)).end_text();
    }

    /// Writes `text` in red.
    pub fn text_red(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        self.page().set_fill_rgb(RED.0, RED.1, RED.2);
        self.text(font, size, x, y, text);
        self.page().set_fill_gray(0.0);
    }

    /// Draws a suit's symbol at (x, y), hearts and diamonds in red.
    pub fn suit(&mut self, suit: Suit, size: f32, x: f32, y: f32) {
        // Symbol's own encoding: club 0xA7, diamond 0xA8, heart 0xA9, spade 0xAA.
        let code = [0xA7u8, 0xA8, 0xA9, 0xAA][suit as usize];
        let red = matches!(suit, Suit::Hearts | Suit::Diamonds);
        let c = self.page();
        if red {
            c.set_fill_rgb(RED.0, RED.1, RED.2);
        }
        c.begin_text().set_font(Name(FONTS[3].0), size).next_line(x, y).show(Str(&[code])).end_text();
        if red {
            c.set_fill_gray(0.0);
        }
    }

    /// A straight line of `width` points.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32) {
        let c = self.page();
        c.set_line_width(width).move_to(from.0, from.1).line_to(to.0, to.1).stroke();
    }

    /// A rectangle's outline.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        self.page().set_line_width(width).rect(x, y, w, h).stroke();
    }

    /// The finished file, with `title` as the document's title.
    pub fn finish(self, title: &str) -> Vec<u8> {
        let mut pdf = Pdf::new();
        let (catalog, tree, info) = (Ref::new(1), Ref::new(2), Ref::new(3));
        let font_ids: Vec<Ref> = (0..FONTS.len() as i32).map(|i| Ref::new(4 + i)).collect();
        let first_page = 4 + FONTS.len() as i32;
        let page_ids: Vec<Ref> = (0..self.pages.len() as i32).map(|i| Ref::new(first_page + 2 * i)).collect();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids(page_ids.iter().copied()).count(page_ids.len() as i32);
        pdf.document_info(info).title(pdf_writer::TextStr(title)).creator(pdf_writer::TextStr("dealbench"));
        for (&(_, base, encoding), &id) in FONTS.iter().zip(&font_ids) {
            let mut font = pdf.type1_font(id);
            font.base_font(Name(base));
            if let Some(e) = encoding {
                font.encoding_predefined(Name(e));
            }
        }
        let (w, h) = self.size;
        for (content, &id) in self.pages.into_iter().zip(&page_ids) {
            let content_id = Ref::new(id.get() + 1);
            let mut page = pdf.page(id);
            page.media_box(Rect::new(0.0, 0.0, w, h)).parent(tree).contents(content_id);
            let mut resources = page.resources();
            let mut fonts = resources.fonts();
            for (&(name, _, _), &fid) in FONTS.iter().zip(&font_ids) {
                fonts.pair(Name(name), fid);
            }
            fonts.finish();
            resources.finish();
            page.finish();
            pdf.stream(content_id, &content.finish());
        }
        pdf.finish()
    }
}

/// Text in WinAnsiEncoding (Windows-1252): ASCII and Latin-1 as they are, typographic quotes
/// and dashes at their places, suit symbols as their letters, anything else `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{A0}'..='\u{FF}' => c as u32 as u8,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '…' => 0x85,
            '♠' => b'S',
            '♥' | '♡' => b'H',
            '♦' | '♢' => b'D',
            '♣' => b'C',
            _ => b'?',
        })
        .collect()
}

/// Helvetica's advance widths (1/1000 em) of the printable ASCII characters, space first.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, // 0 … 9
    278, 278, 584, 584, 584, 556, 1015, // : … @
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
    667, 667, 611, // A … Z
    278, 278, 278, 469, 556, 333, // [ \ ] ^ _ `
    556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
    500, 500, 500, // a … z
    334, 260, 334, 584, // { | } ~
];

/// The width of `text` in points at `size`; bold is taken as a tenth wider (an estimate
/// that errs on the wide side), characters outside ASCII as an `m`.
pub fn width(font: Font, size: f32, text: &str) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            ' '..='~' => u32::from(HELVETICA[c as usize - 32]),
            _ => 833,
        })
        .sum();
    let bold = if font == Font::Bold { 1.1 } else { 1.0 };
    units as f32 * size / 1000.0 * bold
}

/// `text` broken into lines no wider than `max` points (a word longer than a line is cut).
pub fn wrap(font: Font, size: f32, max: f32, text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if width(font, size, &candidate) <= max || line.is_empty() {
                line = candidate;
            } else {
                lines.push(std::mem::take(&mut line));
                line = word.to_string();
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_win_ansi_and_widths_add_up() {
        assert_eq!(win_ansi("Aé–♠ж"), vec![b'A', 0xE9, 0x96, b'S', b'?']);
        // "Hello": 722 + 556 + 222 + 222 + 556 = 2278 units.
        assert!((width(Font::Regular, 10.0, "Hello") - 22.78).abs() < 1e-3);
        let lines = wrap(Font::Regular, 10.0, 50.0, "one two three four\n\nfive");
        assert!(lines.iter().all(|l| width(Font::Regular, 10.0, l) <= 50.0), "{lines:?}");
        assert_eq!(lines.join(" ").split_whitespace().collect::<Vec<_>>(), ["one", "two", "three", "four", "five"]);
        assert!(lines.contains(&String::new()), "the blank line between paragraphs stays");
    }
}
