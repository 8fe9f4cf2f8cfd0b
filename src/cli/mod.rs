//! Headless commands.

pub mod check;
pub mod eval;
pub mod practice;
