"""Welcome to the Moon told: once a turn's choices are revealed, each sheet's new score and
System Errors, each mission accomplished (and by whom), ASTRA's score (solo); why the game
ended; and each final score part by part (``score_parts`` of the sheet's view).

The end triggers are the rules' (``RULES.md``, End of the game, and the adventures' own): all
three missions, every number space filled, the last System Error box marked (8 boxes in
adventure 1, 3 in adventures 2–7, 2 on a half in adventure 8), the launch of adventure 1, and
solo the deck running out a second time or ASTRA's 81st rocket.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from moonbase.cli.narration import Told, View
from moonbase.core import Game

__all__ = ["PENALTIES", "breakdown", "ending", "score_text", "told"]

PENALTIES: Final = frozenset({"errors", "planning", "dome", "infected"})
"""The score parts subtracted from a sheet's total (the adventures' scoring: "…, less planning
and errors")."""
_LAST_ERROR: Final = {1: 8}
"""System Error boxes on a sheet where they are not 3 (adventure 8: 2 on each half)."""
_LAUNCH_ROCKETS: Final = 31
_ASTRA_ROCKETS: Final = 81


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


def _half_full(half: dict[str, Any]) -> bool:
    return int(half.get("errors", 0)) >= 2


def _sheet_reasons(adventure: int, sheet: dict[str, Any], name: str) -> list[str]:
    reasons = []
    if all(value is not None for value in sheet["missions"].values()):
        reasons.append(f"{name} accomplished all three missions.")
    if all(value is not None for value in sheet["spaces"].values()):
        reasons.append(f"{name} filled every number space.")
    errors = sheet.get("errors")
    if adventure == 8:
        fields = [sheet.get("battlefield") or {}, sheet.get("astra_battlefield") or {}]
        if any(_half_full(field.get(side, {})) for field in fields for side in ("side1", "side2")):
            reasons.append(f"{name} marked both System Error boxes of a half.")
        astra = sheet.get("astra_battlefield")
        if astra and all(value is not None for value in astra["spaces"].values()):
            reasons.append("ASTRA's battlefield is full.")
    elif isinstance(errors, dict):
        if int(errors["circled"]) >= _LAST_ERROR.get(adventure, 3):
            reasons.append(f"{name} marked the last System Error box.")
        if (
            int(sheet.get("rockets", 0)) >= _LAUNCH_ROCKETS
            and errors["circled"] == errors["repaired"]
        ):
            reasons.append(
                f"{name} launched the rocket: every launch rocket crossed, no error left."
            )
    elif int(errors or 0) >= _LAST_ERROR.get(adventure, 3):
        reasons.append(f"{name} marked the last System Error box.")
    return reasons


def ending(view: View, labels: Sequence[str]) -> list[str]:
    """The end triggers that the final sheets show (the turn is always played to its end)."""
    adventure = int(view["adventure"])
    reasons = []
    for k, sheet in enumerate(view["sheets"]):
        reasons.extend(_sheet_reasons(adventure, sheet, labels[k]))
    astra = view.get("astra")
    if astra is not None:
        if int(view.get("pass", 1)) == 2 and int(view.get("deck", 1)) == 0:
            reasons.append("The deck ran out a second time.")
        if adventure == 1 and int(astra.get("rockets", 0)) >= _ASTRA_ROCKETS:
            reasons.append(f"ASTRA crossed her {_ASTRA_ROCKETS}st rocket.")
    return reasons or [
        f"An end trigger of adventure {adventure} was met (type rules to read them)."
    ]


def score_text(parts: dict[str, int]) -> str:
    """A sheet's score, part by part, each penalty subtracted; a side's parts (adventure 8)
    in brackets. Parts whose sum is not the total are listed as they are.

    >>> score_text({"launch": 75, "bonus_rockets": 0, "errors": 5, "total": 70})
    'launch 75 + bonus rockets 0 − errors 5 = 70'
    >>> score_text({"missions": 2, "side1_plants": 4, "side1_errors": 5, "side1_total": -1,
    ...             "total": 1})
    'missions 2 + side 1 (plants 4 − errors 5 = −1) = 1'
    """
    groups: dict[str, dict[str, int]] = {"": {}}
    for key, value in parts.items():
        side, _, rest = key.partition("_")
        if side.startswith("side") and side[4:].isdigit() and rest:
            groups.setdefault(side, {})[rest] = value
        else:
            groups[""][key] = value
    terms: list[tuple[str, int, bool]] = []
    for name, value in groups[""].items():
        if name != "total":
            terms.append((name.replace("_", " "), value, name in PENALTIES))
    for side, inner in groups.items():
        if side:
            terms.append((f"side {side[4:]} ({score_text(inner)})", inner.get("total", 0), False))
    total = parts.get("total", 0)
    signed = sum(-value if penalty else value for _, value, penalty in terms)
    if signed != total:
        listed = ", ".join(f"{name} {value}" for name, value, _ in terms)
        return f"{listed}; total {_minus(total)}"
    text = ""
    for index, (name, value, penalty) in enumerate(terms):
        if index or penalty:
            text += " − " if penalty else " + "
        text += f"{name} {value}" if "(" not in name else name
    return f"{text.strip()} = {_minus(total)}"


def _minus(value: int) -> str:
    return str(value).replace("-", "−")


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each sheet's score part by part; solo, ASTRA's score too."""
    lines = [
        f"{labels[k]}: {score_text(sheet['score_parts'])}" for k, sheet in enumerate(view["sheets"])
    ]
    astra = view.get("astra")
    if astra is not None:
        lines.append(f"ASTRA (level {astra['level']}, {astra['name']}): {astra['score']}")
    return lines
