//! The shape kinds of both dimensions, without their data: the names
//! scene files use and errors name. They live here so that an error can
//! name a kind of either dimension without one core importing the other.

/// The kind of a [`Shape`](crate::geom::Shape), without its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShapeKind {
    /// [`Point`](crate::geom::Point)
    Point,
    /// [`Segment`](crate::geom::Segment)
    Segment,
    /// [`Ray`](crate::geom::Ray)
    Ray,
    /// [`Line`](crate::geom::Line)
    Line,
    /// [`Circle`](crate::geom::Circle)
    Circle,
    /// [`Aabb`](crate::geom::Aabb)
    Aabb,
    /// [`Obb`](crate::geom::Obb)
    Obb,
    /// [`Capsule`](crate::geom::Capsule)
    Capsule,
    /// [`Sector`](crate::geom::Sector)
    Sector,
    /// [`Polygon`](crate::geom::Polygon)
    Polygon,
}

impl ShapeKind {
    /// Every kind, in scene-format order.
    pub const ALL: [ShapeKind; 10] = [
        ShapeKind::Point,
        ShapeKind::Segment,
        ShapeKind::Ray,
        ShapeKind::Line,
        ShapeKind::Circle,
        ShapeKind::Aabb,
        ShapeKind::Obb,
        ShapeKind::Capsule,
        ShapeKind::Sector,
        ShapeKind::Polygon,
    ];

    /// This kind's place in [`ShapeKind::ALL`] (its declaration order).
    ///
    /// `ALL` cannot go stale: this match names every kind, and each arm
    /// checks at compile time that its kind sits in `ALL` at that place, so
    /// a new kind does not build until it has an arm here and a place in `ALL`.
    pub const fn index(self) -> usize {
        match self {
            ShapeKind::Point => const { Self::slot(ShapeKind::Point) },
            ShapeKind::Segment => const { Self::slot(ShapeKind::Segment) },
            ShapeKind::Ray => const { Self::slot(ShapeKind::Ray) },
            ShapeKind::Line => const { Self::slot(ShapeKind::Line) },
            ShapeKind::Circle => const { Self::slot(ShapeKind::Circle) },
            ShapeKind::Aabb => const { Self::slot(ShapeKind::Aabb) },
            ShapeKind::Obb => const { Self::slot(ShapeKind::Obb) },
            ShapeKind::Capsule => const { Self::slot(ShapeKind::Capsule) },
            ShapeKind::Sector => const { Self::slot(ShapeKind::Sector) },
            ShapeKind::Polygon => const { Self::slot(ShapeKind::Polygon) },
        }
    }

    /// `k`'s declaration order, after checking (in const evaluation) that
    /// `ALL` holds `k` there.
    const fn slot(k: ShapeKind) -> usize {
        let i = k as usize;
        assert!(
            i < ShapeKind::ALL.len() && ShapeKind::ALL[i] as usize == i,
            "ShapeKind::ALL must list every kind in declaration order"
        );
        i
    }

    /// The name used in scene files (`"circle"`, `"aabb"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Point => "point",
            ShapeKind::Segment => "segment",
            ShapeKind::Ray => "ray",
            ShapeKind::Line => "line",
            ShapeKind::Circle => "circle",
            ShapeKind::Aabb => "aabb",
            ShapeKind::Obb => "obb",
            ShapeKind::Capsule => "capsule",
            ShapeKind::Sector => "sector",
            ShapeKind::Polygon => "polygon",
        }
    }

    /// The kind with this scene-file name.
    pub fn from_name(name: &str) -> Option<ShapeKind> {
        ShapeKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The kind of a [`Shape3`](crate::geom3d::Shape3), without its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShapeKind3 {
    /// [`Point3`](crate::geom3d::Point3)
    Point,
    /// [`Segment3`](crate::geom3d::Segment3)
    Segment,
    /// [`Ray3Shape`](crate::geom3d::Ray3Shape)
    Ray,
    /// [`Sphere`](crate::geom3d::Sphere)
    Sphere,
    /// [`Aabb3`](crate::geom3d::Aabb3)
    Aabb,
    /// [`Obb3`](crate::geom3d::Obb3)
    Obb,
    /// [`Capsule3`](crate::geom3d::Capsule3)
    Capsule,
    /// [`Triangle3`](crate::geom3d::Triangle3)
    Triangle,
    /// [`Hull3`](crate::geom3d::Hull3)
    Hull,
}

impl ShapeKind3 {
    /// Every kind, in scene-format order.
    pub const ALL: [ShapeKind3; 9] = [
        ShapeKind3::Point,
        ShapeKind3::Segment,
        ShapeKind3::Ray,
        ShapeKind3::Sphere,
        ShapeKind3::Aabb,
        ShapeKind3::Obb,
        ShapeKind3::Capsule,
        ShapeKind3::Triangle,
        ShapeKind3::Hull,
    ];

    /// The name used in scene files (`"sphere"`, `"obb"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind3::Point => "point",
            ShapeKind3::Segment => "segment",
            ShapeKind3::Ray => "ray",
            ShapeKind3::Sphere => "sphere",
            ShapeKind3::Aabb => "aabb",
            ShapeKind3::Obb => "obb",
            ShapeKind3::Capsule => "capsule",
            ShapeKind3::Triangle => "triangle",
            ShapeKind3::Hull => "hull",
        }
    }

    /// The kind with this scene-file name.
    pub fn from_name(name: &str) -> Option<ShapeKind3> {
        ShapeKind3::ALL.into_iter().find(|k| k.name() == name)
    }
}
