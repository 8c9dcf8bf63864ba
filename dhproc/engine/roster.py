"""Typed characters and their skills from a setup, with every semantic problem located.

Rulesets that keep characters under ``setup.characters`` (each naming its ``side`` among
``setup.sides``) and a list of named skills per character parse them the same way: one parser per
entry, problems as (path below the setup, message), a skill name used twice refused. The parsers
themselves are the ruleset's; this module only walks the lists.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar

from ..words.messages import say

C = TypeVar("C")
S = TypeVar("S")
T = TypeVar("T")
Problems = list[tuple[tuple, str]]


def parse_characters(setup: dict[str, Any],
                     parse: Callable[[str, dict, int], tuple[C, Problems]]) -> tuple[dict[str, C], Problems]:
    """Every character typed by ``parse(id, entry, index)``, and what is wrong with them (paths below setup)."""
    chars: dict[str, C] = {}
    bad: Problems = []
    sides = setup["sides"]
    for i, (cid, data) in enumerate(setup["characters"].items()):
        if data["side"] not in sides:
            bad.append((("characters", cid, "side"), say("roster.not_side", side=data["side"], sides=", ".join(sides))))
            continue
        c, problems = parse(cid, data, i)
        bad += [(("characters", cid) + rel, msg) for rel, msg in problems]
        chars[cid] = c
    return chars, bad


def parse_skills(items: list[dict], parse: Callable[[dict, int], tuple[S, Problems]],
                 name: Callable[[S], str]) -> tuple[list[S], Problems]:
    """Each skill typed by ``parse(entry, index)``; a name used twice by one character is refused."""
    problems: Problems = []
    skills: list[S] = []
    names: dict[str, int] = {}
    for i, sdata in enumerate(items):
        skill, sp = parse(sdata, i)
        problems += [(("skills", i) + p, m) for p, m in sp]
        n = name(skill)
        if n in names:
            problems.append((("skills", i, "name"), say("roster.skill_twice", name=n, first=names[n] + 1)))
        names.setdefault(n, i)
        skills.append(skill)
    return skills, problems


class PerSetup(Generic[T]):
    """What a setup reads as (its characters typed, its skills parsed), worked out once and kept
    for the many runs of one match: a simulation resolves the same setup under thousands of
    seeds, and a varied match shares its setup with the loaded one. A loaded match is read-only,
    so what its setup reads as never changes; each entry keeps its setup, so an id is never
    another's. The last ``most`` setups are kept."""

    def __init__(self, parse: Callable[[dict[str, Any]], T], most: int = 8):
        self._parse = parse
        self._most = most
        self._kept: dict[int, tuple[dict[str, Any], T]] = {}

    def __call__(self, setup: dict[str, Any]) -> T:
        kept = self._kept.get(id(setup))
        if kept is not None and kept[0] is setup:
            return kept[1]
        parsed = self._parse(setup)
        if len(self._kept) >= self._most:
            del self._kept[next(iter(self._kept))]
        self._kept[id(setup)] = (setup, parsed)
        return parsed

    def clear(self) -> None:
        self._kept.clear()
