"""MOON told: what an operation did to the registers (``XOR A C — A 0101 → 1100``), each goal
solved, a goal seen with a BUG, why the game ended (the view's ``ended``) and each score.

>>> import moonbase
>>> state = moonbase.load("moon").new(seed=5)
>>> before = state.view(0)
>>> state.apply(0, "INC B")
>>> told(0, "INC B", before, state.view(0), ["seat 0"])
Told(detail='B 1100 → 1101', lines=())
"""

from __future__ import annotations

from collections.abc import Sequence

from moonbase.cli.narration import Told, View
from moonbase.core import Game
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = ["breakdown", "ending", "told"]

_REGISTERS = ("A", "B", "C", "D")
_NO_TARGET = frozenset({"END", "PEEK", "REPAIR", "DRAW"})


def _words(view: View, seat: int) -> dict[str, str]:
    """The registers (and the acting seat's RAM) of ``view``."""
    words = {name: str(view["registers"][name]) for name in _REGISTERS}
    if seat >= 0 and view.get("rams"):
        words["RAM"] = str(view["rams"][seat])
    return words


def _current_goal(view: View) -> str | None:
    for slot in view.get("slots") or ():
        if slot not in (None, "BUG", "hidden"):
            return str(slot)
    return None


def _setup(seat: int, before: View) -> bool:
    """Whether a chance outcome is one of the setup's draws (copied into the registers)."""
    return seat < 0 and before["round"] == 1 and not any(before["slots"])


def _solved(seat: int, before: View, after: View, labels: Sequence[str]) -> list[str]:
    if after["mode"] == "cooperative":
        gained = int(after["solved"]) - int(before["solved"])
        if gained <= 0 or _setup(seat, before):
            return []
        # A goal is solved when A shows it: the face-up one, or (after a draw) A's value.
        goal = _current_goal(before) or str(after["registers"]["A"])
        waiting = _current_goal(after)
        following = _("next goal {goal}").format(goal=waiting) if waiting else _("no goal waiting")
        solved = int(after["solved"])
        so_far = ngettext("{n} goal solved so far", "{n} goals solved so far", solved).format(
            n=solved
        )
        if gained > 1:
            first = ngettext(
                "Goal {goal} solved, and the next {n} goal at once: A shows it!",
                "Goal {goal} solved, and the next {n} goals at once: A shows it!",
                gained - 1,
            ).format(goal=goal, n=gained - 1)
        else:
            first = _("Goal {goal} solved: A shows it!").format(goal=goal)
        return [f"{first} {so_far}; {following}."]
    lines = []
    for seat, goals in enumerate(after["solved_goals"]):
        for goal in goals[len(before["solved_goals"][seat]) :]:
            lines.append(
                ngettext(
                    "{seat} solved a goal: {goal}! ({n} goal solved; a new one is drawn.)",
                    "{seat} solved a goal: {goal}! ({n} goals solved; a new one is drawn.)",
                    len(goals),
                ).format(seat=labels[seat], goal=goal, n=len(goals))
            )
    return lines


def _bugs(before: View, after: View, labels: Sequence[str]) -> list[str]:
    if after["mode"] == "cooperative":
        return []
    return [
        _("{seat} drew a BUG card and keeps it (it may PEEK at a goal).").format(seat=labels[seat])
        for seat, count in enumerate(after["bugs"])
        if count > before["bugs"][seat]
    ]


def told(seat: int, action: str, before: View, after: View, labels: Sequence[str]) -> Told:
    """The registers ``action`` changed (the one it writes on its line, any other — changed by
    cards drawn after it — on a line of its own), goals solved, BUGs drawn, a goal peeked."""
    old, new = _words(before, seat), _words(after, seat)
    changed = [f"{name} {old[name]} → {new[name]}" for name in new if old.get(name) != new[name]]
    words = action.split()
    target = words[1] if len(words) > 1 and seat >= 0 and words[0] not in _NO_TARGET else None
    own = [text for text in changed if text.split()[0] == target]
    others = [text for text in changed if text.split()[0] != target]
    unchanged = _("{register} {bits} (unchanged)")
    details = own or (
        [unchanged.format(register=target, bits=new[target])] if target in new else []
    )
    lines: list[str] = []
    if others:
        lines.append(
            f"{action}: {', '.join(others)}"
            if seat < 0
            else _("The cards drawn then changed {registers}.").format(registers=", ".join(others))
        )
    for key, goal in (after.get("peeked") or {}).items():
        if (before.get("peeked") or {}).get(key) != goal:
            details.append(_("{seat}'s goal is {goal}").format(seat=labels[int(key)], goal=goal))
    lines.extend(_solved(seat, before, after, labels))
    lines.extend(_bugs(before, after, labels))
    return Told(", ".join(details), tuple(lines))


def ending(view: View, labels: Sequence[str]) -> list[str]:
    """Why the game ended, as the view's ``ended`` gives it: the mission won or lost, a draw
    from an empty deck, the last round played.

    >>> ending({"ended": [{"trigger": "goal-overflow", "goal": "0110"}]}, ["seat 0"])
    ['Goal 0110 had to move up past slot 4: the CPU was too slow, the mission is lost.']
    """
    lines = []
    for entry in view.get("ended") or ():
        code = entry["trigger"]
        if code == "all-goals-solved":
            lines.append(_("Every goal is solved and the deck is empty: the mission is won."))
        elif code == "goal-overflow":
            lines.append(
                _(
                    "Goal {goal} had to move up past slot 4: the CPU was too slow, the "
                    "mission is lost."
                ).format(goal=entry["goal"])
            )
        elif code == "deck-empty":
            lines.append(
                _("{seat} had to draw a card and the deck was empty.").format(
                    seat=labels[int(entry["seat"])]
                )
            )
        elif code == "max-rounds":
            rounds = int(entry["rounds"])
            lines.append(
                _("All {n} rounds were played.").format(n=rounds)
                if rounds > 1
                else _("Its one round was played.")
            )
        else:
            lines.append(_("The game ended ({reason}).").format(reason=code))
    return lines


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each seat's score: its goals solved, one point each (cooperative: the crew's, the goals
    setup copied into the registers included, as the view's ``score_parts`` counts them).

    >>> breakdown(None, {"mode": "cooperative", "score_parts": {"setup": 3, "in_play": 13,
    ...                  "total": 16}}, ["seat 0"])
    ['seat 0: 16 goals solved (3 copied into the registers at setup + 13 solved in play) = 16']
    """
    if view["mode"] == "cooperative":
        parts = view["score_parts"]
        total = int(parts["total"])
        setup, in_play = int(parts["setup"]), int(parts["in_play"])
        if setup:
            line = ngettext(
                "{seat}: {n} goal solved ({setup} copied into the registers at setup + "
                "{in_play} solved in play) = {n}",
                "{seat}: {n} goals solved ({setup} copied into the registers at setup + "
                "{in_play} solved in play) = {n}",
                total,
            )
        else:
            line = ngettext(
                "{seat}: {n} goal solved = {n}", "{seat}: {n} goals solved = {n}", total
            )
        return [line.format(seat=labels[0], n=total, setup=setup, in_play=in_play)]
    lines = []
    for seat, goals in enumerate(view["solved_goals"]):
        n = len(goals)
        if goals:
            line = ngettext(
                "{seat}: {n} goal solved ({goals}) = {n}",
                "{seat}: {n} goals solved ({goals}) = {n}",
                n,
            )
        else:
            line = ngettext("{seat}: {n} goal solved = {n}", "{seat}: {n} goals solved = {n}", n)
        lines.append(line.format(seat=labels[seat], n=n, goals=", ".join(goals)))
    return lines
