//! dealer3's `--round-robin`: exact quotas per hand type. Each type owes its share per round;
//! the whole rounds `produce` holds are owed in full, and the partial round gives each type
//! at most its share more, first come first served.

/// The quotas of a round-robin run and what has been taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Quota {
    per_round: Vec<u64>,
    owed: Vec<u64>,
    taken: Vec<u64>,
    /// Deals the partial round still gives.
    spare: u64,
}

impl Quota {
    /// Quotas for `produce` deals over types weighing `per_round` (each at least 1).
    pub fn new(per_round: &[u64], produce: u64) -> Quota {
        let round: u64 = per_round.iter().sum::<u64>().max(1);
        let rounds = produce / round;
        let owed = per_round.iter().map(|p| rounds * p).collect();
        let spare = produce - rounds * round;
        Quota { per_round: per_round.to_vec(), owed, taken: vec![0; per_round.len()], spare }
    }

    /// Takes a deal of type `t` (`None`: in no type) when its quota is not filled.
    pub fn take(&mut self, t: Option<usize>) -> bool {
        let Some(t) = t.filter(|&t| t < self.owed.len()) else { return false };
        let extra = self.taken[t] >= self.owed[t];
        if extra && (self.spare == 0 || self.taken[t] >= self.owed[t] + self.per_round[t]) {
            return false;
        }
        self.spare -= u64::from(extra);
        self.taken[t] += 1;
        true
    }

    /// Deals taken of each type.
    pub fn taken(&self) -> &[u64] {
        &self.taken
    }

    /// What each type was owed in whole rounds.
    pub fn owed(&self) -> &[u64] {
        &self.owed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes deals of types cycling through `stream` until `produce` are taken.
    fn fill(per_round: &[u64], produce: u64, stream: &[usize]) -> Vec<u64> {
        let mut q = Quota::new(per_round, produce);
        let mut n = 0;
        for &t in stream.iter().cycle().take(10_000) {
            n += u64::from(q.take(Some(t)));
            if n == produce {
                break;
            }
        }
        q.taken().to_vec()
    }

    #[test]
    fn the_spec_examples() {
        assert_eq!(fill(&[1; 5], 20, &[0, 0, 0, 1, 2, 3, 4, 0]), [4, 4, 4, 4, 4]);
        // -p 14 over three: 4 rounds and two spares, which the first comers take.
        assert_eq!(fill(&[1, 1, 1], 14, &[1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0]), [4, 5, 5]);
        assert_eq!(fill(&[1, 3, 1], 15, &[1, 1, 0, 1, 2, 0, 0, 0]), [3, 9, 3]);
        let mut q = Quota::new(&[1, 1], 2);
        assert!(!q.take(None) && q.take(Some(0)) && !q.take(Some(0)));
    }
}
