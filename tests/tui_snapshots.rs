//! Snapshots of every pane through ratatui's TestBackend: all panes at 120×40, each pane
//! alone at 80×24, in the dark theme and the 16-colour one. The 80×24 ones record colours.

mod tui_common;

use dealbench::tui::app::{Overlay, Pane};
use tui_common::{app, draw, screen};

#[test]
fn all_panes_120x40() {
    for theme in ["dark", "base16"] {
        let a = app(theme, (120, 40));
        insta::assert_snapshot!(format!("all_120x40_{theme}"), screen(&a));
    }
}

#[test]
fn each_pane_80x24() {
    for theme in ["dark", "base16"] {
        for pane in Pane::ALL {
            let mut a = app(theme, (80, 24));
            a.focus = pane;
            let t = draw(&a);
            let name = format!("{pane:?}_80x24_{theme}").to_lowercase();
            insta::assert_snapshot!(name.clone(), t.backend().to_string());
            insta::assert_debug_snapshot!(format!("{name}_styles"), t.backend().buffer());
        }
    }
}

#[test]
fn overlays_80x24() {
    let mut a = app("dark", (80, 24));
    a.overlay = Some(Overlay::Help(0));
    insta::assert_snapshot!("help_80x24", screen(&a));
    a.overlay = Some(Overlay::Word("shape".into()));
    insta::assert_snapshot!("word_shape_80x24", screen(&a));
    a.overlay = Some(Overlay::ConfirmQuit);
    insta::assert_snapshot!("confirm_quit_80x24", screen(&a));
}

#[test]
fn compile_error_marks_results_stale_120x40() {
    let mut a = app("dark", (120, 40));
    let src = a.buffer_text();
    let at = src.find("hcp(north) >= 8").unwrap();
    let d = dealbench::script::diag::Diagnostic::error(
        "stayman.dlr",
        &src,
        dealbench::script::diag::Span::new(at, at + 3),
        "expected an expression",
    );
    let g = a.generation + 1;
    let _ = a.request_run();
    a.on_compile_error(g, vec![d]);
    insta::assert_snapshot!("error_stale_120x40", screen(&a));
}
