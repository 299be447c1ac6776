"""Moons told: who takes the first-player marker, each trick and the tokens it gives by itself,
the round awards, a summary at the end of each round, why the game ended (the view's ``ended``)
and how each score is made of sets, triples, singles and bonus cards (its ``score_parts``).

A token a seat chose (``TAKE``, ``MINI GRAB``) is told by its action; every other token gained
is an automatic award, told with the reason the views show: the trick's winner, the lowest
off-suit card, the most tricks or no trick in the round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from moonbase.cli.narration import Told, signed_sum
from moonbase.cli.render import and_list, planet_name
from moonbase.core import Game
from moonbase.games.moons.view import LastTrick, MoonsView, ScorePart
from moonbase.i18n import N_, ngettext
from moonbase.i18n import gettext as _

__all__ = ["breakdown", "ending", "tokens_text", "told"]


def tokens_text(tokens: dict[str, int]) -> str:
    """A seat's tokens, one letter per planet: ``S2 J0 N1 U3``.

    >>> tokens_text({"SATURN": 2, "JUPITER": 0, "NEPTUNE": 1, "URANUS": 3})
    'S2 J0 N1 U3'
    """
    return " ".join(f"{planet[0]}{count}" for planet, count in tokens.items())


def _gained(before: MoonsView, after: MoonsView, seat: int, action: str) -> list[dict[str, int]]:
    """Tokens each seat gained that nobody chose: the automatic awards."""
    gained = [
        {planet: after["tokens"][k][planet] - count for planet, count in tokens.items()}
        for k, tokens in enumerate(before["tokens"])
    ]
    words = action.split()
    if seat >= 0 and words[0] == "TAKE":
        gained[seat][words[1]] -= 1
    elif seat >= 0 and words[:2] == ["MINI", "GRAB"]:
        gained[seat][words[2]] -= 1
    elif seat >= 0 and words[:2] == ["MINI", "TOKEN-SWAP"]:
        for k in (seat, int(words[2])):
            gained[k] = {}
    return gained


def _round_over(before: MoonsView, after: MoonsView) -> bool:
    return bool(after["round"] != before["round"]) or (
        after["phase"] == "over" and before["phase"] != "over"
    )


def _trick_line(trick: LastTrick, labels: Sequence[str]) -> str:
    """A finished trick: the cards, the winner, and who played the lowest off-suit card."""
    plays = trick["trick"]
    cards = ", ".join(f"{labels[play['seat']]} {play['card']}" for play in plays)
    moons = [play["card"] for play in plays if play["card"] != "AST"]
    off_suit = [card for card in moons if card[0] != moons[0][0]] if moons else []
    winner, lowest = trick["winner"], trick["lowest"]
    if winner is None:
        line = _("Trick: {cards} — no winner").format(cards=cards)
    else:
        line = _("Trick: {cards} — won by {seat}").format(cards=cards, seat=labels[winner])
    if lowest is not None:
        line += _("; lowest off-suit card: {seat}").format(seat=labels[lowest])
    elif off_suit:
        line += _("; the lowest off-suit cards tie: no token for them")
    return line + "."


def tokens_counted(planet: str, count: int) -> str:
    """``count`` tokens of ``planet``, in words: ``2 Saturn tokens``."""
    if planet == "SATURN":
        form = ngettext("{n} Saturn token", "{n} Saturn tokens", count)
    elif planet == "JUPITER":
        form = ngettext("{n} Jupiter token", "{n} Jupiter tokens", count)
    elif planet == "NEPTUNE":
        form = ngettext("{n} Neptune token", "{n} Neptune tokens", count)
    elif planet == "URANUS":
        form = ngettext("{n} Uranus token", "{n} Uranus tokens", count)
    else:
        form = ngettext("{n} {planet} token", "{n} {planet} tokens", count)
    return form.format(n=count, planet=planet_name(planet))


def _tricks_of_round(before: MoonsView, after: MoonsView, trick_done: bool) -> list[int]:
    if after["round"] == before["round"]:
        return list(after["tricks"])
    tricks = list(before["tricks"])
    last = after["last_trick"]
    winner = None if last is None else last["winner"]
    if trick_done and winner is not None:
        tricks[winner] += 1
    return tricks


def told(
    seat: int, action: str, before: MoonsView, after: MoonsView, labels: Sequence[str]
) -> Told:
    """The first player, a finished trick, the automatic token awards, the Mini-Asteroid an
    Asteroid drew, and the summary of a round that ended."""
    lines: list[str] = []
    detail = ""
    found = after["first_player"]
    if before["first_player"] is None and found is not None:
        first = labels[found]
        lines.append(
            _(
                "{seat} has the highest tableau card: it takes the first-player marker and the "
                "Earth token, and leads."
            ).format(seat=first)
        )
    last = after["last_trick"]
    trick_done = last is not None and last != before["last_trick"]
    if last is not None and trick_done:
        lines.append(_trick_line(last, labels))
    if (
        action == "PLAY AST"
        and seat >= 0
        and after["mini_counts"][seat] > before["mini_counts"][seat]
    ):
        drawn = list(Counter(after.get("minis") or []) - Counter(before.get("minis") or []))
        detail = (
            _("draws a Mini-Asteroid: {card}").format(card=drawn[0])
            if after.get("seat") == seat and drawn
            else _("draws a Mini-Asteroid")
        )
    round_over = _round_over(before, after)
    tricks = _tricks_of_round(before, after, trick_done)
    awards_of_trick = trick_done or (before.get("taker") is not None and before["phase"] == "trick")
    awards_of_round = round_over or before["phase"] == "awards"
    for k, gains in enumerate(_gained(before, after, seat, action)):
        won = {planet: count for planet, count in gains.items() if count > 0}
        if not won:
            continue
        reasons = []
        if awards_of_trick and last is not None and last["winner"] == k:
            reasons.append(_("winning the trick"))
        if awards_of_trick and last is not None and last["lowest"] == k:
            reasons.append(_("the lowest off-suit card"))
        if awards_of_round and tricks[k] == max(tricks):
            reasons.append(_("the most tricks"))
        if awards_of_round and tricks[k] == 0:
            reasons.append(_("winning no trick"))
        what = and_list([tokens_counted(planet, count) for planet, count in won.items()])
        if reasons:
            line = _("{seat} gets {tokens} for {reasons}.").format(
                seat=labels[k], tokens=what, reasons=and_list(reasons)
            )
        else:
            line = _("{seat} gets {tokens}.").format(seat=labels[k], tokens=what)
        lines.append(line)
    if round_over:
        won_tricks = ", ".join(f"{labels[k]} {n}" for k, n in enumerate(tricks))
        lines.append(
            _("End of round {round} of {rounds}. Tricks won: {tricks}.").format(
                round=before["round"], rounds=before["rounds"], tricks=won_tricks
            )
        )
        standing = "; ".join(
            _("{seat} {tokens} ({points})").format(
                seat=labels[k], tokens=tokens_text(tokens), points=_points(after["scores"][k])
            )
            for k, tokens in enumerate(after["tokens"])
        )
        lines.append(_("Tokens so far: {standing}.").format(standing=standing))
    return Told(detail, tuple(lines))


def _points(score: float) -> str:
    value = float(score)
    shown = str(int(value)) if value == int(value) else str(value)
    return ngettext("{n} point", "{n} points", int(value) if value == int(value) else 2).format(
        n=shown
    )


def ending(view: MoonsView, labels: Sequence[str]) -> list[str]:
    """Why the game ended, as the view's ``ended`` gives it: the supply ran out, or the last
    round was played.

    >>> ending({"ended": [{"trigger": "last-round", "rounds": 3}]}, ["seat 0"])
    ['All 3 rounds are played: every player has been first player once.']
    """
    lines = []
    for entry in view.get("ended") or ():
        code = entry["trigger"]
        if code == "supply-empty":
            lines.append(_("The token supply is empty."))
        elif code == "last-round":
            rounds = int(entry["rounds"])
            lines.append(
                ngettext(
                    "All {n} round is played: every player has been first player once.",
                    "All {n} rounds are played: every player has been first player once.",
                    rounds,
                ).format(n=rounds)
            )
        else:
            lines.append(_("The game ended ({reason}).").format(reason=code))
    return lines


_GROUPS = ("sets", "triples", "singles")


def _group_text(name: str, count: int, each: int) -> str:
    """``count`` complete sets, triples or singles worth ``each`` (``name`` the group)."""
    if name == "sets":
        form = ngettext("{n} set × {each}", "{n} sets × {each}", count)
    elif name == "triples":
        form = ngettext("{n} triple × {each}", "{n} triples × {each}", count)
    else:
        form = ngettext("{n} single × {each}", "{n} singles × {each}", count)
    return form.format(n=count, each=each)


_NONE_OF: Final = {"sets": N_("no sets"), "triples": N_("no triples"), "singles": N_("no singles")}


def _part_text(part: ScorePart) -> str:
    """One part of a score (an entry of the view's ``score_parts``) in words; a part worth
    nothing in a word or two."""
    name, count, each = str(part["part"]), int(part["count"]), int(part["each"])
    if name in _GROUPS:
        return _group_text(name, count, each) if part["points"] else _(_NONE_OF[name])
    cards = int(part["cards"])
    held = f"{cards} × {name}" if cards > 1 else name
    if not part["points"]:
        return f"{held} 0"
    counts = str(part["counts"])
    if counts == "sets":
        what = ngettext("{n} set", "{n} sets", count).format(n=count)
    else:
        what = tokens_counted(counts, count)
    return f"{held} ({what} × {each * cards})"


def breakdown(game: Game, view: MoonsView, labels: Sequence[str]) -> list[str]:
    """Each seat's tokens and score as the view's ``score_parts`` gives them: its complete
    sets, triples and singles in the grouping that scores best, and each bonus card.

    >>> parts = [{"part": "sets", "count": 0, "each": 10, "points": 0},
    ...          {"part": "triples", "count": 3, "each": 6, "points": 18},
    ...          {"part": "singles", "count": 1, "each": 1, "points": 1},
    ...          {"part": "SET-BONUS", "cards": 1, "counts": "sets", "count": 0, "each": 3,
    ...           "points": 0}]
    >>> view = {"tokens": [{"SATURN": 3, "JUPITER": 3, "NEPTUNE": 3, "URANUS": 1}],
    ...         "score_parts": [parts]}
    >>> breakdown(None, view, ["seat 0"])
    ['seat 0: tokens S3 J3 N3 U1 — 3 triples × 6 + 1 single × 1 = 19; no sets, SET-BONUS 0']
    """
    lines = []
    for k, parts in enumerate(view.get("score_parts") or ()):
        terms: list[tuple[str, float | None]] = [
            (_part_text(part), None) for part in parts if part["points"]
        ]
        nothing = [_part_text(part) for part in parts if not part["points"]]
        total = sum(int(part["points"]) for part in parts)
        summed = f"{signed_sum(terms)} = {total}" if terms else str(total)
        if nothing:
            summed += f"; {', '.join(nothing)}"
        lines.append(
            _("{seat}: tokens {tokens} — {score}").format(
                seat=labels[k], tokens=tokens_text(view["tokens"][k]), score=summed
            )
        )
    return lines
