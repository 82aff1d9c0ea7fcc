//! Writing a whole output file safely: into a temporary file beside the target, then renamed
//! into place, so a reader never sees half a file and a failed write leaves the old one; and
//! the check that an output is not one of the command's inputs.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed into place.
pub fn write_beside(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut tmp = tempfile_in(&dir, &name)?;
    let written = tmp.1.write_all(bytes).and_then(|_| tmp.1.sync_all());
    drop(tmp.1);
    let result = written.and_then(|_| std::fs::rename(&tmp.0, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp.0);
    }
    result
}

/// A new file `.NAME.PID.N.tmp` in `dir`, created exclusively.
fn tempfile_in(dir: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let pid = std::process::id();
    let mut last = None;
    for n in 0..100u32 {
        let p = dir.join(format!(".{name}.{pid}.{n}.tmp"));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&p) {
            Ok(f) => return Ok((p, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name left")))
}

/// True when `a` and `b` name the same existing file (the same device and inode on Unix;
/// the same canonical path elsewhere). A file that does not exist is no other file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        ma.dev() == mb.dev() && ma.ino() == mb.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
    }
}

/// An error naming the input when `output` is one of `inputs`.
pub fn refuse_input(output: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    match inputs.iter().find(|i| same_file(output, i)) {
        Some(i) => Err(format!(
            "{}: this output is the input {}: writing it would replace the input; name another file",
            output.display(),
            i.display()
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_is_left() {
        let dir = std::env::temp_dir().join(format!("dealbench-beside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.pbn");
        std::fs::write(&p, "old").unwrap();
        write_beside(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, vec![std::ffi::OsString::from("x.pbn")]);
        // A link to the same file is the same file; a missing one is not.
        let alias = dir.join("sub").join("..").join("x.pbn");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        assert!(same_file(&p, &alias));
        assert!(refuse_input(&alias, std::slice::from_ref(&p)).unwrap_err().contains("is the input"));
        assert!(refuse_input(&dir.join("y.pbn"), std::slice::from_ref(&p)).is_ok());
        let missing = dir.join("missing").join("x.pbn");
        assert!(write_beside(&missing, b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
