//! Lessons: the notes card, lesson mode and its messages.

/// (English, Chinese).
pub const TABLE: &[(&str, &str)] = &[
    (
        "End of the lesson · PageUp: previous",
        "课程结束 · PageUp：上一个",
    ),
    ("PageDown: next scene", "PageDown：下一个场景"),
    (
        "PageDown: next · PageUp: previous",
        "PageDown：下一个 · PageUp：上一个",
    ),
    (
        "This scene is not in the lesson · PageDown: its first scene",
        "此场景不在本课程中 · PageDown：回到课程的第一个场景",
    ),
    (
        "open a scene file first: lesson mode plays the scenes of its folder",
        "请先打开一个场景文件：课程模式会依次播放它所在文件夹中的场景",
    ),
    ("this folder holds no scenes", "这个文件夹中没有场景"),
    (
        "this is the first scene of the lesson",
        "这是本课程的第一个场景",
    ),
    (
        "this is the last scene of the lesson",
        "这是本课程的最后一个场景",
    ),
    ("lesson mode: notes large", "课程模式：大字显示说明"),
    (
        "lesson mode: the folder's scenes in order, their notes large",
        "课程模式：按顺序播放文件夹中的场景，大字显示说明",
    ),
];
