//! Connecting to the store: SQLite (embedded default) or PostgreSQL, chosen by the URL.
//!
//! Both engines go through sqlx's `Any` driver with one SQL dialect subset (`$n` placeholders,
//! `RETURNING`, `ON CONFLICT`), so each repository is written once; each engine keeps its own
//! migrations, where the dialects differ (identity columns, triggers).

use std::num::NonZeroU32;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};
use thiserror::Error;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

#[derive(Debug, Error)]
pub enum DatabaseError {
    #[error("DATABASE_URL must start with sqlite: or postgres:, got {0:?}")]
    UnsupportedUrl(String),
    #[error("cannot connect to the database: {0}")]
    Connect(#[source] sqlx::Error),
    #[error("cannot migrate the database: {0}")]
    Migrate(#[source] sqlx::migrate::MigrateError),
}

/// A look at the connection pool (`Database::connections`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUsage {
    pub used: u32,
    pub idle: u32,
    pub max: u32,
}

/// A connection pool and the engine behind it.
#[derive(Clone, Debug)]
pub struct Database {
    pool: AnyPool,
    engine: Engine,
}

impl Database {
    /// The embedded default: `DATA_DIR/tutorhub.db`, created when missing.
    pub fn sqlite_url(data_dir: &Path) -> String {
        format!("sqlite://{}?mode=rwc", data_dir.join("tutorhub.db").display())
    }

    /// Connects without migrating, with the pool's default size (one or two connections per
    /// core, by where the database runs: docs/operations.md).
    ///
    /// # Errors
    /// `UnsupportedUrl` for other schemes, `Connect` when the database cannot be reached.
    pub async fn connect(url: &str) -> Result<Self, DatabaseError> {
        Self::connect_sized(url, None).await
    }

    /// As [`Database::connect`], with `connections` in the pool when given.
    ///
    /// # Errors
    /// As [`Database::connect`].
    pub async fn connect_sized(url: &str, connections: Option<NonZeroU32>) -> Result<Self, DatabaseError> {
        sqlx::any::install_default_drivers();
        let engine = if url.starts_with("sqlite:") {
            Engine::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Engine::Postgres
        } else {
            return Err(DatabaseError::UnsupportedUrl(url.split(':').next().unwrap_or_default().to_string()));
        };
        if let Some(path) = sqlite_file(url).filter(|_| engine == Engine::Sqlite) {
            create_private_database_file(&path).map_err(|e| DatabaseError::Connect(sqlx::Error::Io(e)))?;
        }
        let options = AnyConnectOptions::from_str(url).map_err(DatabaseError::Connect)?;
        let pool = match engine {
            Engine::Sqlite => sqlite_pool(),
            Engine::Postgres => postgres_pool(),
        }
        .max_connections(connections.map_or_else(|| default_connections(Host::of(engine, url)), NonZeroU32::get))
        .acquire_timeout(Duration::from_secs(10))
        // Every wait for a connection as a trace event (`sqlx::pool::acquire`), which the
        // server's metrics turn into `db_client_connection_wait_time_seconds`; nothing else
        // listens at that level, so elsewhere it costs a disabled callsite.
        .acquire_time_level(log::LevelFilter::Trace)
        .connect_with(options)
        .await
        .map_err(DatabaseError::Connect)?;
        Ok(Self { pool, engine })
    }

    /// Connects and brings the schema up to date.
    ///
    /// # Errors
    /// As [`Database::connect`], plus `Migrate`.
    pub async fn open(url: &str) -> Result<Self, DatabaseError> {
        Self::open_sized(url, None).await
    }

    /// As [`Database::open`], with `connections` in the pool when given.
    ///
    /// # Errors
    /// As [`Database::open`].
    pub async fn open_sized(url: &str, connections: Option<NonZeroU32>) -> Result<Self, DatabaseError> {
        let database = Self::connect_sized(url, connections).await?;
        database.migrate().await?;
        Ok(database)
    }

    /// Applies the engine's pending migrations.
    ///
    /// # Errors
    /// `Migrate` when a migration fails or an applied one was changed.
    pub async fn migrate(&self) -> Result<(), DatabaseError> {
        let migrator = match self.engine {
            Engine::Sqlite => &SQLITE_MIGRATIONS,
            Engine::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.map_err(DatabaseError::Migrate)
    }

    /// The pool's connections now: in use, idle, and the most it opens.
    #[must_use]
    pub fn connections(&self) -> PoolUsage {
        let open = self.pool.size();
        let idle = u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX);
        PoolUsage { used: open.saturating_sub(idle), idle, max: self.pool.options().get_max_connections() }
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Answers when the database takes a query.
    ///
    /// # Errors
    /// The driver's error when it does not.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The file a SQLite URL names; `None` for an in-memory database.
fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let in_memory = path.is_empty() || path == ":memory:" || query.split('&').any(|p| p == "mode=memory");
    (!in_memory).then(|| PathBuf::from(path))
}

/// Creates the database file as 0600 before SQLite opens it: SQLite would create it by the
/// umask (0644, world-readable: phones, password hashes), and it gives its `-wal` and `-shm`
/// files the database's own mode. A database left readable by an older version is tightened,
/// with those two files. A missing folder is left for the driver to report.
fn create_private_database_file(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, crate::files::local::PRIVATE_FILE_MODE);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            for suffix in ["", "-wal", "-shm"] {
                let mut name = path.as_os_str().to_owned();
                name.push(suffix);
                match crate::files::local::tighten(Path::new(&name)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                    _ => {}
                }
            }
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Connections in the pool unless `DATABASE_CONNECTIONS` says otherwise (measured in
/// docs/adr/0052-pools-memory-and-measuring.md).
///
/// - A database on this machine (SQLite, or PostgreSQL on a loopback address or a socket): one
///   per core, at least two. Each connection is a thread of sqlx's in this process (SQLite) or
///   a server process (PostgreSQL), and its queries are work on the cores the web server uses
///   (the data is in memory). One per core keeps the cores busy; two per core only shared
///   them, made the cold search mixes' slowest answers slower and, on SQLite, held memory
///   (each connection's page cache) better spent on the rows searches keep.
/// - PostgreSQL elsewhere: two per core, at least four, so queries stay in flight while
///   answers cross the network. About twice the cores is the sizing PostgreSQL's wiki and
///   HikariCP recommend; a database on a larger machine of its own may take more.
pub(crate) fn default_connections(host: Host) -> u32 {
    let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
    let (per_core, least) = match host {
        Host::ThisMachine => (1, 2),
        Host::Elsewhere => (2, 4),
    };
    u32::try_from(cores * per_core).unwrap_or(u32::MAX).max(least)
}

/// Where the database runs, as far as the pool's size goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Host {
    /// Sharing this machine's cores with the web server.
    ThisMachine,
    Elsewhere,
}

impl Host {
    /// SQLite's file is always on this machine; a PostgreSQL is when it is reached on a
    /// loopback address or through a Unix socket.
    fn of(engine: Engine, url: &str) -> Self {
        let local = match engine {
            Engine::Sqlite => true,
            Engine::Postgres => sqlx::postgres::PgConnectOptions::from_str(url).is_ok_and(|options| {
                let host = options.get_host();
                options.get_socket().is_some()
                    || host.starts_with('/')
                    || host == "localhost"
                    || host.trim_matches(['[', ']']).parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
            }),
        };
        if local { Self::ThisMachine } else { Self::Elsewhere }
    }
}

/// The SQLite pool. One writer at a time is SQLite's model; WAL lets readers go on meanwhile,
/// and the busy timeout queues writers instead of failing them. No ping before each use: it is
/// a round trip to the connection's thread (a few percent of a cold search's CPU, in thread
/// switches) checking a file this process holds open, which cannot go away as a database
/// server can. 2 MB of pages per connection, SQLite's default: the rows pages show are kept by
/// the search index, and the operating system caches the file for every connection at once.
fn sqlite_pool() -> AnyPoolOptions {
    AnyPoolOptions::new().min_connections(1).test_before_acquire(false).after_connect(|conn, _| {
        Box::pin(async move {
            conn.execute(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; \
                 PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY;",
            )
            .await?;
            Ok(())
        })
    })
}

/// The PostgreSQL pool. A connection idle for a second is pinged before it is lent (a server
/// restarted meanwhile is then noticed, and the pool connects again, unseen by the request);
/// one in steady use is not: sqlx's default pings before every use, one more network round
/// trip per query, and per version check of every hot page (sqlx documents this pattern).
fn postgres_pool() -> AnyPoolOptions {
    AnyPoolOptions::new().test_before_acquire(false).before_acquire(|conn, meta| {
        Box::pin(async move {
            if meta.idle_for >= PING_AFTER_IDLE {
                sqlx::Connection::ping(conn).await?;
            }
            Ok(true)
        })
    })
}

/// How long a PostgreSQL connection may sit idle before it is pinged on its next use.
const PING_AFTER_IDLE: Duration = Duration::from_secs(1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_file_of_a_sqlite_url() {
        let dir = Path::new("/srv/th");
        assert_eq!(sqlite_file(&Database::sqlite_url(dir)), Some(dir.join("tutorhub.db")));
        assert_eq!(sqlite_file("sqlite:relative.db"), Some(PathBuf::from("relative.db")));
        for memory in ["sqlite::memory:", "sqlite://x.db?mode=memory", "sqlite:"] {
            assert_eq!(sqlite_file(memory), None, "{memory}");
        }
    }

    #[test]
    fn a_database_on_a_loopback_address_or_a_socket_shares_this_machines_cores() {
        assert_eq!(Host::of(Engine::Sqlite, "sqlite://data/tutorhub.db"), Host::ThisMachine);
        for url in [
            "postgres://th@localhost/th",
            "postgres://th@127.0.0.1:15432/th",
            "postgresql://th@[::1]/th",
            "postgres://th@localhost/th?host=/var/run/postgresql",
            "postgres:///th?host=/tmp/pgsock",
        ] {
            assert_eq!(Host::of(Engine::Postgres, url), Host::ThisMachine, "{url}");
        }
        for url in ["postgres://th@db.internal/th", "postgres://th@10.0.0.5:5432/th", "postgres://th@[2001:db8::1]/th"] {
            assert_eq!(Host::of(Engine::Postgres, url), Host::Elsewhere, "{url}");
        }
    }

    #[tokio::test]
    async fn the_pool_has_its_default_size_unless_told_otherwise() {
        assert!(default_connections(Host::ThisMachine) >= 2);
        assert!(default_connections(Host::Elsewhere) >= 4);
        let dir = tempfile::tempdir().unwrap();
        let url = Database::sqlite_url(dir.path());
        let default = Database::connect(&url).await.unwrap();
        assert_eq!(default.pool().options().get_max_connections(), default_connections(Host::ThisMachine));
        let told = Database::connect_sized(&url, NonZeroU32::new(3)).await.unwrap();
        assert_eq!(told.pool().options().get_max_connections(), 3);
    }
}
