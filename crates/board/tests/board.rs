//! The rules of the board crate: renju forbidden moves from hand-drawn positions and from
//! real puzzles, and property tests for make/unmake, win detection, Zobrist keys and
//! symmetries against brute-force references.

use gomoku_board::renju::{self, ForbiddenKind};
use gomoku_board::{Board, BoardError, Cell, Color, Geometry, Outcome, Pos, Rule, Symmetry};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// A position drawn row by row from the top: `X` black, `O` white, `.` empty and `?` the
/// empty point under test. Spaces are ignored. k = 5.
fn diagram(rows: &[&str], rule: Rule, to_move: Color) -> (Board, Pos) {
    let rows: Vec<Vec<char>> = rows
        .iter()
        .map(|r| r.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let width = rows[0].len();
    assert!(rows.iter().all(|r| r.len() == width), "ragged diagram");
    let (mut black, mut white, mut mark) = (vec![], vec![], None);
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let pos = p(x as u8, y as u8);
            match c {
                'X' => black.push(pos),
                'O' => white.push(pos),
                '?' => mark = Some(pos),
                '.' => {}
                other => panic!("bad diagram character {other:?}"),
            }
        }
    }
    let geometry = Geometry {
        width,
        height: rows.len(),
        k: 5,
    };
    let board = Board::from_stones(geometry, rule, &black, &white, to_move).unwrap();
    (board, mark.expect("a '?' in the diagram"))
}

/// The same diagram with the colours swapped (for "White may" checks).
fn swapped(rows: &[&str]) -> Vec<String> {
    rows.iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect()
        })
        .collect()
}

/// Whether a run of `len` stones of `color` wins, written out from the rule's text.
fn rule_wins(rule: Rule, k: usize, len: usize, color: Color) -> bool {
    match (rule, color) {
        (Rule::Freestyle, _) => len >= k,
        (Rule::Standard, _) => len == k,
        (Rule::Renju, Color::Black) => len == 5,
        (Rule::Renju, Color::White) => len >= 5,
    }
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

fn stone_at(b: &Board, x: i32, y: i32) -> Option<Color> {
    if b.contains(x, y) {
        b.cell(p(x as u8, y as u8)).color()
    } else {
        None
    }
}

/// Brute force: scans every maximal run on the whole board; `[black, white]` has a win.
fn brute_winning_runs(b: &Board) -> [bool; 2] {
    let mut out = [false; 2];
    for pos in b.points() {
        let Some(c) = b.cell(pos).color() else {
            continue;
        };
        let (x, y) = (pos.x as i32, pos.y as i32);
        for (dx, dy) in DIRS {
            if stone_at(b, x - dx, y - dy) == Some(c) {
                continue; // not the start of a maximal run
            }
            let mut len = 0;
            while stone_at(b, x + dx * len as i32, y + dy * len as i32) == Some(c) {
                len += 1;
            }
            if rule_wins(b.rule(), b.k(), len, c) {
                out[c.index()] = true;
            }
        }
    }
    out
}

/// Length of the maximal run of `c` through `(x, y)` along `(dx, dy)`, treating `(x, y)` as
/// holding `c`.
fn run_through(b: &Board, x: i32, y: i32, dx: i32, dy: i32, c: Color) -> usize {
    let mut n = 1;
    for s in [1, -1] {
        let mut i = 1;
        while stone_at(b, x + s * dx * i, y + s * dy * i) == Some(c) {
            n += 1;
            i += 1;
        }
    }
    n
}

/// A slow reference for renju forbidden moves, written from the definitions with board
/// coordinates (no padded array) and trying every point of each line within reach.
fn reference_kind(b: &mut Board, pos: Pos) -> Option<ForbiddenKind> {
    b.put_stone(pos, Color::Black);
    let result = reference_with_stone(b, pos);
    b.remove_stone(pos);
    result
}

fn empty_at(b: &Board, x: i32, y: i32) -> bool {
    b.contains(x, y) && b.cell(p(x as u8, y as u8)) == Cell::Empty
}

/// Black at `(x, y)` (empty) would make a run of exactly five through it.
fn makes_exact_five(b: &Board, x: i32, y: i32, dx: i32, dy: i32) -> bool {
    empty_at(b, x, y) && run_through(b, x, y, dx, dy, Color::Black) == 5
}

fn reference_with_stone(b: &mut Board, pos: Pos) -> Option<ForbiddenKind> {
    let (x, y) = (pos.x as i32, pos.y as i32);
    let lens = DIRS.map(|(dx, dy)| run_through(b, x, y, dx, dy, Color::Black));
    if lens.contains(&5) {
        return None;
    }
    if lens.iter().any(|&l| l > 5) {
        return Some(ForbiddenKind::Overline);
    }
    // Fours: five-points whose five contains `pos`.
    let mut fours = [0; 4];
    for (d, &(dx, dy)) in DIRS.iter().enumerate() {
        let mut points = vec![];
        for s in -5..=5i32 {
            let (qx, qy) = (x + s * dx, y + s * dy);
            if s == 0 || !makes_exact_five(b, qx, qy, dx, dy) {
                continue;
            }
            // The five through q contains pos iff every point strictly between is black.
            let between_black = (1..s.abs()).all(|t| {
                stone_at(b, x + s.signum() * t * dx, y + s.signum() * t * dy) == Some(Color::Black)
            });
            if between_black {
                points.push(s);
            }
        }
        fours[d] = match points.as_slice() {
            [s1, s2] if (s1 - s2).abs() == 5 => 1, // the two ends of one straight four
            pts => pts.len(),
        };
    }
    if fours.iter().sum::<usize>() >= 2 {
        return Some(ForbiddenKind::DoubleFour);
    }
    // Threes: lines without a four where one non-forbidden move makes a straight four
    // containing `pos`.
    let mut threes = 0;
    for (d, &(dx, dy)) in DIRS.iter().enumerate() {
        if fours[d] > 0 {
            continue;
        }
        let mut is_three = false;
        for s in -4..=4i32 {
            let (qx, qy) = (x + s * dx, y + s * dy);
            if s == 0 || !empty_at(b, qx, qy) {
                continue;
            }
            let q = p(qx as u8, qy as u8);
            b.put_stone(q, Color::Black);
            // The run through q must be exactly four, contain pos, and have an empty end on
            // each side where Black makes exactly five.
            let (mut lo, mut hi) = (0, 0);
            while stone_at(b, qx - (lo + 1) * dx, qy - (lo + 1) * dy) == Some(Color::Black) {
                lo += 1;
            }
            while stone_at(b, qx + (hi + 1) * dx, qy + (hi + 1) * dy) == Some(Color::Black) {
                hi += 1;
            }
            let contains_pos = (-lo..=hi).contains(&-s);
            let straight = lo + hi + 1 == 4
                && contains_pos
                && makes_exact_five(b, qx - (lo + 1) * dx, qy - (lo + 1) * dy, dx, dy)
                && makes_exact_five(b, qx + (hi + 1) * dx, qy + (hi + 1) * dy, dx, dy);
            b.remove_stone(q);
            if straight && reference_kind(b, q).is_none() {
                is_three = true;
                break;
            }
        }
        threes += is_three as usize;
    }
    (threes >= 2).then_some(ForbiddenKind::DoubleThree)
}

// ---------------------------------------------------------------------------------------
// Renju: hand-drawn positions
// ---------------------------------------------------------------------------------------

struct Case {
    name: &'static str,
    rows: &'static [&'static str],
    expect: Option<ForbiddenKind>,
}

const DOUBLE_THREE: Option<ForbiddenKind> = Some(ForbiddenKind::DoubleThree);
const DOUBLE_FOUR: Option<ForbiddenKind> = Some(ForbiddenKind::DoubleFour);
const OVERLINE: Option<ForbiddenKind> = Some(ForbiddenKind::Overline);
const ALLOWED: Option<ForbiddenKind> = None;

/// Black to play at `?` under renju.
const CASES: &[Case] = &[
    Case {
        name: "double three: two open threes",
        rows: &[
            ".........",
            ".........",
            "....X....",
            "....X....",
            "..XX?....",
            ".........",
            ".........",
        ],
        expect: DOUBLE_THREE,
    },
    Case {
        name: "double three: two split threes (.X.X? and the diagonal X.X?)",
        rows: &[
            ".........",
            ".X.......",
            ".........",
            "...X.....",
            ".X.X?....",
            ".........",
            ".........",
        ],
        expect: DOUBLE_THREE,
    },
    Case {
        name: "double three: a three at the edge counts (|.XX? makes |.XXXX.)",
        rows: &[
            ".........",
            ".........",
            "...X.....",
            "...X.....",
            ".XX?.....",
            ".........",
            ".........",
        ],
        expect: DOUBLE_THREE,
    },
    Case {
        name: "edge: |XX? can only become |XXXX. (no straight four), so one three",
        rows: &[
            ".........",
            ".........",
            "..X......",
            "..X......",
            "XX?......",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "three blocked at one end (OXX?) is not a three",
        rows: &[
            ".........",
            ".........",
            "...X.....",
            "...X.....",
            "OXX?.....",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "X..XX?..X: each straight four would be an overline, so not a three",
        rows: &[
            ".........",
            ".........",
            ".....X...",
            ".....X...",
            "X..XX?..X",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "reference for the false threes below: O.XX? is a three via (5,4)",
        rows: &[
            "..........",
            "..........",
            "....X.....",
            "....X.....",
            "O.XX?.....",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
        ],
        expect: DOUBLE_THREE,
    },
    Case {
        name: "false three: its only four-point (5,4) would make an overline in column 5",
        rows: &[
            "..........",
            "..........",
            "....X.....",
            "....XX....",
            "O.XX?.....",
            ".....X....",
            ".....X....",
            ".....X....",
            ".....X....",
            "..........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "false three: its only four-point (5,4) would be a double four",
        rows: &[
            "..........",
            "..........",
            "....X.....",
            "....X.....",
            "O.XX?.....",
            ".....X....",
            ".....X....",
            ".....X....",
            ".....O....",
            "..........",
        ],
        expect: ALLOWED,
    },
    Case {
        // With `?` on the board, (5,4) makes a straight four on row 4, a three in column 5
        // (rows 4-6; four-point (5,3) is a mere four-three) and a three on the anti-diagonal
        // (5,4),(6,3),(7,2) (four-point (8,1) is fine, (4,5) would be a double four): a
        // four-three-three, forbidden as a double three. So row 4 is a false three.
        name: "false three two levels down: its four-point (5,4) is a 4-3-3",
        rows: &[
            "..........",
            "..........",
            "....X..X..",
            "....X.X...",
            "O.XX?.....",
            ".....X....",
            ".....X....",
            "..........",
            "..........",
            "..........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "same without the anti-diagonal: (5,4) is only a four-three, so double three",
        rows: &[
            "..........",
            "..........",
            "....X.....",
            "....X.....",
            "O.XX?.....",
            ".....X....",
            ".....X....",
            "..........",
            "..........",
            "..........",
        ],
        expect: DOUBLE_THREE,
    },
    Case {
        name: "four-three is allowed",
        rows: &[
            ".........",
            ".........",
            "....X....",
            "....X....",
            "OXXX?....",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "straight four alone is allowed",
        rows: &[
            ".........",
            ".........",
            ".........",
            ".........",
            ".XX?X....",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "double four on two lines",
        rows: &[
            "....O....",
            "....X....",
            "....X....",
            "....X....",
            "OXXX?....",
            ".........",
            ".........",
        ],
        expect: DOUBLE_FOUR,
    },
    Case {
        name: "double four on one line: X.X?X.X",
        rows: &[
            ".........",
            ".........",
            "X.X?X.X..",
            ".........",
            ".........",
        ],
        expect: DOUBLE_FOUR,
    },
    Case {
        name: "double four on one line: XX.?X.XX",
        rows: &[
            ".........",
            ".........",
            "XX.?X.XX.",
            ".........",
            ".........",
        ],
        expect: DOUBLE_FOUR,
    },
    Case {
        name: "double four on one line: XXX.?.XXX",
        rows: &[
            ".........",
            ".........",
            "XXX.?.XXX",
            ".........",
            ".........",
        ],
        expect: DOUBLE_FOUR,
    },
    Case {
        name: "double four on one diagonal: X.X?X.X",
        rows: &[
            "X........",
            ".........",
            "..X......",
            "...?.....",
            "....X....",
            ".........",
            "......X..",
        ],
        expect: DOUBLE_FOUR,
    },
    Case {
        name: "overline: XXX?XX",
        rows: &[
            ".........",
            ".........",
            ".XXX?XX..",
            ".........",
            ".........",
        ],
        expect: OVERLINE,
    },
    Case {
        name: "five wins even with an overline in another line",
        rows: &[
            ".........",
            "...X.....",
            "...X.....",
            "...X.....",
            ".XX?XX...",
            "...X.....",
            "...X.....",
        ],
        expect: ALLOWED,
    },
    Case {
        name: "five wins even with a double four in other lines",
        rows: &[
            "...O...O.",
            "...X..X..",
            "...X.X...",
            "...XX....",
            ".XX?XX...",
            ".........",
            ".........",
        ],
        expect: ALLOWED,
    },
];

#[test]
fn renju_cases_from_diagrams() {
    for case in CASES {
        let (mut board, pos) = diagram(case.rows, Rule::Renju, Color::Black);
        let before = board.clone();
        let kind = renju::forbidden_kind(&mut board, pos);
        assert_eq!(kind, case.expect, "{}\n{board:?}", case.name);
        assert_eq!(board, before, "{}: board not restored", case.name);
        assert_eq!(
            renju::is_forbidden(&board, pos),
            case.expect.is_some(),
            "{}",
            case.name
        );
        assert_eq!(
            renju::is_forbidden_in_place(&mut board, pos),
            case.expect.is_some()
        );
        assert_eq!(
            reference_kind(&mut board, pos),
            case.expect,
            "reference: {}",
            case.name
        );
        assert_eq!(board, before);
        assert_eq!(
            renju::forbidden_points(&board).contains(&pos),
            case.expect.is_some(),
            "{}",
            case.name
        );
        assert_eq!(board.is_legal(pos), case.expect.is_none(), "{}", case.name);

        // try_make: refused under renju, played under freestyle and standard.
        let result = board.clone().try_make(pos);
        match case.expect {
            Some(_) => assert_eq!(result, Err(BoardError::Forbidden(pos)), "{}", case.name),
            None => assert_eq!(result, Ok(()), "{}", case.name),
        }
        for rule in [Rule::Freestyle, Rule::Standard] {
            let (mut free, pos) = diagram(case.rows, rule, Color::Black);
            assert_eq!(free.try_make(pos), Ok(()), "{} under {rule}", case.name);
        }
        // White is never restricted: the same shape in white stones.
        let rows = swapped(case.rows);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let (mut white, pos) = diagram(&rows, Rule::Renju, Color::White);
        assert!(!white.is_forbidden(pos));
        assert_eq!(white.try_make(pos), Ok(()), "{} for white", case.name);
    }
}

#[test]
fn overline_forbidden_for_black_but_wins_for_white() {
    let rows = [".........", ".XXX?XX..", "........."];
    let (mut black, pos) = diagram(&rows, Rule::Renju, Color::Black);
    assert_eq!(black.try_make(pos), Err(BoardError::Forbidden(pos)));
    let (mut white, pos) = diagram(
        &swapped(&rows)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        Rule::Renju,
        Color::White,
    );
    white.try_make(pos).unwrap();
    assert_eq!(white.winner(), Some(Color::White));
    assert_eq!(white.outcome(), Some(Outcome::Win(Color::White)));
    // Freestyle: Black wins with six; standard: six is no win.
    let (mut free, pos) = diagram(&rows, Rule::Freestyle, Color::Black);
    free.try_make(pos).unwrap();
    assert_eq!(free.winner(), Some(Color::Black));
    let (mut standard, pos) = diagram(&rows, Rule::Standard, Color::Black);
    standard.try_make(pos).unwrap();
    assert_eq!(standard.winner(), None);
}

#[test]
fn five_with_overline_elsewhere_wins_for_black() {
    let case = CASES
        .iter()
        .find(|c| c.name.starts_with("five wins even with an overline"))
        .unwrap();
    let (mut b, pos) = diagram(case.rows, Rule::Renju, Color::Black);
    b.try_make(pos).unwrap();
    assert_eq!(b.winner(), Some(Color::Black));
    assert_eq!(b.winning_line().map(|l| l.len()), Some(5));
}

#[test]
fn double_four_forbidden_for_black_only() {
    let rows = [
        "....O....",
        "....X....",
        "....X....",
        "....X....",
        "OXXX?....",
        ".........",
    ];
    let (mut black, pos) = diagram(&rows, Rule::Renju, Color::Black);
    assert_eq!(black.try_make(pos), Err(BoardError::Forbidden(pos)));
    let swapped = swapped(&rows);
    let (mut white, pos) = diagram(
        &swapped.iter().map(String::as_str).collect::<Vec<_>>(),
        Rule::Renju,
        Color::White,
    );
    white.try_make(pos).unwrap();
    assert_eq!(white.winner(), None);
}

#[test]
fn forbidden_only_matters_for_black_to_move() {
    // The double-three point is forbidden to Black, but when White is to move
    // `Board::is_forbidden` says no (White may take it), while `renju::is_forbidden` still
    // answers for Black.
    let (b, pos) = diagram(CASES[0].rows, Rule::Renju, Color::White);
    assert!(!b.is_forbidden(pos));
    assert!(renju::is_forbidden(&b, pos));
    let (b, pos) = diagram(CASES[0].rows, Rule::Freestyle, Color::Black);
    assert!(!b.is_forbidden(pos));
}

// ---------------------------------------------------------------------------------------
// Renju: the puzzles' winning lines
// ---------------------------------------------------------------------------------------

/// The renju puzzles of `../shared` (see shared/data/README.md), one JSON object a line.
const PUZZLES: &str = "data/puzzles/tactics_normalized.jsonl";

/// The raw JSON value of `key` in a one-line object (enough for this file's flat objects).
fn json_field<'a>(line: &'a str, key: &str) -> &'a str {
    let tag = format!("\"{key}\":");
    let start = line.find(&tag).unwrap_or_else(|| panic!("no {key}")) + tag.len();
    let rest = &line[start..];
    let mut depth = 0;
    let mut in_string = false;
    for (i, c) in rest.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '[' | '{' if !in_string => depth += 1,
            ']' | '}' if !in_string => {
                if depth == 0 {
                    return &rest[..i];
                }
                depth -= 1;
            }
            ',' if !in_string && depth == 0 => return &rest[..i],
            _ => {}
        }
    }
    rest
}

fn json_str(line: &str, key: &str) -> String {
    json_field(line, key).trim().trim_matches('"').to_string()
}

/// `[[x,y],...]` as points; `null` as `None`.
fn json_points(line: &str, key: &str) -> Option<Vec<Pos>> {
    let raw = json_field(line, key).trim();
    if raw == "null" {
        return None;
    }
    let numbers: Vec<u8> = raw
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(numbers.len().is_multiple_of(2));
    Some(numbers.chunks(2).map(|c| p(c[0], c[1])).collect())
}

#[test]
fn puzzle_winning_lines_are_legal_under_renju() {
    let Some(text) = gomoku_testdata::shared_text(PUZZLES) else {
        return;
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut checked = 0;
    for &line in &lines {
        let id = json_str(line, "id");
        if json_str(line, "expect") != "win" {
            continue;
        }
        let size: usize = json_str(line, "size").parse().unwrap();
        let attacker = match json_str(line, "attacker").as_str() {
            "black" => Color::Black,
            _ => Color::White,
        };
        let to_move = match json_str(line, "to_move").as_str() {
            "black" => Color::Black,
            _ => Color::White,
        };
        let black = json_points(line, "black").unwrap();
        let white = json_points(line, "white").unwrap();
        let moves = json_points(line, "line").expect("a winning line");
        let mut b =
            Board::from_stones(Geometry::square(size), Rule::Renju, &black, &white, to_move)
                .unwrap();
        assert!(
            renju::forbidden_points(&b)
                .iter()
                .all(|&q| b.cell(q) == Cell::Empty)
        );
        for (n, &m) in moves.iter().enumerate() {
            let mover = b.to_move();
            if attacker == Color::Black && mover == Color::Black {
                assert!(
                    !renju::is_forbidden(&b, m),
                    "{id}: attacker move {} {m:?} is forbidden\n{b:?}",
                    n + 1
                );
            }
            // Every move of a line, the defender's too, must be playable.
            b.try_make(m)
                .unwrap_or_else(|e| panic!("{id}: move {}: {e}\n{b:?}", n + 1));
        }
        // The lines stop at a threat that cannot be parried; for Black that is a four, so
        // Black then has a point where it makes exactly five.
        if attacker == Color::Black {
            let fives = b
                .points()
                .filter(|&q| b.cell(q) == Cell::Empty && b.wins_at(q, Color::Black));
            assert!(
                fives.count() >= 1,
                "{id}: the line should end with a four\n{b:?}"
            );
        }
        checked += 1;
    }
    // The file holds 26 cases, 20 of them wins with their line (shared/data/README.md).
    assert_eq!(
        (lines.len(), checked),
        (26, 20),
        "(puzzles, winning lines checked)"
    );
}

// ---------------------------------------------------------------------------------------
// Tic-tac-toe
// ---------------------------------------------------------------------------------------

#[test]
fn tic_tac_toe_lines() {
    let g = Geometry {
        width: 3,
        height: 3,
        k: 3,
    };
    let mut lines: Vec<[Pos; 3]> = vec![];
    for i in 0..3u8 {
        lines.push([p(0, i), p(1, i), p(2, i)]); // rows
        lines.push([p(i, 0), p(i, 1), p(i, 2)]); // columns
    }
    lines.push([p(0, 0), p(1, 1), p(2, 2)]);
    lines.push([p(2, 0), p(1, 1), p(0, 2)]);
    for rule in [Rule::Freestyle, Rule::Standard] {
        for line in &lines {
            for last in 0..3 {
                for color in [Color::Black, Color::White] {
                    let others: Vec<Pos> = (0..3).filter(|&j| j != last).map(|j| line[j]).collect();
                    let (black, white) = match color {
                        Color::Black => (others.clone(), vec![]),
                        Color::White => (vec![], others.clone()),
                    };
                    let mut b = Board::from_stones(g, rule, &black, &white, color).unwrap();
                    assert!(b.wins_at(line[last], color));
                    assert!(!b.wins_at(line[last], color.opponent()));
                    b.try_make(line[last]).unwrap();
                    assert_eq!(b.winner(), Some(color), "{line:?}");
                    let mut got = b.winning_line().unwrap();
                    got.sort();
                    let mut want = line.to_vec();
                    want.sort();
                    assert_eq!(got, want);
                    assert!(b.try_make(p(0, 0)).is_err());
                }
            }
        }
    }
    // A drawn game: X O X / X O O / O X X.
    let mut b = Board::new(g, Rule::Freestyle).unwrap();
    let game = [
        p(0, 0),
        p(1, 0),
        p(2, 0),
        p(1, 1),
        p(0, 1),
        p(2, 1),
        p(1, 2),
        p(0, 2),
        p(2, 2),
    ];
    for (i, &m) in game.iter().enumerate() {
        b.try_make(m).unwrap();
        if i + 1 < game.len() {
            assert_eq!(b.outcome(), None, "after move {}", i + 1);
        }
    }
    assert_eq!(b.outcome(), Some(Outcome::Draw));
    assert_eq!(b.try_make(p(0, 0)), Err(BoardError::Occupied(p(0, 0))));
}

// ---------------------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------------------

/// Width, height, k and rule: sides 3..=`max_side`, k 3..=7 fitting the board, renju only
/// with k = 5.
fn geometry_and_rule(max_side: usize) -> impl Strategy<Value = (Geometry, Rule)> {
    (3..=max_side, 3..=max_side, 3usize..=7, 0..3u8).prop_map(|(width, height, k, r)| {
        let k = k.min(width.max(height));
        let mut rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][r as usize];
        let mut k = k;
        if rule == Rule::Renju {
            if width.max(height) >= 5 {
                k = 5;
            } else {
                rule = Rule::Standard;
            }
        }
        (Geometry { width, height, k }, rule)
    })
}

/// Plays a random legal game near the stones already played (more wins on large boards):
/// each choice picks among those moves; stops when the game is over or the choices run out.
fn play_random_local(b: &mut Board, choices: &[u32]) -> Vec<Pos> {
    let mut moves = vec![];
    for &c in choices {
        if b.outcome().is_some() {
            break;
        }
        let near = |q: Pos| {
            moves.is_empty()
                || moves.iter().any(|m: &Pos| {
                    (m.x as i32 - q.x as i32).abs() <= 2 && (m.y as i32 - q.y as i32).abs() <= 2
                })
        };
        let mut legal: Vec<Pos> = b.points().filter(|&q| b.is_legal(q) && near(q)).collect();
        if legal.is_empty() {
            legal = b.points().filter(|&q| b.is_legal(q)).collect();
        }
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        b.try_make(m).unwrap();
        moves.push(m);
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn make_unmake_restores_board_and_key(
        (geometry, rule) in geometry_and_rule(32),
        choices in prop::collection::vec(any::<u32>(), 0..80),
    ) {
        let mut b = Board::new(geometry, rule).unwrap();
        let mut snapshots = vec![b.clone()];
        let mut keys = vec![b.key()];
        for &c in &choices {
            if b.outcome().is_some() {
                break;
            }
            let legal: Vec<Pos> = b.points().filter(|&q| b.is_legal(q)).collect();
            if legal.is_empty() {
                break;
            }
            b.make(legal[c as usize % legal.len()]);
            snapshots.push(b.clone());
            keys.push(b.key());
        }
        let played = snapshots.len() - 1;
        prop_assert_eq!(b.history().len(), played);
        prop_assert_eq!(b.stone_count(), played);
        for i in (0..played).rev() {
            prop_assert!(b.unmake().is_some());
            prop_assert_eq!(&b, &snapshots[i]);
            prop_assert_eq!(b.key(), keys[i]);
            prop_assert_eq!(b.cells(), snapshots[i].cells());
            prop_assert_eq!(b.history(), snapshots[i].history());
        }
        prop_assert_eq!(b.unmake(), None);
    }

    #[test]
    fn win_detection_matches_brute_force(
        (geometry, rule) in geometry_and_rule(9),
        choices in prop::collection::vec(any::<u32>(), 0..81),
    ) {
        let mut b = Board::new(geometry, rule).unwrap();
        for &c in &choices {
            if b.outcome().is_some() {
                break;
            }
            // Every empty point, both colours: wins_at agrees with a whole-board scan after
            // putting the stone there (no winning run exists before it: the game is on).
            let empties: Vec<Pos> = b.points().filter(|&q| b.cell(q) == Cell::Empty).collect();
            for &q in &empties {
                for color in [Color::Black, Color::White] {
                    let fast = b.wins_at(q, color);
                    b.put_stone(q, color);
                    let brute = brute_winning_runs(&b)[color.index()];
                    b.remove_stone(q);
                    prop_assert_eq!(fast, brute, "{:?} {:?}\n{:?}", q, color, b);
                }
            }
            let legal: Vec<Pos> = empties.iter().copied().filter(|&q| b.is_legal(q)).collect();
            if legal.is_empty() {
                break;
            }
            let mover = b.to_move();
            b.try_make(legal[c as usize % legal.len()]).unwrap();
            let brute = brute_winning_runs(&b);
            prop_assert_eq!(b.winner() == Some(mover), brute[mover.index()], "{:?}", b);
            prop_assert!(!brute[mover.opponent().index()], "{:?}", b);
            prop_assert_eq!(b.winner().is_some(), brute[mover.index()]);
            if let Some(line) = b.winning_line() {
                prop_assert!(rule_wins(rule, geometry.k, line.len(), mover));
                prop_assert!(line.iter().all(|&q| b.cell(q) == mover.cell()));
            }
        }
    }

    #[test]
    fn zobrist_key_matches_recomputation_and_ignores_move_order(
        (geometry, rule) in geometry_and_rule(20),
        choices in prop::collection::vec(any::<u32>(), 0..60),
        shuffle in prop::collection::vec(any::<u32>(), 60),
    ) {
        let mut b = Board::new(geometry, rule).unwrap();
        let moves = play_random_local(&mut b, &choices);
        let black: Vec<Pos> = moves.iter().step_by(2).copied().collect();
        let white: Vec<Pos> = moves.iter().skip(1).step_by(2).copied().collect();
        let fresh = Board::from_stones(geometry, rule, &black, &white, b.to_move()).unwrap();
        prop_assert_eq!(fresh.key(), b.key());
        prop_assert_eq!(&fresh, &b);
        let other_side = Board::from_stones(geometry, rule, &black, &white, b.to_move().opponent()).unwrap();
        prop_assert_ne!(other_side.key(), b.key());

        // The same stones in another order (each side's moves permuted) give the same key.
        let permute = |list: &[Pos]| {
            let mut list = list.to_vec();
            for i in (1..list.len()).rev() {
                list.swap(i, shuffle[i] as usize % (i + 1));
            }
            list
        };
        let (pb, pw) = (permute(&black), permute(&white));
        let mut again = Board::new(geometry, rule).unwrap();
        for i in 0..moves.len() {
            again.make(if i % 2 == 0 { pb[i / 2] } else { pw[i / 2] });
        }
        prop_assert_eq!(again.key(), b.key());
        prop_assert_eq!(&again, &b);
        // And back to empty.
        while again.unmake().is_some() {}
        prop_assert_eq!(again.key(), Board::new(geometry, rule).unwrap().key());
    }

    #[test]
    fn symmetries_commute_with_rules(
        (geometry, rule) in geometry_and_rule(12),
        choices in prop::collection::vec(any::<u32>(), 0..60),
    ) {
        let mut b = Board::new(geometry, rule).unwrap();
        let moves = play_random_local(&mut b, &choices);
        for &s in Symmetry::of(geometry) {
            let mut t = Board::new(geometry, rule).unwrap();
            for &m in &moves {
                t.try_make(s.apply(m, geometry)).unwrap();
            }
            prop_assert_eq!(t.winner(), b.winner(), "{:?}", s);
            prop_assert_eq!(t.outcome(), b.outcome());
            for q in b.points() {
                let sq = s.apply(q, geometry);
                prop_assert_eq!(t.cell(sq), b.cell(q));
                if b.cell(q) == Cell::Empty {
                    for color in [Color::Black, Color::White] {
                        prop_assert_eq!(t.wins_at(sq, color), b.wins_at(q, color));
                    }
                }
            }
            if rule == Rule::Renju {
                let mut want: Vec<Pos> =
                    renju::forbidden_points(&b).iter().map(|&q| s.apply(q, geometry)).collect();
                want.sort();
                let mut got = renju::forbidden_points(&t);
                got.sort();
                prop_assert_eq!(got, want, "{:?}", s);
            }
        }
    }

    #[test]
    fn symmetries_form_the_dihedral_group((geometry, _) in geometry_and_rule(32)) {
        let group = Symmetry::of(geometry);
        prop_assert_eq!(group.len(), if geometry.width == geometry.height { 8 } else { 4 });
        let points: Vec<Pos> = Board::new(geometry, Rule::Freestyle).unwrap().points().collect();
        for &s in group {
            prop_assert!(s.fits(geometry));
            // A bijection on the points.
            let mut image: Vec<Pos> = points.iter().map(|&q| s.apply(q, geometry)).collect();
            prop_assert!(image.iter().all(|q| (q.x as usize) < geometry.width && (q.y as usize) < geometry.height));
            image.sort();
            image.dedup();
            prop_assert_eq!(image.len(), points.len());
            // Identity and inverses.
            prop_assert_eq!(s.then(Symmetry::Identity), s);
            prop_assert_eq!(Symmetry::Identity.then(s), s);
            prop_assert!(group.contains(&s.inverse()));
            prop_assert_eq!(s.then(s.inverse()), Symmetry::Identity);
            prop_assert_eq!(s.inverse().then(s), Symmetry::Identity);
            for &q in &points {
                prop_assert_eq!(s.inverse().apply(s.apply(q, geometry), geometry), q);
            }
            for &t in group {
                // Closure, and `then` means "apply s, then t".
                let st = s.then(t);
                prop_assert!(group.contains(&st));
                for &q in &points {
                    prop_assert_eq!(st.apply(q, geometry), t.apply(s.apply(q, geometry), geometry));
                }
                for &u in group {
                    prop_assert_eq!(s.then(t).then(u), s.then(t.then(u)));
                }
            }
        }
        prop_assert_eq!(Symmetry::FlipX.then(Symmetry::FlipY), Symmetry::Rotate180);
        let (w, h) = (geometry.width as u8, geometry.height as u8);
        prop_assert_eq!(Symmetry::FlipX.apply(p(0, 0), geometry), p(w - 1, 0));
        prop_assert_eq!(Symmetry::FlipY.apply(p(0, 0), geometry), p(0, h - 1));
        if geometry.width == geometry.height {
            let r = Symmetry::Rotate90;
            prop_assert_eq!(r.then(r).then(r).then(r), Symmetry::Identity);
            prop_assert_ne!(r.then(r), Symmetry::Identity);
            prop_assert_eq!(r.then(r), Symmetry::Rotate180);
            prop_assert_eq!(r.then(r).then(r), Symmetry::Rotate270);
            // Clockwise on screen: the top-left corner goes to the top-right.
            prop_assert_eq!(r.apply(p(0, 0), geometry), p(w - 1, 0));
        }
    }

    /// Renju on random crowded positions: the fast check agrees with the slow reference
    /// (which tries every point of each line), never changes the board, and agrees with
    /// `is_forbidden` and `forbidden_points`.
    #[test]
    fn renju_matches_reference_on_random_positions(
        size in 7usize..=15,
        stones in prop::collection::vec((any::<u8>(), any::<u8>(), 0u8..10), 10..70),
    ) {
        let g = Geometry::square(size);
        // Stones in a window of about 7x7 to 9x9, mostly black so shapes form.
        let span = 9.min(size) as u8;
        let (mut black, mut white) = (vec![], vec![]);
        let mut seen = std::collections::HashSet::new();
        for (x, y, c) in stones {
            let q = p(x % span, y % span);
            if seen.insert(q) {
                if c < 7 { black.push(q) } else { white.push(q) }
            }
        }
        let mut b = Board::from_stones(g, Rule::Renju, &black, &white, Color::Black).unwrap();
        let before = b.clone();
        let listed = renju::forbidden_points(&b);
        for q in b.points().collect::<Vec<_>>() {
            if b.cell(q) != Cell::Empty {
                continue;
            }
            let fast = renju::forbidden_kind(&mut b, q);
            prop_assert_eq!(&b, &before);
            prop_assert_eq!(b.stone_count(), before.stone_count());
            let slow = reference_kind(&mut b, q);
            prop_assert_eq!(fast, slow, "{:?}\n{:?}", q, b);
            prop_assert_eq!(renju::is_forbidden(&b, q), fast.is_some());
            prop_assert_eq!(listed.contains(&q), fast.is_some());
        }
    }
}

/// The random games above do reach wins, overlines and forbidden points (a guard against the
/// properties passing vacuously).
#[test]
fn random_games_cover_wins_and_forbidden_points() {
    let mut seed = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 32) as u32
    };
    let (mut wins, mut forbidden) = (0, 0);
    for game in 0..200 {
        let rule = [Rule::Freestyle, Rule::Standard, Rule::Renju][game % 3];
        let mut b = Board::new(Geometry::square(9), rule).unwrap();
        let choices: Vec<u32> = (0..81).map(|_| next()).collect();
        play_random_local(&mut b, &choices);
        wins += b.winner().is_some() as usize;
        if rule == Rule::Renju {
            b.set_to_move(Color::Black);
            forbidden += !renju::forbidden_points(&b).is_empty() as usize;
        }
    }
    assert!(wins > 50, "{wins} wins");
    assert!(forbidden > 5, "{forbidden} games with forbidden points");
}

/// Crowded random renju positions reach every kind of forbidden point, and the fast check
/// agrees with the reference on all of them.
#[test]
fn random_positions_cover_every_forbidden_kind() {
    let mut seed = 0x0ddb_a11c_afef_00d0_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 32) as u32
    };
    let mut counts = std::collections::HashMap::new();
    for _ in 0..300 {
        let mut b = Board::new(Geometry::square(11), Rule::Renju).unwrap();
        for _ in 0..(20 + next() % 40) {
            let q = p((next() % 9) as u8, (next() % 9) as u8);
            if b.cell(q) == Cell::Empty {
                let c = if next() % 10 < 7 {
                    Color::Black
                } else {
                    Color::White
                };
                b.put_stone(q, c);
            }
        }
        for q in b.points().collect::<Vec<_>>() {
            if b.cell(q) == Cell::Empty {
                let kind = renju::forbidden_kind(&mut b, q);
                assert_eq!(kind, reference_kind(&mut b, q), "{q:?}\n{b:?}");
                *counts.entry(kind).or_insert(0usize) += 1;
            }
        }
    }
    for kind in [OVERLINE, DOUBLE_FOUR, DOUBLE_THREE] {
        assert!(counts.get(&kind).copied().unwrap_or(0) > 10, "{counts:?}");
    }
}
