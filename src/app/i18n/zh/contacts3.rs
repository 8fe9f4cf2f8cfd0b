//! The 3D mode's Contacts view (K): its panel section and walk captions.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    ("The contacts are hidden while predicting.", "预测时隐藏接触点。"),
    ("speculative distance {}: points up to this far apart are kept", "预测距离 {}：相距不超过它的点都保留"),
    ("found by: {}", "求法：{}"),
    ("normal A→B {}", "法线 A→B {}"),
    ("separation: + a gap, − a depth; v vertex, e edge, f face of each shape's core", "分离量：+ 为间隙，− 为穿透深度；v 顶点、e 棱、f 面（各形状的核心）"),
    ("no manifold", "没有接触流形"),
    ("the incident face clipped by the reference face", "用参考面裁剪入射面"),
    ("edge against edge: one point", "棱对棱：一个点"),
    ("one point: closest or deepest", "一个点：最近点或最深点"),
    ("One point: the least overlap is on the cross product of an edge of A and an edge of B, so the contact is the midpoint of those edges' closest points.", "一个点：最小重叠在 A 的一条棱与 B 的一条棱的叉积上，所以接触点是这两条棱最近点的中点。"),
    ("1. The reference face: face {} of {}, the face that lies flat on the normal.", "1. 参考面：第 {} 个面（属于 {}），与法线垂直贴合的那个面。"),
    ("2. The incident face: the face of {} most opposed to it, {} corner(s).", "2. 入射面：{} 上与参考面最相对的面，有 {} 个角点。"),
    ("{}. Side plane {} of {} through an edge of the reference face: {} point(s) cut away, {} left.", "{}. 经过参考面一条边的侧平面（第 {} 个，共 {} 个）：剪掉 {} 个点，剩下 {} 个。"),
    ("{}. Keep the points below the reference face or above it by less than {}: {} dropped above, {} by the reduction to four.", "{}. 保留在参考面以下或高出不到 {} 的点：舍去上方 {} 个，缩减到四个时舍去 {} 个。"),
];
