//! The VCF threat search against a brute-force oracle ([`reference::vcf`], every empty point
//! tried as a four) on crowded random positions where both sides have fours to make, for
//! either attacker, under each rule.

use gomoku_board::{Board, Geometry, Pos, Rule};
use gomoku_engine::{Engine, EngineParams, reference};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `stones` random stones within 3 of the centre of a `size` board, no five on it and none
/// to complete for the side to move.
fn crowded(size: usize, rule: Rule, stones: usize, rng: &mut ChaCha8Rng) -> Option<Board> {
    let g = Geometry::square(size);
    let mut b = Board::new(g, rule).unwrap();
    let c = g.centre();
    for _ in 0..stones {
        let empty: Vec<Pos> = (-3..=3)
            .flat_map(|dy| (-3..=3).map(move |dx| (c.x as i32 + dx, c.y as i32 + dy)))
            .map(|(x, y)| Pos::new(x as u8, y as u8))
            .filter(|&p| b.is_legal(p))
            .collect();
        if empty.is_empty() {
            return None;
        }
        b.make(empty[rng.random_range(0..empty.len())]);
        if b.winner().is_some() {
            return None;
        }
    }
    let me = b.to_move();
    let any_five = b
        .points()
        .any(|p| b.cell(p) == gomoku_board::Cell::Empty && b.wins_at(p, me));
    (!any_five).then_some(b)
}

#[test]
fn vcf_agrees_with_the_brute_force_oracle() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut engine = Engine::new(EngineParams::default()).unwrap();
    let (mut checked, mut wins) = (0, 0);
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for i in 0..std::env::var("VCF_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40)
        {
            let Some(b) = crowded(11, rule, 14 + i % 9, &mut rng) else {
                continue;
            };
            for fours in 1..=std::env::var("VCF_F")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(3)
            {
                let want = reference::vcf(&b, fours);
                engine.new_game();
                let got = engine.find_vcf(&b, fours);
                assert_eq!(
                    got.is_some(),
                    want,
                    "{rule:?}, {fours} fours, {:?} to move: engine {got:?}\n{b:?}",
                    b.to_move()
                );
                if let Some(line) = got {
                    // Replay: it ends with the attacker's five; an even line (renju) ends with
                    // White's four and the five on a point Black may not take to block it.
                    let mut replay = b.clone();
                    let gap = line.len() % 2 == 0;
                    let (played, last) = line.split_at(line.len() - 1);
                    for &m in played {
                        replay
                            .try_make(m)
                            .unwrap_or_else(|e| panic!("{rule:?} {fours}: {e} in {line:?}\n{b:?}"));
                    }
                    if gap {
                        assert!(replay.is_forbidden(last[0]), "{line:?}");
                        assert!(replay.wins_at(last[0], b.to_move()), "{line:?}");
                    } else {
                        replay.try_make(last[0]).unwrap();
                        assert_eq!(replay.winner(), Some(b.to_move()), "{line:?}");
                    }
                    assert!(played.len().div_ceil(2) <= fours as usize, "{line:?}");
                    wins += 1;
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 150 && wins >= 10,
        "{checked} checked, {wins} wins"
    );
}
