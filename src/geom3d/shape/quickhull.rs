//! Quickhull in f64: the triangulated convex hull of a point set, then its
//! triangles merged into coplanar convex polygons.
//!
//! Follows Barber, Dobkin & Huhdanpaa, "The Quickhull Algorithm for Convex
//! Hulls" (1996), expected `O(n log n)`:
//! ```text
//! start from a tetrahedron of four far-apart points
//! give every other point to one face it lies more than eps above
//! while some face has points above it:
//!     eye = its point furthest above it
//!     visible = faces connected to it that the eye is above (by more
//!               than f64 noise, not eps: see below)
//!     replace them by triangles from their border (the horizon) to the eye
//!     give their points to the new triangles (or drop them: inside)
//! ```
//! Points within `eps` of a plane count as on it (thick planes), so the
//! tolerance is a distance, chosen by the caller from the input's size. A
//! face is seen by the eye as soon as the eye is above it by more than
//! `THIN × eps` (f64 noise): with the thick test, the eye up to eps above a
//! face kept would tilt a thin new triangle on the shared edge by
//! eps / (its height), and the far corners of the kept face would then
//! stand above the new plane by eps × (face length) / (height).
//! Triangles are then grouped into faces: a group grows from its largest
//! triangle over every neighbour whose corners lie within `eps` of that
//! triangle's plane, and the face keeps that plane. A corner shared by only two faces lies on their common
//! edge and is dropped from both loops.

use glam::DVec3;
use std::collections::HashMap;

/// One face of the hull: outward unit normal and its corners (indices into
/// the input), counter-clockwise seen from outside.
#[derive(Debug, Clone)]
pub(super) struct Polygon {
    pub normal: DVec3,
    pub loop_: Vec<usize>,
}

/// A triangle of the hull under construction, counter-clockwise seen from
/// outside.
struct Tri {
    v: [usize; 3],
    /// Outward unit normal.
    n: DVec3,
    /// `n · p` for the points `p` of its plane.
    d: f64,
    /// Twice its area.
    area2: f64,
    alive: bool,
    /// Input points more than eps above the plane, given to this face.
    outside: Vec<usize>,
    /// Input points above the plane by at most eps (more than f64 noise),
    /// kept so that no later face can end up well below them.
    coplanar: Vec<usize>,
}

impl Tri {
    fn new(pts: &[DVec3], v: [usize; 3]) -> Tri {
        let [a, b, c] = v.map(|i| pts[i]);
        let cr = (b - a).cross(c - a);
        let n = cr.normalize_or_zero();
        Tri {
            v,
            n,
            d: n.dot((a + b + c) / 3.0),
            area2: cr.length(),
            alive: true,
            outside: Vec::new(),
            coplanar: Vec::new(),
        }
    }

    fn dist(&self, p: DVec3) -> f64 {
        self.n.dot(p) - self.d
    }

    /// Its three directed edges.
    fn edges(&self) -> [(usize, usize); 3] {
        let [a, b, c] = self.v;
        [(a, b), (b, c), (c, a)]
    }
}

/// Why the triangulation could not go on (never expected; reported so the
/// caller can refuse the input instead of returning a broken hull).
#[derive(Debug)]
pub(super) struct Broken;

/// The visibility test's tolerance as a fraction of eps: above the noise of
/// f64 planes through f32 points (about 1e-16 of the coordinates).
const THIN: f64 = 1e-7;

struct Builder<'a> {
    pts: &'a [DVec3],
    eps: f64,
    tris: Vec<Tri>,
    /// Directed edge `(a, b)` to the live triangle that has it.
    edges: HashMap<(usize, usize), usize>,
}

/// The hull of `pts` as merged polygons. `simplex` holds four points
/// spanning a tetrahedron more than `eps` thick; `eps` is the distance below
/// which a point counts as on a plane.
pub(super) fn hull_polygons(
    pts: &[DVec3],
    simplex: [usize; 4],
    eps: f64,
) -> Result<Vec<Polygon>, Broken> {
    let mut b = Builder {
        pts,
        eps,
        tris: Vec::with_capacity(8 * pts.len()),
        edges: HashMap::with_capacity(16 * pts.len()),
    };
    b.start(simplex)?;
    b.grow()?;
    b.polygons()
}

impl Builder<'_> {
    /// Adds a triangle and its edges.
    fn add(&mut self, v: [usize; 3]) -> Result<usize, Broken> {
        let t = Tri::new(self.pts, v);
        let id = self.tris.len();
        for e in t.edges() {
            if self.edges.insert(e, id).is_some() {
                return Err(Broken);
            }
        }
        self.tris.push(t);
        Ok(id)
    }

    /// The tetrahedron, faces turned outward, and every other point given to
    /// a face it lies above.
    fn start(&mut self, s: [usize; 4]) -> Result<(), Broken> {
        let faces = [
            ([s[0], s[1], s[2]], s[3]),
            ([s[0], s[1], s[3]], s[2]),
            ([s[0], s[2], s[3]], s[1]),
            ([s[1], s[2], s[3]], s[0]),
        ];
        for (mut v, opposite) in faces {
            if Tri::new(self.pts, v).dist(self.pts[opposite]) > 0.0 {
                v.swap(1, 2);
            }
            self.add(v)?;
        }
        let rest: Vec<usize> = (0..self.pts.len()).filter(|i| !s.contains(i)).collect();
        self.distribute(&rest, &[0, 1, 2, 3]);
        Ok(())
    }

    /// Gives each of `points` to the face of `faces` it lies furthest above
    /// by more than eps, or else to any face it sees that it is more than
    /// eps above (a point barely above a new face can be well above an old
    /// one beside it); a point above a face by no more than eps is kept as
    /// that face's coplanar point, one below every face is dropped. Returns
    /// the faces that got outside points.
    fn distribute(&mut self, points: &[usize], faces: &[usize]) -> Vec<usize> {
        let mut got = Vec::new();
        for &p in points {
            let q = self.pts[p];
            let best = faces
                .iter()
                .map(|&f| (f, self.tris[f].dist(q)))
                .max_by(|a, b| a.1.total_cmp(&b.1));
            match best {
                Some((f, h)) if h > self.eps => {
                    self.tris[f].outside.push(p);
                    got.push(f);
                }
                Some((f, h)) if h > THIN * self.eps => match self.seen_well_above(f, q) {
                    Some(g) => {
                        self.tris[g].outside.push(p);
                        got.push(g);
                    }
                    None => self.tris[f].coplanar.push(p),
                },
                Some(_) | None => {}
            }
        }
        got
    }

    /// Moves each coplanar point that is now more than eps above a face it
    /// sees to that face's outside points; returns the faces that got some.
    fn recheck_coplanar(&mut self) -> Vec<usize> {
        let mut got = Vec::new();
        for f in 0..self.tris.len() {
            if !self.tris[f].alive || self.tris[f].coplanar.is_empty() {
                continue;
            }
            let points = std::mem::take(&mut self.tris[f].coplanar);
            for p in points {
                match self.seen_well_above(f, self.pts[p]) {
                    Some(g) => {
                        self.tris[g].outside.push(p);
                        got.push(g);
                    }
                    None => self.tris[f].coplanar.push(p),
                }
            }
        }
        got
    }

    /// A face more than eps below `q`, searched over the faces `q` sees
    /// (is above), starting from `f`, which it sees.
    fn seen_well_above(&self, f: usize, q: DVec3) -> Option<usize> {
        let mut seen = vec![f];
        let mut stack = vec![f];
        while let Some(t) = stack.pop() {
            for (a, b) in self.tris[t].edges() {
                let &g = self.edges.get(&(b, a))?;
                if seen.contains(&g) {
                    continue;
                }
                seen.push(g);
                let h = self.tris[g].dist(q);
                if h > self.eps {
                    return Some(g);
                }
                if h > THIN * self.eps {
                    stack.push(g);
                }
            }
        }
        None
    }

    /// Adds outside points until none is left, and no coplanar point is
    /// more than eps above a face.
    fn grow(&mut self) -> Result<(), Broken> {
        let mut todo: Vec<usize> = (0..self.tris.len()).collect();
        while !todo.is_empty() {
            while let Some(f) = todo.pop() {
                if self.tris[f].alive && !self.tris[f].outside.is_empty() {
                    let got = self.step(f)?;
                    todo.extend(got);
                }
            }
            todo = self.recheck_coplanar();
        }
        Ok(())
    }

    /// Adds the point furthest above face `f` (which has outside points);
    /// returns the faces that got points.
    fn step(&mut self, f: usize) -> Result<Vec<usize>, Broken> {
        let tri = &self.tris[f];
        let eye = tri
            .outside
            .iter()
            .copied()
            .max_by(|&a, &b| tri.dist(self.pts[a]).total_cmp(&tri.dist(self.pts[b])))
            .ok_or(Broken)?;
        let (visible, horizon) = self.visible(f, eye)?;
        let mut orphans = Vec::new();
        for &v in &visible {
            let t = &mut self.tris[v];
            t.alive = false;
            orphans.append(&mut t.outside);
            orphans.append(&mut t.coplanar);
            for e in t.edges() {
                self.edges.remove(&e);
            }
        }
        orphans.retain(|&p| p != eye);
        let mut new = Vec::with_capacity(horizon.len());
        for (a, b) in horizon {
            new.push(self.add([a, b, eye])?);
        }
        Ok(self.distribute(&orphans, &new))
    }

    /// The faces `eye` sees (is above by more than `THIN × eps`), found from
    /// `f` over shared edges, and the
    /// horizon: the directed edges of seen faces whose neighbour is unseen.
    /// The horizon must be one simple loop.
    #[allow(clippy::type_complexity)]
    fn visible(&self, f: usize, eye: usize) -> Result<(Vec<usize>, Vec<(usize, usize)>), Broken> {
        let p = self.pts[eye];
        let mut seen = HashMap::new();
        seen.insert(f, true);
        let mut stack = vec![f];
        let mut visible = vec![f];
        let mut horizon = Vec::new();
        while let Some(t) = stack.pop() {
            for (a, b) in self.tris[t].edges() {
                let &g = self.edges.get(&(b, a)).ok_or(Broken)?;
                let sees = match seen.get(&g) {
                    Some(&s) => s,
                    None => {
                        let s = self.tris[g].dist(p) > THIN * self.eps;
                        seen.insert(g, s);
                        if s {
                            visible.push(g);
                            stack.push(g);
                        }
                        s
                    }
                };
                if !sees {
                    horizon.push((a, b));
                }
            }
        }
        // One loop: each corner starts one edge, and walking from any edge
        // comes back after all of them.
        let next: HashMap<usize, usize> = horizon.iter().copied().collect();
        let first = horizon.first().ok_or(Broken)?.0;
        if next.len() != horizon.len() || !loop_once(&next, first) {
            return Err(Broken);
        }
        Ok((visible, horizon))
    }

    /// The live triangles grouped into faces, each an outward polygon.
    fn polygons(&self) -> Result<Vec<Polygon>, Broken> {
        let group = self.group();
        let n_groups = group.iter().flatten().max().map_or(0, |g| g + 1);
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); n_groups];
        for (t, g) in group.iter().enumerate() {
            if let Some(g) = g {
                members[*g].push(t);
            }
        }
        let mut polys = Vec::new();
        for m in &members {
            match self.outline(m, &group) {
                Some(p) => polys.push(p),
                // Not one disc: keep its triangles as faces of their own.
                None => polys.extend(m.iter().map(|&t| {
                    let tri = &self.tris[t];
                    Polygon {
                        normal: tri.n,
                        loop_: tri.v.to_vec(),
                    }
                })),
            }
        }
        drop_edge_points(&mut polys);
        Ok(polys)
    }

    /// For each triangle, its face number (`None` for dead ones): faces
    /// grow from the largest triangle left over neighbours whose corners
    /// lie within eps of its plane.
    fn group(&self) -> Vec<Option<usize>> {
        let mut order: Vec<usize> = (0..self.tris.len())
            .filter(|&t| self.tris[t].alive)
            .collect();
        order.sort_by(|&a, &b| self.tris[b].area2.total_cmp(&self.tris[a].area2));
        let mut group: Vec<Option<usize>> = vec![None; self.tris.len()];
        let mut next = 0;
        for s in order {
            if group[s].is_some() {
                continue;
            }
            group[s] = Some(next);
            let seed = &self.tris[s];
            let mut stack = vec![s];
            while let Some(t) = stack.pop() {
                for (a, b) in self.tris[t].edges() {
                    let Some(&u) = self.edges.get(&(b, a)) else {
                        continue;
                    };
                    let near = self.tris[u]
                        .v
                        .iter()
                        .all(|&i| seed.dist(self.pts[i]).abs() <= self.eps);
                    if group[u].is_none() && near {
                        group[u] = Some(next);
                        stack.push(u);
                    }
                }
            }
            next += 1;
        }
        group
    }

    /// The border of the triangles `m` (one face) as one loop, with the
    /// normal of the largest (the face's seed: every corner is within eps
    /// of its plane, and every point below it, whatever the face's extent;
    /// an average of thin triangles' normals could tilt it); `None` when the
    /// border is not one simple loop.
    fn outline(&self, m: &[usize], group: &[Option<usize>]) -> Option<Polygon> {
        let g = group[*m.first()?];
        let mut next: HashMap<usize, usize> = HashMap::new();
        let seed = m
            .iter()
            .max_by(|&&a, &&b| self.tris[a].area2.total_cmp(&self.tris[b].area2))?;
        for &t in m {
            let tri = &self.tris[t];
            for (a, b) in tri.edges() {
                let inner = self.edges.get(&(b, a)).is_some_and(|&u| group[u] == g);
                if !inner && next.insert(a, b).is_some() {
                    return None;
                }
            }
        }
        let start = *next.keys().min()?;
        let mut loop_ = vec![start];
        let mut at = *next.get(&start)?;
        while at != start {
            if loop_.len() > next.len() {
                return None;
            }
            loop_.push(at);
            at = *next.get(&at)?;
        }
        let normal = self.tris[*seed].n.try_normalize()?;
        (loop_.len() == next.len() && loop_.len() >= 3).then_some(Polygon { normal, loop_ })
    }
}

/// True when walking `next` from `start` visits every key once.
fn loop_once(next: &HashMap<usize, usize>, start: usize) -> bool {
    let mut at = start;
    for step in 1..=next.len() {
        match next.get(&at) {
            Some(&n) => at = n,
            None => return false,
        }
        if at == start {
            return step == next.len();
        }
    }
    false
}

/// Drops the corners that only two faces share (they lie on the edge
/// between them), unless a face would keep fewer than 3 corners.
fn drop_edge_points(polys: &mut [Polygon]) {
    let mut count: HashMap<usize, usize> = HashMap::new();
    for p in polys.iter() {
        for &i in &p.loop_ {
            *count.entry(i).or_insert(0) += 1;
        }
    }
    let mut drop: HashMap<usize, bool> = count.iter().map(|(&i, &c)| (i, c == 2)).collect();
    for p in polys.iter() {
        let keep = p.loop_.iter().filter(|i| !drop[i]).count();
        if keep < 3 {
            for i in &p.loop_ {
                drop.insert(*i, false);
            }
        }
    }
    for p in polys.iter_mut() {
        p.loop_.retain(|i| !drop[i]);
    }
}
