//! Menus, the top bar and the panels shared by every mode.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    ("File", "文件"),
    ("Edit", "编辑"),
    ("View", "视图"),
    ("Help (F1)", "帮助 (F1)"),
    ("Interface language: {}", "界面语言：{}"),
];
