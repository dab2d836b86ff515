//! `report.md` and the self-contained `report.html`.

use std::fmt::Write as _;

use crate::chart::ChartFile;
use crate::input::{ReportInput, StandingRow};
use crate::text::{escape_html, escape_md, fmt_elo};

fn pct(v: f64) -> String {
    if v.is_finite() {
        format!("{:.1}%", v * 100.0)
    } else {
        "?".into()
    }
}

fn opt_pct(v: Option<f64>) -> String {
    v.map_or_else(|| "–".to_string(), pct)
}

fn elo_pm(r: &StandingRow) -> String {
    if r.elo_error95.is_finite() {
        format!("{} ± {:.0}", fmt_elo(r.elo), r.elo_error95.abs())
    } else {
        format!("{} ± ?", fmt_elo(r.elo))
    }
}

/// Columns of the standings table (same in Markdown and HTML).
const COLUMNS: [&str; 8] = [
    "Rank",
    "Engine",
    "Elo ± 95%",
    "Games",
    "W / D / L",
    "Score",
    "First-mover score",
    "LOS to next",
];

fn cells(r: &StandingRow) -> [String; 8] {
    [
        r.rank.to_string(),
        r.engine.clone(),
        elo_pm(r),
        r.games.to_string(),
        format!("{} / {} / {}", r.wins, r.draws, r.losses),
        pct(r.score),
        opt_pct(r.first_mover_score),
        opt_pct(r.los_next),
    ]
}

/// Makes a link target safe: percent-encodes characters that would break
/// Markdown/HTML and neutralises URL schemes (`javascript:` and the like).
fn safe_href(path: &str) -> String {
    let mut out = String::new();
    let has_scheme = path
        .split(['/', '\\'])
        .next()
        .is_some_and(|first| first.contains(':'));
    if has_scheme {
        out.push_str("./");
    }
    for c in path.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '(' => out.push_str("%28"),
            ')' => out.push_str("%29"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '|' => out.push_str("%7C"),
            '"' => out.push_str("%22"),
            '\'' => out.push_str("%27"),
            '\\' => out.push('/'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Markdown report; charts are referenced as `<id>.png` beside it.
pub(crate) fn markdown(input: &ReportInput, charts: &[ChartFile]) -> String {
    let mut s = String::new();
    let title = if input.title.trim().is_empty() {
        "gomoku-arena report"
    } else {
        input.title.as_str()
    };
    let _ = writeln!(s, "# {}\n", escape_md(title));

    if !input.config.is_empty() {
        s.push_str("## Configuration\n\n");
        for (k, v) in &input.config {
            let _ = writeln!(s, "- **{}**: {}", escape_md(k), escape_md(v));
        }
        s.push('\n');
    }

    s.push_str("## Standings\n\n");
    if input.standings.is_empty() {
        s.push_str("No rated games.\n\n");
    } else {
        let _ = writeln!(s, "| {} |", COLUMNS.join(" | "));
        s.push_str("|---:|:---|---:|---:|---:|---:|---:|---:|\n");
        for r in &input.standings {
            let row: Vec<String> = cells(r).iter().map(|c| escape_md(c)).collect();
            let _ = writeln!(s, "| {} |", row.join(" | "));
        }
        s.push_str(
            "\nElo: logistic scale (400·log10 of the odds), ± half-width of the 95% interval. \
             LOS: likelihood of superiority over the next engine.\n\n",
        );
    }

    if !charts.is_empty() {
        s.push_str("## Charts\n\n");
        for c in charts {
            let png = safe_href(&file_name(&c.png_path));
            let svg = safe_href(&file_name(&c.svg_path));
            let t = escape_md(&c.title);
            let _ = writeln!(s, "### {t}\n\n![{t}]({png})\n\n[SVG]({svg})\n");
        }
    }

    if !input.notable_games.is_empty() {
        s.push_str("## Notable games\n\n");
        for g in &input.notable_games {
            let _ = writeln!(s, "- [{}]({})", escape_md(&g.label), safe_href(&g.path));
        }
        s.push('\n');
    }
    s
}

const CSS: &str = "body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;\
color:#222;line-height:1.4}h1{border-bottom:2px solid #ddd;padding-bottom:.3em}\
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:.3em .6em}\
th{background:#f3f3f3}td.num{text-align:right;font-variant-numeric:tabular-nums}\
dl.config{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}\
dl.config dt{font-weight:bold}dl.config dd{margin:0}\
figure{margin:1.5em 0}figure svg{max-width:100%;height:auto;border:1px solid #eee}\
figcaption{color:#555;font-size:.9em}.note{color:#666;font-size:.9em}";

/// Self-contained HTML report with every chart's SVG inlined.
pub(crate) fn html(input: &ReportInput, charts: &[(ChartFile, String)]) -> String {
    let mut s = String::new();
    let title = escape_html(if input.title.trim().is_empty() {
        "gomoku-arena report"
    } else {
        input.title.as_str()
    });
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );

    if !input.config.is_empty() {
        s.push_str("<h2>Configuration</h2>\n<dl class=\"config\">\n");
        for (k, v) in &input.config {
            let _ = writeln!(s, "<dt>{}</dt><dd>{}</dd>", escape_html(k), escape_html(v));
        }
        s.push_str("</dl>\n");
    }

    s.push_str("<h2>Standings</h2>\n");
    if input.standings.is_empty() {
        s.push_str("<p>No rated games.</p>\n");
    } else {
        s.push_str("<table class=\"standings\">\n<thead><tr>");
        for c in COLUMNS {
            let _ = write!(s, "<th>{}</th>", escape_html(c));
        }
        s.push_str("</tr></thead>\n<tbody>\n");
        for r in &input.standings {
            s.push_str("<tr>");
            for (k, c) in cells(r).iter().enumerate() {
                let class = if k == 1 { "" } else { " class=\"num\"" };
                let _ = write!(s, "<td{class}>{}</td>", escape_html(c));
            }
            s.push_str("</tr>\n");
        }
        s.push_str(
            "</tbody>\n</table>\n<p class=\"note\">Elo: logistic scale (400·log10 of the odds), \
             ± half-width of the 95% interval. LOS: likelihood of superiority over the next \
             engine.</p>\n",
        );
    }

    if !charts.is_empty() {
        s.push_str("<h2>Charts</h2>\n");
        for (c, svg) in charts {
            let _ = writeln!(s, "<figure id=\"chart-{}\">", escape_html(&c.id));
            // plotters escapes text in its SVG output; refuse to inline
            // anything that would still contain active markup.
            let lower = svg.to_ascii_lowercase();
            if lower.contains("<script") || lower.contains("<foreignobject") {
                s.push_str("<p>(chart not inlined)</p>\n");
            } else {
                s.push_str(svg.trim());
                s.push('\n');
            }
            let _ = writeln!(
                s,
                "<figcaption>{} — <a href=\"{}\">SVG</a> · <a href=\"{}\">PNG</a></figcaption>\n</figure>",
                escape_html(&c.title),
                escape_html(&safe_href(&file_name(&c.svg_path))),
                escape_html(&safe_href(&file_name(&c.png_path))),
            );
        }
    }

    if !input.notable_games.is_empty() {
        s.push_str("<h2>Notable games</h2>\n<ul>\n");
        for g in &input.notable_games {
            let _ = writeln!(
                s,
                "<li><a href=\"{}\">{}</a></li>",
                escape_html(&safe_href(&g.path)),
                escape_html(&g.label)
            );
        }
        s.push_str("</ul>\n");
    }
    s.push_str("</body>\n</html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::safe_href;

    #[test]
    fn hrefs_are_neutralised() {
        assert_eq!(safe_href("games/a b.sgf"), "games/a%20b.sgf");
        assert_eq!(
            safe_href("javascript:alert(1)"),
            "./javascript:alert%281%29"
        );
        assert_eq!(safe_href("x\"><script>"), "x%22%3E%3Cscript%3E");
    }
}
