//! The layout rules of `src/`, checked: no import circle between files, every module declaration
//! says what its file holds, and `extern "C"` only in `src/ffi/`.
//!
//! A file depends on another when it names it by a path (`crate::a::b`, `super::b`, or, in a
//! `mod.rs`, one of its own children). Comments and test modules do not count.

#![cfg(not(miri))] // reads the source tree, which Miri's isolation refuses

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The module path of a file under `src/`: `src/mines/board/mod.rs` is `["mines", "board"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The code of a file without comments and without its `#[cfg(test)] mod tests` block.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The runs of `word::word::...` in `code` that start with `first`.
fn paths_from<'a>(code: &'a str, first: &'a str) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    code.match_indices(first).filter_map(move |(i, _)| {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            return None;
        }
        let rest = &code[i..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let parts: Vec<&str> = rest[..end].split("::").filter(|p| !p.is_empty()).collect();
        (parts.len() > 1).then_some(parts)
    })
}

struct Tree {
    files: BTreeMap<Vec<String>, PathBuf>,
}

impl Tree {
    /// The file of the longest prefix of `path` that is a module.
    fn resolve(&self, path: &[String]) -> Option<&PathBuf> {
        (1..=path.len())
            .rev()
            .find_map(|k| self.files.get(&path[..k]))
    }
}

/// Each file's dependencies on other files.
fn dependencies(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files = rust_files(src);
    let tree = Tree {
        files: files
            .iter()
            .map(|f| (module_of(src, f), f.clone()))
            .collect(),
    };
    let mut deps = BTreeMap::new();
    for file in &files {
        let me = module_of(src, file);
        let is_dir = matches!(
            file.file_name().and_then(|n| n.to_str()),
            Some("mod.rs" | "lib.rs")
        );
        let code = code_of(&fs::read_to_string(file).unwrap());
        let mut mine = BTreeSet::new();
        let mut add = |path: Vec<String>| {
            if let Some(target) = tree.resolve(&path) {
                if target != file {
                    mine.insert(target.clone());
                }
            }
        };
        for parts in paths_from(&code, "crate::") {
            add(parts[1..].iter().map(|s| s.to_string()).collect());
        }
        for parts in paths_from(&code, "super::") {
            let ups = parts.iter().take_while(|p| **p == "super").count();
            // A file's `super` is its parent module; so is a `mod.rs`'s.
            let base = me.len().saturating_sub(ups);
            let mut path: Vec<String> = me[..base].to_vec();
            path.extend(parts[ups..].iter().map(|s| s.to_string()));
            add(path);
        }
        if is_dir {
            for line in code.lines() {
                let line = line.trim_start();
                let Some(rest) = line
                    .strip_prefix("use ")
                    .or_else(|| line.strip_prefix("pub use "))
                    .or_else(|| line.strip_prefix("pub(crate) use "))
                else {
                    continue;
                };
                let child: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let mut path = me.clone();
                path.push(child);
                add(path);
            }
        }
        deps.insert(file.clone(), mine);
    }
    deps
}

/// The strongly connected components with more than one file (Tarjan).
fn circles(deps: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct State<'a> {
        deps: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        on_stack: BTreeSet<&'a PathBuf>,
        found: Vec<Vec<PathBuf>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a PathBuf) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for w in &s.deps[v] {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(w);
                component.push(w.clone());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut s = State {
        deps,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in deps.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.found
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let found = circles(&dependencies(&src()));
    assert!(found.is_empty(), "import circles: {found:#?}");
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let dir = std::env::temp_dir().join(format!("gg-layout-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a; // a\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "mod x; // x\nmod y; // y\n").unwrap();
    fs::write(
        dir.join("a/x.rs"),
        "use super::y::Y;\n// crate::a::z is a comment\n",
    )
    .unwrap();
    fs::write(
        dir.join("a/y.rs"),
        "pub struct Y;\nfn f() { crate::a::x::g() }\n",
    )
    .unwrap();
    let found = circles(&dependencies(&dir));
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1);
    let names: Vec<_> = found[0].iter().map(|p| p.file_name().unwrap()).collect();
    assert_eq!(names, ["x.rs", "y.rs"]);
}

#[test]
fn every_module_declaration_says_what_its_file_holds() {
    for file in rust_files(&src()) {
        let text = fs::read_to_string(&file).unwrap();
        for line in text.lines() {
            // Only file modules: declared at the top level, ending in `;`.
            let decl = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            if decl.starts_with("mod ") && decl.contains(';') {
                assert!(
                    line.contains("; //"),
                    "{}: `{line}` needs a comment saying what the file holds",
                    file.display()
                );
            }
        }
    }
}

#[test]
fn extern_c_lives_only_in_ffi() {
    let ffi = src().join("ffi");
    for file in rust_files(&src()) {
        if file.starts_with(&ffi) {
            continue;
        }
        let code = code_of(&fs::read_to_string(&file).unwrap());
        assert!(
            !code.contains("extern \"C\"") && !code.contains("unsafe "),
            "{} has extern \"C\" or unsafe outside src/ffi/",
            file.display()
        );
    }
}
