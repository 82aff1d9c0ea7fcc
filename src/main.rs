//! The `dealbench` command: the workbench (default) and `dealbench run`, dealer's command line.

mod cli;

/// `log10`, whose one caller is ratatui-textarea's line-number width. Defined here, the binary
/// needs nothing from the system's libm, which the loader would otherwise map at every start for
/// this one function: about 300 kB of resident memory on `dealbench run`.
#[cfg(all(feature = "workbench", target_os = "linux", target_env = "gnu"))]
#[unsafe(no_mangle)]
pub extern "C" fn log10(x: f64) -> f64 {
    libm::log10(x)
}

fn main() {
    std::process::exit(cli::main());
}
