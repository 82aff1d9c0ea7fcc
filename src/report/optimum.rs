//! PBN 2.1's double-dummy tags: `[OptimumResultTable]` (each declarer's tricks in each
//! strain, declarers N, S, E, W and strains NT, S, H, D, C, one row each, as PBN 2.1's example
//! and BBO's files give it), `[OptimumScore]` (par in North-South's view) and
//! `[ParContract]`; and the table read back from its rows.

use super::pbn_set::tag_value;
use crate::cards::Vul;
use crate::dd::{DdTable, par};
use std::fmt::Write;

/// The table's column header.
pub const HEADER: &str = "Declarer;Denomination\\2R;Result\\2R";

/// Declarers in the table's order (seat indexes N 0, E 1, S 2, W 3).
const DECLARERS: [(usize, char); 4] = [(0, 'N'), (2, 'S'), (1, 'E'), (3, 'W')];
/// Strains in the table's order (indexes C 0 .. NT 4), as written.
const STRAINS: [(usize, &str); 5] = [(4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C")];

/// Appends the three tags for a deal's table under `vul`.
pub fn write_tags(out: &mut String, table: &DdTable, vul: Vul) {
    let _ = writeln!(out, "[OptimumResultTable \"{HEADER}\"]");
    for (d, letter) in DECLARERS {
        for (s, name) in STRAINS {
            let _ = writeln!(out, "{letter} {name:>2} {:>2}", table.tricks[d][s]);
        }
    }
    let p = par(table, vul);
    let _ = writeln!(out, "[OptimumScore \"NS {}\"]", p.score_ns);
    let _ = writeln!(out, "[ParContract \"{}\"]", tag_value(&p.contracts));
}

/// The table from its 20 rows (`N NT 9`; any order, each declarer and strain once).
pub fn read_rows<'a>(rows: impl IntoIterator<Item = &'a str>) -> Result<DdTable, String> {
    let mut tricks = [[u8::MAX; 5]; 4];
    for row in rows {
        let cells: Vec<&str> = row.split_whitespace().collect();
        let [decl, strain, result] = cells[..] else {
            return Err(format!("OptimumResultTable row `{row}`: expected DECLARER STRAIN TRICKS"));
        };
        let d = DECLARERS.iter().find(|(_, c)| decl.eq_ignore_ascii_case(&c.to_string())).map(|x| x.0);
        let s = STRAINS.iter().find(|(_, n)| strain.eq_ignore_ascii_case(n)).map(|x| x.0);
        let t = result.parse::<u8>().ok().filter(|t| *t <= 13);
        let (Some(d), Some(s), Some(t)) = (d, s, t) else {
            return Err(format!("OptimumResultTable row `{row}`: expected N/E/S/W, NT/S/H/D/C and 0 to 13"));
        };
        if tricks[d][s] != u8::MAX {
            return Err(format!("OptimumResultTable: {decl} {strain} given twice"));
        }
        tricks[d][s] = t;
    }
    if tricks.iter().flatten().any(|&t| t == u8::MAX) {
        return Err("OptimumResultTable: fewer than the 20 results (each declarer in each strain)".into());
    }
    Ok(DdTable { tricks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_in_pbn_order_and_read_back() {
        // list100's first deal, as DDS gives it (declarer N, E, S, W by strain C, D, H, S, NT).
        let table = DdTable { tricks: [[7, 5, 6, 5, 6], [5, 7, 6, 8, 6], [7, 5, 6, 5, 6], [5, 7, 6, 8, 6]] };
        let mut out = String::new();
        write_tags(&mut out, &table, Vul::None);
        let rows: Vec<&str> = out.lines().skip(1).take(20).collect();
        assert_eq!(rows[..6], ["N NT  6", "N  S  5", "N  H  6", "N  D  5", "N  C  7", "S NT  6"]);
        assert_eq!(read_rows(rows).unwrap(), table);
        assert!(read_rows(["N NT 6"]).unwrap_err().contains("fewer than"));
        assert!(read_rows(["N XX 6"]).unwrap_err().contains("expected N/E/S/W"));
    }
}
