//! The input of case `index` of each target: a seed, mutated (or, for a few cases, as it is).

use super::mutate::mutate;
use super::oracles::run::HEADER;
use super::rng::Rng;
use super::seeds::Seeds;

/// The input of case `index` of `target` under `seed`.
pub fn input(seeds: &Seeds, target: &str, seed: u64, index: u64) -> Vec<u8> {
    let mut rng = Rng::for_case(seed, target, index);
    match target {
        "compile" => from(&mut rng, &seeds.scripts, 10),
        "run" => {
            let mut data = rng.bytes(HEADER);
            data.extend(from(&mut rng, &seeds.scripts, 2));
            data
        }
        "deals" => from(&mut rng, &seeds.deal_files, 5),
        "stats" => stats(&mut rng, seeds),
        other => panic!("no fuzz target `{other}`"),
    }
}

/// A seed from `pool`, left as it is in one case of `pristine`, else mutated with spans of
/// three other seeds as donors.
fn from(rng: &mut Rng, pool: &[Vec<u8>], pristine: usize) -> Vec<u8> {
    let seed = rng.pick(pool);
    if rng.one_in(pristine) {
        return seed.clone();
    }
    let donors: Vec<&[u8]> = (0..3).map(|_| rng.pick(pool).as_slice()).collect();
    mutate(rng, seed, &donors)
}

/// Two stats files joined by a NUL: two shards of one run, or of two runs, either mutated.
fn stats(rng: &mut Rng, seeds: &Seeds) -> Vec<u8> {
    let group = rng.pick(&seeds.stats);
    let mut a = group[0].clone();
    let mut b = if rng.one_in(4) { rng.pick(&seeds.stats)[rng.below(2)].clone() } else { group[1].clone() };
    let donors: Vec<&[u8]> = vec![&group[0], &group[1]];
    if !rng.one_in(3) {
        a = mutate(rng, &a, &donors);
    }
    if rng.one_in(2) {
        b = mutate(rng, &b, &donors);
    }
    a.push(0);
    a.extend(b);
    a
}
