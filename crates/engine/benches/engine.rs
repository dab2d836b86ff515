//! Engine benchmarks (divan): raw node throughput (make + incremental evaluation + unmake),
//! move ordering, and fixed-depth searches of seed 003's openings and Rapfi's bench set.

use gomoku_engine::bench::{BenchPosition, bench_positions, parse_rapfi_bench};
use gomoku_engine::{Engine, EngineParams, Limits};
use rand::SeedableRng;
use std::sync::OnceLock;

fn main() {
    // Read the shared positions before divan starts, so that a missing file is reported
    // (skipped, or a failure under CI) once and up front.
    rapfi();
    divan::main();
}

/// Rapfi's ten bench positions from `../shared`, or `None` if the file is missing: then
/// `rapfi_depth4` is ignored rather than timing an empty loop.
fn rapfi() -> Option<&'static [BenchPosition]> {
    static RAPFI: OnceLock<Option<Vec<BenchPosition>>> = OnceLock::new();
    RAPFI
        .get_or_init(|| {
            let text = gomoku_testdata::shared_text("data/puzzles/rapfi_bench_positions.tsv")?;
            let positions = parse_rapfi_bench(&text).expect("Rapfi's bench positions parse");
            assert_eq!(positions.len(), 10, "Rapfi's bench set is ten positions");
            Some(positions)
        })
        .as_deref()
}

/// One node = make + incremental evaluation + unmake; counted per candidate of the position.
#[divan::bench(args = ["seed003-a", "seed003-b"])]
fn make_eval_unmake(bencher: divan::Bencher<'_, '_>, name: &str) {
    let pos = bench_positions()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap();
    let engine = Engine::new(EngineParams::default()).unwrap();
    let mut sb = engine.search_board(&pos.board);
    let mut cands = Vec::new();
    sb.candidates(&mut cands);
    bencher
        .counter(divan::counter::ItemsCount::new(cands.len()))
        .bench_local(|| {
            let mut acc = 0i64;
            for &c in &cands {
                sb.make(c as usize);
                acc += sb.eval() as i64;
                sb.unmake();
            }
            divan::black_box(acc)
        });
}

/// Seed 003's openings at depth 6, top-N 10 (seed 003's C++ took 164 and 271 ms).
#[divan::bench(args = ["seed003-a", "seed003-b"], sample_count = 20)]
fn seed003_depth6(bencher: divan::Bencher<'_, '_>, name: &str) {
    let pos = bench_positions()
        .into_iter()
        .find(|p| p.name == name)
        .unwrap();
    bencher
        .with_inputs(|| {
            (
                Engine::new(EngineParams {
                    depth: 6,
                    ..EngineParams::default()
                })
                .unwrap(),
                rand_chacha::ChaCha8Rng::seed_from_u64(0),
            )
        })
        .bench_local_values(|(mut e, mut rng)| {
            let r = e.search(&pos.board, &Limits::default(), &mut rng);
            divan::black_box(r.nodes)
        });
}

/// Rapfi's bench positions at depth 4 (ignored without the shared data).
#[divan::bench(sample_count = 5, ignore = rapfi().is_none())]
fn rapfi_depth4(bencher: divan::Bencher<'_, '_>) {
    let positions = rapfi().expect("ignored without the positions");
    bencher
        .with_inputs(|| {
            Engine::new(EngineParams {
                depth: 4,
                ..EngineParams::default()
            })
            .unwrap()
        })
        .bench_local_values(|mut e| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
            let mut nodes = 0;
            for p in positions {
                e.new_game();
                nodes += e.search(&p.board, &Limits::default(), &mut rng).nodes;
            }
            divan::black_box(nodes)
        });
}
