//! What a pool fit takes and gives: the games, the options (scale, first-mover advantage,
//! anchor, prior draws, bootstrap) and the fitted ratings with their errors and covariance.
//! The solver and the bootstrap read these; [`super::fit_pool`] ties them together.

use crate::normal::normal_cdf;

/// One game: player indices of the first and second mover and the first mover's score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolGame {
    /// Index of the player who moved first.
    pub first: usize,
    /// Index of the player who moved second.
    pub second: usize,
    /// First mover's score: 0, 0.5 or 1.
    pub score: f64,
}

/// How the first-mover advantage (in rating points) enters the model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Advantage {
    /// A fixed value (Ordo's default is 0).
    Fixed(f64),
    /// Fitted jointly with the ratings.
    Fit,
}

/// Fixes one player's rating instead of centring the pool at mean zero.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Anchor {
    /// Index of the anchored player.
    pub player: usize,
    /// That player's reported rating.
    pub rating: f64,
}

/// Options of [`fit_pool`](super::fit_pool).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoolOptions {
    /// Rating points per factor 10 in odds (400 for Elo; Ordo's `-z 200.24`).
    pub scale: f64,
    /// Anchor; `None` centres the ratings at mean zero.
    pub anchor: Option<Anchor>,
    /// First-mover advantage: fixed or fitted.
    pub first_mover_advantage: Advantage,
    /// Parametric bootstrap replicates (0 for none, else at least 2).
    pub bootstrap_replicates: usize,
    /// Seed of the bootstrap's random stream.
    pub seed: u64,
    /// Virtual draws per pair of players who met (0: only when the MLE diverges, then 1).
    pub prior_draws: f64,
    /// Newton stops when no parameter moves by more than this (rating points).
    pub tolerance: f64,
    /// Newton iteration limit.
    pub max_iterations: usize,
}

impl Default for PoolOptions {
    fn default() -> Self {
        Self {
            scale: 400.0,
            anchor: None,
            first_mover_advantage: Advantage::Fixed(0.0),
            bootstrap_replicates: 0,
            seed: 0,
            prior_draws: 0.0,
            tolerance: 1e-9,
            max_iterations: 200,
        }
    }
}

/// Head-to-head results, indexed `[player][opponent]` over both colour orders.
#[derive(Debug, Clone, PartialEq)]
pub struct HeadToHead {
    /// Points scored by the row player against the column player.
    pub points: Vec<Vec<f64>>,
    /// Games between the two players.
    pub games: Vec<Vec<u64>>,
}

/// Result of [`fit_pool`](super::fit_pool).
#[derive(Debug, Clone, PartialEq)]
pub struct PoolFit {
    /// Rating per player index (mean zero or anchored).
    pub ratings: Vec<f64>,
    /// First-mover advantage in rating points (the fixed value if not fitted).
    pub first_mover_advantage: f64,
    /// Sandwich standard error of the fitted advantage (0 when fixed).
    pub first_mover_advantage_stderr: f64,
    /// Standard error per player from the inverse observed information (Hessian).
    pub stderr_hessian: Vec<f64>,
    /// Standard error per player from the sandwich covariance (calibrated with draws).
    pub stderr_sandwich: Vec<f64>,
    /// Sandwich covariance matrix of the reported ratings.
    pub covariance: Vec<Vec<f64>>,
    /// Standard error per player from the parametric bootstrap, if requested.
    pub stderr_bootstrap: Option<Vec<f64>>,
    /// Player indices sorted by rating, best first (equal ratings by the tie rank, else
    /// by index).
    pub order: Vec<usize>,
    /// `los_next[k]`: likelihood that `order[k]` is stronger than `order[k + 1]`
    /// (normal approximation with the covariance).
    pub los_next: Vec<f64>,
    /// Same from the bootstrap replicates (ties count half), if requested.
    pub los_next_bootstrap: Option<Vec<f64>>,
    /// Head-to-head points and games.
    pub head_to_head: HeadToHead,
    /// Total points per player.
    pub points: Vec<f64>,
    /// Games per player.
    pub games: Vec<u64>,
    /// Fraction of drawn games in the input.
    pub draw_rate: f64,
    /// Whether virtual draws were added (see the module documentation).
    pub regularized: bool,
    /// Newton iterations of the main fit.
    pub iterations: usize,
}

impl PoolFit {
    /// Likelihood that player `a` is stronger than player `b` from the covariance
    /// (normal approximation); 0.5 for out-of-range indices.
    #[must_use]
    pub fn los(&self, a: usize, b: usize) -> f64 {
        let n = self.ratings.len();
        if a >= n || b >= n {
            return 0.5;
        }
        let c = &self.covariance;
        let var = c[a][a] + c[b][b] - 2.0 * c[a][b];
        let diff = self.ratings[a] - self.ratings[b];
        if var > 0.0 {
            normal_cdf(diff / var.sqrt())
        } else {
            0.5 + 0.5 * diff.signum() * f64::from(u8::from(diff != 0.0))
        }
    }
}

/// Shift that maps raw ratings to the reported normalization.
pub(super) fn normalize(ratings: &[f64], anchor: Option<Anchor>) -> Vec<f64> {
    let shift = match anchor {
        Some(a) => a.rating - ratings[a.player],
        None => -ratings.iter().sum::<f64>() / ratings.len() as f64,
    };
    ratings.iter().map(|r| r + shift).collect()
}
