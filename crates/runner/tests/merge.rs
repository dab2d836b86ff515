//! `merge_runs` with the built-in players: shards merged equal the whole run; duplicates,
//! missing jobs, foreign runs and conflicting games are reported or refused.

use gomoku_board::Pos;
use gomoku_runner::journal::{JOURNAL_FILE, RUN_FILE};
use gomoku_runner::{
    BuiltinKind, JournalLine, MergeOptions, OpenMode, Participant, RunInfo, RunOptions,
    RunnerError, TournamentSpec, merge_runs, read_journal, run_tournament, write_outputs,
};
use gomoku_testdata::ScratchDir;

mod support;

fn load_shard(dir: &Path) -> Option<(usize, usize)> {
    RunInfo::load(dir).unwrap().shard
}
use std::path::{Path, PathBuf};

fn temp_dir(tag: &str) -> ScratchDir {
    ScratchDir::new(&format!("merge-{tag}"))
}

fn spec(seed: u64) -> TournamentSpec {
    let openings: Vec<Vec<Pos>> = (0..4u8)
        .map(|i| vec![Pos::new(4, 4), Pos::new(3 + i, 3), Pos::new(2 + i, 6)])
        .collect();
    let p = |name: &str, kind: BuiltinKind| Participant {
        name: name.into(),
        factory: kind.factory(name),
    };
    let players = vec![
        p("greedy-a", BuiltinKind::Greedy),
        p("greedy-b", BuiltinKind::Greedy),
        p("random", BuiltinKind::Random),
    ];
    support::test_spec(players, openings, 9, 1, seed)
}

fn play(spec: &TournamentSpec, dir: &Path, shard: Option<(usize, usize)>, resume: bool) {
    let opts = RunOptions {
        threads: 1,
        output: Some(dir),
        shard,
        mode: OpenMode {
            resume,
            force: false,
        },
        ..RunOptions::default()
    };
    run_tournament(spec, &opts).unwrap();
}

/// The journal without timing, in job order (a resumed journal is in finishing order).
fn stripped(dir: &Path) -> Vec<JournalLine> {
    read_journal(&dir.join(JOURNAL_FILE))
        .unwrap()
        .by_job_without_timing()
}

fn no_dates(text: String) -> String {
    text.lines()
        .filter(|l| !l.starts_with("[Date "))
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_same_run(a: &Path, b: &Path) {
    assert!(
        stripped(a) == stripped(b),
        "journals of {a:?} and {b:?} differ"
    );
    let read = |d: &Path, f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(read(a, RUN_FILE), read(b, RUN_FILE));
    assert_eq!(read(a, "standings.json"), read(b, "standings.json"));
    assert_eq!(
        no_dates(read(a, "results.pgn")),
        no_dates(read(b, "results.pgn"))
    );
}

fn shards(root: &Path, spec: &TournamentSpec, n: usize) -> Vec<PathBuf> {
    (0..n)
        .map(|i| {
            let d = root.join(format!("shard-{i}"));
            play(spec, &d, Some((i, n)), false);
            d
        })
        .collect()
}

#[test]
fn shards_merge_to_the_whole_run() {
    let root = temp_dir("whole");
    let s = spec(7);
    let whole = root.join("whole");
    play(&s, &whole, None, false);
    write_outputs(&whole).unwrap();
    for n in [1, 2, 5] {
        let dirs = shards(&root.join(format!("n{n}")), &s, n);
        // The shard records itself and the unsharded run's hash.
        assert_eq!(load_shard(&dirs[0]), Some((0, n)));
        let unsharded = RunInfo {
            shard: None,
            ..RunInfo::load(&dirs[0]).unwrap()
        };
        assert_eq!(unsharded, RunInfo::load(&whole).unwrap());
        let out = root.join(format!("merged-{n}"));
        let report = merge_runs(&out, &dirs, &MergeOptions::default()).unwrap();
        assert!(report.complete() && report.duplicates.is_empty(), "{n}");
        assert_eq!(report.games, s.schedule().len());
        assert_eq!(load_shard(&out), None);
        assert_same_run(&out, &whole);
    }
}

#[test]
fn duplicates_are_kept_once_and_missing_jobs_resume() {
    let root = temp_dir("dup");
    let s = spec(8);
    let whole = root.join("whole");
    play(&s, &whole, None, false);
    write_outputs(&whole).unwrap();
    let dirs = shards(&root, &s, 3);

    // Shard 1 twice: its jobs are duplicates, the result is still the whole run.
    let twice = vec![
        dirs[0].clone(),
        dirs[1].clone(),
        dirs[1].clone(),
        dirs[2].clone(),
    ];
    let out = root.join("twice");
    let r = merge_runs(&out, &twice, &MergeOptions::default()).unwrap();
    assert!(r.complete());
    assert_eq!(r.duplicates.len(), r.inputs[1].games);
    assert!(r.duplicates_summary().contains("duplicate jobs"));
    assert_same_run(&out, &whole);

    // Shard 2 left out: its jobs are missing, named with their shard; resume completes.
    let out = root.join("partial");
    let r = merge_runs(&out, &dirs[..2], &MergeOptions::default()).unwrap();
    assert!(!r.complete());
    let expected: Vec<usize> = (0..s.schedule().len()).filter(|j| j % 3 == 2).collect();
    assert_eq!(r.missing, expected);
    assert!(
        r.missing_summary().contains("(of shard 2/3)"),
        "{}",
        r.missing_summary()
    );
    play(&s, &out, None, true);
    write_outputs(&out).unwrap();
    assert_same_run(&out, &whole);
}

#[test]
fn foreign_runs_conflicts_and_bad_outputs_are_refused() {
    let root = temp_dir("refuse");
    let a = shards(&root.join("a"), &spec(9), 2);
    let b = shards(&root.join("b"), &spec(10), 2);
    let hash = |d: &Path| RunInfo::load(d).unwrap().run;

    let err = merge_runs(
        &root.join("out"),
        &[a[0].clone(), b[1].clone()],
        &MergeOptions::default(),
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, RunnerError::ForeignRun { .. }), "{text}");
    assert!(
        text.contains(&hash(&a[0])) && text.contains(&hash(&b[1])),
        "{text}"
    );
    assert!(text.contains(&b[1].display().to_string()), "{text}");

    // A job played differently (a tampered move) is a conflict, not a duplicate.
    let copy = root.join("tampered");
    std::fs::create_dir_all(&copy).unwrap();
    std::fs::copy(a[0].join(RUN_FILE), copy.join(RUN_FILE)).unwrap();
    let mut lines = read_journal(&a[0].join(JOURNAL_FILE)).unwrap().lines;
    lines.truncate(1);
    // The last move taken back, with its per-move entries, is still a game that can have
    // been played: only the merge can tell it from the shard's.
    let l = &mut lines[0];
    l.moves.pop();
    l.nodes.pop();
    l.depth.pop();
    l.score.pop();
    l.time_us.pop();
    let text: String = lines
        .iter()
        .map(|l| serde_json::to_string(l).unwrap() + "\n")
        .collect();
    std::fs::write(copy.join(JOURNAL_FILE), text).unwrap();
    let err = merge_runs(
        &root.join("out"),
        &[a[0].clone(), copy.clone()],
        &MergeOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(err, RunnerError::MergeConflict { job: 0, .. }),
        "{err}"
    );

    // OUT may not be an input, nor an existing directory without force.
    let err = merge_runs(&a[1], &a, &MergeOptions::default()).unwrap_err();
    assert!(err.to_string().contains("also an input"), "{err}");
    let out = root.join("merged");
    merge_runs(&out, &a, &MergeOptions::default()).unwrap();
    let err = merge_runs(&out, &a, &MergeOptions::default()).unwrap_err();
    assert!(err.to_string().contains("--force"), "{err}");
    merge_runs(&out, &a, &MergeOptions { force: true }).unwrap();

    // A shard directory resumes only as the same shard.
    let err = run_tournament(
        &spec(9),
        &RunOptions {
            threads: 1,
            output: Some(&a[1]),
            mode: OpenMode {
                resume: true,
                force: false,
            },
            shard: Some((0, 2)),
            ..RunOptions::default()
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("holds shard 1/2"), "{err}");
    let whole = RunOptions {
        threads: 1,
        output: Some(&a[1]),
        mode: OpenMode {
            resume: true,
            force: false,
        },
        ..RunOptions::default()
    };
    let err = run_tournament(&spec(9), &whole).unwrap_err();
    assert!(
        err.to_string().contains("but the whole run was asked"),
        "{err}"
    );
    // A merged (shard-less) directory with games of several shards resumes only whole.
    let err = run_tournament(
        &spec(9),
        &RunOptions {
            output: Some(&out),
            shard: Some((0, 2)),
            ..whole
        },
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("holds games of several shards"),
        "{err}"
    );
}
