//! Input files read whole, with a cap on their size: `/dev/zero` or a runaway file is refused
//! with a clear message instead of being read until memory runs out. The caps are far above
//! any real file.

use std::io::Read;
use std::path::Path;

/// The largest script read (16 MiB).
pub const SCRIPT_CAP: u64 = 16 << 20;

/// The largest `--stats-json` file `merge` reads (256 MiB).
pub const STATS_CAP: u64 = 256 << 20;

/// The bytes of `path`, at most `cap`; `what` names the kind of file in the error.
pub fn read_file(path: &Path, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("{}: is a directory, not a {what}", path.display()));
    }
    read_capped(file, cap, what).map_err(|e| format!("{}: {e}", path.display()))
}

/// What `reader` holds, at most `cap` bytes.
pub fn read_capped(reader: impl Read, cap: u64, what: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader.take(cap + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "more than {} MiB: too large for a {what} (the most read is {} MiB)",
            cap >> 20,
            cap >> 20
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_past_the_cap_is_refused() {
        assert_eq!(read_capped(&b"abc"[..], 3, "script").unwrap(), b"abc");
        let e = read_capped(std::io::repeat(0), 1 << 20, "script").unwrap_err();
        assert!(e.contains("more than 1 MiB") && e.contains("script"), "{e}");
    }
}
