"""``python -m moonbase`` and the ``moonbase`` command."""

from __future__ import annotations

import sys

from moonbase.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
