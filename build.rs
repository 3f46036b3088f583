//! One `#[test]` per filetest, Veryl style: every file under tests/filetests/<kind>/ but
//! the `.expect` files becomes `fn <kind>_<name>()` in $OUT_DIR/filetests.rs, which
//! tests/filetests.rs includes. Adding a test is adding a file.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = Path::new("tests/filetests");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut out = String::new();
    let mut kinds: Vec<_> = std::fs::read_dir(root)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.path())
        .collect();
    kinds.sort();
    for kind in kinds {
        println!("cargo:rerun-if-changed={}", kind.display());
        let kind_name = kind
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let mut files: Vec<_> = std::fs::read_dir(&kind)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|e| e != "expect"))
            .collect();
        files.sort();
        for f in files {
            let stem = f.file_stem().unwrap_or_default().to_string_lossy();
            let ident: String = stem
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            let _ = writeln!(
                out,
                "#[test]\nfn {kind_name}_{ident}() {{\n    run_filetest({kind_name:?}, {:?});\n}}\n",
                f.display().to_string()
            );
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("filetests.rs");
    if let Err(e) = std::fs::write(&dest, out) {
        println!("cargo:warning=cannot write {}: {e}", dest.display());
    }
}
