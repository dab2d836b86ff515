//! The values of `match`'s flags that are not engines: time controls, boards, book formats.

use crate::limits::MAX_TIME_MS;
use crate::tournament::{BookFormatSpec, TimeControlSpec};

/// Milliseconds written as `100`, `100ms`, `2s` or `1.5s`.
pub fn parse_ms(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let bad = || format!("'{text}': expected milliseconds such as 100, 100ms or 1.5s");
    if let Some(ms) = t.strip_suffix("ms") {
        return ms.trim().parse::<u64>().map_err(|_| bad());
    }
    if let Some(s) = t.strip_suffix('s') {
        let s: f64 = s.trim().parse().map_err(|_| bad())?;
        let ms = (s * 1000.0).round();
        return if s.is_finite() && (0.0..=MAX_TIME_MS as f64).contains(&ms) {
            Ok(ms as u64)
        } else {
            Err(format!("'{text}': not in 0..={MAX_TIME_MS} ms"))
        };
    }
    t.parse::<u64>().map_err(|_| bad())
}

/// A game clock written `BASE+INC` (`10000+100`, `10s+0.1s`; `10s` alone has no increment),
/// checked as a tournament file's `GameTime` is.
pub fn parse_game_time(text: &str) -> Result<TimeControlSpec, String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    checked(TimeControlSpec::GameTime {
        base_ms: parse_ms(base)?,
        inc_ms: parse_ms(inc)?,
    })
}

/// A fixed depth (`--depth`), checked as a tournament file's `Depth` is.
pub fn parse_depth(text: &str) -> Result<TimeControlSpec, String> {
    let depth = text
        .parse()
        .map_err(|_| format!("'{text}': expected a depth"));
    checked(TimeControlSpec::Depth(depth?))
}

/// Nodes per move (`--nodes`), checked as a tournament file's `Nodes` are.
pub fn parse_nodes(text: &str) -> Result<TimeControlSpec, String> {
    let nodes = text
        .parse()
        .map_err(|_| format!("'{text}': expected a number of nodes"));
    checked(TimeControlSpec::Nodes(nodes?))
}

/// A time per move (`--move-time`) as [`parse_ms`] reads it, checked as a `MoveTime` is.
pub fn parse_move_time(text: &str) -> Result<TimeControlSpec, String> {
    checked(TimeControlSpec::MoveTime(parse_ms(text)?))
}

/// `tc`, or why it cannot be played.
fn checked(tc: TimeControlSpec) -> Result<TimeControlSpec, String> {
    tc.check().map(|()| tc)
}

/// A board written `15` (square) or `15x12` (width x height); its range is checked with the
/// rule and `k` when the match loads.
pub fn parse_board(text: &str) -> Result<(usize, usize), String> {
    let side = |s: &str| {
        s.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{text}': expected a side such as 15, or 15x12"))
    };
    match text.split_once(['x', 'X']) {
        Some((w, h)) => Ok((side(w)?, side(h)?)),
        None => side(text).map(|s| (s, s)),
    }
}

/// A book format by name: `auto`, `pos`, `offset` or `gtp`.
pub fn parse_book_format(text: &str) -> Result<BookFormatSpec, String> {
    match text.to_ascii_lowercase().as_str() {
        "auto" => Ok(BookFormatSpec::Auto),
        "pos" => Ok(BookFormatSpec::Pos),
        "offset" => Ok(BookFormatSpec::Offset),
        "gtp" => Ok(BookFormatSpec::Gtp),
        _ => Err(format!(
            "'{text}': the book formats are auto, pos, offset and gtp"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_boards_parse_as_typed() {
        assert_eq!(parse_ms("100"), Ok(100));
        assert_eq!(parse_ms("100ms"), Ok(100));
        assert_eq!(parse_ms("1.5s"), Ok(1500));
        assert!(parse_ms("fast").is_err());
        assert!(parse_ms("-1").is_err());
        assert!(parse_ms("1e300s").is_err());
        assert_eq!(
            parse_game_time("10s+0.1s"),
            Ok(TimeControlSpec::GameTime {
                base_ms: 10_000,
                inc_ms: 100
            })
        );
        assert!(parse_game_time("0+100").is_err());
        assert!(parse_game_time("10000+").is_err());
        assert_eq!(parse_board("15"), Ok((15, 15)));
        assert_eq!(parse_board("15x12"), Ok((15, 12)));
        assert!(parse_board("big").is_err());
        assert!(parse_book_format("pgn").is_err());
    }
}
