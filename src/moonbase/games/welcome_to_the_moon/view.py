"""What one seat of Welcome to the Moon may know: :func:`seat_view`, kept apart from the rules.

``sheets`` is the table as everyone sees it: a sheet whose player has acted this turn shows how it
was at the start of the turn until every seat has finished phase 4, when all choices are
revealed. ``sheet`` is the seat's own sheet now, this turn's choices included (adventure 8: the
sheet it writes on this turn, whose index ``writing`` gives when it is not the seat's own). The
backs of the cards showing their numbers never appear.

The keys every client may rely on (``rules/welcome-to-the-moon.md``): ``adventure``, ``turn``,
``combinations`` (solo: ``cards``), ``missions``, ``sheets`` (per seat: ``spaces``, the
adventure's other marks, ``errors``, ``score``) and ``pending``. More: ``seat``, ``players``,
``title``, ``phase``, ``to_act``, ``done``, ``sheet``, ``choice``, ``piles`` (multiplayer),
``deck``, ``pass``, ``discard``, ``astra`` and ``solo_score`` (solo), ``ended``, and per sheet
``missions``, ``score_parts``, ``marks`` and (solo) ``solo_bonus``. Among them:

* ``marks`` — every slot of the sheet as its mark code (:mod:`.sheet`: ``0`` nothing, a number
  ``n`` as ``n + 1``, ``19`` an X, ``20`` an infection; other slots the flags ``1`` circled and
  ``2`` crossed), which with ``game.sheet_layout()`` draws the sheet without the rules;

* ``score_parts`` — a sheet's score part by part, each part with its sign (a penalty such as
  ``errors`` or ``planning`` is negative), and ``total``: the sum of the others, the sheet's
  ``score``. Adventure 8 names the parts of a seat's two halves ``side1_…`` and ``side2_…``.
* ``solo_score`` — solo, the game's score (``state.scores()[0]``) as ``sheet`` (the sheet's
  score) plus ``astra`` (ASTRA's score, negative: it is taken off) and their sum, ``total``.
* ``ended`` — ``[]`` while the game goes on; once it is over, one entry per end trigger met at
  the end of the last turn (:meth:`~.state.WelcomeState.end_triggers`), each
  ``{"trigger": code, ...}``:

  - ``all-missions`` — ``seat`` accomplished all three missions;
  - ``all-spaces`` — every number space of ``seat``'s sheet is filled (adventure 8: its
    battlefield, whoever wrote there; ``astra``: solo, it is ASTRA's battlefield);
  - ``last-error`` — ``seat`` marked the last of its ``boxes`` System Error boxes (8 in
    adventure 1, 3 in adventures 2–7; adventure 8: both boxes of its half ``side`` on sheet
    ``sheet``, ``astra`` as above);
  - ``launch`` — adventure 1: ``seat`` launched its rocket (every launch rocket crossed, no
    error left unrepaired);
  - ``astra-rockets`` — solo adventure 1: ASTRA crossed her last rocket (``rockets``);
  - ``deck-out`` — solo: only ``left`` starship cards remain for the next turn, which
    ``needed`` cards: the deck would run out a second time, so the game ends before it.

>>> from moonbase.games.welcome_to_the_moon.game import WelcomeGame
>>> state = WelcomeGame(players=2, missions="A1,B1,C1").new(seed=3)
>>> view = state.view(0)
>>> view["adventure"], view["turn"], len(view["combinations"]), view["pending"]
(1, 1, 3, [])
>>> sorted(view["sheets"][1])[:4]
['activated', 'bonus_rockets', 'completed', 'errors']
>>> view["sheets"][1]["score_parts"], view["ended"]
({'launch': 0, 'bonus_rockets': 0, 'errors': 0, 'total': 0}, [])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from moonbase.games.welcome_to_the_moon.adventures import Context
from moonbase.games.welcome_to_the_moon.astra import LEVELS, astra_rockets
from moonbase.games.welcome_to_the_moon.cards import ACTIONS, CARD_TYPES, SOLO_CARDS
from moonbase.games.welcome_to_the_moon.missions import LETTERS
from moonbase.games.welcome_to_the_moon.sheet import Sheet

if TYPE_CHECKING:
    from moonbase.games.welcome_to_the_moon.state import WelcomeState

__all__ = ["WelcomeView", "seat_view"]

WelcomeView = TypedDict(
    "WelcomeView",
    {
        "seat": int | None,
        "players": int,
        "adventure": int,
        "title": str,
        "turn": int,
        "phase": str,
        "to_act": list[int],
        "done": list[bool],
        "missions": list[dict[str, Any]],
        "sheets": list[dict[str, Any]],
        "sheet": dict[str, Any] | None,
        "pending": list[str] | None,
        "choice": dict[str, Any] | None,
        "ended": list[dict[str, Any]],
        "writing": NotRequired[int],
        "cards": NotRequired[list[dict[str, Any]]],
        "deck": NotRequired[int],
        "pass": NotRequired[int],
        "discard": NotRequired[int],
        "astra": NotRequired[dict[str, Any]],
        "solo_score": NotRequired[dict[str, int]],
        "combinations": NotRequired[list[dict[str, Any]]],
        "piles": NotRequired[list[dict[str, int]]],
    },
)
"""What :func:`seat_view` returns, the keys the module's docstring lists (``pass`` is a Python
word, hence this spelling)."""


def _card(card: int) -> dict[str, Any]:
    if card < 0:
        return {"number": None, "action": None}
    if card >= len(CARD_TYPES):
        return {"solo": SOLO_CARDS[card - len(CARD_TYPES)]}
    number, action = CARD_TYPES[card]
    return {"number": number, "action": ACTIONS[action]}


def _missions(state: WelcomeState) -> list[dict[str, Any]]:
    result = []
    for index, card in enumerate(state.mission_cards):
        mission = state.adventure.missions.get(card)
        astra = ["ASTRA"] if state.astra_claimed[index] else []
        result.append(
            {
                "letter": LETTERS[index],
                "card": card or None,
                "text": None if mission is None else mission.text,
                "high": None if mission is None else mission.high,
                "low": None if mission is None else mission.low,
                "high_taken": state.high_taken[index],
                "claimed_by": [*state.claimed[index], *astra],
            }
        )
    return result


def _sheet_view(state: WelcomeState, sheet: Sheet, context: Context) -> dict[str, Any]:
    parts = state.adventure.score(sheet, context)
    shown = state.adventure.sheet_view(sheet)
    shown["missions"] = {
        letter: (value if value >= 0 else None)
        for letter, value in zip(LETTERS, sheet.missions, strict=True)
    }
    shown["score"] = parts["total"]
    shown["score_parts"] = parts
    shown["marks"] = list(sheet.marks)
    if state.solo:
        shown["solo_bonus"] = {"circled": sheet.solo_bonus, "used": sheet.solo_used}
    return shown


def seat_view(state: WelcomeState, seat: int | None) -> WelcomeView:
    """What ``seat`` may know now (``None``: a spectator, who sees no choice in progress)."""
    adventure = state.adventure
    public = [state.visible_sheet(owner, None) for owner in range(state.players)]
    sheets = [_sheet_view(state, sheet, state.context(public)) for sheet in public]
    view: WelcomeView = {
        "seat": seat,
        "players": state.players,
        "adventure": adventure.number,
        "title": adventure.title,
        "turn": state.turn,
        "phase": state.phase.value,
        "to_act": list(state.to_act),
        "done": [state.sheets[state.writing(s)].done for s in range(state.players)],
        "missions": _missions(state),
        "sheets": sheets,
        "sheet": None,
        "pending": None,
        "choice": None,
        "ended": state.end_triggers() if state.is_over else [],
    }
    if seat is not None:
        written = state.writing(seat)
        own = state.sheets[written]
        seen = list(public)
        seen[written] = own
        view["sheet"] = _sheet_view(state, own, state.context(seen))
        view["pending"] = [own.action if step == "ACTION" else step for step in own.pending]
        if own.written:
            view["choice"] = {
                "space": adventure.data.name(own.written),
                "action": own.action,
                "modified": own.modified,
            }
        if written != seat:
            view["writing"] = written
    if state.phase.value == "effect" and seat == 0 and state.effect:
        view["pending"] = ["CROSS"]
    if state.solo:
        view["cards"] = [_card(card) for card in state.cards]
        view["deck"] = state.deck_left()
        view["pass"] = state.pass_number
        view["discard"] = len(state.discard)
        view["astra"] = {
            "level": state.level,
            "name": LEVELS[state.level].name,
            "cards": dict(zip(ACTIONS, state.astra_cards, strict=True)),
            "score": state.astra(),
        }
        view["solo_score"] = state.solo_score(sheets[0]["score"])  # nothing is hidden in solo
        if adventure.number == 1:
            view["astra"]["rockets"] = astra_rockets(state.level, state.astra_cards)
    else:
        view["combinations"] = [
            {"number": _card(number)["number"], "action": _card(action)["action"]}
            for number, action in zip(state.number_cards, state.action_cards, strict=True)
        ]
        view["piles"] = [
            {"draw": first + len(pool), "discard": len(discard)}
            for first, pool, discard in zip(
                state.first_left, state.pools, state.discards, strict=True
            )
        ]
    return view
