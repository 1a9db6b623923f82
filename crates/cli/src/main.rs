//! `tutorhub`: the server and the back office in one binary (see the library half).

/// mimalloc instead of the system allocator: searches allocate and free many short-lived
/// buffers on several threads, which left glibc's per-thread arenas holding hundreds of MB the
/// process no longer used (measured with `make bench`; see docs/operations.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tutorhub_cli::run().await
}
