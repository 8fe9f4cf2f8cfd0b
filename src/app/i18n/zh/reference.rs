//! The reference readout (parry beside satlab).

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    ("Reference (parry)", "参考库（parry）"),
    (
        "parry's verdict, signed distance and contact for this pair beside satlab's",
        "parry 对这一对形状的判定、有符号距离和接触，与 satlab 的并列",
    ),
    ("off: tick the box to compare with parry", "已关闭：勾选后与 parry 比较"),
    (
        "(the unbounded ray is cut to a segment for parry)",
        "（无限长射线截成线段交给 parry）",
    ),
    ("intersecting", "相交"),
    ("apart", "分离"),
    ("signed distance", "有符号距离"),
    ("point on A", "A 上的点"),
    ("point on B", "B 上的点"),
    ("agree within {}", "在 {} 内一致"),
    ("verdicts differ ({})", "判定不同（{}）"),
    ("distances differ by {} ({})", "距离相差 {}（{}）"),
    ("parry has no such shape: {}", "parry 没有这种形状：{}"),
    ("parry cannot build this pair", "parry 无法构造这一对形状"),
    ("two unbounded rays", "两条无限长射线"),
    (
        "touching policy: within the tolerance of contact, satlab counts touching as intersecting and parry only its own zero",
        "接触策略：在接触容差内，satlab 把接触算作相交，parry 只认它自己算出的零",
    ),
    (
        "f32 rounding: within the rounding of the coordinates' size",
        "f32 舍入：在坐标大小的舍入误差之内",
    ),
    ("no known reason", "原因不明"),
];
