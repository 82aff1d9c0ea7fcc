//! A handout to print: a set's boards as a PDF. The teacher's handout shows each board's
//! number, dealer and vulnerability, the four hands round a compass with suit symbols (hearts
//! and diamonds in red), the double-dummy table and par when the set carries them, and the
//! scenario's title and teaching text. The student's (`Mode::Student`) shows one seat's hand
//! per board, several boards to a page, beside an empty bidding grid.

mod layout;
mod par;
pub mod pdf;
pub mod read;

use crate::cards::{Deal, Seat, Vul};

/// One board as the handout shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandoutBoard {
    /// The board number.
    pub number: u64,
    /// The dealer.
    pub dealer: Seat,
    /// Who is vulnerable.
    pub vulnerable: Vul,
    /// The four hands.
    pub deal: Deal,
    /// The scenario's title (PBN `[Event]`).
    pub event: String,
    /// The hand types the deal is in (empty for none).
    pub hand_type: String,
    /// The scenario's teaching text (empty for none).
    pub teaching: String,
    /// Declarer's tricks by declarer (N, E, S, W) and strain (C, D, H, S, NT), when known.
    pub dd: Option<[[u8; 5]; 4]>,
    /// Par contracts and score, when known.
    pub par: Option<String>,
}

/// The paper size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// Who the handout is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Every hand, the double-dummy results and the teaching text.
    #[default]
    Teacher,
    /// This seat's hand only, with room to write the bidding.
    Student(Seat),
}

/// The handout as PDF bytes; `title` heads every page.
pub fn render(boards: &[HandoutBoard], title: &str, paper: Paper, mode: Mode) -> Vec<u8> {
    let mut canvas = pdf::Canvas::new(paper.size());
    let mut pages = layout::Pages::new(&mut canvas, title);
    for b in boards {
        match mode {
            Mode::Teacher => pages.teacher_board(b),
            Mode::Student(seat) => pages.student_board(b, seat),
        }
    }
    canvas.finish(title)
}

/// A seat's cards in one suit as the handout prints them: `A K 10 5`, a void `—`.
pub fn ranks(deal: &Deal, seat: Seat, suit: crate::cards::Suit) -> String {
    let s = deal.hands[seat.index()].suit_string(suit);
    if s.is_empty() {
        return "—".into();
    }
    let cards: Vec<String> = s.chars().map(|c| if c == 'T' { "10".to_string() } else { c.to_string() }).collect();
    cards.join(" ")
}

/// How a board's vulnerability is printed.
pub fn vul_text(v: Vul) -> &'static str {
    ["None", "N-S", "E-W", "Both"][v.index()]
}
