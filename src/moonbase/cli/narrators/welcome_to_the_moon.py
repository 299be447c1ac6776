"""Welcome to the Moon told: once a turn's choices are revealed, each sheet's new score and
System Errors, each mission accomplished (and by whom), ASTRA's score (solo); why the game
ended (the view's ``ended``: the end triggers the game reports) and each final score part by
part (the sheet's ``score_parts``, each with its sign; solo, ``solo_score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from moonbase.cli.narration import Told, View, minus, signed_sum
from moonbase.cli.render import and_list
from moonbase.core import Game
from moonbase.games.welcome_to_the_moon.render import half_of, part_name
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

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
        names = and_list(["ASTRA" if who == "ASTRA" else labels[int(who)] for who in claimed])
        values = {
            str(after["sheets"][who]["missions"][new["letter"]])
            for who in claimed
            if who != "ASTRA"
        }
        if values:
            line = _("Mission {card} accomplished by {seats} ({points}): {text}")
        else:
            line = _("Mission {card} accomplished by {seats}: {text}")
        lines.append(
            line.format(
                card=new["card"],
                seats=names,
                points=" / ".join(sorted(values)),
                text=_(new["text"]),
            )
        )
    return lines


def told(seat: int, action: str, before: View, after: View, labels: Sequence[str]) -> Told:
    """What the sheets shown to everyone gained when a turn's choices were revealed."""
    lines = []
    for k, (old, new) in enumerate(zip(before["sheets"], after["sheets"], strict=True)):
        if old == new:
            continue
        parts = []
        if old["score"] != new["score"]:
            parts.append(
                _("score {before} → {after}").format(before=old["score"], after=new["score"])
            )
        if old.get("errors") != new.get("errors"):
            parts.append(
                _("System Errors {before} → {after}").format(
                    before=_errors(old), after=_errors(new)
                )
            )
        if parts:
            lines.append(
                _("{seat}'s sheet: {changes}.").format(seat=labels[k], changes="; ".join(parts))
            )
    lines.extend(_mission_lines(before, after, labels))
    if "astra" in after and before.get("astra", {}).get("score") != after["astra"]["score"]:
        lines.append(
            _("ASTRA: score {before} → {after}.").format(
                before=before["astra"]["score"], after=after["astra"]["score"]
            )
        )
    return Told("", tuple(lines))


def _who(seat: int | str, labels: Sequence[str]) -> str:
    return "ASTRA" if seat == "ASTRA" else labels[int(seat)]


def _last_error(entry: dict[str, Any], name: str, labels: Sequence[str]) -> str:
    boxes = int(entry["boxes"])
    if "side" not in entry:
        return _("{seat} marked the last of its {n} System Error boxes.").format(seat=name, n=boxes)
    if entry.get("astra"):
        where = _("ASTRA's battlefield")
    elif entry["sheet"] == entry["seat"]:
        where = _("its own sheet")
    else:
        where = _("{seat}'s sheet").format(seat=labels[int(entry["sheet"])])
    if boxes == 2:
        line = _("{seat} marked both System Error boxes of its half on {where}.")
    else:
        line = ngettext(
            "{seat} marked its {n} System Error box of its half on {where}.",
            "{seat} marked all {n} System Error boxes of its half on {where}.",
            boxes,
        )
    return line.format(seat=name, n=boxes, where=where)


def _trigger_text(entry: dict[str, Any], labels: Sequence[str]) -> str:
    """One end trigger (an entry of the view's ``ended``) in words."""
    code = entry["trigger"]
    name = _who(entry["seat"], labels) if "seat" in entry else ""
    if code == "all-missions":
        return _("{seat} accomplished all three missions.").format(seat=name)
    if code == "all-spaces":
        if entry.get("astra"):
            return _("Every space of ASTRA's battlefield is filled.")
        if "astra" in entry:  # adventure 8: a battlefield its two writers fill together
            return _("Every space of the battlefield on {seat}'s sheet is filled.").format(
                seat=name
            )
        return _("{seat} filled every number space.").format(seat=name)
    if code == "last-error":
        return _last_error(entry, name, labels)
    if code == "launch":
        return _("{seat} launched the rocket: every launch rocket crossed, no error left.").format(
            seat=name
        )
    if code == "astra-rockets":
        return _("ASTRA crossed the last of her {n} rockets.").format(n=entry["rockets"])
    if code == "deck-out":
        left = int(entry["left"])
        return ngettext(
            "Only {n} starship card left, and a turn needs {needed}: the deck would run out "
            "a second time, so the game ends before that turn.",
            "Only {n} starship cards left, and a turn needs {needed}: the deck would run out "
            "a second time, so the game ends before that turn.",
            left,
        ).format(n=left, needed=entry["needed"])
    return _("An end trigger was met ({reason}).").format(reason=code)


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
        side, part = half_of(key)
        if side:
            groups.setdefault(side, {})[part] = value
        elif key != "total":
            groups[""][key] = value
    terms: list[tuple[str, int | None]] = [
        (part_name(name), value) for name, value in groups[""].items() if value
    ]
    nothing = [part_name(name) for name, value in groups[""].items() if not value]
    for side, inner in groups.items():
        if side:
            subtotal = sum(inner.values())
            inside = score_text({**inner, "total": subtotal})
            terms.append((_("side {n} ({score})").format(n=side, score=inside), None))
    total = minus(parts.get("total", 0))
    summed = f"{signed_sum(terms)} = {total}" if terms else total
    if not nothing:
        return summed
    return _("{score}; nothing from {parts}").format(score=summed, parts=", ".join(nothing))


def breakdown(game: Game, view: View, labels: Sequence[str]) -> list[str]:
    """Each sheet's score part by part; solo, ASTRA's score and the game's: the sheet's less
    ASTRA's (the view's ``solo_score``)."""
    lines = [
        f"{labels[k]}: {score_text(sheet['score_parts'])}" for k, sheet in enumerate(view["sheets"])
    ]
    astra, solo = view.get("astra"), view.get("solo_score")
    if astra is not None:
        lines.append(
            _("ASTRA (level {level}, {name}): {score}").format(
                level=astra["level"], name=astra["name"], score=astra["score"]
            )
        )
    if solo is not None:
        terms = [(_("sheet"), solo["sheet"]), ("ASTRA", solo["astra"])]
        lines.append(
            _("Solo score: {score}").format(score=f"{signed_sum(terms)} = {minus(solo['total'])}")
        )
    return lines
