//! Prints the engine's measured figures: time to depth, ablations, bench-set throughput.
//! `cargo run --release -p gomoku-engine --example report [ablation-depth]`
use gomoku_engine::bench::{bench_positions, parse_rapfi_bench, run_bench};
use gomoku_engine::{Engine, EngineParams, Limits, TimeBudget};
use rand::SeedableRng;
use std::time::Duration;

fn main() {
    let abl_depth: u32 = std::env::args().nth(1).map_or(6, |s| s.parse().unwrap());
    let seeds = bench_positions();
    println!("## Time to depth (default params, top-N 10, ID on; cumulative, 1 s budget)");
    for p in &seeds {
        let mut e = Engine::new(EngineParams {
            depth: 64,
            ..EngineParams::default()
        })
        .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        let r = e.search(
            &p.board,
            &Limits {
                depth: Some(e.params().depth),
                time: Some(TimeBudget::fixed(Duration::from_secs(1))),
                ..Limits::default()
            },
            &mut rng,
        );
        println!("{}: best {:?} score {}", p.name, r.best, r.score);
        println!("| depth | score | nodes | ms | Mnps |");
        for it in &r.iterations {
            println!(
                "| {} | {} | {} | {:.2} | {:.2} |",
                it.depth,
                it.score,
                it.nodes,
                it.time.as_secs_f64() * 1e3,
                it.nodes as f64 / it.time.as_secs_f64() / 1e6
            );
        }
    }
    println!(
        "\n## Ablation at depth {abl_depth} (ID off for the equal-depth comparison unless noted)"
    );
    let base = EngineParams {
        depth: abl_depth,
        iterative_deepening: false,
        ..EngineParams::default()
    };
    let variants: Vec<(&str, EngineParams)> = vec![
        ("all on (ID off)", base.clone()),
        (
            "all on + ID",
            EngineParams {
                iterative_deepening: true,
                ..base.clone()
            },
        ),
        (
            "TT off",
            EngineParams {
                use_tt: false,
                ..base.clone()
            },
        ),
        (
            "ordering off",
            EngineParams {
                use_ordering: false,
                ..base.clone()
            },
        ),
        (
            "width limit off (top-N none)",
            EngineParams {
                top_n: None,
                ..base.clone()
            },
        ),
        (
            "VCF off",
            EngineParams {
                vcf: false,
                ..base.clone()
            },
        ),
        (
            "killers+history off",
            EngineParams {
                killers: false,
                history: false,
                ..base.clone()
            },
        ),
    ];
    println!("| variant | position | best | score | nodes | ms | cutoff ratio |");
    for (name, params) in &variants {
        for p in &seeds {
            let mut e = Engine::new(params.clone()).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            let r = e.search(
                &p.board,
                &Limits {
                    depth: Some(params.depth),
                    time: Some(TimeBudget::fixed(Duration::from_secs(30))),
                    ..Limits::default()
                },
                &mut rng,
            );
            let done = if r.depth < abl_depth {
                " (timeout)"
            } else {
                ""
            };
            println!(
                "| {name} | {} | {:?} | {} | {} | {:.2}{done} | {:.4} |",
                p.name,
                r.best.map(|b| (b.x, b.y)),
                r.score,
                r.nodes,
                r.time.as_secs_f64() * 1e3,
                r.cutoff_ratio
            );
        }
    }
    println!("\n## Lazy SMP: time to depth 9 (ms), threads 1 vs 2");
    for p in &seeds {
        let mut row = Vec::new();
        for threads in [1, 2] {
            let mut e = Engine::new(EngineParams {
                depth: 9,
                threads,
                ..EngineParams::default()
            })
            .unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            let r = e.search(&p.board, &Limits::default(), &mut rng);
            row.push(format!(
                "threads {threads}: {:.1} ms, {} nodes, best {:?}",
                r.time.as_secs_f64() * 1e3,
                r.nodes,
                r.best.map(|b| (b.x, b.y))
            ));
        }
        println!("{}: {}", p.name, row.join(" | "));
    }
    println!(
        "\n## Bench set throughput (default params; seed003 at depth 6, rapfi capped at depth 6)"
    );
    let mut positions = seeds.clone();
    // Rapfi's set from ../shared when it is there; without it the table covers seed 003's
    // positions only, and gomoku-testdata prints which file was skipped.
    if let Some(t) = gomoku_testdata::shared_text("data/puzzles/rapfi_bench_positions.tsv") {
        positions.extend(parse_rapfi_bench(&t).unwrap());
    }
    let rep = run_bench(
        &EngineParams {
            depth: 6,
            ..EngineParams::default()
        },
        &positions,
        5,
    )
    .unwrap();
    println!("| position | depth | best | score | nodes | ms | Mnps |");
    for l in &rep.lines {
        println!(
            "| {} | {} | {:?} | {} | {} | {:.2} | {:.2} |",
            l.name,
            l.depth,
            l.best.map(|b| (b.x, b.y)),
            l.score,
            l.nodes,
            l.time.as_secs_f64() * 1e3,
            l.nps / 1e6
        );
    }
    println!(
        "total: {} nodes in {:.1} ms = {:.2} Mnps",
        rep.total_nodes,
        rep.total_time.as_secs_f64() * 1e3,
        rep.nps / 1e6
    );
}
