//! Correctness oracles of the engine: incremental evaluation, symmetry, tic-tac-toe,
//! alpha-beta against plain minimax, VCF puzzles, and engine games.

use gomoku_board::{Board, ByColor, Color, Geometry, Pos, Rule, Symmetry};
use gomoku_engine::{
    CellClass, ClassSpec, CompiledTable, EVAL_LIMIT, Engine, EngineParams, Limits, PatternSpec,
    PatternTable, SearchFeatures, ThreatSpec, WIN, evaluate_from_scratch, reference, seed_table,
    tic_tac_toe_table,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

fn rich_test_table() -> PatternTable {
    let rows = [
        ("11111", 100000, -100000),
        ("011110", 20000, -25000),
        ("x11110", 900, -700),
        ("01111x", 900, -700),
        ("11011", 800, -600),
        ("0011100", 1500, -1200),
        ("x111000", 100, -90),
        ("000111x", 100, -90),
        ("010110", 400, -300),
        ("011010", 400, -300),
        ("001100", 60, -50),
        ("x1", 1, -2),
        ("1x", 1, -2),
        ("0x0", 3, -4),
        ("10000001", 7, -5),
    ];
    PatternTable {
        name: "test-rich".into(),
        description: "test table with blocked cells and a 9-cell shape".into(),
        patterns: rows
            .iter()
            .map(|&(s, a, b)| PatternSpec::new(s, a, b))
            .collect(),
        // Every class scored, with distinct values, so that a class mixed up with another,
        // or one colour's with the other's, changes the sums.
        classes: CellClass::ALL[1..]
            .iter()
            .enumerate()
            .map(|(n, &class)| ClassSpec {
                class,
                own: 13 * (n as i32 + 1),
                opp: -7 * (n as i32 + 2),
            })
            .collect(),
        // Every pair of best classes up to a five, with distinct values.
        threats: (0..=CellClass::Five.index())
            .flat_map(|own| (0..=CellClass::Five.index()).map(move |opp| (own, opp)))
            .map(|(own, opp)| ThreatSpec {
                own: CellClass::ALL[own],
                opp: CellClass::ALL[opp],
                score: 11 * own as i32 - 5 * opp as i32 + 3,
            })
            .collect(),
        order: Vec::new(),
    }
}

fn geometries() -> Vec<(Geometry, Rule)> {
    vec![
        (Geometry::square(15), Rule::Freestyle),
        (Geometry::square(15), Rule::Renju),
        (
            Geometry {
                width: 9,
                height: 7,
                k: 4,
            },
            Rule::Standard,
        ),
        (
            Geometry {
                width: 5,
                height: 8,
                k: 3,
            },
            Rule::Freestyle,
        ),
        (Geometry::square(3), Rule::Freestyle),
        (Geometry::square(20), Rule::Standard),
    ]
    .into_iter()
    .map(|(mut g, r)| {
        if g.width == 3 {
            g.k = 3;
        }
        (g, r)
    })
    .collect()
}

fn random_empty(board: &Board, rng: &mut ChaCha8Rng) -> Option<Pos> {
    let empties: Vec<Pos> = board
        .points()
        .filter(|&p| board.cell(p) == gomoku_board::Cell::Empty)
        .collect();
    if empties.is_empty() {
        None
    } else {
        Some(empties[rng.random_range(0..empties.len())])
    }
}

#[test]
fn incremental_eval_equals_scratch_after_every_make_and_unmake() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for table in [seed_table(), rich_test_table(), tic_tac_toe_table()] {
        let compiled = Arc::new(CompiledTable::compile(&table).unwrap());
        for (g, rule) in geometries() {
            for _game in 0..3 {
                let board = Board::new(g, rule).unwrap();
                let mut sb = gomoku_engine::SearchBoard::new(&board, compiled.clone(), 2);
                let mut made = 0;
                // Play until full (no win check: evaluation must hold for any stones).
                while let Some(p) = random_empty(sb.board(), &mut rng) {
                    let i = sb.index(p);
                    sb.make(i);
                    made += 1;
                    assert_eq!(
                        sb.sums(),
                        compiled.full_sums(sb.board()),
                        "{} {g} after make",
                        table.name
                    );
                    // The threat term, read from the kept class counts, as from scratch.
                    assert_eq!(
                        sb.eval() as i64,
                        evaluate_from_scratch(&compiled, sb.board()).clamp(-EVAL_LIMIT, EVAL_LIMIT),
                        "{} {g} eval after make",
                        table.name
                    );
                    if rng.random_range(0..5) == 0 {
                        // The threat searches' light moves leave the kept state stale
                        // until taken back; after that it must be exact again.
                        let mut light = 0;
                        while light < 2
                            && let Some(q) = random_empty(sb.board(), &mut rng)
                        {
                            sb.make_light(sb.index(q));
                            light += 1;
                        }
                        for _ in 0..light {
                            sb.unmake();
                        }
                        assert_eq!(sb.sums(), compiled.full_sums(sb.board()), "after light");
                    }
                    if rng.random_range(0..4) == 0 {
                        sb.unmake();
                        made -= 1;
                        assert_eq!(sb.sums(), compiled.full_sums(sb.board()), "after unmake");
                        sb.make(i);
                        made += 1;
                    }
                    if made > 60 {
                        break;
                    }
                }
                while made > 0 {
                    sb.unmake();
                    made -= 1;
                    assert_eq!(sb.sums(), compiled.full_sums(sb.board()), "unwinding");
                }
                if table.classes.is_empty() {
                    assert_eq!(sb.sums(), ByColor::default());
                }
            }
        }
    }
}

#[test]
fn static_eval_is_invariant_under_symmetries() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for table in [seed_table(), rich_test_table()] {
        let engine = Engine::new(EngineParams {
            table: table.clone(),
            ..EngineParams::default()
        })
        .unwrap();
        for g in [
            Geometry::square(15),
            Geometry {
                width: 12,
                height: 9,
                k: 5,
            },
        ] {
            for _ in 0..5 {
                let mut black = Vec::new();
                let mut white = Vec::new();
                let mut b = Board::new(g, Rule::Freestyle).unwrap();
                for n in 0..30 {
                    let p = random_empty(&b, &mut rng).unwrap();
                    b.make(p);
                    if n % 2 == 0 {
                        black.push(p)
                    } else {
                        white.push(p)
                    }
                }
                let base = engine.evaluate(&b);
                for &s in Symmetry::of(g) {
                    let tb: Vec<Pos> = black.iter().map(|&p| s.apply(p, g)).collect();
                    let tw: Vec<Pos> = white.iter().map(|&p| s.apply(p, g)).collect();
                    let t = Board::from_stones(g, Rule::Freestyle, &tb, &tw, b.to_move()).unwrap();
                    assert_eq!(engine.evaluate(&t), base, "{s:?} {}", table.name);
                }
            }
        }
    }
}

fn ttt_engine(depth: u32) -> Engine {
    Engine::new(EngineParams {
        table: tic_tac_toe_table(),
        depth,
        top_n: None,
        vcf: false,
        ..EngineParams::default()
    })
    .unwrap()
}

fn ttt(black: &[(u8, u8)], white: &[(u8, u8)], to_move: Color) -> Board {
    let g = Geometry {
        width: 3,
        height: 3,
        k: 3,
    };
    let b: Vec<Pos> = black.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let w: Vec<Pos> = white.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    Board::from_stones(g, Rule::Freestyle, &b, &w, to_move).unwrap()
}

#[test]
fn tic_tac_toe_is_a_draw_and_wins_are_found_with_their_distance() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let board = Board::new(
        Geometry {
            width: 3,
            height: 3,
            k: 3,
        },
        Rule::Freestyle,
    )
    .unwrap();
    for id in [true, false] {
        let mut e = Engine::new(EngineParams {
            iterative_deepening: id,
            ..ttt_engine(9).params().clone()
        })
        .unwrap();
        let r = e.search(&board, &Limits::default(), &mut rng);
        assert_eq!(r.score, 0, "empty board is a draw (id={id}): {r:?}");
        assert_eq!(r.win_in, None);
    }
    // X has (0,0),(1,1), O has (0,1): X completes the diagonal at once.
    let b = ttt(&[(0, 0), (1, 1)], &[(0, 1)], Color::Black);
    let r = ttt_engine(9).search(&b, &Limits::default(), &mut rng);
    assert_eq!(r.win_in, Some(1), "{r:?}");
    assert_eq!(r.best, Some(Pos::new(2, 2)));
    // X corner, O adjacent edge: X forces a fork and wins with its 3rd move.
    let b = ttt(&[(0, 0)], &[(1, 0)], Color::Black);
    let r = ttt_engine(9).search(&b, &Limits::default(), &mut rng);
    assert_eq!(r.win_in, Some(3), "{r:?}");
    // O to move facing two X threats ((2,0) and (0,2)): lost.
    let b = ttt(&[(0, 0), (1, 0), (0, 1)], &[(1, 1), (2, 2)], Color::White);
    let r = ttt_engine(9).search(&b, &Limits::default(), &mut rng);
    assert_eq!(r.win_in, Some(-1), "{r:?}");
    assert!(r.score < 0);
    // Distances agree with plain minimax.
    let e = ttt_engine(9);
    for (bl, wh, tm) in [
        (vec![(0, 0)], vec![(1, 0)], Color::Black),
        (vec![(1, 1)], vec![(0, 1)], Color::Black),
        (vec![(1, 1), (0, 1)], vec![(0, 0)], Color::White),
    ] {
        let b = ttt(&bl, &wh, tm);
        let r = ttt_engine(9).search(&b, &Limits::default(), &mut rng);
        assert_eq!(r.score, reference::minimax(&e, &b, 9), "{b:?}");
    }
}

fn random_position(g: Geometry, stones: usize, rng: &mut ChaCha8Rng) -> Option<Board> {
    let mut b = Board::new(g, Rule::Freestyle).unwrap();
    // Stones near the centre so candidate sets overlap.
    let c = g.centre();
    for _ in 0..stones {
        let mut tries = 0;
        loop {
            tries += 1;
            if tries > 100 {
                return None;
            }
            let x = c.x as i32 + rng.random_range(-2..=2);
            let y = c.y as i32 + rng.random_range(-2..=2);
            if !b.contains(x, y) {
                continue;
            }
            let p = Pos::new(x as u8, y as u8);
            if b.cell(p) == gomoku_board::Cell::Empty {
                b.make(p);
                break;
            }
        }
        if b.winner().is_some() {
            return None;
        }
    }
    Some(b)
}

#[test]
fn alpha_beta_equals_plain_minimax() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let cases = [
        (
            Geometry {
                width: 7,
                height: 7,
                k: 4,
            },
            4,
        ),
        (Geometry::square(9), 6),
    ];
    let mut checked = 0;
    for (g, stones) in cases {
        for _ in 0..6 {
            let Some(board) = random_position(g, stones, &mut rng) else {
                continue;
            };
            for depth in 1..=3u32 {
                let base = EngineParams {
                    depth,
                    top_n: None,
                    vcf: false,
                    vct: false,
                    features: SearchFeatures::NONE,
                    radius: 1,
                    ..EngineParams::default()
                };
                let oracle = reference::minimax(&Engine::new(base.clone()).unwrap(), &board, depth);
                for (tt, ord, id) in [
                    (true, true, true),
                    (true, false, false),
                    (false, true, true),
                    (true, true, false),
                ] {
                    let mut e = Engine::new(EngineParams {
                        use_tt: tt,
                        use_ordering: ord,
                        iterative_deepening: id,
                        ..base.clone()
                    })
                    .unwrap();
                    let r = e.search(&board, &Limits::default(), &mut rng);
                    assert_eq!(
                        r.score, oracle,
                        "depth {depth} tt {tt} ord {ord} id {id}\n{board:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 30);
}

#[test]
fn alpha_beta_equals_plain_minimax_depth4() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let g = Geometry {
        width: 7,
        height: 7,
        k: 4,
    };
    // Draw positions until four are compared: a draw that fails (a five on the board) is
    // skipped, and skipped draws must not let the test pass comparing fewer.
    let (mut drawn, mut compared) = (0, 0);
    while compared < 4 && drawn < 20 {
        drawn += 1;
        let Some(board) = random_position(g, 5, &mut rng) else {
            continue;
        };
        let base = EngineParams {
            depth: 4,
            top_n: None,
            vcf: false,
            vct: false,
            features: SearchFeatures::NONE,
            radius: 1,
            ..EngineParams::default()
        };
        let oracle = reference::minimax(&Engine::new(base.clone()).unwrap(), &board, 4);
        let r = Engine::new(base)
            .unwrap()
            .search(&board, &Limits::default(), &mut rng);
        assert_eq!(r.score, oracle, "{board:?}");
        compared += 1;
    }
    assert_eq!(compared, 4, "positions compared ({drawn} drawn)");
}

// ---------- VCF puzzles ----------

struct Puzzle {
    id: String,
    kind: String,
    to_move: Color,
    expect_win: bool,
    limit: u32,
    /// The longest VCF a VCT three may threaten in the published case (0 for a VCF case).
    threat_limit: u32,
    black: Vec<Pos>,
    white: Vec<Pos>,
    freestyle_ok: bool,
}

impl Puzzle {
    /// The puzzle's position on a 15x15 board under `rule`.
    fn board(&self, rule: Rule) -> Board {
        Board::from_stones(
            Geometry::square(15),
            rule,
            &self.black,
            &self.white,
            self.to_move,
        )
        .unwrap()
    }
}

fn field<'a>(line: &'a str, key: &str) -> &'a str {
    let k = format!("\"{key}\":");
    let start = line
        .find(&k)
        .map(|i| i + k.len())
        .unwrap_or_else(|| panic!("{key}"));
    let rest = &line[start..];
    let mut depth = 0;
    for (i, ch) in rest.char_indices() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' | '}' if depth == 0 => return rest[..i].trim(),
            _ => {}
        }
    }
    rest
}

fn points(v: &str) -> Vec<Pos> {
    let nums: Vec<u8> = v
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    nums.chunks(2).map(|c| Pos::new(c[0], c[1])).collect()
}

/// The renju puzzles of `../shared` (see shared/data/README.md); `None` if the file is
/// missing (the caller skips; under CI gomoku-testdata fails instead).
fn puzzles() -> Option<Vec<Puzzle>> {
    let text = gomoku_testdata::shared_text("data/puzzles/tactics_normalized.jsonl")?;
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Puzzle {
            id: field(l, "id").trim_matches('"').to_string(),
            kind: field(l, "kind").trim_matches('"').to_string(),
            to_move: if field(l, "to_move").contains("black") {
                Color::Black
            } else {
                Color::White
            },
            expect_win: field(l, "expect").contains("\"win\""),
            limit: field(l, "limit").parse().unwrap(),
            threat_limit: field(l, "threat_limit").parse().unwrap(),
            black: points(field(l, "black")),
            white: points(field(l, "white")),
            freestyle_ok: field(l, "line_verified_freestyle") == "true",
        })
        .collect();
    // The file holds 26 cases; the tests below count their share of them against this.
    assert_eq!(puzzles.len(), 26, "puzzles in the file");
    Some(puzzles)
}

fn vcf_engine() -> Engine {
    Engine::new(EngineParams::default()).unwrap()
}

#[test]
fn vcf_puzzles_win_within_limit_freestyle_sound() {
    let Some(ps) = puzzles() else {
        return;
    };
    let mut n = 0;
    for p in ps
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect_win && p.freestyle_ok)
    {
        let b = p.board(Rule::Freestyle);
        let line = vcf_engine().find_vcf(&b, p.limit);
        let line = line.unwrap_or_else(|| panic!("{}: no VCF found within {}", p.id, p.limit));
        assert!(
            line.len() % 2 == 1 && line.len() as u32 / 2 <= p.limit,
            "{} {line:?}",
            p.id
        );
        // Replay the line: it ends with the attacker's five.
        let mut b2 = b.clone();
        for (i, &m) in line.iter().enumerate() {
            b2.try_make(m)
                .unwrap_or_else(|e| panic!("{} move {i}: {e}", p.id));
        }
        assert_eq!(b2.winner(), Some(p.to_move), "{}", p.id);
        n += 1;
    }
    // Three of the file's VCF wins (Black's) are sound under freestyle.
    assert_eq!(n, 3, "freestyle VCF cases solved");
}

#[test]
fn vcf_puzzles_renju() {
    let Some(ps) = puzzles() else {
        return;
    };
    let mut checked = 0;
    for p in ps
        .iter()
        .filter(|p| p.kind == "vcf" && !(p.expect_win && p.freestyle_ok))
    {
        let b = p.board(Rule::Renju);
        let found = vcf_engine().find_vcf(&b, p.limit);
        if p.expect_win {
            assert!(
                found.is_some(),
                "{}: expected a VCF within {}",
                p.id,
                p.limit
            );
        } else {
            assert!(
                found.is_none(),
                "{}: no VCF expected within {}, found {:?}",
                p.id,
                p.limit,
                found
            );
        }
        checked += 1;
    }
    // The other three VCF cases: White's win that needs renju, and a "no win within the
    // limit" for each side.
    assert_eq!(checked, 3, "renju VCF cases checked");
}

/// The VCT wins of the puzzle file that the engine proves within their limits on
/// [`vct_puzzles_renju`]'s budget: each must stay proven.
const VCT_SOLVED: [&str; 11] = [
    "quintet/vct_black",
    "quintet/vct_counter",
    "quintet/vct_dual_forbiddens",
    "quintet/vct_forbidden_breaker",
    "quintet/vct_game_black_l03_1",
    "quintet/vct_game_black_l05_1",
    "quintet/vct_game_black_l07_1",
    "quintet/vct_game_black_l14_1",
    "quintet/vct_game_white_l03_1",
    "quintet/vct_game_white_l05_1",
    "quintet/vct_game_white_l07_1",
];

/// The VCT wins it does not prove within their limits on that budget (yet): no win, or
/// only a longer one (l11).
const VCT_UNSOLVED: [&str; 5] = [
    "quintet/vct_black_long",
    "quintet/vct_fukumi",
    "quintet/vct_game_black_l09_1",
    "quintet/vct_game_black_l11_1",
    "quintet/vct_game_black_l17_1",
];

/// The VCT cases under renju (their rule), each searched on a node budget (a quarter of it
/// for each threat search, the rest deepening the main search): no win is claimed within
/// a case's limit where the case has none, and every case of [`VCT_SOLVED`] is won within
/// its limit; a failure names the cases. Every win of the file is in one of the two lists,
/// so a new case must be placed. Quintet counts attacker moves up to the unstoppable double
/// threat, one less than our moves to the five.
#[test]
fn vct_puzzles_renju() {
    let Some(ps) = puzzles() else {
        return;
    };
    let (mut wins, mut refuted) = (0, 0);
    let (mut lost, mut claimed, mut now_solved) = (Vec::new(), Vec::new(), Vec::new());
    for p in ps.iter().filter(|p| p.kind == "vct") {
        let b = p.board(Rule::Renju);
        // A case holds under its published threat limit: vct_fukumi_threat2 has no win in 7
        // with threats of 2 fours, while vct_fukumi, the same board, has one with 3.
        let params = EngineParams {
            vct_threat: p.threat_limit.max(1),
            ..EngineParams::default()
        };
        let r = Engine::new(params).unwrap().search(
            &b,
            &Limits {
                nodes: Some(400_000),
                ..Limits::default()
            },
            &mut ChaCha8Rng::seed_from_u64(1),
        );
        let within = r.win_in.is_some_and(|w| w > 0 && (w - 1) as u32 <= p.limit);
        let id = p.id.as_str();
        if p.expect_win {
            wins += 1;
            let solved = VCT_SOLVED.contains(&id);
            assert!(
                solved || VCT_UNSOLVED.contains(&id),
                "{id}: a VCT win in neither VCT_SOLVED nor VCT_UNSOLVED (solved now: {within})"
            );
            if solved && !within {
                lost.push(format!("{id} (win in {:?}, limit {})", r.win_in, p.limit));
            }
            if !solved && within {
                now_solved.push(id);
            }
        } else {
            if within {
                claimed.push(format!("{id} (win in {:?}, limit {})", r.win_in, p.limit));
            }
            refuted += 1;
        }
    }
    assert_eq!((wins, refuted), (16, 4), "VCT cases in the file");
    assert!(
        claimed.is_empty(),
        "wins claimed where there is none: {claimed:?}"
    );
    assert!(
        lost.is_empty(),
        "VCT wins no longer found within their limits: {lost:?}"
    );
    if !now_solved.is_empty() {
        // Not a failure: the list is a floor. Say so, so that it can be raised.
        eprintln!("vct_puzzles_renju: solved now, move them to VCT_SOLVED: {now_solved:?}");
    }
}

/// On two threads under a clock, with or without `set_vct_thread`, one of quintet's long
/// wins, with the main search's VCF off, is found and stops the search long before the clock
/// would; without the helper thread the main thread's VCT answers alone, before deepening.
/// (That the helper's own win answers is `the_vct_helpers_win_answers_and_stops_the_main_thread`
/// in `search.rs`, where the main thread's VCT can be switched off.) The caller's stop ends
/// the search at once, though the VCT would go on on both threads. The clocks are long, so
/// that a loaded machine finds the win within the VCT's share of them; the checks are of
/// what the search found and counted, the times only tell a stop from none.
#[test]
fn a_vct_helper_thread_answers_and_stops_the_search() {
    let Some(ps) = puzzles() else {
        return;
    };
    let case = |id: &str| ps.iter().find(|p| p.id.ends_with(id)).expect("the case");
    let engine = |p: &Puzzle, vct_thread: bool| {
        let mut e = Engine::new(EngineParams {
            vcf: false,
            vct_threat: p.threat_limit.max(1),
            threads: 2,
            ..EngineParams::default()
        })
        .unwrap();
        e.set_vct_thread(vct_thread);
        e
    };
    let clock = Limits::move_time(std::time::Duration::from_secs(600));
    // A 15-move win that deepening with the VCF off does not prove in under a minute; the VCT
    // does in seconds, even on a busy machine.
    let p = case("vct_game_black_l14_1");
    let b = p.board(Rule::Renju);
    for vct_thread in [true, false] {
        let r = engine(p, vct_thread).search(&b, &clock, &mut ChaCha8Rng::seed_from_u64(1));
        assert!(
            r.win_in.is_some_and(|w| w > 0 && (w - 1) as u32 <= p.limit),
            "{vct_thread}: {r:?}"
        );
        assert!(b.is_legal(r.best.unwrap()));
        assert!(
            r.time.as_secs() < 300,
            "{vct_thread}: the win did not stop it"
        );
        if !vct_thread {
            assert!(r.depth == 0 && r.iterations.is_empty(), "{r:?}");
        }
    }
    // On a 20 s clock the VCT has 15 s on the main thread (its share beside the helper)
    // and then the helper's after the depth cap; its win here takes millions of nodes, more
    // than 0.2 s of both threads on a quiet machine. A stop ends the search, whichever thread
    // it finds searching the VCT: raised before the search, within the 256 nodes after which
    // each of the two threads reads it (with room for the work between reads)...
    let p = case("vct_game_black_l17_1");
    let b = p.board(Rule::Renju);
    let limits = Limits {
        depth: Some(2),
        ..Limits::move_time(std::time::Duration::from_secs(20))
    };
    let mut e = engine(p, true);
    e.set_stop_flag(Arc::new(std::sync::atomic::AtomicBool::new(true)));
    let r = e.search(&b, &limits, &mut ChaCha8Rng::seed_from_u64(1));
    assert!(r.nodes <= 2 * 512 && r.win_in.is_none(), "{r:?}");
    assert!(b.is_legal(r.best.unwrap()));
    // ... and raised 50 ms into it, before the win: none is claimed, and it returns long
    // before the clock (the search would otherwise prove the win, or spend 15 s on the VCT).
    let mut e = engine(p, true);
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    e.set_stop_flag(stop.clone());
    let raise = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let r = e.search(&b, &limits, &mut ChaCha8Rng::seed_from_u64(1));
    raise.join().unwrap();
    assert!(r.win_in.is_none(), "the stop was not heeded: {r:?}");
    assert!(r.time.as_secs() < 10, "the stop was not heeded: {r:?}");
    assert!(b.is_legal(r.best.unwrap()));
}

// ---------- games ----------

fn fives(board: &Board, color: Color) -> Vec<Pos> {
    board
        .points()
        .filter(|&p| board.cell(p) == gomoku_board::Cell::Empty && board.wins_at(p, color))
        .collect()
}

#[test]
fn engine_games_are_legal_complete_fives_and_block_fours() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let configs = [
        (Geometry::square(15), Rule::Freestyle, 3u32),
        (Geometry::square(11), Rule::Standard, 2),
        (
            Geometry {
                width: 9,
                height: 9,
                k: 4,
            },
            Rule::Freestyle,
            3,
        ),
        (Geometry::square(15), Rule::Renju, 2),
    ];
    for (g, rule, depth) in configs {
        for game in 0..2 {
            let mut e = [
                Engine::new(EngineParams {
                    depth,
                    ..EngineParams::default()
                })
                .unwrap(),
                Engine::new(EngineParams {
                    depth,
                    top_n: Some(5),
                    tie_break_margin: 50,
                    ..EngineParams::default()
                })
                .unwrap(),
            ];
            let mut b = Board::new(g, rule).unwrap();
            // A few random opening moves.
            for _ in 0..(2 + game) {
                let c = g.centre();
                let p = Pos::new(
                    c.x + rng.random_range(0..3u8),
                    c.y + rng.random_range(0..3u8),
                );
                if b.is_legal(p) {
                    b.make(p);
                }
            }
            while b.outcome().is_none() {
                let me = b.to_move();
                let mine = fives(&b, me);
                let theirs = fives(&b, me.opponent());
                let r = e[b.stone_count() % 2].search(&b, &Limits::default(), &mut rng);
                let m = r.best.expect("a move");
                assert!(b.is_legal(m), "illegal {m:?}\n{b:?}");
                if !mine.is_empty() {
                    assert!(
                        mine.contains(&m),
                        "missed own five {mine:?}, played {m:?}\n{b:?}"
                    );
                } else if !theirs.is_empty() {
                    assert!(
                        theirs.contains(&m),
                        "left four open {theirs:?}, played {m:?}\n{b:?}"
                    );
                }
                b.make(m);
            }
        }
    }
}

#[test]
fn random_positions_never_yield_illegal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(1234);
    let mut e = Engine::new(EngineParams {
        depth: 2,
        ..EngineParams::default()
    })
    .unwrap();
    for rule in [Rule::Freestyle, Rule::Renju] {
        for _ in 0..10 {
            let mut b = Board::new(Geometry::square(15), rule).unwrap();
            for _ in 0..rng.random_range(0..40) {
                let p = random_empty(&b, &mut rng).unwrap();
                if b.is_legal(p) {
                    b.make(p);
                    if b.winner().is_some() {
                        b.unmake();
                    }
                }
            }
            let r = e.search(&b, &Limits::default(), &mut rng);
            assert!(b.is_legal(r.best.unwrap()));
        }
    }
}

#[test]
fn margin_zero_consumes_no_randomness_and_margin_varies_moves() {
    let b = gomoku_engine::bench::bench_positions()[0].board.clone();
    let mut e = Engine::new(EngineParams {
        depth: 3,
        ..EngineParams::default()
    })
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let before = rng.clone();
    let r1 = e.search(&b, &Limits::default(), &mut rng);
    assert_eq!(rng, before);
    let r2 = e.search(&b, &Limits::default(), &mut rng);
    assert_eq!(r1.best, r2.best);
    let mut e = Engine::new(EngineParams {
        depth: 2,
        tie_break_margin: 100_000,
        ..EngineParams::default()
    })
    .unwrap();
    let moves: std::collections::HashSet<Pos> = (0..20)
        .map(|_| e.search(&b, &Limits::default(), &mut rng).best.unwrap())
        .collect();
    assert!(moves.len() > 1);
}

#[test]
fn a_node_limit_a_stop_and_a_clock_each_end_a_search_with_a_legal_move() {
    let b = gomoku_engine::bench::bench_positions()[1].board.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut e = Engine::new(EngineParams {
        depth: 20,
        ..EngineParams::default()
    })
    .unwrap();
    let r = e.search(
        &b,
        &Limits {
            nodes: Some(5000),
            ..Limits::default()
        },
        &mut rng,
    );
    assert!(b.is_legal(r.best.unwrap()));
    assert!(r.nodes <= 5000);
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(true));
    e.set_stop_flag(flag);
    let r = e.search(&b, &Limits::default(), &mut rng);
    assert!(b.is_legal(r.best.unwrap()));
    // A raised flag is read every 256 nodes: the search ends at the first read.
    assert!(r.nodes <= 256, "{} nodes after the stop", r.nodes);
    // Depth 30 never ends: the 50 ms budget stops it, within seconds on any machine.
    let r = Engine::new(EngineParams {
        depth: 30,
        ..EngineParams::default()
    })
    .unwrap()
    .search(
        &b,
        &Limits {
            time: Some(gomoku_engine::TimeBudget::fixed(
                std::time::Duration::from_millis(50),
            )),
            ..Limits::default()
        },
        &mut rng,
    );
    assert!(r.depth < 30 && r.time.as_secs() < 10, "{r:?}");
    assert!(b.is_legal(r.best.unwrap()));
}

#[test]
fn mate_scores_report_win_in() {
    // Black has an open four: wins with its next move.
    let ps = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Pos::new(x, y)).collect::<Vec<_>>();
    let b = Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &ps(&[(5, 7), (6, 7), (7, 7), (8, 7)]),
        &ps(&[(5, 8), (6, 8), (7, 8)]),
        Color::Black,
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let r = Engine::new(EngineParams::default())
        .unwrap()
        .search(&b, &Limits::default(), &mut rng);
    assert_eq!(r.score, WIN - 1);
    assert_eq!(r.win_in, Some(1));
    // White to move facing the open four: lost.
    let mut b2 = b.clone();
    b2.set_to_move(Color::White);
    let r = Engine::new(EngineParams {
        vcf: false,
        ..EngineParams::default()
    })
    .unwrap()
    .search(&b2, &Limits::default(), &mut rng);
    // White has a three (5..7, 8): it cannot win first; it loses in 1 black move.
    assert_eq!(r.win_in, Some(-1), "{r:?}");
    // Black three + White nothing: VCF-free win by open four in 2.
    let b3 = Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &ps(&[(6, 7), (7, 7), (8, 7)]),
        &ps(&[(0, 0), (14, 14)]),
        Color::Black,
    )
    .unwrap();
    let r = Engine::new(EngineParams {
        depth: 4,
        vcf: false,
        ..EngineParams::default()
    })
    .unwrap()
    .search(&b3, &Limits::default(), &mut rng);
    assert_eq!(r.win_in, Some(2), "open three -> open four -> five: {r:?}");
}

#[test]
fn lazy_smp_returns_legal_moves_and_counts_all_threads() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    // The main thread's own count: the last iteration records its nodes so far, and nothing
    // after that iteration makes a move (no limits, so every iteration completes).
    let main_nodes =
        |r: &gomoku_engine::SearchResult| r.iterations.last().expect("an iteration").nodes;
    let engine = |threads| {
        Engine::new(EngineParams {
            depth: 5,
            threads,
            ..EngineParams::default()
        })
        .unwrap()
    };
    let mut positions = 0;
    for p in gomoku_engine::bench::bench_positions() {
        // One thread: the reported nodes are the main thread's alone.
        let single = engine(1).search(&p.board, &Limits::default(), &mut rng);
        assert_eq!(single.depth, 5);
        assert_eq!(single.nodes, main_nodes(&single), "one thread");
        assert!(!gomoku_engine::is_mate(single.score));
        for threads in [2u64, 3] {
            let r = engine(threads as usize).search(&p.board, &Limits::default(), &mut rng);
            assert!(p.board.is_legal(r.best.unwrap()));
            assert_eq!(r.depth, 5);
            assert!(!gomoku_engine::is_mate(r.score));
            // The reported nodes are the main thread's plus every helper's. A helper searches
            // until the main thread raises its stop flag and reads the flag every 256 nodes,
            // so each helper adds at least 256, even one that started after the main thread
            // finished.
            let main = main_nodes(&r);
            assert!(main > 0, "{threads} threads: main thread searched nothing");
            let helpers = r.nodes.checked_sub(main).unwrap_or_else(|| {
                panic!(
                    "{threads} threads: {} nodes reported, main alone {main}",
                    r.nodes
                )
            });
            assert!(
                helpers >= 256 * (threads - 1),
                "{threads} threads: {} nodes reported, main alone {main}: the helpers' {helpers} \
                 are not all counted",
                r.nodes
            );
        }
        positions += 1;
    }
    assert_eq!(positions, 5, "bench positions searched");
    // Forced positions finish at once with helpers too.
    let ps = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Pos::new(x, y)).collect::<Vec<_>>();
    let b = Board::from_stones(
        Geometry::square(15),
        Rule::Freestyle,
        &ps(&[(5, 7), (6, 7), (7, 7), (8, 7)]),
        &ps(&[(5, 8), (6, 8), (7, 8)]),
        Color::Black,
    )
    .unwrap();
    let r = Engine::new(EngineParams {
        threads: 3,
        ..EngineParams::default()
    })
    .unwrap()
    .search(&b, &Limits::default(), &mut rng);
    assert_eq!(r.win_in, Some(1));
}

#[test]
fn engine_defends_against_a_vcf_when_a_defence_exists() {
    let Some(ps) = puzzles() else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (mut cases, mut checked) = (0, 0);
    for p in ps
        .iter()
        .filter(|p| p.kind == "vcf" && p.expect_win && p.freestyle_ok)
    {
        // The defender to move instead of the attacker.
        let b = Board::from_stones(
            Geometry::square(15),
            Rule::Freestyle,
            &p.black,
            &p.white,
            p.to_move.opponent(),
        )
        .unwrap();
        let mut e = Engine::new(EngineParams {
            depth: 2,
            ..EngineParams::default()
        })
        .unwrap();
        let r = e.search(&b, &Limits::default(), &mut rng);
        let defends = |m: Pos| {
            let mut b2 = b.clone();
            b2.make(m);
            vcf_engine().find_vcf(&b2, p.limit).is_none()
        };
        cases += 1;
        let any = b.points().filter(|&m| b.is_legal(m)).any(defends);
        if any {
            assert!(
                defends(r.best.unwrap()),
                "{}: {:?} does not stop the VCF",
                p.id,
                r.best
            );
            checked += 1;
        }
    }
    // Each of the three freestyle VCF wins can be defended with the defender to move, so
    // every one of them must have been checked.
    assert_eq!(
        (cases, checked),
        (3, 3),
        "(freestyle VCF cases, defences checked)"
    );
}

#[test]
fn bench_positions_parse_and_run() {
    let seeds = gomoku_engine::bench::bench_positions();
    // Seed 003's two openings and the three middle games of the bench signature.
    assert_eq!(seeds.len(), 5);
    assert_eq!(seeds[0].board.stone_count(), 4);
    assert_eq!(
        seeds[0].board.cell(Pos::new(7, 7)),
        gomoku_board::Cell::Black
    );
    assert_eq!(
        seeds[0].board.cell(Pos::new(8, 6)),
        gomoku_board::Cell::White
    );
    let tsv = "# comment\nrule\tboard_size\tsearch_depth\tposition\nFREESTYLE\t15\t19\th8g7f6\nRENJU\t15\t3\th8h9\n";
    let ps = gomoku_engine::bench::parse_rapfi_bench(tsv).unwrap();
    assert_eq!(ps.len(), 2);
    assert_eq!(ps[1].board.rule(), Rule::Renju);
    assert_eq!(ps[0].depth, 19);
    let err = gomoku_engine::bench::parse_rapfi_bench("FREESTYLE\t15\t4\th8h8\n").unwrap_err();
    assert_eq!(err.line, 1);
    let err = gomoku_engine::bench::parse_rapfi_bench("\nGO\t15\t4\th8\n").unwrap_err();
    assert_eq!(err.line, 2);
    let report = gomoku_engine::bench::run_bench(
        &EngineParams {
            depth: 3,
            ..EngineParams::default()
        },
        &seeds,
        1,
    )
    .unwrap();
    assert_eq!(report.lines.len(), 5);
    assert!(
        report.total_nodes > 0
            && report
                .lines
                .iter()
                .all(|l| l.depth == 3 && l.iterations.len() == 3)
    );
}

#[test]
fn rapfi_bench_file_parses_all_ten_positions() {
    let Some(text) = gomoku_testdata::shared_text("data/puzzles/rapfi_bench_positions.tsv") else {
        return;
    };
    let positions = gomoku_engine::bench::parse_rapfi_bench(&text).unwrap();
    // Rapfi's bench set is ten positions (shared/data/README.md), each with its depth.
    assert_eq!(positions.len(), 10);
    assert!(
        positions
            .iter()
            .all(|p| p.depth > 0 && p.board.stone_count() > 0)
    );
}

// ---------- games in a row ----------

/// A new game in an engine that has played others searches exactly as a fresh engine does
/// (the TT, the VCF cache and the VCT's proof table are not cleared but salted per game),
/// at a fixed depth and under a node budget (where the VCT runs), for many games in a row
/// (past the epoch at which the tables are really cleared).
#[test]
fn a_new_game_searches_as_a_fresh_engine() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for limits in [
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
        Limits {
            nodes: Some(30_000),
            ..Limits::default()
        },
    ] {
        let mut reused = Engine::new(EngineParams::default()).unwrap();
        let mut compared = 0;
        // Past game 256, where the tables' epoch comes round and they are cleared for real;
        // every game fills the tables, every eighth (and those around the wrap) is compared.
        for game in 0..270 {
            reused.new_game();
            // The same openings come back, so the old games' entries would be found.
            let opening = [
                Pos::new(7, 7),
                Pos::new(8, 8),
                Pos::new(6 + (game % 3) as u8, 6),
            ];
            let mut board = Board::new(Geometry::square(15), Rule::Freestyle).unwrap();
            board.play_all(&opening).unwrap();
            if game % 8 != 0 && !(252..=260).contains(&game) {
                reused.search(&board, &limits, &mut ChaCha8Rng::seed_from_u64(game));
                continue;
            }
            let mut fresh = Engine::new(EngineParams::default()).unwrap();
            for ply in 0..6 {
                if board.outcome().is_some() {
                    break;
                }
                let seed = rng.random::<u64>();
                let a = reused.search(&board, &limits, &mut ChaCha8Rng::seed_from_u64(seed));
                let b = fresh.search(&board, &limits, &mut ChaCha8Rng::seed_from_u64(seed));
                assert_eq!(
                    (a.best, a.score, a.nodes, a.depth),
                    (b.best, b.score, b.nodes, b.depth),
                    "game {game} ply {ply} {limits:?}"
                );
                compared += 1;
                board.make(a.best.unwrap());
            }
        }
        assert!(compared > 200, "{compared}");
    }
}
