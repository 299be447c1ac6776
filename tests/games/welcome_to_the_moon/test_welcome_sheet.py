"""The sheet model's fast queries agree with their plain definitions."""

from __future__ import annotations

import random

from moonbase.games.welcome_to_the_moon.sheet import INFECTED, X, open_spaces, run_fits, slots_in


def test_run_fits_lists_for_each_number_the_open_spaces_it_fits() -> None:
    rng = random.Random(13)
    codes = [0, 0, 0, X, INFECTED, *range(1, 19)]
    for _ in range(3000):
        first, size = rng.randint(0, 40), rng.randint(1, 10)
        zone = tuple(range(first, first + size))
        marks = bytearray(first + size + 3)
        for slot in zone:
            marks[slot] = rng.choice(codes)
        spaces = open_spaces(marks, zone)
        fits = run_fits(first, bytes(marks[first : first + size]))
        for number in range(18):
            assert slots_in(fits[number]) == [s for s, low, high in spaces if low < number < high]
