//! What the VCT keeps: its proof table, kept from search to search, and per search its node
//! budget, what the last root VCT settled, the helper thread's flags and its per-ply lists.

use super::proofs::{Node, ProofTable};

/// The VCT's state: its proof table (kept from search to search), its node budget, what the
/// last root VCT settled, and its per-ply lists.
pub(crate) struct VctState {
    /// The VCT's proof and disproof numbers.
    pub(crate) proofs: ProofTable,
    /// VCT nodes left for the current threat search.
    pub(crate) left: u64,
    /// The most nodes one VCT may visit (0: no VCT).
    pub(crate) cap: u64,
    /// Whether the last root VCT stopped for its budget rather than settling its question
    /// (a later call, with more time, goes on from its proof table).
    pub(crate) unfinished: bool,
    /// The longest limit the last root VCT proved to hold no win (see
    /// `Worker::shorten_vct`).
    pub(crate) refuted: u32,
    /// Whether a helper thread searches the root's VCT (see `Engine::search_smp`) beside
    /// this worker's own share of it. This worker's VCT then takes the last of equally
    /// promising attacker moves rather than the first, so that the two, sharing one proof
    /// table, go different ways.
    pub(crate) beside: bool,
    /// Whether the deepening stopped short of the target time (not stopped, several moves,
    /// no mate found): with the VCT beside it, the helper goes on to the target too.
    pub(crate) spare: bool,
    /// The numbers of the moves of each ply.
    pub(crate) values: Vec<Vec<Node>>,
    /// Per ply, the attacker move that last proved a node there (`u32::MAX` for none).
    pub(crate) killers: Vec<u32>,
}
