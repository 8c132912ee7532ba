"""The search order for the shared library, each step proven in a fresh interpreter."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gridgames
from gridgames import _lib

PACKAGE = Path(gridgames.__file__).resolve().parent
PROBE = "import gridgames; print(gridgames.library_path)"


def run(cwd: Path, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("GRIDGAMES_LIB", "LD_LIBRARY_PATH")}
    env.update(env_extra, PYTHONPATH=str(cwd))
    return subprocess.run(
        [sys.executable, "-c", PROBE], cwd=cwd, env=env, capture_output=True, text=True
    )


def copy_package(tmp_path: Path) -> Path:
    """The package alone, away from any source tree and without its bundled library, so only the
    chosen step can find a library."""
    shutil.copytree(
        PACKAGE,
        tmp_path / "gridgames",
        ignore=shutil.ignore_patterns("__pycache__", "libgridgames*"),
    )
    return tmp_path


def test_candidates_order(tmp_path):
    pkg = tmp_path / "a" / "b" / "gridgames"
    assert _lib.candidates({"GRIDGAMES_LIB": "/x/lib.so"}, pkg) == ["/x/lib.so"]
    assert _lib.candidates({}, pkg) == [
        str(pkg / _lib.soname()),
        str(pkg / "libgridgames.so"),
        str(tmp_path / "target" / "release" / "libgridgames.so"),
        str(tmp_path / "target" / "debug" / "libgridgames.so"),
        _lib.soname(),
    ]


def test_env_var_wins(tmp_path):
    out = run(copy_package(tmp_path), {"GRIDGAMES_LIB": gridgames.library_path})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == gridgames.library_path


def test_env_var_that_fails_is_an_error(tmp_path):
    missing = str(tmp_path / "nowhere" / "libgridgames.so")
    out = run(copy_package(tmp_path), {"GRIDGAMES_LIB": missing})
    assert out.returncode != 0
    assert "ImportError" in out.stderr and missing in out.stderr


def test_the_wheel_bundles_its_library_in_the_package():
    # Run from a pip install (scripts/test-reach.sh), the library comes from inside the package.
    if not os.environ.get("GRIDGAMES_EXPECT_BUNDLED"):
        pytest.skip("not run from a pip install")
    assert Path(gridgames.library_path).parent == PACKAGE
    assert Path(gridgames.library_path).name == _lib.soname()
    assert (PACKAGE / "py.typed").exists()


def test_the_bundled_library_is_found_under_its_soname(tmp_path):
    root = copy_package(tmp_path)
    bundled = root / "gridgames" / _lib.soname()
    shutil.copy(gridgames.library_path, bundled)
    out = run(root, {})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(bundled)


def test_the_bundled_library_is_not_taken_for_a_module():
    # help(gridgames) lists the package's modules; a library named like an extension module
    # (libgridgames.cpython-311-...so, or even libgridgames.so) would show up as one that
    # cannot be imported.
    import pkgutil

    names = {m.name for m in pkgutil.iter_modules(gridgames.__path__)}
    assert names == {"_lib", "errors", "mines", "snakes"}, names


def test_next_to_the_package(tmp_path):
    root = copy_package(tmp_path)
    shutil.copy(gridgames.library_path, root / "gridgames" / "libgridgames.so")
    out = run(root, {})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(root / "gridgames" / "libgridgames.so")


def test_system_search_uses_the_soname(tmp_path, library_dir):
    assert (library_dir / _lib.soname()).exists(), f"no {_lib.soname()} in {library_dir}"
    out = run(copy_package(tmp_path), {"LD_LIBRARY_PATH": str(library_dir)})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == _lib.soname()


def test_nothing_found_lists_every_place_tried(tmp_path):
    out = run(copy_package(tmp_path), {})
    assert out.returncode != 0
    for place in _lib.candidates({}, tmp_path / "gridgames"):
        assert place in out.stderr
    assert "GRIDGAMES_LIB" in out.stderr


def test_help_reads_in_a_few_screens():
    import pydoc

    text = pydoc.render_doc(gridgames, renderer=pydoc.plaintext)
    # Each exception class repeating BaseException's methods made it about 1,500 lines.
    assert len(text.splitlines()) < 250, len(text.splitlines())
    assert "InvalidCellError" in text  # named in the docstring
