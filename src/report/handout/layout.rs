//! Where things go on the handout's pages: boards flow down the page, a new page when the
//! next does not fit.

use super::par::{self, Piece};
use super::pdf::{Canvas, Font, width, wrap};
use super::{HandoutBoard, ranks, vul_text};
use crate::cards::{Seat, Suit};

/// Page margin, points (half an inch: three teacher's boards fit a Letter page).
const MARGIN: f32 = 36.0;
/// One line of a hand, points.
const LINE: f32 = 11.0;
/// A hand's width in the compass, points.
const HAND_W: f32 = 118.0;
/// The suits top to bottom.
const SUITS: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

/// The pages being filled and where the next board goes.
pub struct Pages<'a> {
    canvas: &'a mut Canvas,
    title: String,
    /// The next board's top, points from the page's bottom.
    y: f32,
    page: usize,
}

impl<'a> Pages<'a> {
    /// Starts the first page.
    pub fn new(canvas: &'a mut Canvas, title: &str) -> Pages<'a> {
        let mut p = Pages { canvas, title: title.to_string(), y: 0.0, page: 0 };
        p.head();
        p
    }

    /// Heads the current page with the title and its number.
    fn head(&mut self) {
        self.page += 1;
        let (w, h) = self.canvas.size;
        let top = h - MARGIN;
        self.canvas.text(Font::Bold, 14.0, MARGIN, top - 14.0, &self.title);
        let n = format!("page {}", self.page);
        self.canvas.text(Font::Regular, 9.0, w - MARGIN - width(Font::Regular, 9.0, &n), top - 14.0, &n);
        self.canvas.line((MARGIN, top - 20.0), (w - MARGIN, top - 20.0), 0.8);
        self.y = top - 32.0;
    }

    /// Room for a block `height` high: a new page when the current one lacks it.
    fn room(&mut self, height: f32) -> f32 {
        if self.y - height < MARGIN && self.y < self.canvas.size.1 - MARGIN - 40.0 {
            self.canvas.new_page();
            self.head();
        }
        let top = self.y;
        self.y -= height;
        top
    }

    fn content_width(&self) -> f32 {
        self.canvas.size.0 - 2.0 * MARGIN
    }

    /// `Board 7   Dealer South   Vul N-S`, then the scenario line (with the hand types when
    /// `types`); returns the y below them.
    fn board_head(&mut self, b: &HandoutBoard, types: bool, top: f32) -> f32 {
        let head = format!("Board {}", b.number);
        self.canvas.text(Font::Bold, 12.0, MARGIN, top - 12.0, &head);
        let x = MARGIN + width(Font::Bold, 12.0, &head) + 14.0;
        let facts = format!("Dealer {}    Vul {}", b.dealer.name(), vul_text(b.vulnerable));
        self.canvas.text(Font::Regular, 10.0, x, top - 12.0, &facts);
        let scenario = scenario_line(b, types);
        if scenario.is_empty() {
            return top - 18.0;
        }
        self.canvas.text(Font::Oblique, 10.0, MARGIN, top - 26.0, &scenario);
        top - 32.0
    }

    /// A seat's name (after `prefix`) and its four suits from (x, top).
    fn hand(&mut self, b: &HandoutBoard, seat: Seat, prefix: &str, x: f32, top: f32) {
        let font = if seat == b.dealer { Font::Bold } else { Font::Regular };
        let name = if seat == b.dealer { format!("{} (dealer)", seat.name()) } else { seat.name().to_string() };
        self.canvas.text(font, 9.0, x, top - 9.0, &format!("{prefix}{name}"));
        for (k, suit) in SUITS.into_iter().enumerate() {
            let y = top - 9.0 - LINE * (k as f32 + 1.0);
            self.canvas.suit(suit, 10.0, x, y);
            self.canvas.text(Font::Regular, 10.0, x + 13.0, y, &ranks(&b.deal, seat, suit));
        }
    }

    /// The teacher's board: the compass, the double-dummy table and the teaching text.
    pub fn teacher_board(&mut self, b: &HandoutBoard) {
        let teaching = if b.teaching.is_empty() {
            Vec::new()
        } else {
            wrap(Font::Regular, 9.5, self.content_width(), &b.teaching)
        };
        let head = if scenario_line(b, true).is_empty() { 18.0 } else { 32.0 };
        let hand_h = 5.0 * LINE + 1.0;
        let height = head + 3.0 * hand_h + 10.0 + LINE * teaching.len() as f32 + 10.0;
        let top = self.room(height);
        let top = self.board_head(b, true, top);
        let (x0, x1, x2) = (MARGIN, MARGIN + HAND_W, MARGIN + 2.0 * HAND_W);
        self.hand(b, Seat::North, "", x1, top);
        self.hand(b, Seat::West, "", x0, top - hand_h);
        self.hand(b, Seat::East, "", x2, top - hand_h);
        self.hand(b, Seat::South, "", x1, top - 2.0 * hand_h);
        self.compass(b, x1, top - hand_h);
        if let Some(dd) = &b.dd {
            self.dd_table(dd, b.par.as_deref(), MARGIN + 3.0 * HAND_W + 12.0, top);
        }
        // Below South's last suit (its baseline is 55 points under the hand's top).
        let mut y = top - 3.0 * hand_h - 10.0;
        for line in &teaching {
            self.canvas.text(Font::Regular, 9.5, MARGIN, y, line);
            y -= LINE;
        }
        let (w, _) = self.canvas.size;
        self.canvas.line((MARGIN, y + 4.0), (w - MARGIN, y + 4.0), 0.3);
    }

    /// The box between the hands: the seats' letters, the dealer's in bold, a vulnerable
    /// side's in red.
    fn compass(&mut self, b: &HandoutBoard, x: f32, top: f32) {
        let (w, h) = (70.0, 50.0);
        let (bx, by) = (x, top - h - 3.0);
        self.canvas.rect(bx, by, w, h, 0.6);
        let spots = [(Seat::North, w / 2.0 - 4.0, h - 12.0), (Seat::South, w / 2.0 - 4.0, 4.0)];
        let sides = [(Seat::West, 4.0, h / 2.0 - 4.0), (Seat::East, w - 12.0, h / 2.0 - 4.0)];
        for (seat, dx, dy) in spots.into_iter().chain(sides) {
            let font = if seat == b.dealer { Font::Bold } else { Font::Regular };
            let text = seat.letter().to_string();
            if b.vulnerable.side(seat.side()) {
                self.canvas.text_red(font, 10.0, bx + dx, by + dy, &text);
            } else {
                self.canvas.text(font, 10.0, bx + dx, by + dy, &text);
            }
        }
    }

    /// Declarers N, S, E, W by strain NT, ♠, ♥, ♦, ♣, and the par line below.
    fn dd_table(&mut self, dd: &[[u8; 5]; 4], par: Option<&str>, x: f32, top: f32) {
        let col = 22.0;
        self.canvas.text(Font::Bold, 9.0, x, top - 9.0, "Double dummy");
        let y = top - 23.0;
        self.canvas.text(Font::Bold, 9.0, x + col, y, "NT");
        for (k, suit) in SUITS.into_iter().enumerate() {
            self.canvas.suit(suit, 9.0, x + col * (k as f32 + 2.0), y);
        }
        for (r, seat) in [Seat::North, Seat::South, Seat::East, Seat::West].into_iter().enumerate() {
            let ry = y - LINE * (r as f32 + 1.0);
            self.canvas.text(Font::Bold, 9.0, x, ry, &seat.letter().to_string());
            for (k, strain) in [4, 3, 2, 1, 0].into_iter().enumerate() {
                let t = dd[seat.index()][strain].to_string();
                self.canvas.text(Font::Regular, 9.0, x + col * (k as f32 + 1.0), ry, &t);
            }
        }
        if let Some(p) = par {
            let py = y - LINE * 5.0 - 4.0;
            for (k, line) in par::lines(p).iter().enumerate() {
                self.pieces(x, py - LINE * k as f32, 9.0, line);
            }
        }
    }

    /// A line of text and suit symbols from (x, y).
    fn pieces(&mut self, mut x: f32, y: f32, size: f32, line: &[Piece]) {
        for piece in line {
            match piece {
                Piece::Text(t) => {
                    self.canvas.text(Font::Regular, size, x, y, t);
                    x += width(Font::Regular, size, t);
                }
                Piece::Suit(s) => {
                    self.canvas.suit(*s, size, x, y);
                    x += size * 0.753; // Symbol's suit glyphs are 753 units wide
                }
            }
        }
    }

    /// The student's board: the seat's hand and an empty bidding grid beside it.
    pub fn student_board(&mut self, b: &HandoutBoard, seat: Seat) {
        let head = if scenario_line(b, false).is_empty() { 18.0 } else { 32.0 };
        let rows = 6.0;
        let row_h = 16.0;
        let height = head + (rows + 1.0) * row_h + 20.0;
        let top = self.room(height);
        // The hand types stay off a student's sheet: they tell what partner holds.
        let top = self.board_head(b, false, top);
        self.hand(b, seat, "You are ", MARGIN, top);
        let (gx, gw) = (MARGIN + 170.0, self.canvas.size.0 - MARGIN - (MARGIN + 170.0));
        let col = gw / 4.0;
        for (k, s) in [Seat::West, Seat::North, Seat::East, Seat::South].into_iter().enumerate() {
            let font = if s == b.dealer { Font::Bold } else { Font::Regular };
            self.canvas.text(font, 9.0, gx + col * k as f32 + 4.0, top - 11.0, s.name());
        }
        let bottom = top - (rows + 1.0) * row_h;
        for r in 0..=(rows as usize + 1) {
            let y = top - row_h * r as f32;
            self.canvas.line((gx, y), (gx + gw, y), if r == 1 { 0.8 } else { 0.3 });
        }
        for k in 0..=4 {
            let x = gx + col * k as f32;
            self.canvas.line((x, top), (x, bottom), 0.3);
        }
        let (w, _) = self.canvas.size;
        self.canvas.line((MARGIN, bottom - 10.0), (w - MARGIN, bottom - 10.0), 0.3);
    }
}

/// The scenario's title and (with `types`) hand types: `Stayman — hand type: weak`.
fn scenario_line(b: &HandoutBoard, types: bool) -> String {
    match (b.event.is_empty(), b.hand_type.is_empty() || !types) {
        (_, true) => b.event.clone(),
        (true, false) => format!("hand type: {}", b.hand_type),
        (false, false) => format!("{} — hand type: {}", b.event, b.hand_type),
    }
}
