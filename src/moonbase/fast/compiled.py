"""Whether numba is at hand, where its compiled code is cached, and the kernels' shared draw.

:func:`kernel` compiles a function with numba (``njit``, cached on disk) when numba is
installed (the ``fast`` extra) and returns it unchanged otherwise; :data:`COMPILED` tells
which. The cache folder is ``$MOONBASE_NUMBA_CACHE``, else ``$NUMBA_CACHE_DIR``, else
``~/.cache/moonbase/numba``. The kernels go in a folder of it named for the sources they are
built from (:data:`KERNEL_DIR`, :func:`sources_digest`), made numba's own (``NUMBA_CACHE_DIR``)
for the process, even where numba was imported first, so the first process pays the compilation
and later ones load it. numba checks only the file of the function it loads, not the functions
it calls nor the constants it froze: without that folder, a change to :func:`draw` or to a
game's constants would leave the kernels compiled before it in use. Where the folder cannot be
made or written (:data:`CACHED` false), the kernels are compiled in memory, by every process
anew: numba is not left to look for another place (the package's own folder) or to refuse to
compile.

:func:`draw` is :func:`moonbase.core.chance.draw_index` over unsigned 64-bit integers, the one
form a compiled kernel can run (numba wraps uint64 arithmetic modulo 2**64, as the reference
masks it).

>>> from moonbase.core.chance import draw_index
>>> import numpy as np
>>> import warnings
>>> with warnings.catch_warnings():   # numpy scalars warn about the wrap numba does silently
...     warnings.simplefilter("ignore")
...     found = [int(draw(np.uint64(7), n, 6)) for n in range(20)]
>>> found == [draw_index(7, n, 6) for n in range(20)]
True
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar, cast

import numpy as np
import numpy.typing as npt

__all__ = [
    "BUILT_FROM",
    "CACHED",
    "CACHE_DIR",
    "COMPILED",
    "KERNEL_DIR",
    "MASK64",
    "STALE_DAYS",
    "best_seats",
    "draw",
    "kernel",
    "per_game",
    "prune",
    "seed_word",
    "sources_digest",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")

CACHE_DIR: Final = Path(
    os.environ.get("MOONBASE_NUMBA_CACHE")
    or os.environ.get("NUMBA_CACHE_DIR")
    or Path.home() / ".cache" / "moonbase" / "numba"
)
"""Where numba keeps the compiled kernels between processes (one folder per version of their
sources: :data:`KERNEL_DIR`)."""

BUILT_FROM: Final = ("core", "fast", "games", "agents/heuristics", "agents/moon_planner.py")
"""The parts of moonbase a compiled kernel is built from: its own code, the functions it calls,
and the rules' and heuristics' constants it freezes when compiled (paths below the package)."""


_PACKAGE: Final = Path(__file__).resolve().parent.parent
"""moonbase's folder."""


def sources_digest(package: Path = _PACKAGE) -> str:
    """A digest of the sources of :data:`BUILT_FROM` in ``package`` (moonbase's folder): it
    changes with any of them, and with nothing else.

    >>> len(sources_digest()), sources_digest() == sources_digest()
    (16, True)
    """
    digest = hashlib.blake2b(digest_size=8)
    for part in BUILT_FROM:
        found = package / part
        for path in sorted(found.rglob("*.py")) if found.is_dir() else [found]:
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


KERNEL_DIR: Final = CACHE_DIR / f"kernels-{sources_digest()}"
"""numba's cache folder: the kernels compiled from these sources."""

os.environ["NUMBA_CACHE_DIR"] = str(KERNEL_DIR)

_numba: Any
try:
    _numba = importlib.import_module("numba")
except ImportError:  # the fast extra is not installed: the reference path serves
    _numba = None
else:  # numba reads its settings when first imported: perhaps before this module was
    _numba.core.config.reload_config()

COMPILED: Final = _numba is not None
"""Whether the kernels are compiled (numba is installed)."""


def writable(folder: Path) -> bool:
    """Whether ``folder`` can be made and written to, as numba checks a cache folder.

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile() as file:   # a folder below a file cannot be made
    ...     writable(Path(file.name) / "numba")
    False
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


STALE_DAYS: Final = 30
"""Kernel folders of other sources unused for this long are deleted (:func:`prune`); every
process that imports this module marks its own folder used."""


def prune(cache: Path, keep: Path, days: float = STALE_DAYS) -> list[Path]:
    """Delete the kernel folders in ``cache`` but ``keep`` that nothing has written to for
    ``days`` (those of sources since changed: each version of the sources compiles into a
    folder of its own); return them. Anything that cannot be deleted is left.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     old, new = Path(folder, "kernels-old"), Path(folder, "kernels-new")
    ...     for made in (old, new):
    ...         made.mkdir()
    ...     os.utime(old, (0, 0))   # last written in 1970
    ...     [path.name for path in prune(Path(folder), keep=new)], old.exists(), new.exists()
    (['kernels-old'], False, True)
    """
    limit = time.time() - days * 86_400
    deleted = []
    for folder in cache.glob("kernels-*"):
        try:
            if folder != keep and folder.stat().st_mtime < limit:
                shutil.rmtree(folder)
                deleted.append(folder)
        except OSError:
            continue
    return deleted


CACHED: Final = COMPILED and writable(KERNEL_DIR)
"""Whether the compiled kernels are kept in :data:`KERNEL_DIR` (numba installed, the folder
writable); else each process compiles the kernels it uses."""

if CACHED:
    with contextlib.suppress(OSError):  # marked in use: loading the kernels writes nothing
        os.utime(KERNEL_DIR)
    prune(CACHE_DIR, KERNEL_DIR)

MASK64: Final = (1 << 64) - 1

_GOLDEN: Final = np.uint64(0x9E3779B97F4A7C15)
_MUL1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MUL2: Final = np.uint64(0x94D049BB133111EB)
_S30: Final = np.uint64(30)
_S27: Final = np.uint64(27)
_S31: Final = np.uint64(31)


def kernel(function: _F) -> _F:
    """``function`` compiled by numba (cached on disk where :data:`CACHED`) when numba is
    installed, else itself."""
    if _numba is None:
        return function
    return cast(_F, _numba.njit(cache=CACHED, nogil=True)(function))


def per_game(build: Callable[[Any], _T]) -> Callable[[Any], _T]:
    """``build(game)`` made once per game (games with equal options share it); the game asked
    for last is found by identity, without writing out its options again (a search asks for
    the same game at every playout).

    >>> calls = []
    >>> @per_game
    ... def tables(game):
    ...     calls.append(game)
    ...     return len(calls)
    >>> import moonbase
    >>> tables(moonbase.load("moon")), tables(moonbase.load("moon")), tables(moonbase.load("moons"))
    (1, 1, 2)
    """
    built: dict[str, _T] = {}
    last: list[Any] = [None, None]  # the game asked for last, and what it was given

    @functools.wraps(build)
    def tables(game: Any) -> _T:
        if game is last[0]:
            found: _T = last[1]
            return found
        key = repr(game)
        if key not in built:
            built[key] = build(game)
        last[:] = [game, built[key]]
        return built[key]

    return tables


def seed_word(seed: int) -> np.uint64:
    """A seed as the unsigned 64-bit word the draws mix (as ``draw_index`` masks it).

    >>> int(seed_word(-1)) == MASK64, int(seed_word(5))
    (True, 5)
    """
    return np.uint64(seed & MASK64)


@kernel
def _mix(x: np.uint64) -> np.uint64:
    x = x + _GOLDEN
    x = (x ^ (x >> _S30)) * _MUL1
    x = (x ^ (x >> _S27)) * _MUL2
    return x ^ (x >> _S31)


@kernel
def draw(seed: np.uint64, counter: int, total: int) -> int:
    """The number in ``range(total)`` that ``draw_index(seed, counter, total)`` gives."""
    return int(_mix(seed ^ _mix(np.uint64(counter))) % np.uint64(total))


@kernel
def best_seats(scores: npt.NDArray[np.int64]) -> int:
    """The seats with the highest score, as a mask (bit ``s`` for seat ``s``): the winners
    where the highest score wins and a tie shares the win.

    >>> int(best_seats(np.array([4, 9, 9], dtype=np.int64)))
    6
    """
    best = np.max(scores)
    mask = 0
    for seat in range(len(scores)):
        if scores[seat] == best:
            mask |= 1 << seat
    return mask
