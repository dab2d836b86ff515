//! `gomoku-arena play` as a person uses it: the real binary, commands typed on its standard
//! input, and what it prints and saves checked.

use gomoku_board::notation::{format_pos, parse_pos};
use gomoku_board::sgf::parse_sgf;
use gomoku_board::{Color, Geometry, Outcome, Pos};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `play` with `args`, types `input`, and returns (stdout, stderr, exit code).
fn play(args: &[&str], input: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gomoku-arena"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gomoku-arena");
    let mut stdin = child.stdin.take().expect("stdin");
    // A process that exits early closes its end; that is for the assertions to report.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("wait for gomoku-arena");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A file name under the temp dir that no other test or run uses.
fn temp_sgf(tag: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    std::env::temp_dir().join(format!(
        "gomoku-play-{tag}-{}-{nanos}.sgf",
        std::process::id()
    ))
}

fn p(s: &str) -> Pos {
    parse_pos(s, Geometry::square(15)).unwrap()
}

/// The moves announced as `COLOR: engine plays MOVE (...)`, in order.
fn engine_moves(out: &str) -> Vec<(String, String)> {
    out.lines()
        .filter_map(|l| {
            let (color, rest) = l.split_once(": engine plays ")?;
            let mv = rest.split_whitespace().next()?;
            Some((color.to_string(), mv.to_string()))
        })
        .collect()
}

fn line_after<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in:\n{out}"))
}

#[test]
fn a_game_with_mistakes_hint_undo_save_and_load() {
    let path = temp_sgf("game");
    let file = path.display().to_string();
    let input =
        format!("h8\nz99\nh8\nfly away\nhint\nundo\nh8\ni9 j10\nsave {file}\nload {file}\nquit\n");
    let (out, err, code) = play(&["--depth", "2", "--seed", "7"], &input);
    assert_eq!(code, 0, "stderr: {err}\nstdout:\n{out}");
    assert!(out.starts_with("seed 7\n"), "{out}");
    assert!(
        out.contains("you play black (X), engine (depth 2) plays white (O)"),
        "{out}"
    );
    // The first board: empty, with coordinates, black to move.
    assert!(
        out.contains("\n   a b c d e f g h i j k l m n o\n"),
        "{out}"
    );
    assert!(
        out.contains("\n 8 . . . . . . . . . . . . . . . 8\n"),
        "{out}"
    );
    assert!(out.contains("black (X) to move, move 1"), "{out}");

    // h8, the engine's reply with its search, the board with h8 and the reply in brackets.
    let replies = engine_moves(&out);
    assert_eq!(replies.len(), 2, "{out}");
    assert!(replies.iter().all(|(c, _)| c == "white"), "{replies:?}");
    let first = line_after(&out, "white: engine plays");
    assert!(first.contains("(depth 2, score "), "{first}");
    assert!(first.ends_with(" ms)"), "{first}");
    assert!(out.contains(" . . . . . . . X "), "{out}");
    assert!(out.contains("[O]"), "{out}");
    assert!(out.contains("black (X) to move, move 3"), "{out}");

    // One line for each mistake, and the game goes on.
    assert!(
        out.contains("\ninvalid move 'z99': z99 (25,98) is off the 15x15 board\n"),
        "{out}"
    );
    assert!(out.contains("\nh8 is occupied\n"), "{out}");
    assert!(
        out.contains("\nunknown command 'fly' (type help for the list)\n"),
        "{out}"
    );
    assert!(out.contains("\none move at a time, please\n"), "{out}");

    // hint: a move, the search and a principal variation starting with it.
    let hint = line_after(&out, "hint: ");
    let hinted = hint.split_whitespace().nth(1).unwrap();
    assert!(hint.contains("depth 2, score"), "{hint}");
    assert!(hint.contains(&format!(" pv {hinted}")), "{hint}");

    // undo takes back the engine's reply and h8.
    let reply1 = &replies[0].1;
    assert!(out.contains(&format!("\ntook back h8 {reply1}\n")), "{out}");

    // The save holds h8 and the second reply, with the engine's comment; load gives them back.
    let reply2 = &replies[1].1;
    assert!(
        out.contains(&format!("\nsaved 2 moves to {file}\n")),
        "{out}"
    );
    let game = parse_sgf(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        game.moves,
        vec![(Color::Black, p("h8")), (Color::White, p(reply2))]
    );
    assert!(
        game.comment(1).unwrap().starts_with("depth 2, score"),
        "{game:?}"
    );
    assert_eq!(game.black_name.as_deref(), Some("human"));
    assert_eq!(game.result, None);
    assert!(
        out.contains(&format!("\nloaded {file} (2 moves, 15x15 freestyle)\n")),
        "{out}"
    );
    assert!(out.ends_with("black (X) to move, move 3\nbye\n"), "{out}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_loaded_game_played_to_a_five_then_new_undo_save_and_quit() {
    let path = temp_sgf("five");
    let saved = temp_sgf("five-saved");
    // Black has h8..h11 open at both ends; White played elsewhere; Black to move.
    std::fs::write(
        &path,
        "(;FF[4]GM[4]SZ[15]RU[0];B[hh];W[aa];B[hi];W[ac];B[hj];W[ae];B[hk];W[ag])\n",
    )
    .unwrap();
    let input = format!(
        "load {}\nh12\na9\nhint\nsave {}\nundo\nh7\nnew\nquit\n",
        path.display(),
        saved.display()
    );
    let (out, err, code) = play(&["--depth", "2", "--seed", "1"], &input);
    assert_eq!(code, 0, "stderr: {err}\nstdout:\n{out}");
    assert!(out.contains(" 8 . . . . . . . X . . . . . . . 8"), "{out}");
    let wins: Vec<&str> = out.lines().filter(|l| l.starts_with("game over")).collect();
    assert_eq!(
        wins,
        vec![
            "game over: black wins with h8 h9 h10 h11 h12",
            "game over: black wins with h7 h8 h9 h10 h11",
        ],
        "{out}"
    );
    assert!(out.contains("\n12 . . . . . . .[X]"), "{out}");
    assert!(out.contains("\nthe game is over: type new, undo, save FILE, load FILE or quit\n"));
    assert!(out.contains("\nthe game is over: no hint\n"), "{out}");
    assert!(out.contains("\ntook back h12\n"), "{out}");
    assert!(
        engine_moves(&out).is_empty(),
        "the engine never had the move:\n{out}"
    );
    assert!(out.contains("\nnew game\n"), "{out}");
    assert!(out.ends_with("black (X) to move, move 1\nbye\n"), "{out}");

    let game = parse_sgf(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(game.moves.len(), 9);
    assert_eq!(game.moves[8], (Color::Black, p("h12")));
    assert_eq!(game.result, Some(Outcome::Win(Color::Black)));
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&saved).unwrap();
}

#[test]
fn the_engine_plays_itself_to_the_end() {
    let saved = temp_sgf("demo");
    let input = format!("h8\nsave {}\n", saved.display());
    let (out, err, code) = play(
        &[
            "--human", "none", "--depth", "2", "--size", "9", "--seed", "3",
        ],
        &input,
    );
    assert_eq!(code, 0, "stderr: {err}\nstdout:\n{out}");
    let moves = engine_moves(&out);
    assert!(moves.len() >= 9, "{out}");
    for (i, (color, _)) in moves.iter().enumerate() {
        assert_eq!(color, if i % 2 == 0 { "black" } else { "white" }, "{out}");
    }
    let over = line_after(&out, "game over: ");
    assert!(out.contains("\nthe game is over: type new, undo, save FILE, load FILE or quit\n"));
    let game = parse_sgf(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let played: Vec<String> = game
        .moves
        .iter()
        .map(|m| format_pos(m.1).unwrap())
        .collect();
    let announced: Vec<String> = moves.iter().map(|m| m.1.clone()).collect();
    assert_eq!(played, announced);
    match game.result {
        Some(Outcome::Win(c)) => {
            let line: Vec<&str> = over
                .strip_prefix(&format!("game over: {c} wins with "))
                .unwrap_or_else(|| panic!("{over}"))
                .split(' ')
                .collect();
            assert!(line.len() >= 5, "{over}");
            assert!(line.contains(&played.last().unwrap().as_str()), "{over}");
        }
        Some(Outcome::Draw) => assert_eq!(over, "game over: draw, the board is full"),
        None => panic!("no result saved: {over}"),
    }
    std::fs::remove_file(&saved).unwrap();
}

#[test]
fn renju_refuses_a_forbidden_point() {
    // Black f8 g8 and h6 h7: h8 would make two open threes.
    let input = "f8\na1\ng8\na3\nh6\na5\nh7\na7\nh8\ng9\n";
    let (out, err, code) = play(
        &["--rule", "renju", "--human", "both", "--depth", "2"],
        input,
    );
    assert_eq!(code, 0, "stderr: {err}\nstdout:\n{out}");
    assert!(out.contains("15x15 renju"), "{out}");
    assert!(out.contains("\nforbidden for black (!): h8\n"), "{out}");
    assert!(out.contains("\n 8 . . . . . X X ! "), "{out}");
    assert!(
        out.contains("\nh8 is forbidden for black under renju (double-three)\n"),
        "{out}"
    );
    // g9 is fine, and then it is White's turn.
    assert!(out.ends_with("white (O) to move, move 10\n"), "{out}");
}

#[test]
fn an_engine_config_from_configs() {
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../configs/engines/seed-d2.ron")
        .display()
        .to_string();
    let (out, err, code) = play(&["--engine", &config, "--seed", "2"], "h8\nquit\n");
    assert_eq!(code, 0, "stderr: {err}\nstdout:\n{out}");
    assert!(
        out.contains("engine seed-d2 (depth 2) plays white"),
        "{out}"
    );
    let reply = line_after(&out, "white: engine plays ");
    assert!(reply.contains("(depth 2, score "), "{reply}");

    let (_, err, code) = play(&["--engine", "/nonexistent/engine.ron"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/engine.ron"), "{err}");
}

#[test]
fn white_against_the_engine_and_bad_arguments() {
    let (out, _, code) = play(&["--human", "white", "--time-ms", "20", "--seed", "5"], "");
    assert_eq!(code, 0, "{out}");
    let moves = engine_moves(&out);
    assert_eq!(moves.len(), 1, "{out}");
    assert_eq!(moves[0].0, "black");
    assert!(out.ends_with("white (O) to move, move 2\n"), "{out}");

    let (_, err, code) = play(&["--size", "27"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--size 27"), "{err}");
    let (_, err, code) = play(&["--load", "/nonexistent/gomoku-play.sgf"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--load") && err.contains("cannot read"),
        "{err}"
    );
}

#[test]
fn a_line_over_the_limit_is_ignored_and_a_long_word_echoed_cut() {
    // 200 KB without a line break, then a word of 1,000 letters, then a real move.
    let input = format!("{}\n{}\nh8\nquit\n", "x".repeat(200_000), "y".repeat(1000));
    let (out, err, code) = play(&["--depth", "1"], &input);
    assert_eq!(code, 0, "stderr: {err}");
    assert!(
        out.contains("line longer than 65536 bytes: ignored"),
        "{out}"
    );
    let unknown = line_after(&out, "unknown command");
    assert!(
        unknown.len() < 100 && unknown.contains("yyy..."),
        "{unknown}"
    );
    assert!(
        !out.contains(&"x".repeat(100)),
        "the long line is not echoed"
    );
    assert!(
        out.contains("black (X) plays h8") || out.contains("h8"),
        "{out}"
    );
}
