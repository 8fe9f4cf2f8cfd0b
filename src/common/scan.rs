//! The support scan both cores run on their point lists: the first point
//! whose dot product with a direction is greatest, in `L` independent
//! chains (lane `k` over the points `k, k + L, …`) instead of one, so the
//! comparisons do not wait on each other. Each core picks `L` and the
//! length below which its plain scan is quicker (PERFORMANCE.md).

/// The index of the first point of `pts` reaching the greatest `dot`:
/// each lane keeps its first maximum (NaN is never taken), then the
/// largest of the lanes wins, the lowest index among equals, which is the
/// point a plain first-maximum scan finds; 0 when nothing beats `−∞`.
#[inline]
pub(crate) fn first_max_lanes<const L: usize, P: Copy>(pts: &[P], dot: impl Fn(P) -> f32) -> usize {
    let mut bd = [f32::NEG_INFINITY; L];
    let mut bi = [usize::MAX; L];
    bi[0] = 0;
    let chunks = pts.chunks_exact(L);
    let rest = chunks.remainder();
    for (c, ch) in chunks.enumerate() {
        for k in 0..L {
            let pd = dot(ch[k]);
            let up = pd > bd[k];
            bd[k] = if up { pd } else { bd[k] };
            bi[k] = if up { c * L + k } else { bi[k] };
        }
    }
    let base = pts.len() - rest.len();
    for (k, &p) in rest.iter().enumerate() {
        let pd = dot(p);
        if pd > bd[k] {
            bd[k] = pd;
            bi[k] = base + k;
        }
    }
    let mut best = (bd[0], bi[0]);
    for k in 1..L {
        if bd[k] > best.0 || (bd[k] == best.0 && bi[k] < best.1) {
            best = (bd[k], bi[k]);
        }
    }
    best.1
}
