//! The command line's error: what stops a command before or after its run, as one line.

use std::fmt;

/// A message for standard error, after `dealbench: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

impl From<String> for CliError {
    fn from(message: String) -> Self {
        CliError(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> Self {
        CliError(message.into())
    }
}

impl From<dealbench::run::switches::SwitchError> for CliError {
    fn from(e: dealbench::run::switches::SwitchError) -> Self {
        CliError(e.0)
    }
}
