//! The inspector panels (result, shape editors, SAT axes table, scene) and
//! the scene browser.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Result.
    ("Result", "结果"),
    ("distance", "距离"),
    ("closest points", "最近点"),
    ("penetration", "穿透深度"),
    ("MTV (moves B)", "MTV（移动 B）"),
    // Shape editors.
    ("Shape {} — {}", "形状 {} — {}"),
    ("rotation °", "旋转角 °"),
    ("bounded", "有限长"),
    ("length", "长度"),
    ("radius", "半径"),
    ("half width", "半宽"),
    ("half height", "半高"),
    ("half length", "半长"),
    ("half-angle °", "半角 °"),
    (
        "vertices (local, counter-clockwise): {}",
        "顶点（局部坐标，逆时针）：{}",
    ),
    ("sides", "边数"),
    ("make regular", "变为正多边形"),
    // SAT axes table.
    ("SAT axes ({})", "SAT 候选轴（{}）"),
    ("from", "来源"),
    ("gap", "间隙"),
    ("sep.", "分离"),
    ("ovl {}", "重叠 {}"),
    ("yes", "是"),
    ("no", "否"),
    (
        "Hover a row to light its axis; click to select it (the View menu's \"selected axis\" shows only it).",
        "鼠标悬停在某一行上会在画布上高亮该轴；单击可选中它（视图菜单中的“选中的轴”只显示它）。",
    ),
    // Scene browser.
    ("Scenes", "场景"),
    (
        "No folder open. File → Browse scenes.",
        "尚未打开文件夹。文件 → 浏览场景。",
    ),
    ("No scene files (*.json) here.", "这里没有场景文件（*.json）。"),
    // Scene name and notes.
    ("Scene", "场景"),
    ("name", "名称"),
    ("notes", "说明"),
];
