//! Zeroed tables backed by large pages where the system gives them.
//!
//! The hash table and the continuation history are read at random, a few bytes at a time, so
//! with 4 KiB pages nearly every read also misses the processor's address cache (the TLB) and
//! waits for a page walk. Stockfish and Pikafish allocate such tables aligned to 2 MiB and ask
//! Linux for transparent huge pages (`madvise(MADV_HUGEPAGE)`), which most distributions give
//! only to memory that asks (`/sys/kernel/mm/transparent_hugepage/enabled` = `madvise`).
//! [`Large`] does the same: on Linux a table of at least 2 MiB is aligned to 2 MiB and marked
//! for huge pages before its first write. Elsewhere, or where the kernel declines, it is ordinary zeroed memory; what
//! the search computes is the same either way, only faster.

use core::alloc::Layout;
use core::ptr::NonNull;
use std::alloc::{alloc, alloc_zeroed, dealloc, handle_alloc_error};

/// The size of a huge page on x86-64 and arm64 Linux.
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// A type for which a value of all-zero bytes is valid (integers, atomics and arrays of them).
///
/// # Safety
/// An implementor must be valid when every byte is zero, and must have no drop glue.
#[allow(unsafe_code, reason = "a marker trait whose promise `Large` relies on")]
pub unsafe trait Zeroed: Sized {}

#[allow(
    unsafe_code,
    reason = "all-zero integers and atomics are valid and drop nothing"
)]
mod zeroed_impls {
    use super::Zeroed;
    use core::sync::atomic::AtomicU64;

    // SAFETY: zero is a valid value of each, and none has drop glue.
    unsafe impl Zeroed for i16 {}
    // SAFETY: as above.
    unsafe impl Zeroed for u64 {}
    // SAFETY: as above.
    unsafe impl Zeroed for AtomicU64 {}
    // SAFETY: an array of zero-valid elements is zero-valid and has no drop glue of its own.
    unsafe impl<T: Zeroed, const N: usize> Zeroed for [T; N] {}
}

/// A fixed-length slice of zeroed `T`; on Linux 2 MiB aligned and marked for huge pages when it
/// is at least 2 MiB (see the module's documentation).
pub struct Large<T: Zeroed> {
    ptr: NonNull<T>,
    len: usize,
    layout: Layout,
}

// SAFETY: `Large` owns its elements as a `Box<[T]>` would, so it may move between threads and
// be shared by reference exactly when `T` may.
#[allow(unsafe_code, reason = "Large owns its elements like Box<[T]>")]
unsafe impl<T: Zeroed + Send> Send for Large<T> {}
// SAFETY: as above.
#[allow(unsafe_code, reason = "Large owns its elements like Box<[T]>")]
unsafe impl<T: Zeroed + Sync> Sync for Large<T> {}

impl<T: Zeroed> Large<T> {
    /// `len` zeroed elements.
    ///
    /// # Panics
    /// If the size overflows `isize` (as `vec!` does); aborts if memory runs out.
    #[must_use]
    #[allow(unsafe_code, reason = "allocating and zeroing the table")]
    pub fn zeroed(len: usize) -> Large<T> {
        let bytes = core::mem::size_of::<T>()
            .checked_mul(len)
            .expect("a table's size fits in memory");
        // Only Linux is asked for huge pages; elsewhere the alignment would only waste memory.
        let align = if cfg!(target_os = "linux") && bytes >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            core::mem::align_of::<T>()
        };
        let layout = Layout::from_size_align(bytes, align).expect("a table's size fits in memory");
        if bytes == 0 {
            return Large {
                ptr: NonNull::dangling(),
                len,
                layout,
            };
        }
        // SAFETY: the layout's size is not zero.
        let raw = unsafe {
            if align == HUGE_PAGE {
                alloc(layout)
            } else {
                alloc_zeroed(layout)
            }
        };
        let Some(ptr) = NonNull::new(raw.cast::<T>()) else {
            handle_alloc_error(layout)
        };
        let mut table = Large { ptr, len, layout };
        if align == HUGE_PAGE {
            // The hint goes before the first write: pages already touched stay small.
            advise_huge(raw, bytes);
            table.zero();
        }
        table
    }

    /// Sets every element to zero again.
    #[allow(unsafe_code, reason = "writing zero bytes over zero-valid elements")]
    pub fn zero(&mut self) {
        // SAFETY: the pointer is valid for `len` elements, which are valid as zero bytes
        // (`Zeroed`) and have no drop glue.
        unsafe { core::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }
}

/// Asks Linux to back `[ptr, ptr + bytes)` with transparent huge pages. A hint only: a kernel
/// without them, or one that declines, leaves ordinary pages and nothing changes.
#[cfg(target_os = "linux")]
#[allow(
    unsafe_code,
    reason = "the madvise system call on memory this module owns"
)]
fn advise_huge(ptr: *mut u8, bytes: usize) {
    // SAFETY: the range is one allocation of ours, aligned to a page; madvise only hints.
    unsafe {
        libc::madvise(ptr.cast(), bytes, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge(_ptr: *mut u8, _bytes: usize) {}

impl<T: Zeroed> Drop for Large<T> {
    #[allow(
        unsafe_code,
        reason = "freeing the table with the layout it was allocated with"
    )]
    fn drop(&mut self) {
        if self.layout.size() != 0 {
            // SAFETY: allocated in `zeroed` with this very layout; elements have no drop glue.
            unsafe { dealloc(self.ptr.as_ptr().cast(), self.layout) };
        }
    }
}

impl<T: Zeroed> core::ops::Deref for Large<T> {
    type Target = [T];

    #[allow(unsafe_code, reason = "viewing the owned allocation as a slice")]
    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised (zeroed, `Zeroed`) elements, owned and aligned.
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed> core::ops::DerefMut for Large<T> {
    #[allow(unsafe_code, reason = "viewing the owned allocation as a slice")]
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { core::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed> core::fmt::Debug for Large<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Large")
            .field("len", &self.len)
            .field("align", &self.layout.align())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_start_zeroed_and_large_ones_are_aligned_to_a_huge_page() {
        let small: Large<u64> = Large::zeroed(1000);
        assert_eq!(small.len(), 1000);
        assert!(small.iter().all(|&x| x == 0));
        let big: Large<[[i16; 90]; 14]> = Large::zeroed(14 * 90);
        assert!(core::mem::size_of_val(&*big) >= HUGE_PAGE);
        if cfg!(target_os = "linux") {
            assert_eq!(big.as_ptr() as usize % HUGE_PAGE, 0);
        }
        assert!(big.iter().flatten().flatten().all(|&x| x == 0));
        let empty: Large<u64> = Large::zeroed(0);
        assert!(empty.is_empty());
    }

    #[test]
    fn zero_clears_what_was_written() {
        let mut t: Large<u64> = Large::zeroed(HUGE_PAGE / 8 + 3);
        t[0] = 7;
        let last = t.len() - 1;
        t[last] = 9;
        assert_eq!((t[0], t[last]), (7, 9));
        t.zero();
        assert!(t.iter().all(|&x| x == 0));
    }
}
