//! `tutorhub`: the server and the back office in one binary (see the library half).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tutorhub_cli::run().await
}
