//! Themes: helix-style TOML with capture names as keys, a `[palette]`, `inherits`, and
//! the colour ladder (truecolor, 256, 16, none) applied once when a theme loads.

use crate::tui::TuiError;
use std::collections::HashMap;

use ratatui::style::{Color, Modifier, Style};

/// The themes shipped in `themes/`.
pub const BUILTIN: &[(&str, &str)] = &[
    ("dark", include_str!("../../themes/dark.toml")),
    ("light", include_str!("../../themes/light.toml")),
    ("base16", include_str!("../../themes/base16.toml")),
];

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorDepth {
    /// 24-bit colour.
    TrueColor,
    /// The xterm 256-colour palette.
    Ansi256,
    /// The 16 ANSI colours.
    Ansi16,
    /// No colour at all (NO_COLOR, `--color=never`): modifiers only.
    None,
}

impl ColorDepth {
    /// The ladder from the environment: NO_COLOR, then COLORTERM, then TERM.
    pub fn detect(no_color: Option<&str>, colorterm: Option<&str>, term: Option<&str>) -> ColorDepth {
        if no_color.is_some_and(|v| !v.is_empty()) {
            return ColorDepth::None;
        }
        if colorterm.is_some_and(|c| c == "truecolor" || c == "24bit") {
            return ColorDepth::TrueColor;
        }
        match term {
            Some(t) if t.contains("direct") => ColorDepth::TrueColor,
            Some(t) if t.contains("256") => ColorDepth::Ansi256,
            Some("dumb") => ColorDepth::None,
            _ => ColorDepth::Ansi16,
        }
    }

    /// From the process environment.
    pub fn from_env() -> ColorDepth {
        let get = |k: &str| std::env::var(k).ok();
        ColorDepth::detect(get("NO_COLOR").as_deref(), get("COLORTERM").as_deref(), get("TERM").as_deref())
    }
}

/// A loaded theme: styles by key, looked up by longest dotted prefix.
#[derive(Clone, Debug)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// True when the theme shows no colour (suits then show as letters).
    pub colorless: bool,
    styles: HashMap<String, Style>,
}

impl Theme {
    /// The style for a key, trying `a.b.c`, then `a.b`, then `a`; default when none is set.
    pub fn get(&self, key: &str) -> Style {
        let mut k = key;
        loop {
            if let Some(s) = self.styles.get(k) {
                return *s;
            }
            match k.rfind('.') {
                Some(i) => k = &k[..i],
                None => return Style::default(),
            }
        }
    }

    /// True when the key (exactly) has a style.
    pub fn has(&self, key: &str) -> bool {
        self.styles.contains_key(key)
    }

    /// Style for a suit.
    pub fn suit(&self, suit: crate::cards::Suit) -> Style {
        self.get(["suit.clubs", "suit.diamonds", "suit.hearts", "suit.spades"][suit])
    }

    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Option<Theme> {
        let text = BUILTIN.iter().find(|(n, _)| *n == name)?.1;
        Theme::parse(name, text, &|n| BUILTIN.iter().find(|(b, _)| *b == n).map(|(_, t)| t.to_string())).ok()
    }

    /// The dark theme (always parses: it is tested).
    pub fn dark() -> Theme {
        Theme::builtin("dark").expect("bundled dark theme parses")
    }

    /// Parses a theme. `find` returns the text of another theme, for `inherits`.
    pub fn parse(name: &str, text: &str, find: &dyn Fn(&str) -> Option<String>) -> Result<Theme, TuiError> {
        parse_depth(name, text, find, 0)
    }

    /// Applies the colour ladder: maps colours down to what the terminal shows.
    pub fn adapt(mut self, depth: ColorDepth) -> Theme {
        match depth {
            ColorDepth::TrueColor => self,
            ColorDepth::Ansi256 => {
                self.map_colors(|c| match c {
                    Color::Rgb(r, g, b) => Color::Indexed(rgb_to_256(r, g, b)),
                    c => c,
                });
                self
            }
            ColorDepth::Ansi16 => {
                self.map_colors(|c| match c {
                    Color::Rgb(r, g, b) => rgb_to_16(r, g, b),
                    Color::Indexed(i) => {
                        let (r, g, b) = index_to_rgb(i);
                        rgb_to_16(r, g, b)
                    }
                    c => c,
                });
                self
            }
            ColorDepth::None => self.monochrome(),
        }
    }

    /// The same theme without any colour: modifiers carry the meaning instead.
    pub fn monochrome(mut self) -> Theme {
        for s in self.styles.values_mut() {
            *s = Style { fg: None, bg: None, underline_color: None, ..*s };
        }
        let add = |t: &mut Theme, k: &str, m: Modifier| {
            let s = t.styles.entry(k.to_string()).or_default();
            *s = s.add_modifier(m);
        };
        add(&mut self, "ui.cursor", Modifier::REVERSED);
        add(&mut self, "ui.selection", Modifier::REVERSED);
        add(&mut self, "ui.search", Modifier::UNDERLINED | Modifier::BOLD);
        add(&mut self, "ui.statusline", Modifier::REVERSED);
        add(&mut self, "ui.border.focus", Modifier::BOLD);
        add(&mut self, "ui.title.focus", Modifier::BOLD | Modifier::REVERSED);
        add(&mut self, "ui.linenr", Modifier::DIM);
        add(&mut self, "ui.text.dim", Modifier::DIM);
        add(&mut self, "ui.selected", Modifier::REVERSED);
        add(&mut self, "error", Modifier::BOLD);
        add(&mut self, "diagnostic.error", Modifier::UNDERLINED);
        add(&mut self, "diagnostic.warning", Modifier::UNDERLINED);
        add(&mut self, "keyword", Modifier::BOLD);
        add(&mut self, "comment", Modifier::DIM);
        self.colorless = true;
        self
    }

    fn map_colors(&mut self, f: impl Fn(Color) -> Color) {
        for s in self.styles.values_mut() {
            s.fg = s.fg.map(&f);
            s.bg = s.bg.map(&f);
            s.underline_color = s.underline_color.map(&f);
        }
    }
}

fn parse_depth(name: &str, text: &str, find: &dyn Fn(&str) -> Option<String>, _depth: u32) -> Result<Theme, TuiError> {
    let (styles, palette_raw) = load_raw(name, text, find, 0)?;
    let mut palette: HashMap<String, Color> = HashMap::new();
    for (k, s) in &palette_raw {
        palette
            .insert(k.clone(), parse_color(s, &HashMap::new()).ok_or_else(|| format!("theme {name}: bad colour {s}"))?);
    }
    let mut theme = Theme { name: name.to_string(), colorless: false, styles: HashMap::new() };
    for (key, value) in &styles {
        let style = parse_style(value, &palette).map_err(|e| format!("theme {name}: {key}: {e}"))?;
        theme.styles.insert(key.clone(), style);
    }
    Ok(theme)
}

/// The theme's style entries and palette, merged over those of the theme it inherits,
/// so a child's palette recolours the parent's keys (as in helix).
fn load_raw(
    name: &str,
    text: &str,
    find: &dyn Fn(&str) -> Option<String>,
    depth: u32,
) -> Result<(toml::Table, HashMap<String, String>), TuiError> {
    let table: toml::Table = text.parse().map_err(|e| format!("theme {name}: {e}"))?;
    let (mut styles, mut palette) = match table.get("inherits").and_then(|v| v.as_str()) {
        Some(parent) if depth < 8 => {
            let ptext = find(parent).ok_or_else(|| format!("theme {name}: inherits unknown theme {parent}"))?;
            load_raw(parent, &ptext, find, depth + 1)?
        }
        Some(_) => return Err(format!("theme {name}: inherits too deep").into()),
        None => (toml::Table::new(), HashMap::new()),
    };
    if let Some(p) = table.get("palette").and_then(|v| v.as_table()) {
        for (k, v) in p {
            let s = v.as_str().ok_or_else(|| format!("theme {name}: palette.{k} is not a string"))?;
            palette.insert(k.clone(), s.to_string());
        }
    }
    for (key, value) in table {
        if key != "palette" && key != "inherits" {
            styles.insert(key, value);
        }
    }
    Ok((styles, palette))
}

fn parse_style(value: &toml::Value, palette: &HashMap<String, Color>) -> Result<Style, TuiError> {
    let color = |v: &toml::Value| -> Result<Color, TuiError> {
        match v {
            toml::Value::String(s) => parse_color(s, palette).ok_or_else(|| TuiError(format!("unknown colour {s}"))),
            toml::Value::Integer(i) if (0..=255).contains(i) => Ok(Color::Indexed(*i as u8)),
            other => Err(format!("not a colour: {other}").into()),
        }
    };
    match value {
        toml::Value::String(_) | toml::Value::Integer(_) => Ok(Style::default().fg(color(value)?)),
        toml::Value::Table(t) => {
            let mut s = Style::default();
            if let Some(v) = t.get("fg") {
                s = s.fg(color(v)?);
            }
            if let Some(v) = t.get("bg") {
                s = s.bg(color(v)?);
            }
            if let Some(u) = t.get("underline") {
                s = s.add_modifier(Modifier::UNDERLINED);
                if let Some(c) = u.as_table().and_then(|u| u.get("color")) {
                    s = s.underline_color(color(c)?);
                }
            }
            if let Some(m) = t.get("modifiers") {
                let list = m.as_array().ok_or("modifiers must be a list")?;
                for item in list {
                    let name = item.as_str().ok_or("modifier must be a string")?;
                    s = s.add_modifier(parse_modifier(name).ok_or_else(|| format!("unknown modifier {name}"))?);
                }
            }
            Ok(s)
        }
        other => Err(format!("not a style: {other}").into()),
    }
}

fn parse_modifier(name: &str) -> Option<Modifier> {
    Some(match name {
        "bold" => Modifier::BOLD,
        "dim" => Modifier::DIM,
        "italic" => Modifier::ITALIC,
        "underlined" => Modifier::UNDERLINED,
        "slow_blink" => Modifier::SLOW_BLINK,
        "rapid_blink" => Modifier::RAPID_BLINK,
        "reversed" => Modifier::REVERSED,
        "hidden" => Modifier::HIDDEN,
        "crossed_out" => Modifier::CROSSED_OUT,
        _ => return None,
    })
}

/// Parses `#rrggbb`, a palette name, or an ANSI name as helix spells them
/// (`gray` is ANSI 8, `light-gray` ANSI 7, `white` ANSI 15).
pub fn parse_color(s: &str, palette: &HashMap<String, Color>) -> Option<Color> {
    if let Some(c) = palette.get(s) {
        return Some(*c);
    }
    if let Some(hex) = s.strip_prefix('#') {
        if hex.len() == 6 {
            let v = u32::from_str_radix(hex, 16).ok()?;
            return Some(Color::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8));
        }
        return None;
    }
    Some(match s {
        "reset" | "default" => Color::Reset,
        "black" => Color::Black,
        "red" => Color::Red,
        "green" => Color::Green,
        "yellow" => Color::Yellow,
        "blue" => Color::Blue,
        "magenta" => Color::Magenta,
        "cyan" => Color::Cyan,
        "gray" | "grey" => Color::DarkGray,
        "light-gray" | "light-grey" => Color::Gray,
        "light-red" => Color::LightRed,
        "light-green" => Color::LightGreen,
        "light-yellow" => Color::LightYellow,
        "light-blue" => Color::LightBlue,
        "light-magenta" => Color::LightMagenta,
        "light-cyan" => Color::LightCyan,
        "white" => Color::White,
        _ => return None,
    })
}

const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

fn dist(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2) as u32;
    d(a.0, b.0) * 3 + d(a.1, b.1) * 4 + d(a.2, b.2) * 2
}

/// The nearest of the 16 ANSI colours.
pub fn rgb_to_16(r: u8, g: u8, b: u8) -> Color {
    ANSI16.iter().min_by_key(|(_, rgb)| dist(*rgb, (r, g, b))).map(|(c, _)| *c).unwrap_or(Color::Reset)
}

fn index_to_rgb(i: u8) -> (u8, u8, u8) {
    match i {
        0..=15 => ANSI16[i as usize].1,
        16..=231 => {
            let i = i - 16;
            let lv = |v: u8| if v == 0 { 0 } else { 55 + v * 40 };
            (lv(i / 36), lv((i / 6) % 6), lv(i % 6))
        }
        _ => {
            let v = 8 + (i - 232) * 10;
            (v, v, v)
        }
    }
}

/// The nearest xterm-256 index (cube or grey ramp).
pub fn rgb_to_256(r: u8, g: u8, b: u8) -> u8 {
    let level = |v: u8| -> u8 {
        let v = u32::from(v);
        if v < 48 {
            0
        } else if v < 115 {
            1
        } else {
            ((v - 35) / 40) as u8
        }
    };
    let (cr, cg, cb) = (level(r), level(g), level(b));
    let cube = 16 + 36 * cr + 6 * cg + cb;
    let avg = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
    let grey = if avg > 238 { 255 } else { 232 + ((avg.saturating_sub(3)) / 10).min(23) as u8 };
    if dist(index_to_rgb(grey), (r, g, b)) < dist(index_to_rgb(cube), (r, g, b)) { grey } else { cube }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_themes_parse_and_cover_the_roles() {
        for (name, _) in BUILTIN {
            let t = Theme::builtin(name).unwrap_or_else(|| panic!("{name} parses"));
            for key in [
                "ui.background",
                "ui.border.focus",
                "ui.selection",
                "keyword",
                "string",
                "comment",
                "suit.hearts",
                "error",
            ] {
                assert!(t.has(key), "{name} lacks {key}");
            }
        }
    }

    #[test]
    fn longest_prefix_and_palette() {
        let t = Theme::parse("t", "\"function\" = \"x\"\n[palette]\nx = \"#102030\"\n", &|_| None).unwrap();
        assert_eq!(t.get("function.builtin").fg, Some(Color::Rgb(0x10, 0x20, 0x30)));
        assert_eq!(t.get("keyword").fg, None);
    }

    #[test]
    fn inherits_overrides() {
        let find = |n: &str| (n == "base").then(|| "keyword = \"red\"\nstring = \"green\"\n".to_string());
        let t = Theme::parse("t", "inherits = \"base\"\nkeyword = \"blue\"\n", &find).unwrap();
        assert_eq!(t.get("keyword").fg, Some(Color::Blue));
        assert_eq!(t.get("string").fg, Some(Color::Green));
    }

    #[test]
    fn helix_gray_names() {
        let p = HashMap::new();
        assert_eq!(parse_color("gray", &p), Some(Color::DarkGray));
        assert_eq!(parse_color("light-gray", &p), Some(Color::Gray));
    }

    #[test]
    fn ladder() {
        assert_eq!(ColorDepth::detect(Some("1"), Some("truecolor"), Some("xterm")), ColorDepth::None);
        assert_eq!(ColorDepth::detect(Some(""), Some("truecolor"), None), ColorDepth::TrueColor);
        assert_eq!(ColorDepth::detect(None, None, Some("xterm-256color")), ColorDepth::Ansi256);
        assert_eq!(ColorDepth::detect(None, None, Some("screen")), ColorDepth::Ansi16);
        assert_eq!(rgb_to_256(255, 0, 0), 196);
        assert_eq!(rgb_to_16(250, 10, 10), Color::LightRed);
        let mono = Theme::dark().adapt(ColorDepth::None);
        assert!(mono.colorless);
        assert!(mono.get("ui.cursor").add_modifier.contains(Modifier::REVERSED));
        assert_eq!(mono.get("suit.hearts").fg, None);
        let t16 = Theme::dark().adapt(ColorDepth::Ansi16);
        assert!(!matches!(t16.get("keyword").fg, Some(Color::Rgb(..))));
    }
}
