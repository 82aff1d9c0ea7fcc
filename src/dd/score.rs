//! Duplicate scoring and the IMP scale.

/// A contract: level 1..7, strain 0 clubs .. 3 spades, 4 notrump, doubling 0 none, 1 doubled, 2 redoubled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Contract {
    /// Level 1..7.
    pub level: u8,
    /// Strain 0 C, 1 D, 2 H, 3 S, 4 NT.
    pub strain: u8,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
}

impl Contract {
    /// Decodes the numeric form `level*5 + strain + 40*doubled` (`x3N` = 19, `x4Sx` = 63, `x4Sxx` = 103).
    pub fn from_code(code: i32) -> Option<Contract> {
        if !(0..120).contains(&code) {
            return None;
        }
        let (doubled, rest) = (code / 40, code % 40);
        let (level, strain) = (rest / 5, rest % 5);
        if !(1..=7).contains(&level) {
            return None;
        }
        Some(Contract { level: level as u8, strain: strain as u8, doubled: doubled as u8 })
    }
    /// The numeric form `level*5 + strain + 40*doubled`.
    pub fn code(self) -> i32 {
        self.level as i32 * 5 + self.strain as i32 + 40 * self.doubled as i32
    }
}

/// The vulnerability argument of `score`: 0 (`nv`) or 1 (`vul`), as the reference has it.
pub fn score_vul(v: i64) -> Result<bool, String> {
    match v {
        0 | 1 => Ok(v == 1),
        _ => Err(format!("score: vulnerability {v}: expected `nv` or 0, `vul` or 1")),
    }
}

/// The tricks argument of `score`: 0 to 13.
pub fn score_tricks(t: i64) -> Result<i32, String> {
    match t {
        0..=13 => Ok(t as i32),
        _ => Err(format!("score: {t} tricks: a deal has 0 to 13 tricks")),
    }
}

/// The contract argument of `score`: a contract word or its number (`x3N` is 19).
pub fn score_contract(c: i64) -> Result<Contract, String> {
    i32::try_from(c)
        .ok()
        .and_then(Contract::from_code)
        .ok_or_else(|| format!("score: {c} is not a contract number (level x 5 + strain, plus 40 a doubling)"))
}

/// `score(vul, contract, tricks)` with its arguments checked as the reference describes them.
pub fn score_of(vul: i64, contract: i64, tricks: i64) -> Result<i32, String> {
    Ok(score(score_vul(vul)?, score_contract(contract)?, score_tricks(tricks)?))
}

/// Declarer's duplicate score for `c` taking `tricks` tricks (negative when it fails).
/// Tricks are not range-checked: more than 13 counts as further overtricks, fewer than 0 as further undertricks.
pub fn score(vulnerable: bool, c: Contract, tricks: i32) -> i32 {
    let need = 6 + c.level as i32;
    if tricks >= need {
        made_score(vulnerable, c, tricks - need)
    } else {
        -undertrick_penalty(vulnerable, c.doubled, need - tricks)
    }
}

/// Score of a made contract with `over` overtricks.
fn made_score(vul: bool, c: Contract, over: i32) -> i32 {
    let per_trick = if c.strain >= 2 { 30 } else { 20 };
    let first_extra = if c.strain == 4 { 10 } else { 0 };
    let mult = 1 << c.doubled; // 1, 2, 4
    let trick_score = (per_trick * c.level as i32 + first_extra) * mult;
    let mut total = trick_score;
    total += match (trick_score >= 100, vul) {
        (true, false) => 300,
        (true, true) => 500,
        (false, _) => 50,
    };
    total += match (c.level, vul) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    };
    total += 50 * c.doubled as i32;
    total += over
        * match c.doubled {
            0 => per_trick,
            d => 100 * d as i32 * if vul { 2 } else { 1 },
        };
    total
}

/// Penalty (positive) for going `down` tricks down.
fn undertrick_penalty(vul: bool, doubled: u8, down: i32) -> i32 {
    if doubled == 0 {
        return down * if vul { 100 } else { 50 };
    }
    let doubled_penalty = if vul {
        200 + 300 * (down - 1)
    } else {
        // 100, 300, 500, then +300 each.
        match down {
            1 => 100,
            2 => 300,
            _ => 500 + 300 * (down - 3),
        }
    };
    doubled_penalty * doubled as i32
}

/// Upper bounds of each IMP band of the WBF standard table (index = IMPs).
const WBF_TABLE: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990,
    3490, 3990,
];

/// The table of dealer 1.24 / dealer.exe (410 and 1190 where the WBF table has 420 and 1290).
const DEALER_EXE_TABLE: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740, 1990, 2240, 2490, 2990,
    3490, 3990,
];

fn imps_by(table: &[i32; 24], diff: i32) -> i32 {
    let abs = diff.unsigned_abs();
    let imps = table.iter().position(|&t| t as u32 >= abs).unwrap_or(24) as i32;
    if diff < 0 { -imps } else { imps }
}

/// IMPs for a score difference by the WBF standard table (370–420 = 9, 1100–1290 = 15), sign kept.
pub fn imps(diff: i32) -> i32 {
    imps_by(&WBF_TABLE, diff)
}

/// IMPs by the table of the original dealer / dealer.exe (420 = 10, 1200–1290 = 16), for compatibility.
pub fn imps_dealer_exe(diff: i32) -> i32 {
    imps_by(&DEALER_EXE_TABLE, diff)
}
