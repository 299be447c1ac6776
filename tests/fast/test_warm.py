"""``python -m moonbase.fast`` compiles every kernel once, for the processes that come later."""

from __future__ import annotations

import subprocess
import sys

import pytest

from moonbase.fast import KERNELS
from moonbase.fast import __main__ as warming
from moonbase.fast.compiled import CACHE_DIR, COMPILED


def test_warming_compiles_every_kernel_and_says_where_it_keeps_them() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "moonbase.fast"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    if not COMPILED:
        assert "numba is not installed" in done.stdout
        return
    for name in KERNELS:
        assert f"{name} playouts: ready in " in done.stdout
    assert "MOON planner loops: ready in " in done.stdout
    assert "safe to delete" in done.stdout


def test_arguments_are_answered_with_the_usage_and_compile_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # It took any arguments (``--help`` too) as a request to compile every kernel.
    monkeypatch.setattr(warming, "warm", lambda: pytest.fail("compiled"))
    assert warming.main(["--jobs", "2"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"{warming.USAGE}\n")
    assert "usage: python -m moonbase.fast" in err
    for asked in (["-h"], ["--help"]):
        assert warming.main(asked) == 0
        assert capsys.readouterr() == (f"{warming.USAGE}\n", "")


@pytest.mark.skipif(not COMPILED, reason="numba (the fast extra) is absent")
def test_a_cache_folder_that_cannot_be_written_is_said_on_standard_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(warming, "warm", lambda: [("moon playouts", 1.25)])
    monkeypatch.setattr(warming, "CACHED", False)
    assert warming.main([]) == 0
    out, err = capsys.readouterr()
    assert out == "moon playouts: ready in 1.2 s\n"
    assert f"{CACHE_DIR} cannot be written: nothing was kept" in err
