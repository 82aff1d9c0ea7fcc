//! What the double-dummy benches share: the `.dt` file they read and the thread's CPU clock.
#![allow(dead_code)]

/// The `.dt` file named by `DD_FILE` (DDS list100 by default) and its non-empty lines, at most
/// `DD_LIMIT` of them; `None`, after saying so, when the file is not there.
pub fn dt_lines() -> Option<(String, Vec<String>)> {
    let path = std::env::var("DD_FILE").unwrap_or_else(|_| "../shared/golden/dd/canonical/dds-list100.dt".to_string());
    let limit: usize = std::env::var("DD_LIMIT").ok().and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("SKIPPED: {path} not found");
        return None;
    };
    let lines = text.lines().filter(|l| !l.trim().is_empty()).take(limit).map(str::to_string).collect();
    Some((path, lines))
}

/// CPU time consumed by the calling thread, from /proc/thread-self/schedstat (Linux).
pub fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}
