//! Two-player match statistics as fastchess and fishtest print them: logistic Elo and
//! normalized Elo with 95% intervals, likelihood of superiority (LOS) and draw ratio, from
//! trinomial (per game) or pentanomial (per game pair) counts.
//!
//! Method: mean score `mu`, variance `var` of the per-game (or per-pair, each pair
//! averaged to a score in {0, 1/4, 1/2, 3/4, 1}) score distribution, `sigma = sqrt(var / n)`,
//! score bounds `mu +- 1.959963984540054 * sigma`, each converted to Elo; the reported
//! error is half the distance between the two converted bounds.
//!
//! Degenerate inputs never give NaN: a score bound outside `[0, 1]` is clamped (its Elo is
//! then infinite, and so is the error), and a zero variance gives an nElo of 0 with an
//! infinite error unless the score is exactly 1/2.

use crate::StatsError;
use crate::normal::erf;

/// Two-sided 95% z-score used by fastchess (`CI95ZSCORE`).
pub const Z95: f64 = 1.959963984540054;

/// Ratio between normalized Elo and the t-value `(mu - 1/2) / sigma`: `800 / ln(10)`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// Logistic Elo of an expected score: `-400 * log10(1/s - 1)`; `+-inf` at 1 and 0.
///
/// Scores outside `[0, 1]` are clamped to that range; NaN stays NaN.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(0.0, 1.0);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score of a logistic Elo difference: `1 / (1 + 10^(-elo/400))`.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A point estimate with its fastchess-style symmetric 95% half-width and the interval ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// Point estimate.
    pub elo: f64,
    /// Half-width `(upper - lower) / 2`, as fastchess prints it after `+/-`.
    pub error95: f64,
    /// Lower end of the 95% interval (converted lower score bound).
    pub lower: f64,
    /// Upper end of the 95% interval (converted upper score bound).
    pub upper: f64,
}

/// Sample mean and variance of a discrete score distribution given as (score, count) cells.
fn mean_var(cells: &[(f64, f64)]) -> Result<(f64, f64, f64), StatsError> {
    let n: f64 = cells.iter().map(|c| c.1).sum();
    if n <= 0.0 {
        return Err(StatsError::NoGames);
    }
    let mu = cells.iter().map(|c| c.0 * c.1).sum::<f64>() / n;
    let var = cells.iter().map(|c| c.1 * (c.0 - mu).powi(2)).sum::<f64>() / n;
    Ok((n, mu, var))
}

/// Interval of a transformed score: `convert(mu)` and the converted `mu +- Z95 * sd`.
fn interval(mu: f64, sd: f64, convert: impl Fn(f64) -> f64) -> EloEstimate {
    let lo = (mu - Z95 * sd).clamp(0.0, 1.0);
    let hi = (mu + Z95 * sd).clamp(0.0, 1.0);
    let (lower, upper) = (convert(lo), convert(hi));
    let error95 = if lower == upper {
        0.0
    } else {
        (upper - lower) / 2.0
    };
    EloEstimate {
        elo: convert(mu),
        error95,
        lower,
        upper,
    }
}

/// nElo interval where `sigma_unit` is the per-game (trinomial) or per-game-equivalent
/// (pentanomial, `sqrt(2 var_pair)`) standard deviation.
fn nelo_interval(mu: f64, sd_mean: f64, sigma_unit: f64) -> EloEstimate {
    if sigma_unit <= 0.0 {
        let elo = if mu > 0.5 {
            f64::INFINITY
        } else if mu < 0.5 {
            f64::NEG_INFINITY
        } else {
            0.0
        };
        return EloEstimate {
            elo,
            error95: f64::INFINITY,
            lower: f64::NEG_INFINITY,
            upper: f64::INFINITY,
        };
    }
    let convert = |s: f64| (s - 0.5) / sigma_unit * NELO_PER_T;
    let lower = convert(mu - Z95 * sd_mean);
    let upper = convert(mu + Z95 * sd_mean);
    EloEstimate {
        elo: convert(mu),
        error95: (upper - lower) / 2.0,
        lower,
        upper,
    }
}

/// fastchess LOS: normal approximation `Phi((mu - 1/2) / sd_mean)`.
fn los_normal(mu: f64, sd_mean: f64) -> f64 {
    if sd_mean <= 0.0 {
        return if mu > 0.5 {
            1.0
        } else if mu < 0.5 {
            0.0
        } else {
            0.5
        };
    }
    0.5 * (1.0 - erf(-(mu - 0.5) / (2f64.sqrt() * sd_mean)))
}

/// Per-game counts of one player's results against another.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Trinomial {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Trinomial {
    /// Counts from wins, draws and losses.
    #[must_use]
    pub fn new(wins: u64, draws: u64, losses: u64) -> Self {
        Self {
            wins,
            draws,
            losses,
        }
    }

    /// Counts from per-game scores (each 0, 0.5 or 1).
    ///
    /// # Errors
    /// [`StatsError::InvalidScore`] for any other value.
    pub fn from_scores(scores: &[f64]) -> Result<Self, StatsError> {
        let mut t = Self::default();
        for &s in scores {
            t.add(s)?;
        }
        Ok(t)
    }

    /// Adds one game scoring 0, 0.5 or 1.
    ///
    /// # Errors
    /// [`StatsError::InvalidScore`] for any other value.
    pub fn add(&mut self, score: f64) -> Result<(), StatsError> {
        match score {
            1.0 => self.wins += 1,
            0.5 => self.draws += 1,
            0.0 => self.losses += 1,
            _ => return Err(StatsError::InvalidScore(score)),
        }
        Ok(())
    }

    /// Total number of games.
    #[must_use]
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Counts as `[losses, draws, wins]`, the fishtest order (ascending score).
    #[must_use]
    pub fn ldw(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }

    fn cells(&self) -> [(f64, f64); 3] {
        [
            (0.0, self.losses as f64),
            (0.5, self.draws as f64),
            (1.0, self.wins as f64),
        ]
    }

    /// Mean score per game.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn score(&self) -> Result<f64, StatsError> {
        mean_var(&self.cells()).map(|m| m.1)
    }

    /// Sample variance of the per-game score.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn variance(&self) -> Result<f64, StatsError> {
        mean_var(&self.cells()).map(|m| m.2)
    }

    /// Logistic Elo with the fastchess 95% interval.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn elo_estimate(&self) -> Result<EloEstimate, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(interval(mu, (var / n).sqrt(), elo_from_score))
    }

    /// Normalized Elo `(mu - 1/2) / sigma_game * 800/ln(10)` with its 95% interval.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn nelo_estimate(&self) -> Result<EloEstimate, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(nelo_interval(mu, (var / n).sqrt(), var.sqrt()))
    }

    /// LOS as fastchess prints it: normal approximation on the mean score.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn los(&self) -> Result<f64, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(los_normal(mu, (var / n).sqrt()))
    }

    /// Classic LOS from decisive games only: `(1 + erf((W - L) / sqrt(2 (W + L)))) / 2`;
    /// 0.5 when there are no decisive games.
    #[must_use]
    pub fn los_wins_losses(&self) -> f64 {
        let decisive = (self.wins + self.losses) as f64;
        if decisive == 0.0 {
            return 0.5;
        }
        let d = self.wins as f64 - self.losses as f64;
        0.5 * (1.0 + erf(d / (2.0 * decisive).sqrt()))
    }

    /// Fraction of games drawn.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn draw_ratio(&self) -> Result<f64, StatsError> {
        match self.games() {
            0 => Err(StatsError::NoGames),
            g => Ok(self.draws as f64 / g as f64),
        }
    }
}

/// Game-pair counts (same opening, colours reversed) indexed by pair score
/// 0, 0.5, 1, 1.5, 2: `[LL, LD, DD + WL, WD, WW]`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Counts from pair scores (each 0, 0.5, 1, 1.5 or 2).
    ///
    /// # Errors
    /// [`StatsError::InvalidScore`] for any other value.
    pub fn from_pair_scores(pair_scores: &[f64]) -> Result<Self, StatsError> {
        let mut p = Self::default();
        for &s in pair_scores {
            p.add_pair_score(s)?;
        }
        Ok(p)
    }

    /// Pentanomial and trinomial counts from the two game scores of each pair.
    ///
    /// # Errors
    /// [`StatsError::InvalidScore`] when a game score is not 0, 0.5 or 1.
    pub fn from_game_pairs(pairs: &[[f64; 2]]) -> Result<(Self, Trinomial), StatsError> {
        let mut p = Self::default();
        let mut t = Trinomial::default();
        for &[a, b] in pairs {
            t.add(a)?;
            t.add(b)?;
            p.add_pair_score(a + b)?;
        }
        Ok((p, t))
    }

    /// Adds one pair scoring 0, 0.5, 1, 1.5 or 2.
    ///
    /// # Errors
    /// [`StatsError::InvalidScore`] for any other value.
    pub fn add_pair_score(&mut self, pair_score: f64) -> Result<(), StatsError> {
        let idx = match pair_score {
            0.0 => 0,
            0.5 => 1,
            1.0 => 2,
            1.5 => 3,
            2.0 => 4,
            _ => return Err(StatsError::InvalidScore(pair_score)),
        };
        self.0[idx] += 1;
        Ok(())
    }

    /// Number of game pairs.
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Number of games (twice the pairs).
    #[must_use]
    pub fn games(&self) -> u64 {
        2 * self.pairs()
    }

    fn cells(&self) -> [(f64, f64); 5] {
        let c = self.0.map(|x| x as f64);
        [
            (0.0, c[0]),
            (0.25, c[1]),
            (0.5, c[2]),
            (0.75, c[3]),
            (1.0, c[4]),
        ]
    }

    /// Mean score per game.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn score(&self) -> Result<f64, StatsError> {
        mean_var(&self.cells()).map(|m| m.1)
    }

    /// Sample variance of the per-pair mean score (each pair scored in {0, 1/4, .., 1}).
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn pair_variance(&self) -> Result<f64, StatsError> {
        mean_var(&self.cells()).map(|m| m.2)
    }

    /// Logistic Elo with the fastchess pentanomial 95% interval.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn elo_estimate(&self) -> Result<EloEstimate, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(interval(mu, (var / n).sqrt(), elo_from_score))
    }

    /// Normalized Elo with the per-game sigma taken as `sqrt(2 * var_pair)` (fastchess).
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn nelo_estimate(&self) -> Result<EloEstimate, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(nelo_interval(mu, (var / n).sqrt(), (2.0 * var).sqrt()))
    }

    /// LOS as fastchess prints it: normal approximation on the pair means.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn los(&self) -> Result<f64, StatsError> {
        let (n, mu, var) = mean_var(&self.cells())?;
        Ok(los_normal(mu, (var / n).sqrt()))
    }

    /// Fraction of pairs scoring exactly 1 (`DD + WL`): the per-game draw ratio needs
    /// the trinomial counts, which pentanomial counts do not determine.
    ///
    /// # Errors
    /// [`StatsError::NoGames`] when all counts are zero.
    pub fn even_pair_ratio(&self) -> Result<f64, StatsError> {
        match self.pairs() {
            0 => Err(StatsError::NoGames),
            n => Ok(self.0[2] as f64 / n as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_score_roundtrip_and_edges() {
        for e in [-800.0, -100.0, 0.0, 3.5, 400.0] {
            assert!((elo_from_score(score_from_elo(e)) - e).abs() < 1e-9);
        }
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert_eq!(elo_from_score(1.5), f64::INFINITY);
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-15);
    }

    #[test]
    fn empty_counts_are_errors() {
        assert_eq!(
            Trinomial::default().elo_estimate(),
            Err(StatsError::NoGames)
        );
        assert_eq!(Pentanomial::default().los(), Err(StatsError::NoGames));
        assert_eq!(Trinomial::default().los_wins_losses(), 0.5);
    }

    #[test]
    fn degenerate_counts_never_nan() {
        let all_wins = Trinomial::new(10, 0, 0).elo_estimate().unwrap();
        assert_eq!(all_wins.elo, f64::INFINITY);
        assert!(!all_wins.error95.is_nan());
        let lopsided = Trinomial::new(9, 0, 1).elo_estimate().unwrap();
        assert!(lopsided.elo.is_finite() && lopsided.error95 == f64::INFINITY);
        let draws = Trinomial::new(0, 7, 0);
        let e = draws.elo_estimate().unwrap();
        assert_eq!((e.elo, e.error95), (0.0, 0.0));
        let n = draws.nelo_estimate().unwrap();
        assert_eq!((n.elo, n.error95), (0.0, f64::INFINITY));
        assert_eq!(draws.los().unwrap(), 0.5);
        let p = Pentanomial([0, 0, 0, 0, 4]).nelo_estimate().unwrap();
        assert_eq!(p.elo, f64::INFINITY);
    }

    #[test]
    fn pair_scores_build_counts() {
        let (p, t) = Pentanomial::from_game_pairs(&[[1.0, 0.0], [0.5, 0.5], [1.0, 0.5]]).unwrap();
        assert_eq!(p, Pentanomial([0, 0, 2, 1, 0]));
        assert_eq!(t, Trinomial::new(2, 3, 1));
        assert!(Pentanomial::from_pair_scores(&[2.5]).is_err());
        assert!(Trinomial::from_scores(&[0.25]).is_err());
    }
}
