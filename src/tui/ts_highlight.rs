//! Syntax colours from a tree-sitter grammar and its highlights query, through
//! tree-sitter-highlight. Capture names are the query's own (helix-style), matched to theme
//! keys by longest prefix when drawn.

use tree_sitter::Language;
use tree_sitter_highlight::{HighlightConfiguration, HighlightEvent, Highlighter as TsHighlighterCore};

use super::highlight::{Highlighter, HlSpan};

/// A highlighter for one grammar.
pub struct TreeSitterHighlighter {
    config: HighlightConfiguration,
    names: &'static [&'static str],
    core: TsHighlighterCore,
}

impl TreeSitterHighlighter {
    /// Builds the highlighter; `names` are the capture names to report (the grammar's list).
    pub fn new(
        language: Language,
        highlights: &str,
        locals: &str,
        names: &'static [&'static str],
    ) -> Result<Self, String> {
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

#[cfg(test)]
mod tests {
    use super::super::highlight::default_highlighter;

    #[test]
    fn the_grammar_colours_the_example() {
        let src = super::super::EXAMPLE;
        let spans = default_highlighter().highlight(src);
        let cap = |text: &str| {
            let at = src.find(text).unwrap();
            spans.iter().find(|s| s.start <= at && at < s.end).map(|s| s.capture)
        };
        assert_eq!(cap("# dealbench"), Some("comment"));
        assert_eq!(cap("produce"), Some("keyword"));
        assert_eq!(cap("hcp("), Some("function.builtin"));
        assert_eq!(cap("north)"), Some("constant.builtin"));
        assert_eq!(cap("\"south hcp\""), Some("string"));
        assert!(spans.windows(2).all(|w| w[0].end <= w[1].start), "ordered, not overlapping");
    }
}
