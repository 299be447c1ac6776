"""Who sits where: ``human`` (a person at this screen) or a bot spec (``greedy``, ``mcts:...``).

>>> read_seats(["human", "random"], seats=2, check=False)
['human', 'random']
>>> read_seats(["you,greedy"], seats=2, check=False)
['human', 'greedy']
>>> read_seats([], seats=3, check=False)
['human', 'greedy', 'greedy']
>>> read_seats(["human"], seats=2, check=False)
Traceback (most recent call last):
...
moonbase.cli.errors.BadInput: 2 seats to fill but 1 --seat given; give one per seat, e.g. ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from moonbase.cli.bots import BotError, bot_names, make_bot, split_specs
from moonbase.cli.errors import BadInput
from moonbase.i18n import gettext as _
from moonbase.i18n import ngettext

__all__ = ["DEFAULT_BOT", "HUMAN", "check_seat", "read_seats", "seat_label"]

HUMAN: Final = "human"
"""The seat spec of a person at this screen."""
DEFAULT_BOT: Final = "greedy"
"""Who fills the other seats when none are named."""
_PEOPLE: Final = frozenset({"human", "you", "person", "me"})


def check_seat(spec: str, *, people: bool = True) -> str:
    """``spec`` in its canonical form, or :class:`BadInput` saying what is allowed: the seat
    kinds for a name that is no bot's (``people=False``: the bots alone, for a command that
    plays bots only), the bot's own word for a bot's bad parameters.

    >>> check_seat("oracle")
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: seat 'oracle': unknown agent 'oracle'; allowed: human, greedy, ...
    >>> check_seat("mcts:iterations=abc")
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: seat 'mcts:iterations=abc': agent 'mcts': parameter ...
    >>> check_seat("oracle", people=False)
    Traceback (most recent call last):
    ...
    moonbase.cli.errors.BadInput: seat 'oracle': unknown agent 'oracle'; allowed: greedy, mcts, ...
    """
    text = spec.strip()
    if text.lower() in _PEOPLE:
        return HUMAN
    try:
        make_bot(text, 0)
    except BotError as error:
        name = text.partition(":")[0].strip().lower()
        if name in bot_names():
            raise BadInput(
                _("seat {spec}: {reason}").format(spec=repr(text), reason=error)
            ) from None
        raise BadInput(
            _("seat {spec}: unknown agent {name}; allowed: {allowed}").format(
                spec=repr(text), name=repr(name), allowed=", ".join([HUMAN] * people + bot_names())
            )
        ) from None
    return text


def read_seats(given: Sequence[str], seats: int, *, check: bool = True) -> list[str]:
    """One spec per seat from the ``--seat`` values (each may be a comma-separated list).

    With none given, seat 0 is a person and the others are :data:`DEFAULT_BOT` bots.
    """
    specs = [spec for text in given for spec in split_specs(text)]
    if not specs:
        specs = [HUMAN] + [DEFAULT_BOT] * (seats - 1)
    if check:
        specs = [check_seat(spec) for spec in specs]
    if len(specs) != seats:
        example = "--seat human" + " --seat greedy" * (seats > 1)
        raise BadInput(
            ngettext(
                "{n} seat to fill but {given} --seat given; give one per seat, e.g. {example}",
                "{n} seats to fill but {given} --seat given; give one per seat, e.g. {example}",
                seats,
            ).format(n=seats, given=len(specs), example=example)
        )
    return [HUMAN if spec.lower() in _PEOPLE else spec for spec in specs]


def seat_label(seat: int, specs: Sequence[str]) -> str:
    """How a seat is named on screen: ``seat 1 (greedy)``; a lone person is ``seat 0 (you)``.

    >>> seat_label(0, ["human", "greedy"]), seat_label(1, ["human", "greedy"])
    ('seat 0 (you)', 'seat 1 (greedy)')
    >>> seat_label(1, ["human", "human"])
    'seat 1'
    """
    spec = specs[seat]
    if spec != HUMAN:
        return _("seat {seat} ({spec})").format(seat=seat, spec=spec)
    if sum(1 for other in specs if other == HUMAN) == 1 and len(specs) > 1:
        return _("seat {seat} (you)").format(seat=seat)
    return _("seat {seat}").format(seat=seat)
