//! Syntax colours from a tree-sitter grammar and its highlights query, through
//! tree-sitter-highlight. Capture names are the query's own (helix-style), matched to theme
//! keys by longest prefix when drawn.

use tree_sitter::Language;
use tree_sitter_highlight::{HighlightConfiguration, HighlightEvent, Highlighter as TsHighlighterCore};

use super::highlight::{HlSpan, Highlighter};

/// A highlighter for one grammar.
pub struct TreeSitterHighlighter {
    config: HighlightConfiguration,
    names: &'static [&'static str],
    core: TsHighlighterCore,
}

impl TreeSitterHighlighter {
    /// Builds the highlighter; `names` are the capture names to report (the grammar's list).
    pub fn new(language: Language, highlights: &str, locals: &str, names: &'static [&'static str]) -> Result<Self, String> {
        let mut config = HighlightConfiguration::new(language, "dealer3", highlights, "", locals)
            .map_err(|e| format!("highlights query: {e}"))?;
        config.configure(names);
        Ok(TreeSitterHighlighter { config, names, core: TsHighlighterCore::new() })
    }
}

impl Highlighter for TreeSitterHighlighter {
    fn highlight(&mut self, source: &str) -> Vec<HlSpan> {
        let mut out = Vec::new();
        let Ok(events) = self.core.highlight(&self.config, source.as_bytes(), None, None, |_| None) else { return out };
        let mut stack: Vec<&'static str> = Vec::new();
        for ev in events {
            match ev {
                Ok(HighlightEvent::HighlightStart(h)) => stack.push(self.names.get(h.0).copied().unwrap_or("")),
                Ok(HighlightEvent::HighlightEnd) => {
                    stack.pop();
                }
                Ok(HighlightEvent::Source { start, end }) => {
                    if let Some(&capture) = stack.last()
                        && !capture.is_empty()
                    {
                        match out.last_mut() {
                            Some(HlSpan { end: e, capture: c, .. }) if *e == start && *c == capture => *e = end,
                            _ => out.push(HlSpan { start, end, capture }),
                        }
                    }
                }
                Err(_) => break,
            }
        }
        out
    }
}
