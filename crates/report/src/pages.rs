//! `report.md` and the self-contained `report.html`.

use std::fmt::Write as _;

use crate::chart::ChartFile;
use crate::input::{GameEnd, HeadToHead, ReportInput, StandingRow};
use crate::text::{escape_html, escape_md, fmt_elo, fmt_elo_pm, fmt_num};

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
        fmt_elo_pm(r.elo, r.elo_error95)
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

/// One cell of the head-to-head matrix, in words: score, points over games, CFS.
struct MatrixCell {
    /// Row's score against the column, e.g. `65.0%`.
    score: Option<f64>,
    /// `6.5/10`.
    points: String,
    /// `CFS 87%`.
    cfs: Option<String>,
}

/// Ordo's CFS as a whole percentage, as Ordo prints it.
fn cfs_text(v: f64) -> String {
    format!("CFS {:.0}%", v * 100.0)
}

/// A row of the head-to-head matrix: name, Elo, cells.
type MatrixRow = (String, String, Vec<Option<MatrixCell>>);

/// The matrix's rows: name, Elo from the standings, and the cells against every column.
fn matrix(input: &ReportInput) -> Option<(&HeadToHead, Vec<MatrixRow>)> {
    let h = input.head_to_head.as_ref()?;
    if h.names.len() < 2 {
        return None;
    }
    let los = input.superiority.as_ref().map(|s| &s.los);
    let rows = h
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let elo = input
                .standings
                .iter()
                .find(|r| &r.engine == name)
                .map_or_else(|| "?".to_string(), |r| fmt_elo(r.elo));
            let cells = (0..h.names.len())
                .map(|j| {
                    if i == j {
                        return None;
                    }
                    let games = h.games.get(i).and_then(|r| r.get(j)).copied().unwrap_or(0);
                    let score = h
                        .scores
                        .get(i)
                        .and_then(|r| r.get(j))
                        .copied()
                        .flatten()
                        .filter(|v| v.is_finite());
                    let points = match score {
                        Some(v) if games > 0 => {
                            let p = (v * f64::from(games) * 2.0).round() / 2.0;
                            format!("{}/{games}", fmt_num(p))
                        }
                        _ => "no games".to_string(),
                    };
                    let cfs = los
                        .and_then(|l| l.get(i)?.get(j).copied().flatten())
                        .filter(|v| v.is_finite())
                        .map(cfs_text);
                    Some(MatrixCell {
                        score: score.filter(|_| games > 0),
                        points,
                        cfs,
                    })
                })
                .collect();
            (name.clone(), elo, cells)
        })
        .collect();
    Some((h, rows))
}

/// The note under the matrix.
fn matrix_note(input: &ReportInput) -> String {
    let mut s = "Rows and columns are the players by rating; a cell is the row player's \
                 score against the column player, its points over games"
        .to_string();
    match &input.superiority {
        Some(sup) => {
            s.push_str(", and CFS, the likelihood that the row player is the stronger (as Ordo's -j and -c print it)");
            if !sup.method.trim().is_empty() {
                s.push_str(": ");
                s.push_str(&sup.method);
            }
        }
        None => s.push_str(" (no likelihood of superiority given)"),
    }
    s.push('.');
    s
}

/// Forfeits by player: counts in the order of [`GameEnd::FORFEITS`] and the total.
fn forfeit_rows(input: &ReportInput) -> Vec<(String, [u32; 5], u32)> {
    let mut rows: Vec<(String, [u32; 5], u32)> = Vec::new();
    for f in &input.forfeits {
        let Some(k) = GameEnd::FORFEITS.iter().position(|&r| r == f.reason) else {
            continue;
        };
        let at = match rows.iter().position(|r| r.0 == f.player) {
            Some(at) => at,
            None => {
                rows.push((f.player.clone(), [0; 5], 0));
                rows.len() - 1
            }
        };
        rows[at].1[k] += f.games;
        rows[at].2 += f.games;
    }
    // Players in standings order, then any other.
    let rank = |name: &str| {
        input
            .standings
            .iter()
            .position(|r| r.engine == name)
            .unwrap_or(usize::MAX)
    };
    rows.sort_by_key(|r| rank(&r.0));
    rows
}

/// Whether the report has a forfeits section: forfeits, or games to say there were none.
fn has_forfeits_section(input: &ReportInput) -> bool {
    !input.forfeits.is_empty() || input.games.as_ref().is_some_and(|g| !g.games.is_empty())
}

const NO_FORFEITS: &str =
    "No game was lost by a forfeit (crash, time, illegal move, garbage answer or forbidden move).";

/// The report's title: the input's, or a default when it has none.
fn title(input: &ReportInput) -> &str {
    if input.title.trim().is_empty() {
        "gomoku-arena report"
    } else {
        input.title.as_str()
    }
}

/// Markdown report; charts are referenced as `<id>.png` beside it.
pub(crate) fn markdown(input: &ReportInput, charts: &[ChartFile]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {}\n", escape_md(title(input)));

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

    if let Some((h, rows)) = matrix(input) {
        s.push_str("## Head-to-head\n\n| # | Player | Elo |");
        for j in 1..=h.names.len() {
            let _ = write!(s, " {j} |");
        }
        s.push_str("\n|---:|:---|---:|");
        s.push_str(&"---:|".repeat(h.names.len()));
        s.push('\n');
        for (i, (name, elo, cells)) in rows.iter().enumerate() {
            let _ = write!(s, "| {} | {} | {} |", i + 1, escape_md(name), elo);
            for c in cells {
                match c {
                    None => s.push_str(" – |"),
                    Some(c) => {
                        let score = c.score.map_or_else(|| "–".to_string(), pct);
                        let cfs = c.cfs.as_ref().map(|t| format!(", {t}")).unwrap_or_default();
                        let _ = write!(s, " {score} ({}{cfs}) |", c.points);
                    }
                }
            }
            s.push('\n');
        }
        let _ = writeln!(s, "\n{}\n", escape_md(&matrix_note(input)));
    }

    if has_forfeits_section(input) {
        s.push_str("## Forfeits\n\n");
        let rows = forfeit_rows(input);
        if rows.is_empty() {
            let _ = writeln!(s, "{NO_FORFEITS}\n");
        } else {
            s.push_str("| Player |");
            for r in GameEnd::FORFEITS {
                let _ = write!(s, " {} |", r.short());
            }
            s.push_str(" total |\n|:---|---:|---:|---:|---:|---:|---:|\n");
            for (player, counts, total) in &rows {
                let _ = write!(s, "| {} |", escape_md(player));
                for c in counts {
                    let _ = write!(s, " {c} |");
                }
                let _ = writeln!(s, " {total} |");
            }
            s.push_str(
                "\nGames lost by the player's fault, by reason; they count in the standings as \
                 the losses they are.\n\n",
            );
        }
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
    if let Some(g) = input.games.as_ref().filter(|g| !g.games.is_empty()) {
        let _ = writeln!(
            s,
            "## Games\n\nreport.html shows each of the {} games on a board, move by move.\n",
            g.games.len()
        );
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
figcaption{color:#555;font-size:.9em}.note{color:#666;font-size:.9em}\
table.matrix td.cell{text-align:center;font-variant-numeric:tabular-nums;min-width:5.5em}\
table.matrix td.cell span{display:block}table.matrix .pts,table.matrix .cfs{font-size:.8em}\
table.matrix td.self{background:#eee;text-align:center;color:#888}";

/// Self-contained HTML report with every chart's SVG inlined.
pub(crate) fn html(input: &ReportInput, charts: &[(ChartFile, String)]) -> String {
    let mut s = String::new();
    let title = escape_html(title(input));
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{CSS}{}</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        crate::viewer::CSS
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

    if let Some((h, rows)) = matrix(input) {
        s.push_str(
            "<h2 id=\"head-to-head\">Head-to-head</h2>\n<table class=\"matrix\">\n<thead><tr>\
             <th>#</th><th>Player</th><th>Elo</th>",
        );
        for (j, name) in h.names.iter().enumerate() {
            let _ = write!(s, "<th title=\"{}\">{}</th>", escape_html(name), j + 1);
        }
        s.push_str("</tr></thead>\n<tbody>\n");
        for (i, (name, elo, cells)) in rows.iter().enumerate() {
            let _ = write!(
                s,
                "<tr><th>{}</th><td>{}</td><td class=\"num\">{}</td>",
                i + 1,
                escape_html(name),
                escape_html(elo)
            );
            for (j, c) in cells.iter().enumerate() {
                match c {
                    None => s.push_str("<td class=\"self\">–</td>"),
                    Some(c) => {
                        let style = c.score.map_or_else(String::new, |v| {
                            let rgb = crate::style::score_color(v);
                            let (r, g, b) = (rgb.0, rgb.1, rgb.2);
                            let text = if (v - 0.5).abs() > 0.3 {
                                "#fff"
                            } else {
                                "#111"
                            };
                            format!(" style=\"background:#{r:02x}{g:02x}{b:02x};color:{text}\"")
                        });
                        let score = c.score.map_or_else(|| "–".to_string(), pct);
                        let cfs = c
                            .cfs
                            .as_ref()
                            .map(|t| format!("<span class=\"cfs\">{}</span>", escape_html(t)))
                            .unwrap_or_default();
                        let _ = write!(
                            s,
                            "<td class=\"cell\"{style} title=\"{} vs {}\"><span class=\"sc\">{score}</span>\
                             <span class=\"pts\">{}</span>{cfs}</td>",
                            escape_html(name),
                            escape_html(&h.names[j]),
                            escape_html(&c.points)
                        );
                    }
                }
            }
            s.push_str("</tr>\n");
        }
        let _ = writeln!(
            s,
            "</tbody>\n</table>\n<p class=\"note\">{}</p>",
            escape_html(&matrix_note(input))
        );
    }

    if has_forfeits_section(input) {
        s.push_str("<h2 id=\"forfeits\">Forfeits</h2>\n");
        let rows = forfeit_rows(input);
        if rows.is_empty() {
            let _ = writeln!(s, "<p>{NO_FORFEITS}</p>");
        } else {
            s.push_str("<table class=\"forfeits\">\n<thead><tr><th>Player</th>");
            for r in GameEnd::FORFEITS {
                let _ = write!(s, "<th title=\"{}\">{}</th>", r.words(), r.short());
            }
            s.push_str("<th>total</th></tr></thead>\n<tbody>\n");
            for (player, counts, total) in &rows {
                let _ = write!(s, "<tr><td>{}</td>", escape_html(player));
                for c in counts {
                    let _ = write!(s, "<td class=\"num\">{c}</td>");
                }
                let _ = writeln!(s, "<td class=\"num\">{total}</td></tr>");
            }
            s.push_str(
                "</tbody>\n</table>\n<p class=\"note\">Games lost by the player's fault, by \
                 reason; they count in the standings as the losses they are.</p>\n",
            );
        }
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

    let viewer = input.games.as_ref().filter(|g| !g.games.is_empty());
    if !input.notable_games.is_empty() {
        s.push_str("<h2>Notable games</h2>\n<ul>\n");
        for g in &input.notable_games {
            let view = match (g.game, viewer) {
                (Some(n), Some(v)) if v.games.iter().any(|r| r.number == n) => {
                    format!(" (<a href=\"#game-{n}\">view</a>)")
                }
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "<li><a href=\"{}\">{}</a>{view}</li>",
                escape_html(&safe_href(&g.path)),
                escape_html(&g.label)
            );
        }
        s.push_str("</ul>\n");
    }
    if let Some(g) = viewer {
        s.push_str(&crate::viewer::section(g));
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
