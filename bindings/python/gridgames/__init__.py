"""gridgames: Snakes and Ladders and Minesweeper logic from libgridgames, through ctypes.

    >>> import gridgames
    >>> gridgames.snakes.min_rolls([[-1, -1], [-1, 3]])
    1
    >>> gridgames.mines.click(["EM", "EE"], 1, 0)
    [['E', 'M'], ['1', 'E']]
    >>> with gridgames.mines.Game.from_board(["EM", "EE"]) as game:
    ...     game.reveal(1, 0)
    ...     game.state.name, game.view()
    ('PLAYING', [['E', 'E'], ['1', 'E']])

Failures raise :class:`gridgames.GridgamesError` subclasses, one a status, importable from here
(``gridgames.InvalidCellError``, ``gridgames.TooComplexError``, ...; :mod:`gridgames.errors`
lists them), whose message is ``gg_status_str`` and the library's detail. The shared library is found as described
in :mod:`gridgames._lib`; ``gridgames.library_path`` says which one was loaded.
"""

from __future__ import annotations

from . import _lib, errors, mines, snakes
from .errors import *  # noqa: F401,F403 - the exception classes belong at the top level

__version__ = ".".join(map(str, _lib.VERSION))
library_path: str = _lib.path
status_str = _lib.status_str
last_error_message = _lib.last_error_message


def library_version() -> str:
    """gg_version(): the loaded library's "MAJOR.MINOR.PATCH"."""
    return _lib.library_version_string


# The exception classes stay importable from here (gridgames.InvalidCellError) but are left out
# of __all__, so that help(gridgames) does not repeat BaseException's methods for each of them:
# help(gridgames.errors) documents them.
__all__ = [
    "GridgamesError",
    "errors",
    "library_path",
    "library_version",
    "last_error_message",
    "mines",
    "snakes",
    "status_str",
]
