//! Asking before a back-office action changes something.

use std::io::{BufRead, Write};

use anyhow::bail;

/// Goes on with `--yes` or a "y"; otherwise stops the command with "nothing changed".
///
/// # Errors
/// When the answer is not yes (no answer at all included).
pub fn confirm(yes: bool, question: &str) -> anyhow::Result<()> {
    if confirmed(yes, question) { Ok(()) } else { bail!("not confirmed: nothing changed") }
}

/// True with `--yes`; otherwise asks on stderr and reads one line of stdin ("y" or "yes").
/// Without an answer (no TTY, closed stdin) nothing is done.
pub fn confirmed(yes: bool, question: &str) -> bool {
    if yes {
        return true;
    }
    eprint!("{question} [y/N] ");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    if std::io::stdin().lock().read_line(&mut answer).is_err() {
        return false;
    }
    matches!(answer.trim().to_lowercase().as_str(), "y" | "yes")
}
