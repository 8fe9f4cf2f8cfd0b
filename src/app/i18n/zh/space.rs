//! The 3D mode: its panel, camera presets, captions, status line and keys.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Mode and document.
    ("3D mode", "3D 模式"),
    ("3D scene", "3D 场景"),
    ("Two boxes in 3D", "3D 中的两个盒子"),
    ("not a 3D scene", "不是 3D 场景"),
    ("untitled 3D scene", "未命名 3D 场景"),
    ("satlab — 3D — {}{}", "satlab — 3D — {}{}"),
    // Panel.
    ("separated on {} by {}", "在 {} 上分离，间隙 {}"),
    ("least overlap {} on {}", "最小重叠 {}，在 {} 上"),
    ("in the contact band: the exact distance decided", "处于接触带内：由精确距离判定"),
    ("look along the selected axis", "沿选中的轴观察"),
    ("edge-on to the separating plane", "侧视分离平面"),
    ("interval bars on every axis", "每条轴都画投影区间"),
    ("Shape {}: {}", "形状 {}：{}"),
    ("position", "位置"),
    ("turn x y z (°)", "绕 x y z 旋转（°）"),
    (
        "quaternion [x, y, z, w] = [{}, {}, {}, {}] (edit it in the file)",
        "四元数 [x, y, z, w] = [{}, {}, {}, {}]（请在文件中编辑）",
    ),
    ("Axes: {} candidates, {} skipped", "轴：{} 个候选，{} 个跳过"),
    ("axis from", "轴的来源"),
    ("skipped", "跳过"),
    (
        "left drag: move a shape (Ctrl snaps); right or Alt+left drag: orbit; middle or Shift+right drag: pan; wheel: zoom",
        "左键拖动：移动形状（Ctrl 吸附）；右键或 Alt+左键拖动：环绕；中键或 Shift+右键拖动：平移；滚轮：缩放",
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
    ("axis {} of {}: {}", "第 {} 条轴（共 {} 条）：{}"),
    ("skipped:", "已跳过："),
    ("a gap: this axis separates them, SAT can stop here", "有间隙：这条轴分离了它们，SAT 可以在此停止"),
    ("they overlap on this axis: keep testing", "它们在这条轴上重叠：继续测试"),
    // Status line.
    (
        "target {}  distance {}  yaw {}°  pitch {}°",
        "目标 {}  距离 {}  偏航 {}°  俯仰 {}°",
    ),
    ("{} selected: drag to move it (Ctrl snaps)", "已选 {}：拖动以移动（Ctrl 吸附）"),
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
    ("step through the 3D axes: next", "逐条查看 3D 轴：下一条"),
    ("step through the 3D axes: previous", "逐条查看 3D 轴：上一条"),
    ("step: the first axis", "单步：第一条轴"),
    ("step: the last axis", "单步：最后一条轴"),
    ("the 3D mode", "3D 模式"),
    (
        "turn the selected shape (else B) 15° counter-clockwise about the view axis",
        "绕视线轴逆时针旋转选中的形状（否则 B）15°",
    ),
    (
        "turn the selected shape (else B) 15° clockwise about the view axis",
        "绕视线轴顺时针旋转选中的形状（否则 B）15°",
    ),
    ("the same, 1° counter-clockwise", "同上，逆时针 1°"),
    ("the same, 1° clockwise", "同上，顺时针 1°"),
];
