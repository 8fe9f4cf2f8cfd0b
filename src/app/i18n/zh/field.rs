//! Field mode: the field panel, its messages, the canvas labels and the
//! status line.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Panel.
    ("Field", "场"),
    ("Pair playground (F2)", "双形状模式 (F2)"),
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
    ("tree cells (C)", "树单元格 (C)"),
    ("loose bounds (L)", "松散边界 (L)"),
    ("Fit (F)", "适应视图 (F)"),
    ("Add", "添加"),
    ("none", "无"),
    ("selected: {}", "已选：{}"),
    ("Delete (Del)", "删除 (Del)"),
    ("Random field", "随机场"),
    ("shapes", "形状数"),
    ("seed", "种子"),
    ("box", "盒子"),
    ("turned box", "旋转盒子"),
    ("triangle", "三角形"),
    ("Generate", "生成"),
    ("Save {} (Ctrl+S)", "保存 {} (Ctrl+S)"),
    ("Save… (Ctrl+S)", "保存… (Ctrl+S)"),
    ("Save as… (Ctrl+Shift+S)", "另存为… (Ctrl+Shift+S)"),
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
    (
        "the field has unsaved changes: Ctrl+S saves, quit again to discard them",
        "场有未保存的更改：Ctrl+S 保存，再次退出则放弃更改",
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
    (
        "F2 pair mode · F fit · C cells · L loose · Ctrl+Z undo",
        "F2 双形状模式 · F 适应 · C 单元格 · L 松散边界 · Ctrl+Z 撤销",
    ),
];
