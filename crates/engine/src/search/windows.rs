//! The four windows the threat searches keep: per VCF ply, the attacker's windows at that
//! node (a node two plies down derives its own from them, see `search::vcf`), and the side
//! to move's windows at recent threat searches' roots by position, so that a search that
//! starts where another listed, or a few stones from it, derives them instead of scanning
//! the board.
//!
//! Invariant: a list kept for a key is the windows a scan of that position gives (the keys
//! are [`SearchBoard::windows_key`]s, which tell boards of another size or k apart).

use crate::position::{FourWindow, SearchBoard, four_window_cells};

/// Entries of the worker's list of recent threat-search roots' four windows (a power of
/// two).
const WINDOW_LISTS: usize = 1 << 14;

/// Entries of one block of that list (a power of two), allocated when a window list is first
/// kept in it: a short search keeps a few lists, and a list filled whole at start-up (512
/// KiB, every entry written) cost a fresh process 128 page faults before its first search.
const WINDOW_BLOCK: usize = 1 << 8;

/// One block of the recent list: per entry, the windows key and that position's windows.
type WindowBlock = Box<[(u64, Vec<FourWindow>)]>;

/// How many search stones back [`WindowLists::recall`] looks for kept windows.
const WINDOWS_BACK: usize = 8;

/// The four windows kept by ply and by position (none until a worker readies them).
#[derive(Default)]
pub(super) struct WindowLists {
    /// Per VCF ply (one list for each of its move lists), the attacker's four windows at
    /// that node.
    pub(super) by_ply: Vec<Vec<FourWindow>>,
    /// Per VCF ply, the windows key of the position whose windows `by_ply` holds.
    pub(super) keys: Vec<u64>,
    /// The side to move's four windows at recent threat searches' roots, by windows key,
    /// direct-mapped, in blocks of `WINDOW_BLOCK` entries (`None`: every entry as a fresh
    /// one, key 0 and no windows).
    recent: Vec<Option<WindowBlock>>,
    /// Four windows worked out for a list of four cells.
    scratch: Vec<FourWindow>,
}

impl WindowLists {
    /// Empty lists for `plies` VCF plies.
    pub(super) fn new(plies: usize) -> WindowLists {
        WindowLists {
            by_ply: (0..plies).map(|_| Vec::new()).collect(),
            keys: vec![0; plies],
            recent: (0..WINDOW_LISTS / WINDOW_BLOCK).map(|_| None).collect(),
            scratch: Vec::new(),
        }
    }
}

impl WindowLists {
    /// The key and windows of the recent list's entry for windows key `k`.
    fn slot(&self, k: u64) -> (u64, &[FourWindow]) {
        let i = k as usize & (WINDOW_LISTS - 1);
        match &self.recent[i / WINDOW_BLOCK] {
            Some(block) => {
                let (at, windows) = &block[i % WINDOW_BLOCK];
                (*at, windows)
            }
            None => (0, &[]),
        }
    }

    /// The recent list's entry for windows key `k`, its block allocated if not yet.
    fn slot_mut(&mut self, k: u64) -> &mut (u64, Vec<FourWindow>) {
        let i = k as usize & (WINDOW_LISTS - 1);
        let block = self.recent[i / WINDOW_BLOCK]
            .get_or_insert_with(|| (0..WINDOW_BLOCK).map(|_| (0, Vec::new())).collect());
        &mut block[i % WINDOW_BLOCK]
    }

    /// The last search stone on `sb`, when the four windows kept one ply up are the side to
    /// move's in the position without it (so this position's follow from them).
    pub(super) fn one_stone_back(&self, sb: &SearchBoard, vply: usize) -> Option<usize> {
        let s = sb.last_search_stone()?;
        (vply >= 1 && self.listed(sb, vply - 1, sb.key_without(s))).then_some(s)
    }

    /// Whether `by_ply[vply]` holds the windows of the position with key `key` (stones and
    /// side to move) on the board of `sb`.
    fn listed(&self, sb: &SearchBoard, vply: usize, key: u64) -> bool {
        self.keys.get(vply) == Some(&sb.windows_key(key))
    }

    /// The four windows of the side to move on `sb` (as [`SearchBoard::four_windows`] lists
    /// them) into `out`: kept for this position, or derived from those kept for the nearest
    /// position up to `WINDOWS_BACK` search stones back (a VCT comes back to a node's
    /// children long after the windows of its ply were overwritten), else scanned; then kept.
    pub(super) fn recall(&mut self, sb: &SearchBoard, out: &mut Vec<FourWindow>) {
        let color = sb.to_move();
        let key = sb.key();
        let kept = |k: u64| {
            let k = sb.windows_key(k);
            let (at, windows) = self.slot(k);
            (at == k).then_some(windows)
        };
        if let Some(w) = kept(key) {
            out.clear();
            out.extend_from_slice(w);
            return;
        }
        // Positions up to `WINDOWS_BACK` search stones back (the side to move the same),
        // nearest first: the first kept gives this one's by the stones since.
        let mut placed = [0usize; WINDOWS_BACK];
        let mut back = key;
        let mut found = None;
        for (j, s) in sb.search_stones_back().take(WINDOWS_BACK).enumerate() {
            back ^= key ^ sb.key_without(s);
            placed[j] = s;
            if let Some(w) = kept(back) {
                found = Some((w, j + 1));
                break;
            }
        }
        match found {
            Some((w, n)) => sb.four_windows_after_stones(w, &placed[..n], color, out),
            None => sb.four_windows(color, out),
        }
        self.remember(sb, out);
    }

    /// Keeps `windows`, the side to move's four windows on `sb`, for
    /// [`WindowLists::recall`].
    pub(super) fn remember(&mut self, sb: &SearchBoard, windows: &[FourWindow]) {
        let key = sb.windows_key(sb.key());
        let (at, kept) = self.slot_mut(key);
        *at = key;
        kept.clear();
        kept.extend_from_slice(windows);
    }

    /// The four cells of the side to move on `sb`, as [`SearchBoard::four_candidates`]
    /// appends them to `out` (`mark` as there), from [`WindowLists::recall`].
    pub(super) fn four_cells(&mut self, sb: &SearchBoard, out: &mut Vec<u32>, mark: &mut [bool]) {
        let mut windows = std::mem::take(&mut self.scratch);
        self.recall(sb, &mut windows);
        four_window_cells(&windows, out, mark);
        self.scratch = windows;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::EngineParams;
    use crate::search::Engine;
    use gomoku_board::{Board, Cell, Geometry, Pos, Rule};
    use rand::{RngExt, SeedableRng};

    /// The windows `WindowLists::recall` gives, kept, derived from those kept up to
    /// `WINDOWS_BACK` stones back, or scanned, are a fresh scan's, on random walks of light
    /// moves, threat moves and passes (a threat search's) from random positions under each
    /// rule, with the nearest kept lists forgotten at random.
    #[test]
    fn recalled_four_windows_equal_a_fresh_scan() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let (mut checked, mut derived) = (0, 0);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            let engine = Engine::new(EngineParams::default()).unwrap();
            for _ in 0..20 {
                let mut board = Board::new(Geometry::square(11), rule).unwrap();
                while board.stone_count() < rng.random_range(6..16) {
                    let p = Pos::new(rng.random_range(2..9), rng.random_range(2..9));
                    if board.cell(p) == Cell::Empty && board.winner().is_none() {
                        board.make(p);
                    }
                }
                let mut sb = engine.search_board(&board);
                let mut lists = WindowLists::new(0);
                let (mut got, mut fresh) = (Vec::new(), Vec::new());
                let mut made = 0;
                for _ in 0..30 {
                    let empty: Vec<usize> =
                        (0..sb.cell_count()).filter(|&c| sb.is_empty(c)).collect();
                    match rng.random_range(0..5) {
                        0 => sb.pass_turn(),
                        1 if made > 0 => {
                            sb.unmake();
                            made -= 1;
                        }
                        r => {
                            let c = empty[rng.random_range(0..empty.len())];
                            if r == 2 {
                                sb.make_threat(c);
                            } else {
                                sb.make_light(c);
                            }
                            made += 1;
                        }
                    }
                    // Forget the windows kept for this position and up to three before it
                    // (the side to move the same), so that some come from further back.
                    let stones: Vec<usize> = sb.search_stones_back().collect();
                    let mut back = sb.key();
                    for j in 0..rng.random_range(0..5).min(stones.len() + 1) {
                        let k = sb.windows_key(back);
                        lists.slot_mut(k).0 = !k;
                        if let Some(&s) = stones.get(j) {
                            back ^= sb.key() ^ sb.key_without(s);
                        }
                    }
                    let key = sb.windows_key(sb.key());
                    let kept = lists.slot(key).0 == key;
                    lists.recall(&sb, &mut got);
                    sb.four_windows(sb.to_move(), &mut fresh);
                    assert_eq!(got, fresh, "{rule:?} {:?}", board.history());
                    checked += 1;
                    derived += (!kept && !fresh.is_empty()) as u32;
                }
            }
        }
        assert!(checked >= 1800, "{checked} positions checked");
        assert!(derived > 100, "{derived} windows derived or scanned");
    }
}
