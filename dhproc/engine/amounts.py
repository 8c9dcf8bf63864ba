"""Amounts read from the state: "as much as own 防御", "half the facing enemy's 攻撃, plus 1".

An effect's value in a match file is either a whole number or a mapping

    {of: SUBJECT, attr: NAME, times: 1, divide: 1, plus: 0}

read through the same :class:`~dhproc.engine.conditions.Vocabulary` and accessor as the
ruleset's conditions (only number attributes), so a ruleset that has conditions gets derived
values for free, and the two can never read a value differently. ``times`` may be negative ("lower
it by as much as ..."). A division rounds as the ruleset says (``floor``: toward minus infinity, as
端数切り捨て; ``half_up``: 四捨五入). Evaluation returns the number and what was read, so a report
can say "自身の防御8×1 = 8". A subject that does not exist at that moment (no facing enemy) reads
as None and the amount is None: the caller decides what an effect without a value does.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Union

from ..words.messages import say
from . import messages as _messages  # noqa: F401  (registers the catalogue)
from .conditions import NUMBER, Vocabulary


FLOOR, HALF_UP = "floor", "half_up"
ROUNDINGS = (FLOOR, HALF_UP)
KEYS = ("of", "attr", "times", "divide", "plus")


class Derived(NamedTuple):
    """A value computed from another value of the state."""

    subject: str
    attr: str
    times: int = 1
    divide: int = 1
    plus: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"of": self.subject, "attr": self.attr}
        for key, default in (("times", 1), ("divide", 1), ("plus", 0)):
            if getattr(self, key) != default:
                out[key] = getattr(self, key)
        return out


Amount = Union[int, Derived]
Problems = list[tuple[tuple, str]]


def parse(data: Any, vocab: Vocabulary, path: tuple = ()) -> tuple[Amount, Problems]:
    """The typed amount of ``data`` (a whole number or ``{of, attr, ...}``), and what is wrong."""
    if isinstance(data, int) and not isinstance(data, bool):
        return data, []
    if not isinstance(data, dict):
        return 0, [(path, say("amount.shape"))]
    extra = [k for k in data if k not in KEYS]
    if extra:
        return 0, [(path + (extra[0],), say("amount.unknown_key", name=extra[0], allowed=", ".join(KEYS)))]
    subject, attr = data.get("of"), data.get("attr")
    if not isinstance(subject, str) or not isinstance(attr, str):
        return 0, [(path, say("amount.names"))]
    attrs = vocab.attrs(subject)
    if attrs is None:
        return 0, [(path + ("of",), say("amount.unknown_subject", subject=subject, known=", ".join(vocab.subjects)))]
    numbers = [a for a, kind in attrs.items() if kind == NUMBER]
    if attrs.get(attr) != NUMBER:
        return 0, [(path + ("attr",), say("amount.not_number", subject=subject, attr=attr,
                                                      numbers=", ".join(numbers)))]
    problems: Problems = []
    for key in ("times", "divide", "plus"):
        v = data.get(key)
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            problems.append((path + (key,), say("amount.whole", name=key)))
    if data.get("divide") == 0:
        problems.append((path + ("divide",), say("amount.divide_zero")))
    if problems:
        return 0, problems
    return Derived(subject, attr, data.get("times", 1), data.get("divide", 1), data.get("plus", 0)), []


def subjects(amount: Amount) -> tuple[str, ...]:
    """The subjects an amount reads (none for a number)."""
    return (amount.subject,) if isinstance(amount, Derived) else ()


class Reading(NamedTuple):
    """An amount as it was evaluated: the number (None: nothing to read) and what it came from."""

    value: int | None
    read: int | None = None  # the state's value, for a derived amount
    amount: Derived | None = None

    def to_json(self) -> dict[str, Any]:
        if self.amount is None:
            return {"value": self.value}
        return {"value": self.value, "read": self.read, **self.amount.to_json()}


def evaluate(amount: Amount, get: Callable[[str, str], Any], rounding: str = FLOOR) -> Reading:
    """The number ``amount`` stands for now, read through ``get(subject, attr)``."""
    if not isinstance(amount, Derived):
        return Reading(amount)
    read = get(amount.subject, amount.attr)
    if not isinstance(read, int):
        return Reading(None, None, amount)
    whole = _divided(read * amount.times, amount.divide, rounding)
    return Reading(whole + amount.plus, read, amount)


def _divided(numerator: int, divisor: int, rounding: str) -> int:
    """``numerator / divisor`` rounded as ``rounding`` says, in whole numbers (exact as a
    fraction's, without importing fractions and decimal for it): ``floor`` toward minus infinity,
    ``half_up`` (四捨五入) the halves away from zero."""
    if rounding == FLOOR:
        return numerator // divisor
    sign = -1 if (numerator < 0) != (divisor < 0) and numerator != 0 else 1
    return sign * ((2 * abs(numerator) + abs(divisor)) // (2 * abs(divisor)))
