"""Interpretation options: every point the rule text leaves open, named, with a default.

This is the DATC idea from Diplomacy adjudicators. Each ruleset declares its options; a match sets
some under ``options:``; the log records the effective value of every option (the compliance
statement), so a replay is exact and a GK can see which reading was used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..errors import Problem
from ..words.messages import say

SOURCES = ("seed", "wiki", "research", "guess")
_INDEX = {"ja": 0, "en": 1}  # the place of each language in an option's (Japanese, English) words


@dataclass(frozen=True)
class Option:
    """One interpretation option, declared whole in one place: its values, where its default comes
    from, and the words people read for it in both languages."""

    id: str  # snake_case, unique within its ruleset
    default: Any
    name: tuple[str, str]  # (Japanese, English): what report headers and ``dhproc options`` call it
    reason: tuple[str, str]  # (Japanese, English): one line, why the default
    source: str  # "seed" | "wiki" | "research" (a related system the research notes cite) | "guess"
    clause: str  # the docs/rules clause that explains it, e.g. "DH-2.6"
    choices: tuple[Any, ...] = ()  # allowed values; empty for a bounded integer
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"option {self.id}: source {self.source!r} not in {SOURCES}")
        if self.choices and self.default not in self.choices:
            raise ValueError(f"option {self.id}: default not among its choices")
        for words in (self.name, self.reason):
            if len(words) != 2 or not all(isinstance(w, str) and w for w in words):
                raise ValueError(f"option {self.id}: a name and a reason are given in Japanese and English")

    def check(self, value: Any) -> str | None:
        """None when ``value`` is allowed, else what is wrong with it."""
        if self.choices:
            if value in self.choices and type(value) is type(self.default):
                return None
            return say("option.one_of", id=self.id, choices=", ".join(_show(c) for c in self.choices))
        if type(value) is not int:
            return say("option.whole", id=self.id)
        if self.minimum is not None and value < self.minimum:
            return say("option.at_least", id=self.id, limit=self.minimum)
        if self.maximum is not None and value > self.maximum:
            return say("option.at_most", id=self.id, limit=self.maximum)
        return None

    def allowed(self) -> str:
        if self.choices:
            return " / ".join(_show(c) for c in self.choices)
        lo = "" if self.minimum is None else str(self.minimum)
        hi = "" if self.maximum is None else str(self.maximum)
        return f"integer {lo}..{hi}"


class OptionSet:
    def __init__(self, options: Iterable[Option]):
        self.options: tuple[Option, ...] = tuple(options)
        self.by_id = {o.id: o for o in self.options}
        if len(self.by_id) != len(self.options):
            raise ValueError("duplicate option id")

    def reason(self, option_id: str, lang: str) -> str:
        """Why the default, in ``lang``."""
        return self.by_id[option_id].reason[_INDEX[lang]]

    def name(self, option_id: str, lang: str) -> str:
        """The option's name in ``lang`` (its id when the set has no such option)."""
        found = self.by_id.get(option_id)
        return option_id if found is None else found.name[_INDEX[lang]]

    def changed_line(self, values: Mapping[str, Any], lang: str) -> str:
        """The options that differ from the default, named for people: ``命中方式（hit_mode）=sure``."""
        items = []
        for o in self.options:
            if o.id in values and values[o.id] != o.default:  # a log may leave out unused ones
                shown = self.name(o.id, lang)
                label = o.id if shown == o.id else (f"{shown}（{o.id}）" if lang == "ja" else f"{shown} ({o.id})")
                items.append(f"{label}={_show(values[o.id])}")
        return ", ".join(items)

    def __iter__(self):
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def effective(self, given: Mapping[str, Any], locate) -> tuple[dict[str, Any], list[Problem]]:
        """Every option with its effective value (declaration order), and what was wrong.

        ``locate(key, message, key_node)`` builds a located Problem for ``options.<key>``.
        """
        problems = []
        for key, value in given.items():
            opt = self.by_id.get(key)
            if opt is None:
                known = ", ".join(o.id for o in self.options)
                problems.append(locate(key, say("option.unknown", key=key, known=known), True))
                continue
            msg = opt.check(value)
            if msg:
                problems.append(locate(key, msg, False))
        values = {o.id: given.get(o.id, o.default) for o in self.options}
        return values, problems


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
