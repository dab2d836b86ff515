//! An Elo estimate with its 95% half-width in words, the one way every command and file
//! says `+12.3 ± 4.5`. A zero half-width is no interval at all (every game pair, or every
//! game, scored the same, so the sample has no variance): it is said as such rather than as
//! `± 0.0`, which would claim a certainty the sample cannot give.

/// `+12.3 ± 4.5` with `decimals` digits; `+0.0 (degenerate interval: no variance)` when the
/// half-width is zero; `± inf` when it is infinite. A value that rounds to zero prints
/// unsigned-positive (never `-0.0`).
pub fn fmt_elo_pm(elo: f64, error95: f64, decimals: usize) -> String {
    let value = fmt_signed_to(elo, decimals);
    if error95 == 0.0 {
        format!("{value} (degenerate interval: no variance)")
    } else if error95.is_finite() {
        format!("{value} ± {:.decimals$}", error95.abs())
    } else {
        format!("{value} ± inf")
    }
}

/// `elo` with its sign and `decimals` digits, `+0.0` for what rounds to zero, `+inf`,
/// `-inf` or `?`.
pub fn fmt_signed_to(elo: f64, decimals: usize) -> String {
    if elo.is_finite() {
        let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
        let elo = if elo.abs() < half_unit { 0.0 } else { elo };
        format!("{elo:+.decimals$}")
    } else if elo > 0.0 {
        "+inf".into()
    } else if elo < 0.0 {
        "-inf".into()
    } else {
        "?".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pentanomial;

    #[test]
    fn every_pair_drawn_is_a_degenerate_interval_not_plus_minus_zero() {
        let drawn = Pentanomial([0, 0, 12, 0, 0]).elo_estimate().unwrap();
        let text = fmt_elo_pm(drawn.elo, drawn.error95, 1);
        assert_eq!(text, "+0.0 (degenerate interval: no variance)");
        assert!(!text.contains('±'), "{text}");
    }

    #[test]
    fn ordinary_intervals_keep_their_plus_minus() {
        assert_eq!(fmt_elo_pm(12.34, 4.56, 1), "+12.3 ± 4.6");
        assert_eq!(fmt_elo_pm(-3.0, 40.2, 0), "-3 ± 40");
        assert_eq!(fmt_elo_pm(-0.04, 3.0, 1), "+0.0 ± 3.0");
        assert_eq!(fmt_elo_pm(5.0, f64::INFINITY, 1), "+5.0 ± inf");
        assert_eq!(fmt_signed_to(f64::NAN, 1), "?");
    }
}
