"""Shared fixtures: where the header is (for checks against the C API) and the library path."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import gridgames

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def header() -> str:
    """The text of gridgames.h: GRIDGAMES_HEADER (the installed one in scripts/test-reach.sh) or
    the repository's include/gridgames.h."""
    return Path(os.environ.get("GRIDGAMES_HEADER") or REPO / "include" / "gridgames.h").read_text()


@pytest.fixture(scope="session")
def header_functions(header: str) -> set[str]:
    return set(re.findall(r"^[^*/#\s][^(]*\b(gg_\w+)\(", header, re.M))


@pytest.fixture(scope="session")
def header_defines(header: str) -> dict[str, int]:
    return {k: int(v) for k, v in re.findall(r"^#define (GG_\w+) (-?\d+)\s*$", header, re.M)}


@pytest.fixture(scope="session")
def library_dir() -> Path:
    """An installed library's folder (with its SONAME link): GRIDGAMES_INSTALLED_LIB_DIR, or the
    folder of the library the package loaded."""
    return Path(os.environ.get("GRIDGAMES_INSTALLED_LIB_DIR") or Path(gridgames.library_path).parent)
