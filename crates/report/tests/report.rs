//! End-to-end tests of gomoku-report: plotted numbers equal the input
//! statistics, files are well-formed SVG/PNG, HTML is escaped, empty input
//! is fine.

use gomoku_testdata::ScratchDir;
use std::collections::BTreeSet;
use std::path::Path;

use gomoku_report::*;

const HOSTILE: &str = "<script>alert(1)</script>";

/// Fresh, empty directory under the system temp dir (removed when the test passes).
fn temp_dir(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("report-test-{name}"))
}

fn row(rank: u32, engine: &str, elo: f64, err: f64) -> StandingRow {
    StandingRow {
        rank,
        engine: engine.into(),
        elo,
        elo_error95: err,
        games: 100,
        wins: 50,
        draws: 10,
        losses: 40,
        score: 0.55,
        first_mover_score: Some(0.6),
        los_next: Some(0.8),
    }
}

fn full_input() -> ReportInput {
    let names = ["alpha-d4", "alpha-d3", "a|b pipe", "random"];
    let elos = [150.0, 60.0, -20.0, -190.0];
    let standings = names
        .iter()
        .enumerate()
        .map(|(i, n)| row(i as u32 + 1, n, elos[i], 30.0 + i as f64))
        .collect();
    let n = names.len();
    let mut scores = vec![vec![None; n]; n];
    let mut games = vec![vec![0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && (i, j) != (0, 3) && (i, j) != (3, 0) {
                scores[i][j] = Some(0.1 + 0.05 * (i * n + j) as f64);
                games[i][j] = 20 + (i + j) as u32;
            }
        }
    }
    ReportInput {
        title: "test run".into(),
        config: vec![
            ("board".into(), "15x15".into()),
            ("seed".into(), "1".into()),
        ],
        standings,
        head_to_head: Some(HeadToHead {
            names: names.iter().map(|s| s.to_string()).collect(),
            scores,
            games,
        }),
        sweeps: vec![
            Sweep {
                knob: "depth".into(),
                unit: Some("plies".into()),
                points: [(3.0, 10.0), (1.0, -100.0), (2.0, -40.0)]
                    .iter()
                    .map(|(x, e)| SweepPoint {
                        x: SweepX::Value(*x),
                        elo: *e,
                        elo_error95: 20.0,
                    })
                    .collect(),
            },
            Sweep {
                knob: "table".into(),
                unit: None,
                points: ["base", "tuned", "flat"]
                    .iter()
                    .enumerate()
                    .map(|(k, t)| SweepPoint {
                        x: SweepX::Category(t.to_string()),
                        elo: k as f64 * 10.0,
                        elo_error95: f64::NAN,
                    })
                    .collect(),
            },
        ],
        sprt: Some(SprtTrace {
            label: "new vs base".into(),
            points: (1..=50).map(|k| (k * 10, k as f64 * 0.07 - 0.5)).collect(),
            lower: -2.94,
            upper: 2.94,
            elo0: 0.0,
            elo1: 5.0,
            unit: "nElo".into(),
            decision: SprtDecision::AcceptH1,
        }),
        tuning: Some(TuningHistory {
            loss_name: "mean squared error".into(),
            steps: (0..20)
                .map(|i| TuningStep {
                    iteration: i * 2,
                    loss: Some(0.2 - f64::from(i) * 0.005),
                    elo: (i % 4 == 0).then_some(f64::from(i) * 5.0),
                    elo_error95: Some(15.0),
                })
                .collect(),
            patterns: vec![
                PatternTrajectory {
                    name: "five".into(),
                    scores: (0..20).map(|i| 10_000.0 + f64::from(i)).collect(),
                },
                PatternTrajectory {
                    name: "open two".into(),
                    scores: (0..20).map(|i| 10.0 + f64::from(i)).collect(),
                },
            ],
            parameters: false,
        }),
        game_lengths: (0..300).map(|k| 9 + (k * 37 % 101) as u32).collect(),
        openings: (0..10)
            .map(|k| {
                let score = (k as f64 * 0.37) % 1.0;
                OpeningScore {
                    opening: format!("opening {k}"),
                    score,
                    games: 10 + k,
                    interval: Some(((score - 0.1).max(0.0), (score + 0.1).min(1.0))),
                }
            })
            .collect(),
        speed: names
            .iter()
            .enumerate()
            .map(|(i, n)| EngineSpeed {
                engine: n.to_string(),
                nodes_per_sec_median: 1e6 / (i + 1) as f64,
                mean_depth: 5.0 - i as f64,
                nps_samples: if i == 0 {
                    vec![1.0, 2.0, 3.0, 4.0, 5.0]
                } else {
                    vec![]
                },
                depth_samples: if i == 1 {
                    vec![3.0, 4.0, 4.0, 5.0, 6.0]
                } else {
                    vec![]
                },
            })
            .collect(),
        notable_games: vec![GameLink {
            label: "longest game".into(),
            path: "games/longest game.sgf".into(),
            game: Some(2),
        }],
        superiority: Some(Superiority {
            names: names.iter().map(|s| s.to_string()).collect(),
            los: (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| (i != j).then_some(if i < j { 0.9 } else { 0.1 }))
                        .collect()
                })
                .collect(),
            method: "test numbers".into(),
        }),
        draw_lengths: Some(
            (0..300)
                .filter(|k| k % 10 == 0)
                .map(|k| 9 + (k * 37 % 101) as u32)
                .collect(),
        ),
        forfeits: vec![
            ForfeitCount {
                player: "random".into(),
                reason: GameEnd::TimeForfeit,
                games: 2,
            },
            ForfeitCount {
                player: "random".into(),
                reason: GameEnd::Crash,
                games: 1,
            },
            ForfeitCount {
                player: "alpha-d3".into(),
                reason: GameEnd::Garbage,
                games: 4,
            },
        ],
        games: Some(GameRecords {
            width: 15,
            height: 15,
            k: 5,
            rule: "freestyle".into(),
            games: vec![
                GameRecord {
                    number: 1,
                    black: "alpha-d4".into(),
                    white: "random".into(),
                    opening: "#1".into(),
                    opening_moves: vec![[7, 7], [8, 8], [6, 8]],
                    moves: vec![[7, 8], [7, 6], [5, 9]],
                    result: Outcome::White,
                    end: GameEnd::TimeForfeit,
                },
                GameRecord {
                    number: 2,
                    black: "random".into(),
                    white: "alpha-d4".into(),
                    opening: "#1".into(),
                    opening_moves: vec![[7, 7]],
                    moves: vec![
                        [0, 0],
                        [8, 7],
                        [0, 1],
                        [9, 7],
                        [0, 2],
                        [10, 7],
                        [0, 3],
                        [11, 7],
                    ],
                    result: Outcome::White,
                    end: GameEnd::Five,
                },
            ],
        }),
    }
}

/// Minimal well-formedness check: root `<svg`, balanced tags, no raw `<`
/// in text.
fn check_svg(path: &Path, size: (u32, u32)) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let t = text.trim();
    assert!(t.starts_with("<svg"), "{}: no root <svg", path.display());
    assert!(
        t.ends_with("</svg>"),
        "{}: does not end with </svg>",
        path.display()
    );
    assert!(
        t.contains(&format!("width=\"{}\" height=\"{}\"", size.0, size.1)),
        "{}: size attributes",
        path.display()
    );
    let mut stack: Vec<String> = Vec::new();
    let mut rest = t;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unterminated tag") + start;
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "raw < inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().expect("closing tag without opening");
            assert_eq!(open, name.trim(), "{}: mismatched tags", path.display());
        } else if !tag.ends_with('/') && !tag.starts_with('?') && !tag.starts_with('!') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "{}: unclosed {stack:?}", path.display());
    text
}

/// PNG signature, IHDR width/height and a plausible file size.
fn check_png(path: &Path, size: (u32, u32)) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(
        &bytes[..8],
        b"\x89PNG\r\n\x1a\n",
        "{}: signature",
        path.display()
    );
    assert_eq!(&bytes[12..16], b"IHDR", "{}: first chunk", path.display());
    let w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(bytes[20..24].try_into().unwrap());
    assert_eq!((w, h), size, "{}: IHDR size", path.display());
    assert!(
        bytes.len() > 5_000 && bytes.len() < 2_000_000,
        "{}: implausible size {}",
        path.display(),
        bytes.len()
    );
}

fn chart<'a>(files: &'a ReportFiles, id: &str) -> &'a ChartFile {
    files
        .charts
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("chart {id} missing"))
}

#[test]
fn full_report_plots_the_input_and_writes_valid_files() {
    let dir = temp_dir("full");
    let input = full_input();
    let files = write_report(&dir, &input).unwrap();

    let ids: Vec<&str> = files.charts.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "sprt",
            "elo",
            "head-to-head",
            "sweep-depth",
            "sweep-table",
            "tuning",
            "tuning-patterns",
            "game-lengths",
            "first-mover",
            "speed"
        ]
    );

    // every chart: valid SVG + PNG with the recorded size, stable names
    for c in &files.charts {
        assert_eq!(c.svg_path, dir.join(format!("{}.svg", c.id)));
        assert_eq!(c.png_path, dir.join(format!("{}.png", c.id)));
        assert!(c.size.0 >= 400 && c.size.1 >= 200, "{}: {:?}", c.id, c.size);
        check_svg(&c.svg_path, c.size);
        check_png(&c.png_path, c.size);
    }

    // Elo: order, values and whiskers equal the standings
    let ChartData::Elo { points } = &chart(&files, "elo").plotted else {
        panic!("elo data")
    };
    assert_eq!(points.len(), input.standings.len());
    for (p, r) in points.iter().zip(&input.standings) {
        assert_eq!(p.label, r.engine);
        assert_eq!(p.value, r.elo);
        assert_eq!(p.low, Some(r.elo - r.elo_error95));
        assert_eq!(p.high, Some(r.elo + r.elo_error95));
    }

    // heat map cells equal the matrix
    let ChartData::HeadToHead {
        names,
        scores,
        games,
    } = &chart(&files, "head-to-head").plotted
    else {
        panic!("h2h data")
    };
    let h2h = input.head_to_head.as_ref().unwrap();
    assert_eq!(names, &h2h.names);
    assert_eq!(scores, &h2h.scores);
    assert_eq!(games, &h2h.games);

    // numeric sweep sorted by x, categorical keeps order and unknown errors
    let ChartData::Sweep {
        categorical,
        points,
        ..
    } = &chart(&files, "sweep-depth").plotted
    else {
        panic!("sweep data")
    };
    assert!(!categorical);
    let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.elo.value)).collect();
    assert_eq!(xy, [(1.0, -100.0), (2.0, -40.0), (3.0, 10.0)]);
    assert!(
        points
            .iter()
            .all(|p| p.elo.high == Some(p.elo.value + 20.0))
    );
    let ChartData::Sweep {
        categorical,
        points,
        ..
    } = &chart(&files, "sweep-table").plotted
    else {
        panic!("sweep data")
    };
    assert!(categorical);
    let labels: Vec<&str> = points.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(labels, ["base", "tuned", "flat"]);
    assert!(points.iter().all(|p| p.elo.low.is_none()));

    // SPRT
    let sprt = input.sprt.as_ref().unwrap();
    assert_eq!(
        chart(&files, "sprt").plotted,
        ChartData::Sprt {
            points: sprt.points.clone(),
            lower: sprt.lower,
            upper: sprt.upper
        }
    );
    let title = &chart(&files, "sprt").title;
    assert!(
        title.contains("H1 accepted") && title.contains("H1 nElo 5"),
        "{title}"
    );

    // tuning
    let ChartData::TuningProgress { loss, elo } = &chart(&files, "tuning").plotted else {
        panic!("tuning data")
    };
    let t = input.tuning.as_ref().unwrap();
    let want: Vec<(u32, f64)> = t
        .steps
        .iter()
        .map(|s| (s.iteration, s.loss.unwrap()))
        .collect();
    assert_eq!(loss, &want);
    assert_eq!(elo.len(), 5);
    assert_eq!(elo[1].label, "8");
    assert_eq!(elo[1].value, 20.0);
    let ChartData::TuningPatterns { series, total } = &chart(&files, "tuning-patterns").plotted
    else {
        panic!("patterns data")
    };
    assert_eq!(*total, 2);
    assert_eq!(series[1].name, "open two");
    assert_eq!(series[1].points[3], (6, 13.0));
    // small multiples: one panel per pattern, side by side
    assert_eq!(chart(&files, "tuning-patterns").size.1, 90 + 170);

    // histogram: every game counted once, in the right bin
    let ChartData::GameLengths {
        bins,
        median,
        split,
    } = &chart(&files, "game-lengths").plotted
    else {
        panic!("lengths data")
    };
    assert!(split);
    let total: u32 = bins.iter().map(|b| b.count).sum();
    assert_eq!(total as usize, input.game_lengths.len());
    let draws = input.draw_lengths.as_ref().unwrap();
    assert_eq!(
        bins.iter().map(|b| b.draws).sum::<u32>() as usize,
        draws.len()
    );
    for b in bins {
        let inside = |v: &[u32]| v.iter().filter(|&&l| l >= b.low && l < b.high).count() as u32;
        assert_eq!(inside(&input.game_lengths), b.count);
        assert_eq!(inside(draws), b.draws);
    }
    let mut sorted = input.game_lengths.clone();
    sorted.sort_unstable();
    assert_eq!(*median, f64::from(sorted[149] + sorted[150]) / 2.0);

    // first mover: sorted highest first, same set
    let ChartData::FirstMover { bars, total } = &chart(&files, "first-mover").plotted else {
        panic!("first mover data")
    };
    assert_eq!(*total, 10);
    assert!(bars.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(bars.iter().all(|b| b.interval.is_some()), "intervals kept");
    let a: BTreeSet<String> = bars.iter().map(|b| b.opening.clone()).collect();
    let b: BTreeSet<String> = input.openings.iter().map(|b| b.opening.clone()).collect();
    assert_eq!(a, b);

    // speed
    let ChartData::Speed { rows } = &chart(&files, "speed").plotted else {
        panic!("speed data")
    };
    for (r, e) in rows.iter().zip(&input.speed) {
        assert_eq!(r.engine, e.engine);
        assert_eq!(r.nodes_per_sec, e.nodes_per_sec_median);
    }
    assert_eq!(rows[0].nps_iqr, Some((2.0, 4.0)));
    assert_eq!(rows[1].nps_iqr, None);
    // depth: the median of the samples when there are samples, else the mean
    assert_eq!((rows[1].depth, rows[1].depth_iqr), (4.0, Some((4.0, 5.0))));
    assert_eq!((rows[0].depth, rows[0].depth_iqr), (5.0, None));

    // pages
    let md = std::fs::read_to_string(&files.markdown).unwrap();
    assert!(md.contains("| Rank | Engine | Elo ± 95% |"));
    assert!(md.contains("| 1 | alpha-d4 | +150 ± 30 | 100 |"));
    assert!(md.contains("a\\|b pipe"), "pipe escaped in markdown");
    assert!(md.contains("![Pool Elo per engine (95% interval)](elo.png)"));
    assert!(md.contains("[longest game](games/longest%20game.sgf)"));
    let html = std::fs::read_to_string(&files.html).unwrap();
    assert_eq!(
        html.matches("<svg").count(),
        files.charts.len() + 1,
        "all charts inlined, and the viewer's board"
    );
    assert!(html.contains("<td>alpha-d4</td>"));
    assert!(html.contains("<dt>board</dt><dd>15x15</dd>"));
    assert!(html.contains("href=\"games/longest%20game.sgf\""));
    assert!(!html.contains("src=\""), "no external assets");
    let no_ns = html.replace("http://www.w3.org/2000/svg", "");
    assert!(
        !no_ns.contains("http://") && !no_ns.contains("https://"),
        "no network"
    );

    // the head-to-head matrix: score, points/games and CFS per cell, players in order
    assert!(md.contains("## Head-to-head"));
    assert!(
        md.contains("| 1 | alpha-d4 | +150 | – | 15.0% (3/21, CFS 90%) |"),
        "{md}"
    );
    assert!(html.contains("<table class=\"matrix\">"));
    assert!(html.contains("<span class=\"cfs\">CFS 10%</span>"));
    // no games between alpha-d4 and random: no score, still a CFS
    assert!(md.contains("– (no games, CFS 90%)"), "{md}");

    // forfeits by player and reason, in standings order
    let forfeits = md.split("## Forfeits").nth(1).unwrap();
    let a = forfeits
        .find("| alpha-d3 | 0 | 0 | 0 | 4 | 0 | 4 |")
        .unwrap();
    let r = forfeits.find("| random | 1 | 2 | 0 | 0 | 0 | 3 |").unwrap();
    assert!(a < r);
    assert!(html.contains("<h2 id=\"forfeits\">Forfeits</h2>"));

    // the viewer: its data, its script, a link from the notable game
    assert!(html.contains("<script type=\"application/json\" id=\"gv-data\">"));
    assert!(
        html.contains("\"om\":\"hhiigi\",\"m\":\"hihgfj\",\"r\":\"white\",\"e\":\"time_forfeit\"")
    );
    assert!(html.contains("(<a href=\"#game-2\">view</a>)"));
    assert!(md.contains("report.html shows each of the 2 games"));

    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hostile_names_are_escaped_everywhere() {
    let dir = temp_dir("hostile");
    let mut input = full_input();
    input.title = format!("title {HOSTILE}");
    input.standings[0].engine = HOSTILE.into();
    input.head_to_head.as_mut().unwrap().names[0] = HOSTILE.into();
    input.speed[0].engine = HOSTILE.into();
    input.openings[0].opening = HOSTILE.into();
    input.sweeps[1].points[0].x = SweepX::Category(HOSTILE.into());
    input.tuning.as_mut().unwrap().patterns[0].name = HOSTILE.into();
    input
        .config
        .push((HOSTILE.into(), format!("\"quoted\" & 'single' {HOSTILE}")));
    input.superiority.as_mut().unwrap().names[0] = HOSTILE.into();
    input.forfeits[0].player = HOSTILE.into();
    let games = input.games.as_mut().unwrap();
    games.games[0].black = format!("{HOSTILE} \"q\" <!-- '");
    games.games[1].opening = HOSTILE.into();
    input.notable_games.push(GameLink {
        label: HOSTILE.into(),
        path: "javascript:alert(1)".into(),
        game: Some(1),
    });
    let files = write_report(&dir, &input).unwrap();

    let html = std::fs::read_to_string(&files.html).unwrap();
    // The only script elements are the viewer's data and code; no name opens or closes one.
    let lower = html.to_ascii_lowercase();
    assert_eq!(
        lower.matches("<script").count(),
        2,
        "script tags in report.html"
    );
    assert_eq!(
        lower.matches("</script").count(),
        2,
        "script tags in report.html"
    );
    assert!(!lower.contains("<!--"), "a name opened a comment");
    let data = html.split("id=\"gv-data\">").nth(1).unwrap();
    let data = &data[..data.find("</script>").unwrap()];
    assert!(
        !data.contains('<') && !data.contains('>'),
        "raw angle brackets in the data"
    );
    assert!(
        data.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\\"q\\\" \\u003c!-- '")
    );
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"));
    assert!(
        !html.contains("href=\"javascript:"),
        "URL scheme neutralised"
    );
    for c in &files.charts {
        let svg = std::fs::read_to_string(&c.svg_path).unwrap();
        assert!(!svg.to_ascii_lowercase().contains("<script"), "{}", c.id);
    }
    // the escaped name really is drawn inside the inline SVG text
    let elo_svg = std::fs::read_to_string(&chart(&files, "elo").svg_path).unwrap();
    assert!(elo_svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));

    let md = std::fs::read_to_string(&files.markdown).unwrap();
    assert!(!md.contains("<script"), "markdown escapes <");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn empty_input_gives_a_report_without_charts() {
    let dir = temp_dir("empty");
    let files = write_report(&dir, &ReportInput::default()).unwrap();
    assert!(files.charts.is_empty());
    let md = std::fs::read_to_string(&files.markdown).unwrap();
    assert!(md.contains("No rated games"));
    let html = std::fs::read_to_string(&files.html).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert!(!html.contains("<svg"));
    let images = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let p = e.as_ref().unwrap().path();
            matches!(p.extension().and_then(|x| x.to_str()), Some("png" | "svg"))
        })
        .count();
    assert_eq!(images, 0);

    // parts present but without usable data are skipped too
    let input = ReportInput {
        standings: vec![row(1, "nan", f64::NAN, 1.0)],
        head_to_head: Some(HeadToHead {
            names: vec!["a".into(), "b".into()],
            scores: vec![vec![None, None], vec![None, None]],
            games: vec![vec![0, 0], vec![0, 0]],
        }),
        sweeps: vec![Sweep {
            knob: "depth".into(),
            unit: None,
            points: vec![],
        }],
        sprt: Some(SprtTrace {
            label: String::new(),
            points: vec![],
            lower: -1.0,
            upper: 1.0,
            elo0: 0.0,
            elo1: 5.0,
            unit: "nElo".into(),
            decision: SprtDecision::Inconclusive,
        }),
        tuning: Some(TuningHistory::default()),
        ..ReportInput::default()
    };
    let files = write_report(&dir, &input).unwrap();
    assert!(files.charts.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn single_engine_and_single_point_charts_render() {
    let dir = temp_dir("single");
    let input = ReportInput {
        title: "one".into(),
        standings: vec![row(1, "only", 0.0, 0.0)],
        sweeps: vec![Sweep {
            knob: "top_n".into(),
            unit: None,
            points: vec![SweepPoint {
                x: SweepX::Value(4.0),
                elo: 0.0,
                elo_error95: 0.0,
            }],
        }],
        game_lengths: vec![42; 5],
        openings: vec![OpeningScore {
            opening: "x".into(),
            score: 0.5,
            games: 1,
            interval: None,
        }],
        ..ReportInput::default()
    };
    let files = write_report(&dir, &input).unwrap();
    assert_eq!(files.charts.len(), 4);
    for c in &files.charts {
        check_svg(&c.svg_path, c.size);
        check_png(&c.png_path, c.size);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_openings_show_the_extremes() {
    let dir = temp_dir("openings");
    let openings: Vec<OpeningScore> = (0..100)
        .map(|k| OpeningScore {
            opening: format!("o{k}"),
            score: f64::from(k) / 100.0,
            games: 2,
            interval: None,
        })
        .collect();
    let input = ReportInput {
        title: "openings".into(),
        openings,
        ..ReportInput::default()
    };
    let files = write_report(&dir, &input).unwrap();
    let c = chart(&files, "first-mover");
    let ChartData::FirstMover { bars, total } = &c.plotted else {
        panic!()
    };
    assert_eq!(*total, 100);
    assert_eq!(bars.len(), 60);
    assert_eq!(bars[0].opening, "o99");
    assert_eq!(bars[29].opening, "o70");
    assert_eq!(bars[30].opening, "o29");
    assert_eq!(bars[59].opening, "o0");
    check_png(&c.png_path, c.size);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_name_the_path_and_bad_input_is_rejected() {
    let dir = temp_dir("errors");
    std::fs::create_dir_all(&dir).unwrap();
    let blocker = dir.join("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    let err = write_report(&blocker.join("sub"), &full_input()).unwrap_err();
    assert!(matches!(err, ReportError::CreateDir { .. }));
    assert!(err.to_string().contains("not-a-dir"), "{err}");

    let bad = HeadToHead {
        names: vec!["a".into(), "b".into()],
        scores: vec![vec![None, Some(0.5)]],
        games: vec![vec![0, 1], vec![1, 0]],
    };
    let input = ReportInput {
        head_to_head: Some(bad),
        ..ReportInput::default()
    };
    let err = write_report(&dir, &input).unwrap_err();
    assert!(matches!(err, ReportError::InvalidInput(_)), "{err}");

    // a CFS matrix of other players than the head-to-head's, a board past 32
    let mut input = full_input();
    input.superiority.as_mut().unwrap().names.swap(0, 1);
    let err = write_report(&dir, &input).unwrap_err();
    assert!(err.to_string().contains("superiority"), "{err}");
    let mut input = full_input();
    input.games.as_mut().unwrap().width = 33;
    let err = write_report(&dir, &input).unwrap_err();
    assert!(err.to_string().contains("33x15"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
