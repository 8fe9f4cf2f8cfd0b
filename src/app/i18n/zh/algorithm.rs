//! The "Algorithm" panel: the classic special-case tests worked step by step.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    ("Algorithm", "算法"),
    ("Algorithm panel", "算法面板"),
    (
        "the Algorithm panel: the pair's classic test step by step",
        "算法面板：逐步演示这对形状的经典专用测试",
    ),
    (
        "Agrees with SAT and intersects: {}",
        "与 SAT 及 intersects 一致：{}",
    ),
    (
        "Disagrees with intersects ({})!",
        "与 intersects 不一致（{}）！",
    ),
    ("No specialised test", "没有专用测试"),
    (
        "This pair has no classic special-case test; see the SAT steps (Step panel).",
        "这对形状没有经典的专用测试；请看 SAT 的分步演示（分步面板）。",
    ),
    ("they intersect", "相交"),
    ("they do not intersect", "不相交"),
    ("Disc vs disc (centre distance)", "圆盘与圆盘（圆心距离）"),
    ("AABB vs AABB (intervals per axis)", "AABB 与 AABB（逐轴区间）"),
    ("Box vs box (the four face axes)", "盒子与盒子（四条面法线轴）"),
    ("Disc vs polygon (closest edge)", "圆盘与多边形（最近的边）"),
    ("Polygon vs polygon (edge normals)", "多边形与多边形（边法线）"),
    ("Capsule vs polygon", "胶囊体与多边形"),
    (
        "Capsule vs capsule (closest points of the cores)",
        "胶囊体与胶囊体（核心线段的最近点）",
    ),
    ("Segment vs box (in the box's frame)", "线段与盒子（在盒子的局部坐标系中）"),
    (
        "The library decides this pair with this closed form; its numbers are not worked here: the SAT steps (Step panel) show the axes it tests.",
        "库用这个闭式测试判定这对形状；这里不逐步演算它的数值：SAT 的分步演示（分步面板）展示它所测试的轴。",
    ),
    (
        "1. x axis: centres {} apart, half-widths add to {}: {}",
        "1. x 轴：圆心相距 {}，半宽之和 {}：{}",
    ),
    (
        "2. y axis: centres {} apart, half-heights add to {}: {}",
        "2. y 轴：圆心相距 {}，半高之和 {}：{}",
    ),
    ("3. The intervals overlap on both axes", "3. 两条轴上的区间都重叠"),
    (
        "3. Apart by {} (the gaps' length) against the contact tolerance {}",
        "3. 相距 {}（各间隙合成的长度），对比接触容差 {}",
    ),
    ("1. Centres: |c₂ − c₁|² = {}", "1. 圆心：|c₂ − c₁|² = {}"),
    (
        "2. Radii: r₁ + r₂ = {}; with the contact tolerance, squared: {}",
        "2. 半径：r₁ + r₂ = {}；加上接触容差后平方：{}",
    ),
    (
        "3. {} ≤ {}? Compared squared: no square root",
        "3. {} ≤ {}？比较平方值：无需开方",
    ),
    ("Disc vs AABB (Arvo)", "圆盘与包围盒 AABB（Arvo）"),
    ("Disc vs OBB (Arvo)", "圆盘与有向包围盒 OBB（Arvo）"),
    ("Disc vs capsule", "圆盘与胶囊体"),
    ("Disc vs segment", "圆盘与线段"),
    ("Sector vs disc (Milo Yip)", "扇形与圆盘（Milo Yip）"),
    ("Point in polygon", "点在多边形内"),
    ("Segment vs segment", "线段与线段"),
    ("Ray vs box (slabs)", "射线与盒子（平板法）"),
    (
        "1. Ray in the box's frame: origin ({}, {}), direction ({}, {})",
        "1. 盒子局部坐标系中的射线：起点 ({}, {})，方向 ({}, {})",
    ),
    ("2. {} slab: t from {} to {}", "2. {} 平板：t 从 {} 到 {}"),
    (
        "2. {} slab: the ray runs along it, inside it",
        "2. {} 平板：射线与它平行，且在其内",
    ),
    (
        "2. {} slab: the ray runs along it, outside it: a miss",
        "2. {} 平板：射线与它平行，且在其外：未命中",
    ),
    (
        "2. The origin is inside the box: a hit at t = 0",
        "2. 起点在盒子内部：在 t = 0 处命中",
    ),
    (
        "3. Latest entry {}, earliest exit {}: a hit when entry ≤ exit",
        "3. 最晚进入 {}，最早离开 {}：进入 ≤ 离开 时命中",
    ),
    (
        "4. Hit at t = {}, point ({}, {}), normal ({}, {})",
        "4. 命中 t = {}，点 ({}, {})，法线 ({}, {})",
    ),
    (
        "1. Far test: |c − apex| = {} against R + r = {}",
        "1. 远离测试：|c − 顶点| = {}，对比 R + r = {}",
    ),
    (
        "2. In the sector's frame p = ({}, {}); reflected onto one side: ({}, {})",
        "2. 扇形局部坐标系中 p = ({}, {})；反射到同一侧：({}, {})",
    ),
    (
        "3. Span check p_x > |p| cos θ: {} > {}",
        "3. 张角检查 p_x > |p| cos θ：{} > {}",
    ),
    (
        "4. Edge segment: distance {} against r = {}",
        "4. 边线段：距离 {}，对比 r = {}",
    ),
    (
        "Wider than 180°: the sector is not convex, so plain SAT cannot be used.",
        "张角大于 180°：扇形不是凸的，不能直接使用 SAT。",
    ),
    (
        "1. Angle sum of the fan: {}° (inside when ±360°)",
        "1. 扇面角度之和：{}°（为 ±360° 时在内部）",
    ),
    ("2. Edge cross products: {}", "2. 各边叉积：{}"),
    (
        "Inside by angle: {}; inside by cross signs: {}",
        "按角度在内部：{}；按叉积符号在内部：{}",
    ),
    (
        "1. Cross product of the directions r × s = {} (about 0 when parallel)",
        "1. 方向向量的叉积 r × s = {}（平行时约为 0）",
    ),
    (
        "2. Where the lines cross: t = {} on the first, u = {} on the second; they meet when both lie in [0, 1]",
        "2. 两条直线的交点：第一条上 t = {}，第二条上 u = {}；两者都在 [0, 1] 内时相交",
    ),
    (
        "2. On one line: the second runs from t = {} to t = {} along the first; they meet when that reaches into [0, 1]",
        "2. 共线：第二条沿第一条从 t = {} 到 t = {}；与 [0, 1] 有重叠时相交",
    ),
    (
        "On an edge, within the contact tolerance: both tests count it as inside",
        "在边上（接触容差之内）：两种测试都算作在内部",
    ),
    ("Intersection point ({}, {})", "交点 ({}, {})"),
    ("Collinear: they share a piece", "共线：有一段重合"),
    (
        "0. Centre carried into the box's frame: ({}, {})",
        "0. 圆心变换到盒子的局部坐标系：({}, {})",
    ),
    (
        "1. Centre reflected into the first quadrant: ({}, {}); half-extents ({}, {})",
        "1. 圆心反射到第一象限：({}, {})；半尺寸 ({}, {})",
    ),
    (
        "2. Clamped u = max(v − h, 0) = ({}, {})",
        "2. 截取 u = max(v − h, 0) = ({}, {})",
    ),
    ("3. |u|² = {} against r² = {}", "3. |u|² = {}，对比 r² = {}"),
    (
        "1. Projection of the centre onto the axis: t = {}",
        "1. 圆心在轴线上的投影：t = {}",
    ),
    ("2. Clamped to [0, 1]: t = {}", "2. 截取到 [0, 1]：t = {}"),
    ("3. Closest point ({}, {})", "3. 最近点 ({}, {})"),
    (
        "4. Squared distance {} against squared radius sum {}",
        "4. 距离平方 {}，对比半径和的平方 {}",
    ),
    // Lines and the extensions of segments.
    ("Line vs line", "直线与直线"),
    (
        "1. Cross product of the directions d1 × d2 = {} (0 when parallel)",
        "1. 方向叉积 d1 × d2 = {}（平行时为 0）",
    ),
    (
        "2. t = (p2 − p1) × d2 / (d1 × d2) = {}: they cross at ({}, {})",
        "2. t = (p2 − p1) × d2 / (d1 × d2) = {}：交于 ({}, {})",
    ),
    ("2. They cross at ({}, {})", "2. 交于 ({}, {})"),
    (
        "2. Parallel and apart: they never meet",
        "2. 平行且不重合：永不相交",
    ),
    (
        "2. The same line: they meet everywhere",
        "2. 同一条直线：处处相交",
    ),
    (
        "4. The lines through them cross at ({}, {}), beyond the segments",
        "4. 两条线段所在的直线交于 ({}, {})，在线段之外",
    ),
    (
        "4. The lines through them are parallel",
        "4. 两条线段所在的直线平行",
    ),
    (
        "4. The same line, but the segments do not reach each other",
        "4. 在同一条直线上，但两条线段互不相接",
    ),
    // On the canvas.
    ("R + r = {}", "R + r = {}"),
    ("reflected centre", "反射后的圆心"),
    ("edge: {} vs r {}", "边：{}，对比 r {}"),
    ("lines cross", "直线交点"),
];
