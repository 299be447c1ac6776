"""Welcome to the Moon (Alexis Allard and Benoit Turpin, Blue Cocker Games, 2021), 1–6 players.

Rules: ``rules/welcome-to-the-moon.md`` and its folder (``standard.md``, ``adventure1.md`` …,
``astra.md``, ``open_questions.md``), which this package follows; ``docs/welcome-to-the-moon.md``
lists every decision (adventures 3–8: ``docs/welcome-to-the-moon/adventureN.md``). Playable:
adventures 1–8 (The Launch, The Journey, The Colony, The Mine, The Dome, The Virus, The Escape,
The Battle — whose sheets are shared between neighbours), with 2–6 seats choosing at once, or
solo against ASTRA (``players=1``, ``level`` 1–8). Modules:
:mod:`~.cards` (the deck), :mod:`~.sheet` (the sheet model), :mod:`~.missions`,
:mod:`~.adventures` (one module per adventure: its data and the rules only it has),
:mod:`~.astra`, :mod:`~.state` (the turn), :mod:`~.game` (options, presets), :mod:`~.notation`,
:mod:`~.view` and :mod:`~.render`.

Notation: ``WRITE <combination> <space>`` (solo ``WRITE <number card> <action card> <space>
[BONUS]``), ``ERROR``, then one word per sub-step — adventure 1: ``X <space>``, ``ACTIVATE Q<n>``;
solo ``CROSS #<slot>``. Chance: ``MISSION A1``, ``DRAW <pile> <number> <ACTION>``, solo
``DRAW <number> <ACTION>`` / ``DRAW SOLO A``.

**Adventure 2's words.** ``WRITE <combination> <space> [±1|±2] [WILD <ACTION>]`` (the change
needs the Astronaut action; ``WILD`` spends a wild symbol for another action), then for the action
``ROBOT ST<k>``, ``PLANT ST<k>`` (a station in the zone just written), ``WATER`` (the tank of the
space just written), ``ENERGY`` (then ``WALL #<slot>`` when a column completes: the wall between
``Ti`` and ``Ti+1`` is slot ``89 + i``), ``ASTRONAUT`` (automatic after a change), ``X T<k>`` (the
Planning X), or ``SKIP`` to decline the action.

**Decisions** of the rule page: X ignores the ascending order; phase 4 is optional as a whole but
its compulsory sub-steps and every sheet-triggered bonus (adventure 1's X included) are not;
missions are claimed automatically in phase 6, high for everyone in the turn of the first claim;
dense ranking for majorities; a solo bonus discards the card; the solo game ends when a third pass
would be needed and a solo result of 0 is a draw; ties go to fewest System Errors (adventure 1:
unrepaired), then are shared; choices stay hidden until every seat has finished phase 4.

**Decisions made here** (``docs/welcome-to-the-moon.md`` has them all): piles are multisets (the
first pass draws from every unseen card; a pile reshuffles only its own discard); missions are
drawn first; the forced choice counts wild actions; a wild action names another action; changing
the number marks the astronaut symbol at once; a sub-step with no target is lost and never
offered; all mission requirements are checked before rewards are paid; a solo ``BONUS`` is chosen
with the write; the solo game ends at once when the second pass runs dry; ``scores()`` in solo is
the player's score minus ASTRA's; ``resample`` replaces other seats' hidden actions by a random
legal sequence of the same length and outcome.

>>> import moonbase
>>> state = moonbase.load("welcome-to-the-moon", players=3, missions="A1,B2,C1").new(seed=1)
>>> state.to_act, sorted(state.view(0))[:4]
((0, 1, 2), ['adventure', 'choice', 'combinations', 'done'])
"""

from moonbase.games.welcome_to_the_moon.game import WelcomeGame
from moonbase.games.welcome_to_the_moon.state import WelcomeState

__all__ = ["WelcomeGame", "WelcomeState"]
