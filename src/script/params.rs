//! Script parameters: `$0`..`$9` (DealerV2_4's `-0`..`-9`) and `$NAME` (`--param NAME=VALUE`),
//! replaced as raw text before the script is read, so they may stand anywhere.

use super::diag::{Diagnostic, Span};

/// Replaces every `$NAME` whose name is given. An unset `$0`..`$9` is replaced by nothing, as
/// DealerV2_4 does, with a warning; an unset `$NAME` is an error naming it.
pub fn substitute(
    source: &str,
    file: &str,
    params: &[(String, String)],
) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
    let mut warnings = Vec::new();
    if !source.contains('$') {
        return Ok((source.to_string(), warnings));
    }
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    let mut offset = 0;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let len = name_len(after);
        let name = &after[..len];
        if len == 0 || in_comment(source, offset + i) {
            out.push('$');
            rest = after;
            offset += i + 1;
            continue;
        }
        let span = Span::new(offset + i, offset + i + 1 + len);
        let digit = len == 1 && name.as_bytes()[0].is_ascii_digit();
        match params.iter().rev().find(|(k, _)| k == name) {
            Some((_, v)) => out.push_str(v),
            None if digit => warnings.push(Diagnostic::warning(
                file,
                source,
                span,
                format!("script parameter `${name}` is not set, so it stands for nothing, as in DealerV2_4: give it with `-{name} VALUE`"),
            )),
            None => {
                return Err(Diagnostic::error(
                    file,
                    source,
                    span,
                    format!("script parameter `${name}` is not set: give it with `--param {name}=VALUE`"),
                ));
            }
        }
        rest = &after[len..];
        offset += i + 1 + len;
    }
    out.push_str(rest);
    Ok((out, warnings))
}

/// True for a name `$NAME` can stand for: one digit, or letters, digits and `_` not starting
/// with a digit.
pub fn is_name(name: &str) -> bool {
    !name.is_empty() && name_len(name) == name.len()
}

/// `$0`..`$9` are one digit; other names run over letters, digits and `_`.
fn name_len(s: &str) -> usize {
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_digit() => 1,
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {
            b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count()
        }
        _ => 0,
    }
}

/// True inside a `//` or `#`-at-column-1 comment on the same line (block comments are rare
/// here); the first line's column 1 follows a byte-order mark, as the lexer's does.
fn in_comment(source: &str, at: usize) -> bool {
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let mut line = &source[line_start..at];
    if line_start == 0 {
        line = line.strip_prefix(super::lexer::BOM).unwrap_or(line);
    }
    line.starts_with('#') || line.contains("//")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_after_a_bom_is_still_a_comment() {
        let src = "\u{feff}# run it with -1 north: $1\ncondition hcp(north) > 10\n";
        assert_eq!(substitute(src, "f", &[]).unwrap().0, src);
    }

    #[test]
    fn replaces_digits_and_names_anywhere() {
        let p = vec![
            ("0".to_string(), "east".to_string()),
            ("2".to_string(), "hcp".to_string()),
            ("lo".to_string(), "12".to_string()),
        ];
        let (s, _) = substitute("condition $2($0) >= $lo // $9 unused here", "f", &p).unwrap();
        assert_eq!(s, "condition hcp(east) >= 12 // $9 unused here");
    }

    #[test]
    fn unset_digit_parameter_stands_for_nothing_with_a_warning() {
        let (s, w) = substitute("produce 3\naverage $2 hcp(north)", "f.dli", &[]).unwrap();
        assert_eq!(s, "produce 3\naverage  hcp(north)");
        assert_eq!((w.len(), w[0].line, w[0].column), (1, 2, 9));
        assert!(w[0].message.contains("`$2` is not set") && w[0].message.contains("-2 VALUE"));
    }

    #[test]
    fn unset_named_parameter_is_a_positioned_error() {
        let d = substitute("produce 3\ncondition hcp($who) > 3", "f.dlr", &[]).unwrap_err();
        assert_eq!((d.line, d.column), (2, 15));
        assert!(d.message.contains("`$who` is not set"));
        assert!(d.message.contains("--param who=VALUE"));
    }
}
