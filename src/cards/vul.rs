//! Vulnerability: who is vulnerable on a board.

/// Who is vulnerable. The order (none, NS, EW, all) is the dealer languages' and PBN's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Vul {
    /// Nobody.
    #[default]
    None,
    /// North-South.
    NS,
    /// East-West.
    EW,
    /// Both sides.
    All,
}

/// Vulnerability of boards 1..16 (index `board - 1`), the duplicate rotation.
const ROTATION: [Vul; 16] = {
    use Vul::*;
    [None, NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW]
};

impl Vul {
    /// The four, in order.
    pub const ALL: [Vul; 4] = [Vul::None, Vul::NS, Vul::EW, Vul::All];

    /// Its place in [`Vul::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The vulnerability at `index & 3` of [`Vul::ALL`].
    pub fn from_index(index: usize) -> Vul {
        Vul::ALL[index & 3]
    }

    /// True when side 0 (North-South) or 1 (East-West) is vulnerable.
    pub fn side(self, side: usize) -> bool {
        match self {
            Vul::None => false,
            Vul::NS => side == 0,
            Vul::EW => side == 1,
            Vul::All => true,
        }
    }

    /// PBN's name: `None`, `NS`, `EW`, `All`.
    pub fn pbn(self) -> &'static str {
        ["None", "NS", "EW", "All"][self.index()]
    }

    /// The switch's word: `none`, `ns`, `ew`, `all`.
    pub fn word(self) -> &'static str {
        ["none", "ns", "ew", "all"][self.index()]
    }

    /// The vulnerability of board `number` (1, 2, …) in the duplicate rotation.
    pub fn of_board(number: u64) -> Vul {
        ROTATION[((number + 15) % 16) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Vul;

    #[test]
    fn boards_rotate_as_duplicate() {
        // Boards 1..4: None, NS, EW, All; board 16 EW; board 17 starts again.
        let v: Vec<Vul> = (1..=4).map(Vul::of_board).collect();
        assert_eq!(v, [Vul::None, Vul::NS, Vul::EW, Vul::All]);
        assert_eq!(Vul::of_board(16), Vul::EW);
        assert_eq!(Vul::of_board(17), Vul::None);
    }

    #[test]
    fn sides() {
        assert!(Vul::NS.side(0) && !Vul::NS.side(1) && Vul::All.side(1) && !Vul::None.side(0));
    }
}
