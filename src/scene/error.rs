//! Why a scene file could not be loaded, and where.

use std::fmt;
use std::path::{Path, PathBuf};

/// A scene that could not be read or parsed: `path:line:column: message`.
///
/// `line` and `column` are 1-based (the column counts characters). Both are 0
/// when the error concerns the whole file (it could not be read at all); the
/// message is then shown as `path: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SceneError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line, 0 when not about a place in the file.
    pub line: usize,
    /// 1-based column in characters, 0 when not about a place in the file.
    pub column: usize,
    /// What is wrong, in words a user understands.
    pub message: String,
}

impl SceneError {
    /// An error at a place in the file.
    pub fn at(path: &Path, line: usize, column: usize, message: impl Into<String>) -> SceneError {
        SceneError {
            path: path.to_path_buf(),
            line,
            column,
            message: message.into(),
        }
    }

    /// An error about the whole file (for instance it cannot be read).
    pub fn whole_file(path: &Path, message: impl Into<String>) -> SceneError {
        SceneError::at(path, 0, 0, message)
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path.display(), self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.path.display(),
                self.line,
                self.column,
                self.message
            )
        }
    }
}

impl std::error::Error for SceneError {}
