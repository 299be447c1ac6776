"""Where the compiled kernels are kept: the folder the docs name, numba imported first or not,
and a folder that cannot be written (compiled in memory, never a failed import)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import moonbase
from moonbase import fast

needs_numba = pytest.mark.skipif(not fast.COMPILED, reason="numba (the fast extra) is absent")


def run(program: str, **environ: str) -> subprocess.CompletedProcess[str]:
    """``program`` run by a fresh interpreter with ``environ`` added to this one's."""
    return subprocess.run(
        [sys.executable, "-c", program],
        env={**os.environ, **environ},
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


@needs_numba
def test_the_cache_folder_is_numba_s_even_where_numba_came_first(tmp_path: Path) -> None:
    # $MOONBASE_NUMBA_CACHE before $NUMBA_CACHE_DIR, as the docs say, and numba's own setting
    # even where numba was imported (and read its settings) before moonbase.fast.
    program = (
        "import json, numba\n"
        "from moonbase import fast\n"
        "from moonbase.fast.compiled import KERNEL_DIR\n"
        "print(json.dumps([str(fast.CACHE_DIR), str(KERNEL_DIR), numba.core.config.CACHE_DIR]))\n"
    )
    ours, theirs = tmp_path / "moonbase", tmp_path / "numba"
    for environ in (
        {"MOONBASE_NUMBA_CACHE": str(ours), "NUMBA_CACHE_DIR": str(theirs)},
        {"MOONBASE_NUMBA_CACHE": str(ours), "NUMBA_CACHE_DIR": ""},
    ):
        done = run(program, **environ)
        assert done.returncode == 0, done.stderr
        root, kernels, numbas = json.loads(done.stdout)
        assert root == str(ours) and Path(kernels).parent == ours and numbas == kernels


@needs_numba
def test_a_cache_folder_that_cannot_be_written_compiles_in_memory(tmp_path: Path) -> None:
    # A folder below a file cannot be made; numba is left no other place (as where the
    # package's folder and the home are read-only), so it refused to compile at all and
    # importing moonbase.fast failed.
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    program = (
        "import json\n"
        "from numba.core import caching\n"
        "caching.CacheImpl._locator_classes = [caching.UserProvidedCacheLocator]\n"
        "from moonbase.core.chance import draw_index\n"
        "from moonbase.fast import compiled\n"
        "found = [compiled.draw(compiled.seed_word(7), n, 6) for n in range(20)]\n"
        "assert found == [draw_index(7, n, 6) for n in range(20)]\n"
        "print(json.dumps([compiled.COMPILED, compiled.CACHED]))\n"
    )
    folder = str(blocked / "numba")
    done = run(program, MOONBASE_NUMBA_CACHE=folder, NUMBA_CACHE_DIR=folder)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [True, False]
    assert [path.name for path in tmp_path.iterdir()] == ["a-file"]


@needs_numba
def test_a_change_to_what_a_kernel_calls_is_compiled_anew(tmp_path: Path) -> None:
    # numba checks only the file of the function it loads: a kernel cached before a change to
    # the draw it calls (another file) went on drawing the old way.
    source = tmp_path / "src"
    shutil.copytree(Path(moonbase.__file__).parent, source / "moonbase",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    program = (
        "import json, moonbase\n"
        "from moonbase import fast\n"
        "state = moonbase.load('moon-leap').new(seed=3)\n"
        "played = fast.playout(state, 5, depth=40)  # a bounded game, however it draws\n"
        "print(json.dumps([played.scores, str(fast.compiled.KERNEL_DIR)]))\n"
    )
    environ = {"PYTHONPATH": str(source), "MOONBASE_NUMBA_CACHE": str(tmp_path / "cache")}

    def played() -> tuple[list[float], str]:
        done = run(program, **environ)
        assert done.returncode == 0, done.stderr
        scores, folder = json.loads(done.stdout)
        return scores, folder

    before, folder = played()
    compiled = source / "moonbase" / "fast" / "compiled.py"
    text = compiled.read_text()
    drawn = "return int(_mix(seed ^ _mix(np.uint64(counter))) % np.uint64(total))"
    assert drawn in text
    shifted = drawn.replace("_mix(seed ^ _mix(np.uint64(counter)))", "(_mix(seed) + np.uint64(1))")
    compiled.write_text(text.replace(drawn, shifted))
    after, changed = played()  # every draw one further on: another game
    assert changed != folder and after != before
