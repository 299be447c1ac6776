"""Welcome to the Moon told: once a turn's choices are revealed, each sheet's new score and
System Errors, each mission accomplished (and by whom), ASTRA's score (solo); why the game
ended (the view's ``ended``: the end triggers the game reports) and each final score part by
part (the sheet's ``score_parts``, each with its sign; solo, ``solo_score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moonbase.cli.narration import Told, View, minus, signed_sum
from moonbase.cli.render import counted
from moonbase.core import Game

__all__ = ["breakdown", "ending", "score_text", "told"]


def _errors(sheet: dict[str, Any]) -> str:
    errors = sheet.get("errors")
    if isinstance(errors, dict):
        return ", ".join(f"{key} {value}" for key, value in errors.items())
    return str(errors)


def _mission_lines(before: View, after: View, labels: Sequence[str]) -> list[str]:
    lines = []
    for old, new in zip(before["missions"], after["missions"], strict=True):
        claimed = [who for who in new["claimed_by"] if who not in old["claimed_by"]]
        if not claimed:
            continue
        names = " and ".join("ASTRA" if who == "ASTRA" else labels[int(who)] for who in claimed)
        values = {
            str(after["sheets"][who]["missions"][new["letter"]])
            for who in claimed
            if who != "ASTRA"
        }
        worth = f" ({' / '.join(sorted(values))})" if values else ""
        lines.append(f"Mission {new['card']} accomplished by {names}{worth}: {new['text']}")
    return lines


def told(seat: int, action: str, before: View, after: View, labels: Sequence[str]) -> Told:
    """What the sheets shown to everyone gained when a turn's choices were revealed."""
    lines = []
    for k, (old, new) in enumerate(zip(before["sheets"], after["sheets"], strict=True)):
        if old == new:
            continue
        parts = []
        if old["score"] != new["score"]:
            parts.append(f"score {old['score']} → {new['score']}")
        if old.get("errors") != new.get("errors"):
            parts.append(f"System Errors {_errors(old)} → {_errors(new)}")
        if parts:
            lines.append(f"{labels[k]}'s sheet: {'; '.join(parts)}.")
    lines.extend(_mission_lines(before, after, labels))
    if "astra" in after and before.get("astra", {}).get("score") != after["astra"]["score"]:
        lines.append(f"ASTRA: score {before['astra']['score']} → {after['astra']['score']}.")
    return Told("", tuple(lines))


def _who(seat: int | str, labels: Sequence[str]) -> str:
    return "ASTRA" if seat == "ASTRA" else labels[int(seat)]


def _last_error(entry: dict[str, Any], name: str, labels: Sequence[str]) -> str:
    boxes = int(entry["boxes"])
    if "side" not in entry:
        return f"{name} marked the last of its {boxes} System Error boxes."
    if entry.get("astra"):
        where = "ASTRA's battlefield"
    elif entry["sheet"] == entry["seat"]:
        where = "its own sheet"
    else:
        where = f"{labels[int(entry['sheet'])]}'s sheet"
    every = "both" if boxes == 2 else f"all {boxes}"
    return f"{name} marked {every} System Error boxes of its half on {where}."


def _trigger_text(entry: dict[str, Any], labels: Sequence[str]) -> str:
    """One end trigger (an entry of the view's ``ended``) in words."""
    code = entry["trigger"]
    name = _who(entry["seat"], labels) if "seat" in entry else ""
    if code == "all-missions":
        return f"{name} accomplished all three missions."
    if code == "all-spaces":
        if entry.get("astra"):
            return "Every space of ASTRA's battlefield is filled."
        if "astra" in entry:  # adventure 8: a battlefield its two writers fill together
            return f"Every space of the battlefield on {name}'s sheet is filled."
        return f"{name} filled every number space."
    if code == "last-error":
        return _last_error(entry, name, labels)
    if code == "launch":
        return f"{name} launched the rocket: every launch rocket crossed, no error left."
    if code == "astra-rockets":
        return f"ASTRA crossed the last of her {entry['rockets']} rockets."
    if code == "deck-out":
        left = counted(int(entry["left"]), "starship card")
        return (
            f"Only {left} left, and a turn needs {entry['needed']}: the deck would run out "
            "a second time, so the game ends before that turn."
        )
    return f"An end trigger was met ({code})."


def ending(view: View, labels: Sequence[str]) -> list[str]:
    """The end triggers met at the end of the last turn (the turn is always played to its
    end), as the view's ``ended`` gives them.

    >>> ending({"ended": [{"trigger": "last-error", "seat": 1, "boxes": 3},
    ...                   {"trigger": "deck-out", "left": 1, "needed": 3}]}, ["seat 0", "seat 1"])
    ... # doctest: +NORMALIZE_WHITESPACE
    ['seat 1 marked the last of its 3 System Error boxes.',
     'Only 1 starship card left, and a turn needs 3: the deck would run out a second time,
      so the game ends before that turn.']
    """
    return [_trigger_text(entry, labels) for entry in view.get("ended") or ()]


def score_text(parts: dict[str, int]) -> str:
    """A sheet's score as its parts (``score_parts``: each with its sign) add up: a penalty is
    subtracted, a half's parts (adventure 8, ``side1_…``) are summed in brackets, and the parts
    worth nothing are named after the sum.

    >>> score_text({"launch": 75, "bonus_rockets": 0, "errors": -5, "total": 70})
    'launch 75 − errors 5 = 70; nothing from bonus rockets'
    >>> score_text({"missions": 2, "side1_plants": 4, "side1_errors": -5, "side1_water": 0,
    ...             "total": -1})
    'missions 2 + side 1 (plants 4 − errors 5 = −1; nothing from water) = −1'
    >>> score_text({"missions": 0, "errors": 0, "total": 0})
    '0; nothing from missions, errors'
    """
    groups: dict[str, dict[str, int]] = {"": {}}
    for key, value in parts.items():
        side, _, rest = key.partition("_")
        if side.startswith("side") and side[4:].isdigit() and rest:
            groups.setdefault(side, {})[rest] = value
        elif key != "total":
            groups[""][key] = value
    terms: list[tuple[str, int | None]] = [
        (name.replace("_", " "), value) for name, value in groups[""].items() if value
    ]
    nothing = [name.replace("_", " ") for name, value in groups[""].items() if not value]
    for side, inner in groups.items():
        if side:
            subtotal = sum(inner.values())
            terms.append((f"side {side[4:]} ({score_text({**inner, 'total': subtotal})})", None))
    total = minus(parts.get("total", 0))
    summed = f"{signed_sum(terms)} = {total}" if terms else total
    return f"{summed}; nothing from {', '.join(nothing)}" if nothing else summed


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each sheet's score part by part; solo, ASTRA's score and the game's: the sheet's less
    ASTRA's (the view's ``solo_score``)."""
    lines = [
        f"{labels[k]}: {score_text(sheet['score_parts'])}" for k, sheet in enumerate(view["sheets"])
    ]
    astra, solo = view.get("astra"), view.get("solo_score")
    if astra is not None:
        lines.append(f"ASTRA (level {astra['level']}, {astra['name']}): {astra['score']}")
    if solo is not None:
        terms = [("sheet", solo["sheet"]), ("ASTRA", solo["astra"])]
        lines.append(f"Solo score: {signed_sum(terms)} = {minus(solo['total'])}")
    return lines
