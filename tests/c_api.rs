//! Compiles every C program in `c_tests/` against `include/gridgames.h` and the built
//! `libgridgames`, runs it, and checks the header itself compiles cleanly as C99 and C++11.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folder holding `libgridgames.so` and `libgridgames.a`.
///
/// `cargo test` builds only the rlib, so the library the C programs link is built here, once per
/// test process, with the same cargo, into its own target folder (no lock shared with the outer
/// build).
fn lib_dir() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let target = root().join("target/c-api");
        let status = Command::new(env!("CARGO"))
            .current_dir(root())
            .args(["build", "--lib", "--quiet", "--target-dir"])
            .arg(&target)
            .status()
            .expect("run cargo build for the C library");
        assert!(status.success(), "cargo build --lib failed");
        let dir = target.join("debug");
        assert!(
            dir.join("libgridgames.so").exists(),
            "no libgridgames.so in {}",
            dir.display()
        );
        dir
    })
    .clone()
}

fn out_dir() -> PathBuf {
    let dir = lib_dir().join("c_tests");
    std::fs::create_dir_all(&dir).expect("create c_tests output dir");
    dir
}

/// The platform C (or C++) compiler as the `cc` crate finds it.
fn compiler(cpp: bool) -> Command {
    let target = env!("GG_TARGET");
    let tool = cc::Build::new()
        .cpp(cpp)
        .cargo_metadata(false)
        .target(target)
        .host(target)
        .opt_level(1)
        .debug(true)
        .try_get_compiler()
        .expect("a C compiler");
    tool.to_command()
}

const STRICT: &[&str] = &["-Wall", "-Wextra", "-pedantic", "-Werror"];

fn run_checked(mut cmd: Command, what: &str) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{text}",
        out.status
    );
    text
}

/// Every `c_tests/test_*.c`, sorted, so new programs are picked up without touching this file.
fn c_programs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("c_tests"))
        .expect("c_tests/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "c")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("test_"))
        })
        .collect();
    v.sort();
    v
}

fn build_c_program(src: &Path) -> PathBuf {
    let lib = lib_dir();
    let exe = out_dir().join(src.file_stem().expect("file name"));
    let mut cmd = compiler(false);
    cmd.arg("-std=c99")
        .args(STRICT)
        .arg("-I")
        .arg(root().join("include"))
        .arg(src)
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(&lib)
        .arg("-lgridgames")
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-pthread");
    run_checked(cmd, &format!("compiling {}", src.display()));
    exe
}

#[test]
fn c_test_programs_pass() {
    let programs = c_programs();
    assert!(programs.len() >= 3, "c_tests/ lost its programs");
    let mut failures = Vec::new();
    for src in &programs {
        let exe = build_c_program(src);
        // cargo test puts target/debug on LD_LIBRARY_PATH, which outranks the program's RUNPATH
        // and may hold a stale libgridgames.so from an earlier `cargo build`.
        let out = Command::new(&exe)
            .env_remove("LD_LIBRARY_PATH")
            .output()
            .expect("run C test");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        print!("{text}");
        if !out.status.success() {
            failures.push(format!("{} ({}):\n{text}", src.display(), out.status));
        }
    }
    assert!(
        failures.is_empty(),
        "C tests failed:\n{}",
        failures.join("\n")
    );
}

#[test]
fn header_is_clean_c99_and_cpp11_included_twice() {
    let probe = root().join("c_tests/header_twice.c");
    for (cpp, std) in [(false, "-std=c99"), (true, "-std=c++11")] {
        let mut cmd = compiler(cpp);
        if cpp {
            cmd.args(["-x", "c++"]);
        }
        cmd.arg(std)
            .args(STRICT)
            .arg("-I")
            .arg(root().join("include"))
            .arg("-c")
            .arg(&probe)
            .arg("-o")
            .arg(out_dir().join(if cpp { "probe_cpp.o" } else { "probe_c.o" }));
        run_checked(cmd, &format!("header as {std}"));
    }
}

#[test]
fn header_exports_only_gg_names() {
    let header = std::fs::read_to_string(root().join("include/gridgames.h")).expect("header");
    let mut bad = Vec::new();
    for line in header.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("#define ") {
            let name = rest.split_whitespace().next().unwrap_or("");
            if !(name.starts_with("GG_") || name == "GRIDGAMES_H") {
                bad.push(name.to_string());
            }
        }
        if line.ends_with(");") && !line.starts_with('*') {
            if let Some(open) = line.find('(') {
                let name = line[..open].rsplit([' ', '*']).next().unwrap_or("");
                if !name.starts_with("gg_") {
                    bad.push(name.to_string());
                }
            }
        }
        if let Some(rest) = line.strip_prefix("typedef ") {
            let name = rest
                .trim_end_matches(';')
                .rsplit(' ')
                .next()
                .unwrap_or("")
                .trim_start_matches('*');
            if !name.starts_with("gg_") && !line.ends_with('{') {
                bad.push(name.to_string());
            }
        }
    }
    assert!(bad.is_empty(), "header exports non-gg names: {bad:?}");
    assert!(header.contains(
        "int32_t gg_snakes_min_rolls(const int32_t *board, size_t n, int32_t *rolls_out);"
    ));
    assert!(header.contains(
        "int32_t gg_mines_click(char *board, size_t rows, size_t cols, size_t row, size_t col);"
    ));
}
