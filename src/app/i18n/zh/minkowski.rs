//! The Minkowski difference view (M).

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    ("A ⊖ B = { a − b }", "A ⊖ B = { a − b }"),
    ("Minkowski difference A ⊖ B", "闵可夫斯基差 A ⊖ B"),
    (
        "the Minkowski difference A ⊖ B = { a − b } beside the canvas, origin marked; dragging A moves it the same way, dragging B the opposite way",
        "在画布旁显示闵可夫斯基差 A ⊖ B = { a − b } 并标出原点；拖动 A 它同向移动，拖动 B 它反向移动",
    ),
    (
        "A ⊖ B is drawn for two bounded shapes: no line or ray.",
        "A ⊖ B 只对两个有界形状绘制：不能是直线或射线。",
    ),
    (
        "A sector with a half-angle over 90° is not convex: A ⊖ B is drawn as the union of its two halves' differences.",
        "半角超过 90° 的扇形不是凸的：A ⊖ B 画成它两半各自的差的并集。",
    ),
    (
        "The origin lies outside A ⊖ B, so A and B do not intersect. Its distance to the outline, {}, is the distance between the shapes; the nearest outline point is the closest point of A minus the closest point of B.",
        "原点在 A ⊖ B 之外，所以 A 与 B 不相交。原点到边界的距离 {} 就是两个形状之间的距离；边界上离原点最近的点等于 A 的最近点减去 B 的最近点。",
    ),
    (
        "The origin lies on the outline of A ⊖ B: some point of A equals a point of B, so they touch (closed shapes: touching counts as intersecting).",
        "原点恰好在 A ⊖ B 的边界上：A 的某一点与 B 的某一点重合，所以两者接触（闭集：接触也算相交）。",
    ),
    (
        "The origin lies inside A ⊖ B, so A and B intersect. Its distance to the outline, {}, is the penetration depth, and the arrow to the nearest outline point is the MTV: moving B by it leaves them touching.",
        "原点在 A ⊖ B 之内，所以 A 与 B 相交。原点到边界的距离 {} 就是穿透深度；指向边界最近点的箭头就是 MTV：把 B 移动这么多，两者恰好接触。",
    ),
    ("MTV (moves B) · depth {}", "MTV（移动 B）· 深度 {}"),
    ("origin O", "原点 O"),
    (
        "The origin lies inside A ⊖ B, so A and B intersect. Penetration depth and MTV are defined for convex shapes only.",
        "原点在 A ⊖ B 之内，所以 A 与 B 相交。穿透深度和 MTV 只对凸形状有定义。",
    ),
];
