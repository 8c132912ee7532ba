//! The fuzz targets (fuzz/fuzz_targets/) in ordinary `cargo test`, on stable Rust and under Miri:
//! every input kept in fuzz/regressions/<target>/ (each crash fuzzing ever found, kept forever),
//! then a few thousand pseudo-random inputs so the targets' own checks run without cargo-fuzz.
// Each target is its own crate under cargo-fuzz, so each brings its own copy of the harness.
#![allow(clippy::duplicate_mod)]

#[path = "../fuzz/fuzz_targets/mines_click.rs"]
mod mines_click;
#[path = "../fuzz/fuzz_targets/mines_click_large.rs"]
mod mines_click_large;
#[path = "../fuzz/fuzz_targets/mines_load.rs"]
mod mines_load;
#[path = "../fuzz/fuzz_targets/mines_session.rs"]
mod mines_session;
#[path = "../fuzz/fuzz_targets/mines_solvable.rs"]
mod mines_solvable;
#[path = "../fuzz/fuzz_targets/mines_solver.rs"]
mod mines_solver;
#[path = "../fuzz/fuzz_targets/mines_stats.rs"]
mod mines_stats;
#[path = "../fuzz/fuzz_targets/snakes_analysis.rs"]
mod snakes_analysis;
#[path = "../fuzz/fuzz_targets/snakes_load.rs"]
mod snakes_load;
#[path = "../fuzz/fuzz_targets/snakes_min_rolls.rs"]
mod snakes_min_rolls;
#[path = "../fuzz/fuzz_targets/status.rs"]
mod status;

type Check = fn(&[u8]);

/// Every fuzz target, by file name. A new target adds its `mod` above and a line here (the test
/// below fails until it does).
const TARGETS: &[(&str, Check)] = &[
    ("mines_click", mines_click::check),
    ("mines_click_large", mines_click_large::check),
    ("mines_load", mines_load::check),
    ("mines_session", mines_session::check),
    ("mines_solvable", mines_solvable::check),
    ("mines_solver", mines_solver::check),
    ("mines_stats", mines_stats::check),
    ("snakes_analysis", snakes_analysis::check),
    ("snakes_load", snakes_load::check),
    ("snakes_min_rolls", snakes_min_rolls::check),
    ("status", status::check),
];

fn fuzz_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn names_in(dir: &std::path::Path, ext: Option<&str>) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_else(|_| Vec::new())
        .into_iter()
        .filter(|p: &std::path::PathBuf| ext.is_none_or(|x| p.extension().is_some_and(|e| e == x)))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
        .collect();
    names.sort();
    names
}

#[test]
#[cfg_attr(miri, ignore = "reads the file system")]
fn every_fuzz_target_is_replayed_here() {
    let files = names_in(&fuzz_dir().join("fuzz_targets"), Some("rs"));
    let listed: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(files, listed, "fuzz/fuzz_targets/ and TARGETS differ");
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz/Cargo.toml");
    for name in &files {
        assert!(
            manifest.contains(&format!("path = \"fuzz_targets/{name}.rs\"")),
            "fuzz/Cargo.toml has no [[bin]] for {name}"
        );
    }
}

#[test]
#[cfg_attr(miri, ignore = "reads the file system")]
fn kept_regressions_pass() {
    let dir = fuzz_dir().join("regressions");
    for target in names_in(&dir, None) {
        if !dir.join(&target).is_dir() {
            continue;
        }
        let check = TARGETS
            .iter()
            .find(|(n, _)| *n == target)
            .unwrap_or_else(|| panic!("fuzz/regressions/{target} names no fuzz target"))
            .1;
        for entry in std::fs::read_dir(dir.join(&target)).expect("a folder per target") {
            let path = entry.expect("readable entry").path();
            let bytes = std::fs::read(&path).expect("readable input");
            println!("replaying {}", path.display());
            check(&bytes);
        }
    }
}

#[test]
fn pseudo_random_inputs_pass() {
    // Under Miri a few inputs per target (the targets cap their sizes lower there) keep the run
    // to a minute or so.
    let (runs, max_len) = if cfg!(miri) { (6, 400) } else { (3000, 700) };
    for (name, check) in TARGETS {
        let mut rng = gridgames::rng::SplitMix64::new(0x1234_5678 ^ name.len() as u64);
        for i in 0..runs {
            let len = rng.below(max_len) as usize;
            // Every other input avoids the top byte values, which the targets use for edge cases
            // and invalid cells, so valid boards and the comparison with the LeetCode references get their turn.
            let top = if i % 2 == 0 { 240 } else { 256 };
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(top) as u8).collect();
            let result = std::panic::catch_unwind(|| check(&bytes));
            assert!(result.is_ok(), "{name}: input {i} failed: {bytes:?}");
        }
    }
}
