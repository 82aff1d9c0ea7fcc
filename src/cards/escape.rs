//! Input text as messages show it.

/// Text as a diagnostic shows it: tabs as spaces, control and invisible characters escaped
/// (`\u{1b}`), so that what is shown is what is there and columns stay aligned.
pub fn escape(text: &str) -> String {
    text.chars().map(shown_char).collect()
}

pub(crate) fn shown_char(c: char) -> std::borrow::Cow<'static, str> {
    let invisible = matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}');
    match c {
        '\t' => " ".into(),
        c if c.is_control() || invisible => format!("\\u{{{:x}}}", u32::from(c)).into(),
        c => c.to_string().into(),
    }
}
