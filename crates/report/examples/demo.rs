//! Writes a report from made-up data into `/tmp/report-demo` (or the
//! directory given as the first argument), to look at the charts.

use std::path::PathBuf;

use gomoku_report::*;

/// Small deterministic pseudo-random generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("/tmp/report-demo"), PathBuf::from);
    let files = write_report(&dir, &demo_input()).expect("report");
    for c in &files.charts {
        println!("{:16} {}", c.id, c.png_path.display());
    }
    println!("{}", files.html.display());

    // a larger pool, to check that crowded charts stay legible
    let many = write_report(&dir.join("many"), &many_engines()).expect("report");
    for c in &many.charts {
        println!("{:16} {}", c.id, c.png_path.display());
    }
}

fn many_engines() -> ReportInput {
    let n = 20;
    let names: Vec<String> = (0..n)
        .map(|i| format!("variant-{i:02}-depth{}-top{}", 1 + i % 5, 4 + 2 * (i % 4)))
        .collect();
    let elos: Vec<f64> = (0..n).map(|i| 300.0 - 30.0 * i as f64).collect();
    let standings = names
        .iter()
        .enumerate()
        .map(|(i, name)| StandingRow {
            rank: i as u32 + 1,
            engine: name.clone(),
            elo: elos[i],
            elo_error95: 40.0 + i as f64,
            games: 380,
            wins: 190,
            draws: 0,
            losses: 190,
            score: 0.5,
            first_mover_score: None,
            los_next: None,
        })
        .collect();
    let scores = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (i != j).then(|| 1.0 / (1.0 + 10f64.powf((elos[j] - elos[i]) / 400.0))))
                .collect()
        })
        .collect();
    ReportInput {
        title: "twenty engines".into(),
        standings,
        head_to_head: Some(HeadToHead {
            names: names.clone(),
            scores,
            games: vec![vec![20; n]; n],
        }),
        ..ReportInput::default()
    }
}

fn demo_input() -> ReportInput {
    let mut rng = Lcg(7);
    let names = [
        "alphabeta-d4-top12",
        "alphabeta-d3-top12",
        "mcts-10k-playouts-with-pattern-prior-table-v2",
        "alphabeta-d2-top8",
        "threat-space-search",
        "greedy-pattern",
        "random-legal",
    ];
    let elos = [212.0, 140.0, 95.0, 12.0, -30.0, -160.0, -269.0];
    let errs = [38.0, 35.0, 41.0, 33.0, 36.0, 45.0, f64::NAN];
    let standings: Vec<StandingRow> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let games = 240;
            let score = 1.0 / (1.0 + 10f64.powf(-elos[i] / 400.0));
            let wins = (score * 220.0) as u32;
            let draws = 240 - wins - ((1.0 - score) * 220.0) as u32;
            StandingRow {
                rank: i as u32 + 1,
                engine: n.to_string(),
                elo: elos[i],
                elo_error95: errs[i],
                games,
                wins,
                draws,
                losses: games - wins - draws,
                score,
                first_mover_score: Some((score + 0.08).min(1.0)),
                los_next: (i + 1 < names.len()).then_some(0.6 + 0.05 * i as f64),
            }
        })
        .collect();

    let n = names.len();
    let mut scores = vec![vec![None; n]; n];
    let mut games = vec![vec![0; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j && !(i == 0 && j == 6 || i == 6 && j == 0) {
                let d = elos[i] - elos[j];
                scores[i][j] = Some(1.0 / (1.0 + 10f64.powf(-d / 400.0)));
                games[i][j] = 40;
            }
        }
    }

    let sprt_points: Vec<(u64, f64)> = {
        let mut llr = 0.0;
        (1..=180)
            .map(|k| {
                llr += (rng.next() - 0.42) * 0.35;
                (k * 10, llr)
            })
            .collect()
    };

    let steps: Vec<TuningStep> = (0..40)
        .map(|i| TuningStep {
            iteration: i,
            loss: Some(0.12 * (-(i as f64) / 12.0).exp() + 0.081 + rng.next() * 0.003),
            elo: (i % 5 == 0).then(|| 120.0 * (1.0 - (-(i as f64) / 10.0).exp())),
            elo_error95: Some(25.0),
        })
        .collect();
    let pattern_names = [
        ("five", 100_000.0),
        ("open four", 10_000.0),
        ("closed four", 1_000.0),
        ("open three", 800.0),
        ("broken three", 400.0),
        ("closed three", 100.0),
        ("open two", 50.0),
        ("closed two", 10.0),
        ("single stone next to the centre with a very long name", 2.0),
    ];
    let patterns = pattern_names
        .iter()
        .map(|(name, base)| PatternTrajectory {
            name: name.to_string(),
            scores: (0..40)
                .map(|i| base * (1.0 + 0.3 * (1.0 - (-(i as f64) / 8.0).exp())))
                .collect(),
        })
        .collect();

    let game_lengths: Vec<u32> = (0..480)
        .map(|_| (9.0 + 60.0 * rng.next() * rng.next() + 30.0 * rng.next()) as u32)
        .collect();

    let openings: Vec<OpeningScore> = (0..24)
        .map(|k| {
            let score = 0.35 + 0.5 * rng.next();
            let half = 1.96 * (score * (1.0 - score) / 20.0).sqrt();
            OpeningScore {
                opening: format!("opening-{:02} h8 i9 j{}", k, 7 + k % 5),
                score,
                games: 20,
                interval: Some(((score - half).max(0.0), (score + half).min(1.0))),
            }
        })
        .collect();
    let draw_lengths: Vec<u32> = game_lengths
        .iter()
        .copied()
        .filter(|&l| l > 60 && rng.next() < 0.4)
        .collect();
    let records = demo_games(&names, &mut rng);

    let speed = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let nps = 2.5e6 / (1.0 + i as f64 * 1.6);
            EngineSpeed {
                engine: n.to_string(),
                nodes_per_sec_median: nps,
                mean_depth: 6.0 - i as f64 * 0.7,
                nps_samples: (0..50).map(|_| nps * (0.7 + 0.6 * rng.next())).collect(),
                depth_samples: vec![],
            }
        })
        .collect();

    ReportInput {
        title: "gomoku-arena demo run".into(),
        config: vec![
            ("board".into(), "15×15, free-style gomoku".into()),
            ("time control".into(), "200 ms per move".into()),
            ("games per pair".into(), "40 (openings × colours)".into()),
            ("seed".into(), "7".into()),
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
                points: (1..=6)
                    .map(|d| SweepPoint {
                        x: SweepX::Value(d as f64),
                        elo: -200.0 + 160.0 * (d as f64).ln(),
                        elo_error95: 30.0,
                    })
                    .collect(),
            },
            Sweep {
                knob: "table".into(),
                unit: None,
                points: ["baseline", "tuned-2024", "hand-written-aggressive", "flat"]
                    .iter()
                    .enumerate()
                    .map(|(k, t)| SweepPoint {
                        x: SweepX::Category(t.to_string()),
                        elo: [0.0, 45.0, 20.0, -120.0][k],
                        elo_error95: 28.0,
                    })
                    .collect(),
            },
        ],
        sprt: Some(SprtTrace {
            label: "tuned vs baseline".into(),
            points: sprt_points,
            lower: -2.94,
            upper: 2.94,
            elo0: 0.0,
            elo1: 10.0,
            unit: "Elo".into(),
            decision: SprtDecision::AcceptH1,
        }),
        tuning: Some(TuningHistory {
            loss_name: "mean squared error".into(),
            steps,
            patterns,
            parameters: false,
        }),
        game_lengths,
        openings,
        speed,
        notable_games: vec![
            GameLink {
                label: "Longest game (171 moves)".into(),
                path: "games/longest.sgf".into(),
                game: Some(3),
            },
            GameLink {
                label: "Biggest upset".into(),
                path: "games/upset 1.sgf".into(),
                game: None,
            },
        ],
        superiority: Some(Superiority {
            names: names.iter().map(|s| s.to_string()).collect(),
            los: (0..n)
                .map(|i| {
                    (0..n)
                        .map(|j| {
                            (i != j).then(|| 1.0 / (1.0 + (-(elos[i] - elos[j]) / 40.0).exp()))
                        })
                        .collect()
                })
                .collect(),
            method: "made-up numbers".into(),
        }),
        draw_lengths: Some(draw_lengths),
        forfeits: vec![
            ForfeitCount {
                player: names[4].to_string(),
                reason: GameEnd::TimeForfeit,
                games: 3,
            },
            ForfeitCount {
                player: names[4].to_string(),
                reason: GameEnd::Crash,
                games: 1,
            },
        ],
        games: Some(records),
    }
}

/// A few made-up games: random distinct points near the centre, numbered from 1.
fn demo_games(names: &[&str], rng: &mut Lcg) -> GameRecords {
    let games = (0..12u32)
        .map(|k| {
            let mut taken = std::collections::BTreeSet::new();
            let mut moves = Vec::new();
            while moves.len() < 20 + k as usize * 3 {
                let p = [3 + (rng.next() * 9.0) as u8, 3 + (rng.next() * 9.0) as u8];
                if taken.insert(p) {
                    moves.push(p);
                }
            }
            let opening_moves = moves.drain(..3).collect();
            GameRecord {
                number: k + 1,
                black: names[k as usize % names.len()].to_string(),
                white: names[(k as usize + 1) % names.len()].to_string(),
                opening: format!("#{}", k % 4 + 1),
                opening_moves,
                moves,
                result: [Outcome::Black, Outcome::White, Outcome::Draw][k as usize % 3],
                end: [GameEnd::Five, GameEnd::TimeForfeit, GameEnd::BoardFull][k as usize % 3],
            }
        })
        .collect();
    GameRecords {
        width: 15,
        height: 15,
        k: 5,
        rule: "freestyle".into(),
        games,
    }
}
