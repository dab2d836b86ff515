//! The session against scripted managers: every command, its replies and its errors.

use super::*;
use crate::brain::CentreBrain;

fn run<B: Brain>(s: &mut Session<B>, lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for l in lines {
        s.handle_line(l, &mut out);
    }
    out.iter().map(|r| r.to_string()).collect()
}

#[test]
fn a_line_over_the_limit_is_an_error_and_the_session_goes_on() {
    let mut input = b"START 15\n".to_vec();
    input.extend(std::iter::repeat_n(b'X', 3 * crate::MAX_LINE));
    input.extend_from_slice(b"\nBEGIN\n");
    let mut out = Vec::new();
    serve(&mut Session::new(CentreBrain), &input[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["OK", "ERROR line longer than 65536 bytes", "7,7"],
    );
    // A long unknown word within the limit is echoed cut.
    let mut out = Vec::new();
    let word = "Y".repeat(1000);
    serve(
        &mut Session::new(CentreBrain),
        format!("{word}\n").as_bytes(),
        &mut out,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        format!("UNKNOWN command {}...\n", &word[..ECHO_CHARS])
    );
}

#[test]
fn basic_session() {
    let mut s = Session::new(CentreBrain);
    assert_eq!(run(&mut s, &["START 15\r\n"]), ["OK"]);
    assert_eq!(run(&mut s, &["BEGIN"]), ["7,7"]);
    let r = run(&mut s, &["TURN 8,8"]);
    assert_eq!(r.len(), 1);
    assert_eq!(s.board().unwrap().stone_count(), 3);
    assert_eq!(run(&mut s, &["TURN 8,8"]), ["ERROR point 8,8 is occupied"]);
    assert_eq!(run(&mut s, &["TAKEBACK 8,8"]), ["OK"]);
    assert_eq!(s.board().unwrap().stone_count(), 2);
    assert!(run(&mut s, &["START 2"])[0].starts_with("ERROR"));
    assert!(run(&mut s, &["START 40"])[0].starts_with("ERROR"));
    assert!(run(&mut s, &["TURN 1,1"])[0].starts_with("ERROR"));
    assert_eq!(run(&mut s, &["RECTSTART 20,15"]), ["OK"]);
    assert_eq!(s.board().unwrap().width(), 20);
    assert_eq!(
        run(&mut s, &["frobnicate 3"]),
        ["UNKNOWN command FROBNICATE"]
    );
    assert!(run(&mut s, &["ABOUT"])[0].starts_with("name=\"gomoku-arena\""));
    assert_eq!(run(&mut s, &["PLAY 3,4"]), ["3,4"]);
    let mut out = Vec::new();
    assert_eq!(s.handle_line("end", &mut out), Flow::Exit);
}

#[test]
fn board_colours() {
    let mut s = Session::new(CentreBrain);
    run(&mut s, &["START 15"]);
    // Opponent (2) played first: we are White.
    let r = run(&mut s, &["BOARD", "7,7,2", "8,8,1", "9,9,2", "DONE"]);
    assert_eq!(r.len(), 1, "{r:?}");
    let b = s.board().unwrap();
    assert_eq!(b.history().len(), 4);
    assert_eq!(b.cell(Pos::new(7, 7)), Cell::Black);
    assert_eq!(b.cell(Pos::new(8, 8)), Cell::White);
    // Equal counts: we are Black; non-alternating order falls back to a set-up.
    run(&mut s, &["RESTART"]);
    run(
        &mut s,
        &["BOARD", "1,1,1", "2,2,1", "3,3,2", "4,4,2", "done"],
    );
    let b = s.board().unwrap();
    assert_eq!(b.cell(Pos::new(1, 1)), Cell::Black);
    assert_eq!(b.cell(Pos::new(4, 4)), Cell::White);
    assert_eq!(b.stone_count(), 5);
    assert_eq!(b.to_move(), Color::White);
    // Bad lines are reported, the rest is used.
    run(&mut s, &["RESTART"]);
    let r = run(&mut s, &["BOARD", "x", "99,1,1", "1,1,7", "DONE"]);
    assert_eq!(r.len(), 4, "{r:?}");
}

#[test]
fn rule_change_keeps_position() {
    let mut s = Session::new(CentreBrain);
    run(&mut s, &["START 15", "BEGIN", "INFO rule 4"]);
    assert_eq!(s.rule(), Rule::Renju);
    assert_eq!(s.board().unwrap().rule(), Rule::Renju);
    assert_eq!(s.board().unwrap().stone_count(), 1);
    assert!(run(&mut s, &["INFO rule 8"])[0].starts_with("ERROR"));
    run(&mut s, &["INFO rule 3"]);
    assert_eq!(s.rule(), Rule::Standard);
}

/// A brain that always proposes the same point.
struct Stubborn(Pos);

impl Brain for Stubborn {
    fn new_game(&mut self) {}
    fn think(&mut self, _: &Board, _: crate::brain::Budget) -> crate::brain::Thought {
        crate::brain::Thought {
            best: Some(self.0),
            info: "stubborn".into(),
        }
    }
}

#[test]
fn illegal_brain_moves_are_replaced_by_legal_ones() {
    // Black's 7,7 would be a double three under renju.
    let mut s = Session::new(Stubborn(Pos::new(7, 7)));
    let mut out = Vec::new();
    for l in [
        "INFO rule 4",
        "START 15",
        "BOARD",
        "5,7,1",
        "0,0,2",
        "6,7,1",
        "14,0,2",
        "7,5,1",
        "0,14,2",
        "7,6,1",
        "14,14,2",
        "DONE",
    ] {
        s.handle_line(l, &mut out);
    }
    let Some(Reply::Move(p)) = out.last().cloned() else {
        panic!("{out:?}")
    };
    assert_ne!(p, Pos::new(7, 7));
    assert!(
        out.iter()
            .any(|r| matches!(r, Reply::Debug(d) if d.contains("not a legal")))
    );
    // Off-board proposals too.
    let mut s = Session::new(Stubborn(Pos::new(200, 3)));
    let mut out = Vec::new();
    s.handle_line("START 15", &mut out);
    s.handle_line("BEGIN", &mut out);
    assert_eq!(out.last(), Some(&Reply::Move(Pos::new(7, 7))));
}

/// 50,000 lines of command words and garbage: no panic, every unknown first word is
/// answered UNKNOWN, every move answered stands on the session's board, and the session
/// still plays a game afterwards.
#[test]
fn random_input_never_panics_and_leaves_a_working_session() {
    use rand::{RngExt, SeedableRng};
    let commands = [
        "START",
        "RECTSTART",
        "RESTART",
        "BEGIN",
        "TURN",
        "BOARD",
        "INFO",
        "END",
        "ABOUT",
        "TAKEBACK",
        "PLAY",
    ];
    // Every command but END (which would end the session), and what follows them.
    let words: Vec<&str> = commands
        .into_iter()
        .filter(|&c| c != "END")
        .chain([
            "DONE",
            "rule",
            "timeout_turn",
            "time_left",
            "1,1,1",
            "2,2,2",
            "3,3,3",
            "7,7",
            "0,0",
            "-1,5",
            "31,31",
            "40,2",
            "5",
            "15",
            "4",
            "0",
            "20,15",
            "x",
            ",",
            "",
            "\r",
            "99999999999999",
            "3,3,9",
        ])
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut s = Session::new(CentreBrain);
    let mut out = Vec::new();
    let (mut unknown, mut errors, mut moves) = (0, 0, 0);
    for _ in 0..50_000 {
        let n = rng.random_range(1..4);
        let line: Vec<&str> = (0..n)
            .map(|_| words[rng.random_range(0..words.len())])
            .collect();
        let line = line.join(" ");
        let in_block = s.block.is_some();
        out.clear();
        s.handle_line(&line, &mut out);
        let first = line.split_whitespace().next().map(str::to_ascii_uppercase);
        if !in_block && first.is_some_and(|w| !commands.contains(&w.as_str())) {
            assert!(
                out.iter().any(|r| matches!(r, Reply::Unknown(_))),
                "{line:?}: {out:?}"
            );
        }
        for r in &out {
            match r {
                Reply::Unknown(_) => unknown += 1,
                Reply::Error(_) => errors += 1,
                Reply::Move(p) => {
                    moves += 1;
                    let board = s.board().expect("a move needs a game");
                    assert!(
                        board.check_on_board(*p).is_ok() && board.cell(*p) != Cell::Empty,
                        "{line:?}: {p:?} is not a stone of the board"
                    );
                }
                _ => {}
            }
        }
    }
    // The input reached the commands as well as the garbage.
    assert!(
        unknown > 1000 && errors > 1000 && moves > 100,
        "{unknown} UNKNOWN, {errors} ERROR, {moves} moves"
    );
    // Whatever state it left, a new game starts and is played.
    let mut run = |line: &str| {
        out.clear();
        s.handle_line(line, &mut out);
        out.clone()
    };
    run("DONE");
    assert!(run("START 15").contains(&Reply::Ok));
    assert_eq!(run("BEGIN").last(), Some(&Reply::Move(Pos::new(7, 7))));
    let reply = run("TURN 0,0");
    let Some(Reply::Move(p)) = reply.last() else {
        panic!("no move: {reply:?}")
    };
    assert!(![Pos::new(7, 7), Pos::new(0, 0)].contains(p));
    assert_eq!(s.board().map(|b| b.stone_count()), Some(3));
}

/// Every numeric field of the engine file is an `INFO` key of the engine brain: a value in
/// range is taken, a value out of range or a key it does not have is an `ERROR` that changes
/// nothing, and the protocol's and other managers' keys are still ignored quietly.
#[test]
fn info_sets_the_engine_fields_by_their_file_names() {
    use crate::brain::EngineBrain;
    use gomoku_engine::EngineParams;
    use gomoku_engine::fields::NUMERIC_FIELDS;
    let brain = EngineBrain::new(EngineParams::default(), 0).unwrap();
    let mut s = Session::new(brain);
    let quiet = [
        "START 15",
        "INFO futility 700",
        "INFO top_n 7",
        "INFO vct_depth 9",
    ];
    assert_eq!(run(&mut s, &quiet), ["OK"]);
    let p = s.brain().params().clone();
    assert_eq!(
        (p.features.futility, p.top_n, p.vct_depth),
        (700, Some(7), 9)
    );
    let refused = run(
        &mut s,
        &[
            "INFO futility 1000001",
            "INFO top_n 0",
            "INFO futility x",
            "INFO futilty 5",
            "INFO lmr 0",
        ],
    );
    assert_eq!(refused.len(), 5, "{refused:?}");
    assert!(
        refused[0].starts_with("ERROR INFO futility: futility: 1000001 not in 0..=1000000"),
        "{refused:?}"
    );
    assert!(
        refused[1].starts_with("ERROR INFO top_n: top_n: 0 not in 1..=1024"),
        "{refused:?}"
    );
    assert!(
        refused.iter().skip(2).all(|r| r.starts_with("ERROR INFO ")),
        "{refused:?}"
    );
    assert!(refused[3].contains("unknown key"), "{refused:?}");
    assert_eq!(s.brain().params(), &p, "a refused value changes nothing");
    let ignored = [
        "INFO evaluate 7,7",
        "INFO thread_num 4",
        "INFO max_node 9000",
    ];
    assert!(run(&mut s, &ignored).is_empty());
    // Each field at its bounds is taken.
    for f in NUMERIC_FIELDS.iter().filter(|f| f.name != "tt_mib") {
        for v in [f.min, f.max] {
            let said = run(&mut s, &[&format!("INFO {} {v}", f.name)]);
            assert!(said.is_empty(), "{} {v}: {said:?}", f.name);
            assert_eq!(f.get(s.brain().params()), Some(v), "{}", f.name);
        }
    }
    assert_eq!(run(&mut s, &["INFO tt_mib 2"]), Vec::<String>::new());
    assert_eq!(s.brain().params().tt_mib, 2);
}
