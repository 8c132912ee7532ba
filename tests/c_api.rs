//! Compiles every C program in `c_tests/` against `include/gridgames.h` and the built
//! `libgridgames`, and runs it in four variants: plain, AddressSanitizer + UndefinedBehaviorSanitizer,
//! Valgrind memcheck and ThreadSanitizer. Also checks the header compiles cleanly as C99 and C++11,
//! and proves the panic boundary with a library built with the test-only `test-panic` feature.
//!
//! A variant whose tool is missing is skipped with a message, except in CI (`CI` set), where it
//! fails: scripts/install-test-tools.sh installs the tools there.
#![cfg(not(miri))] // Miri cannot start compilers or child processes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `cargo build --lib` with `features` into `target`.
///
/// `cargo test` builds only the rlib, so the library the C programs link is built here with the
/// same cargo, into its own target folder (no lock shared with the outer build).
fn cargo_build_library(target: &Path, features: &str) {
    let status = Command::new(env!("CARGO"))
        .current_dir(root())
        .args([
            "build",
            "--lib",
            "--quiet",
            "--features",
            features,
            "--target-dir",
        ])
        .arg(target)
        .status()
        .expect("run cargo build for the C library");
    assert!(
        status.success(),
        "cargo build --lib --features '{features}' failed"
    );
}

/// The folders holding the ordinary `libgridgames.so` and the one built with the test-only
/// `test-panic` feature. Both come from target/c-api, sharing its dependencies: the featured
/// library is built first and copied aside, then the ordinary one replaces it.
fn libraries() -> &'static (PathBuf, PathBuf) {
    static LIBS: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    LIBS.get_or_init(|| {
        let target = root().join("target/c-api");
        let built = target.join("debug/libgridgames.so");
        let panicking = target.join("test-panic");
        std::fs::create_dir_all(&panicking).expect("create target/c-api/test-panic");
        cargo_build_library(&target, "test-panic");
        std::fs::copy(&built, panicking.join("libgridgames.so")).expect("copy the library");
        // Programs record the library's SONAME (libgridgames.so.<series>, a link build.rs makes
        // next to it), so the copy needs the same link or they load nothing.
        for entry in std::fs::read_dir(target.join("debug")).expect("target/c-api/debug") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with("libgridgames.so.") && path.is_symlink() {
                let link = panicking.join(name);
                let _ = std::fs::remove_file(&link);
                #[cfg(unix)]
                std::os::unix::fs::symlink("libgridgames.so", &link).expect("link the SONAME");
            }
        }
        cargo_build_library(&target, "");
        assert!(built.exists(), "no {}", built.display());
        (target.join("debug"), panicking)
    })
}

/// The ordinary library every C program links.
fn lib_dir() -> PathBuf {
    libraries().0.clone()
}

fn out_dir(lib: &Path) -> PathBuf {
    let dir = lib.join("c_tests");
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

/// Runs `cmd`; its combined output, or an error naming `what`, the exit status and the output.
fn run(mut cmd: Command, what: &str) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("{what} failed ({}):\n{text}", out.status))
    }
}

fn run_checked(cmd: Command, what: &str) -> String {
    run(cmd, what).unwrap_or_else(|e| panic!("{e}"))
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

/// How a C test program is built and run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Variant {
    Plain,
    /// `-fsanitize=address,undefined`; any report ends the program with a failure, leaks included.
    AsanUbsan,
    /// The plain build under Valgrind memcheck: sees the Rust library's own memory accesses too.
    Valgrind,
    /// `-fsanitize=thread`, for the threads test above all.
    Tsan,
}

const VALGRIND: &[&str] = &[
    "--error-exitcode=1",
    "--leak-check=full",
    // Rust's one-time allocations (thread info, stdout's buffer) stay reachable at exit and are
    // not leaks; lost blocks are.
    "--show-leak-kinds=definite,indirect,possible",
    "--errors-for-leak-kinds=definite,indirect,possible",
    "--track-fds=no",
    "-q",
];

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Plain => "plain",
            Variant::AsanUbsan => "asan-ubsan",
            Variant::Valgrind => "valgrind",
            Variant::Tsan => "tsan",
        }
    }

    fn cflags(self) -> &'static [&'static str] {
        match self {
            Variant::Plain | Variant::Valgrind => &[],
            Variant::AsanUbsan => &[
                "-fsanitize=address,undefined",
                "-fno-omit-frame-pointer",
                "-fno-sanitize-recover=all",
            ],
            Variant::Tsan => &["-fsanitize=thread"],
        }
    }

    /// The plain build is shared with Valgrind; the sanitizers need their own.
    fn build_name(self) -> &'static str {
        match self {
            Variant::Plain | Variant::Valgrind => "plain",
            v => v.name(),
        }
    }

    /// Why this variant cannot run on this machine, or `None` when it can (probed once).
    fn missing_tool(self) -> Option<String> {
        static PROBES: [OnceLock<Option<String>>; 4] = [const { OnceLock::new() }; 4];
        PROBES[self as usize]
            .get_or_init(|| match self {
                Variant::Plain => None,
                Variant::Valgrind => run(
                    {
                        let mut c = Command::new("valgrind");
                        c.arg("--version");
                        c
                    },
                    "valgrind --version",
                )
                .err()
                .map(|e| format!("valgrind is not installed ({e})")),
                Variant::AsanUbsan | Variant::Tsan => probe_sanitizer(self),
            })
            .clone()
    }

    /// The command that runs `exe` in this variant, with the tool's options.
    fn command(self, exe: &Path) -> Command {
        let mut cmd = match self {
            Variant::Valgrind => {
                let mut c = Command::new("valgrind");
                c.args(VALGRIND).arg(exe);
                c
            }
            _ => Command::new(exe),
        };
        // cargo test points LD_LIBRARY_PATH at its own target folder, whose libgridgames would
        // win over the rpath of the library this program was linked against.
        cmd.env_remove("LD_LIBRARY_PATH")
            .env(
                "ASAN_OPTIONS",
                "detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:\
             check_initialization_order=1:strict_init_order=1",
            )
            .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
            .env("TSAN_OPTIONS", "halt_on_error=1:second_deadlock_stack=1");
        // Valgrind runs the library 20-50 times slower: the programs that are heavy for it
        // (c_tests/test_threads.c) read GG_TEST_QUICK and use fewer rounds and smaller inputs.
        // The other variants always run the full size.
        if self == Variant::Valgrind {
            cmd.env("GG_TEST_QUICK", "1");
        } else {
            cmd.env_remove("GG_TEST_QUICK");
        }
        cmd
    }
}

/// Compiles and runs a one-line program with the variant's flags, to tell whether its runtime is
/// installed and works here.
fn probe_sanitizer(variant: Variant) -> Option<String> {
    let dir = std::env::temp_dir().join(format!(
        "gg-probe-{}-{}",
        variant.name(),
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).ok()?;
    let src = dir.join("probe.c");
    let exe = dir.join("probe");
    std::fs::write(&src, "int main(void) { return 0; }\n").ok()?;
    let mut cmd = compiler(false);
    cmd.args(variant.cflags()).arg(&src).arg("-o").arg(&exe);
    let result = run(cmd, "compiling a probe")
        .and_then(|_| run(variant.command(&exe), "running a probe"))
        .err()
        .map(|e| format!("{} runtime unusable ({e})", variant.name()));
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Compiles `src` for `variant` against the library in `lib`.
fn build_c_program(src: &Path, lib: &Path, variant: Variant) -> Result<PathBuf, String> {
    let stem = src.file_stem().expect("file name").to_string_lossy();
    let exe = out_dir(lib).join(format!("{stem}.{}", variant.build_name()));
    let mut cmd = compiler(false);
    cmd.arg("-std=c99")
        .args(STRICT)
        .args(variant.cflags())
        .arg("-I")
        .arg(root().join("include"))
        .arg(src)
        .arg("-o")
        .arg(&exe)
        .arg("-L")
        .arg(lib)
        .arg("-lgridgames")
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-pthread");
    run(
        cmd,
        &format!("compiling {} ({})", src.display(), variant.name()),
    )?;
    Ok(exe)
}

/// Runs a built C test program in `variant` with `args`; its output, or why it failed.
fn run_c_program(exe: &Path, variant: Variant, args: &[&str]) -> Result<String, String> {
    let mut cmd = variant.command(exe);
    cmd.args(args);
    run(cmd, &format!("{} ({})", exe.display(), variant.name()))
}

/// Builds and runs every C test program in `variant`, reporting all failures together.
fn all_programs_pass(variant: Variant) {
    if let Some(why) = variant.missing_tool() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the {} C tests: {why}",
            variant.name()
        );
        eprintln!("SKIPPED: C tests under {}: {why}", variant.name());
        return;
    }
    let programs = c_programs();
    assert!(programs.len() >= 3, "c_tests/ lost its programs");
    let lib = lib_dir();
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|src| {
            let outcome = build_c_program(src, &lib, variant)
                .and_then(|exe| run_c_program(&exe, variant, &[]));
            match outcome {
                Ok(text) => {
                    print!("[{}] {text}", variant.name());
                    None
                }
                Err(e) => Some(e),
            }
        })
        .collect();
    assert!(
        failures.is_empty(),
        "C tests failed under {}:\n{}",
        variant.name(),
        failures.join("\n")
    );
}

#[test]
fn c_test_programs_pass() {
    all_programs_pass(Variant::Plain);
}

#[test]
fn c_test_programs_pass_under_asan_and_ubsan() {
    all_programs_pass(Variant::AsanUbsan);
}

#[test]
fn c_test_programs_pass_under_valgrind() {
    all_programs_pass(Variant::Valgrind);
}

#[test]
fn c_test_programs_pass_under_tsan() {
    all_programs_pass(Variant::Tsan);
}

/// c_tests/test_panic_boundary.c against a library built with `--features test-panic`: with
/// `GG_TEST_PANIC` set, every exported call panics inside its boundary. The same program also runs
/// among the ordinary tests above, where it checks the trigger is compiled out.
#[test]
fn panic_inside_an_exported_call_reaches_c_as_gg_err_internal() {
    let panicking = libraries().1.clone();
    let src = root().join("c_tests/test_panic_boundary.c");
    let exe = build_c_program(&src, &panicking, Variant::Plain).unwrap_or_else(|e| panic!("{e}"));
    let out =
        run_c_program(&exe, Variant::Plain, &["--expect-panic"]).unwrap_or_else(|e| panic!("{e}"));
    print!("{out}");
    assert!(
        out.contains("forced by GG_TEST_PANIC"),
        "no panic seen:\n{out}"
    );

    let contains = |dir: &Path, needle: &[u8]| {
        let bytes = std::fs::read(dir.join("libgridgames.so")).expect("read the library");
        bytes.windows(needle.len()).any(|w| w == needle)
    };
    assert!(contains(&panicking, b"GG_TEST_PANIC"));
    assert!(
        !contains(&lib_dir(), b"GG_TEST_PANIC"),
        "the ordinary library carries the test-panic trigger"
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
            .arg(out_dir(&lib_dir()).join(if cpp { "probe_cpp.o" } else { "probe_c.o" }));
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
    assert!(
        !header.to_ascii_lowercase().contains("test_panic"),
        "the test-panic feature leaked into the header"
    );
    assert!(header.contains(
        "int32_t gg_snakes_min_rolls(const int32_t *board, size_t n, int32_t *rolls_out);"
    ));
    assert!(header.contains(
        "int32_t gg_mines_click(char *board, size_t rows, size_t cols, size_t row, size_t col);"
    ));
}
