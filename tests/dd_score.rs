//! Hand-checked duplicate scores and IMPs at every table boundary.

use dealbench::dd::score::{Contract, imps, imps_dealer_exe, score};

fn c(level: u8, strain: u8, doubled: u8) -> Contract {
    Contract { level, strain, doubled }
}

#[test]
fn contract_codes() {
    assert_eq!(Contract::from_code(19), Some(c(3, 4, 0))); // x3N
    assert_eq!(Contract::from_code(23), Some(c(4, 3, 0))); // x4S
    assert_eq!(Contract::from_code(63), Some(c(4, 3, 1))); // x4Sx
    assert_eq!(Contract::from_code(103), Some(c(4, 3, 2))); // x4Sxx
    assert_eq!(Contract::from_code(5), Some(c(1, 0, 0))); // x1C
    assert_eq!(Contract::from_code(39), Some(c(7, 4, 0))); // x7N
    for bad in [-1, 0, 4, 40, 44, 80, 84, 120, 1000] {
        assert_eq!(Contract::from_code(bad), None, "{bad}");
    }
    assert_eq!(c(4, 3, 2).code(), 103);
}

#[test]
fn undoubled_as_dealer() {
    // Values observed from dealer 1.24.
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
fn game_and_partscore_boundaries() {
    assert_eq!(score(false, c(2, 4, 0), 8), 120); // 70 + 50
    assert_eq!(score(false, c(4, 0, 0), 10), 130); // 80 + 50: no game
    assert_eq!(score(false, c(5, 1, 0), 11), 400);
    assert_eq!(score(true, c(5, 1, 0), 11), 600);
    assert_eq!(score(false, c(3, 3, 0), 9), 140);
    assert_eq!(score(false, c(4, 2, 0), 10), 420);
    assert_eq!(score(true, c(4, 2, 0), 10), 620);
    assert_eq!(score(false, c(4, 2, 0), 11), 450);
    assert_eq!(score(false, c(6, 4, 0), 12), 990);
    assert_eq!(score(true, c(6, 4, 0), 12), 1440);
    assert_eq!(score(false, c(7, 3, 0), 13), 1510);
    assert_eq!(score(true, c(7, 3, 0), 13), 2210);
    assert_eq!(score(false, c(7, 0, 0), 13), 1440);
    assert_eq!(score(false, c(6, 0, 0), 13), 940);
}

#[test]
fn doubled_and_redoubled_made() {
    // 2Sx: 120 trick score makes game; + 50 insult.
    assert_eq!(score(false, c(2, 3, 1), 8), 470);
    assert_eq!(score(true, c(2, 3, 1), 8), 670);
    // 1Cx: 40, part score.
    assert_eq!(score(false, c(1, 0, 1), 7), 140);
    // 1Cxx: 80, still part score; insult 100.
    assert_eq!(score(false, c(1, 0, 2), 7), 230);
    // 1Nxx: 160, game.
    assert_eq!(score(false, c(1, 4, 2), 7), 560);
    assert_eq!(score(true, c(1, 4, 2), 7), 760);
    // Overtricks doubled 100/200, redoubled 200/400.
    assert_eq!(score(false, c(4, 3, 1), 11), 690); // 240+300+50+100
    assert_eq!(score(true, c(4, 3, 1), 11), 990); // 240+500+50+200
    assert_eq!(score(false, c(4, 3, 2), 11), 1080); // 480+300+100+200
    assert_eq!(score(true, c(4, 3, 2), 11), 1480); // 480+500+100+400
    assert_eq!(score(false, c(3, 4, 1), 9), 550);
    assert_eq!(score(true, c(7, 4, 2), 13), 2980); // 880+500+1500+100
}

#[test]
fn undertricks() {
    let nv = |d, down| -score(false, c(4, 3, d), 10 - down);
    let v = |d, down| -score(true, c(4, 3, d), 10 - down);
    // Undoubled 50/100 each.
    assert_eq!((1..=4).map(|k| nv(0, k)).collect::<Vec<_>>(), [50, 100, 150, 200]);
    assert_eq!((1..=4).map(|k| v(0, k)).collect::<Vec<_>>(), [100, 200, 300, 400]);
    // Doubled NV 100, 300, 500, 800, 1100 …; V 200, 500, 800, 1100 ….
    assert_eq!((1..=6).map(|k| nv(1, k)).collect::<Vec<_>>(), [100, 300, 500, 800, 1100, 1400]);
    assert_eq!((1..=6).map(|k| v(1, k)).collect::<Vec<_>>(), [200, 500, 800, 1100, 1400, 1700]);
    // Redoubled = twice doubled.
    assert_eq!((1..=4).map(|k| nv(2, k)).collect::<Vec<_>>(), [200, 600, 1000, 1600]);
    assert_eq!((1..=4).map(|k| v(2, k)).collect::<Vec<_>>(), [400, 1000, 1600, 2200]);
    // 7N doubled, all 13 down vulnerable.
    assert_eq!(score(true, c(7, 4, 1), 0), -3800);
    assert_eq!(score(false, c(7, 4, 1), 0), -3500);
}

/// (largest difference giving n IMPs) for n = 0..23, WBF table.
const WBF: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990,
    3490, 3990,
];

#[test]
fn imps_every_boundary() {
    assert_eq!(imps(0), 0);
    for (n, &top) in WBF.iter().enumerate() {
        let n = n as i32;
        assert_eq!(imps(top), n, "{top}");
        assert_eq!(imps(top + 10), n + 1, "{}", top + 10);
        assert_eq!(imps(-top), -n, "-{top}");
        assert_eq!(imps(-(top + 10)), -(n + 1));
    }
    assert_eq!(imps(370), 9);
    assert_eq!(imps(420), 9);
    assert_eq!(imps(430), 10);
    assert_eq!(imps(1100), 15);
    assert_eq!(imps(1290), 15);
    assert_eq!(imps(1300), 16);
    assert_eq!(imps(4000), 24);
    assert_eq!(imps(15000), 24);
    assert_eq!(imps(-50), -2);
    assert_eq!(imps(20), 1);
}

#[test]
fn imps_of_the_original_dealer() {
    // Observed from dealer 1.24 / dealer.exe.
    let cases = [
        (10, 0),
        (20, 1),
        (40, 1),
        (50, 2),
        (80, 2),
        (90, 3),
        (410, 9),
        (420, 10),
        (430, 10),
        (1190, 15),
        (1200, 16),
        (1290, 16),
        (1300, 16),
        (-420, -10),
        (3990, 23),
        (4000, 24),
        (15000, 24),
        (-50, -2),
    ];
    for (diff, want) in cases {
        assert_eq!(imps_dealer_exe(diff), want, "{diff}");
    }
}
