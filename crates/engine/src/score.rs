//! Score arithmetic shared by the search and its callers: the mate scale (a win in `n` plies
//! scores `WIN - n`), its reading as moves to mate, and the ply shift that lets a mate score
//! stored in the transposition table at one ply be read back at another.

/// The score of a win on the board now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000_000;
/// Scores at least this large in absolute value are mate scores.
pub const MATE_BOUND: i32 = WIN - 10_000;
pub(crate) const INF: i32 = WIN + 1;

/// Whether a score is a mate score (a win or a loss in a known number of plies).
#[inline]
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// For a mate score, the number of moves of the winner to the win: positive when the side to
/// move wins, negative when it loses; `None` for other scores.
pub fn win_in(score: i32) -> Option<i32> {
    if !is_mate(score) {
        return None;
    }
    let plies = WIN - score.abs();
    let moves = (plies + 1) / 2;
    Some(if score > 0 { moves } else { -moves })
}

/// A score as stored in the transposition table: mate scores counted from the stored node,
/// not from the root, so the entry stays right wherever the position recurs.
#[inline]
pub(crate) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A score read from the transposition table at `ply`: the inverse of [`score_to_tt`].
#[inline]
pub(crate) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
