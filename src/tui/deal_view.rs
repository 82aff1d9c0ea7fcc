//! The deal pane: the selected matched deal around the compass, North at the top.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::app::{App, Pane, RunState};
use super::keymap::Scope;
use super::pane::PaneView;
use super::widgets::{pane_block, stale_span};
use crate::cards::{Hand, SEAT_NAMES, Suit};

/// The deal pane.
pub struct DealPane;

impl PaneView for DealPane {
    fn id(&self) -> Pane {
        Pane::Deal
    }

    fn title(&self) -> &'static str {
        "Deal"
    }

    fn scopes(&self) -> &'static [Scope] {
        &[Scope::Browse, Scope::Deals]
    }

    fn draw(&self, f: &mut Frame, area: Rect, app: &App) {
        draw(f, area, app);
    }
}

/// Suit symbols, clubs first.
pub const SYMBOLS: [&str; 4] = ["♣", "♦", "♥", "♠"];
/// Suit letters, clubs first.
pub const LETTERS: [&str; 4] = ["C", "D", "H", "S"];

/// High card points, 4-3-2-1.
pub fn hcp(h: Hand) -> u32 {
    Suit::ALL
        .into_iter()
        .map(|s| {
            let b = h.suit(s);
            4 * u32::from(b >> 12 & 1) + 3 * u32::from(b >> 11 & 1) + 2 * u32::from(b >> 10 & 1) + u32::from(b >> 9 & 1)
        })
        .sum()
}

/// Lengths spades-hearts-diamonds-clubs, as `5-3-3-2`.
pub fn shape(h: Hand) -> String {
    Suit::ALL.into_iter().rev().map(|s| h.len(s).to_string()).collect::<Vec<_>>().join("-")
}

/// The five lines of one hand: seat with points and shape, then spades down to clubs.
pub fn hand_lines(app: &App, seat: usize, h: Hand, width: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut head = format!("{} {}", SEAT_NAMES[seat], hcp(h));
    let sh = shape(h);
    if head.chars().count() + 1 + sh.len() <= width {
        head = format!("{head} {sh}");
    }
    let mut out = vec![Line::from(Span::styled(head, t.get("ui.table.header")))];
    for s in Suit::ALL.into_iter().rev() {
        let sym = if app.suit_letters { LETTERS[s] } else { SYMBOLS[s] };
        let cards = h.suit_string(s);
        let cards = if cards.is_empty() { "—".to_string() } else { cards };
        out.push(Line::from(vec![Span::styled(sym, t.suit(s)), Span::raw(" "), Span::styled(cards, t.get("ui.text"))]));
    }
    out
}

/// Draws the deal pane.
pub fn draw(f: &mut Frame, area: Rect, app: &App) {
    let t = &app.theme;
    let r = &app.results;
    let mut extra = stale_span(app);
    if let Some(d) = r.selected_deal() {
        let total = r.produced.max(r.deals.back().map_or(0, |d| d.number));
        extra.insert(0, Span::styled(format!("{} of {} ", d.number, total), t.get("ui.text.dim")));
    }
    if let Some(fl) = &app.filter {
        let unknown = fl.undecided().map(|u| format!(", {u}")).unwrap_or_default();
        let text = format!("· filter: {} of {} pass{unknown} ", fl.pass.len(), r.deals.len());
        extra.push(Span::styled(text, t.get("warning")));
    }
    let block = pane_block(app, Pane::Deal, extra);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let Some(d) = r.selected_deal() else {
        let msg = match app.state {
            RunState::Running => "dealing… no deal has matched yet",
            RunState::Error => "no deals: the script has an error",
            RunState::Idle => "save the script (Ctrl-S) or press F5 to run it",
            _ => "no deal matched",
        };
        f.render_widget(Paragraph::new(Span::styled(msg, t.get("ui.text.dim"))), inner);
        return;
    };
    let cw = (inner.width / 3).min(17);
    let x0 = inner.x + (inner.width.saturating_sub(cw * 3)) / 2;
    let put = |f: &mut Frame, x: u16, y: u16, lines: Vec<Line<'static>>| {
        if y >= inner.bottom() {
            return;
        }
        let h = (lines.len() as u16).min(inner.bottom() - y);
        f.render_widget(
            Paragraph::new(lines),
            Rect { x, y, width: cw.min(inner.right().saturating_sub(x)), height: h },
        );
    };
    let hands = d.deal.hands;
    let y = inner.y;
    put(f, x0 + cw, y, hand_lines(app, 0, hands[0], cw as usize));
    put(f, x0, y + 5, hand_lines(app, 3, hands[3], cw as usize));
    put(f, x0 + 2 * cw, y + 5, hand_lines(app, 1, hands[1], cw as usize));
    put(f, x0 + cw, y + 10, hand_lines(app, 2, hands[2], cw as usize));
    let (dealer, vul) = app.board_info(d.number);
    let centre = vec![
        Line::raw(""),
        Line::styled(format!("Board {}", app.board_number(d.number)), t.get("ui.title.focus")),
        Line::styled(format!("Dealer {}", dealer.letter()), t.get("ui.text")),
        Line::styled(format!("Vul {}", vul.pbn()), t.get("ui.text")),
    ];
    put(f, x0 + cw + 1, y + 5, centre);
    let py = y + 15;
    if py < inner.bottom() && !d.printed.trim().is_empty() {
        let lines: Vec<Line> = d.printed.lines().map(|l| Line::styled(l.to_string(), t.get("ui.text.dim"))).collect();
        let rect = Rect { x: inner.x, y: py, width: inner.width, height: inner.bottom() - py };
        f.render_widget(Paragraph::new(lines), rect);
    }
}
