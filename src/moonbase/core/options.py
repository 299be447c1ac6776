"""Option specifications: what a game can be set up with, validated before a game exists.

Every game declares a tuple of :class:`Option` values. :func:`resolve_options` checks what a
caller gave against them — unknown names and values that are not allowed raise
:class:`~moonbase.core.errors.InvalidOption` naming what is allowed — and fills in defaults.
Values may be given as Python values or as text (as typed on a command line).

>>> width = Option("width", "int", 4, "register width in bits", choices=(4, 5, 6))
>>> width.parse("5")
5
>>> resolve_options((width,), {})
{'width': 4}
>>> resolve_options((width,), {"colour": "red"})
Traceback (most recent call last):
...
moonbase.core.errors.InvalidOption: unknown option 'colour'; allowed: width
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Literal

from moonbase.core.errors import InvalidOption
from moonbase.i18n import gettext as _

__all__ = ["Kind", "Option", "OptionValue", "files_allowed", "resolve_options", "without_files"]

Kind = Literal["bool", "int", "number", "choice", "list", "text"]
"""How an option's value is read: a flag, a whole number, a number in half steps, one word
from ``choices``, a comma-separated list of words from ``choices``, or free text."""

OptionValue = bool | int | float | str | tuple[str, ...] | None

_NO_FILES: ContextVar[bool] = ContextVar("moonbase_options_without_files", default=False)


@contextmanager
def without_files() -> Iterator[None]:
    """Within it, no option may name a file: a game reads only what moonbase ships and the
    data given in the option itself (for options from someone who may not read this machine's
    files, such as a server's clients).

    >>> with without_files():
    ...     files_allowed()
    False
    >>> files_allowed()
    True
    """
    token = _NO_FILES.set(True)
    try:
        yield
    finally:
        _NO_FILES.reset(token)


def files_allowed() -> bool:
    """Whether an option may name a file now (everywhere but within :func:`without_files`)."""
    return not _NO_FILES.get()


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, kind, default, one-line description and allowed values.

    ``default`` may be ``None`` when the game derives it from other options (``default_text``
    then says how, e.g. "by difficulty").

    >>> Option("events", "bool", False, "shuffle the event cards in").parse("yes")
    True
    >>> Option("energy", "number", None, "energy per round", minimum=0.5).parse("2.5")
    2.5
    """

    name: str
    kind: Kind
    default: OptionValue
    description: str
    choices: tuple[str | int, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    default_text: str | None = None

    @property
    def about(self) -> str:
        """The description in the language spoken (``description`` is the English text).

        >>> Option("events", "bool", False, "shuffle the event cards in").about
        'shuffle the event cards in'
        """
        return _(self.description)

    @property
    def default_about(self) -> str | None:
        """``default_text`` in the language spoken (``None`` when there is none)."""
        return None if self.default_text is None else _(self.default_text)

    @property
    def allowed(self) -> str:
        """A short text of the allowed values, for messages and menus.

        >>> Option("width", "int", 4, "bits", choices=(4, 5, 6)).allowed
        '4, 5, 6'
        """
        if self.kind == "bool":
            return "true, false"
        if self.choices is not None:
            joined = ", ".join(str(choice) for choice in self.choices)
            if self.kind == "list":
                return _("a comma-separated list of {choices}").format(choices=joined)
            return joined
        if self.kind not in ("number", "int"):
            return _("any text")
        low, high = self.minimum, self.maximum
        if self.kind == "number":
            if low is not None and high is not None:
                text = _("a number in steps of 0.5 from {low} to {high}")
            elif low is not None:
                text = _("a number in steps of 0.5 of at least {low}")
            elif high is not None:
                text = _("a number in steps of 0.5 of at most {high}")
            else:
                text = _("a number in steps of 0.5")
        elif low is not None and high is not None:
            text = _("a whole number from {low} to {high}")
        elif low is not None:
            text = _("a whole number of at least {low}")
        elif high is not None:
            text = _("a whole number of at most {high}")
        else:
            text = _("a whole number")
        return text.format(
            low="" if low is None else _number_text(low),
            high="" if high is None else _number_text(high),
        )

    def _reject(self, value: object) -> InvalidOption:
        shown = ",".join(value) if isinstance(value, tuple) else value
        return InvalidOption(
            _("option {name}: {value} is not allowed; allowed: {allowed}").format(
                name=repr(self.name), value=repr(shown), allowed=self.allowed
            )
        )

    def parse(self, value: object) -> OptionValue:
        """Return ``value`` checked and converted to this option's kind.

        >>> Option("ops", "list", None, "operations", choices=("INC", "DEC")).parse("dec, inc")
        ('DEC', 'INC')
        """
        if value is None and self.default is None:
            return None
        parser = getattr(self, f"_parse_{self.kind}")
        result: OptionValue = parser(value)
        return result

    def _parse_bool(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise self._reject(value)

    def _in_range(self, number: float, original: object) -> None:
        if (self.minimum is not None and number < self.minimum) or (
            self.maximum is not None and number > self.maximum
        ):
            raise self._reject(original)

    def _parse_int(self, value: object) -> int:
        if isinstance(value, bool):
            raise self._reject(value)
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            try:
                number = int(value.strip())
            except ValueError:  # digits int() does not read, e.g. "²"
                raise self._reject(value) from None
        else:
            raise self._reject(value)
        if self.choices is not None and number not in self.choices:
            raise self._reject(value)
        self._in_range(number, value)
        return number

    def _parse_number(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise self._reject(value)
        try:
            number = float(value)
        except ValueError:
            raise self._reject(value) from None
        if not math.isfinite(number) or number * 2 != int(number * 2):
            raise self._reject(value)
        self._in_range(number, value)
        return number

    def _parse_choice(self, value: object) -> str:
        if not isinstance(value, str):
            raise self._reject(value)
        assert self.choices is not None
        for choice in self.choices:
            if str(choice).lower() == value.strip().lower():
                return str(choice)
        raise self._reject(value)

    def _parse_list(self, value: object) -> tuple[str, ...]:
        if isinstance(value, str):
            items = [item for item in (part.strip() for part in value.split(",")) if item]
        elif isinstance(value, list | tuple):
            items = [str(item).strip() for item in value]
        else:
            raise self._reject(value)
        if self.choices is None:
            return tuple(items)
        by_key = {str(choice).lower(): str(choice) for choice in self.choices}
        unknown = [item for item in items if item.lower() not in by_key]
        if unknown:
            raise InvalidOption(
                _("option {name}: {values} not allowed; allowed: {allowed}").format(
                    name=repr(self.name), values=", ".join(unknown), allowed=self.allowed
                )
            )
        return tuple(by_key[item.lower()] for item in items)

    def _parse_text(self, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self._reject(value)
        return value.strip()


def _number_text(number: float) -> str:
    return str(int(number)) if number == int(number) else str(number)


def resolve_options(
    specs: tuple[Option, ...], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Check ``given`` against ``specs`` and return every option, defaults filled in.

    >>> resolve_options((Option("n", "int", 2, "players", minimum=2),), {"n": "1"})
    Traceback (most recent call last):
    ...
    moonbase.core.errors.InvalidOption: option 'n': '1' is not allowed; allowed: a whole number...
    """
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        names = ", ".join(spec.name for spec in specs)
        raise InvalidOption(
            _("unknown option {name}; allowed: {names}").format(name=repr(unknown[0]), names=names)
        )
    return {
        spec.name: spec.parse(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }
