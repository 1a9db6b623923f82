//! Small helpers for writing one SQL text that both engines run.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyPool, Arguments};
use tutorhub_domain::shared::paging::{Page, PageRequest};
use tutorhub_domain::shared::storage::{Constraint, RepositoryError};

/// A value to bind: the only two types our columns use.
#[derive(Debug, Clone)]
pub enum Value {
    Text(String),
    Int(i64),
}

/// A WHERE clause assembled condition by condition, with numbered `$n` placeholders.
#[derive(Debug, Default, Clone)]
pub struct Conditions {
    clauses: Vec<String>,
    values: Vec<Value>,
}

impl Conditions {
    /// The next placeholder, bound to `value`.
    pub fn bind(&mut self, value: Value) -> String {
        self.values.push(value);
        format!("${}", self.values.len())
    }

    /// `column op $n`.
    pub fn push(&mut self, column: &str, op: &str, value: Value) {
        let placeholder = self.bind(value);
        self.clauses.push(format!("{column} {op} {placeholder}"));
    }

    /// `column IN ($n, …)`; nothing when `values` is empty (no limit).
    pub fn push_in(&mut self, column: &str, values: &[String]) {
        if values.is_empty() {
            return;
        }
        let list = self.list(values);
        self.clauses.push(format!("{column} IN ({list})"));
    }

    /// `$n, $n+1, …` for each value.
    pub fn list(&mut self, values: &[String]) -> String {
        values.iter().map(|v| self.bind(Value::Text(v.clone()))).collect::<Vec<_>>().join(", ")
    }

    /// A raw clause whose placeholders came from [`Conditions::bind`] or [`Conditions::list`].
    pub fn push_raw(&mut self, clause: String) {
        self.clauses.push(clause);
    }

    pub fn where_sql(&self) -> String {
        if self.clauses.is_empty() { String::new() } else { format!(" WHERE {}", self.clauses.join(" AND ")) }
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// Binds values in order to a query.
pub fn bind_all<'q>(sql: &'q str, values: &[Value]) -> Query<'q, Any, AnyArguments<'q>> {
    let mut args = AnyArguments::default();
    for value in values {
        // Encoding a String or i64 into AnyArguments cannot fail.
        let _ = match value {
            Value::Text(text) => args.add(text.clone()),
            Value::Int(int) => args.add(*int),
        };
    }
    sqlx::query_with(sql, args)
}

/// One page of `SELECT columns FROM from WHERE … ORDER BY order_by`, with the exact total of
/// matches (a `COUNT(*)` under the same conditions; the page query is skipped past the end).
///
/// # Errors
/// `Unavailable` when the store fails or a row cannot be read.
pub async fn fetch_page<T>(
    pool: &AnyPool,
    (columns, from, order_by): (&str, &str, &str),
    mut conditions: Conditions,
    page: PageRequest,
    read: impl Fn(&AnyRow) -> Result<T, RepositoryError>,
) -> Result<Page<T>, RepositoryError> {
    let where_sql = conditions.where_sql();
    let count_sql = format!("SELECT COUNT(*) FROM {from}{where_sql}");
    let row = bind_all(&count_sql, conditions.values()).fetch_one(pool).await.map_err(repository_error)?;
    let total: i64 = sqlx::Row::try_get(&row, 0).map_err(repository_error)?;
    let total = u64::try_from(total).unwrap_or_default();
    if total == 0 || page.offset() >= total {
        return Ok(Page { items: Vec::new(), total, request: page });
    }
    let limit = conditions.bind(Value::Int(page.page_size().into()));
    let offset = conditions.bind(Value::Int(i64::try_from(page.offset()).unwrap_or(i64::MAX)));
    let list_sql = format!("SELECT {columns} FROM {from}{where_sql} ORDER BY {order_by} LIMIT {limit} OFFSET {offset}");
    let rows = bind_all(&list_sql, conditions.values()).fetch_all(pool).await.map_err(repository_error)?;
    let items = rows.iter().map(read).collect::<Result<Vec<_>, _>>()?;
    Ok(Page { items, total, request: page })
}

/// Escapes `%`, `_` and `\` for a `LIKE … ESCAPE '\'` pattern.
pub fn like_pattern(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('%');
    for ch in text.to_lowercase().chars() {
        if matches!(ch, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('%');
    out
}

/// Translates a driver error into the port's terms.
pub fn repository_error(error: sqlx::Error) -> RepositoryError {
    match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => match broken_constraint(db.as_ref()) {
            Some(constraint) => RepositoryError::Conflict(constraint),
            // A unique rule the domain does not name (an id or a token digest): a bug, not a race.
            None => RepositoryError::Unavailable(Box::new(error)),
        },
        _ => RepositoryError::Unavailable(Box::new(error)),
    }
}

/// Which business rule a unique violation broke. PostgreSQL names the constraint or index;
/// SQLite names the columns in its message.
fn broken_constraint(db: &dyn sqlx::error::DatabaseError) -> Option<Constraint> {
    let named = match db.constraint() {
        Some(name) => name,
        None => db.message().strip_prefix("UNIQUE constraint failed: ")?,
    };
    Some(match named {
        "users_phone_key" | "users.phone" => Constraint::UserPhone,
        "users_email_key" | "users.email" => Constraint::UserEmail,
        "tutor_applications_one_pending" | "tutor_applications.user_id" => Constraint::PendingTutorApplication,
        "case_applications_one_per_tutor" | "case_applications.case_number, case_applications.tutor_id" => {
            Constraint::ApplicationPerTutorAndCase
        }
        "bookings_one_pending" | "bookings.tutor_id, bookings.user_id" => Constraint::PendingBooking,
        "reviews_one_per_author_and_tutor" | "reviews.tutor_id, reviews.author_id" => Constraint::ReviewPerAuthorAndTutor,
        "lessons_one_per_start" | "lessons.arrangement_id, lessons.starts_at" => Constraint::LessonPerStart,
        "invoice_lines_in_order" | "invoice_lines.invoice_id, invoice_lines.seq" => Constraint::LedgerLineNumber,
        "invoice_lines_once" | "invoice_lines.line_key" => Constraint::LedgerLineKey,
        _ => return None,
    })
}

/// A row held something the domain cannot read: a bug or a hand-edited database.
pub fn corrupt(what: impl Into<String>) -> RepositoryError {
    RepositoryError::Unavailable(what.into().into())
}

pub fn millis(time: chrono::DateTime<chrono::Utc>) -> i64 {
    time.timestamp_millis()
}

pub fn from_millis(ms: i64) -> Result<chrono::DateTime<chrono::Utc>, RepositoryError> {
    chrono::DateTime::from_timestamp_millis(ms).ok_or_else(|| corrupt(format!("bad timestamp {ms}")))
}
