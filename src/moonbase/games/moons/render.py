"""Moons as text: :func:`render` draws the whole state (every hand shown) for ``str(state)``.

>>> from moonbase.games.moons.game import MoonsGame
>>> text = render(MoonsGame(players=3).new(seed=1))
>>> text.splitlines()[0]
'Moons — round 1 of 3, tableau; dealt by seat 0'
>>> "supply:" in text and "seat 2:" in text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from moonbase.games.moons.cards import CARD_NAMES, MINIS, PLANETS
from moonbase.i18n import N_
from moonbase.i18n import gettext as _

if TYPE_CHECKING:
    from moonbase.games.moons.state import MoonsState

__all__ = ["PHASES", "phase_name", "render"]


def _counts(counts: list[int]) -> str:
    return " ".join(f"{planet[0]}{count}" for planet, count in zip(PLANETS, counts, strict=True))


def _minis(counts: list[int]) -> str:
    names = [f"{mini.name}×{count}" if count > 1 else mini.name
             for mini, count in zip(MINIS, counts, strict=True) if count]  # fmt: skip
    return " ".join(names) or "-"


PHASES: Final = {
    "setup": N_("setup"),
    "deal": N_("deal"),
    "tableau": N_("tableau"),
    "trick": N_("trick"),
    "awards": N_("awards"),
    "over": N_("over"),
}
"""The phases as the view names them, in English."""


def phase_name(phase: str) -> str:
    """A phase the view names, in the language spoken.

    >>> phase_name("trick")
    'trick'
    """
    return _(PHASES[phase]) if phase in PHASES else phase


def _seat(seat: int) -> str:
    return _("seat {seat}").format(seat=seat)


def render(state: MoonsState) -> str:
    """A readable picture of ``state``: round, supply, every seat, the trick and who acts."""
    phase = state.phase.value
    header = _("Moons — round {round} of {rounds}, {phase}; dealt by seat {dealer}").format(
        round=state.round,
        rounds=state.players,
        phase=phase_name(phase),
        dealer=state.dealer,
    )
    if state.first_player is not None:
        header += _(", first player seat {first}, Earth seat {earth}").format(
            first=state.first_player, earth=state.earth
        )
    lines = [header]
    blocked = "-" if state.blocked is None else PLANETS[state.blocked]
    lines.append(
        _(
            "supply: {supply}   blocked: {blocked}   pile: {pile}   "
            "tricks played: {played} of {tricks}"
        ).format(
            supply=_counts(state.supply),
            blocked=blocked,
            pile=sum(state.pile),
            played=state.tricks_played,
            tricks=state.tricks_per_round,
        )
    )
    for seat in range(state.players):
        hand = " ".join(CARD_NAMES[c] for c in state.hands[seat]) or "-"
        tableau = " ".join(CARD_NAMES[c] for c in state.tableaus[seat]) or "-"
        if state.chosen[seat] and not state.revealed:
            tableau = _("{cards} (face down)").format(cards=tableau)
        lines.append(
            _("seat {seat}: tokens {tokens}  tricks {tricks}  score {score}").format(
                seat=seat,
                tokens=_counts(state.tokens[seat]),
                tricks=state.tricks[seat],
                score=state.score(seat).points,
            )
        )
        lines.append(_("  hand {hand}  |  tableau {tableau}").format(hand=hand, tableau=tableau))
        lines.append(
            _("  minis {minis}  |  bonuses {bonuses}").format(
                minis=_minis(state.minis[seat]), bonuses=_minis(state.bonuses[seat])
            )
        )
    if state.trick:
        led = "-" if state.led is None else PLANETS[state.led]
        plays = ", ".join(f"{_seat(seat)} {CARD_NAMES[c]}" for seat, c in state.trick)
        lines.append(_("trick (led {led}): {plays}").format(led=led, plays=plays))
    if state.last_trick is not None:
        cards, winner, lowest = state.last_trick
        plays = ", ".join(f"{_seat(seat)} {CARD_NAMES[c]}" for seat, c in cards)
        lines.append(
            _("last trick: {plays}; winner {winner}, lowest off-suit {lowest}").format(
                plays=plays, winner=winner, lowest=lowest
            )
        )
    actors = state.to_act
    if not actors:
        scores = ", ".join(f"{_seat(s)} {state.score(s).points}" for s in range(state.players))
        lines.append(
            _("game over — scores: {scores}; winners: {winners}").format(
                scores=scores, winners=state.winners()
            )
        )
    elif state.is_chance:
        lines.append(_("to act: chance"))
    else:
        lines.append(_("to act: {seats}").format(seats=", ".join(_seat(seat) for seat in actors)))
    return "\n".join(lines)
