//! Stepping through SAT (captions, the step panel), predict then reveal,
//! and the touching policy.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    // Captions: the start.
    (
        "SAT looks for one axis on which the projections of A and B do not overlap: one such axis proves they are apart. This pair has {} candidate axes; press Space to test the first.",
        "分离轴定理（SAT）寻找一条轴，使 A 和 B 在它上面的投影不重叠：只要找到一条这样的轴，就证明两者分离。这一对形状共有 {} 条候选轴；按空格键测试第一条。",
    ),
    // Features, named with their shape.
    ("{}'s vertex {}", "{} 的顶点 {}"),
    ("{}'s corner {}", "{} 的角点 {}"),
    ("{}'s end {}", "{} 的端点 {}"),
    ("{}'s arc end {}", "{} 的弧端点 {}"),
    ("{}'s centre", "{} 的圆心"),
    ("{}'s apex", "{} 的扇形圆心"),
    ("{}'s origin", "{} 的起点"),
    ("{}'s tip", "{} 的末端"),
    ("point {}", "点 {}"),
    ("the normal of {}'s edge {}", "{} 的边 {} 的法线"),
    ("the normal of {}'s straight edge {}", "{} 的直边 {} 的法线"),
    ("{}'s local x axis", "{} 的局部 x 轴"),
    ("{}'s local y axis", "{} 的局部 y 轴"),
    (
        "the normal of {}'s arc at arc end {}",
        "{} 的圆弧在弧端点 {} 处的法线",
    ),
    ("the normal of {}'s core segment", "{} 的中轴线段的法线"),
    ("the normal of ray {}", "射线 {} 的法线"),
    ("the normal of line {}", "直线 {} 的法线"),
    ("{} (the normal of two of its edges)", "{}（它的两条对边的法线）"),
    ("from {} to {}", "从 {} 指向 {}"),
    (
        "the x axis: the shapes offer no direction of their own, so any axis will do",
        "x 轴：两个形状本身给不出方向，任取一条轴即可",
    ),
    // Why curved and thin shapes add axes.
    ("the nearest curve centre of {}", "{} 最近的曲线圆心"),
    ("the nearest vertex of {}", "{} 最近的顶点"),
    (
        "A circle has no edges, so SAT adds the axis from its centre to {}: the direction in which the circle comes closest to it.",
        "圆没有边，所以 SAT 加入从圆心指向 {} 的轴：圆正是在这个方向上离它最近。",
    ),
    (
        "A capsule's ends are half discs, so SAT adds the axis from each end's centre to {}.",
        "胶囊体的两端是半圆，所以 SAT 加入从每个端部圆心指向 {} 的轴。",
    ),
    (
        "A sector's arc is part of a circle around its apex, so SAT adds the axis from the apex to every vertex of {} that lies inside the sector's wedge.",
        "扇形的圆弧是以其顶点为圆心的圆的一部分，所以 SAT 加入从顶点指向 {} 位于扇形角度范围内的每个顶点的轴。",
    ),
    (
        "A point has no edges, so SAT tries the axis from the point to {}.",
        "点没有边，所以 SAT 尝试从该点指向 {} 的轴。",
    ),
    (
        "A {} has no area, so SAT also tries the axis from each of its ends to {}: two thin shapes can be closest end to end.",
        "{}没有面积，所以 SAT 还会尝试从它的每个端点指向 {} 的轴：两个细长形状可能恰好在端点与端点之间最近。",
    ),
    (
        "Where the arc meets a straight edge, the arc's normal there is a candidate axis too.",
        "圆弧与直边相接处，圆弧在该点的法线也是一条候选轴。",
    ),
    ("ray (thin)", "射线（细长形状）"),
    ("line (thin)", "直线（细长形状）"),
    ("segment (thin)", "线段（细长形状）"),
    ("{} against {}: ", "{} 对 {}："),
    // Captions: one axis.
    (
        "Axis {} of {}: {}. A covers [{}, {}], B covers [{}, {}].",
        "第 {} 条轴（共 {} 条）：{}。A 的投影区间为 [{}, {}]，B 的投影区间为 [{}, {}]。",
    ),
    (
        "Axis {} of {}: {}. Not tested: {}.",
        "第 {} 条轴（共 {} 条）：{}。未测试：{}。",
    ),
    (
        "Gap {}: this axis separates them, so SAT stops here.",
        "间隙 {}：这是一条分离轴，SAT 到此停止。",
    ),
    (
        "Gap {}: this axis separates them. SAT could stop here; we keep testing to compare every axis.",
        "间隙 {}：这是一条分离轴。SAT 本可在此停止；我们继续测试，以比较所有的轴。",
    ),
    ("Gap {}: this axis separates them too.", "间隙 {}：这也是一条分离轴。"),
    (
        "Gap {}, the largest: the exact distance, {}, is beyond the contact tolerance, so the shapes are apart and SAT stops here.",
        "间隙 {}，为最大间隙：精确距离 {} 超出接触容差，所以两个形状分离，SAT 到此停止。",
    ),
    (
        "The intervals just touch: touching is not separating, try the next axis.",
        "两个区间恰好接触：接触不算分离，测试下一条轴。",
    ),
    (
        "The intervals just touch: touching is not separating. That was the last axis: none separates them, so they touch, and touching counts as intersecting.",
        "两个区间恰好接触：接触不算分离。这是最后一条轴：没有一条轴能把它们分开，所以两者接触，而接触算作相交。",
    ),
    (
        "Overlap {}: not separating, try the next axis.",
        "重叠 {}：不是分离轴，测试下一条轴。",
    ),
    (
        "Overlap {}: not separating either. That was the last axis: none separates them, so they intersect.",
        "重叠 {}：也不是分离轴。这是最后一条轴：没有一条轴能把它们分开，所以两者相交。",
    ),
    // Captions: the end.
    ("There are no axes to test.", "没有可测试的轴。"),
    (
        "One pair of halves has no separating axis, so the shapes intersect.",
        "有一对半扇形找不到分离轴，所以两个形状相交。",
    ),
    (
        "None of the {} axes separates them, so the shapes intersect.",
        "{} 条轴中没有一条是分离轴，所以两个形状相交。",
    ),
    (
        "On the best axis the intervals only touch: the shapes touch, and touching counts as intersecting.",
        "在最佳的轴上两个区间也只是接触：两个形状相接触，而接触算作相交。",
    ),
    (
        "The least overlap over ALL axes, {} on axis {}, is the penetration depth; the MTV moves B by {}. SAT cannot stop early to find it: a smaller overlap can turn up on any axis.",
        "所有轴上的最小重叠（{}，在第 {} 条轴上）就是穿透深度；最小平移向量（MTV）把 B 移动 {}。要找到它，SAT 不能提前停止：更小的重叠可能出现在任何一条轴上。",
    ),
    (
        "All {} axes tested: every pair of halves has a separating axis, so the shapes are apart. The distance, {}, is that of the nearer half.",
        "{} 条轴全部测试完毕：每一对半扇形都有分离轴，所以两个形状分离。距离 {} 是较近那一半的距离。",
    ),
    (
        "Every pair of halves has a separating axis, so the shapes are apart; SAT tested {} of the {} axes.",
        "每一对半扇形都有分离轴，所以两个形状分离；SAT 测试了 {} 条轴（共 {} 条）。",
    ),
    ("The shapes are apart.", "两个形状分离。"),
    (
        "SAT reached axis {} of {}, the last, and it separates them: the shapes are apart.",
        "SAT 测到第 {} 条轴（共 {} 条，即最后一条），它是分离轴：两个形状分离。",
    ),
    (
        "SAT stopped at axis {} of {}: one separating axis proves the shapes are apart, so the other {} axes were never tested.",
        "SAT 在第 {} 条轴（共 {} 条）处停止：一条分离轴就足以证明两个形状分离，其余 {} 条轴根本没有测试。",
    ),
    (
        "All {} axes tested. The first separating axis is axis {}.",
        "{} 条轴全部测试完毕。第一条分离轴是第 {} 条。",
    ),
    (
        "Here the first separating axis also has the largest gap, but SAT could not know that without testing the rest.",
        "这里第一条分离轴恰好也是间隙最大的轴，但不测试其余的轴，SAT 无法知道这一点。",
    ),
    (
        "The largest gap is {}, on axis {}.",
        "最大间隙为 {}，在第 {} 条轴上。",
    ),
    (
        "It equals the distance, {}: the closest points lie along that axis. Only the full set of axes is sure to contain that direction: stopping at the first separating axis proves they are apart, not how far.",
        "它等于距离 {}：最近点正沿着这条轴。只有完整的候选轴集合才一定包含这个方向：在第一条分离轴处停止只能证明两者分离，却不知道相距多远。",
    ),
    (
        "The distance is {}: a gap is never more than the distance, and here the closest points lie along none of the tested axes (two polygons can be closest corner to corner), so the largest gap is only a lower bound.",
        "距离为 {}：任何轴上的间隙都不会超过距离，而这里最近点不沿任何一条被测试的轴（两个多边形可能在角与角之间最近），所以最大间隙只是距离的下界。",
    ),
    // The step panel.
    ("Step through SAT", "逐步演示 SAT"),
    ("Step ▶", "下一步 ▶"),
    ("Space", "空格"),
    ("◀ Back", "◀ 上一步"),
    ("Shift+Space", "Shift+空格"),
    ("⏮ Start", "⏮ 从头开始"),
    ("Home", "Home"),
    ("Run to the end", "运行到结束"),
    ("End", "End"),
    ("Leave", "退出"),
    ("Esc", "Esc"),
    ("Keep testing every axis", "继续测试每一条轴"),
    (
        "SAT may stop at the first separating axis; the least overlap (the MTV) and the largest gap need every axis.",
        "SAT 可以在第一条分离轴处停止；但最小重叠（即 MTV）和最大间隙需要测试每一条轴。",
    ),
    (
        "Not started: {} of the {} candidate axes to test",
        "尚未开始：要测试 {} 条，共 {} 条候选轴",
    ),
    ("Step {} of {}: axis {} of {}", "第 {} 步，共 {} 步：第 {} 条轴，共 {} 条"),
    (
        "Finished: {} of the {} candidate axes tested",
        "已结束：测试了 {} 条，共 {} 条候选轴",
    ),
    (
        "The caption is hidden while predicting.",
        "预测期间隐藏说明文字。",
    ),
    // Predict, then reveal.
    ("Predict, then reveal", "先预测，再揭晓"),
    ("Reveal", "揭晓"),
    ("Predict", "预测"),
    ("Predict: separated or overlapping?", "请预测：分离还是重叠？"),
    (
        "hides the verdict and every overlay until you reveal",
        "隐藏判定结果和所有叠加图形，直到揭晓",
    ),
    (
        "The verdict is hidden until you reveal it (P).",
        "判定结果已隐藏，按 P 揭晓。",
    ),
    (
        "The verdict waits for the end of the walk (End).",
        "判定结果等到走完所有步骤再显示（End）。",
    ),
    // The touching policy.
    ("intersects: yes", "相交：是"),
    ("intersects: no", "相交：否"),
    (
        "intersects: no (touching does not count)",
        "相交：否（接触不算相交）",
    ),
    ("Touching policy", "接触判定规则"),
    (
        "closed sets: touching counts (default)",
        "闭集：接触算相交（默认）",
    ),
    (
        "open sets: only a real overlap counts",
        "开集：只有真正重叠才算相交",
    ),
    (
        "tolerance band: near contact counts as touching",
        "容差带：接近接触也算接触",
    ),
    ("band ± (world units)", "容差带 ±（世界单位）"),
    (
        "Libraries disagree on whether touching counts. Shapely (GEOS) uses closed sets: shapes that only touch still intersect. raylib's CheckCollisionRecs compares with < and >, so rectangles sharing an edge do not collide, while its CheckCollisionCircles uses <=, so tangent circles do. satlab's scene files use closed sets; this switch changes only the verdict shown here.",
        "各个库对“接触算不算相交”看法不一。Shapely（GEOS）采用闭集：仅仅接触的形状也算相交。raylib 的 CheckCollisionRecs 用 < 和 > 比较，所以共享一条边的矩形不算碰撞；而它的 CheckCollisionCircles 用 <=，所以相切的圆算碰撞。satlab 的场景文件采用闭集；这个开关只改变这里显示的判定。",
    ),
    // Help.
    (
        "leave step mode (or close this help)",
        "退出逐步演示（或关闭本帮助）",
    ),
    (
        "predict: hide the verdict and every overlay / reveal",
        "预测：隐藏判定结果和所有叠加图形 / 揭晓",
    ),
];
