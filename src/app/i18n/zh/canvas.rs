//! Text on the canvas: overlay labels, the verdict badge, the status line
//! and the hints of the handles.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Overlay labels.
    ("#{} least overlap", "#{} 最小重叠"),
    ("#{} separating axis", "#{} 分离轴"),
    ("gap {}", "间隙 {}"),
    ("overlap {}", "重叠 {}"),
    ("distance {}", "距离 {}"),
    ("MTV {}", "MTV {}"),
    ("hit t={}", "命中 t={}"),
    ("intersection ({}, {})", "交点 ({}, {})"),
    // Axis modes (View menu).
    ("all axes", "所有轴"),
    ("selected axis", "选中的轴"),
    ("no axes", "不显示轴"),
    // Verdict badge.
    ("SEPARATED", "分离"),
    ("TOUCHING", "接触"),
    ("OVERLAPPING", "重叠"),
    // Status line.
    ("help", "帮助"),
    ("panels", "面板"),
    ("axes", "轴"),
    (
        "x {}  y {}   zoom {} px/unit   grid {}",
        "x {}  y {}   缩放 {} 像素/单位   网格 {}",
    ),
    ("drag to move {}", "拖动以移动 {}"),
    ("double-click to add a vertex", "双击以添加顶点"),
    // Handle hints.
    (
        "drag to turn (Ctrl: 15° steps, Shift: fine)",
        "拖动以旋转（Ctrl：每步 15°，Shift：微调）",
    ),
    ("drag to change the radius", "拖动以改变半径"),
    ("drag to resize the box", "拖动以改变盒子大小"),
    ("drag to move this end", "拖动以移动这个端点"),
    ("drag to change the sector's radius", "拖动以改变扇形半径"),
    ("drag to change the half-angle", "拖动以改变半角"),
    (
        "drag to aim and lengthen the ray",
        "拖动以改变射线的方向和长度",
    ),
    (
        "drag the vertex; Delete or right-click removes it",
        "拖动顶点；按 Delete 或右键单击可删除它",
    ),
    // Why a handle's move is refused.
    (
        "refused: the polygon would not be convex",
        "不允许：多边形将不再是凸的",
    ),
    ("a ray needs a length above 0", "射线的长度必须大于 0"),
    ("no such vertex", "没有这个顶点"),
    ("drag away from the apex", "请从顶点拖开"),
    (
        "this handle does not belong to this shape",
        "这个控制点不属于这个形状",
    ),
    (
        "only polygons have vertices to add",
        "只有多边形可以添加顶点",
    ),
    (
        "a vertex here would make the polygon non-convex",
        "在这里添加顶点会使多边形变成凹的",
    ),
    (
        "only polygons have vertices to remove",
        "只有多边形可以删除顶点",
    ),
    (
        "a polygon needs at least 3 vertices",
        "多边形至少需要 3 个顶点",
    ),
];
