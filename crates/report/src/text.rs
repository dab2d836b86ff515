//! Small text helpers: truncation, slugs, number formatting and escaping.

/// Shortens `s` to at most `max` characters, ending with an ellipsis when cut.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    let count = s.chars().count();
    if count <= max || max == 0 {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// File-name-safe lowercase slug (`[a-z0-9-]`, never empty).
pub(crate) fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("knob");
    }
    out
}

/// Compact number: integers without decimals, others with up to 3 decimals.
pub(crate) fn fmt_num(v: f64) -> String {
    if !v.is_finite() {
        return "?".into();
    }
    if v == v.trunc() && v.abs() < 1e15 {
        return format!("{v:.0}");
    }
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `+12 ± 5`; a zero half-width (no variance: every pair alike) is said as a degenerate
/// interval, as `gomoku_stats::fmt_elo_pm` says it (this crate knows no other).
pub(crate) fn fmt_elo_pm(v: f64, error95: f64) -> String {
    if error95 == 0.0 {
        format!("{} (degenerate interval: no variance)", fmt_elo(v))
    } else {
        format!("{} ± {:.0}", fmt_elo(v), error95.abs())
    }
}

/// Signed Elo with no decimals, `?` when not finite.
pub(crate) fn fmt_elo(v: f64) -> String {
    if v.is_finite() {
        let r = v.round();
        if r == 0.0 {
            "0".into()
        } else {
            format!("{r:+.0}")
        }
    } else {
        "?".into()
    }
}

/// Short human number: 1234 → `1.2k`, 3.4e6 → `3.4M`.
pub(crate) fn fmt_si(v: f64) -> String {
    let a = v.abs();
    let (d, suffix) = if a >= 1e9 {
        (1e9, "G")
    } else if a >= 1e6 {
        (1e6, "M")
    } else if a >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    if x.abs() >= 100.0 || x == x.trunc() {
        format!("{x:.0}{suffix}")
    } else {
        format!("{x:.1}{suffix}")
    }
}

/// Escapes `& < > " '` for HTML text and attribute values.
pub(crate) fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for a Markdown table cell or line: `\ | < > * _ [ ] `` ` ``
/// and turns newlines into spaces.
pub(crate) fn escape_md(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '*' | '_' | '[' | ']' | '`' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncates_with_ellipsis() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("abc", 4), "abc");
        assert_eq!(truncate("ééééé", 3), "éé…");
    }

    #[test]
    fn slugs_and_numbers() {
        assert_eq!(slug("Top N"), "top-n");
        assert_eq!(slug("??"), "knob");
        assert_eq!(fmt_num(3.0), "3");
        assert_eq!(fmt_num(0.25), "0.25");
        assert_eq!(fmt_elo(12.4), "+12");
        assert_eq!(fmt_elo(-0.2), "0");
        assert_eq!(fmt_si(1_234_567.0), "1.2M");
        assert_eq!(fmt_si(950.0), "950");
        assert_eq!(fmt_si(10_000.0), "10k");
        assert_eq!(fmt_si(2_500.0), "2.5k");
    }

    #[test]
    fn escapes() {
        assert_eq!(
            escape_html("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
        );
        assert_eq!(escape_md("a|b<c"), "a\\|b&lt;c");
    }
}
