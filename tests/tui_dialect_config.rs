//! The workbench's `dialect` setting: the program named in config.toml decides which refusals
//! show as warnings beside the lines (80×24 snapshots of the editor, BBO's and dealer3's).

mod tui_common;

use dealbench::tui::app::{App, Pane};
use dealbench::tui::config::Config;
use dealbench::tui::engine;
use std::path::PathBuf;
use tui_common::{common, screen, theme};

/// `ltc` (dealer 1.24 reads an undefined name; dealer3 1.0.0 a name and a parenthesis, which it
/// never evaluates here) and `printes` (DealerV2_4's: dealer 1.24 reads an undefined name, dealer3
/// 1.0.0 stops at the string after it).
const SCRIPT: &str = "produce 5\nx = ltc(north)\ncondition x <= 7\naction printes(\"x\", hcp(north))\n";

/// The editor at 80×24 after a compile with the dialect `config.toml` (in a scratch config
/// directory) names, and the warnings it gave.
fn shown(config: Option<&str>) -> (String, Vec<String>) {
    let dir = common::Scratch::new("dialect-config");
    if let Some(text) = config {
        std::fs::write(dir.join("config.toml"), text).unwrap();
    }
    let (cfg, err) = Config::load(Some(&dir));
    assert!(err.is_none(), "{err:?}");
    let compiled = engine::compile_for(SCRIPT, "t.dlr", cfg.dialect()).expect("dealbench compiles it");
    let warnings: Vec<String> =
        compiled.warnings.iter().map(|w| format!("{}:{}: {}", w.line, w.column, w.message)).collect();
    let mut app = App::new(PathBuf::from("/tmp/bench/t.dlr"), SCRIPT, theme("dark"));
    app.size = (80, 24);
    app.auto_dd = false;
    app.focus = Pane::Editor;
    let g = app.generation + 1;
    let _ = app.request_run();
    app.on_run_started(g, compiled.table, compiled.warnings);
    (screen(&app), warnings)
}

#[test]
fn the_dialect_in_the_config_changes_the_warnings_shown() {
    let (bbo, bbo_warnings) = shown(None);
    let (d3, d3_warnings) = shown(Some("dialect = \"dealer3\"\n"));
    // dealer 1.24 stops at `ltc` (`line 2: unknown variable`, as it prints for this script).
    let ltc = "2:5: BBO refuses (`line 2: unknown variable`): `ltc` is a word";
    assert!(bbo_warnings[0].starts_with(ltc), "{bbo_warnings:?}");
    // dealer3 1.0.0 stops at line 4, column 16 (`Parse error:  --> 4:16`, as it prints for it).
    let printes = "4:16: dealer3 (1.0.0) refuses (`Parse error at 4:16`): `printes` is a word";
    assert_eq!(d3_warnings.len(), 1, "{d3_warnings:?}");
    assert!(d3_warnings[0].starts_with(printes), "{d3_warnings:?}");
    assert_ne!(bbo, d3);
    insta::assert_snapshot!("dialect_bbo_editor_80x24", bbo);
    insta::assert_snapshot!("dialect_dealer3_editor_80x24", d3);
}
