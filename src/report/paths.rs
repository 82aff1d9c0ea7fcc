//! The files a run reads and writes, and the clashes among them: an output that is an input
//! (the script, a deal file) or another output of the same run is refused before anything is
//! written. Files are compared by identity (device and inode) when they exist, so `s.dlr`,
//! `./s.dlr`, a symbolic link and a hard link to it are all the script; a file not yet made is
//! compared by its canonical directory and name.

use std::path::{Path, PathBuf};

/// One file of a run: what the user calls it (`--export`, `the script`) and its path.
#[derive(Clone, Debug)]
pub struct RunFile<'a> {
    /// The switch or role, for the message.
    pub role: &'a str,
    /// The path as given.
    pub path: &'a Path,
}

/// What makes two names the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    /// An existing plain file.
    Inode(u64, u64),
    /// A file not yet made: its directory, resolved, and its name.
    Path(PathBuf),
    /// A device, FIFO or the like: several outputs may share it (`/dev/null`).
    Special,
}

fn identity(path: &Path) -> Identity {
    use std::os::unix::fs::MetadataExt;
    if path.starts_with("/dev") || path.starts_with("/proc") {
        return Identity::Special; // written in place (see `atomic`), as the user asked
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Identity::Inode(m.dev(), m.ino()),
        Ok(_) => Identity::Special,
        Err(_) => {
            let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
            let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
            Identity::Path(dir.join(path.file_name().unwrap_or_default()))
        }
    }
}

/// The first clash: an output that is one of the `inputs` or an earlier output, as a message
/// naming both.
pub fn clash(inputs: &[RunFile], outputs: &[RunFile]) -> Option<String> {
    let ins: Vec<Identity> = inputs.iter().map(|f| identity(f.path)).collect();
    let outs: Vec<Identity> = outputs.iter().map(|f| identity(f.path)).collect();
    for (i, out) in outputs.iter().enumerate() {
        if outs[i] == Identity::Special {
            continue;
        }
        if let Some(j) = ins.iter().position(|id| *id == outs[i]) {
            let input = &inputs[j];
            return Some(format!(
                "{} {} is {} {}: an output never replaces an input; choose another name",
                out.role,
                out.path.display(),
                input.role,
                input.path.display()
            ));
        }
        if let Some(j) = outs[..i].iter().position(|id| *id == outs[i]) {
            let other = &outputs[j];
            return Some(format!(
                "{} {} and {} {} are the same file: give each output its own",
                other.role,
                other.path.display(),
                out.role,
                out.path.display()
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f<'a>(role: &'a str, path: &'a Path) -> RunFile<'a> {
        RunFile { role, path }
    }

    #[test]
    fn a_link_to_the_script_is_the_script() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("s.dlr");
        std::fs::write(&script, "condition 1\n").unwrap();
        let hard = dir.path().join("s.lin");
        std::fs::hard_link(&script, &hard).unwrap();
        let e = clash(&[f("the script", &script)], &[f("--export", &hard)]).unwrap();
        assert!(e.contains("--export") && e.contains("s.lin") && e.contains("the script"), "{e}");
    }

    #[test]
    fn two_new_outputs_of_one_name_clash_and_devices_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("o.lin");
        let b = dir.path().join(".").join("o.lin");
        let e = clash(&[], &[f("--stats-json", &a), f("--export", &b)]).unwrap();
        assert!(e.contains("--stats-json") && e.contains("--export") && e.contains("same file"), "{e}");
        let null = Path::new("/dev/null");
        assert_eq!(clash(&[], &[f("-C", null), f("-X", null)]), None);
    }
}
