"""Write every golden playthrough again: ``python tests/playthroughs/regenerate.py``.

Run it after a deliberate change to a game's rules, views or notation, and read the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.playthroughs.playthrough import FOLDER, cases, path_of, playthrough


def main() -> None:
    for old in FOLDER.glob("*.txt"):
        old.unlink()
    for name, preset in cases():
        path_of(name, preset).write_text(playthrough(name, preset), encoding="utf-8")
        print(f"wrote {path_of(name, preset).name}")


if __name__ == "__main__":
    main()
