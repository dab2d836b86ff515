//! A shard as people write it on a command line: `I/N` counted from 0 (the stripe of jobs
//! `j % N == I`, as [`crate::schedule::shard_jobs`] takes it) or `KofN` counted from 1, as
//! Slurm array ids usually run. Both give the 0-based `(I, N)`.

use thiserror::Error;

/// Why a shard's text is refused (the message says how to write it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// The count `N` is not a number from 1.
    #[error("shard count '{0}': expected a number from 1")]
    Count(String),
    /// `K` of `KofN` is not 1 to `N`.
    #[error("{text}: KofN counts from 1, so K is 1 to {count}")]
    FromOne {
        /// The text given.
        text: String,
        /// `N`.
        count: usize,
    },
    /// `I` of `I/N` is not 0 to `N - 1`.
    #[error("{text}: I/N counts from 0, so I is 0 to {}; to count from 1 write {index}of{count}", count - 1)]
    FromZero {
        /// The text given.
        text: String,
        /// `I` as written.
        index: String,
        /// `N`.
        count: usize,
    },
    /// Neither form.
    #[error("expected I/N counted from 0 (0/4 .. 3/4) or KofN counted from 1 (1of4 .. 4of4)")]
    Form,
}

/// Parses a shard: `I/N` counts from 0 (0 <= I < N), `KofN` from 1 (1 <= K <= N); both give
/// the 0-based index and the count.
pub fn parse_shard(s: &str) -> Result<(usize, usize), ShardError> {
    let count = |n: &str| -> Result<usize, ShardError> {
        match n.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(ShardError::Count(n.to_string())),
        }
    };
    if let Some((k, n)) = s.split_once("of") {
        let n = count(n)?;
        return match k.trim().parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Ok((k - 1, n)),
            _ => Err(ShardError::FromOne {
                text: s.to_string(),
                count: n,
            }),
        };
    }
    let (i, n) = s.split_once('/').ok_or(ShardError::Form)?;
    let n = count(n)?;
    match i.trim().parse::<usize>() {
        Ok(i) if i < n => Ok((i, n)),
        _ => Err(ShardError::FromZero {
            text: s.to_string(),
            index: i.trim().to_string(),
            count: n,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_shard;

    #[test]
    fn shards_count_from_0_with_a_slash_and_from_1_with_of() {
        assert_eq!(parse_shard("0/4"), Ok((0, 4)));
        assert_eq!(parse_shard("3/4"), Ok((3, 4)));
        assert_eq!(parse_shard("1of4"), Ok((0, 4)));
        assert_eq!(parse_shard("4of4"), Ok((3, 4)));
        // Slurm's 1-based last id given as I/N is refused with the way to say it.
        let e = parse_shard("4/4").unwrap_err().to_string();
        assert!(e.contains("to count from 1 write 4of4"), "{e}");
        for bad in ["0of4", "5of4", "1/0", "x/4", "4", ""] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
