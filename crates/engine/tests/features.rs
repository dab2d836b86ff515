//! The search techniques behind `EngineParams::features`: an aspiration window changes no
//! score (alpha-beta inside a window that is searched again on failure is still minimax),
//! nor does a frontier width that keeps every candidate, nor a full root width above a
//! one-move `top_n` at depth 1, nor any ordering weights; a narrow frontier and an
//! alpha-improvement reduction claim only true mates; and with every technique on the engine
//! still plays complete legal games and draws tic-tac-toe.

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_engine::{
    CellClass, ClassSpec, Engine, EngineParams, Limits, SearchFeatures, reference,
    tic_tac_toe_table,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn all_on() -> SearchFeatures {
    SearchFeatures {
        aspiration: 50,
        lmr: true,
        futility: 300,
        threat_extension: true,
        eval_average: true,
        three_defence: true,
        exact_defence: true,
        singular_margin: 12,
        singular_depth: 3,
        singular_tt_depth: 2,
        static_wins: true,
        quiescence: 8,
        quiescence_delta: 3000,
        quiescence_plain_fours: 1,
        lmr_scale: 100,
        move_count: 3,
        history_bound: 10_000,
        node_futility: 1000,
        razoring: 2000,
        block_extension: 130,
        counter_moves: true,
        fixed_time_start_share: 50,
        frontier_width: 10,
        alpha_reduction_bound: 30_000,
        alpha_reduction_depth: 12,
        root_width: 20,
        root_reduction_from: 5,
        order_opp_gain: 50,
        order_class_heat: 200,
    }
}

/// A position of `stones` random stones near the centre, no five on it.
fn random_position(g: Geometry, stones: usize, rng: &mut ChaCha8Rng) -> Option<Board> {
    let mut b = Board::new(g, Rule::Freestyle).unwrap();
    let c = g.centre();
    for _ in 0..stones {
        let empty: Vec<Pos> = (-2..=2)
            .flat_map(|dy| (-2..=2).map(move |dx| (c.x as i32 + dx, c.y as i32 + dy)))
            .filter(|&(x, y)| b.contains(x, y))
            .map(|(x, y)| Pos::new(x as u8, y as u8))
            .filter(|&p| b.cell(p) == gomoku_board::Cell::Empty)
            .collect();
        if empty.is_empty() {
            return None;
        }
        b.make(empty[rng.random_range(0..empty.len())]);
        if b.winner().is_some() {
            return None;
        }
    }
    Some(b)
}

#[test]
fn an_aspiration_window_and_a_full_frontier_width_leave_the_minimax_score_unchanged() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let g = Geometry {
        width: 7,
        height: 7,
        k: 4,
    };
    let mut checked = 0;
    for _ in 0..12 {
        let Some(board) = random_position(g, 5, &mut rng) else {
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
            // A frontier width no narrower than the candidates orders them and drops none.
            let mut e = Engine::new(EngineParams {
                features: SearchFeatures {
                    frontier_width: 1024,
                    ..SearchFeatures::NONE
                },
                ..base.clone()
            })
            .unwrap();
            let r = e.search(&board, &Limits::default(), &mut rng);
            assert_eq!(r.score, oracle, "depth {depth} frontier width 1024");
            // Narrow windows fail (and are searched again), wide ones hold.
            for aspiration in [1, 20, 1000] {
                let mut e = Engine::new(EngineParams {
                    features: SearchFeatures {
                        aspiration,
                        ..SearchFeatures::NONE
                    },
                    ..base.clone()
                })
                .unwrap();
                let r = e.search(&board, &Limits::default(), &mut rng);
                assert_eq!(r.score, oracle, "depth {depth} aspiration {aspiration}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 60, "{checked}");
}

/// At depth 1 the root is the whole search: a root width that keeps every candidate gives the
/// minimax score under a `top_n` of one (which alone finds it only when the best-ordered move
/// is the best), whatever the ordering's weights.
#[test]
fn a_full_root_width_searches_every_root_move_whatever_the_ordering() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let g = Geometry {
        width: 7,
        height: 7,
        k: 4,
    };
    let (mut checked, mut narrow_missed) = (0, 0);
    for _ in 0..20 {
        let Some(board) = random_position(g, 5, &mut rng) else {
            continue;
        };
        let base = EngineParams {
            depth: 1,
            top_n: Some(1),
            vcf: false,
            vct: false,
            features: SearchFeatures::NONE,
            radius: 1,
            ..EngineParams::default()
        };
        let oracle = reference::minimax(
            &Engine::new(EngineParams {
                top_n: None,
                ..base.clone()
            })
            .unwrap(),
            &board,
            1,
        );
        let mut narrow = Engine::new(base.clone()).unwrap();
        if narrow.search(&board, &Limits::default(), &mut rng).score != oracle {
            narrow_missed += 1;
        }
        for (opp_gain, heat) in [(100, 100), (0, 0), (50, 200), (1000, 0)] {
            let mut e = Engine::new(EngineParams {
                features: SearchFeatures {
                    root_width: 1024,
                    order_opp_gain: opp_gain,
                    order_class_heat: heat,
                    ..SearchFeatures::NONE
                },
                ..base.clone()
            })
            .unwrap();
            let r = e.search(&board, &Limits::default(), &mut rng);
            assert_eq!(r.score, oracle, "weights {opp_gain}/{heat}");
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
    // The test can fail: a one-move root misses the best move somewhere.
    assert!(
        narrow_missed > 0,
        "the one-move root always found the best move"
    );
}

/// The table's ordering bonuses decide which moves a node searches: with a bonus for the
/// mover's `two` cells larger than any gain, a one-move root always plays such a cell (when
/// there is one), where without it the ordering picks other cells too.
#[test]
fn ordering_bonuses_decide_the_moves_a_narrow_node_searches() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let g = Geometry::square(9);
    let base = EngineParams {
        depth: 1,
        top_n: Some(1),
        vcf: false,
        vct: false,
        history: false,
        features: SearchFeatures::NONE,
        ..EngineParams::default()
    };
    let mut bonus = base.clone();
    bonus.table.order = vec![ClassSpec {
        class: CellClass::Two,
        own: 5_000_000,
        opp: 0,
    }];
    let (mut checked, mut plain_elsewhere) = (0, 0);
    for _ in 0..40 {
        let Some(board) = random_position(g, 4, &mut rng) else {
            continue;
        };
        let mut with = Engine::new(bonus.clone()).unwrap();
        let sb = with.search_board(&board);
        let mut cells = Vec::new();
        sb.candidates(&mut cells);
        let is_two = |c: u32| {
            sb.cell_classes(c as usize)
                .is_some_and(|(own, _)| own == CellClass::Two)
        };
        if !cells.iter().any(|&c| is_two(c)) {
            continue;
        }
        let index = |p: Option<Pos>| board.index(p.unwrap()) as u32;
        let played = index(with.search(&board, &Limits::default(), &mut rng).best);
        assert!(is_two(played), "{played} is not a two of the mover's");
        let mut plain = Engine::new(base.clone()).unwrap();
        if !is_two(index(
            plain.search(&board, &Limits::default(), &mut rng).best,
        )) {
            plain_elsewhere += 1;
        }
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
    // The test can fail: without the bonus the ordering's first move is not always a two.
    assert!(
        plain_elsewhere > 0,
        "the plain ordering always picked a two"
    );
}

#[test]
fn with_every_technique_on_games_are_legal_and_tic_tac_toe_is_a_draw() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for (g, rule) in [
        (Geometry::square(15), Rule::Freestyle),
        (Geometry::square(11), Rule::Standard),
        (Geometry::square(15), Rule::Renju),
    ] {
        let mut e = Engine::new(EngineParams {
            depth: 4,
            features: all_on(),
            ..EngineParams::default()
        })
        .unwrap();
        let mut b = Board::new(g, rule).unwrap();
        b.make(g.centre());
        while b.outcome().is_none() && b.stone_count() < 60 {
            let r = e.search(&b, &Limits::default(), &mut rng);
            let m = r.best.expect("a move");
            assert!(b.is_legal(m), "{m:?} on\n{b:?}");
            b.make(m);
        }
    }
    let ttt = Geometry {
        width: 3,
        height: 3,
        k: 3,
    };
    let mut e = Engine::new(EngineParams {
        table: tic_tac_toe_table(),
        depth: 9,
        top_n: None,
        radius: 2,
        vcf: false,
        features: all_on(),
        ..EngineParams::default()
    })
    .unwrap();
    let mut b = Board::new(ttt, Rule::Freestyle).unwrap();
    while b.outcome().is_none() {
        let r = e.search(&b, &Limits::default(), &mut rng);
        b.make(r.best.unwrap());
    }
    assert_eq!(
        b.winner(),
        None,
        "tic-tac-toe with every technique on\n{b:?}"
    );
}

/// The points where the side to move on `b` may play.
fn legal_moves(b: &Board) -> Vec<Pos> {
    b.points().filter(|&p| b.is_legal(p)).collect()
}

/// Whether the side to move on `b` makes five within `plies` (odd) plies whatever the
/// opponent plays, by brute force over every legal move: the oracle of a claimed win.
fn wins_within(b: &mut Board, plies: u32) -> bool {
    let me = b.to_move();
    legal_moves(b).into_iter().any(|p| {
        b.make(p);
        let won = b.winner() == Some(me)
            || (plies >= 3 && b.outcome().is_none() && {
                legal_moves(b).into_iter().all(|q| {
                    b.make(q);
                    let still = b.outcome().is_none() && wins_within(b, plies - 2);
                    b.unmake();
                    still
                })
            });
        b.unmake();
        won
    })
}

/// A narrow frontier (two moves a node one ply above the leaves) claims no mate that is not
/// one: every win in one or two moves and every loss in one that it reports is forced, by
/// brute force over every move.
#[test]
fn a_narrow_frontier_claims_only_true_mates() {
    claims_only_true_mates(
        SearchFeatures {
            frontier_width: 2,
            ..SearchFeatures::default()
        },
        45,
    );
}

/// So does an alpha-improvement reduction at every depth whatever the score, on top of the
/// narrow frontier.
#[test]
fn an_alpha_improvement_reduction_claims_only_true_mates() {
    claims_only_true_mates(
        SearchFeatures {
            frontier_width: 2,
            alpha_reduction_bound: 1_000_000,
            alpha_reduction_depth: 64,
            ..SearchFeatures::default()
        },
        46,
    );
}

/// So does a root that searches every candidate and tries all but its first two a ply
/// shallower first.
#[test]
fn a_root_reduction_claims_only_true_mates() {
    claims_only_true_mates(
        SearchFeatures {
            frontier_width: 2,
            root_width: 1024,
            root_reduction_from: 2,
            ..SearchFeatures::default()
        },
        47,
    );
}

/// Every win in one or two moves and every loss in one that an engine with `features`
/// reports on random 9x9 positions is forced, by brute force over every move.
fn claims_only_true_mates(features: SearchFeatures, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let g = Geometry {
        width: 9,
        height: 9,
        k: 5,
    };
    let mut e = Engine::new(EngineParams {
        depth: 4,
        vcf: false,
        vct: false,
        features,
        ..EngineParams::default()
    })
    .unwrap();
    let (mut wins, mut losses) = (0, 0);
    for _ in 0..400 {
        let Some(mut b) = random_position(g, 11 + rng.random_range(0..4), &mut rng) else {
            continue;
        };
        let r = e.search(&b, &Limits::default(), &mut rng);
        match r.win_in {
            Some(n @ 1..=2) => {
                assert!(wins_within(&mut b, 2 * n as u32 - 1), "win in {n}?\n{b:?}");
                wins += 1;
            }
            Some(-1) => {
                let me = b.to_move();
                for p in legal_moves(&b) {
                    b.make(p);
                    assert!(
                        b.winner() != Some(me) && wins_within(&mut b, 1),
                        "loss in 1, but {p:?} holds?\n{b:?}"
                    );
                    b.unmake();
                }
                losses += 1;
            }
            _ => {}
        }
    }
    assert!(
        wins >= 20 && losses >= 10,
        "{wins} wins, {losses} losses checked"
    );
}
