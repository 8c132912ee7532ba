"""Builds libgridgames with cargo and bundles it in the package as a plain shared library.

The library is loaded with ctypes, so it depends on no Python ABI: the wheel is tagged
``py3-none-<platform>`` and works with every Python 3 on that platform. The library is bundled
as ``gridgames/libgridgames.so.<ABI series>`` (its SONAME), a plain name that Python does not
take for an extension module.

Where the Rust sources come from, first that exists:
1. ``GRIDGAMES_PREBUILT``: a library built beforehand (``scripts/build-wheel.sh`` builds one
   against glibc 2.17 with cargo-zigbuild, for a manylinux wheel);
2. ``rust/``: the crate copied into an sdist;
3. ``../../``: the repository this folder sits in.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70
    from wheel.bdist_wheel import bdist_wheel

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
# What an sdist needs to build the library: the crate, not its tests or tools.
CRATE = ["Cargo.toml", "Cargo.lock", "build.rs", "cbindgen.toml", "src", "include"]
LICENSES = ["LICENSE-MIT", "LICENSE-APACHE"]


def crate_dir() -> Path:
    if (HERE / "rust" / "Cargo.toml").exists():
        return HERE / "rust"
    if (REPO / "Cargo.toml").exists():
        return REPO
    raise SystemExit("gridgames: no Rust sources (rust/ or ../../Cargo.toml) to build from")


def library_name(crate: Path) -> str:
    """libgridgames.so.<ABI series>: MAJOR from 1.0, else 0.MINOR (README "Versions and ABI")."""
    text = (crate / "Cargo.toml").read_text()
    major, minor = re.search(r'^version\s*=\s*"(\d+)\.(\d+)\.\d+"', text, re.M).groups()
    series = major if major != "0" else f"0.{minor}"
    return f"libgridgames.so.{series}"


def copy_licenses() -> None:
    for name in LICENSES:
        if not (HERE / name).exists() and (REPO / name).exists():
            shutil.copy(REPO / name, HERE / name)


class BuildWithLibrary(build_py):
    """Builds the package, then the library into it."""

    def run(self):
        super().run()
        crate = crate_dir()
        target = Path(self.build_lib) / "gridgames" / library_name(crate)
        prebuilt = os.environ.get("GRIDGAMES_PREBUILT")
        if prebuilt:
            built = Path(prebuilt)
        else:
            target_dir = HERE / "build" / "cargo"
            subprocess.run(
                ["cargo", "build", "--release", "--lib", "--manifest-path",
                 str(crate / "Cargo.toml"), "--target-dir", str(target_dir)],
                check=True,
                env={**os.environ, "CARGO_PROFILE_RELEASE_DEBUG": "0",
                     "CARGO_PROFILE_RELEASE_STRIP": "debuginfo"},
            )
            built = target_dir / "release" / "libgridgames.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(built, target)


class PlatformWheel(bdist_wheel):
    """A platform wheel for any Python 3: the library is loaded with ctypes, not imported."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


class BinaryDistribution(Distribution):
    """A distribution with a platform part: the library goes in platlib, as auditwheel needs."""

    def has_ext_modules(self):
        return True


class SdistWithCrate(sdist):
    """An sdist that builds: the crate's sources go in as rust/ (the licences go in at the top,
    through MANIFEST.in)."""

    def run(self):
        staged = HERE / "rust"
        if REPO.joinpath("Cargo.toml").exists() and not staged.exists():
            staged.mkdir()
            for name in CRATE:
                src = REPO / name
                if src.is_dir():
                    shutil.copytree(src, staged / name)
                else:
                    shutil.copy(src, staged / name)
            # The benches stay in the repository: their [[bench]] tables would name missing files.
            manifest = staged / "Cargo.toml"
            manifest.write_text(
                re.sub(r"\[\[bench\]\]\n(?:[a-z]+ = [^\n]*\n)+\n?", "", manifest.read_text())
            )
            try:
                super().run()
            finally:
                shutil.rmtree(staged)
        else:
            super().run()


copy_licenses()
setup(
    distclass=BinaryDistribution,
    cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel, "sdist": SdistWithCrate},
)
