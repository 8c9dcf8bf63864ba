"""Characters, skills and sides named the way a GK knows them: by display name, with the id.

A match's files key characters, sides and skills by ids (``riku``, ``yayoke``) while the GK and
the players know them as 藤堂リク and 矢避けの加護. Every message that names one of them goes
through :func:`shown`: ``藤堂リク（riku）`` (``藤堂リク (riku)`` in English) when the id and the
name differ, the name alone when they are the same. The id stays because it is what the match
file is keyed by: the GK can search for it.

Messages are put into words far from the setup (a check deep in a ruleset says
``say("count.square_taken", other=cid)``), so the roster of the match being checked is set once
around the checks (:func:`naming`), and :func:`named_values` renders each field of a message that
names something (:data:`NAME_FIELDS`) when its value is one of the roster's ids. A value that is
not an id — a display name, text the user typed that matches nothing — is left as it is.
"""

from __future__ import annotations

import contextlib
import contextvars
from typing import Any, Iterator, Mapping, NamedTuple

__all__ = ["Roster", "naming", "shown", "listed", "named_values", "NAME_FIELDS", "current_roster"]

CHARACTER = "character"
SKILL = "skill"
SIDE = "side"

# The catalogue fields that hold a character, a skill or a side, and what each may hold (a field
# such as {name} names a character in one message and a skill in another: both are tried).
NAME_FIELDS: dict[str, tuple[str, ...]] = {
    "id": (CHARACTER, SKILL), "cid": (CHARACTER,), "who": (CHARACTER,), "other": (CHARACTER,),
    "actor": (CHARACTER,), "target": (CHARACTER,), "character": (CHARACTER,), "bearer": (CHARACTER,),
    "user": (CHARACTER,), "unit": (CHARACTER,), "by": (CHARACTER,), "servant": (CHARACTER,),
    "master": (CHARACTER,), "leader": (CHARACTER,), "payer": (CHARACTER,), "roller": (CHARACTER,),
    "name": (CHARACTER, SKILL), "skill": (SKILL,), "ability": (SKILL,), "rid": (SKILL,),
    "weapon": (SKILL,), "resource": (SKILL,), "spell": (SKILL,), "kid": (SKILL,),
    "side": (SIDE,), "sub": (SIDE,), "sid": (SIDE,), "winner": (SIDE,), "owner": (SIDE, CHARACTER),
}


class Roster(NamedTuple):
    """Display names by id: the match's characters, sides, and the skills (abilities, weapons,
    宝具…) written with both an ``id`` and a ``name``. Read only: the empty defaults are shared."""

    characters: Mapping[str, str] = {}
    skills: Mapping[str, str] = {}
    sides: Mapping[str, str] = {}

    @classmethod
    def from_setup(cls, setup: Any) -> "Roster":
        """The roster of a setup as written, however broken: what is not a name is passed over."""
        if not isinstance(setup, dict):
            return cls()
        skills: dict[str, str] = {}
        _collect_skills(setup, skills)
        return cls(_names_of(setup.get("characters")), skills, _names_of(setup.get("sides")))

    def of(self, kind: str) -> Mapping[str, str]:
        return {CHARACTER: self.characters, SKILL: self.skills, SIDE: self.sides}[kind]

    def display(self, value: str, kinds: tuple[str, ...] = (CHARACTER, SKILL, SIDE)) -> str | None:
        """The display name of the id ``value`` among ``kinds`` (the first kind that has it)."""
        for kind in kinds:
            name = self.of(kind).get(value)
            if name is not None:
                return name
        return None


def _names_of(entries: Any) -> dict[str, str]:
    if not isinstance(entries, dict):
        return {}
    return {key: entry["name"] for key, entry in entries.items()
            if isinstance(key, str) and isinstance(entry, dict) and isinstance(entry.get("name"), str)}


def _collect_skills(node: Any, into: dict[str, str]) -> None:
    """Every ``{id, name}`` in the setup (a character's skills, weapons, 宝具, the 令呪 kinds); an
    id given two different names is shown as the id alone, since neither name would be sure."""
    if isinstance(node, list):
        for item in node:
            _collect_skills(item, into)
    elif isinstance(node, dict):
        sid, name = node.get("id"), node.get("name")
        if isinstance(sid, str) and isinstance(name, str):
            if into.get(sid, name) != name:
                into[sid] = sid  # the same id, two names: shown as the id
            else:
                into[sid] = name
        for value in node.values():
            if isinstance(value, (list, dict)):
                _collect_skills(value, into)


_ROSTER: contextvars.ContextVar[Roster | None] = contextvars.ContextVar("dhproc_roster", default=None)


def current_roster() -> Roster | None:
    return _ROSTER.get()


@contextlib.contextmanager
def naming(roster: Roster) -> Iterator[Roster]:
    """Messages made inside the block name things by ``roster``'s display names."""
    token = _ROSTER.set(roster)
    try:
        yield roster
    finally:
        _ROSTER.reset(token)


def shown(ident: str, name: str | None, lang: str) -> str:
    """``藤堂リク（riku）``: the display name with the id where the two differ."""
    if name is None or name == ident:
        return ident
    return f"{name}（{ident}）" if lang == "ja" else f"{name} ({ident})"


def named_values(values: dict[str, object], lang: str, roster: Roster | None = None) -> dict[str, object]:
    """``values`` with each name field that holds an id of the roster shown by :func:`shown`."""
    roster = roster if roster is not None else _ROSTER.get()
    if roster is None:
        return values
    out = dict(values)
    for key, value in values.items():
        kinds = NAME_FIELDS.get(key)
        if kinds and isinstance(value, str):
            name = roster.display(value, kinds)
            if name is not None:
                out[key] = shown(value, name, lang)
    return out
