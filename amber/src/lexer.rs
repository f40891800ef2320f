//! AmberScript's tokens: words separated by white space, `#` comments to the end of the line,
//! a trailing `\` joining the next line; shader sources and virtual files are taken raw, line by
//! line, up to a line that is `END`.

/// One word of a script and the 1-based line it is on.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

pub struct Lexer<'a> {
    lines: Vec<&'a str>,
    /// Index of the line being read, and the byte offset in it.
    line: usize,
    col: usize,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        Lexer { lines: text.lines().collect(), line: 0, col: 0 }
    }

    /// The 1-based line the next token would be read from.
    pub fn line(&self) -> usize {
        self.line + 1
    }

    /// Skips blanks and comments on the current line; joins a line ending in `\`.
    fn skip_blanks(&mut self) {
        loop {
            let Some(l) = self.lines.get(self.line) else { return };
            let rest = &l[self.col.min(l.len())..];
            let trimmed = rest.trim_start();
            self.col += rest.len() - trimmed.len();
            if trimmed.starts_with('#') {
                self.col = l.len();
                return;
            }
            if trimmed == "\\" {
                self.line += 1;
                self.col = 0;
                continue;
            }
            return;
        }
    }

    /// The next word on the current line, if any (a command's arguments end with the line).
    pub fn word(&mut self) -> Option<Token> {
        self.skip_blanks();
        let l = self.lines.get(self.line)?;
        let rest = &l[self.col.min(l.len())..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let text = rest[..end].to_string();
        self.col += end;
        Some(Token { text, line: self.line + 1 })
    }

    /// The next word without taking it.
    pub fn peek_word(&mut self) -> Option<Token> {
        let (line, col) = (self.line, self.col);
        let w = self.word();
        (self.line, self.col) = (line, col);
        w
    }

    /// Whether the current line has no more words.
    pub fn at_line_end(&mut self) -> bool {
        self.peek_word().is_none()
    }

    /// Moves to the start of the next line that has a word; `false` at the end of the text.
    pub fn next_line(&mut self) -> bool {
        loop {
            self.line += 1;
            self.col = 0;
            if self.line >= self.lines.len() {
                return false;
            }
            if !self.at_line_end() {
                return true;
            }
        }
    }

    /// The next word, on this line or a later one (data blocks span lines).
    pub fn word_across_lines(&mut self) -> Option<Token> {
        loop {
            if let Some(w) = self.word() {
                return Some(w);
            }
            if !self.next_line() {
                return None;
            }
        }
    }

    /// Positions the lexer at the first line with a word; `false` if there is none.
    pub fn start(&mut self) -> bool {
        self.line = 0;
        self.col = 0;
        !self.at_line_end() || self.next_line()
    }

    /// Lines after the current one up to (not including) a line that is `END`, raw; the
    /// lexer then stands on the `END` line's end. `None` when no `END` follows.
    pub fn raw_until_end(&mut self) -> Option<String> {
        let mut out = String::new();
        let mut i = self.line + 1;
        while i < self.lines.len() {
            if self.lines[i].trim() == "END" {
                self.line = i;
                self.col = self.lines[i].len();
                return Some(out);
            }
            out.push_str(self.lines[i]);
            out.push('\n');
            i += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_comments_and_continuations() {
        let mut l = Lexer::new("  # header\nRUN p \\\n  DRAW_RECT # rect\n\nEND");
        assert!(l.start());
        let words: Vec<_> = std::iter::from_fn(|| l.word()).map(|t| (t.text, t.line)).collect();
        assert_eq!(words, vec![("RUN".into(), 2), ("p".into(), 2), ("DRAW_RECT".into(), 3)]);
        assert!(l.next_line());
        assert_eq!(l.word().unwrap().text, "END");
        assert!(!l.next_line());
    }

    #[test]
    fn raw_blocks_stop_at_end() {
        let mut l = Lexer::new("SHADER x GLSL\n#version 450\n  END  \nNEXT");
        assert!(l.start());
        l.word();
        assert_eq!(l.raw_until_end().unwrap(), "#version 450\n");
        assert!(l.next_line());
        assert_eq!(l.word().unwrap().text, "NEXT");
    }
}
