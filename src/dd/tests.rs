use super::*;
use crate::cards::parse_deal;

#[test]
fn list1_table() {
    let deal = parse_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3").unwrap();
    let t = Solver::new().table(&deal).unwrap();
    // DDS order strain S,H,D,C,NT outer, declarer N,E,S,W inner.
    let dds = [5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6];
    for (i, &v) in dds.iter().enumerate() {
        let strain = [3, 2, 1, 0, 4][i / 4];
        assert_eq!(t.tricks[i % 4][strain], v, "strain {strain} declarer {}", i % 4);
    }
}
