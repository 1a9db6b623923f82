//! The `FileStore` contract, on the local disk and on an S3-compatible server (the one
//! `scripts/with-s3.sh` starts, named by `TUTORHUB_TEST_S3_ENDPOINT`); and `storage migrate`'s
//! copy from one to the other. Without that variable the S3 half is skipped, unless
//! `TUTORHUB_REQUIRE_S3=1` (as in `make test`) turns the skip into a failure.

use std::sync::Arc;

use futures_util::TryStreamExt;
use tutorhub_adapters::files::migration::copy_to_bucket;
use tutorhub_adapters::{LocalFileStore, S3FileStore, S3Settings};
use tutorhub_domain::shared::files::{FileStore, StoredFile, Visibility};
use tutorhub_domain::shared::upload::FileKind;

fn bucket() -> Option<S3FileStore> {
    let (Ok(endpoint), Ok(bucket)) = (std::env::var("TUTORHUB_TEST_S3_ENDPOINT"), std::env::var("TUTORHUB_TEST_S3_BUCKET")) else {
        assert!(
            std::env::var("TUTORHUB_REQUIRE_S3").as_deref() != Ok("1"),
            "TUTORHUB_REQUIRE_S3=1 but TUTORHUB_TEST_S3_ENDPOINT is not set"
        );
        eprintln!("skipping the S3 half: TUTORHUB_TEST_S3_ENDPOINT is not set");
        return None;
    };
    let settings = S3Settings { endpoint: Some(endpoint), bucket, region: "us-east-1".into(), path_style: true };
    Some(S3FileStore::new(&settings).unwrap())
}

async fn read_streamed(store: &dyn FileStore, file: &StoredFile) -> Option<(u64, Vec<u8>)> {
    let opened = store.open(file).await.unwrap()?;
    let chunks: Vec<_> = opened.chunks.try_collect().await.unwrap();
    Some((opened.size, chunks.concat()))
}

async fn keeps_files_apart_by_visibility_and_streams_them(store: Arc<dyn FileStore>) {
    // Larger than one piece of a stream, so the pieces must join up in order.
    let big: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
    let avatar = store.save("avatars", FileKind::Png, Visibility::Public, big.clone()).await.unwrap();
    let document = store.save("documents", FileKind::Pdf, Visibility::Private, b"%PDF-1.7".to_vec()).await.unwrap();
    assert!(avatar.key.starts_with("avatars/") && avatar.key.ends_with(".png"), "{}", avatar.key);
    assert_ne!(avatar.key, store.save("avatars", FileKind::Png, Visibility::Public, vec![1]).await.unwrap().key, "names are never reused");

    assert_eq!(store.read(&document).await.unwrap(), b"%PDF-1.7");
    assert_eq!(read_streamed(store.as_ref(), &avatar).await, Some((big.len() as u64, big)));
    let same_key_other_side = StoredFile { key: document.key.clone(), visibility: Visibility::Public };
    assert_eq!(read_streamed(store.as_ref(), &same_key_other_side).await, None, "a private file is not public under its key");

    store.delete(&document).await.unwrap();
    assert_eq!(read_streamed(store.as_ref(), &document).await, None);
    assert!(store.read(&document).await.is_err());
    store.delete(&document).await.expect("a file already gone is not an error");
    let missing = StoredFile { key: "avatars/none.png".into(), visibility: Visibility::Public };
    assert_eq!(read_streamed(store.as_ref(), &missing).await, None);

    for crafted in ["../private/x.pdf", "avatars/../../x", "", "/etc/passwd"] {
        let file = StoredFile { key: crafted.into(), visibility: Visibility::Public };
        assert!(store.read(&file).await.is_err(), "{crafted:?} is refused");
        assert!(store.open(&file).await.is_err() || store.open(&file).await.unwrap().is_none(), "{crafted:?} opens nothing");
    }
}

#[tokio::test]
async fn local_disk_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    keeps_files_apart_by_visibility_and_streams_them(Arc::new(LocalFileStore::new(dir.path()))).await;
}

#[tokio::test]
async fn an_s3_bucket_keeps_the_contract() {
    if let Some(bucket) = bucket() {
        keeps_files_apart_by_visibility_and_streams_them(Arc::new(bucket)).await;
    }
}

#[tokio::test]
async fn migration_copies_every_local_file_under_its_key_and_can_run_again() {
    let Some(bucket) = bucket() else { return };
    let dir = tempfile::tempdir().unwrap();
    let local = LocalFileStore::new(dir.path());
    let avatar = local.save("avatars", FileKind::Jpeg, Visibility::Public, b"jpeg".to_vec()).await.unwrap();
    let document = local.save("documents", FileKind::Pdf, Visibility::Private, b"pdf".to_vec()).await.unwrap();
    // A write cut short is not a file yet.
    std::fs::write(dir.path().join("media/avatars/cut.part"), b"half").unwrap();

    let mut heard = Vec::new();
    let first = copy_to_bucket(&local, &bucket, |file, done| heard.push((file.key.clone(), done))).await.unwrap();
    assert_eq!((first.copied, first.present), (2, 0));
    assert_eq!(heard.len(), 2);
    assert_eq!(heard.last().unwrap().1, 2);
    assert_eq!(bucket.read(&avatar).await.unwrap(), b"jpeg");
    assert_eq!(bucket.read(&document).await.unwrap(), b"pdf");
    assert!(read_streamed(&bucket, &StoredFile { key: document.key.clone(), visibility: Visibility::Public }).await.is_none());

    let again = copy_to_bucket(&local, &bucket, |_, _| {}).await.unwrap();
    assert_eq!((again.copied, again.present), (0, 2), "a second run copies nothing twice");
}
