"""What a dh condition may read, and its parsing (DH-8.15, DH-9.3).

A dh condition reads the ability's user (``self``), the character it would take (``target``, in
``targets.only`` only) and the match (``match``: the turn, deaths in the phase before this one
and in this one). An ability's conditions are parsed when the ability is read (abilities.py),
before any state exists; conditions.py evaluates them in a match. The condition language itself
is ``dhproc.engine.conditions``.
"""

from __future__ import annotations

from typing import Any

from ...engine.conditions import LIST, NUMBER, TEXT, Condition, Vocabulary, parse

CHARACTER = {"hp": NUMBER, "spirit": NUMBER, "attack": NUMBER, "defense": NUMBER, "fs": NUMBER,
             "movement": NUMBER, "gender": TEXT, "grade": NUMBER, "states": LIST}
MATCH = {"turn": NUMBER, "deaths_last_phase": NUMBER, "deaths_this_phase": NUMBER}
WHEN = Vocabulary({"self": CHARACTER, "match": MATCH})  # 機会制約: before any target is chosen
ONLY = Vocabulary({"self": CHARACTER, "target": CHARACTER, "match": MATCH})  # 対象制約


def parse_when(data: Any) -> tuple[Condition | None, list[tuple[tuple, str]]]:
    return parse(data, WHEN)


def parse_only(data: Any) -> tuple[Condition | None, list[tuple[tuple, str]]]:
    return parse(data, ONLY)
