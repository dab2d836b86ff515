//! The late-move selectivity of an interior node, after Rapfi's classical search in whole
//! plies: how far a late quiet move is reduced (logarithmic LMR) and after how many moves a
//! node skips its quiet ones (move-count pruning). Both grow with the depth left and fall
//! when the node's static evaluation improves on its own side's two plies up. Pure
//! functions of small numbers; the guards (no pruning under a four or an open-four threat,
//! none before a move that does not lose) are the caller's. The logarithms come from a table
//! built once ([`ln`]), not two `ln()` calls per late move.

use std::sync::OnceLock;

/// Entries of the logarithm table: every depth and every move number of the largest board
/// (32x32 cells) is below it.
const LN_ENTRIES: usize = 1025;

/// ln(`i`) as `f32`, from a table built on first use (the same value `(i as f32).ln()`
/// gives, so a reduction is bit for bit the one computed directly); beyond the table,
/// computed.
#[inline]
fn ln(i: usize) -> f32 {
    static LN: OnceLock<Box<[f32]>> = OnceLock::new();
    let table = LN.get_or_init(|| (0..LN_ENTRIES).map(|i| (i as f32).ln()).collect());
    table.get(i).copied().unwrap_or_else(|| (i as f32).ln())
}

/// What a node's reductions depend on besides the depth and the move number.
#[derive(Clone, Copy, Debug)]
pub(super) struct NodeKind {
    /// A principal-variation node (a window wider than null).
    pub(super) pv: bool,
    /// An expected cut node (a null-window node that its parent expects to fail high).
    pub(super) cut: bool,
    /// The side to move's static evaluation is above its value two plies up.
    pub(super) improving: bool,
}

/// Plies by which the `number`th move (from 1) of a node at `depth` is searched shallower:
/// `scale`/100 · ln(depth) · ln(number), a ply less at a PV node, a ply more at another node
/// that is not improving (once above one), a ply more at a cut node for a move that is no
/// killer, less `history` plies (see [`history_plies`]); rounded, at least 0.
pub(super) fn lmr_reduction(
    scale: u32,
    depth: i32,
    number: usize,
    node: NodeKind,
    killer: bool,
    history: f32,
) -> i32 {
    let mut r = scale as f32 / 100.0 * ln(depth.max(1) as usize) * ln(number.max(1));
    if node.pv {
        r -= 1.0;
    } else if !node.improving && r > 1.0 {
        r += 1.0;
    }
    if node.cut && !killer {
        r += 1.0;
    }
    r -= history;
    (r + 0.5).floor().max(0.0) as i32
}

/// Plies a move's history counter `h` (within ±`bound`, under gravity) takes off its
/// reduction: Rapfi's statistic score, from about a third of a ply added at −bound to two
/// fifths of a ply off at +bound (0 with gravity off).
pub(super) fn history_plies(h: i32, bound: u32) -> f32 {
    if bound == 0 {
        return 0.0;
    }
    0.66 * h as f32 / bound as f32 - 0.27
}

/// How many moves a node at `depth` searches before move-count pruning skips its quiet
/// moves: `base` + ⌊depth^1.32⌋, halved when the node is not improving.
pub(super) fn move_count_limit(base: u32, depth: i32, improving: bool) -> usize {
    let count = base as usize + (depth.max(0) as f32).powf(1.32) as usize;
    if improving { count } else { count / 2 }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUIET: NodeKind = NodeKind {
        pv: false,
        cut: false,
        improving: true,
    };

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        let r = |d, n| lmr_reduction(100, d, n, QUIET, false, 0.0);
        assert_eq!(r(3, 1), 0, "the first move is never reduced");
        for d in 3..40 {
            for n in 2..100 {
                assert!(r(d, n) <= r(d + 1, n) && r(d, n) <= r(d, n + 1), "{d} {n}");
            }
        }
        // ln 8 · ln 20 = 6.23.
        assert_eq!(r(8, 20), 6);
        assert_eq!(lmr_reduction(0, 30, 60, QUIET, false, 0.0), 0);
    }

    /// The table gives what `ln` computes, in and beyond it.
    #[test]
    fn the_logarithm_table_is_ln() {
        for i in (0..LN_ENTRIES + 3).chain([5_000]) {
            assert_eq!(ln(i).to_bits(), (i as f32).ln().to_bits(), "{i}");
        }
    }

    #[test]
    fn reductions_follow_the_node_kind() {
        let base = lmr_reduction(100, 8, 20, QUIET, false, 0.0);
        let pv = NodeKind { pv: true, ..QUIET };
        let worse = NodeKind {
            improving: false,
            ..QUIET
        };
        let cut = NodeKind { cut: true, ..QUIET };
        assert_eq!(lmr_reduction(100, 8, 20, pv, false, 0.0), base - 1);
        assert_eq!(lmr_reduction(100, 8, 20, worse, false, 0.0), base + 1);
        assert_eq!(lmr_reduction(100, 8, 20, cut, false, 0.0), base + 1);
        assert_eq!(lmr_reduction(100, 8, 20, cut, true, 0.0), base);
        // Below one ply, not improving adds nothing; a PV node never goes below zero.
        assert_eq!(lmr_reduction(100, 3, 2, worse, false, 0.0), 1);
        assert_eq!(lmr_reduction(100, 3, 2, pv, false, 0.0), 0);
        // A good history takes plies off, a bad one adds them.
        let good = history_plies(10_000, 10_000);
        let bad = history_plies(-10_000, 10_000);
        assert!(good > 0.35 && bad < -0.9, "{good} {bad}");
        assert_eq!(lmr_reduction(100, 8, 20, QUIET, false, 1.0), base - 1);
        assert_eq!(lmr_reduction(100, 8, 20, QUIET, false, bad), base + 1);
        assert_eq!(history_plies(5_000, 0), 0.0);
    }

    #[test]
    fn move_counts_are_rapfis_at_base_three() {
        let counts: Vec<usize> = (1..=6).map(|d| move_count_limit(3, d, true)).collect();
        assert_eq!(counts, [4, 5, 7, 9, 11, 13]);
        let halved: Vec<usize> = (1..=6).map(|d| move_count_limit(3, d, false)).collect();
        assert_eq!(halved, [2, 2, 3, 4, 5, 6]);
    }
}
