//! The undo stack: one frame per move on the search board, with what its unmake puts back
//! (the evaluation sums, the bounding box), where the parts' own undo entries for it start,
//! and its four hint (the directions that may hold a new four through the stone).
//!
//! Invariant: the frames below `base` are the game's moves, played by `follow`; those above
//! are the search's, and the search's view of "moves made" (its ply, its stones, the fives
//! of recent moves) starts at `base`.

use gomoku_board::ByColor;

/// What a move keeps up to date. Each search reads only part of the board's state, and
/// skipping the rest is most of what makes the threat searches fast; a move may be made
/// above another only if it keeps no more than that one (a full move above a light one
/// would start from stale sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveMode {
    /// Everything: the evaluation sums, the line gains, the line kinds, the neighbour
    /// counts and candidates, the four hint (the main search's moves).
    Full,
    /// The stones, keys, lines, neighbour counts and candidates and the four hint; the
    /// sums, gains and kinds stay stale until the move is taken back (the VCT's moves).
    Light,
    /// The stones, keys and lines alone; the four hint is worked out only if read (the
    /// VCF's moves).
    Threat,
}

/// A threat move's [`Frame::hint`] until it is read: the VCF never reads its attacker's
/// fours', only its blocks'.
pub(super) const LAZY_HINT: u8 = 0xFF;

/// The moves on the board that left a part stale: a part kept by full moves alone (the gain
/// cache, the line kinds) is read only when none is.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct StaleMoves(u32);

impl StaleMoves {
    /// Counts a move made in `mode`; whether it keeps the part (a full move).
    #[inline]
    pub(super) fn made(&mut self, mode: MoveMode) -> bool {
        let full = mode == MoveMode::Full;
        self.0 += !full as u32;
        full
    }

    /// Counts a move of `mode` taken back; whether the part has its own entries to restore
    /// (a full move).
    #[inline]
    pub(super) fn taken_back(&mut self, mode: MoveMode) -> bool {
        let full = mode == MoveMode::Full;
        self.0 -= !full as u32;
        full
    }

    /// Whether no such move is on the board (the part may be read).
    #[inline]
    pub(super) fn none(self) -> bool {
        self.0 == 0
    }
}

/// One move made: what its unmake needs.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The cell played.
    pub(super) cell: u32,
    /// The evaluation sums before the move.
    pub(super) sums: ByColor<i64>,
    /// The stones' bounding box before the move.
    pub(super) bbox: [i32; 4],
    /// The directions that may hold a new four through the stone, or [`LAZY_HINT`].
    pub(super) hint: u8,
    /// What the move kept up to date.
    pub(super) mode: MoveMode,
    /// Where this move's line-gain undo entries start.
    pub(super) gains_saved: u32,
    /// Where this move's line-kind undo entries start.
    pub(super) kinds_saved: u32,
}

/// The frames of the moves made, the game's below `base`.
#[derive(Clone)]
pub(super) struct MoveStack {
    frames: Vec<Frame>,
    /// Frames below this are the game's moves made by `follow`, not search moves.
    base: usize,
}

impl MoveStack {
    /// An empty stack.
    pub(super) fn new() -> MoveStack {
        MoveStack {
            frames: Vec::with_capacity(1024),
            base: 0,
        }
    }

    /// Every move's frame, the game's and the search's.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether no search move is made.
    #[inline]
    pub(super) fn at_base(&self) -> bool {
        self.frames.len() == self.base
    }

    /// Makes every frame a game move: the search starts here.
    #[inline]
    pub(super) fn settle(&mut self) {
        self.base = self.frames.len();
    }

    /// The search moves' frames, the first first.
    #[inline]
    pub(super) fn search_frames(&self) -> &[Frame] {
        &self.frames[self.base..]
    }

    /// Pushes a move's frame.
    #[inline]
    pub(super) fn push(&mut self, frame: Frame) {
        self.frames.push(frame);
    }

    /// Pops the last move's frame.
    #[inline]
    pub(super) fn pop(&mut self) -> Frame {
        self.frames.pop().expect("a move to take back")
    }

    /// The last move's frame.
    #[cfg(test)]
    pub(super) fn last(&self) -> Option<&Frame> {
        self.frames.last()
    }
}
