//! What dealer3's `--params` prints, as text and as JSON, and its two warnings, byte for byte
//! (dealer3's `report_parameters` in `dealer/src/main.rs`). dealer3 knows `$0`..`$9` only, so
//! named parameters are left out.

use super::ScriptParam;

/// Stands in the default column for a parameter that has none.
const NO_DEFAULT: &str = "(none)";

fn digits(params: &[ScriptParam]) -> impl Iterator<Item = &ScriptParam> {
    params.iter().filter(|p| p.name.len() == 1 && p.name.as_bytes()[0].is_ascii_digit())
}

/// The text listing: `Script parameters of FILE:`, a row `  $N  DEFAULT  DESCRIPTION` each
/// (the default column as wide as the widest), then whether the script runs as it stands.
/// `file` is `None` for a script read from standard input.
pub fn dealer3_text(file: Option<&str>, params: &[ScriptParam]) -> String {
    let wanted: Vec<&ScriptParam> = digits(params).collect();
    if wanted.is_empty() {
        return match file {
            Some(name) => format!("{name} uses no script parameters.\n"),
            None => "This script uses no parameters.\n".to_string(),
        };
    }
    let shown = |p: &ScriptParam| p.default.clone().unwrap_or_else(|| NO_DEFAULT.to_string());
    let width = wanted.iter().map(|p| shown(p).chars().count()).max().unwrap_or(0);
    let mut out = match file {
        Some(name) => format!("Script parameters of {name}:\n\n"),
        None => "Script parameters:\n\n".to_string(),
    };
    let mut missing = Vec::new();
    for p in &wanted {
        let note = match (p.used, p.declared) {
            (None, Some((line, _))) => format!("declared on line {line} and never used"),
            _ => p.description.clone().unwrap_or_default(),
        };
        out.push_str(&format!("  ${}  {:width$}", p.name, shown(p)));
        if !note.is_empty() {
            out.push_str("  ");
            out.push_str(&note);
        }
        out.push('\n');
        if p.default.is_none() && p.used.is_some() {
            missing.push(p.name.as_str());
        }
    }
    out.push('\n');
    out.push_str(&verdict(&missing));
    out
}

fn verdict(missing: &[&str]) -> String {
    let Some(first) = missing.first() else {
        return "Every parameter has a default, so the script runs as it stands.\n".to_string();
    };
    let names: Vec<String> = missing.iter().map(|n| format!("${n}")).collect();
    let list = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    };
    let switches: Vec<String> = missing.iter().map(|n| format!("--param {n}=<text>")).collect();
    format!(
        "Nothing supplies {list}, so the script will not run until something does:\n  {}\n\
         Or declare a default in the script, so it runs on its own and on BBO:\n  \
         # param {first} = <text>  # what it means\n",
        switches.join(" ")
    )
}

/// The JSON listing: `{"params": [{"index": 0, "default": "west", "description": …,
/// "declared_on": 1, "used_on": 5}, …]}`, `null` for what is missing, laid out as dealer3 does.
pub fn dealer3_json(params: &[ScriptParam]) -> String {
    let text = |v: &Option<String>| v.as_deref().map_or("null".to_string(), json_string);
    let line = |v: Option<(usize, crate::script::diag::Span)>| v.map_or("null".to_string(), |(l, _)| l.to_string());
    let rows: Vec<String> = digits(params)
        .map(|p| {
            format!(
                "    {{\"index\": {}, \"default\": {}, \"description\": {}, \"declared_on\": {}, \"used_on\": {}}}",
                p.name,
                text(&p.default),
                text(&p.description),
                line(p.declared),
                line(p.used)
            )
        })
        .collect();
    format!("{{\n  \"params\": [\n{}\n  ]\n}}\n", rows.join(",\n"))
}

/// dealer3's warnings, without its `Warning: ` prefix: each `--param N` given that the script
/// never mentions, then each declaration the script never uses.
pub fn dealer3_warnings(params: &[ScriptParam], given: &[(String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for d in (0..10).map(|d| d.to_string()) {
        let mentioned = params.iter().any(|p| p.name == d && p.used.is_some());
        if given.iter().any(|(k, _)| *k == d) && !mentioned {
            out.push(format!("--param {d} was given and the script never mentions `${d}`"));
        }
    }
    for p in digits(params).filter(|p| p.used.is_none()) {
        let line = p.declared.map_or(0, |(l, _)| l);
        out.push(format!("line {line} declares `${}` and the script never mentions it", p.name));
    }
    out
}

/// A JSON string as dealer3 writes one.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
