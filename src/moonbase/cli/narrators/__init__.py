"""One narrator per game, named after the game: what an action did, from the views before and
after it (see :mod:`moonbase.cli.narration` for the three functions each module has)."""
