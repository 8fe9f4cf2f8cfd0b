//! A list of up to `N` copyable items kept inline (on the stack), more
//! spilling to the heap: the face polygons and clip buffers of one
//! manifold query, which rarely exceed a dozen points, without an
//! allocation each (no new crate; no unsafe code: the inline slots start
//! as copies of a filler value).

use std::ops::{Deref, DerefMut};

/// Up to `N` items inline, then all of them on the heap.
#[derive(Debug, Clone)]
pub(crate) struct Buf<T: Copy, const N: usize> {
    inline: [T; N],
    len: usize,
    heap: Vec<T>,
}

impl<T: Copy, const N: usize> Buf<T, N> {
    /// An empty list; `fill` only fills the unused inline slots.
    #[inline]
    pub fn new(fill: T) -> Self {
        Buf {
            inline: [fill; N],
            len: 0,
            heap: Vec::new(),
        }
    }

    /// Appends `item`.
    #[inline]
    pub fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
        } else {
            if self.len == N {
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(item);
        }
        self.len += 1;
    }

    /// Removes every item (a spilled list keeps its heap capacity).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap.clear();
    }
}

impl<T: Copy, const N: usize> Deref for Buf<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Copy, const N: usize> DerefMut for Buf<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for Buf<T, N>
where
    T: Default,
{
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut b = Buf::new(T::default());
        items.into_iter().for_each(|t| b.push(t));
        b
    }
}

#[cfg(test)]
mod tests {
    use super::Buf;

    #[test]
    fn spills_to_the_heap_in_order_and_clears() {
        let mut b: Buf<u32, 3> = Buf::new(0);
        for k in 0..7 {
            b.push(k);
            assert_eq!(&b[..], &(0..=k).collect::<Vec<_>>()[..]);
        }
        b.clear();
        assert!(b.is_empty());
        b.push(9);
        assert_eq!(&b[..], &[9]);
    }
}
