//! Temporary hook on the tui branch: `dealbench [SCRIPT] [--theme T] [--seed N] [--threads N] [--color C]`.
//! The lead's main.rs (with clap) replaces this on merge.
fn main() -> std::io::Result<()> {
    let mut opts = dealbench::tui::TuiOptions::default();
    let mut path = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--theme" => opts.theme = args.next(),
            "--seed" => opts.seed = args.next().and_then(|s| s.parse().ok()),
            "--threads" => opts.threads = args.next().and_then(|s| s.parse().ok()),
            "--color" => opts.color = args.next(),
            _ => path = Some(std::path::PathBuf::from(a)),
        }
    }
    dealbench::tui::open(path, opts)
}
