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
    // The shell and the shortcut table.
    ("copy the scene as JSON", "把场景复制为 JSON"),
    ("new scene", "新建场景"),
    ("next scene in the folder", "文件夹中的下一个场景"),
    ("open", "打开"),
    ("paste a shape or a scene from JSON", "从 JSON 粘贴形状或场景"),
    ("previous scene in the folder", "文件夹中的上一个场景"),
    ("redo", "重做"),
    ("save as", "另存为"),
    ("save", "保存"),
    ("step through SAT: next axis", "逐步演示 SAT：下一条轴"),
    ("step through SAT: previous axis", "逐步演示 SAT：上一条轴"),
    ("step: back to the start", "逐步：回到开头"),
    ("step: run to the end", "逐步：直接到结尾"),
    ("the next mode: pair playground, field (many shapes, a ray and a query shape), 3D", "切换到下一个模式：双形状模式、场（许多形状、一条射线和一个查询形状）、3D"),
    ("undo", "撤销"),
    ("not a scene of two shapes", "不是两个形状的场景"),
    ("{}: no mode of this window opens this kind of scene", "{}：窗口的模式都不能打开这类场景"),
    (" or ", " 或 "),
    // The Contacts view.
    ("contacts: the contact points, their gaps or depths, and the normal", "接触：接触点、它们的间隙或穿透深度，以及法线"),
    ("Contacts", "接触"),
    ("features A / B", "特征 A / B"),
    ("none: the shapes are more than {} apart", "无：两个形状相距超过 {}"),
    ("normal A→B ({}, {})", "法线 A→B（{}, {}）"),
    ("separation", "分离量"),
    ("1. The reference face: the face of {} that lies flat on the normal (edge {}).", "1. 参考面：{} 上与法线垂直贴合的那条边（第 {} 条边）。"),
    ("2. The incident face: the face of {} most opposed to it (edge {}).", "2. 入射面：{} 上与参考面最相对的那条边（第 {} 条边）。"),
    ("5. Keep the points below the reference face (or above it by less than the speculative distance): {} dropped.", "5. 只保留在参考面以下（或高出不到预测距离）的点：舍去 {} 个。"),
    ("No contact: the shapes are further apart than the speculative distance.", "没有接触：两个形状相距超过预测距离。"),
    ("One point: no face of either shape lies flat on the normal (a corner or a curve), so the closest or deepest point is the contact.", "一个点：两个形状都没有与法线垂直贴合的边（是角或曲线），所以最近点或最深点就是接触点。"),
    ("{}. Clip the incident face at a side plane through an end of the reference face: {} point(s) cut away.", "{}. 用经过参考面一端的侧平面裁剪入射面：剪掉 {} 个点。"),
    ("How were they found?", "它们是怎么求出来的？"),
];
