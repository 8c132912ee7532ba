//! Regenerates `include/gridgames.h` from the ffi module with cbindgen.
//!
//! The header is committed; CI rebuilds and fails when the committed copy differs.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    // The C test driver compiles with the `cc` crate, which needs the target triple.
    println!(
        "cargo:rustc-env=GG_TARGET={}",
        env::var("TARGET").unwrap_or_default()
    );

    let crate_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is readable and valid");
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
