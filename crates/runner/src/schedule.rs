//! The fixed list of jobs of a tournament, derived from its settings and seed only, and the
//! per-job random generators. Job `i` is the same game on 1 thread or 64, on shard 3 of 8 or
//! alone, before or after a resume.

use gomoku_board::{Geometry, Symmetry};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use gomoku_config::run::{CgcLayout, Pairing};

/// One game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// Position in the schedule, from 0.
    pub index: usize,
    /// Round, from 0 (a round plays the whole book once per pair and colour order).
    pub round: u32,
    /// Index of the pair in [`Pairing::pairs`].
    pub pair: usize,
    /// Index of the opening in the book.
    pub opening: usize,
    /// Participant playing Black.
    pub black: usize,
    /// Participant playing White.
    pub white: usize,
    /// Symmetry applied to the opening (shared by the two games of a pair).
    pub transform: Symmetry,
}

/// A splitmix64 step: a good 64-bit mixer for deriving seeds.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The generator of a job's game: ChaCha8 seeded from the run seed and the job index. Every
/// game of every command draws its randomness from here.
pub fn job_rng(seed: u64, job: usize) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(splitmix64(seed ^ splitmix64(job as u64)))
}

/// The generator that picks which positions of a finished game c-gomoku-cli's `-sample`
/// keeps (`freq` below 1): ChaCha8 seeded from the run seed and the job index, a stream of
/// its own beside the game's [`job_rng`].
pub fn sample_rng(seed: u64, job: usize) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(splitmix64(
        seed ^ splitmix64(job as u64 ^ 0x5341_4D50_4C45_5321),
    ))
}

/// The seed of one of several independent batches of a run (a tuning step, a match of a
/// step), derived from the run seed and the batch's number.
pub fn batch_seed(seed: u64, batch: u64) -> u64 {
    splitmix64(seed ^ splitmix64(batch ^ 0x4241_5443_4853_4545))
}

/// The board symmetry of game pair `pair` (both colour orders of one opening), drawn from the
/// seed: the one place a pair's random transform is derived.
pub fn pair_symmetry(seed: u64, pair: u64, geometry: Geometry) -> Symmetry {
    let symmetries = Symmetry::of(geometry);
    let mut rng =
        ChaCha8Rng::seed_from_u64(splitmix64(seed ^ splitmix64(pair ^ 0x5452_414E_5346_4F52)));
    symmetries[rng.random_range(0..symmetries.len())]
}

/// The jobs of shard `(i, n)`: those whose index `j` has `j % n == i`.
pub fn shard_jobs(jobs: &mut Vec<Job>, shard: Option<(usize, usize)>) {
    if let Some((i, n)) = shard {
        jobs.retain(|j| j.index % n == i);
    }
}

/// The jobs of game pairs `pairs` between players 0 and 1 (SPRT and tuning matches): pair
/// `p` plays opening `p mod book` twice, player 0 first as Black (job `2p`), then as White
/// (job `2p + 1`). With `transform`, each pair's symmetry comes from [`pair_symmetry`].
pub fn pair_jobs(
    pairs: std::ops::Range<usize>,
    book: usize,
    transform: bool,
    geometry: Geometry,
    seed: u64,
) -> Vec<Job> {
    let mut jobs = Vec::with_capacity(2 * pairs.len());
    for p in pairs {
        let t = if transform {
            pair_symmetry(seed, p as u64, geometry)
        } else {
            Symmetry::Identity
        };
        for (k, (black, white)) in [(0, 1), (1, 0)].into_iter().enumerate() {
            jobs.push(Job {
                index: 2 * p + k,
                round: (p / book) as u32,
                pair: 0,
                opening: p % book,
                black,
                white,
                transform: t,
            });
        }
    }
    jobs
}

/// The schedule: rounds x openings x pairs x both colour orders, in that nesting, so that the
/// two games of an opening pair are adjacent and every pair advances at the same pace.
/// With `transform`, each (round, opening, pair) draws one symmetry of the board from the
/// seed, used by both games of the pair.
pub fn build_schedule(
    n_players: usize,
    pairing: &Pairing,
    n_openings: usize,
    rounds: u32,
    transform: bool,
    geometry: Geometry,
    seed: u64,
) -> Vec<Job> {
    let pairs = pairing.pairs(n_players);
    let mut jobs = Vec::with_capacity(rounds as usize * n_openings * pairs.len() * 2);
    let mut game_pair = 0u64;
    for round in 0..rounds {
        for opening in 0..n_openings {
            for (pair, &(a, b)) in pairs.iter().enumerate() {
                let t = if transform {
                    pair_symmetry(seed, game_pair, geometry)
                } else {
                    Symmetry::Identity
                };
                game_pair += 1;
                for (black, white) in [(a, b), (b, a)] {
                    jobs.push(Job {
                        index: jobs.len(),
                        round,
                        pair,
                        opening,
                        black,
                        white,
                        transform: t,
                    });
                }
            }
        }
    }
    jobs
}

/// c-gomoku-cli's transforms in its own order (`TransformType`: identity, its rotations by
/// 90, 180 and 270 degrees, its flips of x and of y, then the two diagonals), as ours: its
/// `ROTATE_90` maps `(x, y)` to `(y, s - x)`, which is our quarter turn the other way.
const CGC_TRANSFORMS: [Symmetry; 8] = [
    Symmetry::Identity,
    Symmetry::Rotate270,
    Symmetry::Rotate180,
    Symmetry::Rotate90,
    Symmetry::FlipY,
    Symmetry::FlipX,
    Symmetry::Transpose,
    Symmetry::AntiTranspose,
];

/// The book order of c-gomoku-cli's `order=random srand=SEED`, as it draws it
/// (`openings.cpp`): a Fisher-Yates shuffle from the last line down, line `i` swapped with
/// line `r mod (i + 1)`, `r` the next value of a splitmix64 stream started at `SEED`.
/// (c-gomoku-cli takes the clock for `srand=0`; we take 0 itself, so a run can resume.)
pub fn cgc_book_order(book: usize, seed: u64) -> Vec<usize> {
    let mut order: Vec<usize> = (0..book).collect();
    let mut state = seed;
    for i in (1..book).rev() {
        let r = splitmix64(state);
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        order.swap(i, (r % (i as u64 + 1)) as usize);
    }
    order
}

/// The schedule of c-gomoku-cli's command line ([`CgcLayout`]): rounds x pairs x `games`, job
/// `i` on book line `i` (`i / 2` with `repeat`) modulo the book, the pair's first engine to
/// move first after the opening in even games (so Black after an even opening, White after
/// an odd one), and with `transform` the `p`-th pass through the book under c-gomoku-cli's
/// transform `p mod 8`; with an order seed the book is read in [`cgc_book_order`]'s order.
/// `opening_stones` holds each book line's number of stones.
pub fn cgc_schedule(
    n_players: usize,
    pairing: &Pairing,
    opening_stones: &[usize],
    rounds: u32,
    layout: CgcLayout,
    transform: bool,
) -> Vec<Job> {
    let pairs = pairing.pairs(n_players);
    let book = opening_stones.len().max(1);
    let order = match layout.order_seed {
        Some(seed) => cgc_book_order(book, seed),
        None => (0..book).collect(),
    };
    let mut jobs = Vec::with_capacity(rounds as usize * pairs.len() * layout.games as usize);
    for round in 0..rounds {
        for (pair, &(first, second)) in pairs.iter().enumerate() {
            for game in 0..layout.games {
                let index = jobs.len();
                let line = if layout.repeat { index / 2 } else { index };
                let opening = order[line % book];
                let t = if transform {
                    CGC_TRANSFORMS[(line / book) % CGC_TRANSFORMS.len()]
                } else {
                    Symmetry::Identity
                };
                let white_to_move = opening_stones.get(opening).is_some_and(|n| n % 2 == 1);
                let (black, white) = if white_to_move != (game % 2 == 1) {
                    (second, first)
                } else {
                    (first, second)
                };
                jobs.push(Job {
                    index,
                    round,
                    pair,
                    opening,
                    black,
                    white,
                    transform: t,
                });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauntlet_pairs_candidates_with_the_field_only() {
        let p = Pairing::Gauntlet(vec![0, 3]).pairs(4);
        assert_eq!(p, vec![(0, 1), (0, 2), (1, 3), (2, 3)]);
        assert_eq!(Pairing::RoundRobin.pairs(3), vec![(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn cgc_schedule_cycles_the_book_across_pairs_and_rounds() {
        let layout = CgcLayout {
            games: 4,
            repeat: true,
            order_seed: None,
        };
        let jobs = cgc_schedule(3, &Pairing::Gauntlet(vec![0]), &[3, 2, 3], 2, layout, true);
        let layout = CgcLayout {
            order_seed: Some(7),
            ..layout
        };
        let shuffled = cgc_schedule(3, &Pairing::RoundRobin, &[3, 2, 3], 1, layout, false);
        let order = cgc_book_order(3, 7);
        assert_eq!(shuffled[0].opening, order[0]);
        assert_eq!(shuffled[2].opening, order[1]);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, [0, 1, 2]);
        assert_eq!(jobs.len(), 2 * 2 * 4);
        let openings: Vec<usize> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1]);
        // An odd opening puts the pair's second engine on Black first; an even one the first.
        let colours: Vec<(usize, usize)> = jobs[..8].iter().map(|j| (j.black, j.white)).collect();
        assert_eq!(
            colours,
            [
                (1, 0),
                (0, 1),
                (0, 1),
                (1, 0),
                (2, 0),
                (0, 2),
                (2, 0),
                (0, 2)
            ]
        );
        assert_eq!(jobs[5].transform, Symmetry::Identity);
        assert_eq!(jobs[6].transform, Symmetry::Rotate270);
        assert_eq!((jobs[8].round, jobs[8].pair), (1, 0));
    }

    #[test]
    fn schedule_is_a_function_of_its_inputs() {
        let g = Geometry::square(15);
        let a = build_schedule(3, &Pairing::RoundRobin, 5, 2, true, g, 7);
        assert_eq!(a, build_schedule(3, &Pairing::RoundRobin, 5, 2, true, g, 7));
        assert_eq!(a.len(), 2 * 5 * 3 * 2);
        assert!(a.iter().any(|j| j.transform != Symmetry::Identity));
        for w in a.chunks(2) {
            assert_eq!((w[0].black, w[0].white), (w[1].white, w[1].black));
            assert_eq!(w[0].transform, w[1].transform);
        }
    }
}
