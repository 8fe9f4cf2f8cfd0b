//! Authored exercises: an ordinary scene file with a `practice` block
//! ([`crate::scene::PracticeAsk`]) is a question, held to the same
//! fairness as a generated one; a folder of them plays as a set.

use super::generate::PracticeSet;
use super::pose::{pose, Ask, Unfair};
use super::question::{Choice, Level, Pair, Question};
use crate::geom::Shape;
use crate::scene::{self, AnyScene, SceneError};
use std::path::{Path, PathBuf};

/// The level a pair belongs to: 3D pairs are 4, or 5 when two boxes are
/// decided on an edge × edge axis; 2D pairs are 3 with a capsule, segment
/// or sector, 2 with an OBB or polygon, else 1.
pub fn level_of(pair: &Pair) -> Level {
    match pair {
        Pair::Space { a, b } => match super::generate::edge_pair_decides(&a.shape, &b.shape) {
            Some(true) => Level::Five,
            Some(false) | None => Level::Four,
        },
        Pair::Flat { a, b } => {
            let rank = |s: &Shape| match s {
                Shape::Capsule(_) | Shape::Segment(_) | Shape::Sector(_) => 3,
                Shape::Obb(_) | Shape::Polygon(_) => 2,
                Shape::Point(_)
                | Shape::Ray(_)
                | Shape::Line(_)
                | Shape::Circle(_)
                | Shape::Aabb(_) => 1,
            };
            match rank(a).max(rank(b)) {
                3 => Level::Three,
                2 => Level::Two,
                _ => Level::One,
            }
        }
    }
}

/// The question a loaded scene asks with `ask`, numbered `number`; why not
/// when the exercise would not be fair or the scene is a field scene.
pub fn scene_question(number: u32, scene: &AnyScene, ask: Ask) -> Result<Question, Unfair> {
    let pair = match scene {
        AnyScene::Pair(s) => Pair::Flat {
            a: s.a.clone(),
            b: s.b.clone(),
        },
        AnyScene::Space(s) => Pair::Space {
            a: Box::new(s.a.clone()),
            b: Box::new(s.b.clone()),
        },
        AnyScene::Field(_) => return Err(Unfair::WrongShapes("a pair scene, 2D or 3D")),
    };
    let level = level_of(&pair);
    pose(number, level, pair, ask)
}

/// One authored file: its question, `None` when it has no `practice`
/// block, or the reason it is not a fair exercise. Scene errors (syntax,
/// fields, shapes, the block itself) carry `line:column`.
pub fn load_question(
    number: u32,
    path: &Path,
) -> Result<Option<Result<Question, Unfair>>, SceneError> {
    let bytes = scene::read_scene_file(path)?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| SceneError::whole_file(path, "the file is not UTF-8 text"))?;
    let scene = scene::parse_any(text, path)?;
    Ok(scene::read_practice(text, path)?.map(|ask| scene_question(number, &scene, ask)))
}

/// An authored set: every scene with a `practice` block under `folder`
/// (searched as `satlab check` does, in sorted order), numbered from 1.
/// Files without a block are left out; the first unreadable or unfair file
/// is the error: its path, and the reason (starting `line:column: ` when
/// it is about a place in the file).
pub fn load_set(folder: &Path) -> Result<Vec<Question>, (PathBuf, String)> {
    let mut out = Vec::new();
    for found in scene::find_scenes(folder) {
        let path = found.map_err(|e| (e.path, e.message))?;
        let number = u32::try_from(out.len() + 1).unwrap_or(u32::MAX);
        match load_question(number, &path) {
            Ok(None) => {}
            Ok(Some(Ok(q))) => out.push(q),
            Ok(Some(Err(why))) => return Err((path, why.describe())),
            Err(e) if e.line == 0 => return Err((path, e.message)),
            Err(e) => return Err((path, format!("{}:{}: {}", e.line, e.column, e.message))),
        }
    }
    Ok(out)
}

/// The authored set in `folder` ([`load_set`]) as a playable set named by
/// the folder. A folder with no `practice` block in any scene is an error
/// (with the folder as its path), as is anything [`load_set`] refuses.
pub fn authored_set(folder: &Path) -> Result<PracticeSet, (PathBuf, String)> {
    let questions = load_set(folder)?;
    if questions.is_empty() {
        return Err((
            folder.to_path_buf(),
            "no scene here has a `practice` block, so there is no question to play".to_string(),
        ));
    }
    Ok(PracticeSet {
        seed: 0,
        choice: Choice::Mixed,
        questions,
        folder: Some(folder.to_path_buf()),
    })
}
