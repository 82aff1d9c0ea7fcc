//! `--leads 3N:S`: every opening lead against a contract over the produced deals. Per lead,
//! the deals it rests on, declarer's mean tricks, how often the contract goes down, and the
//! tricks it gives away against the best lead (mean and standard error). A lead is a card when
//! the leader (declarer's left-hand opponent) holds the same hand on every deal, else a suit
//! (on each deal the suit's best card, over the deals where the leader holds the suit).

use super::{Sample, Statistic, StatsError, View, add_count};
use crate::cards::{Card, Hand, RANK_CHARS, SEAT_NAMES, Seat, Suit};
use crate::eval::EvalError;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// A lead study's contract, as `--leads` and the workbench's prompt take it: `3N:S` (level 1 to
/// 7, strain C, D, H, S or N, declarer N, E, S or W).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeadContract {
    /// The level, 1 to 7.
    pub level: u8,
    /// The strain, 0 clubs .. 4 notrump.
    pub strain: usize,
    /// The declarer; the leader is their left-hand opponent.
    pub declarer: Seat,
}

impl LeadContract {
    /// Reads `3N:S`, `4H:E`, `3NT:s`.
    pub fn parse(arg: &str) -> Result<LeadContract, String> {
        let bad = || {
            format!("{arg}: expected CONTRACT:DECLARER, as 3N:S or 4H:E (level 1-7, strain C D H S N, seat N E S W)")
        };
        let (contract, seat) = arg.trim().split_once(':').ok_or_else(bad)?;
        let mut chars = contract.chars();
        let level = chars.next().and_then(|c| c.to_digit(10)).filter(|l| (1..=7).contains(l)).ok_or_else(bad)?;
        let strain = match chars.as_str().to_ascii_uppercase().as_str() {
            "C" => 0,
            "D" => 1,
            "H" => 2,
            "S" => 3,
            "N" | "NT" => 4,
            _ => return Err(bad()),
        };
        let declarer = match seat.to_ascii_uppercase().as_str() {
            "N" => Seat::North,
            "E" => Seat::East,
            "S" => Seat::South,
            "W" => Seat::West,
            _ => return Err(bad()),
        };
        Ok(LeadContract { level: level as u8, strain, declarer })
    }

    /// The empty study of its leads.
    pub fn stat(self) -> LeadsStat {
        LeadsStat::new(self.level, self.strain, self.declarer)
    }
}

impl std::fmt::Display for LeadContract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}:{}", self.level, ["C", "D", "H", "S", "N"][self.strain.min(4)], self.declarer.letter())
    }
}

/// One row's sums (integers, so that shards add up exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LeadRow {
    /// Deals the row rests on.
    pub deals: u64,
    /// Declarer's tricks, summed.
    pub tricks: u64,
    /// Deals on which the contract goes down.
    pub set: u64,
    /// Tricks given away against the best lead, summed.
    pub lost: u64,
    /// The squares of the tricks given away, summed.
    pub lost_sq: u64,
}

impl LeadRow {
    fn add(&mut self, tricks: u8, best: u8, needed: u8) {
        let lost = u64::from(tricks - best.min(tricks));
        self.deals += 1;
        self.tricks += u64::from(tricks);
        self.set += u64::from(tricks < needed);
        self.lost += lost;
        self.lost_sq += lost * lost;
    }

    fn merge(&mut self, o: &LeadRow) -> Result<(), StatsError> {
        add_count(&mut self.deals, o.deals, "leads' deals")?;
        add_count(&mut self.tricks, o.tricks, "leads' tricks")?;
        add_count(&mut self.set, o.set, "leads' sets")?;
        add_count(&mut self.lost, o.lost, "leads' tricks lost")?;
        add_count(&mut self.lost_sq, o.lost_sq, "leads' squares")
    }

    /// `DEALS TRICKS SET%`, and with `diff` the tricks lost `± standard error`.
    fn cells(&self, diff: bool) -> String {
        let n = self.deals as f64;
        let mut s = format!("{:>8} {:>7.2} {:>6.1}", self.deals, self.tricks as f64 / n, 100.0 * self.set as f64 / n);
        if diff {
            let mean = self.lost as f64 / n;
            let se = if self.deals < 2 {
                f64::NAN
            } else {
                let var = (self.lost_sq as f64 - (self.lost as f64).powi(2) / n) / (n - 1.0);
                (var.max(0.0) / n).sqrt()
            };
            let _ = write!(s, "  +{mean:.2} ± {se:.2}");
        }
        s
    }
}

/// The study of one contract's opening leads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeadsStat {
    /// The contract's level (1 to 7).
    pub level: u8,
    /// Its strain, 0 clubs .. 4 notrump.
    pub strain: u8,
    /// The declarer's seat index (N 0 .. W 3).
    pub declarer: u8,
    /// The leader's hand when it was the same on every deal so far.
    pub hand: Option<u64>,
    /// The leader's hand differed between deals.
    pub varies: bool,
    /// By card index (`suit * 13 + rank`), each card's lead.
    pub cards: Vec<LeadRow>,
    /// By suit (clubs .. spades), the suit's best card.
    pub suits: [LeadRow; 4],
    /// The best lead: the double-dummy result.
    pub best: LeadRow,
}

impl LeadsStat {
    /// The empty study of `level` in `strain` (0 clubs .. 4 notrump) by `declarer`.
    pub fn new(level: u8, strain: usize, declarer: Seat) -> LeadsStat {
        LeadsStat {
            level,
            strain: strain as u8,
            declarer: declarer.index() as u8,
            hand: None,
            varies: false,
            cards: vec![LeadRow::default(); 52],
            suits: [LeadRow::default(); 4],
            best: LeadRow::default(),
        }
    }

    /// `3NT by South`.
    pub fn contract(&self) -> String {
        let strain = ["C", "D", "H", "S", "NT"][usize::from(self.strain.min(4))];
        format!("{}{strain} by {}", self.level, SEAT_NAMES[usize::from(self.declarer & 3)])
    }

    /// The leader: declarer's left-hand opponent.
    pub fn leader(&self) -> Seat {
        Seat::from_index(usize::from(self.declarer + 1) & 3)
    }

    /// The rows: each label with its row, cards when the leader's hand is fixed.
    pub fn rows(&self) -> Vec<(String, LeadRow)> {
        let mut out = Vec::new();
        for suit in Suit::ALL.into_iter().rev() {
            if let (Some(hand), false) = (self.hand, self.varies) {
                for rank in (0..13).rev() {
                    let card = Card::new(suit, rank);
                    let row = self.cards[usize::from(card.0)];
                    if hand & card.bit() != 0 && row.deals > 0 {
                        out.push((format!("{}{}", suit.letter(), RANK_CHARS[rank] as char), row));
                    }
                }
            } else if self.suits[suit.index()].deals > 0 {
                out.push((suit.letter().to_string(), self.suits[suit.index()]));
            }
        }
        out
    }

    /// The table's lines: the header, one line per lead and `best`.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!("Opening leads against {} ({} leads)", self.contract(), self.leader().name()),
            format!("{:<5}{:>8} {:>7} {:>6}  {}", "LEAD", "DEALS", "TRICKS", "SET%", "LOST vs best ± s.e."),
        ];
        for (label, row) in self.rows() {
            out.push(format!("{label:<5}{}", row.cells(true)));
        }
        out.push(format!("{:<5}{}", "best", self.best.cells(false)));
        out
    }

    /// The leader's hand when it is fixed (for the workbench to draw).
    pub fn fixed_hand(&self) -> Option<Hand> {
        self.hand.filter(|_| !self.varies).map(Hand)
    }
}

impl Statistic for LeadsStat {
    const KIND: &'static str = "leads";

    fn add_deal(&mut self, sample: &mut Sample) -> Result<(), EvalError> {
        let deal = *sample.deal();
        let (declarer, strain) = (Seat::from_index(usize::from(self.declarer)), usize::from(self.strain));
        let span = sample.span;
        let dd = sample.ctx.dd.as_mut().ok_or_else(|| EvalError::new(span, "--leads needs the double-dummy solver"))?;
        let leads = dd.leads(&deal, declarer, strain).map_err(|e| EvalError::solving(span, e))?;
        let hand = deal.hands[self.leader()].0;
        match self.hand {
            None if !self.varies => self.hand = Some(hand),
            Some(h) if h != hand => self.varies = true,
            _ => {}
        }
        let needed = self.level + 6;
        let mut suit_best = [u8::MAX; 4];
        for &(card, tricks) in &leads.cards {
            self.cards[usize::from(card.0)].add(tricks, leads.best, needed);
            let s = &mut suit_best[card.suit().index()];
            *s = (*s).min(tricks);
        }
        for (s, &t) in suit_best.iter().enumerate() {
            if t != u8::MAX {
                self.suits[s].add(t, leads.best, needed);
            }
        }
        self.best.add(leads.best, leads.best, needed);
        Ok(())
    }

    fn is_study(&self) -> bool {
        true
    }

    fn merge(&mut self, other: &LeadsStat) -> Result<(), StatsError> {
        if (self.level, self.strain, self.declarer) != (other.level, other.strain, other.declarer) {
            return Err(StatsError::Shape(format!("--leads {} against {}", self.contract(), other.contract())));
        }
        if self.cards.len() != other.cards.len() {
            return Err(StatsError::Shape("the leads' card tables differ in size".into()));
        }
        if other.best.deals > 0 {
            match (self.hand, other.hand) {
                (None, h) if !self.varies => self.hand = h,
                (Some(a), Some(b)) if a != b => self.varies = true,
                _ => {}
            }
            self.varies |= other.varies;
        }
        for (a, b) in self.cards.iter_mut().zip(&other.cards) {
            a.merge(b)?;
        }
        for (a, b) in self.suits.iter_mut().zip(&other.suits) {
            a.merge(b)?;
        }
        self.best.merge(&other.best)
    }

    fn render(&self, out: &mut String, _produced: u64) {
        for line in self.lines() {
            let _ = writeln!(out, "{line}");
        }
    }

    fn check(&self, produced: u64) -> Result<(), StatsError> {
        if self.best.deals != produced || self.cards.len() != 52 {
            return Err(StatsError::Inconsistent(format!("leads over {} deals of {produced}", self.best.deals)));
        }
        Ok(())
    }

    fn view(&self) -> View {
        View::Lines { label: Some(format!("leads {}", self.contract())), lines: self.lines() }
    }
}
