//! The fixed list of jobs of a tournament, derived from its settings and seed only, and the
//! per-job random generators. Job `i` is the same game on 1 thread or 64, on shard 3 of 8 or
//! alone, before or after a resume.

use gomoku_board::{Geometry, Symmetry};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Who plays whom.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pairing {
    /// Every participant plays every other.
    RoundRobin,
    /// The candidates (participant indices) play every participant that is not a candidate.
    Gauntlet(Vec<usize>),
}

impl Pairing {
    /// The pairs `(a, b)` with `a < b` in a fixed order.
    pub fn pairs(&self, n: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let keep = match self {
                    Pairing::RoundRobin => true,
                    Pairing::Gauntlet(c) => c.contains(&a) != c.contains(&b),
                };
                if keep {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

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

/// The generator of a job's game: ChaCha8 seeded from the run seed and the job index.
pub fn job_rng(seed: u64, job: usize) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(splitmix64(seed ^ splitmix64(job as u64)))
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
    let symmetries = Symmetry::of(geometry);
    let mut jobs = Vec::with_capacity(rounds as usize * n_openings * pairs.len() * 2);
    let mut game_pair = 0u64;
    for round in 0..rounds {
        for opening in 0..n_openings {
            for (pair, &(a, b)) in pairs.iter().enumerate() {
                let t = if transform {
                    let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(
                        seed ^ splitmix64(game_pair ^ 0x5452_414E_5346_4F52),
                    ));
                    symmetries[rng.random_range(0..symmetries.len())]
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
