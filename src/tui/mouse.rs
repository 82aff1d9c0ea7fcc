//! Mouse (opt-in with `mouse = true`: capturing the mouse takes the terminal's own text
//! selection away): click to focus a pane or a tab, click in the editor to move the cursor,
//! wheel to scroll the pane under the pointer or move through the deals.

use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui_textarea::CursorMove;

use super::app::{App, Effect, Pane};
use super::ui::{layout_with, tab_at};

impl App {
    /// One mouse event.
    pub fn on_mouse(&mut self, ev: MouseEvent) -> Vec<Effect> {
        let (x, y) = (ev.column, ev.row);
        if self.overlay().is_some() {
            self.overlay_mouse(ev);
            return Vec::new();
        }
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let screen = layout_with(area, self.wide(), self.focus, self.hand_type_count(), self.studies());
        if let Some(tabs) = screen.tabs
            && y == tabs.y
        {
            if let (MouseEventKind::Down(MouseButton::Left), Some(p)) = (ev.kind, tab_at(self, x)) {
                self.focus = p;
                return self.dd_request();
            }
            return Vec::new();
        }
        let Some((pane, rect)) = screen.pane_at(x, y) else { return Vec::new() };
        match ev.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let mut effects = Vec::new();
                if self.focus != pane {
                    self.focus = pane;
                    effects = self.dd_request();
                }
                if pane == Pane::Editor {
                    self.click_editor(rect, x, y);
                }
                effects
            }
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
                let down = ev.kind == MouseEventKind::ScrollDown;
                self.with_pane(pane, |p, app| p.wheel(down, app))
            }
            _ => Vec::new(),
        }
    }

    fn click_editor(&mut self, rect: Rect, x: u16, y: u16) {
        // Inside the border; columns are counted after the line numbers.
        if x <= rect.x || y <= rect.y || x + 1 >= rect.right() || y + 1 >= rect.bottom() {
            return;
        }
        let (top_row, top_col) = self.editor.scroll_offset();
        let row = (y - rect.y - 1) as usize + top_row as usize;
        let col =
            ((x - rect.x - 1) as usize + top_col as usize).saturating_sub(self.editor.line_number_width() as usize);
        let at = self.editor.screen_to_data(row, col);
        self.editor.move_cursor(CursorMove::Jump(at.0 as u16, at.1 as u16));
    }
}
