//! Whole tuning runs on a tiny project (depth 1, a ten-opening book): resume after a stop at
//! iteration boundaries and at random moments gives the same table byte for byte; a run whose
//! steps are played in shards and merged gives the same table and history as one played
//! whole; the outputs; the checkpoint's format version; the shipped tuning files.

use gomoku_engine::seed_table;
use gomoku_runner::journal::{JOURNAL_FILE, read_journal};
use gomoku_runner::{JournalLine, pair_jobs};
use gomoku_testdata::ScratchDir;
use gomoku_tune::params::table_to_ron;
use gomoku_tune::{
    RunOptions, RunOutcome, load_tuning_history, merge_step, play_shard, run, steps_left,
};
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const TEXEL: &str = "Texel((games: 40, depth: 1, tie_break_margin: 30, iterations: 4, step: 0.3, min_step: 0.0001, validation_fraction: 0.25))";
const SPSA: &str =
    "Spsa((iterations: 4, pairs: 3, c_end_frac: 0.2, r_end: 0.002, tie_break_margin: 30))";
/// A test loose enough (elo1 200, alpha 0.2) to decide within a few pairs, so that matches
/// stop early when played whole and count only part of the pairs when played in shards.
const MATCH: &str = "Match((iterations: 4, perturb: 2, step: 0.3, elo0: 0, elo1: 200, alpha: 0.2, max_pairs: 8, tie_break_margin: 30))";

/// A fresh temporary directory for the test `tag` with `book.txt`, a book of 10 openings.
pub(crate) fn book_dir(tag: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("tune-{tag}"));
    let mut book = String::from("# test book\n");
    for m in [
        "h8g7", "h8i7", "h8g9", "h8i9", "h8h7", "h8h9", "h8g8", "h8i8", "h8f6", "h8j10",
    ] {
        book.push_str(m);
        book.push('\n');
    }
    std::fs::write(dir.join("book.txt"), book).unwrap();
    dir
}

/// A temporary project: a book of 10 openings, the seed table, a depth-1 engine.
fn project(
    tag: &str,
    method: &str,
    confirmation: &str,
) -> (ScratchDir, gomoku_config::tune::TuneConfig) {
    project_with(tag, method, confirmation, "")
}

/// [`project`] with `extra` fields at the end of the tuning file.
fn project_with(
    tag: &str,
    method: &str,
    confirmation: &str,
    extra: &str,
) -> (ScratchDir, gomoku_config::tune::TuneConfig) {
    let dir = book_dir(tag);
    std::fs::write(dir.join("table.ron"), table_to_ron(&seed_table())).unwrap();
    std::fs::write(
        dir.join("engine.ron"),
        r#"Engine(name: "t", table: File("table.ron"), depth: 1, top_n: Some(6), tt_mib: 1)"#,
    )
    .unwrap();
    let cfg = format!(
        r#"Tune(
    name: "t-tuned",
    start_table: "table.ron",
    engine: "engine.ron",
    depth: 1,
    tuning_openings: (file: "book.txt", range: (0, 7)),
    holdout_openings: (file: "book.txt", range: (7, 10)),
    seed: 9,
    output: "out",
    pin: Some("own 11111"),
    order: ["own 011110 > own 011100"],
    move_cap: Some(120),
    method: {method},
    confirmation: {confirmation},{extra}
)"#
    );
    let path = dir.join("tune.ron");
    std::fs::write(&path, cfg).unwrap();
    (dir, gomoku_config::tune::load_tune(&path).unwrap())
}

fn opts() -> RunOptions {
    RunOptions {
        resume: true,
        skip_confirmation: true,
        command: "gomoku-arena tune tune.ron".into(),
        threads: 2,
        ..RunOptions::default()
    }
}

fn tuned(out: &Path) -> String {
    std::fs::read_to_string(out.join("tuned.ron")).unwrap()
}

/// A run played straight through: its folder (removed when dropped), outcome, table text
/// and [`progress`] at the end.
fn straight(tag: &str, method: &str) -> (ScratchDir, RunOutcome, String, usize) {
    let (dir, cfg) = project(tag, method, "(pairs: 1)");
    let out = run(&cfg, &opts()).unwrap();
    assert!(out.finished);
    let (table, progress) = (tuned(&cfg.output), progress(&cfg.output));
    (dir, out, table, progress)
}

/// The time the last step of a run's [`progress`] took, as a watcher sees it: a delay of a
/// part of it lands inside the next step, whatever the machine's pace.
struct Pace {
    last: usize,
    since: Instant,
    step: Duration,
}

impl Pace {
    fn new(progress: usize) -> Pace {
        Pace {
            last: progress,
            since: Instant::now(),
            step: Duration::ZERO,
        }
    }

    /// Notes the progress seen now.
    fn saw(&mut self, progress: usize) {
        if progress != self.last {
            self.step = self.since.elapsed();
            (self.last, self.since) = (progress, Instant::now());
        }
    }

    /// The last step's time (the time since the watcher began, before the first step).
    fn step(&self) -> Duration {
        if self.step.is_zero() {
            self.since.elapsed()
        } else {
            self.step
        }
    }
}

/// How far a run writing to `out` has come: the games journaled in its steps and the
/// iterations in its history. A stop lands between two of these or inside one.
fn progress(out: &Path) -> usize {
    let lines =
        |p: &Path| std::fs::read(p).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    let games: usize = std::fs::read_dir(out.join("steps")).map_or(0, |dir| {
        dir.flatten()
            .map(|step| lines(&step.path().join(JOURNAL_FILE)))
            .sum()
    });
    games + lines(&out.join("history.jsonl"))
}

fn resume_matches_straight(method: &str, tag: &str) {
    let (_straight_dir, reference, table, _) = straight(&format!("{tag}-straight"), method);
    assert!(reference.history.len() >= 3, "{:#?}", reference.history);

    let (_dir, cfg) = project(&format!("{tag}-resumed"), method, "(pairs: 1)");
    let first = run(
        &cfg,
        &RunOptions {
            resume: false,
            stop_after: Some(2),
            ..opts()
        },
    )
    .unwrap();
    assert!(!first.finished);
    assert_eq!(first.history.len(), 3);
    // Without --resume a checkpoint is refused.
    let refused = run(
        &cfg,
        &RunOptions {
            resume: false,
            ..opts()
        },
    );
    assert!(refused.is_err());
    let resumed = run(&cfg, &opts()).unwrap();
    assert!(resumed.finished);
    assert_eq!(resumed.history, reference.history);
    assert_eq!(resumed.table, reference.table);
    assert_eq!(tuned(&cfg.output), table);
}

#[test]
fn force_starts_over_and_deletes_only_what_tuning_wrote() {
    let (_straight_dir, straight_run, reference, _) = straight("force-straight", SPSA);
    let (_dir, cfg) = project("force", SPSA, "(pairs: 1)");
    let first = run(
        &cfg,
        &RunOptions {
            resume: false,
            stop_after: Some(1),
            ..opts()
        },
    )
    .unwrap();
    assert!(!first.finished);
    let notes = cfg.output.join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let refused = run(
        &cfg,
        &RunOptions {
            resume: false,
            ..opts()
        },
    )
    .unwrap_err();
    assert!(refused.to_string().contains("--force"), "{refused}");
    let over = run(
        &cfg,
        &RunOptions {
            resume: false,
            force: true,
            ..opts()
        },
    )
    .unwrap();
    assert!(over.finished);
    assert_eq!(over.history, straight_run.history, "started over");
    assert_eq!(tuned(&cfg.output), reference);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "mine");
}

#[test]
fn texel_resume_is_exact() {
    resume_matches_straight(TEXEL, "texel");
}

#[test]
fn spsa_resume_is_exact() {
    resume_matches_straight(SPSA, "spsa");
}

#[test]
fn match_resume_is_exact() {
    resume_matches_straight(MATCH, "match");
}

/// History lines checkpointed in `out` so far.
fn checkpointed(out: &Path) -> usize {
    std::fs::read_to_string(out.join("history.jsonl")).map_or(0, |t| t.lines().count())
}

/// Stops the run at random moments (a watcher sets the stop flag, as Ctrl-C or Slurm's
/// signal does) and resumes it until it finishes: the table and history must be the straight
/// run's, byte for byte. The moments are points of the run's [`progress`], not of time, so
/// that a busy machine moves none of them: the first after a tenth to a half of the straight
/// run's progress (so it lands while the run is going, and the invocation must return
/// unfinished), later ones anywhere in what is left; each a random part of the run's last
/// step of progress after the point is reached, so that most land inside a step (an
/// iteration played in memory, or a game of Texel's collection), whose games are then played
/// again (or, for Texel's journaled collection, continued).
fn killed_matches_straight(method: &str, tag: &str) {
    let (_straight_dir, reference, table, total_progress) =
        straight(&format!("{tag}-straight"), method);
    let total = reference.history.len();
    let (_dir, cfg) = project(&format!("{tag}-killed"), method, "(pairs: 1)");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6b11);
    let mut kills = 0;
    while checkpointed(&cfg.output) < total - 1 {
        let from = progress(&cfg.output);
        let target = if kills == 0 {
            rng.random_range(total_progress / 10..=total_progress / 2)
        } else {
            rng.random_range(from + 1..=total_progress.max(from + 1))
        };
        let part = rng.random_range(0.0..1.0);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let watcher = {
            let (stop, done, out) = (stop.clone(), done.clone(), cfg.output.clone());
            std::thread::spawn(move || {
                let mut pace = Pace::new(progress(&out));
                while !done.load(Ordering::SeqCst) {
                    let now = progress(&out);
                    if now >= target {
                        std::thread::sleep(pace.step().mul_f64(part));
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                    pace.saw(now);
                    std::thread::sleep(Duration::from_micros(500));
                }
            })
        };
        let out = run(
            &cfg,
            &RunOptions {
                stop: Some(stop.clone()),
                ..opts()
            },
        )
        .unwrap();
        done.store(true, Ordering::SeqCst);
        watcher.join().unwrap();
        if out.finished {
            assert!(kills > 0, "the first stop came after the end of the run");
            break;
        }
        kills += 1;
        assert!(kills < 60, "no progress after {kills} stops");
    }
    assert!(kills >= 1, "no stop landed while the run was going");
    let last = run(&cfg, &opts()).unwrap();
    assert!(last.finished);
    assert_eq!(last.history, reference.history);
    assert_eq!(tuned(&cfg.output), table);
}

#[test]
fn texel_stopped_at_random_moments_resumes_to_the_same_table() {
    killed_matches_straight(TEXEL, "texel-kill");
}

#[test]
fn spsa_stopped_at_random_moments_resumes_to_the_same_table() {
    killed_matches_straight(SPSA, "spsa-kill");
}

#[test]
fn match_stopped_at_random_moments_resumes_to_the_same_table() {
    killed_matches_straight(MATCH, "match-kill");
}

/// The lines sorted by job, without their timing (a journal is written in finishing order).
fn without_timing(lines: &[JournalLine]) -> Vec<JournalLine> {
    let mut lines: Vec<JournalLine> = lines.iter().map(JournalLine::without_timing).collect();
    lines.sort_by_key(|l| l.job);
    lines
}

/// Plays every step in `n` shards and merges it, then finishes the run (Texel's sweeps) as
/// the last cluster job does.
fn sharded_matches_whole(method: &str, tag: &str, n: usize) {
    let (_straight_dir, reference, table, _) = straight(&format!("{tag}-whole"), method);
    let (_dir, cfg) = project(&format!("{tag}-sharded"), method, "(pairs: 1)");
    let mut steps = 0;
    loop {
        let shards: Vec<_> = (0..n)
            .map(|i| play_shard(&cfg, (i, n), &opts()).unwrap())
            .collect();
        if shards.iter().all(|s| s.step.is_none()) {
            break;
        }
        for s in &shards {
            assert_eq!(s.games, s.total, "shard {:?} incomplete", s.dir);
            assert_eq!(s.step, shards[0].step);
        }
        assert_eq!(shards.iter().map(|s| s.total).sum::<usize>() % 2, 0);
        merge_step(&cfg, &opts()).unwrap();
        steps += 1;
        assert!(steps <= 10, "the merges do not advance the run");
    }
    assert!(steps >= 1);
    let out = run(&cfg, &opts()).unwrap();
    assert!(out.finished);
    assert_eq!(out.history, reference.history);
    assert_eq!(tuned(&cfg.output), table);
    // Texel's collection merged from shards is the collection played whole.
    if method.starts_with("Texel") {
        let journal = |root: &Path| read_journal(&root.join("steps/collect").join(JOURNAL_FILE));
        let merged = journal(&cfg.output).unwrap().lines;
        let played = journal(&reference.dir).unwrap().lines;
        assert_eq!(merged.len(), 40);
        assert_eq!(without_timing(&merged), without_timing(&played));
    }
}

#[test]
fn texel_sharded_collection_equals_the_whole_one() {
    sharded_matches_whole(TEXEL, "texel-shard", 3);
}

#[test]
fn spsa_sharded_steps_equal_whole_steps() {
    sharded_matches_whole(SPSA, "spsa-shard", 4);
}

#[test]
fn match_sharded_steps_equal_whole_steps() {
    sharded_matches_whole(MATCH, "match-shard", 4);
}

#[test]
fn a_merge_with_a_missing_shard_is_refused() {
    let (_dir, cfg) = project("missing-shard", SPSA, "(pairs: 1)");
    for i in [0, 2] {
        play_shard(&cfg, (i, 3), &opts()).unwrap();
    }
    let err = merge_step(&cfg, &opts()).unwrap_err().to_string();
    assert!(err.contains("missing") && err.contains("1/3"), "{err}");
    assert!(!cfg.output.join("state.json").exists());
}

/// What a cluster run submitted again chains: the steps ahead of the checkpoint. Shards
/// played without their merge move nothing; each merge takes a step off.
#[test]
fn steps_left_count_the_merged_steps_only() {
    let (_dir, cfg) = project("steps-left", SPSA, "(pairs: 1)");
    let all = cfg.file.method.steps();
    assert_eq!(all, 4);
    assert_eq!(steps_left(&cfg, &opts()).unwrap(), all);
    for i in [0, 2] {
        play_shard(&cfg, (i, 3), &opts()).unwrap();
    }
    assert_eq!(
        steps_left(&cfg, &opts()).unwrap(),
        all,
        "a step's shards without its merge"
    );
    play_shard(&cfg, (1, 3), &opts()).unwrap();
    merge_step(&cfg, &opts()).unwrap();
    assert_eq!(steps_left(&cfg, &opts()).unwrap(), all - 1);
    run(&cfg, &opts()).unwrap();
    assert_eq!(steps_left(&cfg, &opts()).unwrap(), 0);
    let (_other_dir, other) = project("steps-left-other", MATCH, "(pairs: 1)");
    let foreign = gomoku_config::tune::TuneConfig {
        output: cfg.output.clone(),
        ..other
    };
    assert!(
        steps_left(&foreign, &opts()).is_err(),
        "another run's checkpoint"
    );
}

/// An SPSA run started when `pairs` left out meant 4 is still the same run (as for resume,
/// shards and merges): its steps left are counted, not refused as another run's.
#[test]
fn steps_left_of_a_run_started_under_the_old_default_pairs() {
    let spsa = |pairs: &str| {
        format!("Spsa((iterations: 3,{pairs} c_end_frac: 0.2, r_end: 0.002, tie_break_margin: 30))")
    };
    let (_started_dir, started) = project("steps-left-legacy", &spsa(" pairs: 4,"), "(pairs: 1)");
    let once = RunOptions {
        stop_after: Some(1),
        ..opts()
    };
    run(&started, &once).unwrap();
    let (_, now) = project("steps-left-legacy-now", &spsa(""), "(pairs: 1)");
    let now = gomoku_config::tune::TuneConfig {
        output: started.output.clone(),
        ..now
    };
    assert_eq!(steps_left(&now, &opts()).unwrap(), 2);
}

/// Texel over the games of another run: the positions of a run's journal are those its
/// self-play collection would give, so a run with no games of its own, fed the journal of a
/// straight run's collection, fits the same table; games not decided on the board give none,
/// and a run of another board or a journal line that cannot be a game is refused by name.
#[test]
fn texel_fits_the_games_of_other_runs_as_its_own() {
    let all = TEXEL.replace("validation_fraction: 0.25", "validation_fraction: 0.0");
    let (_straight_dir, a, _, _) = straight("runs-self", &all);
    let collect = a.dir.join("steps/collect");
    let (_dir, cfg) = project(
        "runs-other",
        &all.replace(
            "games: 40,",
            &format!("games: 0, runs: [{:?}],", collect.display()),
        ),
        "(pairs: 1)",
    );
    let b = run(&cfg, &opts()).unwrap();
    assert!(b.finished);
    assert_eq!(b.table.patterns, a.table.patterns);
    assert_eq!(b.table.classes, a.table.classes);
    assert_eq!(b.history.len(), a.history.len());
    assert_ne!(
        a.table.patterns,
        seed_table().patterns,
        "the fit moved nothing"
    );
    let positions = |dir: &Path| {
        let state = std::fs::read_to_string(dir.join("state.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&state).unwrap();
        v["positions"][0].as_u64().unwrap()
    };
    let all_positions = positions(&a.dir);
    assert_eq!(positions(&b.dir), all_positions);

    // A copy of the run whose first game (by job) was lost on time gives fewer positions.
    let copy = cfg.path.parent().unwrap().join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    std::fs::copy(collect.join("run.json"), copy.join("run.json")).unwrap();
    let mut lines = read_journal(&collect.join(JOURNAL_FILE)).unwrap().lines;
    lines.sort_by_key(|l| l.job);
    lines[0].reason = gomoku_runner::Reason::TimeForfeit;
    let text: String = lines
        .iter()
        .map(|l| serde_json::to_string(l).unwrap() + "\n")
        .collect();
    std::fs::write(copy.join(JOURNAL_FILE), &text).unwrap();
    let with = |runs: &str, tag: &str| {
        let (_dir, c) = project(
            tag,
            &all.replace("games: 40,", &format!("games: 0, runs: [{runs}],")),
            "(pairs: 1)",
        );
        run(&c, &opts()).map(|o| positions(&o.dir))
    };
    let fewer = with(&format!("{:?}", copy.display()), "runs-forfeit").unwrap();
    assert!(fewer < all_positions, "{fewer} of {all_positions}");

    // A stone off the board, on line 3 of the journal.
    let mut bad = lines.clone();
    bad[2].moves[0] = [15, 3];
    let text: String = bad
        .iter()
        .map(|l| serde_json::to_string(l).unwrap() + "\n")
        .collect();
    std::fs::write(copy.join(JOURNAL_FILE), &text).unwrap();
    let e = with(&format!("{:?}", copy.display()), "runs-bad")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("games.jsonl") && e.contains("line 3") && e.contains("off the"),
        "{e}"
    );

    // A run on another board.
    let info = std::fs::read_to_string(collect.join("run.json")).unwrap();
    let other = info
        .replace("\"width\": 15", "\"width\": 13")
        .replace("\"height\": 15", "\"height\": 13");
    std::fs::write(copy.join("run.json"), other).unwrap();
    let e = with(&format!("{:?}", copy.display()), "runs-board")
        .unwrap_err()
        .to_string();
    assert!(e.contains("13x13") && e.contains("copy"), "{e}");

    // No such run: refused at load, naming the file and the field, before any game.
    let written = format!("{:?}", collect.display());
    let (dir, _) = project(
        "runs-missing",
        &all.replace("games: 40,", &format!("games: 0, runs: [{written}],")),
        "(pairs: 1)",
    );
    let file = dir.join("tune.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace(&written, "\"nowhere\"")).unwrap();
    let e = gomoku_config::tune::load_tune(&file)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("tune.ron") && e.contains("runs") && e.contains("nowhere"),
        "{e}"
    );
}

#[test]
fn a_step_is_a_batch_of_game_pairs() {
    // The tournament of a step has pair_jobs' schedule: pair p on opening p of its book, both
    // colours, the pair's own symmetry.
    let (_dir, cfg) = project("schedule", SPSA, "(pairs: 1)");
    let step = gomoku_tune::collect::collection_step(
        &cfg,
        &gomoku_config::tune::TexelSettings {
            games: 13,
            runs: Vec::new(),
            depth: 1,
            tie_break_margin: 30,
            vcf_fours: 4,
            validation_fraction: 0.1,
            iterations: 1,
            step: 0.2,
            min_step: 0.01,
        },
    )
    .unwrap();
    let schedule = step.spec.schedule();
    assert_eq!(schedule.len(), 14);
    let seed = step.spec.config.seed;
    assert_eq!(schedule, pair_jobs(0..7, 7, true, cfg.geometry, seed));
    assert_eq!(step.spec.openings[3], cfg.tuning_openings[3].moves);
}

#[test]
fn a_whole_run_writes_table_history_confirmation_and_report() {
    let (dir, cfg) = project(
        "whole",
        "Match((iterations: 2, perturb: 2, step: 0.3, max_pairs: 4, tie_break_margin: 30))",
        "(pairs: 3, tie_break_margin: 30, also: [\"table.ron\"])",
    );
    let out = run(
        &cfg,
        &RunOptions {
            command: "gomoku-arena tune tune.ron".into(),
            ..Default::default()
        },
    )
    .unwrap();
    assert!(out.finished);
    let table = gomoku_config::engine::load_table(dir.join("out/tuned.ron")).unwrap();
    assert_eq!(table.name, "t-tuned");
    assert!(table.description.contains("gomoku-arena tune tune.ron"));
    assert!(table.description.contains("seed 9"));
    assert!(table.description.contains("Confirmation"));
    let c = out.confirmation.unwrap();
    assert_eq!(c.players.len(), 3);
    assert_eq!(c.games, 3 * 2 * 3);
    assert_eq!(c.matches.iter().map(|m| m.pairs).sum::<usize>(), 3 * 3);
    assert!(dir.join("out/confirmation.json").exists());
    assert!(dir.join("out/report/report.md").exists());
    let h = load_tuning_history(dir.join("out")).unwrap();
    assert_eq!(h.steps.len(), 3);
    assert!(
        out.history
            .iter()
            .skip(1)
            .all(|l| l.note.contains("SPRT") || l.note.contains("budget"))
    );
    // No Debug text in the files written.
    for file in [
        "tuned.ron",
        "state.json",
        "history.jsonl",
        "confirmation.json",
    ] {
        let text = std::fs::read_to_string(dir.join("out").join(file)).unwrap();
        for debug in ["Some(", "None", "EngineParams", "PatternTable {"] {
            assert!(!text.contains(debug), "{file}: {text}");
        }
    }
}

#[test]
fn spsa_of_engine_fields_writes_a_whole_engine_file_and_an_elo_estimate() {
    let (dir, cfg) = project_with(
        "engine-file",
        SPSA,
        "(pairs: 1)",
        "\n    params: [(name: \"futility\", start: Some(300), min: Some(0), max: Some(2000)), (name: \"own 011110\")],",
    );
    let out = run(&cfg, &opts()).unwrap();
    assert!(out.finished);
    let what: Vec<&str> = out.files.iter().map(|f| f.0).collect();
    assert_eq!(what, ["tuned table", "tuned engine"]);
    // The engine file is complete: the engine of the tuning with the tuned table and field.
    let engine = gomoku_config::engine::load_engine(dir.join("out/tuned-engine.ron")).unwrap();
    let table = gomoku_config::engine::load_table(dir.join("out/tuned.ron")).unwrap();
    assert_eq!(engine.name, "t-tuned");
    assert_eq!(engine.params.table.patterns, table.patterns);
    let last = &out.history.last().unwrap().scores;
    let futility = last.iter().find(|s| s.0 == "futility").unwrap().1;
    assert_eq!(f64::from(engine.params.features.futility), futility.round());
    let untouched = |p: &gomoku_engine::EngineParams| (p.depth, p.top_n, p.tt_mib, p.radius);
    assert_eq!(untouched(&engine.params), untouched(&cfg.engine));
    // Every iteration has the running Elo estimate of θ against the start, with its interval.
    assert!(
        out.history[1..]
            .iter()
            .all(|l| l.elo.is_some_and(f64::is_finite) && l.elo_error95.is_some_and(|e| e > 0.0)),
        "{:?}",
        out.history
    );
    let h = load_tuning_history(dir.join("out")).unwrap();
    assert!(h.parameters && h.patterns.iter().any(|p| p.name == "futility"));
}

#[test]
fn a_run_started_under_the_old_default_pairs_keeps_them_when_resumed() {
    use gomoku_config::tune::MethodSettings;
    let method = "Spsa((iterations: 3, c_end_frac: 0.2, r_end: 0.002, tie_break_margin: 30))";
    let (_dir, cfg) = project("old-pairs", method, "(pairs: 1)");
    let pairs = |cfg: &gomoku_config::tune::TuneConfig| match &cfg.file.method {
        MethodSettings::Spsa(s) => s.pairs,
        _ => unreachable!(),
    };
    assert_eq!(pairs(&cfg), 34);
    // What a build before the noise rule made of the same file: 4 pairs.
    let mut old = cfg.clone();
    if let MethodSettings::Spsa(s) = &mut old.file.method {
        s.pairs = 4;
    }
    let first = RunOptions {
        stop_after: Some(1),
        ..opts()
    };
    run(&old, &first).unwrap();
    let out = run(&cfg, &opts()).unwrap();
    assert!(out.finished);
    let notes: Vec<&str> = out.history[1..].iter().map(|l| l.note.as_str()).collect();
    assert!(
        notes.iter().all(|n| n.contains("over 8 games")),
        "{notes:?}"
    );
    // Started afresh, the file plays the default of now.
    let fresh = RunOptions {
        force: true,
        resume: false,
        ..first
    };
    let out = run(&cfg, &fresh).unwrap();
    assert!(
        out.history[1].note.contains("over 68 games"),
        "{:?}",
        out.history
    );
}

#[test]
fn a_checkpoint_of_another_format_version_is_refused() {
    let (_dir, cfg) = project("version", SPSA, "(pairs: 1)");
    run(
        &cfg,
        &RunOptions {
            stop_after: Some(1),
            ..opts()
        },
    )
    .unwrap();
    let path = cfg.output.join("state.json");
    let mut state: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    state.as_object_mut().unwrap().remove("v");
    std::fs::write(&path, state.to_string()).unwrap();
    let err = run(&cfg, &opts()).unwrap_err().to_string();
    assert!(err.contains("format version none"), "{err}");
    state["v"] = 7.into();
    std::fs::write(&path, state.to_string()).unwrap();
    let err = run(&cfg, &opts()).unwrap_err().to_string();
    assert!(
        err.contains("format version 7") && err.contains("version 2"),
        "{err}"
    );
}

#[test]
fn the_shipped_tuning_files_load() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../configs/tune");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let text = gomoku_testdata::shipped_config_text(&path);
            let loaded_cfg = gomoku_config::tune::parse_tune(&text, &path);
            let named = format!("\"../../{}\"", gomoku_testdata::UNSHIPPED_RUN);
            if text.contains(&named) && !gomoku_testdata::unshipped_run_played(&dir.join("../..")) {
                // Its games are never shipped: without them that folder is the only error
                // (config's every_shipped_config_loads loads it with a run in their place).
                let err = loaded_cfg.unwrap_err().to_string();
                assert!(gomoku_testdata::is_unplayed_run_error(&err), "{err}");
                loaded += 1;
                continue;
            }
            let cfg = loaded_cfg.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(!cfg.tuning_openings.is_empty(), "{}", path.display());
            loaded += 1;
        }
    }
    assert!(loaded >= 5, "{loaded} tuning files in {}", dir.display());
}

/// The tuned tables of the three methods keep the pinned score (`own 11111`) exactly and the
/// order (`own 011110 > own 011100`) from a start table on the order's edge (the three one
/// below the four), so that any step raising the three or lowering the four would break it.
#[test]
fn tuned_tables_keep_the_pin_and_the_order() {
    let own = |table: &gomoku_engine::PatternTable, shape: &str| {
        table
            .patterns
            .iter()
            .find(|p| p.shape == shape)
            .unwrap()
            .own
    };
    let mut start = seed_table();
    let four = start
        .patterns
        .iter()
        .position(|p| p.shape == "011110")
        .unwrap();
    let three = start
        .patterns
        .iter()
        .position(|p| p.shape == "011100")
        .unwrap();
    start.patterns[three].own = start.patterns[four].own - 1;
    for (method, tag) in [
        (SPSA, "pin-spsa"),
        (TEXEL, "pin-texel"),
        (MATCH, "pin-match"),
    ] {
        let (dir, _) = project(tag, method, "(pairs: 1)");
        std::fs::write(dir.join("table.ron"), table_to_ron(&start)).unwrap();
        let cfg = gomoku_config::tune::load_tune(dir.join("tune.ron")).unwrap();
        assert!(run(&cfg, &opts()).unwrap().finished, "{tag}");
        let tuned = gomoku_config::engine::load_table(cfg.output.join("tuned.ron")).unwrap();
        assert_eq!(own(&tuned, "11111"), own(&start, "11111"), "{tag}: pin");
        assert!(
            own(&tuned, "011110") > own(&tuned, "011100"),
            "{tag}: order"
        );
    }
}

/// A tuning file's `params` tune engine fields beside table scores: only they move, within
/// their bounds; the games' engines carry θ ± c_k of each field (SPSA's probe), and the tuned
/// table says the fields' values.
#[test]
fn spsa_tunes_engine_fields_and_only_the_listed_parameters() {
    use gomoku_config::run::PlayerKind;
    let (dir, cfg) = project_with(
        "fields",
        "Spsa((iterations: 3, pairs: 3, r_end: 0.05, tie_break_margin: 30))",
        "(pairs: 1)",
        r#"
    params: [
        (name: "futility", min: Some(300), max: Some(700), c_end: Some(100)),
        (name: "top_n", start: Some(4), min: Some(2), max: Some(8), c_end: Some(2)),
        (name: "opp 011110"),
    ],"#,
    );
    // The first step's players, as its shard records them.
    let shard = play_shard(&cfg, (0, 1), &opts()).unwrap();
    let info = gomoku_runner::journal::RunInfo::load(&shard.dir.unwrap()).unwrap();
    let engines: Vec<_> = (info.config.players.iter())
        .map(|p| match &p.spec {
            PlayerKind::Engine(e) => e.to_params(),
            other => panic!("{other:?}"),
        })
        .collect();
    let [plus, minus] = &engines[..] else {
        panic!()
    };
    // c_0 = c_end·N^γ: futility 500 ± 100·3^0.101, top_n 4 ± 2·3^0.101, rounded.
    let sum = plus.features.futility + minus.features.futility;
    assert!((999..=1001).contains(&sum), "{sum}");
    assert!((plus.features.futility - minus.features.futility).abs() >= 200);
    let (p, m) = (plus.top_n.unwrap(), minus.top_n.unwrap());
    assert!(p.abs_diff(m) >= 4 && (7..=9).contains(&(p + m)), "{p} {m}");
    assert_eq!(plus.radius, minus.radius, "radius is not tuned");
    let out = run(&cfg, &opts()).unwrap();
    assert!(out.finished);
    let start = &out.history[0].scores;
    let last = &out.history.last().unwrap().scores;
    assert_eq!(start.len(), last.len());
    for ((name, a), (_, b)) in start.iter().zip(last) {
        match name.as_str() {
            "futility" => assert!((300.0..=700.0).contains(b), "{b}"),
            "top_n" => assert!((2.0..=8.0).contains(b), "{b}"),
            "opp 011110" => {}
            other => assert_eq!(a, b, "{other} is not tuned"),
        }
    }
    let table = tuned(&dir.join("out"));
    assert!(table.contains("Its engine fields: futility "), "{table}");
    assert!(table.contains(", top_n "), "{table}");
}

/// A tuning's time control is every step's: the iterations' games and the confirmation's play
/// under it (their run.json says so), and the tuned table says what the confirmation played.
#[test]
fn every_step_and_the_confirmation_play_the_tunings_time_control() {
    use gomoku_config::run::TimeControlSpec;
    let (dir, cfg) = project_with(
        "clock",
        "Spsa((iterations: 2, pairs: 2, tie_break_margin: 30))",
        "(pairs: 1)",
        "\n    time_control: Nodes(3000),",
    );
    assert!(gomoku_tune::plan_line(&cfg).contains("3000 nodes a move"));
    let shard = play_shard(&cfg, (0, 1), &opts()).unwrap();
    let info = gomoku_runner::journal::RunInfo::load(&shard.dir.unwrap()).unwrap();
    assert_eq!(info.config.time_control, TimeControlSpec::Nodes(3000));
    let out = run(
        &cfg,
        &RunOptions {
            skip_confirmation: false,
            ..opts()
        },
    )
    .unwrap();
    assert!(out.confirmation.is_some());
    let confirmation = dir.join("out/steps/confirmation");
    let info = gomoku_runner::journal::RunInfo::load(&confirmation).unwrap();
    assert_eq!(info.config.time_control, TimeControlSpec::Nodes(3000));
    assert!(tuned(&dir.join("out")).contains("Confirmation at 3000 nodes a move"));
    // Without one, the steps play at the tuning's depth, as before.
    let (_dir, cfg) = project("no-clock", SPSA, "(pairs: 1)");
    let shard = play_shard(&cfg, (0, 1), &opts()).unwrap();
    let info = gomoku_runner::journal::RunInfo::load(&shard.dir.unwrap()).unwrap();
    assert_eq!(info.config.time_control, TimeControlSpec::EngineDefault);
}
