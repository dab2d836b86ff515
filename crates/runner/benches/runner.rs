//! Per-game costs of the runner: one game with cheap players (the runner's own work dominates),
//! one journal line, and the engine's per-game reset. Throughput, thread scaling and overhead
//! at depth 4 are printed by every `gomoku-arena tournament` run (its summary line).

use gomoku_board::{Geometry, Pos, Rule};
use gomoku_engine::EngineParams;
use gomoku_runner::{
    BuiltinKind, BuiltinPlayer, EnginePlayer, GameRecord, JournalLine, Player, TimeControl,
    job_rng, play_game, schedule::Job,
};

fn main() {
    divan::main();
}

const OPENING: [Pos; 3] = [Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)];

#[divan::bench]
fn game_greedy_vs_greedy(bencher: divan::Bencher<'_, '_>) {
    let a = BuiltinPlayer::new("a", BuiltinKind::Greedy);
    let b = BuiltinPlayer::new("b", BuiltinKind::Greedy);
    games(bencher, a, b);
}

#[divan::bench(args = [(false, 1), (true, 1), (true, 16)])]
fn game_depth1_engines(bencher: divan::Bencher<'_, '_>, (vcf, tt_mib): (bool, usize)) {
    let params = EngineParams {
        depth: 1,
        vcf,
        tt_mib,
        ..Default::default()
    };
    let a = EnginePlayer::new("a", params.clone()).unwrap();
    let b = EnginePlayer::new("b", params).unwrap();
    games(bencher, a, b);
}

/// Games of `a` (Black) against `b`, each of its own job.
fn games(bencher: divan::Bencher<'_, '_>, mut a: impl Player, mut b: impl Player) {
    let mut job = 0;
    bencher.bench_local(|| {
        job += 1;
        game(&mut a, &mut b, job)
    });
}

/// One game of `a` (Black) against `b` from [`OPENING`], with job `job`'s generator.
fn game(a: &mut dyn Player, b: &mut dyn Player, job: usize) -> GameRecord {
    play_game(
        [a, b],
        &OPENING,
        Geometry::square(15),
        Rule::Freestyle,
        TimeControl::EngineDefault,
        None,
        &mut job_rng(1, job),
    )
}

#[divan::bench(args = [1, 16])]
fn engine_new_game(bencher: divan::Bencher<'_, '_>, tt_mib: usize) {
    let mut a = EnginePlayer::new(
        "a",
        EngineParams {
            tt_mib,
            ..Default::default()
        },
    )
    .unwrap();
    bencher.bench_local(|| a.new_game(Geometry::square(15), Rule::Freestyle));
}

#[divan::bench]
fn journal_line_to_json(bencher: divan::Bencher<'_, '_>) {
    let mut a = BuiltinPlayer::new("a", BuiltinKind::Greedy);
    let mut b = BuiltinPlayer::new("b", BuiltinKind::Greedy);
    let record = game(&mut a, &mut b, 1);
    let job = Job {
        index: 1,
        round: 0,
        pair: 0,
        opening: 0,
        black: 0,
        white: 1,
        transform: gomoku_board::Symmetry::Identity,
    };
    bencher.bench_local(|| {
        let line = JournalLine::new("0123456789abcdef", &job, ["a", "b"], &record);
        serde_json::to_vec(&line).unwrap()
    });
}
