"""The Ruleset odds hooks served by a ruleset's own ``odds`` module, imported only when asked for
(so that loading a ruleset stays light)."""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from typing import Any


class OddsFromModule:
    """Mixed into a Ruleset before it: ``action_odds``, ``roll_chance`` and ``roll_luck`` are those of
    the module ``<the ruleset's package>.odds``."""

    def _odds(self) -> Any:
        return import_module(f"{type(self).__module__}.odds")

    def action_odds(self, match: Any, turn_number: int, who: str, target: str | None, action: str | None) -> Any:
        return self._odds().action_odds(match, turn_number, who, target, action)

    def roll_chance(self, roll_event: dict, events: list[dict]) -> Fraction | None:
        return self._odds().roll_chance(roll_event, events)

    def roll_luck(self, roll_event: dict, events: list[dict]) -> Fraction | None:
        return self._odds().roll_luck(roll_event, events)
