"""KAGEMIYA-5.12: the standing orders of a 陣営 — its defence orders per character (KAGEMIYA-5.7), its
choice for when its servant drops out (KAGEMIYA-8.3) and its `escape_roller` (KAGEMIYA-4.3).

With the option ``standing_orders: until_withdrawn`` what a 巡's submission gives stands in the
later 巡 until a later submission replaces it: a character's defence orders by new ones (``[]``
withdraws them), the other two by a new value. With ``one_round`` each 巡 has only what its own
submission gives. Resolution and the report's state both merge a 巡's submission with this module.
"""

from __future__ import annotations

import copy
from typing import Any

KEYS = ("defense", "on_servant_loss", "escape_roller")


def merge(standing: dict[str, Any], submission: dict[str, Any]) -> None:
    """Fold one 巡's submission into the standing orders it leaves (until_withdrawn)."""
    for cid, entries in submission.get("defense", {}).items():
        defense = standing.setdefault("defense", {})
        if entries:
            defense[cid] = copy.deepcopy(entries)
        else:  # an empty list withdraws the character's orders
            defense.pop(cid, None)
        if not defense:
            del standing["defense"]
    for key in ("on_servant_loss", "escape_roller"):
        if key in submission:
            standing[key] = copy.deepcopy(submission[key])


def of_round(standing: dict[str, Any], submission: dict[str, Any], rule: str) -> dict[str, Any]:
    """The orders that hold in this 巡: the standing ones (already merged), or the submission's own."""
    if rule == "until_withdrawn":
        return standing
    return {key: submission[key] for key in KEYS if key in submission}


def dropped(earlier: dict[str, Any], submission: dict[str, Any]) -> list[tuple[str, ...]]:
    """``one_round``: what the 陣営's previous 巡 gave that this 巡's submission does not give again
    (a character's defence orders, a `protect`, an escape roller), as paths below the submission."""
    out: list[tuple[str, ...]] = [("defense", cid) for cid, entries in earlier.get("defense", {}).items()
                                  if entries and cid not in submission.get("defense", {})]
    if earlier.get("on_servant_loss") == "protect" and "on_servant_loss" not in submission:
        out.append(("on_servant_loss",))
    if "escape_roller" in earlier and "escape_roller" not in submission:
        out.append(("escape_roller",))
    return out
