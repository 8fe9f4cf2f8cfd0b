//! The display list: what the overlay wants drawn, in world coordinates with
//! sizes in screen pixels, and colours by role (the palette picks the
//! actual colour). Pure data, so tests can count and inspect it.

use glam::Vec2;
use satlab::geom::Side;

/// What a colour means; the palette maps roles to colours per theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// Shape A's hue.
    A,
    /// Shape B's hue.
    B,
    /// A candidate axis line.
    Axis,
    /// The axis that decides: separating, or least overlap.
    Decisive,
    /// A gap between intervals.
    Gap,
    /// An overlap of intervals, or of the shapes.
    Overlap,
    /// The minimum translation vector.
    Mtv,
    /// The distance segment and closest points.
    Distance,
    /// Ray hits, normals and intersection points.
    Hit,
    /// Secondary text and marks.
    Muted,
}

/// What an item is about, so tests and hover logic can find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    /// The line of axis `k` (index into the report's axes).
    AxisLine(usize),
    /// A shape's projection interval on axis `k`.
    Interval(usize, Side),
    /// A dashed projector from a support point to axis `k`.
    Projector(usize),
    /// The gap or overlap mark on axis `k`.
    GapMark(usize),
    /// The MTV arrow.
    Mtv,
    /// The closest-points segment.
    Distance,
    /// The region where the shapes overlap.
    OverlapRegion,
    /// An edge normal of a shape.
    Normal,
    /// A ray hit or intersection point.
    Hit,
    /// The Minkowski difference A ⊖ B (outline and fill).
    Difference,
    /// The origin of the Minkowski difference view.
    Origin,
    /// A contact point, its gap or depth, or the contact normal (the
    /// Contacts view).
    Contact,
    /// A velocity arrow, a pose of the sweep or the time of impact (the
    /// Motion view).
    Motion,
    /// A simplex, search direction, support point or polytope of GJK / EPA
    /// (the GJK / EPA view).
    Gjk,
    /// A construction line or mark of a worked classic algorithm (a far
    /// circle, a local frame, a reflected point, a line's extension).
    Working,
}

/// Stroke style of lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Width, screen pixels.
    pub width_px: f32,
    /// Colour role.
    pub role: Role,
    /// Dashed.
    pub dashed: bool,
    /// Drawn stronger than its peers.
    pub emphasised: bool,
}

impl Stroke {
    /// A solid, plain stroke `width_px` screen pixels wide in `role`'s colour.
    pub fn new(role: Role, width_px: f32) -> Stroke {
        Stroke {
            width_px,
            role,
            dashed: false,
            emphasised: false,
        }
    }

    /// The same stroke, dashed when `on`.
    pub fn dashed(self, on: bool) -> Stroke {
        Stroke { dashed: on, ..self }
    }

    /// The same stroke, drawn stronger than its peers when `on`.
    pub fn emphasised(self, on: bool) -> Stroke {
        Stroke {
            emphasised: on,
            ..self
        }
    }
}

/// One thing to draw.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A straight line.
    Line {
        /// World start.
        from: Vec2,
        /// World end.
        to: Vec2,
        /// How.
        stroke: Stroke,
        /// About what.
        tag: Tag,
    },
    /// A thick bar with rounded ends (a projection interval).
    Bar {
        /// World start.
        from: Vec2,
        /// World end.
        to: Vec2,
        /// How.
        stroke: Stroke,
        /// About what.
        tag: Tag,
    },
    /// An arrow from `from` to `to`.
    Arrow {
        /// World tail.
        from: Vec2,
        /// World head.
        to: Vec2,
        /// How.
        stroke: Stroke,
        /// About what.
        tag: Tag,
    },
    /// A filled dot.
    Dot {
        /// World centre.
        at: Vec2,
        /// Radius, screen pixels.
        radius_px: f32,
        /// Colour role.
        role: Role,
        /// About what.
        tag: Tag,
    },
    /// A translucent filled region.
    Fill {
        /// World boundary.
        points: Vec<Vec2>,
        /// Colour role.
        role: Role,
        /// About what.
        tag: Tag,
    },
    /// Text on a backing plate.
    Label {
        /// World anchor.
        at: Vec2,
        /// Offset from the anchor, screen pixels (y down).
        offset_px: Vec2,
        /// The text.
        text: String,
        /// Colour role of the text.
        role: Role,
        /// Larger and bolder plate.
        emphasised: bool,
    },
}

/// Most items one list holds: far more than two shapes' every axis, every
/// bar and label need; a bound on what a frame can be asked to draw.
pub const MAX_ITEMS: usize = 4096;

impl Item {
    /// True when every coordinate and size is finite.
    pub fn is_finite(&self) -> bool {
        match self {
            Item::Line {
                from, to, stroke, ..
            }
            | Item::Bar {
                from, to, stroke, ..
            }
            | Item::Arrow {
                from, to, stroke, ..
            } => from.is_finite() && to.is_finite() && stroke.width_px.is_finite(),
            Item::Dot { at, radius_px, .. } => at.is_finite() && radius_px.is_finite(),
            Item::Fill { points, .. } => points.iter().all(|p| p.is_finite()),
            Item::Label { at, offset_px, .. } => at.is_finite() && offset_px.is_finite(),
        }
    }

    /// The item's tag (labels have none).
    #[cfg(test)]
    pub fn tag(&self) -> Option<Tag> {
        match self {
            Item::Line { tag, .. }
            | Item::Bar { tag, .. }
            | Item::Arrow { tag, .. }
            | Item::Dot { tag, .. }
            | Item::Fill { tag, .. } => Some(*tag),
            Item::Label { .. } => None,
        }
    }

    /// True for emphasised strokes and labels.
    #[cfg(test)]
    pub fn emphasised(&self) -> bool {
        match self {
            Item::Line { stroke, .. } | Item::Bar { stroke, .. } | Item::Arrow { stroke, .. } => {
                stroke.emphasised
            }
            Item::Label { emphasised, .. } => *emphasised,
            _ => false,
        }
    }
}

/// An ordered list of items, drawn first to last.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DisplayList {
    /// The items.
    pub items: Vec<Item>,
}

impl DisplayList {
    /// Empties the list, keeping its buffer.
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Appends an item, unless one of its coordinates is not finite (an
    /// answer the core could not give in `f32` is not drawn at all) or the
    /// list already holds [`MAX_ITEMS`].
    pub fn push(&mut self, item: Item) {
        if item.is_finite() && self.items.len() < MAX_ITEMS {
            self.items.push(item);
        }
    }

    /// A straight line from `from` to `to` (world).
    pub fn line(&mut self, from: Vec2, to: Vec2, stroke: Stroke, tag: Tag) {
        self.push(Item::Line {
            from,
            to,
            stroke,
            tag,
        });
    }

    /// A thick bar with rounded ends from `from` to `to` (world): a
    /// projection interval.
    pub fn bar(&mut self, from: Vec2, to: Vec2, stroke: Stroke, tag: Tag) {
        self.push(Item::Bar {
            from,
            to,
            stroke,
            tag,
        });
    }

    /// An arrow from the tail `from` to the head `to` (world).
    pub fn arrow(&mut self, from: Vec2, to: Vec2, stroke: Stroke, tag: Tag) {
        self.push(Item::Arrow {
            from,
            to,
            stroke,
            tag,
        });
    }

    /// A filled dot at `at` (world), `radius_px` screen pixels.
    pub fn dot(&mut self, at: Vec2, radius_px: f32, role: Role, tag: Tag) {
        self.push(Item::Dot {
            at,
            radius_px,
            role,
            tag,
        });
    }

    /// A translucent region bounded by `points` (world).
    pub fn fill(&mut self, points: Vec<Vec2>, role: Role, tag: Tag) {
        self.push(Item::Fill { points, role, tag });
    }

    /// `text` on a plate, anchored at `at` (world) and moved by
    /// `offset_px` (screen pixels, y down); `emphasised` makes the plate
    /// larger and bolder.
    pub fn label(&mut self, at: Vec2, offset_px: Vec2, text: String, role: Role, emphasised: bool) {
        self.push(Item::Label {
            at,
            offset_px,
            text,
            role,
            emphasised,
        });
    }

    /// Items with tag `t`.
    #[cfg(test)]
    pub fn tagged(&self, t: Tag) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(move |i| i.tag() == Some(t))
    }

    /// Number of items whose tag satisfies `f`.
    #[cfg(test)]
    pub fn count(&self, f: impl Fn(Tag) -> bool) -> usize {
        self.items
            .iter()
            .filter(|i| i.tag().is_some_and(&f))
            .count()
    }
}

/// Test helpers over display lists, shared by the modes' canvas tests.
#[cfg(test)]
pub(crate) mod checks {
    use super::{DisplayList, Item, Tag};
    use crate::app::camera::{Camera, Rect};
    use glam::Vec2;

    /// The canvas less the status line (22 pixels at UI scale `scale`),
    /// with a pixel to spare.
    pub(crate) fn usable(canvas: Rect, scale: f32) -> Rect {
        Rect::new(
            canvas.min - Vec2::splat(1.0),
            canvas.max + Vec2::new(1.0, 1.0 - 22.0 * scale),
        )
    }

    /// Counts `list`'s interval bars and says, under `at`, each bar end
    /// that lies off `usable` (screen pixels, through `cam`).
    pub(crate) fn bars_off(
        list: &DisplayList,
        cam: &Camera,
        usable: Rect,
        at: &str,
        problems: &mut Vec<String>,
    ) -> usize {
        let mut checked = 0;
        for it in &list.items {
            let Item::Bar {
                from,
                to,
                tag: Tag::Interval(k, _),
                ..
            } = it
            else {
                continue;
            };
            checked += 1;
            for q in [from, to] {
                let sq = cam.to_screen(*q);
                if !usable.contains(sq) {
                    problems.push(format!("{at}: axis {k}'s bar end {sq} is off it"));
                }
            }
        }
        checked
    }
}
