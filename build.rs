//! Regenerates `include/gridgames.h` from the ffi module with cbindgen.
//!
//! The header is committed; CI rebuilds and fails when the committed copy differs.
//! It also stamps the ABI into the build: `GG_VERSION_*` macros in the header and, on ELF
//! platforms, the shared library's SONAME (see `abi_series` and README "Versions and ABI").
// A build script runs on the developer's machine, not in a user's process.
#![allow(clippy::disallowed_methods, clippy::disallowed_macros)]

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    // The C test driver compiles with the `cc` crate, which needs the target triple.
    println!(
        "cargo:rustc-env=GG_TARGET={}",
        env::var("TARGET").unwrap_or_default()
    );

    set_soname();

    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let mut config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable and valid");
    config.after_includes = Some(version_macros());
    let bindings = match cbindgen::generate_with_config(&crate_dir, config) {
        Ok(b) => b,
        // A syntax error in src is better reported by rustc itself.
        Err(e) => {
            println!("cargo:warning=gridgames.h not regenerated: {e}");
            return;
        }
    };
    let mut raw = Vec::new();
    bindings.write(&mut raw);
    let text = String::from_utf8(raw).expect("cbindgen writes UTF-8");
    // cbindgen closes extern "C" with `//` comments, which strict C89 compilers reject.
    let text = text
        .replace("// __cplusplus", "/* __cplusplus */")
        .replace("// extern \"C\"", "/* extern \"C\" */");
    let path = crate_dir.join("include/gridgames.h");
    if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        if let Err(e) = fs::write(&path, text) {
            println!("cargo:warning=could not write {}: {e}", path.display());
        }
    }
}

fn version_part(name: &str) -> String {
    env::var(format!("CARGO_PKG_VERSION_{name}")).expect("cargo sets the version parts")
}

/// The header's own version, for the run-time check against `gg_version()`.
fn version_macros() -> String {
    format!(
        "\n/*\n * The version of this header. Compare it with gg_version() at run time: the\n \
         * library must be of the same ABI series and not older (README \"Versions and ABI\").\n \
         */\n#define GG_VERSION_MAJOR {}\n#define GG_VERSION_MINOR {}\n#define GG_VERSION_PATCH {}",
        version_part("MAJOR"),
        version_part("MINOR"),
        version_part("PATCH")
    )
}

/// The ABI series: releases in one series are binary compatible (only additions).
/// From 1.0 it is MAJOR; before, every 0.MINOR is its own series, as in Cargo's semver rules.
fn abi_series() -> String {
    match version_part("MAJOR").as_str() {
        "0" => format!("0.{}", version_part("MINOR")),
        major => major.to_string(),
    }
}

/// Gives the shared library the SONAME `libgridgames.so.SERIES`, so programs record the ABI
/// series they were linked against. Programs linked against the build folder (the C tests, the
/// demo) then look for that name at run time, so a symlink to the fresh library is put there.
fn set_soname() {
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = [
        "linux",
        "android",
        "freebsd",
        "netbsd",
        "openbsd",
        "dragonfly",
        "illumos",
    ];
    if !elf.contains(&os.as_str()) {
        return;
    }
    let soname = format!("libgridgames.so.{}", abi_series());
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    // OUT_DIR is <target>/<profile>/build/<pkg>-<hash>/out; the library lands in <profile>.
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let Some(profile_dir) = out.ancestors().nth(3) else {
        return;
    };
    let link = profile_dir.join(&soname);
    if fs::read_link(&link).is_ok_and(|t| t == Path::new("libgridgames.so")) {
        return;
    }
    let _ = fs::remove_file(&link);
    #[cfg(unix)]
    if let Err(e) = std::os::unix::fs::symlink("libgridgames.so", &link) {
        println!("cargo:warning=could not link {}: {e}", link.display());
    }
}
