//! Errors as the user reads them: one line, then — when the error has a source position —
//! the source line with a caret under the column, then notes (the SPIR-V instruction, what
//! to do). Errors without a position print as their one line.

use crate::Error;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor};
use frontend::ir::SourcePos;
use frontend::FrontendError;

/// The error as printed on stderr.
pub fn render(e: &Error) -> String {
    let Some((pos, message, notes)) = positioned(e) else {
        return e.to_string();
    };
    snippet(&pos, &message, &notes).unwrap_or_else(|| {
        let mut s = format!("{pos}: error: {message}");
        for n in notes {
            s.push_str(&format!("\n  = {n}"));
        }
        s
    })
}

/// The position, the message and the notes of an error that has a source position.
fn positioned(e: &Error) -> Option<(SourcePos, String, Vec<String>)> {
    match e {
        Error::Frontend {
            source: FrontendError::At { pos, error },
            ..
        } => {
            let (message, notes) = match error.as_ref() {
                // The instruction goes into a note: the line says where, the note what.
                FrontendError::Unsupported { inst, message } => (
                    format!("unsupported: {message}"),
                    vec![format!("SPIR-V instruction: {inst}")],
                ),
                FrontendError::Invalid {
                    rule,
                    inst,
                    message,
                } => (
                    format!("{message} ({rule})"),
                    vec![format!("SPIR-V instruction: {inst}")],
                ),
                other => (other.to_string(), Vec::new()),
            };
            Some((pos.clone(), message, notes))
        }
        Error::Rtl(rtl_gen::RtlError::At { pos, message }) => Some((
            pos.clone(),
            format!("RTL generation: {message}"),
            Vec::new(),
        )),
        _ => None,
    }
}

/// The rustc-style rendering with the source line; None when the file cannot be read or
/// the position is not in it.
fn snippet(pos: &SourcePos, message: &str, notes: &[String]) -> Option<String> {
    let text = std::fs::read_to_string(&pos.path).ok()?;
    let start = line_start(&text, pos.line)?;
    let line_len = text[start..].find('\n').unwrap_or(text.len() - start);
    // Columns are 1-based bytes (clang's and the translator's); 0 marks the whole line.
    let (from, to) = match pos.col {
        0 => (start, start + line_len),
        c => {
            let at = start + (c as usize - 1).min(line_len);
            (at, (at + 1).min(start + line_len).max(at))
        }
    };
    let file = SimpleFile::new(pos.path.clone(), text);
    let diagnostic = Diagnostic::error()
        .with_message(message)
        .with_labels(vec![Label::primary((), from..to)])
        .with_notes(notes.to_vec());
    let mut out = NoColor::new(Vec::new());
    term::emit(&mut out, &term::Config::default(), &file, &diagnostic).ok()?;
    let s = String::from_utf8(out.into_inner()).ok()?;
    Some(s.trim_end().to_string())
}

/// The byte offset where 1-based line `line` starts.
fn line_start(text: &str, line: u32) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let mut offset = 0;
    for _ in 1..line {
        offset += text[offset..].find('\n')? + 1;
    }
    (offset <= text.len()).then_some(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_shows_its_line_with_a_caret() {
        let d = std::env::temp_dir().join(format!("hls-diag-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let path = d.join("k.cl");
        std::fs::write(&path, "kernel void k() {\n    int x = y;\n}\n").unwrap();
        let pos = SourcePos {
            path: path.display().to_string(),
            line: 2,
            col: 13,
        };
        let s = snippet(&pos, "use of undeclared identifier 'y'", &["a note".into()]).unwrap();
        assert!(
            s.starts_with("error: use of undeclared identifier 'y'"),
            "{s}"
        );
        assert!(s.contains(&format!("{}:2:13", path.display())), "{s}");
        assert!(s.contains("int x = y;"), "{s}");
        // The caret stands under column 13 of the line.
        let source = s.lines().find(|l| l.contains("int x = y;")).unwrap();
        let caret = s.lines().find(|l| l.trim_end().ends_with('^')).unwrap();
        assert_eq!(source.find("y;"), caret.find('^'), "{s}");
        assert!(s.contains("= a note"), "{s}");
        // Past the end of the file: no snippet, the one-line form is used instead.
        let far = SourcePos { line: 40, ..pos };
        assert!(snippet(&far, "m", &[]).is_none());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
