//! Properties of the output files (issue 34): output-path collisions are found whatever the
//! spelling (`x`, `./x`, `sub/../x`, an absolute path, a hard or symbolic link), and a write
//! interrupted at any point leaves the old file whole, while a committed one holds exactly
//! what was written (after the old contents when appending), with no temporary file left.

use dealbench::report::atomic::Staged;
use dealbench::report::paths::{RunFile, clash};
use proptest::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The real files of a scratch directory, and the links to them.
const BASES: [&str; 3] = ["s.dlr", "o.lin", "new.json"];

/// A spelling of base file `base` (index into BASES) of kind `kind`.
fn spelling(dir: &Path, base: usize, kind: u8) -> PathBuf {
    let name = BASES[base];
    match kind % 5 {
        0 => dir.join(name),
        1 => dir.join(".").join(name),
        2 => dir.join("sub").join("..").join(name),
        3 if base < 2 => dir.join(format!("hard-{name}")),
        3 => dir.join(name),
        _ if base < 2 => dir.join(format!("soft-{name}")),
        _ => dir.join("sub").join("..").join(".").join(name),
    }
}

fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    // `s.dlr` and `o.lin` exist, with links; `new.json` does not.
    for name in &BASES[..2] {
        std::fs::write(dir.path().join(name), name).unwrap();
        std::fs::hard_link(dir.path().join(name), dir.path().join(format!("hard-{name}"))).unwrap();
        std::os::unix::fs::symlink(name, dir.path().join(format!("soft-{name}"))).unwrap();
    }
    dir
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn collisions_are_found_by_identity(
        input in proptest::option::of((0usize..2, any::<u8>())),
        outputs in proptest::collection::vec((0usize..3, any::<u8>()), 0..4),
    ) {
        let dir = scratch();
        let roles = ["--export", "--stats-json", "-C", "-X"];
        let in_path = input.map(|(b, k)| spelling(dir.path(), b, k));
        let out_paths: Vec<PathBuf> = outputs.iter().map(|&(b, k)| spelling(dir.path(), b, k)).collect();
        let inputs: Vec<RunFile> = in_path.iter().map(|p| RunFile { role: "the script", path: p }).collect();
        let outs: Vec<RunFile> =
            out_paths.iter().enumerate().map(|(i, p)| RunFile { role: roles[i], path: p }).collect();
        // The model: a clash is an output whose base file is the input's or an earlier output's.
        let bases: Vec<usize> = outputs.iter().map(|o| o.0).collect();
        let expected = bases.iter().enumerate().find_map(|(i, b)| {
            if input.is_some_and(|(ib, _)| ib == *b) {
                Some((roles[i], "the script"))
            } else {
                bases[..i].iter().position(|x| x == b).map(|j| (roles[i], roles[j]))
            }
        });
        let found = clash(&inputs, &outs);
        match (expected, found) {
            (None, None) => {}
            (Some((a, b)), Some(msg)) => prop_assert!(msg.contains(a) && msg.contains(b), "{msg}"),
            (e, f) => prop_assert!(false, "expected {e:?}, found {f:?} for {input:?} {outputs:?}"),
        }
    }

    #[test]
    fn an_interrupted_write_leaves_the_old_file_and_a_finished_one_replaces_it(
        old in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..200)),
        chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..300), 0..6),
        append in any::<bool>(),
        commit in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.lin");
        if let Some(old) = &old {
            std::fs::write(&target, old).unwrap();
        }
        let staged = if append { Staged::appending(&target) } else { Staged::create(&target) }.unwrap();
        let mut file = staged.file().unwrap();
        for c in &chunks {
            file.write_all(c).unwrap();
            // Until the commit, the target is the old file.
            prop_assert_eq!(std::fs::read(&target).ok(), old.clone());
        }
        let written: Vec<u8> = chunks.concat();
        if commit {
            staged.commit().unwrap();
            let mut want = if append { old.clone().unwrap_or_default() } else { Vec::new() };
            want.extend_from_slice(&written);
            prop_assert_eq!(std::fs::read(&target).unwrap(), want);
        } else {
            drop(staged); // the run failed
            prop_assert_eq!(std::fs::read(&target).ok(), old.clone());
        }
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        prop_assert!(left.len() <= 1, "{left:?}");
    }
}
