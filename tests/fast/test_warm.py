"""``python -m moonbase.fast`` compiles every kernel once, for the processes that come later."""

from __future__ import annotations

import subprocess
import sys

from moonbase.fast import KERNELS
from moonbase.fast.compiled import COMPILED


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
