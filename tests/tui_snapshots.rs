//! Snapshots of every pane through ratatui's TestBackend: all panes at 120×40, each pane
//! alone at 80×24, in the dark theme and the 16-colour one. The 80×24 ones record colours.

mod tui_common;

use dealbench::tui::app::{Overlay, Pane};
use tui_common::{app, draw, screen};

#[test]
fn all_panes_120x40() {
    for theme in ["dark", "base16", "light"] {
        let a = app(theme, (120, 40));
        insta::assert_snapshot!(format!("all_120x40_{theme}"), screen(&a));
    }
}

#[test]
fn all_panes_160x48_show_the_profile_and_the_values() {
    let a = app("dark", (160, 48));
    let s = screen(&a);
    assert!(s.contains("Profile") && s.contains("nt_opener") && s.contains("alone"), "{s}");
    // Deal 1: North KJT7.T.AJT.K9653 holds 12 points, South Q96.KQ3.Q3.AQJ74 16.
    let shows = |name: &str, value: &str| s.lines().any(|l| l.contains(&format!("{name} ")) && l.contains(value));
    assert!(s.contains("Values") && shows("hcp(north)", "= 12") && shows("hcp(south)", "= 16"), "{s}");
    insta::assert_snapshot!("all_160x48_dark", s);
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
    a.push_overlay(Overlay::Help(0));
    insta::assert_snapshot!("help_80x24", screen(&a));
    a.pop_overlay();
    a.push_overlay(Overlay::Word("shape".into()));
    insta::assert_snapshot!("word_shape_80x24", screen(&a));
    a.pop_overlay();
    a.push_overlay(Overlay::ConfirmQuit);
    insta::assert_snapshot!("confirm_quit_80x24", screen(&a));
    a.pop_overlay();
    a.push_overlay(Overlay::Filter("hcp(south) >= 10".into()));
    insta::assert_snapshot!("filter_prompt_80x24", screen(&a));
    a.pop_overlay();
    a.push_overlay(Overlay::Export { rotate: true });
    insta::assert_snapshot!("export_rotate_80x24", screen(&a));
}

#[test]
fn compile_error_marks_results_stale_120x40() {
    let mut a = app("dark", (120, 40));
    let src = a.buffer_text();
    let at = src.find("hcp(south) >= 8").unwrap();
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

#[test]
fn tiny_and_odd_sizes_draw_without_panicking() {
    for (w, h) in [(1, 1), (10, 3), (20, 5), (40, 12), (79, 23), (99, 29), (100, 30), (200, 60)] {
        for pane in Pane::ALL {
            for overlay in [
                None,
                Some(Overlay::Help(3)),
                Some(Overlay::Word("hcp".into())),
                Some(Overlay::ConfirmQuit),
                Some(Overlay::Search("x".into())),
                Some(Overlay::Filter("hcp(".into())),
                Some(Overlay::Export { rotate: true }),
            ] {
                let mut a = app("dark", (w, h));
                a.focus = pane;
                if let Some(o) = overlay {
                    a.push_overlay(o);
                }
                let _ = draw(&a);
            }
        }
    }
}

#[test]
fn syntax_colours_follow_scrolling() {
    use dealbench::tui::app::App;
    let text: String = (0..80).map(|i| format!("x{i} = hcp(north) + {i}\n")).collect();
    let theme = dealbench::tui::theme::Theme::dark();
    let func = theme.get("function.builtin").fg;
    let num = theme.get("constant.numeric").fg;
    let mut a = App::new("/tmp/long.dlr".into(), &text, theme);
    a.size = (80, 24);
    a.editor.move_cursor(ratatui_textarea::CursorMove::Bottom);
    let t = draw(&a);
    let buf = t.backend().buffer();
    let mut checked = 0;
    for y in 0..24u16 {
        let row: String = (0..80u16).map(|x| buf[(x, y)].symbol().to_string()).collect();
        if let Some(i) = row.find("hcp(") {
            let x = row[..i].chars().count() as u16;
            assert_eq!(buf[(x, y)].fg, func.unwrap(), "row {y}: {row}");
            assert_eq!(buf[(x + 3, y)].fg, theme_fg(&a, "punctuation"), "row {y}");
            let n = row.rfind("+ ").unwrap();
            let nx = row[..n].chars().count() as u16 + 2;
            assert_eq!(buf[(nx, y)].fg, num.unwrap(), "row {y}: {row}");
            checked += 1;
        }
    }
    assert!(checked > 15, "{checked}");
    // The last line is on screen.
    assert!(t.backend().to_string().contains("x79 = hcp"));
}

fn theme_fg(a: &dealbench::tui::app::App, key: &str) -> ratatui::style::Color {
    a.theme.get(key).fg.unwrap()
}

#[test]
fn no_color_deal_uses_letters_and_no_colours() {
    let mut a = app("dark", (80, 24));
    a.set_theme(dealbench::tui::theme::Theme::dark().adapt(dealbench::tui::theme::ColorDepth::None));
    a.suit_letters = true;
    a.focus = Pane::Deal;
    let t = draw(&a);
    insta::assert_snapshot!("deal_80x24_no_color", t.backend().to_string());
    insta::assert_debug_snapshot!("deal_80x24_no_color_styles", t.backend().buffer());
}

/// The hand types pane with a levelled ladder's figures: natural and delivered mix side by side.
#[test]
fn hand_types_pane() {
    use dealbench::run::stats::{HandTypeStat, Stat, Statistic};
    let mut h = HandTypeStat::new(vec!["weak".into(), "strong".into(), "big".into()]);
    for (mask, natural, produced) in [(1u64, 61, 10), (2, 31, 10), (4, 8, 9), (0, 0, 1)] {
        (0..natural).for_each(|_| h.measure(mask));
        (0..produced).for_each(|_| h.add([mask as i64, 0]));
    }
    for size in [(80, 24), (160, 48)] {
        let mut a = app("dark", size);
        a.results.stats.stats.push(Stat::HandTypes(h.clone()));
        a.results.produced = 30;
        a.level = true;
        a.focus = Pane::HandTypes;
        insta::assert_snapshot!(format!("hand_types_levelled_{}x{}", size.0, size.1), screen(&a));
    }
}

/// The Contracts pane with a double-dummy summary and two compared contracts: beside the
/// statistics at 160×48 with no key pressed, and alone at 80×24 (Alt-9, the ninth tab of ten).
#[test]
fn contracts_pane() {
    use dealbench::cards::Vul;
    use dealbench::run::stats::{CompareStat, ContractAt, DdSummaryStat, Stat};
    let mut summary = DdSummaryStat::new();
    let mut compare = CompareStat::new(ContractAt::parse_list("3N:N,4H:S").unwrap());
    // Three deals' tables (declarer N, E, S, W × C, D, H, S, NT) and their par.
    let tables = [
        ([[8, 9, 10, 7, 9], [5, 4, 3, 6, 4], [8, 9, 10, 7, 9], [5, 4, 3, 6, 4]], 420, "4H-NS"),
        ([[7, 8, 9, 8, 10], [6, 5, 4, 5, 3], [7, 8, 9, 8, 10], [6, 5, 4, 5, 3]], 430, "3N-NS+1"),
        ([[6, 7, 10, 9, 8], [7, 6, 3, 4, 5], [6, 7, 10, 9, 8], [7, 6, 3, 4, 5]], 420, "4H-NS"),
    ];
    for (t, par, contracts) in tables {
        summary.count(t, par, contracts);
        compare.count(&t, Vul::None);
    }
    for (size, focus) in [((160, 48), Pane::Editor), ((80, 24), Pane::Contracts)] {
        let mut a = app("dark", size);
        a.results.stats.stats.push(Stat::DdSummary(summary.clone()));
        a.results.stats.stats.push(Stat::Compare(compare.clone()));
        a.compare = ContractAt::parse_list("3N:N,4H:S").unwrap();
        a.focus = focus;
        let s = screen(&a);
        assert!(s.contains("Contracts") && s.contains("Mean tricks"), "{s}");
        if size == (80, 24) {
            assert!(s.contains("9 Contr"), "the ninth tab: {s}");
        } else {
            // Beside it the statistics are narrow: the averages keep their standard errors
            // whole (26, 25, 27: s.e. 0.577; 1, 0, 0: 0.333), cutting the counts instead.
            assert!(s.contains("26.000 ± 0.577") && s.contains("0.333 ± 0.333"), "{s}");
        }
        insta::assert_snapshot!(format!("contracts_{}x{}", size.0, size.1), s);
    }
}
