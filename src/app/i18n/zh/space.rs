//! The 3D mode: its panel, camera presets, captions, status line and keys.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // The algorithm panel (closed forms).
    // Mode and document.
    ("3D mode", "3D 模式"),
    ("3D scene", "3D 场景"),
    ("Two boxes in 3D", "3D 中的两个盒子"),
    ("not a 3D scene", "不是 3D 场景"),
    (
        "edges parallel (|sin| = {} < 1e-5): their cross product has no reliable direction; it could hide a gap of at most 1e-5 of the shapes' size, so near contact the exact distance decides",
        "两条棱平行（|sin| = {} < 1e-5）：它们的叉积没有可靠的方向；它最多能藏住形状尺寸 1e-5 倍的间隙，所以接近接触时由精确距离判定",
    ),
    ("untitled 3D scene", "未命名 3D 场景"),
    ("3D", "3D"),
    // Panel.
    ("separated on {} by {}", "在 {} 上分离，间隙 {}"),
    ("least overlap {} on {}", "最小重叠 {}，在 {} 上"),
    (
        "a gap of {} on {}, within the contact tolerance",
        "间隙 {}（在 {} 上），在接触容差之内",
    ),
    ("in the contact band: the exact distance decided", "处于接触带内：由精确距离判定"),
    ("look along the selected axis", "沿选中的轴观察"),
    ("edge-on to the separating plane", "侧视分离平面"),
    ("interval bars on every axis", "每条轴都画投影区间"),
    ("Shape {}: {}", "形状 {}：{}"),
    ("position", "位置"),
    ("half depth", "半深"),
    ("turn x y z (°)", "绕 x y z 旋转（°）"),
    ("Axes: {} candidates, {} skipped", "轴：{} 个候选，{} 个跳过"),
    (
        "{} edge pairs left out: their Gauss-map arcs do not cross, so they form no face of the Minkowski difference and cannot separate",
        "省略了 {} 对棱：它们的高斯映射弧不相交，不构成闵可夫斯基差的面，不可能分离",
    ),
    ("skipped", "跳过"),
    ("{} skipped: {}", "{} 已跳过：{}"),
    ("and {} more reasons", "另有 {} 条理由"),
    (
        "left drag: move a shape, or the selected one's arrows (move), rings (turn) and squares (size), Ctrl snaps; right or Alt+left drag: orbit; middle or Shift+right drag: pan; wheel: zoom",
        "左键拖动：移动形状，或选中形状的箭头（移动）、圆环（旋转）和方块（尺寸），Ctrl 吸附；右键或 Alt+左键拖动：环绕；中键或 Shift+右键拖动：平移；滚轮：缩放",
    ),
    // Camera presets.
    ("top (−z)", "俯视（−z）"),
    ("bottom (+z)", "仰视（+z）"),
    ("front (+y)", "前视（+y）"),
    ("back (−y)", "后视（−y）"),
    ("right (−x)", "右视（−x）"),
    ("left (+x)", "左视（+x）"),
    ("isometric", "等轴测"),
    // Step captions.
    ("quaternion x y z w", "四元数 x y z w"),
    ("points (local): {}", "点（局部坐标）：{} 个"),
    // The Algorithm section (space/algorithm.rs).
    (
        "the Algorithm section: the pair's closed form worked through",
        "算法部分：逐步演算这对形状的经典闭式测试",
    ),
    ("1. B's centre in A's frame t = {}; R = A^T B", "1. B 的中心在 A 坐标系中 t = {}；R = A^T B"),
    (
        "1. Closest points of the two core segments: {} and {}",
        "1. 两条核心线段的最近点：{} 和 {}",
    ),
    (
        "1. The sphere's centre carried into the box's frame: {}",
        "1. 球心变换到盒子的局部坐标系：{}",
    ),
    (
        "1. The sphere's centre relative to the box's centre: {}",
        "1. 球心相对盒子中心：{}",
    ),
    (
        "2. Clamped into ±{}: the nearest box point {}",
        "2. 钳制到 ±{} 内：盒子上最近的点 {}",
    ),
    (
        "2. On each axis L: separated when |t · L| > rA + rB; 15 axes: A's 3 faces, B's 3, the 9 cross products of their edges",
        "2. 在每条轴 L 上：|t · L| > rA + rB 时分离；共 15 条轴：A 的 3 个面、B 的 3 个面、两者棱的 9 个叉积",
    ),
    (
        "2. Squared distance {} against (r1 + r2 + 1e-4)² = {}: {}",
        "2. 距离平方 {}，对比 (r1 + r2 + 1e-4)² = {}：{}",
    ),
    (
        "3. Axis {} ({}) separates them: gap {}; the test stops there",
        "3. 第 {} 条轴（{}）分离了它们：间隙 {}；测试在此停止",
    ),
    (
        "3. No axis separates by more than 1e-4, one within it: the exact distance decided",
        "3. 没有轴的间隙超过 1e-4，但有一条在其内：由精确距离决定",
    ),
    ("3. No axis separates them: they intersect", "3. 没有轴分离它们：相交"),
    (
        "3. Squared distance {} against (r + 1e-4)² = {}: {}",
        "3. 距离平方 {}，对比 (r + 1e-4)² = {}：{}",
    ),
    ("Capsule vs capsule (closest points)", "胶囊体与胶囊体（最近点）"),
    ("OBB vs OBB (15 axes)", "OBB 与 OBB（15 条轴）"),
    ("Sphere vs box (clamping, Arvo)", "球与盒子（钳制法，Arvo）"),
    (
        "This pair has no classic closed form here: the SAT search and GJK decide.",
        "这对形状在此没有经典闭式测试：由 SAT 搜索和 GJK 决定。",
    ),
    (
        "A quick test can answer before GJK: the solid hull's bounding ball apart from the other shape, or its inscribed ball reaching into it; then, against a box, the box face the hull lies beyond, and against another hull, each centre against the other's face planes.",
        "GJK 之前可能由快速测试给出答案：实心凸包的外接球与另一形状分离，或其内切球伸入另一形状；其次，对盒子测试凸包所在一侧的盒面，对另一凸包则以各自的中心对照对方的面平面。",
    ),
    ("edges parallel: skipped", "棱平行：跳过"),
    (
        "1. Ray in the box's frame: origin {}, direction {}",
        "1. 盒子局部坐标系中的射线：起点 {}，方向 {}",
    ),
    (
        "4. Hit at t = {}, point {}, normal {}",
        "4. 命中 t = {}，点 {}，法线 {}",
    ),
    ("4. No hit within the ray's length", "4. 射线长度内没有命中"),
    ("separated", "分离"),
    (
        "The axes table is hidden while predicting.",
        "预测时隐藏轴表。",
    ),
    (
        "predict: hide the verdict, the axes and their table / reveal",
        "预测：隐藏结论、各轴及轴表 / 揭晓",
    ),
    ("Left drag on the gizmo", "左键拖动操纵器"),
    (
        "an arrow moves the selected shape along x, y or z, a ring turns it, a square sizes it (Ctrl: snap)",
        "箭头沿 x、y 或 z 移动选中的形状，圆环旋转它，方块改变尺寸（Ctrl：吸附）",
    ),
    // Where a 3D axis comes from.
    ("face +{} normal", "+{} 面法线"),
    ("edge {}", "棱 {}"),
    ("face normal", "面法线"),
    ("face {} normal", "面 {} 法线"),
    ("core segment", "核心线段"),
    ("nearest point", "最近点"),
    ("{} × {}", "{} × {}"),
    ("perpendicular to {}", "垂直于 {}"),
    // Status line.
    (
        "target {}  distance {}  yaw {}°  pitch {}°",
        "目标 {}  距离 {}  偏航 {}°  俯仰 {}°",
    ),
    ("{}: arrows move, rings turn, squares size", "{}：箭头移动，圆环旋转，方块改尺寸"),
    ("next mode", "下一个模式"),
    ("step", "单步"),
    ("look along", "沿轴观察"),
    // Keys (F1 help).
    (
        "move it in the plane facing you (Ctrl: snap to 0.25)",
        "在面向你的平面内移动（Ctrl：吸附到 0.25）",
    ),
    ("Right drag or Alt+left drag", "右键拖动或 Alt+左键拖动"),
    ("orbit the camera", "环绕相机"),
    ("Middle drag or Shift+right drag", "中键拖动或 Shift+右键拖动"),
    ("pan the camera", "平移相机"),
    ("fit both 3D shapes", "适配两个 3D 形状"),
    ("isometric view", "等轴测视图"),
    ("view from above", "从上方看"),
    ("view from below", "从下方看"),
    ("view from the front", "从前方看"),
    ("view from behind", "从后方看"),
    ("view from the right", "从右侧看"),
    ("view from the left", "从左侧看"),
    (
        "look along the selected axis (else the decisive one)",
        "沿选中的轴观察（否则沿决定性的轴）",
    ),
    ("look edge-on at the separating plane", "侧视分离平面"),
    (
        "interval bars on every axis / only on the axes in focus",
        "每条轴都画区间条 / 只画关注的轴",
    ),
    (
        "step through the 3D axes (with K or J on: the clipping, or GJK / EPA): next",
        "逐条查看 3D 轴（开启 K 或 J 时：裁剪步骤或 GJK / EPA 迭代）：下一步",
    ),
    (
        "step through the 3D axes (with K or J on: the clipping, or GJK / EPA): previous",
        "逐条查看 3D 轴（开启 K 或 J 时：裁剪步骤或 GJK / EPA 迭代）：上一步",
    ),
    ("the 3D mode", "3D 模式"),
    ("R / T (Shift: 1°)", "R / T（Shift：1°）"),
    (
        "turn the selected shape (else B) 15° about the view axis, counter-clockwise / clockwise",
        "绕视线轴旋转选中的形状（否则 B）15°，逆时针 / 顺时针",
    ),
    // The Motion view (W).
    ("no axis", "无轴"),
    ("route", "算法路径"),
    ("touching at t = 0", "t = 0 时已接触"),
    ("GJK ray cast (exact)", "GJK 射线投射（精确）"),
    ("swept SAT (exact)", "扫掠 SAT（精确）"),
    ("conservative advancement", "保守推进"),
    (
        "The scene has no motion yet: B heads for A's centre until you drag its arrow's head.",
        "场景还没有运动：在你拖动 B 的箭头尖端之前，B 朝 A 的中心移动。",
    ),
    (
        "No swept SAT for this pair (a sphere, a capsule, a ray or a flat Minkowski difference): its separating directions turn with the motion.",
        "这一对没有扫掠 SAT（球、胶囊体、射线或扁平的闵可夫斯基差）：它们的分离方向会随运动而转动。",
    ),
    ("{} more axes not listed", "另有 {} 条轴未列出"),
];
