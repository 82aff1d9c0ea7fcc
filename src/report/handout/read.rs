//! The boards of a PBN file as a handout needs them: number, dealer, vulnerability, deal,
//! `[Event]`, the `{Hand type: …}` and `{Teaching: …}` commentaries a session writes (other
//! commentary is teaching text too), and the double-dummy tags when present.

use super::HandoutBoard;
use crate::cards::{Seat, Vul, parse_deal};

/// Reads every board of a PBN text; an error names the line (`name:LINE: …`).
pub fn read_pbn(text: &str, name: &str) -> Result<Vec<HandoutBoard>, String> {
    let mut boards = Vec::new();
    let mut section = Section::default();
    let mut comment: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let at = |msg: String| format!("{name}:{}: {msg}", i + 1);
        if let Some(c) = &mut comment {
            match line.split_once('}') {
                Some((end, _)) => {
                    c.push('\n');
                    c.push_str(end);
                    section.comment(comment.take().unwrap_or_default());
                }
                None => {
                    c.push('\n');
                    c.push_str(line);
                }
            }
            continue;
        }
        let t = line.trim();
        if t.is_empty() {
            section.close(&mut boards).map_err(at)?;
        } else if let Some(body) = t.strip_prefix('{') {
            match body.split_once('}') {
                Some((c, _)) => section.comment(c.to_string()),
                None => comment = Some(body.to_string()),
            }
        } else if t.starts_with('[') {
            let (tag, value) = tag_pair(t).ok_or_else(|| at(format!("`{t}` is not a tag pair [Name \"value\"]")))?;
            section.tags.push((tag, value));
        }
    }
    section.close(&mut boards).map_err(|m| format!("{name}: {m}"))?;
    if boards.is_empty() {
        return Err(format!("{name}: no boards (expected PBN tag sections with [Deal \"N:…\"])"));
    }
    Ok(boards)
}

/// `[Name "value"]` with `\"` and `\\` unescaped.
fn tag_pair(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next().unwrap_or('\\') } else { c });
    }
    Some((name.to_string(), value))
}

/// One tag section being read.
#[derive(Default)]
struct Section {
    tags: Vec<(String, String)>,
    hand_type: String,
    teaching: Vec<String>,
}

impl Section {
    fn comment(&mut self, text: String) {
        let text = text.trim();
        if let Some(t) = text.strip_prefix("Hand type:") {
            self.hand_type = t.trim().to_string();
        } else if let Some(t) = text.strip_prefix("Teaching:") {
            self.teaching.push(t.trim().to_string());
        } else if !text.is_empty() {
            self.teaching.push(text.to_string());
        }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Ends the section: a board when it has a deal.
    fn close(&mut self, boards: &mut Vec<HandoutBoard>) -> Result<(), String> {
        let section = std::mem::take(self);
        let Some(deal) = section.tag("Deal") else { return Ok(()) };
        let deal = parse_deal(deal).map_err(|e| format!("[Deal \"{deal}\"]: {e}"))?;
        let number = section.tag("Board").and_then(|b| b.trim().parse().ok()).unwrap_or(boards.len() as u64 + 1);
        let dealer = section.tag("Dealer").and_then(seat).unwrap_or_else(|| super::super::set::board_dealer(number));
        let vulnerable = section.tag("Vulnerable").map_or(Vul::of_board(number), vul);
        let dd = section.tag("DoubleDummyTricks").and_then(dd_tricks);
        let score = section.tag("OptimumScore").map(str::to_string);
        let par = section.tag("ParContract").map(|p| match &score {
            Some(s) => format!("{p} ({s})"),
            None => p.to_string(),
        });
        boards.push(HandoutBoard {
            number,
            dealer,
            vulnerable,
            deal,
            event: section.tag("Event").unwrap_or_default().to_string(),
            hand_type: section.hand_type,
            teaching: section.teaching.join("\n\n"),
            dd,
            par,
        });
        Ok(())
    }
}

fn seat(text: &str) -> Option<Seat> {
    let c = text.trim().chars().next()?.to_ascii_uppercase();
    Seat::ALL.into_iter().find(|s| s.letter() == c)
}

/// PBN's vulnerability words (`None`, `NS`, `EW`, `All`, and `Love`, `Both`, `-`).
fn vul(text: &str) -> Vul {
    match text.trim().to_ascii_lowercase().as_str() {
        "ns" => Vul::NS,
        "ew" => Vul::EW,
        "all" | "both" => Vul::All,
        _ => Vul::None,
    }
}

/// `[DoubleDummyTricks]`: 20 hex digits, declarers N, S, E, W, strains NT, S, H, D, C; as
/// tricks[declarer N,E,S,W][strain C,D,H,S,NT].
fn dd_tricks(text: &str) -> Option<[[u8; 5]; 4]> {
    let digits: Vec<u8> = text.trim().chars().map(|c| c.to_digit(16).map(|d| d as u8)).collect::<Option<_>>()?;
    if digits.len() != 20 || digits.iter().any(|&d| d > 13) {
        return None;
    }
    let mut t = [[0u8; 5]; 4];
    for (k, seat) in [Seat::North, Seat::South, Seat::East, Seat::West].into_iter().enumerate() {
        for (j, strain) in [4, 3, 2, 1, 0].into_iter().enumerate() {
            t[seat.index()][strain] = digits[k * 5 + j];
        }
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_board_reads_back_with_its_commentaries_and_dd() {
        let text = "% PBN 2.1\n\n[Event \"1NT \\\"strong\\\"\"]\n[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n\
            [Deal \"S:AQ8.K982.K932.QJ K973.Q4.T74.9742 J6542.76.QJ6.KT8 T.AJT53.A85.A653\"]\n\
            [DoubleDummyTricks \"78676786866575765757\"]\n[OptimumScore \"NS 110\"]\n[ParContract \"2S-NS\"]\n\
            {Hand type: weak}\n{Teaching: Open 1NT\nwith 15-17.}\n\n[Event \"x\"]\n[Board \"8\"]\n";
        let b = read_pbn(text, "t.pbn").unwrap();
        assert_eq!(b.len(), 1);
        let b = &b[0];
        assert_eq!((b.number, b.dealer, b.vulnerable), (7, Seat::South, Vul::All));
        assert_eq!(b.deal.hands[Seat::South.index()].dotted(), "AQ8.K982.K932.QJ");
        assert_eq!((b.event.as_str(), b.hand_type.as_str()), ("1NT \"strong\"", "weak"));
        assert_eq!(b.teaching, "Open 1NT\nwith 15-17.");
        let dd = b.dd.unwrap();
        // N: NT 7, S 8, H 6, D 7, C 6; S: 7 8 6 8 6; E: 6 5 7 5 7; W: 6 5 7 5 7.
        assert_eq!(dd[Seat::North.index()], [6, 7, 6, 8, 7]);
        assert_eq!(dd[Seat::East.index()], [7, 5, 7, 5, 6]);
        assert_eq!(b.par.as_deref(), Some("2S-NS (NS 110)"));
    }

    #[test]
    fn a_bad_deal_or_tag_names_its_line() {
        let e = read_pbn("[Board \"1\"]\n[Deal \"N:AKQ\"]\n\n", "b.pbn").unwrap_err();
        assert!(e.starts_with("b.pbn:3: [Deal \"N:AKQ\"]"), "{e}");
        let e = read_pbn("[Board 1]\n", "b.pbn").unwrap_err();
        assert!(e.starts_with("b.pbn:1: `[Board 1]` is not a tag pair"), "{e}");
        assert!(read_pbn("% nothing\n", "e.pbn").unwrap_err().contains("no boards"));
    }
}
