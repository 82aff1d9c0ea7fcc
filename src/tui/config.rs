//! `config.toml` and user themes from the platform config directory, layered under the
//! command line: defaults, then the user's file, then `--theme` and friends.

use crate::script::dialect::Dialect;
use crate::tui::TuiError;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::theme::{BUILTIN, ColorDepth, Theme};

/// The workbench settings.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Theme name: a bundled one (`dark`, `light`, `base16`) or a file in `themes/` of the config dir.
    pub theme: String,
    /// `auto`, `always` (truecolor), `256`, `16` or `never`.
    pub color: String,
    /// How many matched deals to keep (older ones are dropped; statistics are aggregates).
    pub keep_deals: usize,
    /// `auto` (symbols unless colourless), `symbols` or `letters`.
    pub suits: String,
    /// Solve the selected deal double dummy whenever the DD pane shows.
    pub auto_dd: bool,
    /// Debounce for the file watcher, in milliseconds.
    pub debounce_ms: u64,
    /// Poll the script's directory every this many milliseconds instead of relying on
    /// notifications (0 = notifications; use it on NFS or WSL paths, which send none).
    pub poll_ms: u64,
    /// Capture the mouse (click to focus and place the cursor, wheel to scroll). Off by
    /// default: capturing takes the terminal's own text selection away.
    pub mouse: bool,
    /// The program whose refusals show as warnings beside the lines: `bbo` (dealer.exe 1.24,
    /// as BBO runs it), `dealerv2` (DealerV2_4) or `dealer3`, as `dealbench check --dialect`.
    pub dialect: String,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            theme: "dark".into(),
            color: "auto".into(),
            keep_deals: 1000,
            suits: "auto".into(),
            auto_dd: true,
            debounce_ms: 50,
            poll_ms: 0,
            mouse: false,
            dialect: "bbo".into(),
        }
    }
}

impl Config {
    /// Parses a `config.toml`.
    pub fn parse(text: &str) -> Result<Config, TuiError> {
        let c: Config = toml::from_str(text).map_err(|e| TuiError(format!("config.toml: {e}")))?;
        match Dialect::parse(&c.dialect) {
            Some(_) => Ok(c),
            None => Err(TuiError(format!("config.toml: dialect `{}`: expected bbo, dealerv2 or dealer3", c.dialect))),
        }
    }

    /// The program whose refusals the workbench shows (BBO's unless the config names another).
    pub fn dialect(&self) -> Dialect {
        Dialect::parse(&self.dialect).unwrap_or(Dialect::Bbo)
    }

    /// The user's config (defaults when there is none); a broken or unreadable file (a FIFO
    /// is refused, never waited on) gives the defaults and a message.
    pub fn load(dir: Option<&Path>) -> (Config, Option<TuiError>) {
        let Some(path) = dir.map(|d| d.join("config.toml")) else { return (Config::default(), None) };
        match super::disk::read_text(&path) {
            Ok(text) => match Config::parse(&text) {
                Ok(c) => (c, None),
                Err(e) => (Config::default(), Some(e)),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Config::default(), None),
            Err(e) => (Config::default(), Some(TuiError(format!("{}: {e}; using the defaults", path.display())))),
        }
    }

    /// The colour depth this config asks for, `env` deciding under `auto`.
    pub fn depth(&self, env: ColorDepth) -> ColorDepth {
        match self.color.as_str() {
            "always" | "truecolor" => ColorDepth::TrueColor,
            "256" => ColorDepth::Ansi256,
            "16" => ColorDepth::Ansi16,
            "never" => ColorDepth::None,
            _ => env,
        }
    }
}

/// The dealbench config directory (`~/.config/dealbench` on Linux).
pub fn config_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "dealbench").map(|d| d.config_dir().to_path_buf())
}

/// The dealbench data directory (`~/.local/share/dealbench` on Linux).
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "dealbench").map(|d| d.data_dir().to_path_buf())
}

/// Loads a theme by name: the user's `themes/NAME.toml` first, then the bundled ones;
/// `inherits` may name either.
pub fn load_theme(name: &str, dir: Option<&Path>) -> Result<Theme, TuiError> {
    let name = if name == "16" { "base16" } else { name };
    let user = |n: &str| dir.and_then(|d| super::disk::read_text(&d.join("themes").join(format!("{n}.toml"))).ok());
    let find = |n: &str| user(n).or_else(|| BUILTIN.iter().find(|(b, _)| *b == n).map(|(_, t)| t.to_string()));
    let text = find(name).ok_or_else(|| {
        let names: Vec<&str> = BUILTIN.iter().map(|(n, _)| *n).collect();
        format!("unknown theme {name} (bundled: {})", names.join(", "))
    })?;
    Theme::parse(name, &text, &find)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_config_keeps_defaults() {
        let c = Config::parse("theme = \"light\"\nkeep_deals = 50\n").unwrap();
        assert_eq!(c.theme, "light");
        assert_eq!(c.keep_deals, 50);
        assert_eq!(c.color, "auto");
        assert!(Config::parse("thme = 1").is_err());
        assert_eq!(c.dialect(), Dialect::Bbo);
        assert_eq!(Config::parse("dialect = \"dealer3\"").unwrap().dialect(), Dialect::Dealer3);
        let e = Config::parse("dialect = \"dealer4\"").unwrap_err();
        assert_eq!(e.0, "config.toml: dialect `dealer4`: expected bbo, dealerv2 or dealer3");
    }

    #[test]
    fn user_theme_inherits_bundled() {
        // Removed when dropped, also when the test fails.
        let scratch = tempfile::Builder::new().prefix("dealbench-cfg-").tempdir().unwrap();
        let dir = scratch.path();
        std::fs::create_dir_all(dir.join("themes")).unwrap();
        std::fs::write(dir.join("themes/mine.toml"), "inherits = \"dark\"\nkeyword = \"#ff0000\"\n").unwrap();
        let t = load_theme("mine", Some(dir)).unwrap();
        assert_eq!(t.get("keyword").fg, Some(ratatui::style::Color::Rgb(255, 0, 0)));
        assert!(t.has("suit.spades"));
        assert!(load_theme("nope", Some(dir)).is_err());
    }
}
