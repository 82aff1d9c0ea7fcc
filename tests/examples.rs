//! Every `Example:` of the dealer3 reference and every example of the vocabulary table runs
//! through `dealbench run`, or stops with its `unsupported:` diagnostic when it needs a program
//! outside dealbench.

mod common;

use dealbench::script::vocab::VOCAB;

/// Runs one example as a whole script with a small deal budget; `Err` says what went wrong.
fn runs(example: &str) -> Result<(), String> {
    let script = format!("{example}\n");
    let (_, stderr, rc) = common::run_stdin(&script, &["-s", "1", "-p", "2", "-g", "4"]);
    let external = stderr.contains(": error: unsupported: ");
    if rc == Some(0) || external && rc == Some(255) {
        return Ok(());
    }
    Err(format!("{example:?}: rc {rc:?}\n{stderr}"))
}

fn check_all<'a>(examples: impl Iterator<Item = &'a str>) -> usize {
    let mut count = 0;
    let mut failures = Vec::new();
    for example in examples {
        count += 1;
        if let Err(why) = runs(example) {
            failures.push(why);
        }
    }
    assert!(failures.is_empty(), "{} examples fail:\n{}", failures.len(), failures.join("\n"));
    count
}

#[test]
fn every_reference_example_runs() {
    let Some(spec) = common::shared("spec") else { return };
    let text = std::fs::read_to_string(spec.join("dealer3-reference.txt")).unwrap();
    let examples = text.lines().filter_map(|l| l.trim_start().strip_prefix("Example:")).map(str::trim);
    let count = check_all(examples);
    assert!(count >= 88, "only {count} examples found in the reference");
}

#[test]
fn every_vocabulary_example_runs_with_the_engine() {
    let examples = VOCAB.iter().map(|e| e.example).filter(|e| !e.is_empty());
    let count = check_all(examples);
    assert!(count >= 120, "only {count} examples in the vocabulary");
}
