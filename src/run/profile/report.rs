//! The profile as a table: the rows the CLI prints after the run and the workbench's
//! Profile pane shows, and the term a fruitless run names.

use super::counts::{Count, Counts};
use super::spec::Spec;

/// One row: a term as written, and its two figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The term as written in the script.
    pub text: String,
    /// 0 for the condition's terms, 1 for the parts of a variable.
    pub depth: u8,
    /// Held on its own.
    pub alone: Count,
    /// Held among the deals reaching it in short-circuit order.
    pub order: Count,
}

/// A snapshot of a run's profile.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Profile {
    /// The terms, each condition term followed by its parts.
    pub rows: Vec<Row>,
    /// Deals profiled.
    pub deals: u64,
    /// Deals tested, profiled or not.
    pub seen: u64,
    /// Deals the condition solved double dummy.
    pub solves: u64,
}

impl Profile {
    /// The rows of `spec` with `counts`.
    pub fn new(spec: &Spec, counts: &Counts) -> Profile {
        let rows = spec
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| Row { text: n.text.clone(), depth: n.depth, alone: counts.alone[i], order: counts.order[i] })
            .collect();
        Profile { rows, deals: counts.deals, seen: counts.seen(), solves: counts.solves }
    }

    /// The table `dealbench run --profile` prints: a row per term, its rate alone and in
    /// short-circuit order, each with the deals it rests on.
    pub fn table(&self) -> String {
        let tw = self.rows.iter().map(|r| r.text.chars().count() + 2 * r.depth as usize).max().unwrap_or(4).max(4);
        let dw = self.deals.to_string().len().max(5);
        let mut out = format!("\nCondition profile: {} of {} deals profiled\n", self.deals, self.seen);
        // The terms are padded by hand: a width past 65,535 is out of range for `format!`.
        let pad = |text: &str| format!("{text}{}", " ".repeat(tw.saturating_sub(text.chars().count())));
        out += &format!("{}  {:>8} {:>dw$}  {:>8} {:>dw$}\n", pad("term"), "alone", "deals", "in order", "deals");
        for r in &self.rows {
            let text = pad(&format!("{}{}", "  ".repeat(r.depth as usize), r.text));
            out += &format!(
                "{text}  {:>8} {:>dw$}  {:>8} {:>dw$}\n",
                percent(r.alone),
                r.alone.deals,
                percent(r.order),
                r.order.deals
            );
        }
        out
    }

    /// The term that cut the most deals, going into a variable's parts: the one with the
    /// lowest rate among the deals reaching it.
    pub fn culprit(&self) -> Option<&Row> {
        let top = lowest(&self.rows, 0)?;
        let parts = self.rows[top + 1..].iter().take_while(|r| r.depth > 0).count();
        let inner = lowest(&self.rows[top + 1..top + 1 + parts], 1);
        Some(&self.rows[inner.map_or(top, |i| top + 1 + i)])
    }

    /// The term that never or rarely held, and which, when a run matched nothing or stopped
    /// at its generate limit with fewer than half the deals it was to produce.
    pub fn fruitless(
        &self,
        produced: u64,
        produce_limit: u64,
        generated: u64,
        generate_limit: u64,
    ) -> Option<(&Row, &'static str)> {
        let short = produced == 0 || (generated >= generate_limit && produced * 2 < produce_limit);
        if !short || self.deals == 0 {
            return None;
        }
        let r = self.culprit()?;
        Some((r, if r.order.held == 0 { "never held" } else { "rarely held" }))
    }

    /// What such a run says in its closing message.
    pub fn closing_note(
        &self,
        produced: u64,
        produce_limit: u64,
        generated: u64,
        generate_limit: u64,
    ) -> Option<String> {
        let (r, how) = self.fruitless(produced, produce_limit, generated, generate_limit)?;
        Some(format!(
            "{} of {} deals matched: `{}` {how} ({} of the {} deals reaching it, {} alone)",
            produced,
            generated,
            r.text,
            r.order.held,
            r.order.deals,
            percent(r.alone).trim()
        ))
    }
}

/// A share as `14.18%`, or `—` before any deal.
pub fn percent(c: Count) -> String {
    c.percent().map_or_else(|| "—".to_string(), |p| format!("{p:.2}%"))
}

/// The row of `depth` with the lowest rate in short-circuit order.
fn lowest(rows: &[Row], depth: u8) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, r) in rows.iter().enumerate().filter(|(_, r)| r.depth == depth) {
        if let Some(p) = r.order.percent()
            && best.is_none_or(|(_, b)| p < b)
        {
            best = Some((i, p));
        }
    }
    best.map(|b| b.0)
}
