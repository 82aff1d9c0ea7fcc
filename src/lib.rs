//! dealbench: a dealer3 script engine, a dealer-compatible command line and a terminal workbench.
//!
//! The engine (`cards`, `script`, `eval`, `dealing`, `dd`, `run`, `report`) knows nothing of
//! terminals; the workbench (`tui`) is built with the default `workbench` feature only.
#![warn(missing_docs)]

/// Declares a layer's error type: a message that says what went wrong, shown as it is.
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl std::error::Error for $name {}

        impl From<String> for $name {
            fn from(message: String) -> Self {
                $name(message)
            }
        }

        impl From<&str> for $name {
            fn from(message: &str) -> Self {
                $name(message.into())
            }
        }
    };
}

pub mod cards;
pub mod dd;
pub mod dealing;
pub mod eval;
pub mod report;
pub mod run;
pub mod script;
#[cfg(feature = "workbench")]
pub mod tui;
