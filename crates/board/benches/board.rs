//! Board hot paths on a mid-game 15x15 position (30 stones): `make + wins_at + unmake` over
//! every empty point, and the renju forbidden-move check for Black over every empty point.
//! Each benchmark counts one item per empty point, so divan's median time divided by the
//! item count is the cost of one make+win+unmake (or one forbidden check).

use divan::Bencher;
use divan::counter::ItemsCount;
use gomoku_board::{Board, Cell, Color, Geometry, Pos, Rule, renju};

fn main() {
    divan::main();
}

/// A 30-stone game (15 each, Black to move) played by a fixed pseudo-random generator
/// around the centre: each move is legal under renju and wins for nobody.
fn midgame(rule: Rule) -> Board {
    let mut b = Board::new(Geometry::square(15), rule).expect("15x15");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    while b.stone_count() < 30 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let p = Pos::new(4 + (seed % 7) as u8, 4 + ((seed >> 8) % 7) as u8);
        let color = b.to_move();
        if b.cell(p) != Cell::Empty || renju::is_forbidden(&b, p) || b.wins_at(p, color) {
            continue;
        }
        b.make(p);
    }
    assert_eq!(b.to_move(), Color::Black);
    b
}

fn empties(b: &Board) -> Vec<Pos> {
    b.points().filter(|&p| b.cell(p) == Cell::Empty).collect()
}

#[divan::bench(args = [Rule::Freestyle, Rule::Renju])]
fn make_wins_unmake(bencher: Bencher<'_, '_>, rule: Rule) {
    let mut board = midgame(rule);
    let points = empties(&board);
    bencher
        .counter(ItemsCount::new(points.len()))
        .bench_local(|| {
            let mut wins = 0u32;
            for &p in &points {
                let color = board.to_move();
                board.make(divan::black_box(p));
                wins += board.wins_at(p, color) as u32;
                board.unmake();
            }
            wins
        });
}

#[divan::bench]
fn renju_is_forbidden_in_place(bencher: Bencher<'_, '_>) {
    let mut board = midgame(Rule::Renju);
    let points = empties(&board);
    bencher
        .counter(ItemsCount::new(points.len()))
        .bench_local(|| {
            let mut n = 0u32;
            for &p in &points {
                n += renju::is_forbidden_in_place(&mut board, divan::black_box(p)) as u32;
            }
            n
        });
}

#[divan::bench]
fn renju_forbidden_points(bencher: Bencher<'_, '_>) {
    let board = midgame(Rule::Renju);
    bencher.bench_local(|| renju::forbidden_points(divan::black_box(&board)));
}
