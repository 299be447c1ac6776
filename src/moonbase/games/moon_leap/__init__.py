"""Moon Leap: a dice race for 2 to 4 players up a track of valued spaces.

Rules: ``rules/moon-leap.md`` of the shared design folder (it restates the rulebook, fills its
gaps and fixes the notation); this package follows it exactly.

README
------
**The board is a reconstruction.** The printed values of the spaces and the barrier positions
of the real board are not published. The default board (option ``board=standard``) is a 37-space
track consistent with every known fact about the printed one; it lives in one data table,
:data:`moonbase.games.moon_leap.track.STANDARD_VALUES` (with ``STANDARD_BARRIERS``), documented
in :mod:`moonbase.games.moon_leap.track`. To play on the real values of your own copy, write them
to a JSON file and pass its path::

    {"values": [-3, -3, -3, ..., 20, 25, 30], "barriers": {"2": 10, "3": 13, "4": 16}}

``values`` lists every space from the start space on (at least four spaces, whole numbers);
``barriers`` gives, for each player count 2, 3 and 4, the space after which its line stands.
A damaged file is refused with :class:`moonbase.InvalidOption` saying what is wrong. Boards
shipped with moonbase (the ``boards`` folder of this package, e.g. ``short.json``) are named by
their bare file name; the preset ``custom-board`` plays on ``short.json`` with 3 players.

**Decisions** the rule page makes where the rulebook is silent, as implemented here: seat 0
starts; a token placed on a space beyond the barrier line also crosses it; a player must move if
any move is legal (``PASS`` only when none is); the barrier line does not interrupt a run of
three; the end (the last three spaces all occupied) is checked after every placement, also
between the halves of a split, whose second half is then not played. A split is legal when the
first token can move and, after it has moved, so can the second (whether or not the first half
ends the game).

Notation: ``ROLL 1`` … ``ROLL 5``, ``ROLL *`` (the die), ``MOVE 3``, ``MOVE 1+4`` (token 1
first), ``PASS``.

>>> import moonbase
>>> state = moonbase.load("moon-leap", players=3).new(seed=5, chance="explicit")
>>> state.to_act == (moonbase.CHANCE,)
True
>>> state.apply(moonbase.CHANCE, "roll *")
>>> state.legal_actions(0)
['MOVE 1', 'MOVE 2', 'MOVE 3', 'MOVE 4', 'MOVE 5']
>>> state.apply(0, "move 5")
>>> state.view(None)["track"][0]
{'space': 1, 'value': -3, 'token': {'seat': 0, 'number': 5}}
"""

from moonbase.games.moon_leap.game import MoonLeapGame
from moonbase.games.moon_leap.state import MoonLeapState

__all__ = ["MoonLeapGame", "MoonLeapState"]
