//! `tutorhub storage migrate --to s3`: moves a site's uploads from the data folder into the
//! bucket before it runs on several servers (docs/operations.md, "Several servers").

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use tutorhub_adapters::files::migration::{copy_to_bucket, count_local};
use tutorhub_adapters::{LocalFileStore, S3FileStore};

use crate::config::GlobalOpts;

#[derive(Debug, Args)]
pub struct StorageOpts {
    #[command(subcommand)]
    pub command: StorageCommand,
}

#[derive(Debug, Subcommand)]
pub enum StorageCommand {
    /// Copy every upload in DATA_DIR/media and DATA_DIR/private into the bucket (S3_BUCKET…)
    /// under the same names. Safe to run again: files already there are skipped. Then start
    /// the servers with STORAGE=s3.
    Migrate {
        /// Where to copy to.
        #[arg(long)]
        to: Target,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Target {
    S3,
}

pub async fn run(global: &GlobalOpts, opts: &StorageOpts) -> anyhow::Result<()> {
    let StorageCommand::Migrate { to: Target::S3 } = opts.command;
    let files = &global.store.files;
    let bucket = files.s3_bucket.as_deref().context("S3_BUCKET is not set: say which bucket to copy into")?;
    let to = S3FileStore::new(&files.s3_settings(bucket)).context("cannot use the S3 bucket")?;
    let from = LocalFileStore::new(&global.store.data_dir);
    let total = count_local(&from)?;
    let progress = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} files ({per_sec}, {eta} left)").expect("the progress template is valid"),
    );
    let report = copy_to_bucket(&from, &to, |_, done| progress.set_position(done as u64))
        .await
        .with_context(|| format!("copying into bucket {} stopped; run the command again to go on", to.bucket_name()))?;
    progress.finish_and_clear();
    eprintln!(
        "{} files copied into bucket {}, {} already there; start the servers with STORAGE=s3",
        report.copied,
        to.bucket_name(),
        report.present
    );
    Ok(())
}
