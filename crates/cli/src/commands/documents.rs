//! `tutorhub documents export USER --out DIR`: an organization's private registration
//! documents, copied out of private storage under readable names for the back office to check.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use tutorhub_domain::audit::model::Decision;
use tutorhub_domain::organizations::document_export::ExportedDocument;

use crate::commands::audit;
use crate::commands::confirm::confirmed;
use crate::commands::users::user_ref;
use crate::config::{GlobalOpts, Sending};
use crate::labels::organizations::{document_kind, export_error};

#[derive(Debug, Args)]
pub struct DocumentsOpts {
    #[command(subcommand)]
    command: DocumentsCommand,
}

#[derive(Debug, Subcommand)]
enum DocumentsCommand {
    /// Write the user's documents to DIR (business-registration.pdf, address-proof.jpg, …).
    Export {
        /// User number, user id or phone number.
        user: String,
        /// Folder to write to; created when missing.
        #[arg(long)]
        out: PathBuf,
        /// Overwrite files of the same names without asking.
        #[arg(long)]
        yes: bool,
    },
}

pub async fn run(global: &GlobalOpts, opts: &DocumentsOpts) -> anyhow::Result<()> {
    let DocumentsCommand::Export { user, out, yes } = &opts.command;
    let user = user_ref(user)?;
    let wiring = global.wiring(Sending::No).await?;
    let result = async {
        let (owner, documents) = wiring.document_export().export(&user).await.map_err(|e| anyhow::anyhow!(export_error(&e)))?;
        let existing: Vec<_> = documents.iter().map(|d| out.join(&d.file_name)).filter(|p| p.exists()).collect();
        if !existing.is_empty() {
            let names: Vec<_> = existing.iter().map(|p| p.display().to_string()).collect();
            if !confirmed(*yes, &format!("Overwrite {}?", names.join(", "))) {
                bail!("not confirmed: nothing written ({} already exist)", names.join(", "));
            }
        }
        // Written down before the first file is: no private document reaches this machine's
        // disk without an entry, and when the trail cannot be written none does.
        let details = format!("documents={} out={:?}", documents.len(), out.display().to_string());
        audit::record(&wiring, global, Decision::DocumentsExported, &format!("user {}", owner.number), None, &details).await?;
        anyhow::Ok((owner, documents))
    }
    .await;
    wiring.database.close().await;
    let (owner, documents) = result?;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    for document in &documents {
        let path = write_private(out, document)?;
        println!("{}\t{} bytes\t{}", path.display(), document.bytes.len(), document_kind(document.kind));
    }
    eprintln!("exported {} documents of user {} ({})", documents.len(), owner.number, owner.name.as_str());
    Ok(())
}

/// Writes beside the target, then renames, so an interrupted export leaves no half file;
/// readable by the owner only, as the documents are private.
fn write_private(dir: &Path, document: &ExportedDocument) -> anyhow::Result<PathBuf> {
    let path = dir.join(&document.file_name);
    let partial = dir.join(format!(".{}.part", document.file_name));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&partial).with_context(|| format!("cannot write {}", partial.display()))?;
    file.write_all(&document.bytes).and_then(|()| file.sync_all()).with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, &path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}
