//! The 3D mode's GJK / EPA view (J): its pane, captions and panel section.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    (
        "GJK / EPA in 3D: their iterations step by step on a pane of A ⊖ B",
        "3D 中的 GJK / EPA：在 A ⊖ B 的窗格上逐步查看它们的迭代",
    ),
    (
        "EPA {}/{}: the polytope has {} vertices and {} triangles; its triangle nearest the origin is {} away. The support along that triangle's normal reaches {} beyond it.",
        "EPA {}/{}：多面体有 {} 个顶点、{} 个三角形；离原点最近的三角形距原点 {}。沿该三角形法线的支撑点超出它 {}。",
    ),
    (
        "Nothing more to gain: the polytope has reached the boundary of A ⊖ B. EPA's depth (radii included) is {}; SAT's least overlap is {}.",
        "已无可扩展：多面体到达了 A ⊖ B 的边界。EPA 的深度（含半径）为 {}；SAT 的最小重叠为 {}。",
    ),
    (
        "The support point joins the polytope: the faces it sees give way to new ones through it.",
        "该支撑点加入多面体：它能看到的面被换成经过它的新面。",
    ),
    ("the origin", "原点"),
    ("simplex point {}", "单纯形第 {} 点"),
    ("search direction", "搜索方向"),
    ("distance to the origin", "到原点的距离"),
    ("nearest triangle's normal", "最近三角形的法线"),
    ("its distance (depth so far)", "其距离（目前的深度）"),
    ("EPA's depth", "EPA 的深度"),
    ("SAT's least overlap", "SAT 的最小重叠"),
];
