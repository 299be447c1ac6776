"""Hints for people: :func:`hint` says what the strong bot would do in a seat's place, and why.

The suggestion is the choice of the ``search`` agent — by default ``mcts``, the strong bot with
its settings for the game and mode (see :mod:`~moonbase.agents.mcts_defaults`) — worked out on a
resample of the state, so it knows only what the seat knows.

For MOON the hint also explains the suggestion with the planner's exact distances, and the
explanation is built *from* the suggestion, so the two never disagree: the way shown starts
with the suggested operation and goes on by one cheapest way from where it leads. When that is
a cheapest way to the goal it is called so; when the bot prefers a dearer way (one that leaves
the registers better placed for what comes next) the hint says what the cheapest way would
cost instead. ``END`` is explained by the energy left, and a move the planner does not reckon
with (``PEEK``, the RAM) is named as such. A purple or red hacker's free uses left this turn
count, and the operations that will be free are marked.

>>> import moonbase
>>> state = moonbase.load("moon", difficulty="master").new(seed=5, chance="explicit")
>>> state.apply(moonbase.CHANCE, "DRAW 0011")
>>> print(explain_moon(state, 0, "OR B A"))
Goal 0011: cheapest way OR B A, ROL A, OR A B costs 2 energy (you have 1.5: get as close as you can this round). Suggested now: OR B A.
>>> print(explain_moon(state, 0, "INC A"))
Goal 0011: the way INC A, INC A costs 4 energy, the cheapest 2 (you have 1.5: get as close as you can this round). Suggested now: INC A.
"""  # noqa: E501

from __future__ import annotations

import random

from moonbase.agents.heuristics import moon as moon_heuristic
from moonbase.agents.moon_planner import DistanceTables, Edge, Machine, tables, values_of
from moonbase.agents.protocol import make_agent
from moonbase.core import State
from moonbase.games.moon.machine import bits, energy_text
from moonbase.i18n import gettext as _

__all__ = ["STRONG", "explain_moon", "hint", "suggest"]

STRONG = "mcts"
"""The spec of the strong bot: the menu's "strong" choice and the search behind hints."""


def suggest(
    state: State, seat: int, *, seed: int = 0, search: str = STRONG
) -> tuple[str | None, str]:
    """The ``search`` agent's choice for ``seat`` (``None`` when the seat has nothing to
    decide) and the hint that explains it (:func:`hint`'s text), worked out on a resample.

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
    >>> state.apply(moonbase.CHANCE, "ROLL *")
    >>> action, text = suggest(state, 0, search="mcts:iterations=20")
    >>> action in state.legal_actions(0), text == f"Suggested: {action} (mcts:iterations=20)."
    (True, True)
    >>> suggest(state, 1)
    (None, 'Seat 1 has nothing to decide now.')
    """
    if seat not in state.to_act:
        return None, _("Seat {seat} has nothing to decide now.").format(seat=seat)
    observed = state.resample(seat, random.Random(seed))
    agent = make_agent(search, seed)
    suggested = agent.choose(observed.clone(), seat)
    if observed.game.name == "moon":
        return suggested, explain_moon(observed, seat, suggested)
    return suggested, _("Suggested: {action} ({agent}).").format(action=suggested, agent=agent.spec)


def hint(state: State, seat: int, *, seed: int = 0, search: str = STRONG) -> str:
    """A hint for ``seat``: the ``search`` agent's choice, as one line of text (for MOON with
    the planner's account of it, see :func:`explain_moon`).

    >>> import moonbase
    >>> state = moonbase.load("moon-leap").new(seed=2, chance="explicit")
    >>> state.apply(moonbase.CHANCE, "ROLL *")
    >>> hint(state, 0, search="mcts:iterations=20")
    'Suggested: MOVE ... (mcts:iterations=20).'
    >>> hint(state, 1)
    'Seat 1 has nothing to decide now.'
    """
    return suggest(state, seat, seed=seed, search=search)[1]


def explain_moon(observed: State, seat: int, suggested: str) -> str:
    """The MOON hint for ``seat`` that suggests ``suggested`` (a legal action), explained by
    the planner's distances to the goal the seat works for (the face-up goal, or its own in
    competitive play).

    >>> import moonbase
    >>> game = moonbase.load("moon", mode="competitive", hackers="purple,none", bugs=0)
    >>> state = game.new(seed=1, chance="explicit")
    >>> for card in ("1110", "0001"):
    ...     state.apply(moonbase.CHANCE, f"DRAW {card}")
    >>> state.apply(0, "INC B")  # B = 0001; without free MOVs: NOT A, XOR A B (1.5 energy)
    >>> goal, suggested = explain_moon(state, 0, "NOT B").split(" Suggested now: ")
    >>> goal, suggested
    ('Goal 1110: cheapest way NOT B, MOV A B (free) costs 1 energy (you have enough).', 'NOT B.')
    >>> explain_moon(state, 0, "END")
    'Goal 1110: cheapest way NOT B, MOV A B (free) costs 1 energy (you have enough, but the bot would end the turn now). Suggested now: END.'
    """  # noqa: E501
    view = observed.view(seat)
    goal = moon_heuristic.current_goal(view)
    machine = moon_heuristic.machine_for(observed.game, view, seat)
    if view["phase"] == "repair" or goal is None or machine is None:
        return _("No goal to work for now. Suggested: {action}.").format(action=suggested)
    table = tables(machine)
    values = values_of(machine, view["registers"])
    free = moon_heuristic.free_left(observed.game, view, seat)
    distance = table.distance(values, goal, free)
    target = bits(goal, machine.width)
    if distance is None:
        return _(
            "Goal {goal} cannot be reached with the operations and registers that work now. "
            "Suggested: {action}."
        ).format(goal=target, action=suggested)
    energy = round(float(view["energy"]) * 2)
    period = "round" if view["mode"] == "cooperative" else "turn"
    cheapest = table.plan_edges(values, goal, free) or []
    edge = next((e for e in table.edges if e.text(machine.registers) == suggested), None)
    if edge is None:
        if suggested == "END":
            if distance <= energy and period == "round":
                cover = _("you have enough, but the bot would end the round now")
            elif distance <= energy:
                cover = _("you have enough, but the bot would end the turn now")
            elif period == "round":
                cover = _("you have {energy}: not enough this round")
            else:
                cover = _("you have {energy}: not enough this turn")
            cover = cover.format(energy=energy_text(energy))
        else:
            cover = _cover(distance, energy, period)
            suggested = _("{action} (a move the planner's ways leave aside)").format(
                action=suggested
            )
        shown = _way_text(table, machine, cheapest, free)
        return _cheapest().format(
            goal=target, way=shown, cost=energy_text(distance), cover=cover, action=suggested
        )
    after = table.step(values, edge)
    left = free - 1 if free and table.is_free(edge) else free
    rest = table.plan_edges(after, goal, left)
    if rest is None:
        return _(
            "Goal {goal}: cheapest way {way} costs {cost} energy ({cover}); {action} would put "
            "it out of reach. Suggested now: {action}."
        ).format(
            goal=target,
            way=_way_text(table, machine, cheapest, free),
            cost=energy_text(distance),
            cover=_cover(distance, energy, period),
            action=suggested,
        )
    way = [edge, *rest]
    cost = table.cost(way, free)
    shown = _way_text(table, machine, way, free)
    cover = _cover(cost, energy, period)
    if cost == distance:
        return _cheapest().format(
            goal=target, way=shown, cost=energy_text(cost), cover=cover, action=suggested
        )
    return _(
        "Goal {goal}: the way {way} costs {cost} energy, the cheapest {cheapest} ({cover}). "
        "Suggested now: {action}."
    ).format(
        goal=target,
        way=shown,
        cost=energy_text(cost),
        cheapest=energy_text(distance),
        cover=cover,
        action=suggested,
    )


def _cheapest() -> str:
    """The hint for a suggestion on a cheapest way, in the language spoken."""
    return _(
        "Goal {goal}: cheapest way {way} costs {cost} energy ({cover}). Suggested now: {action}."
    )


def _cover(cost: int, energy: int, period: str) -> str:
    """Whether ``energy`` (half-units) pays for a way that costs ``cost``."""
    if cost <= energy:
        return _("you have enough")
    if period == "round":
        return _("you have {energy}: get as close as you can this round").format(
            energy=energy_text(energy)
        )
    return _("you have {energy}: get as close as you can this turn").format(
        energy=energy_text(energy)
    )


def _way_text(table: DistanceTables, machine: Machine, edges: list[Edge], free: int) -> str:
    """``edges`` in MOON notation, the operations a free use pays for marked ``(free)``."""
    shown, left = [], table.layer(free)
    for edge in edges:
        text = edge.text(machine.registers)
        if left and table.is_free(edge):
            left, text = left - 1, _("{action} (free)").format(action=text)
        shown.append(text)
    return ", ".join(shown)
