//! What the back office's list commands share: paging flags, keyed-value flags, tables that
//! stay aligned with Chinese text, and the JSON page shape of the API.

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use serde_json::json;
use tutorhub_domain::shared::keyed::Keyed;
use tutorhub_domain::shared::paging::{Page, PageRequest};

/// `--page` and `--per-page`.
#[derive(Debug, Clone, Args)]
pub struct Paging {
    /// Page number, from 1.
    #[arg(long, default_value_t = 1)]
    page: i64,
    /// Rows a page, 1 to 100.
    #[arg(long, default_value_t = PageRequest::DEFAULT_SIZE.into())]
    per_page: i64,
}

impl Paging {
    pub fn request(&self) -> anyhow::Result<PageRequest> {
        PageRequest::new(Some(self.page), Some(self.per_page)).map_err(|(field, _)| match field {
            "page" => anyhow::anyhow!("頁數須介乎 1 至 {}", PageRequest::MAX_PAGE),
            _ => anyhow::anyhow!("每頁數量須介乎 1 至 {}", PageRequest::MAX_SIZE),
        })
    }
}

/// A flag whose values are the stable keys of a domain enum (`individual`, `pending`, …);
/// `--help` lists them and clap refuses any other.
pub fn keyed<T: Keyed>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(T::all().iter().map(|v| v.key())).map(|chosen| T::parse(&chosen).expect("clap only passes listed values"))
}

/// `{items, total, page, pageSize}`, the shape of the API's pages.
pub fn page_json<T>(page: &Page<T>, item: impl Fn(&T) -> serde_json::Value) -> serde_json::Value {
    json!({
        "items": page.items.iter().map(item).collect::<Vec<_>>(),
        "total": page.total,
        "page": page.request.page(),
        "pageSize": page.request.page_size(),
    })
}

/// Prints one page as a table on stdout and its position on stderr.
pub fn print_page<T>(page: &Page<T>, noun: &str, headers: &[&str], row: impl Fn(&T) -> Vec<String>) {
    if page.items.is_empty() {
        eprintln!("no {noun} (total {})", page.total);
        return;
    }
    let rows: Vec<Vec<String>> = page.items.iter().map(row).collect();
    print!("{}", table(headers, &rows));
    eprintln!("{} of {} {noun} (page {})", page.items.len(), page.total, page.request.page());
}

/// Columns padded to the widest cell, counting CJK characters as two terminal columns.
pub fn table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = headers.iter().map(|h| width(h)).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            widths[i] = widths[i].max(width(cell));
        }
    }
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (i, cell) in cells.iter().enumerate() {
            out.push_str(cell);
            if i + 1 < cells.len() {
                out.push_str(&" ".repeat(widths[i] - width(cell) + 2));
            }
        }
        let mut out = out.trim_end().to_string();
        out.push('\n');
        out
    };
    let mut out = line(headers.to_vec());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

fn width(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

/// East Asian wide characters: CJK ideographs, punctuation and full-width forms.
fn is_wide(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{115F}' | '\u{2E80}'..='\u{A4CF}' | '\u{AC00}'..='\u{D7A3}' | '\u{F900}'..='\u{FAFF}' | '\u{FE30}'..='\u{FE4F}' | '\u{FF00}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFE6}' | '\u{20000}'..='\u{3FFFD}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_cells_keep_the_columns_aligned() {
        let rows = vec![vec!["陳大文".to_string(), "1001".to_string()], vec!["Mary".to_string(), "1002".to_string()]];
        assert_eq!(table(&["NAME", "NO"], &rows), "NAME    NO\n陳大文  1001\nMary    1002\n");
    }
}
