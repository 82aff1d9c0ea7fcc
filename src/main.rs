//! The `dealbench` command: the workbench (default) and `dealbench run`, dealer's command line.

mod cli;

fn main() {
    std::process::exit(cli::main());
}
