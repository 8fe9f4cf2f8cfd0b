//! Field mode: the field panel, its messages, the canvas labels and the
//! status line.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Panel.
    ("Field", "场"),
    ("{} shapes, {} tree nodes", "{} 个形状，{} 个树节点"),
    ("Ray: all hits", "射线：全部命中"),
    ("Ray: first hit", "射线：首个命中"),
    ("nodes visited", "访问节点"),
    ("candidates", "候选"),
    ("hits", "命中"),
    ("first: shape {} at t {}", "首个命中：形状 {}，t = {}"),
    ("first: none", "首个命中：无"),
    ("no ray in this field", "此场中没有射线"),
    ("Query shape", "查询形状"),
    ("Add", "添加"),
    ("none", "无"),
    ("selected: {}", "已选：{}"),
    ("Random field", "随机场"),
    ("shapes", "形状数"),
    ("seed", "种子"),
    ("box", "盒子"),
    ("turned box", "旋转盒子"),
    ("triangle", "三角形"),
    ("Generate", "生成"),
    (
        "drag: shapes, the ray's square (origin) and ring (direction); right drag pans; wheel zooms",
        "拖动：形状、射线的方块（起点）和圆环（方向）；右键拖动平移；滚轮缩放",
    ),
    // Messages and the window title.
    ("give at least one kind a weight above 0", "请至少给一种形状大于 0 的权重"),
    ("generated {} shapes (seed {})", "已生成 {} 个形状（种子 {}）"),
    (
        "deleted shape {} (the last shape took its number)",
        "已删除形状 {}（最后一个形状接替了它的编号）",
    ),
    ("untitled field", "未命名场"),
    ("satlab — field — {}{}", "satlab — 场 — {}{}"),
    // Canvas.
    ("first", "首个"),
    ("query shape", "查询形状"),
    (
        "x {}  y {}   zoom {} px/unit   {} shapes, {} drawn",
        "x {}  y {}   缩放 {} 像素/单位   {} 个形状，绘制 {} 个",
    ),
    // The shell and the shortcut table.
    ("Delete", "删除"),
    ("Left drag: shapes, the ray's square (origin) and ring (direction)", "左键拖动：形状、射线的方块（起点）和圆环（方向）"),
    ("Pair playground", "双形状模式"),
    ("Right or middle drag", "右键或中键拖动"),
    ("delete the selected shape", "删除选中的形状"),
    ("fit the field", "视图适应整个场"),
    ("loose bounds instead of cells", "用松散边界代替单元格"),
    ("move them", "移动它们"),
    ("tree cells on / off", "显示 / 隐藏树单元格"),
    ("cells", "单元格"),
    ("fit", "适应视图"),
    ("loose", "松散边界"),
    ("not a field scene", "不是场场景"),
    ("Fit", "适应视图"),
    ("loose bounds", "松散边界"),
    ("tree cells", "树单元格"),
];
