//! The hands `-N`, `-E`, `-S`, `-W` predeal: `S8743,HA9,D642,CQT64`.

use crate::cards::{Card, rank_of_char, suit_of_char};

/// The cards of a switch's hand: holdings of a suit letter and its ranks from the ace down,
/// each once, as the script's `predeal` writes them.
pub fn parse_holdings(text: &str) -> Result<Vec<Card>, String> {
    let mut cards: Vec<Card> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        for card in holding(part)? {
            if cards.contains(&card) {
                return Err(format!("`{text}`: {} is given twice", crate::script::parser::card_name(card)));
            }
            cards.push(card);
        }
    }
    if cards.len() > 13 {
        return Err(format!("`{text}`: more than 13 cards"));
    }
    Ok(cards)
}

fn holding(part: &str) -> Result<Vec<Card>, String> {
    let upper = |c: char| u8::try_from(c.to_ascii_uppercase()).ok();
    let mut chars = part.chars();
    let suit = chars
        .next()
        .and_then(upper)
        .and_then(suit_of_char)
        .ok_or_else(|| format!("`{part}`: a holding starts with a suit letter S, H, D or C"))?;
    let mut cards = Vec::new();
    let mut above = 13; // the rank the next one must be below
    for ch in chars {
        let rank = upper(ch).and_then(rank_of_char).ok_or_else(|| format!("`{part}`: `{ch}` is not a rank"))?;
        if rank >= above {
            return Err(format!("`{part}`: ranks are written from the ace down, each once (`{ch}` is out of order)"));
        }
        above = rank;
        cards.push(Card::new(suit, rank));
    }
    Ok(cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        parse_holdings(text).unwrap().into_iter().map(crate::script::parser::card_name).collect()
    }

    #[test]
    fn reads_holdings_from_the_ace_down() {
        assert_eq!(names("S8743,HA9, d642,"), ["S8", "S7", "S4", "S3", "HA", "H9", "D6", "D4", "D2"]);
        assert_eq!(names("SAKQJT98765432").len(), 13);
    }

    #[test]
    fn rejects_repeated_and_unordered_ranks() {
        for bad in ["SAA", "SKA", "S23", "SA,SA", "SAK,HA,SK"] {
            let e = parse_holdings(bad).unwrap_err();
            assert!(e.contains("each once") || e.contains("twice"), "{bad}: {e}");
        }
    }

    #[test]
    fn rejects_other_characters() {
        assert!(parse_holdings("XA").unwrap_err().contains("suit letter"));
        assert!(parse_holdings("SA1").unwrap_err().contains("`1` is not a rank"));
        assert!(parse_holdings("S♠").unwrap_err().contains("`♠` is not a rank"));
        assert!(parse_holdings("SAKQJT98765432,HA").unwrap_err().contains("more than 13"));
    }
}
