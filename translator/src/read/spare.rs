//! Spare buffers, kept per thread: the tables the module view and the load checks build for
//! every module (instruction records, id operands, per-id tables) are [`SpareVec`]s: taken
//! from here, and given back when dropped, instead of coming from the allocator each time.
//!
//! Why: a translation views two to four modules, each with tables of a few kilobytes; from the
//! allocator those are its slow path (requests past its small-size caches), and their memory
//! is cold. Taken from here they are the memory the previous translation used, still in cache.
//!
//! Invariant: a buffer taken is empty (its capacity is whatever it had); at most [`KEEP`]
//! buffers of a type are kept per thread, none larger than [`MAX_KEPT_BYTES`], so what stays
//! allocated after a translation is bounded.

use std::cell::RefCell;
use std::thread::LocalKey;

/// Buffers kept per type and thread: a translation holds at most four views at once.
const KEEP: usize = 4;
/// A buffer larger than this is freed rather than kept (a huge module's tables).
const MAX_KEPT_BYTES: usize = 1 << 20;

/// A type whose buffers are kept ([`spare!`] gives it a per-thread pool).
pub(crate) trait Pooled: Sized + 'static {
    fn pool() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>>;
}

/// Implements [`Pooled`] for a type, with its own per-thread pool.
macro_rules! spare {
    ($t:ty) => {
        impl $crate::spare::Pooled for $t {
            fn pool() -> &'static ::std::thread::LocalKey<::std::cell::RefCell<Vec<Vec<$t>>>> {
                ::std::thread_local! {
                    static POOL: ::std::cell::RefCell<Vec<Vec<$t>>> = const { ::std::cell::RefCell::new(Vec::new()) };
                }
                &POOL
            }
        }
    };
}
pub(crate) use spare;

/// A `Vec` whose buffer goes back to its thread's pool when dropped (a newtype rather than a
/// `Drop` on the tables' owners, which would make every borrowing owner, such as a view of
/// borrowed words, outlive what it borrows).
#[derive(Debug)]
pub(crate) struct SpareVec<T: Pooled>(Vec<T>);

impl<T: Pooled> SpareVec<T> {
    /// An empty vector on a spare buffer if the thread has one.
    pub(crate) fn new() -> Self {
        SpareVec(take())
    }
}

impl<T: Pooled + Clone> Clone for SpareVec<T> {
    fn clone(&self) -> Self {
        let mut v = SpareVec::new();
        v.extend_from_slice(&self.0);
        v
    }
}

impl<T: Pooled> std::ops::Deref for SpareVec<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T: Pooled> std::ops::DerefMut for SpareVec<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T: Pooled> Drop for SpareVec<T> {
    fn drop(&mut self) {
        give(std::mem::take(&mut self.0));
    }
}

/// An empty buffer: a spare one if the thread has one, else a new one.
fn take<T: Pooled>() -> Vec<T> {
    // (During thread teardown the pool may be gone: then a new buffer.)
    T::pool().try_with(|p| p.borrow_mut().pop()).ok().flatten().unwrap_or_default()
}

/// Gives `buffer` back for a later [`take`] (or frees it, past the limits).
fn give<T: Pooled>(mut buffer: Vec<T>) {
    if buffer.capacity() == 0 || buffer.capacity().saturating_mul(size_of::<T>()) > MAX_KEPT_BYTES {
        return;
    }
    buffer.clear();
    let _ = T::pool().try_with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < KEEP {
            p.push(buffer);
        }
    });
}

spare!(u32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffers_come_back_empty_and_the_pool_stays_bounded() {
        let mut v: SpareVec<u32> = SpareVec::new();
        v.extend([1, 2, 3]);
        let capacity = v.capacity();
        drop(v);
        let again: SpareVec<u32> = SpareVec::new();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), capacity);
        drop(again);
        for _ in 0..10 {
            give(vec![0u32; 16]);
        }
        assert_eq!(u32::pool().with(|p| p.borrow().len()), KEEP);
        give(vec![0u32; MAX_KEPT_BYTES]);
        assert_eq!(u32::pool().with(|p| p.borrow().len()), KEEP);
    }
}
