"""Who is whose 味方 or 敵: the relation a skill or ability names between its owner and a character.

dh's 種別 of an effect (DH-9.2) and logos's ``who`` of a trigger (LOGOS-5.4) read the same words the
same way: ``self`` the owner, ``ally`` its side (the owner itself only under the ruleset's option
``ally_includes_self``), ``other_ally`` its side without it (自身以外の味方), ``enemy`` the other
side, ``any`` everyone.
"""

from __future__ import annotations

from typing import Protocol

RELATIONS = ("self", "ally", "other_ally", "enemy", "any")


class Member(Protocol):
    id: str
    side: str


def relates(relation: str, owner: Member, other: Member, *, ally_includes_self: bool) -> bool:
    """Whether ``other`` is ``owner``'s ``relation``."""
    same = other.side == owner.side
    if relation == "self":
        return other.id == owner.id
    if relation == "ally":
        return same and (ally_includes_self or other.id != owner.id)
    if relation == "other_ally":
        return same and other.id != owner.id
    if relation == "enemy":
        return not same
    return True
