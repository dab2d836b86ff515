//! `gomoku-arena match` end to end: flags alone play the games of the equivalent tournament
//! file (the same journal, run hash included, and PGN) and resume as it does; `--verbose`
//! prints c-gomoku-cli's line for every game; an external engine (our own pbrain) plays from
//! `cmd:`; bad flags exit 2 with a message that names the flag, before any game; c-gomoku-cli's
//! command lines give the games c-gomoku-cli gave for them (recorded in `c-gomoku-cli/`).

use gomoku_runner::outputs::termination;
use gomoku_runner::{GameResult, JournalLine, Reason, read_journal};
use gomoku_testdata::ScratchDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_gomoku-arena");
const PBRAIN: &str = env!("CARGO_BIN_EXE_pbrain-gomoku-arena");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A fresh temp dir with a 4-opening book.
fn setup(tag: &str) -> ScratchDir {
    let dir = ScratchDir::new(&format!("cli-match-{tag}"));
    std::fs::write(dir.join("book.txt"), "h8g7i9\nh8i7g9\nh8h7i8\nh8g9j8\n").unwrap();
    dir
}

/// Runs gomoku-arena from the repository root (where `configs/` is).
fn arena(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(repo())
        .output()
        .unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_ok(o: &Output) {
    assert!(o.status.success(), "{:?}\n{}", o.status, text(&o.stderr));
}

/// A journal's lines by job, without the timing fields.
fn games(dir: &Path) -> Vec<JournalLine> {
    read_journal(&dir.join("games.jsonl"))
        .unwrap()
        .by_job_without_timing()
}

/// `results.pgn` without its `[Date]` lines (the time each game ended).
fn pgn(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("results.pgn"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("[Date "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn flags_play_the_games_of_the_equivalent_tournament_file_and_resume_as_it_does() {
    let dir = setup("same");
    let engines = repo().join("configs/engines");
    let config = format!(
        r#"Tournament(
    name: "from a file",
    participants: [
        Variant(base: "{d2}", name: "seed-d2-depth1", overrides: (depth: 1)),
        Variant(base: "{d4}", name: "narrow", overrides: (depth: 1, top_n: 3)),
        Builtin(name: "random", kind: Random),
    ],
    openings: (file: "book.txt", limit: 2, transform: true),
    seed: 11,
    threads: 2,
    output: "file",
    standings_every: 0,
)
"#,
        d2 = engines.join("seed-d2.ron").display(),
        d4 = engines.join("seed-d4.ron").display(),
    );
    std::fs::write(dir.join("t.ron"), config).unwrap();
    assert_ok(&arena(&["tournament", s(&dir.join("t.ron")), "--quiet"]));

    let out = dir.join("flags");
    let book = dir.join("book.txt");
    let flags = [
        "match",
        "--engine",
        "seed-d2 depth=1",
        "--engine",
        "configs/engines/seed-d4.ron depth=1 top_n=3 name=narrow",
        "--engine",
        "random",
        "--book",
        s(&book),
        "--games",
        "4",
        "--transform",
        "--seed",
        "11",
        "--threads",
        "2",
        "--out",
        s(&out),
        "--quiet",
    ];
    assert_ok(&arena(&flags));

    let from_file = games(&dir.join("file"));
    let from_flags = games(&out);
    // 3 pairs x 2 openings x 2 colours.
    assert_eq!(from_flags.len(), 12);
    assert_eq!(
        from_flags, from_file,
        "the same games under the same run hash"
    );
    assert_eq!(pgn(&out), pgn(&dir.join("file")));
    for f in [
        "games.sgf",
        "standings.json",
        "run.json",
        "report/report.html",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }

    // A second run refuses the directory; --resume plays nothing and keeps the journal.
    let again = arena(&flags);
    assert_eq!(again.status.code(), Some(2), "{}", text(&again.stderr));
    let resumed = arena(&[&flags[..], &["--resume"]].concat());
    assert_ok(&resumed);
    assert!(
        text(&resumed.stderr).contains("(12 resumed)"),
        "{}",
        text(&resumed.stderr)
    );
    assert_eq!(games(&out), from_file);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn verbose_prints_a_finished_line_and_the_score_per_game() {
    let dir = setup("verbose");
    let out = dir.join("out");
    let o = arena(&[
        "match",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--book",
        s(&dir.join("book.txt")),
        "--games",
        "4",
        "--rounds",
        "2",
        "--seed",
        "3",
        "--threads",
        "2",
        "--out",
        s(&out),
        "--verbose",
    ]);
    assert_ok(&o);
    let stdout = text(&o.stdout);
    let finished: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Finished game "))
        .collect();
    let journal = games(&out);
    assert_eq!(journal.len(), 8);
    assert_eq!(finished.len(), journal.len(), "{stdout}");
    for g in &journal {
        let result = g.result.expect("a finished game");
        let score = match result {
            GameResult::Black => "1-0",
            GameResult::White => "0-1",
            GameResult::Draw => "1/2-1/2",
        };
        let line = format!(
            "Finished game {} ({} vs {}): {score} {{{}}}",
            g.job + 1,
            g.black,
            g.white,
            termination(result, g.reason)
        );
        assert!(finished.contains(&line.as_str()), "{line} in\n{stdout}");
    }
    let scores: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Score of greedy vs random: "))
        .collect();
    assert_eq!(scores.len(), 8, "{stdout}");
    assert!(scores[7].ends_with(" 8"), "{}", scores[7]);
    // The match ends as fastchess's and c-gomoku-cli's do: the score from the first
    // player's side, Elo with its interval, LOS and the pair counts.
    let (mut w, mut l, mut d) = (0, 0, 0);
    for g in &journal {
        match (g.result.unwrap(), g.black == "greedy") {
            (GameResult::Draw, _) => d += 1,
            (GameResult::Black, true) | (GameResult::White, false) => w += 1,
            _ => l += 1,
        }
    }
    let ending = stdout
        .split_once("Results of greedy vs random (8 games, 4 pairs):\n")
        .unwrap_or_else(|| panic!("no ending in\n{stdout}"))
        .1;
    let score = format!("Score: {w} - {l} - {d} (W - L - D), points ");
    assert!(ending.starts_with(&score), "{score} in\n{ending}");
    assert!(
        ending.contains("\nElo: ") && ending.contains(", LOS: "),
        "{ending}"
    );
    assert!(ending.contains("\nPtnml(0-2): ["), "{ending}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_external_engine_plays_from_cmd() {
    let dir = setup("external");
    let out = dir.join("out");
    let engine = format!(
        "cmd:{PBRAIN} arg=--engine arg={} arg=--depth arg=1",
        repo().join("configs/engines/seed-d2.ron").display()
    );
    let o = arena(&[
        "match",
        "--engine",
        &engine,
        "--engine",
        "greedy",
        "--book",
        s(&dir.join("book.txt")),
        "--games",
        "2",
        "--move-time",
        "2s",
        "--threads",
        "1",
        "--out",
        s(&out),
        "--quiet",
    ]);
    assert_ok(&o);
    let journal = games(&out);
    assert_eq!(journal.len(), 2);
    for g in &journal {
        assert!(g.result.is_some() && g.message.is_none(), "{g:?}");
        assert!(
            [g.black.as_str(), g.white.as_str()].contains(&"pbrain-gomoku-arena"),
            "{g:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_flags_exit_2_naming_the_flag_before_any_game() {
    let dir = setup("bad");
    let out = dir.join("out");
    let book = dir.join("book.txt");
    let base = ["match", "--out", s(&out), "--book", s(&book)];
    let pbrain = format!("cmd:{PBRAIN}");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--engine", "nowhere/engine.ron", "--engine", "greedy"],
            "nowhere/engine.ron",
        ),
        (
            &["--engine", "no-such-engine", "--engine", "greedy"],
            "the shipped engines are",
        ),
        (
            &["--engine", "seed-d2 dpth=3", "--engine", "greedy"],
            "--engine \"seed-d2 dpth=3\": 'dpth=3'",
        ),
        (
            &["--engine", "seed-d2 depth=99", "--engine", "greedy"],
            "--engine \"seed-d2 depth=99\": ",
        ),
        (
            &["--engine", "seed-d2 top_n=(1)", "--engine", "greedy"],
            "a value is a number",
        ),
        (
            &["--engine", "greedy depth=2", "--engine", "random"],
            "takes no settings",
        ),
        (
            &[
                "--engine",
                "seed-d2",
                "--engine",
                "greedy",
                "--move-time",
                "soon",
            ],
            "'soon': expected milliseconds",
        ),
        (
            &[
                "--engine",
                "seed-d2",
                "--engine",
                "greedy",
                "--game-time",
                "0+100",
            ],
            "base_ms must be in",
        ),
        (
            &["--engine", "seed-d2", "--engine", "greedy", "--depth", "0"],
            "the depth must be in 1..=64",
        ),
        (
            &[
                "--engine", "seed-d2", "--engine", "greedy", "--depth", "2", "--nodes", "9",
            ],
            "cannot be used with",
        ),
        (
            &["--engine", &pbrain, "--engine", "greedy"],
            "give move_time_ms=MS",
        ),
        (
            &["--engine", "seed-d2", "--engine", "greedy", "--games", "3"],
            "--games: 3: give an even number",
        ),
        (
            &["--engine", "seed-d2", "--engine", "greedy", "--games", "20"],
            "need 10 openings",
        ),
        (
            &["--engine", "seed-d2", "--engine", "greedy", "--board", "40"],
            "--board/--k/--rule: ",
        ),
        (&["--engine", "seed-d2"], "at least two participants"),
        (
            &["--engine", "seed-d2 'open", "--engine", "greedy"],
            "quoting",
        ),
    ];
    for (args, expected) in cases {
        let o = arena(&[&base[..], args].concat());
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(expected),
            "{args:?}: expected '{expected}' in {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} started a run");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One game a line as the recordings in `tests/c-gomoku-cli/` hold it: the PGN's Event,
/// Round, Black and White, the SGF header without its date, result and termination, and
/// the opening stones.
fn cgc_keys(pgn: &str, sgf: &str) -> Vec<String> {
    let mut tags = Vec::new();
    let mut game = Vec::new();
    for line in pgn.lines() {
        for tag in ["Event", "Round", "Black", "White"] {
            if let Some(v) = line.strip_prefix(&format!("[{tag} \"")) {
                game.push(v.trim_end_matches("\"]").to_string());
            }
        }
        if line.starts_with("[PlyCount ") {
            tags.push(std::mem::take(&mut game).join(" "));
        }
    }
    let sgf_games = sgf.split("(;").skip(1).map(|g| {
        let mut head = g.lines().next().unwrap_or("").to_string();
        for prop in ["DT[", "RE[", "TE["] {
            if let Some(at) = head.find(prop) {
                let end = at + head[at..].find(']').unwrap() + 1;
                head.replace_range(at..end, "");
            }
        }
        let stones: String = g
            .split(';')
            .filter_map(|m| m.trim_end().strip_suffix("C[opening move]"))
            .collect();
        format!("{head} | {stones}")
    });
    tags.into_iter()
        .zip(sgf_games)
        .map(|(t, g)| format!("{t} | {g}"))
        .collect()
}

/// c-gomoku-cli's command lines of issue 47 run unchanged (engines aside) and give the
/// games c-gomoku-cli gave for them: the same pairs, colours, openings and transforms, in
/// the same order, under the same names, rounds and game numbers (recorded with
/// c-gomoku-cli; the moves after the opening are the engines' and not compared).
#[test]
fn c_gomoku_cli_command_lines_give_its_schedule() {
    let Some(book) = gomoku_testdata::shared("data/openings/gomocup_freestyle15_2026.txt") else {
        return;
    };
    let dir = setup("cgc");
    std::fs::copy(book, dir.join("open.txt")).unwrap();
    let recorded = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c-gomoku-cli");
    let engine = |depth: u32| format!("cmd={PBRAIN} --depth {depth}");
    for (file, extra) in [
        (
            "sequential",
            "-openings file=open.txt type=offset order=sequential",
        ),
        (
            "gauntlet",
            "-gauntlet -rounds 2 -openings file=open.txt type=offset order=sequential",
        ),
        (
            "random",
            "-transform -openings file=open.txt type=offset order=random srand=7",
        ),
        // The same games; -pgn and -sgf get only those the first engine lost.
        (
            "loseonly",
            "-gauntlet -rounds 2 -loseonly -openings file=open.txt type=offset order=sequential",
        ),
        // The test never decides on these 72 games (c-gomoku-cli ended at LLR -0.810).
        (
            "sprt",
            "-openings file=open.txt type=offset order=sequential -sprt elo0=0 elo1=10",
        ),
        // Decided early (H0): the run stops as finished, its games a prefix of the schedule.
        (
            "decided",
            "-openings file=open.txt type=offset order=sequential -sprt elo0=300 elo1=400",
        ),
    ] {
        let mut args: Vec<String> = ["-each", "tc=0/0.1", "-engine", "name=a"]
            .map(String::from)
            .into();
        args.push(engine(1));
        args.extend(["-engine".into(), "name=b".into(), engine(2)]);
        if file == "gauntlet" || file == "loseonly" {
            args.extend(["-engine".into(), "name=c".into(), engine(1)]);
        }
        let common = "-rule 0 -boardsize 15 -games 72 -repeat -concurrency 2 -drawafter 225";
        args.extend(common.split(' ').chain(extra.split(' ')).map(String::from));
        args.extend(["-pgn", "a.pgn", "-sgf", "a.sgf", "--out", file].map(String::from));
        let o = Command::new(BIN)
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_ok(&o);
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
        let ours = cgc_keys(&read("a.pgn"), &read("a.sgf"));
        let recording = match file {
            "decided" => "sprt",
            "loseonly" => "gauntlet",
            _ => file,
        };
        let theirs = std::fs::read_to_string(recorded.join(format!("{recording}.txt"))).unwrap();
        let theirs: Vec<&str> = theirs.lines().filter(|l| !l.starts_with('#')).collect();
        let said = format!("{}{}", text(&o.stdout), text(&o.stderr));
        if file == "loseonly" {
            // c-gomoku-cli's PGN writes White's win as 1-0.
            let mut game = (String::new(), String::new());
            let mut lost = 0;
            for line in read("a.pgn").lines() {
                if let Some(v) = line.strip_prefix("[Black \"") {
                    game.0 = v.trim_end_matches("\"]").into();
                }
                if let Some(v) = line.strip_prefix("[Result \"") {
                    game.1 = v.trim_end_matches("\"]").into();
                }
                if line.starts_with("[PlyCount ") {
                    let a_black = game.0 == "a";
                    assert!(game.1 == if a_black { "1-0" } else { "0-1" }, "{game:?}");
                    lost += 1;
                }
            }
            assert_eq!(lost, ours.len());
            // Every game the journal says `a` lost, and only those.
            let a_lost = games(&dir.join(file))
                .iter()
                .filter(|g| match g.result {
                    Some(GameResult::Black) => g.white == "a",
                    Some(GameResult::White) => g.black == "a",
                    _ => false,
                })
                .count();
            assert_eq!(lost, a_lost);
            assert!(0 < lost && lost < theirs.len(), "{lost}");
            let mut rest = theirs.iter();
            for game in &ours {
                assert!(
                    rest.any(|t| t == game),
                    "{game} not in the schedule's order"
                );
            }
            continue;
        }
        if file == "decided" {
            assert!(said.contains("]. H0 accepted."), "{said}");
            // How soon depends on the engines' clocked threat searches (machine load),
            // so only "before the schedule's end" is asserted.
            assert!(ours.len() < theirs.len(), "{} games", ours.len());
        } else {
            assert_eq!(ours.len(), theirs.len(), "{file}");
        }
        if file == "sprt" {
            assert!(
                said.contains("SPRT: LLR = ") && !said.contains("accepted"),
                "{said}"
            );
        }
        for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(a, b, "{file}: game {}", i + 1);
        }
    }
    // An option we cannot honour stops the run before any game, named.
    let o = Command::new(BIN)
        .args(["-engine", &engine(1), "tc=1", "-engine", &engine(2), "tc=1"])
        .args([
            "-openings",
            "file=open.txt",
            "-resign",
            "count=3",
            "--out",
            "refused",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).starts_with("error: -resign: not supported"));
    assert!(!dir.join("refused").exists());
}

/// c-gomoku-cli's `depth=`, `thread=` and `option.NAME=VALUE` reach the engine as `INFO`
/// lines after the limits, at the start of every game, as c-gomoku-cli sends them.
#[test]
fn c_gomoku_cli_engine_options_are_sent_as_info_at_each_game() {
    let dir = setup("cgc-options");
    let script = dir.join("rec.sh");
    // One log per engine process (`$$`): two `tee`s appending to one file may interleave
    // their lines when one engine is still being stopped as the next starts.
    let body = format!(
        "#!/bin/sh\ntee '{}/a.'$$'.log' | exec '{PBRAIN}' --depth 1\n",
        s(&dir)
    );
    std::fs::write(&script, body).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let other = format!("cmd={PBRAIN} --depth 1");
    let o = Command::new(BIN)
        .args([
            "-each",
            "tc=0/1",
            "option.hash_size=64",
            "-engine",
            "name=a",
        ])
        .args([
            "cmd=./rec.sh",
            "depth=3",
            "thread=2",
            "-engine",
            "name=b",
            &other,
        ])
        .args(["-games", "2", "-openings", "file=book.txt", "type=pos"])
        .args(["--out", "run"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&o);
    // Each game's lines as its engine's log holds them.
    let games_logged = || -> Vec<String> {
        let mut logs = engine_logs(&dir);
        logs.sort();
        logs.iter()
            .flat_map(|p| {
                let text = std::fs::read_to_string(p).unwrap();
                text.split("START 15\n")
                    .skip(1)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    // `tee` is not the engine's process: it may still be writing when the run has ended its
    // engines, so the logs are read until both games' options are in them (5 s at most).
    let mut games = games_logged();
    for _ in 0..50 {
        if games.len() == 2 && games.iter().all(|g| g.contains("INFO hash_size 64")) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        games = games_logged();
    }
    assert_eq!(games.len(), 2, "{games:?}");
    for game in &games {
        let infos: Vec<&str> = game.lines().filter(|l| l.starts_with("INFO ")).collect();
        let at = infos.iter().position(|l| *l == "INFO rule 0");
        let at = at.unwrap_or_else(|| panic!("no rule sent: {game}"));
        assert_eq!(
            infos[at + 1..at + 4],
            ["INFO max_depth 3", "INFO thread_num 2", "INFO hash_size 64"],
            "{game}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `.log` files of `dir`: one per engine process the recording script started.
fn engine_logs(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect()
}

/// Runs c-gomoku-cli's command line `-each TC -engine name=a (logged) -engine name=b -games
/// GAMES EXTRA...` on `book.txt` in a fresh `dir_name`, both our brain at depth 1; gives the
/// folder and every line engine a was sent.
fn cgc_sent_to_a(dir_name: &str, tc: &str, games: &str, extra: &[&str]) -> (ScratchDir, String) {
    let dir = setup(dir_name);
    // One log per engine process, as in the options test above.
    let tee = format!("tee '{}/a.'$$'.log' | exec '{PBRAIN}' --depth 1", s(&dir));
    script(&dir, "rec.sh", &tee);
    let other = format!("cmd={PBRAIN} --depth 1");
    let o = Command::new(BIN)
        .args(["-each", tc, "-engine", "name=a", "cmd=./rec.sh"])
        .args(["-engine", "name=b", &other, "-games", games])
        .args(extra)
        .args(["-openings", "file=book.txt", "type=pos", "--out", "run"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&o);
    // The logs in the order they were last written, read until two reads 100 ms apart agree
    // (`tee` may still be writing when the run has ended its engines; 5 s at most).
    let read = || -> String {
        let mut logs = engine_logs(&dir);
        logs.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
        logs.iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    };
    let mut sent = read();
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        let again = read();
        if again == sent && !sent.is_empty() {
            break;
        }
        sent = again;
    }
    (dir, sent)
}

#[test]
fn c_gomoku_cli_sendbyboard_asks_every_move_with_board_and_never_turn() {
    let (dir, sent) = cgc_sent_to_a("cgc-board", "tc=0/1", "2", &["-sendbyboard"]);
    assert!(!sent.contains("TURN "), "{sent}");
    // Without -sendbyboard each game has one BOARD (after the opening), then TURNs.
    let boards = sent.lines().filter(|l| *l == "BOARD").count();
    assert!(boards > 4, "{boards} BOARDs\n{sent}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// c-gomoku-cli's `tc=MATCH/TURN+INC`: the increment is added to the game's time before each
/// of the engine's moves, the first included, and `INFO time_left` says so.
#[test]
fn c_gomoku_cli_increment_is_added_before_each_move() {
    let (dir, sent) = cgc_sent_to_a("cgc-increment", "tc=10/1+5", "1", &[]);
    assert!(sent.contains("INFO timeout_match 10000\n"), "{sent}");
    let left: Vec<u64> = sent
        .lines()
        .filter_map(|l| l.strip_prefix("INFO time_left "))
        .map(|v| v.parse().unwrap())
        .collect();
    assert!(left.len() >= 3, "{sent}");
    assert_eq!(left[0], 15_000, "{sent}");
    // A move past 1 s plus the 3 s tolerance loses on time, so each move adds to the bank.
    assert!(left.windows(2).all(|w| w[1] > w[0]), "{left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An executable shell script `name` in `dir`.
fn script(dir: &Path, name: &str, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn c_gomoku_cli_fatalerror_stops_the_run_at_a_crash_and_resume_goes_on() {
    let dir = setup("cgc-fatal");
    // Our pbrain behind a filter that dies at the third START it sees (counted in a file,
    // so the fresh process tried after a death between games dies too) while `crash` exists.
    script(
        &dir,
        "crashy.sh",
        &format!(
            "while IFS= read -r line; do\n\
             case \"$line\" in START*) if [ -e crash ]; then\n\
             c=$(( $(cat starts 2>/dev/null || echo 0) + 1 )); echo $c > starts\n\
             [ $c -ge 3 ] && exit 1; fi;; esac\n\
             printf '%s\\n' \"$line\"\n\
             done | exec '{PBRAIN}' --depth 1"
        ),
    );
    std::fs::write(dir.join("crash"), "").unwrap();
    let other = format!("cmd={PBRAIN} --depth 1");
    let cgc = |extra: &[&str]| {
        Command::new(BIN)
            .args(["-each", "tc=0/5", "-engine", "name=good", &other])
            .args(["-engine", "name=crashy", "cmd=./crashy.sh", "-games", "4"])
            .args(["-openings", "file=book.txt", "type=pos", "--out", "run"])
            .args(extra)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let o = cgc(&["-fatalerror"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("fatal error in game 3 (") && err.contains("(crashy): crash:"),
        "{err}"
    );
    let kept = games(&dir.join("run"));
    assert_eq!(
        kept.iter().map(|l| l.job).collect::<Vec<_>>(),
        [0, 1],
        "{err}"
    );
    std::fs::remove_file(dir.join("crash")).unwrap();
    let o = cgc(&["-fatalerror", "--resume"]);
    assert_ok(&o);
    let all = games(&dir.join("run"));
    assert_eq!(all.len(), 4);
    assert_eq!(all[..2], kept[..]);
    assert!(all.iter().all(|l| l.reason != Reason::Crash), "{all:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn c_gomoku_cli_msg_log_and_debug_write_its_files_and_console_detail() {
    let dir = setup("cgc-msg");
    // Our pbrain with a second MESSAGE before each move: every message of a move is kept.
    script(
        &dir,
        "chatty.sh",
        &format!(
            "'{PBRAIN}' --depth 1 | while IFS= read -r line; do\n\
             case \"$line\" in [0-9]*) echo \"MESSAGE extra before $line\";; esac\n\
             printf '%s\\n' \"$line\"; done"
        ),
    );
    let other = format!("cmd={PBRAIN} --depth 1");
    let o = Command::new(BIN)
        .args(["-each", "tc=0/5", "-engine", "name=a", "cmd=./chatty.sh"])
        .args(["-engine", "name=b", &other, "-games", "2", "-debug"])
        .args(["-openings", "file=book.txt", "type=pos", "--out", "run"])
        .args(["-msg", "m.txt"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_ok(&o);
    let msg = std::fs::read_to_string(dir.join("m.txt")).unwrap();
    let lines = games(&dir.join("run"));
    let mut expected_heads = Vec::new();
    for l in &lines {
        expected_heads.push(format!(
            "{}\nGame ID: {}\nEngines: {} x {}\n",
            "-".repeat(40),
            l.job + 1,
            l.black,
            l.white
        ));
    }
    assert!(msg.starts_with(&expected_heads[0]), "{msg}");
    assert!(msg.contains(&expected_heads[1]), "{msg}");
    // A message line is `MOVE) NAME: TEXT`, the mover's name: Black's for an odd MOVE.
    let mut said: Vec<(u32, String, String)> = Vec::new();
    for block in msg.split(&"-".repeat(40)).skip(1) {
        let engines = block
            .lines()
            .nth(2)
            .unwrap()
            .strip_prefix("Engines: ")
            .unwrap();
        let (black, white) = engines.split_once(" x ").unwrap();
        for l in block.lines().skip(3) {
            let (n, rest) = l.split_once(") ").unwrap();
            let (name, text) = rest.split_once(": ").unwrap();
            let n: u32 = n.parse().unwrap();
            assert_eq!(name, if n % 2 == 1 { black } else { white }, "{l}\n{msg}");
            said.push((n, name.to_string(), text.to_string()));
        }
    }
    let extra = said.iter().find(|(_, _, t)| t.starts_with("extra before "));
    let (n, name, _) = extra.unwrap_or_else(|| panic!("{msg}"));
    assert_eq!(name, "a");
    // Both messages of a move are kept: pbrain's own and the extra one.
    assert!(
        said.iter()
            .any(|(m, who, t)| m == n && who == "a" && t.starts_with("depth ")),
        "{msg}"
    );
    assert!(said.iter().any(|(_, who, _)| who == "b"), "{msg}");
    // -debug turns -log on: worker 1's protocol lines, both ways, both engines.
    let log = std::fs::read_to_string(dir.join("c-gomoku-cli.1.log")).unwrap();
    for needle in [
        ": a <- START 15",
        ": a -> OK",
        ": b <- START 15",
        ": b -> OK",
    ] {
        assert!(log.contains(needle), "{needle}\n{log}");
    }
    let console = format!("{}{}", text(&o.stdout), text(&o.stderr));
    assert!(
        console.contains("Engine a output message: extra before"),
        "{console}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `-sample format=csv` writes what c-gomoku-cli wrote for the same games: `sample.csv`
/// recorded with `c-gomoku-cli -each tc=0/5 -engine name=a "cmd=./scan.sh col" -engine
/// name=b "cmd=./scan.sh row" -rule 0 -boardsize 15 -games 4 -repeat -openings file=open.txt
/// type=offset order=sequential -sample freq=1.0 format=csv file=s.csv`, the book below as
/// open.txt (`scan.sh` is a deterministic engine, so the games are the same).
#[test]
fn c_gomoku_cli_sample_writes_its_csv_for_the_same_games() {
    let dir = setup("cgc-sample");
    std::fs::write(dir.join("open.txt"), "0,0, 1,1, -1,1\n0,0, 1,0, 0,1\n").unwrap();
    let recorded = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c-gomoku-cli");
    let scan = |mode: &str| format!("cmd={} {mode}", s(&recorded.join("scan.sh")));
    let run = |sample: &[&str], out: &str| {
        let o = Command::new(BIN)
            .args(["-each", "tc=0/5", "-engine", "name=a", &scan("col")])
            .args([
                "-engine",
                "name=b",
                &scan("row"),
                "-rule",
                "0",
                "-boardsize",
                "15",
            ])
            .args([
                "-games",
                "4",
                "-repeat",
                "-openings",
                "file=open.txt",
                "type=offset",
            ])
            .args(["order=sequential", "-sample"])
            .args(sample)
            .args(["--out", out])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_ok(&o);
    };
    run(&["freq=1.0", "format=csv", "file=s.csv"], "all");
    let ours = std::fs::read_to_string(dir.join("s.csv")).unwrap();
    let theirs = std::fs::read_to_string(recorded.join("sample.csv")).unwrap();
    assert_eq!(ours, theirs);
    // freq below 1 keeps a share of the lines, in order, the same share on every run.
    run(&["freq=0.5", "file=half.csv"], "half");
    run(&["freq=0.5", "file=again.csv"], "again");
    let half = std::fs::read_to_string(dir.join("half.csv")).unwrap();
    assert_eq!(
        half,
        std::fs::read_to_string(dir.join("again.csv")).unwrap()
    );
    let kept: Vec<&str> = half.lines().collect();
    assert!(
        !kept.is_empty() && kept.len() < theirs.lines().count(),
        "{half}"
    );
    let mut all = theirs.lines();
    assert!(kept.iter().all(|k| all.any(|l| l == *k)), "{half}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// c-gomoku-cli's own README example, typed as it is (the engines and the book at our
/// paths), is accepted and gives c-gomoku-cli's schedule; read and scheduled, not played.
#[test]
fn c_gomoku_cli_readme_example_is_accepted_with_its_schedule() {
    use gomoku_config::cgc::{load_cgc, parse_cgc};
    use gomoku_config::run::PlayerKind;
    use gomoku_runner::{TournamentSpec, cgc_book_order};
    let Some(book) =
        gomoku_testdata::shared("data/openings/c-gomoku-cli_offset_freestyle_20x20.txt")
    else {
        return;
    };
    let line = format!(
        "-each tc=180/30 \
         -engine name=Wine cmd={PBRAIN} \
         -engine name=Rapfi cmd={PBRAIN} \
         -rule 0 -boardsize 20 -rounds 2 -games 4000 -debug -repeat \
         -concurrency 8 -drawafter 200 \
         -pgn my_games.pgn -sgf my_games.sgf -msg my_games.txt \
         -openings file={} order=random",
        s(&book)
    );
    let args: Vec<String> = line.split_whitespace().map(String::from).collect();
    let command = parse_cgc(&args).unwrap();
    assert!(command.debug && command.log);
    assert_eq!(command.msg, Some(PathBuf::from("my_games.txt")));
    assert_eq!(command.pgn, Some(PathBuf::from("my_games.pgn")));
    assert_eq!(command.sgf, Some(PathBuf::from("my_games.sgf")));
    let tournament = load_cgc(&command).unwrap();
    assert_eq!(tournament.threads, Some(8));
    let openings: Vec<_> = tournament
        .openings
        .iter()
        .map(|o| o.moves.clone())
        .collect();
    let spec = TournamentSpec::new(tournament.run_config(), openings.clone()).unwrap();
    let config = &spec.config;
    assert_eq!((config.board.width, config.board.height), (20, 20));
    assert_eq!(config.move_cap, Some(200));
    for p in &config.players {
        let PlayerKind::External(e) = &p.spec else {
            panic!("{} is not external", p.name);
        };
        assert_eq!((e.move_time_ms, e.game_time_ms), (30_000, Some(180_000)));
        assert!(e.keep_messages);
    }
    // 2 rounds x 4000 games of the one pair; each book line (in the order of srand 0) twice,
    // the first engine moving first after the opening in the first game, then the second.
    let jobs = spec.schedule();
    assert_eq!(jobs.len(), 8000);
    let order = cgc_book_order(openings.len(), 0);
    let mut black = [0; 2];
    for (i, job) in jobs.iter().enumerate() {
        assert_eq!((job.index, job.round, job.pair), (i, (i / 4000) as u32, 0));
        assert_eq!(
            job.opening,
            order[(i / 2) % openings.len()],
            "game {}",
            i + 1
        );
        let first_moves = if openings[job.opening].len() % 2 == 0 {
            job.black
        } else {
            job.white
        };
        assert_eq!(first_moves, i % 2, "game {}", i + 1);
        black[job.black] += 1;
    }
    assert_eq!(black, [4000, 4000]);
}
