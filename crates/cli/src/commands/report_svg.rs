//! The report page's charts, drawn here as inline SVG: no script, nothing fetched, so the page
//! opens offline and prints as it shows. Each chart scales to its box (a `viewBox`, and CSS
//! width 100%), from a phone to a desktop; each bar carries a `<title>` with its exact count.

use std::fmt::Write;

use tutorhub_domain::reports::figures::Week;

/// The colours of the two series of the weekly trend.
pub const POSTED: &str = "#4e79a7";
pub const MATCHED: &str = "#f28e2b";

/// Text made safe in HTML and SVG, as content and in quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// At most `max` characters, the cut marked with an ellipsis: a long subject typed in free
/// text keeps its bar on the chart.
fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max - 1).collect();
    format!("{}…", cut.trim_end())
}

/// One horizontal bar: what it is, how long it is, and what is written after it.
pub struct Bar {
    pub label: String,
    pub value: u64,
    pub caption: String,
}

/// Horizontal bars, one a row, scaled to `scale` (the funnel: the cases posted) or to the
/// largest bar when that is larger.
pub fn horizontal_bars(title: &str, bars: &[Bar], scale: u64, colour: &str) -> String {
    // Narrower than the weekly chart: two of these sit side by side on a desktop, and their
    // labels stay legible on a phone.
    const WIDTH: f64 = 560.0;
    const LABEL: f64 = 210.0;
    const CAPTION: f64 = 105.0;
    const ROW: f64 = 30.0;
    let height = ROW * bars.len() as f64 + 10.0;
    let room = WIDTH - LABEL - CAPTION;
    let scale = scale.max(bars.iter().map(|bar| bar.value).max().unwrap_or(0)).max(1) as f64;
    let mut svg = open(title, WIDTH, height);
    for (row, bar) in bars.iter().enumerate() {
        let y = 5.0 + ROW * row as f64;
        let length = room * bar.value as f64 / scale;
        let (label, caption) = (escape(&short(&bar.label, 24)), escape(&bar.caption));
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{label}</text><rect x="{LABEL}" y="{:.1}" width="{length:.1}" height="{:.1}" rx="3" fill="{colour}"><title>{}: {caption}</title></rect><text x="{:.1}" y="{:.1}" class="value">{caption}</text>"#,
            LABEL - 8.0,
            y + 19.0,
            y + 4.0,
            ROW - 8.0,
            escape(&bar.label),
            LABEL + length + 6.0,
            y + 19.0,
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The weekly trend: for each week a bar of the cases posted and one of those matched, with
/// the counts on the left axis and the weeks' Mondays below (every few weeks when many).
pub fn weekly_bars(title: &str, weeks: &[Week]) -> String {
    const WIDTH: f64 = 640.0;
    const HEIGHT: f64 = 260.0;
    const LEFT: f64 = 40.0;
    const RIGHT: f64 = 10.0;
    const TOP: f64 = 34.0;
    const BOTTOM: f64 = 36.0;
    let (plot_width, plot_height) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let largest = weeks.iter().map(|week| week.posted.max(week.matched)).max().unwrap_or(0);
    // Four steps of whole cases up to at least the largest count.
    let step = largest.div_ceil(4).max(1);
    let top = (step * 4) as f64;
    let y = |count: u64| TOP + plot_height * (1.0 - count as f64 / top);
    let mut svg = open(title, WIDTH, HEIGHT);
    let _ = write!(
        svg,
        r#"<rect x="{LEFT}" y="6" width="12" height="12" fill="{POSTED}"/><text x="{:.1}" y="16">Posted</text><rect x="{:.1}" y="6" width="12" height="12" fill="{MATCHED}"/><text x="{:.1}" y="16">Matched</text>"#,
        LEFT + 18.0,
        LEFT + 90.0,
        LEFT + 108.0,
    );
    for tick in 0..=4 {
        let (count, at) = (step * tick, y(step * tick));
        let _ = write!(
            svg,
            r##"<line x1="{LEFT}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end" class="axis">{count}</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            at + 4.0,
        );
    }
    let slot = plot_width / weeks.len().max(1) as f64;
    let bar = slot * 0.36;
    let every = weeks.len().div_ceil(10).max(1);
    for (i, week) in weeks.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.12;
        let monday = week.starts_on.format("%Y-%m-%d");
        for (offset, count, colour, what) in [(0.0, week.posted, POSTED, "posted"), (bar + slot * 0.04, week.matched, MATCHED, "matched")] {
            let top_of_bar = y(count);
            let _ = write!(
                svg,
                r#"<rect x="{:.1}" y="{top_of_bar:.1}" width="{bar:.1}" height="{:.1}" fill="{colour}"><title>week of {monday}: {count} {what}</title></rect>"#,
                x + offset,
                TOP + plot_height - top_of_bar,
            );
        }
        if i % every == 0 {
            let _ = write!(
                svg,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" class="axis">{}</text>"#,
                LEFT + slot * (i as f64 + 0.5),
                HEIGHT - BOTTOM + 18.0,
                week.starts_on.format("%d %b"),
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

/// An SVG element of `width` × `height` units, named for screen readers.
fn open(title: &str, width: f64, height: f64) -> String {
    let title = escape(title);
    format!(r#"<svg viewBox="0 0 {width} {height:.0}" role="img" aria-label="{title}"><title>{title}</title>"#)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_everywhere_it_goes() {
        assert_eq!(escape(r#"<b>"Tom" & 'Jerry'</b>"#), "&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;");
        let bars = [Bar { label: "<script>".into(), value: 3, caption: "3 (50%)".into() }];
        let svg = horizontal_bars("A & B", &bars, 6, "#59a14f");
        assert!(svg.contains("&lt;script&gt;") && !svg.contains("<script>") && svg.contains("A &amp; B"), "{svg}");
        assert!(!svg.contains("http"), "no namespace or any other address: {svg}");
    }

    #[test]
    fn long_labels_are_cut_and_empty_charts_still_draw() {
        assert_eq!(short("Mathematics", 28), "Mathematics");
        assert_eq!(short("abcdefghij", 5), "abcd…");
        assert!(weekly_bars("Weekly", &[]).ends_with("</svg>"));
        assert!(horizontal_bars("None", &[], 0, "#000").ends_with("</svg>"));
    }
}
