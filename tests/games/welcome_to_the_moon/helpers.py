"""Scripting Welcome to the Moon games: explicit chance, named cards, prepared sheets."""

from __future__ import annotations

from typing import Any

from moonbase import CHANCE
from moonbase.games.welcome_to_the_moon import WelcomeGame, WelcomeState
from moonbase.games.welcome_to_the_moon.notation import Choice, parse_choice
from moonbase.games.welcome_to_the_moon.positions import position
from moonbase.games.welcome_to_the_moon.sheet import Sheet


def new(players: int = 2, missions: str | None = "A1,B1,C1", **options: Any) -> WelcomeState:
    """A game in explicit chance mode with the missions fixed (``None``: drawn), so tests
    choose every card."""
    if missions is not None:
        options["missions"] = missions
    state = WelcomeGame(players=players, **options).new(0, chance="explicit")
    assert isinstance(state, WelcomeState)
    return state


def draw(state: WelcomeState, *outcomes: str) -> None:
    """Apply chance outcomes in order (each must be legal now)."""
    for outcome in outcomes:
        assert state.to_act == (CHANCE,), f"no draw is due; to act: {state.to_act}"
        state.apply(CHANCE, outcome)


def start(
    state: WelcomeState,
    actions: tuple[str, str, str] = ("5 ROBOT", "5 ENERGY", "5 PLANT"),
    numbers: tuple[str, str, str] = ("6 ROBOT", "7 ROBOT", "8 ROBOT"),
) -> None:
    """Setup: the cards flipped on piles 1–3 (their actions are this turn's), then the cards
    showing their numbers."""
    draw(state, *(f"DRAW {pile} {card}" for pile, card in enumerate(actions, start=1)))
    draw(state, *(f"DRAW {pile} {card}" for pile, card in enumerate(numbers, start=1)))


def turn(state: WelcomeState, *numbers: str) -> None:
    """A later turn: the new number cards of piles 1–3."""
    draw(state, *(f"DRAW {pile} {card}" for pile, card in enumerate(numbers, start=1)))


def solo_turns(state: WelcomeState, turns: int, astra: str | None = None) -> None:
    """Play ``turns`` quiet turns of a solo game through the rules: no effect card is drawn, the
    player writes where the number keeps the sheet open and declines what it may. With
    ``astra`` (an action, say ``"PLANT"``), the third card drawn each turn is of that action and
    the player writes with the other two, so ASTRA gets it."""
    for _ in range(turns):
        outcomes = [name for name, _ in state.chance_outcomes() if "SOLO" not in name]
        # from the high numbers down, keeping the low ones for what the test draws next
        others = [name for name in outcomes if astra is None or not name.endswith(astra)][::-1]
        third = others[2] if astra is None else next(n for n in outcomes if n.endswith(astra))
        draw(state, others[0], others[1], third)
        writes = [
            action
            for action in state.legal_actions(0)
            if action.startswith(("WRITE 1 2 ", "WRITE 2 1 ")) and not action.endswith("BONUS")
        ]
        play(state, 0, min(writes, key=lambda a: (_spread(state, a), a)))
        while 0 in state.to_act:
            legal = state.legal_actions(0)
            play(state, 0, next((a for a in ("SKIP", "PASS") if a in legal), legal[0]))


def play(state: WelcomeState, seat: int, *actions: str) -> None:
    """Apply ``actions`` for ``seat`` in order."""
    for action in actions:
        state.apply(seat, action)


def fill(state: WelcomeState, seat: int, **spaces: int | str) -> None:
    """Prepare a sheet: write numbers (or ``"X"``) in spaces, without any bonus (a constructed
    position, :mod:`~moonbase.games.welcome_to_the_moon.positions`). Aliases with a dot are
    written with ``_`` (``AST1_1=3``)."""
    aliases = [alias.replace("_", ".") for alias in spaces]
    position(state, seat).fill(aliases, spaces.values())


def sheet(state: WelcomeState, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """``seat``'s sheet as ``viewer`` sees it (by default its own sheet now)."""
    if viewer is None or viewer == seat:
        own: dict[str, Any] = state.view(seat)["sheet"]
        return own
    sheets: list[dict[str, Any]] = state.view(viewer)["sheets"]
    return sheets[seat]


def _spread(state: WelcomeState, action: str) -> float:
    """How far a write puts its number from where its value would sit in an even spread."""
    words = action.split(" ")
    if state.solo:  # a solo label names two cards: ``WRITE 1 2 B1``
        words[1:3] = [f"{words[1]} {words[2]}"]
    number = next(c.number for c in state.offer if c.label == words[1])
    number += int(words[3]) if len(words) > 3 and words[3][0] in "+-" else 0
    space = words[2]
    if "." in space:
        floor, index = space.split(".")
        size = sum(1 for alias in state.adventure.data.aliases if alias.startswith(floor + "."))
        place = (int(index) - 0.5) / size
    else:
        place = (int(space[1:]) - 0.5) / 36
    return abs(place - number / 16)


def _written(state: WelcomeState, seat: int, action: str) -> Sheet:
    """A copy of ``seat``'s sheet once it has played the write ``action`` (the game untouched)."""
    copy = state.sheets[seat].copy()
    choice = parse_choice(action.split(" "), state.solo, state.adventure.data)
    assert isinstance(choice, Choice), choice
    combo = next(combo for combo in state.offer if combo.label == choice.label)
    state.adventure.write(copy, combo, choice.slot, choice.modified, choice.wild)
    state.adventure.settle(copy)
    return copy


def idle(state: WelcomeState, seat: int) -> list[str]:
    """Play a quiet turn for ``seat``: a write that completes nothing (declining any action),
    placed where its number keeps the sheet open. Returns the actions played."""
    adventure = state.adventure
    before = adventure.sheet_view(state.sheets[seat])
    writes = [action for action in state.legal_actions(seat) if action.startswith("WRITE")]
    for action in sorted(writes, key=lambda a: (_spread(state, a), a)):
        copy = _written(state, seat, action)
        actions = [action]
        if not copy.done and "SKIP" in adventure.steps(copy):
            adventure.step(copy, "SKIP")
            adventure.settle(copy)
            actions.append("SKIP")
        after = adventure.sheet_view(copy)
        quiet = all(after[key] == before[key] for key in after if key != "spaces")
        if copy.done and quiet:
            play(state, seat, *actions)
            return actions
    raise AssertionError(f"seat {seat} has no quiet write: {writes}")
