//! What the libFuzzer binaries share: the targets (from `gomoku-fuzz-targets`, where the
//! regression test replays them too) and a global allocator that refuses any single
//! allocation larger than [`ALLOCATION_LIMIT`].
//!
//! libFuzzer bounds the whole process by `-rss_limit_mb`, but its `-malloc_limit_mb` needs a
//! sanitizer's allocator hooks, which a stable build has not: without the cap here, a parser
//! that trusted a length from its input (`Vec::with_capacity(n)`) would reserve gigabytes of
//! address space that the RSS check never sees. A refused allocation aborts the process
//! ("memory allocation of N bytes failed"), which libFuzzer records as a crash with its input.

use std::alloc::{GlobalAlloc, Layout, System};

pub use gomoku_fuzz_targets::targets;

/// The largest single allocation allowed while fuzzing: no input of a few kilobytes has a
/// reason to need more.
pub const ALLOCATION_LIMIT: usize = 256 << 20;

/// The system allocator with [`ALLOCATION_LIMIT`] per allocation.
pub struct CappedAllocator;

// SAFETY: every call is forwarded to `System` unchanged, except that an oversized request
// returns null, which `GlobalAlloc` allows for any request (the caller handles the failure).
unsafe impl GlobalAlloc for CappedAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > ALLOCATION_LIMIT {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() > ALLOCATION_LIMIT {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as our caller's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through `alloc` or `realloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > ALLOCATION_LIMIT {
            return std::ptr::null_mut();
        }
        // SAFETY: same contract as our caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CappedAllocator = CappedAllocator;
