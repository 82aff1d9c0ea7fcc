//! Syntax colours from a tree-sitter grammar and its highlights query. The syntax tree follows
//! the buffer edit by edit (an incremental re-parse reads the rows themselves, never a joined
//! copy), and the query runs only on the top-level nodes on screen: run on the root, even
//! limited to a range, it steps through every statement before the range (the grammar keeps
//! them in a deep chain of hidden sections). Patterns rooted at the root node run, without
//! their root, on the top-level nodes themselves. Capture names are the query's own
//! (helix-style), matched to theme keys by longest prefix when drawn; where captures nest,
//! the innermost colours the text.
//!
//! The locals query is not applied: it would only recolour a reference to an assigned name
//! with the assignment's `variable.definition`, which themes style as `variable` anyway.

use crate::tui::TuiError;
use std::ops::Range;

use tree_sitter::{Language, Node, Parser, Point, Query, QueryCursor, StreamingIterator, Tree};

use super::highlight::{Highlighter, RowSpan};
use super::line_edit::LineEdit;

/// A highlighter for one grammar.
pub struct TreeSitterHighlighter {
    parser: Parser,
    tree: Option<Tree>,
    /// The query, less the patterns rooted at the root node.
    query: Query,
    /// Those patterns without their root, matched only at top-level nodes.
    top: Query,
    /// The highlight name of each capture of `query` and of `top` ("" for none).
    names: [Vec<&'static str>; 2],
}

impl TreeSitterHighlighter {
    /// Builds the highlighter; `names` are the capture names to report (the grammar's list).
    pub fn new(language: Language, highlights: &str, names: &'static [&'static str]) -> Result<Self, TuiError> {
        let mut parser = Parser::new();
        parser.set_language(&language).map_err(|e| format!("grammar: {e}"))?;
        let mut query = Query::new(&language, highlights).map_err(|e| format!("highlights query: {e}"))?;
        let root = parser.parse("", None).map(|t| t.root_node().kind().to_string()).unwrap_or_default();
        let mut top = String::new();
        for i in 0..query.pattern_count() {
            let text = &highlights[query.start_byte_for_pattern(i)..query.end_byte_for_pattern(i)];
            if let Some(inner) = without_root(text, &root) {
                top.push_str(inner);
                top.push('\n');
                query.disable_pattern(i);
            }
        }
        let top = Query::new(&language, &top).map_err(|e| format!("highlights query: {e}"))?;
        let name_of = |q: &Query| -> Vec<&'static str> {
            q.capture_names().iter().map(|c| names.iter().copied().find(|n| n == c).unwrap_or("")).collect()
        };
        let names = [name_of(&query), name_of(&top)];
        Ok(TreeSitterHighlighter { parser, tree: None, query, top, names })
    }
}

/// A pattern `(ROOT inner)` (comments, captures or predicates after it aside) as `inner`.
fn without_root<'a>(pattern: &'a str, root: &str) -> Option<&'a str> {
    let rest = pattern.trim_start().strip_prefix('(')?.trim_start().strip_prefix(root)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    // The closing parenthesis of the root: the last one at depth 0 (strings hold none here).
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' if depth == 0 => return Some(rest[..i].trim()),
            ')' | ']' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The text from `at` (a row and a byte in it) to the end of its row, with the `\n` after it.
fn chunk(lines: &[String], at: Point) -> &[u8] {
    match lines.get(at.row) {
        Some(line) if at.column < line.len() => &line.as_bytes()[at.column..],
        Some(_) if at.row + 1 < lines.len() => b"\n",
        _ => b"",
    }
}

/// A node's text, row by row, for the query's text predicates.
fn node_text<'a>(lines: &'a [String], node: Node) -> std::vec::IntoIter<&'a [u8]> {
    let (start, end) = (node.start_position(), node.end_position());
    let mut out = Vec::new();
    let last = end.row.min(lines.len().saturating_sub(1));
    for (row, line) in lines.iter().enumerate().take(last + 1).skip(start.row) {
        let line = line.as_bytes();
        let from = if row == start.row { start.column.min(line.len()) } else { 0 };
        let to = if row == end.row { end.column.min(line.len()) } else { line.len() };
        out.push(&line[from..to.max(from)]);
        if row != end.row {
            out.push(b"\n");
        }
    }
    out.into_iter()
}

impl Highlighter for TreeSitterHighlighter {
    fn update(&mut self, old: &[String], lines: &[String], edit: Option<&LineEdit>) {
        let old_tree = match (edit, self.tree.as_mut()) {
            (Some(e), Some(tree)) => {
                tree.edit(&e.input_edit(old, lines));
                self.tree.take()
            }
            _ => None,
        };
        self.tree = self.parser.parse_with_options(&mut |_, at| chunk(lines, at), old_tree.as_ref(), None);
    }

    fn visible(&self, lines: &[String], rows: Range<usize>) -> Vec<RowSpan> {
        let Some(tree) = &self.tree else { return Vec::new() };
        let rows = rows.start..rows.end.min(lines.len());
        if rows.is_empty() {
            return Vec::new();
        }
        // Each visible byte's capture: outer captures are painted first, inner ones over them.
        let mut paint: Vec<Vec<u8>> = lines[rows.clone()].iter().map(|l| vec![0; l.len()]).collect();
        let range = Point::new(rows.start, 0)..Point::new(rows.end, 0);
        let mut found = Vec::new();
        let mut walk = tree.root_node().walk();
        let mut more = walk.goto_first_child_for_point(range.start).is_some();
        while more && walk.node().start_position() < range.end {
            let node = walk.node();
            for (k, query) in [&self.query, &self.top].into_iter().enumerate() {
                let mut cursor = QueryCursor::new();
                cursor.set_point_range(range.clone());
                if k == 1 {
                    cursor.set_max_start_depth(Some(0));
                }
                let mut captures = cursor.captures(query, node, |n: Node| node_text(lines, n));
                while let Some((m, i)) = captures.next() {
                    let c = m.captures()[*i];
                    if let Some(name) = self.names[k].get(c.index as usize).filter(|n| !n.is_empty()) {
                        let (s, e) = (c.node.start_byte(), c.node.end_byte());
                        found.push((s, std::cmp::Reverse(e), std::cmp::Reverse((k, m.pattern_index)), c.node, *name));
                    }
                }
            }
            more = walk.goto_next_sibling();
        }
        found.sort_by_key(|f| (f.0, f.1, f.2));
        let mut names: Vec<&'static str> = vec![""];
        for (_, _, _, node, name) in found {
            let k = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            }) as u8;
            let (start, end) = (node.start_position(), node.end_position());
            for row in start.row.max(rows.start)..=end.row.min(rows.end - 1) {
                let cells = &mut paint[row - rows.start];
                let from = if row == start.row { start.column.min(cells.len()) } else { 0 };
                let to = if row == end.row { end.column.min(cells.len()) } else { cells.len() };
                cells[from..to.max(from)].fill(k);
            }
        }
        let mut out = Vec::new();
        for (r, cells) in paint.iter().enumerate() {
            let mut at = 0;
            while at < cells.len() {
                let k = cells[at];
                let run = cells[at..].iter().take_while(|&&c| c == k).count();
                if k != 0 {
                    out.push(RowSpan { row: rows.start + r, start: at, end: at + run, capture: names[k as usize] });
                }
                at += run;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::highlight::default_highlighter;

    #[test]
    fn the_grammar_colours_the_example() {
        let lines: Vec<String> = super::super::EXAMPLE.split('\n').map(str::to_string).collect();
        let mut h = default_highlighter();
        h.update(&[], &lines, None);
        let spans = h.visible(&lines, 0..lines.len());
        let cap = |text: &str| {
            let row = lines.iter().position(|l| l.contains(text)).unwrap();
            let at = lines[row].find(text).unwrap();
            spans.iter().find(|s| s.row == row && s.start <= at && at < s.end).map(|s| s.capture)
        };
        assert_eq!(cap("# dealbench"), Some("comment"));
        assert_eq!(cap("produce"), Some("keyword"));
        assert_eq!(cap("hcp("), Some("function.builtin"));
        assert_eq!(cap("north)"), Some("constant.builtin"));
        assert_eq!(cap("\"south hcp\""), Some("string"));
        assert!(spans.windows(2).all(|w| (w[0].row, w[0].end) <= (w[1].row, w[1].start)), "ordered, not overlapping");
    }
}
