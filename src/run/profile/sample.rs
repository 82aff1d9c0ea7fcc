//! A profile measured after a run, on fresh deals: what a run that matched nothing or stopped
//! far short says about its condition when it was not profiled as it went (`--profile`).

use super::{Counts, Profile, Spec};
use crate::dealing::FastStream;
use crate::eval::{Ctx, Program};
use crate::run::RunOptions;
use crate::run::predeal::merged;

/// Deals a sampled profile rests on after a run of `generated` deals: one in 64 of them,
/// at least 5,000 and at most 20,000. Every term is evaluated on each, three to five times a
/// run's cost a deal, so the note costs a run of a few hundred thousand deals a few percent
/// and never more than a few milliseconds.
pub fn sample_deals(generated: u64) -> u64 {
    (generated / 64).clamp(5_000, 20_000)
}

/// The condition's profile over `deals` deals of the fast stream for `seed` and the run's
/// predeal, every term on every deal. None when that would not be the run's condition on
/// the run's deals: no terms, a double-dummy term (too slow to sample), a bias predeal, or
/// deals read from a file.
pub fn sampled(program: &Program, options: &RunOptions, seed: i64, deals: u64) -> Option<Profile> {
    let spec = Spec::of(program)?;
    if spec.solves() || program.script.bias_span.is_some() || options.deals.is_some() || options.deal_feed.is_some() {
        return None;
    }
    let predeal: Vec<_> =
        merged(&program.script, &options.predeal_override).into_iter().map(|(s, c, _)| (s, c)).collect();
    let stream = FastStream::new(seed as u64, &predeal);
    let mut counts = Counts::new(&spec);
    counts.stride = 1;
    let mut memo = crate::eval::Memo::default();
    for i in 0..deals {
        let deal = stream.deal(i);
        let mut ctx = Ctx::new(&deal, &mut memo);
        ctx.rnd_seed = options.rnd_seed;
        counts.test(&spec, program, &mut ctx).ok()?;
    }
    Some(Profile::new(&spec, &counts))
}
