//! The cards a run predeals: the script's `predeal` with `-N`, `-E`, `-S`, `-W` replacing
//! the script's cards of their seat, and the check that no card is predealt twice.

use crate::cards::{Card, Seat};
use crate::script::Script;
use crate::script::diag::Span;

/// Where a predealt card is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The script's `predeal`, at this holding.
    Script(Span),
    /// The seat's switch (`-N` for North …).
    Switch,
}

/// A card predealt twice: to each seat, from each origin (the earlier one first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The card.
    pub card: Card,
    /// The first place it is predealt.
    pub first: (Seat, Origin),
    /// The second place.
    pub second: (Seat, Origin),
}

impl Clash {
    /// What is wrong, naming both places: `card SA is predealt twice: to North here and to South by -S`
    /// ("here" is the script position [`Clash::span`] gives).
    pub fn message(&self) -> String {
        let place = |(seat, origin): (Seat, Origin)| {
            let name = crate::cards::SEAT_NAMES[seat];
            match origin {
                Origin::Script(_) => format!("to {name} here"),
                Origin::Switch => format!("to {name} by {}", switch_name(seat)),
            }
        };
        let card = crate::script::parser::card_name(self.card);
        format!("card {card} is predealt twice: {} and {}", place(self.first), place(self.second))
    }

    /// The script's holding that predeals the card, if the script is one of the two places.
    pub fn span(&self) -> Option<Span> {
        [self.first.1, self.second.1].into_iter().find_map(|o| match o {
            Origin::Script(at) => Some(at),
            Origin::Switch => None,
        })
    }
}

/// The run's predealt cards, the script's (of seats no switch replaces) first, in order.
pub fn merged(script: &Script, over: &[(Seat, Vec<Card>)]) -> Vec<(Seat, Card, Origin)> {
    let replaced = |s: Seat| over.iter().any(|(o, _)| *o == s);
    let from_script = script.predeal.iter().zip(&script.predeal_at);
    let mut all: Vec<(Seat, Card, Origin)> =
        from_script.filter(|((s, _), _)| !replaced(*s)).map(|(&(s, c), &at)| (s, c, Origin::Script(at))).collect();
    for (seat, cards) in over {
        all.extend(cards.iter().map(|&c| (*seat, c, Origin::Switch)));
    }
    all
}

/// The first card predealt twice, if any.
pub fn check(script: &Script, over: &[(Seat, Vec<Card>)]) -> Result<(), Clash> {
    let all = merged(script, over);
    let mut first: [Option<(Seat, Origin)>; 64] = [None; 64];
    for (seat, card, origin) in all {
        let slot = &mut first[usize::from(card.0 & 63)];
        if let Some(earlier) = *slot {
            return Err(Clash { card, first: earlier, second: (seat, origin) });
        }
        *slot = Some((seat, origin));
    }
    Ok(())
}

/// The switch that predeals a seat's hand.
pub fn switch_name(seat: Seat) -> &'static str {
    ["-N", "-E", "-S", "-W"][seat]
}

#[cfg(test)]
mod tests;
