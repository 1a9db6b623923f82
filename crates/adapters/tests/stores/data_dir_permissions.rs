//! The data folder is private to the server's user: every folder tutorhub creates in it is
//! 0700 and every file 0600, whatever the umask (usually 022, which gives 0755 and 0644), and a
//! folder left readable by an older version is tightened on start.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use tutorhub_adapters::files::local::{PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, secure_data_dir};
use tutorhub_adapters::security::jwt::load_or_create_secret;
use tutorhub_adapters::{Database, LocalFileStore, Outbox};
use tutorhub_domain::shared::files::{FileStore, Visibility};
use tutorhub_domain::shared::identity::{Email, Phone};
use tutorhub_domain::shared::messaging::{Mailer, SmsSender};
use tutorhub_domain::shared::upload::FileKind;

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path).unwrap().permissions().mode() & 0o777
}

/// Every path under `root`, `root` included.
fn everything(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![root.to_path_buf()];
    if root.is_dir() {
        for entry in std::fs::read_dir(root).unwrap() {
            out.extend(everything(&entry.unwrap().path()));
        }
    }
    out
}

fn assert_private(root: &Path) {
    for path in everything(root) {
        let want = if path.is_dir() { PRIVATE_DIR_MODE } else { PRIVATE_FILE_MODE };
        assert_eq!(mode(&path), want, "{} is {:o}", path.display(), mode(&path));
    }
}

/// What a server writes on its first day: database, outboxes, uploads, the generated secret.
async fn use_everything(data: &Path) -> Database {
    let database = Database::open(&Database::sqlite_url(data)).await.unwrap();
    let phone = Phone::parse("91234567").unwrap();
    Outbox::sms(data).send_sms(&phone, "【tutorhub】驗證碼：123456").await.unwrap();
    Outbox::mail(data).send_mail(&Email::parse("a@example.com").unwrap(), "重設密碼", "連結").await.unwrap();
    let files = LocalFileStore::new(data);
    files.save("avatars", FileKind::Png, Visibility::Public, b"png".to_vec()).await.unwrap();
    files.save("documents", FileKind::Pdf, Visibility::Private, b"pdf".to_vec()).await.unwrap();
    load_or_create_secret(None, data).unwrap();
    database
}

#[tokio::test]
async fn a_fresh_data_folder_holds_only_private_folders_and_files() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    secure_data_dir(&data).unwrap();
    let database = use_everything(&data).await;
    // While the pool is open SQLite keeps its -wal and -shm files beside the database.
    for name in ["tutorhub.db", "tutorhub.db-wal", "tutorhub.db-shm", "outbox/sms.jsonl", "outbox/mail.jsonl", "jwt-secret"] {
        assert!(data.join(name).exists(), "{name} was not created");
    }
    assert_eq!(everything(&data.join("media/avatars")).len(), 2);
    assert_eq!(everything(&data.join("private/documents")).len(), 2);
    assert_private(&data);
    database.close().await;
}

#[tokio::test]
async fn a_data_folder_left_readable_by_an_older_version_is_tightened_on_start() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    use_everything(&data).await.close().await;
    for path in everything(&data) {
        let loose = if path.is_dir() { 0o755 } else { 0o644 };
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(loose)).unwrap();
    }
    // Each part tightens its own files as it opens them…
    let database = Database::open(&Database::sqlite_url(&data)).await.unwrap();
    assert_eq!(mode(&data.join("tutorhub.db")), PRIVATE_FILE_MODE);
    load_or_create_secret(None, &data).unwrap();
    assert_eq!(mode(&data.join("jwt-secret")), PRIVATE_FILE_MODE);
    // …and the start-up pass takes care of the rest.
    secure_data_dir(&data).unwrap();
    assert_private(&data);
    database.close().await;
}

#[test]
fn a_symbolic_link_in_the_data_folder_is_neither_followed_nor_changed() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    secure_data_dir(&data).unwrap();
    // Someone else's file, readable by all, linked from inside the data folder.
    let outside = root.path().join("shared.txt");
    std::fs::write(&outside, "shared").unwrap();
    std::fs::set_permissions(&outside, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::os::unix::fs::symlink(&outside, data.join("link")).unwrap();
    // A named pipe and a file without read permission are tightened by their path, and the walk
    // does not wait on the pipe.
    let pipe = data.join("pipe");
    assert!(std::process::Command::new("mkfifo").arg("-m").arg("0666").arg(&pipe).status().unwrap().success());
    let unreadable = data.join("unreadable");
    std::fs::write(&unreadable, "x").unwrap();
    std::fs::set_permissions(&unreadable, std::fs::Permissions::from_mode(0o222)).unwrap();

    secure_data_dir(&data).unwrap();
    assert_eq!(mode(&outside), 0o644);
    assert_eq!(mode(&pipe), 0o600);
    assert_eq!(mode(&unreadable), 0o200);
}
