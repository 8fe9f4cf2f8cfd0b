//! A JSON tree that remembers where each value and key starts in the text,
//! so that errors found after parsing (an invalid radius, an unknown field)
//! can still be reported as `line:column`.
//!
//! The loader first lets serde_json check the syntax (its messages are good);
//! this parser then builds the tree. It still rejects bad input with an error
//! of its own rather than trusting that pass, and it never panics.

/// A value and the byte offset where it starts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node<'t> {
    /// Byte offset of the first character of the value.
    pub pos: usize,
    /// The value.
    pub value: Value<'t>,
}

/// A JSON value; numbers keep their text so they can be read as f32 directly.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value<'t> {
    Null,
    Bool(bool),
    Number(&'t str),
    String(String),
    Array(Vec<Node<'t>>),
    Object(Vec<Member<'t>>),
}

/// One `"key": value` pair of an object, in file order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Member<'t> {
    pub key: String,
    /// Byte offset of the key's opening quote.
    pub key_pos: usize,
    pub value: Node<'t>,
}

impl Value<'_> {
    /// What the value is, for messages: `"a string"`, `"an array"`.
    pub fn describe(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "true/false",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// Nesting deeper than this is refused (serde_json's own limit is 128).
const MAX_DEPTH: usize = 256;

/// Parses one JSON document. On failure, returns the byte offset and a message.
pub(crate) fn parse(text: &str) -> Result<Node<'_>, (usize, String)> {
    let mut p = Parser { text, i: 0 };
    p.skip_ws();
    let node = p.value(0)?;
    p.skip_ws();
    if p.i < text.len() {
        return Err((
            p.i,
            "unexpected characters after the end of the scene".into(),
        ));
    }
    Ok(node)
}

struct Parser<'t> {
    text: &'t str,
    i: usize,
}

impl<'t> Parser<'t> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.i += 1;
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, (usize, String)> {
        Err((self.i, what.to_string()))
    }

    fn value(&mut self, depth: usize) -> Result<Node<'t>, (usize, String)> {
        if depth > MAX_DEPTH {
            return self.fail("the file nests arrays or objects too deeply");
        }
        let pos = self.i;
        let value = match self.peek() {
            None => return self.fail("the file ends where a value was expected"),
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Value::String(self.string()?),
            Some(b't') => self.word("true", Value::Bool(true))?,
            Some(b'f') => self.word("false", Value::Bool(false))?,
            Some(b'n') => self.word("null", Value::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number()?,
            Some(_) => return self.fail("expected a value"),
        };
        Ok(Node { pos, value })
    }

    fn word(&mut self, w: &str, v: Value<'t>) -> Result<Value<'t>, (usize, String)> {
        if self.text.as_bytes()[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            self.fail("expected a value")
        }
    }

    fn number(&mut self) -> Result<Value<'t>, (usize, String)> {
        let start = self.i;
        while let Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') = self.peek() {
            self.i += 1;
        }
        let s = &self.text[start..self.i];
        if s.parse::<f64>().is_err() {
            return Err((start, format!("`{}` is not a number", super::quoted(s))));
        }
        Ok(Value::Number(s))
    }

    fn string(&mut self) -> Result<String, (usize, String)> {
        let start = self.i;
        let bytes = self.text.as_bytes();
        self.i += 1; // opening quote
        loop {
            match bytes.get(self.i) {
                None => return Err((start, "a string is not closed".into())),
                Some(b'\\') => self.i += 2,
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                Some(_) => self.i += 1,
            }
        }
        let raw = self
            .text
            .get(start..self.i)
            .ok_or((start, "a string is not closed".to_string()))?;
        serde_json::from_str::<String>(raw).map_err(|e| (start, format!("invalid string: {e}")))
    }

    fn array(&mut self, depth: usize) -> Result<Value<'t>, (usize, String)> {
        self.i += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Value::Array(items));
                }
                _ => return self.fail("expected `,` or `]`"),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value<'t>, (usize, String)> {
        self.i += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return self.fail("expected a field name in double quotes");
            }
            let key_pos = self.i;
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(b':') {
                return self.fail("expected `:`");
            }
            self.i += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push(Member {
                key,
                key_pos,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(members));
                }
                _ => return self.fail("expected `,` or `}`"),
            }
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn line_column(text: &str, pos: usize) -> (usize, usize) {
    let pos = pos.min(text.len());
    let before = &text.as_bytes()[..pos];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_positions() {
        let t = "{\n  \"a\": [1, -2.5e3],\n  \"é\": \"x\\\"y\"\n}";
        let n = parse(t).unwrap();
        let Value::Object(m) = &n.value else {
            panic!("not an object")
        };
        assert_eq!(m[0].key, "a");
        assert_eq!(line_column(t, m[0].key_pos), (2, 3));
        let Value::Array(items) = &m[0].value.value else {
            panic!("not an array")
        };
        assert_eq!(items[1].value, Value::Number("-2.5e3"));
        assert_eq!(line_column(t, items[1].pos), (2, 12));
        assert_eq!(m[1].value.value, Value::String("x\"y".into()));
        assert_eq!(line_column(t, m[1].value.pos), (3, 8));
    }

    #[test]
    fn rejects_without_panicking() {
        for bad in [
            "",
            "{",
            "[1,",
            "\"abc",
            "{\"a\" 1}",
            "tru",
            "-",
            "{}x",
            "\"\\",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let deep = "[".repeat(1000);
        assert!(parse(&deep).is_err());
    }
}
