"""nicosw: the nicosw3 map battle (seed 001) — 表/裏 rounds, 補助動作 and 主動作, 接敵, parts, 生死判定."""

from __future__ import annotations

from typing import Any

from ...engine.ruleset import Ruleset, TurnStatus
from . import campaign, checks, report, rules
from .model import NicoswState, Side, square_json
from .options import OPTIONS


class NicoswRuleset(Ruleset):
    id = "nicosw"
    name = "nicosw3 マップ戦闘"
    name_en = "nicosw3 map battle (Sword World 2.0 style)"
    version = "1"
    options = OPTIONS
    setup_schema = "nicosw.setup"
    submissions_schema = "nicosw.submissions"

    def check(self, match):
        return checks.check_match(match)

    def initial_state(self, match) -> NicoswState:
        setup = match.setup
        model = match.options["map_model"]
        chars, _ = checks.characters_of(setup, model)
        sides = {sid: Side(sid, s.get("name", sid), i, list(s.get("order", [])),
                           tuple(s["deploy"]) if "deploy" in s else None)
                 for i, (sid, s) in enumerate(setup["sides"].items())}
        start = setup.get("start")
        state = NicoswState(map=checks.map_of(setup, model), sides=sides, characters=chars,
                            start_round=start["round"] if start else 1,
                            start_half=start["half"] if start else "top", fresh=start is None,
                            first=start["first"] if start else None)
        if start:
            for sid in sides:
                state.clocks.advance(f"round:{sid}", checks._clock_at_start(sid, start))
        for e in setup.get("effects", []):  # NICOSW-1.9 / 3.6: end points as written
            data = {k: v for k, v in e.items() if k not in ("bearer", "side", "effect", "ends_round")}
            data.update(name=e.get("name", e["effect"]), user_side=e["side"], bearer_side=chars[e["bearer"]].side)
            clock = f"round:{e['side']}"
            state.effects.add(e["effect"], bearer=e["bearer"], data=data, clock=clock, clocks=state.clocks,
                              duration=e["ends_round"] - state.clocks.now(clock), source={"setup": True})
        return state

    def first_turn(self, setup: dict) -> int:
        """NICOSW-1.9: a battle under way starts at the round it reached."""
        start = setup.get("start")
        first = start.get("round") if isinstance(start, dict) else None
        return first if type(first) is int and first >= 1 else 1

    def setup_from_log(self, log: dict) -> dict:
        return campaign.setup_from_log(log)

    def resolve_turn(self, state: NicoswState, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn, ctx)

    def is_over(self, state: NicoswState) -> bool:
        return state.outcome is not None

    def outcome(self, state: NicoswState) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state: NicoswState) -> dict[str, Any]:
        chars = {}
        for c in state.characters.values():
            entry: dict[str, Any] = {"side": c.side, "at": square_json(c.at), "states": c.states(),
                                     "equipped": c.equipped, "identified": c.known or c.identified}
            if c.multi:
                entry["parts"] = {p.id: {"hp": p.hp, "max_hp": p.max_hp, "removed": p.removed} for p in c.parts}
            else:
                entry["hp"], entry["max_hp"] = c.parts[0].hp, c.parts[0].max_hp
            chars[c.id] = entry
        return {
            "first": state.first,
            "round": state.round,
            "half": state.half,
            "sides": {s.id: {"name": s.name, "order": list(s.order)} for s in state.sides.values()},
            "characters": chars,
            "effects": [e.to_json(state.clocks) for e in state.effects],
            "clocks": state.clocks.to_json(),
        }

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list:
        return report.report_blocks(log, lang=lang, view=view, turns=turns)

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR


RULESET = NicoswRuleset()
