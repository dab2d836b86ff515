//! The engine and its searches. [`Engine`] (`engine`) owns what outlives a search (the
//! compiled table, the transposition table, killers and history, the threat searches'
//! caches, the last search's board and lists) and runs searches, with Lazy SMP helpers when
//! asked; a `Worker` (`worker`) holds everything one search thread needs, lent the
//! engine's tables for the search and handing them back after.
//!
//! The worker's state is grouped in typed parts, each in a module that knows nothing of
//! the worker: the limits and stop (`control`), the counters and the report (`result`),
//! the killers and history (`history`), the four windows kept by ply and by position
//! (`windows`), and the VCF's and the VCT's state (`vcf::state`, `vct::state`,
//! `vct::proofs`). Each search adds its `Worker` methods in a module of its own: `root`
//! (forced moves, the threat searches, iterative deepening, tie-break), `negamax` (the
//! interior nodes; its late-move reductions and move counts in `selectivity`), `quiescence`
//! (the leaves' threat search), `ordering` (move ordering), `vcf` and `vct` (the threat
//! searches, the VCT's moves in `vct::moves`).

mod control;
mod defence;
mod engine;
mod history;
mod negamax;
mod ordering;
mod quiescence;
mod result;
mod root;
mod selectivity;
#[cfg(test)]
mod testing;
mod vcf;
mod vct;
mod windows;
mod worker;

pub use engine::Engine;
pub use result::{IterationInfo, SearchResult, Told};
