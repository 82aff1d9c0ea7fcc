//! Duplicate scoring and the IMP table.

/// A contract: level 1–7, strain 0 clubs … 4 notrump, doubling 0, 1 (doubled) or 2 (redoubled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    /// 1 to 7.
    pub level: u8,
    /// 0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 notrump.
    pub strain: u8,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
}

impl Contract {
    /// From the number a contract word stands for: `level*5 + strain + 40*doubling`.
    pub fn from_code(code: i32) -> Option<Contract> {
        if !(0..120).contains(&code) {
            return None;
        }
        let (doubled, rest) = ((code / 40) as u8, code % 40);
        let (level, strain) = ((rest / 5) as u8, (rest % 5) as u8);
        (1..=7).contains(&level).then_some(Contract { level, strain, doubled })
    }
}

/// Declarer's score for a contract making `tricks` tricks (duplicate scoring).
pub fn score(vulnerable: bool, c: Contract, tricks: i32) -> i32 {
    let vul = i32::from(vulnerable);
    let need = 6 + i32::from(c.level);
    if tricks < need {
        return -undertricks(vul, c.doubled, need - tricks);
    }
    let mult = [1, 2, 4][usize::from(c.doubled.min(2))];
    let per = if c.strain >= 2 { 30 } else { 20 };
    let level = i32::from(c.level);
    let trick_score = (per * level + if c.strain == 4 { 10 } else { 0 }) * mult;
    let mut total = trick_score;
    let over = tricks - need;
    total += match c.doubled {
        0 => over * per,
        d => over * 100 * (1 + vul) * i32::from(d),
    };
    total += [0, 50, 100][usize::from(c.doubled.min(2))];
    total += if trick_score >= 100 { 300 + 200 * vul } else { 50 };
    if c.level == 6 {
        total += 500 + 250 * vul;
    }
    if c.level == 7 {
        total += 1000 + 500 * vul;
    }
    total
}

fn undertricks(vul: i32, doubled: u8, down: i32) -> i32 {
    if doubled == 0 {
        return down * 50 * (1 + vul);
    }
    let doubled_pen = if vul == 1 {
        200 + (down - 1) * 300
    } else {
        match down {
            1 => 100,
            2 => 300,
            3 => 500,
            _ => 500 + (down - 3) * 300,
        }
    };
    doubled_pen * i32::from(doubled)
}

const WBF: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240,
    2490, 2990, 3490, 3990,
];
const DEALER_EXE: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740, 1990, 2240,
    2490, 2990, 3490, 3990,
];

fn lookup(table: &[i32; 24], diff: i32) -> i32 {
    let a = diff.unsigned_abs() as i64;
    let i = table.iter().position(|&t| i64::from(t) >= a).unwrap_or(24) as i32;
    if diff < 0 { -i } else { i }
}

/// IMPs for a score difference by the WBF standard table (370–420 = 9, 1100–1290 = 15).
pub fn imps(diff: i32) -> i32 {
    lookup(&WBF, diff)
}

/// IMPs by the table of dealer 1.24 and dealer.exe (420 = 10, 1200–1290 = 16).
pub fn imps_dealer_exe(diff: i32) -> i32 {
    lookup(&DEALER_EXE, diff)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(level: u8, strain: u8, doubled: u8) -> Contract {
        Contract { level, strain, doubled }
    }

    #[test]
    fn undoubled_matches_dealer_observations() {
        assert_eq!(score(false, c(3, 4, 0), 9), 400);
        assert_eq!(score(true, c(3, 4, 0), 9), 600);
        assert_eq!(score(false, c(3, 4, 0), 10), 430);
        assert_eq!(score(false, c(4, 3, 0), 9), -50);
        assert_eq!(score(true, c(7, 4, 0), 13), 2220);
        assert_eq!(score(false, c(1, 0, 0), 7), 70);
        assert_eq!(score(true, c(6, 2, 0), 12), 1430);
        assert_eq!(score(false, c(2, 2, 0), 8), 110);
        assert_eq!(score(false, c(5, 0, 0), 11), 400);
    }

    #[test]
    fn doubled_and_redoubled() {
        assert_eq!(score(false, c(2, 2, 1), 8), 470); // 2H= doubled: 120 + 300 + 50
        assert_eq!(score(false, c(1, 4, 1), 7), 180); // 1NT= doubled: 80 + 50 + 50
        assert_eq!(score(true, c(1, 4, 2), 8), 1160); // 1NTxx+1 vul: 160+500+100+400
        assert_eq!(score(false, c(4, 3, 1), 10), 590);
        assert_eq!(score(false, c(4, 3, 1), 9), -100);
        assert_eq!(score(false, c(4, 3, 1), 8), -300);
        assert_eq!(score(false, c(4, 3, 1), 7), -500);
        assert_eq!(score(false, c(4, 3, 1), 6), -800);
        assert_eq!(score(true, c(4, 3, 1), 8), -500);
        assert_eq!(score(true, c(4, 3, 2), 8), -1000);
        assert_eq!(score(true, c(7, 4, 1), 13), 2490);
    }

    #[test]
    fn codes() {
        assert_eq!(Contract::from_code(19), Some(c(3, 4, 0)));
        assert_eq!(Contract::from_code(63), Some(c(4, 3, 1)));
        assert_eq!(Contract::from_code(103), Some(c(4, 3, 2)));
        assert_eq!(Contract::from_code(3), None);
    }

    #[test]
    fn imp_boundaries() {
        let cases = [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (360, 8), (370, 9), (420, 9),
            (430, 10), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (3990, 23), (4000, 24), (-50, -2)];
        for (d, want) in cases {
            assert_eq!(imps(d), want, "imps({d})");
        }
        assert_eq!(imps_dealer_exe(420), 10);
        assert_eq!(imps_dealer_exe(1200), 16);
        assert_eq!(imps_dealer_exe(410), 9);
    }
}
