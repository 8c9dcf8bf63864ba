"""count: the count-track battle phase of seed 002 (配置カウント, 命中/回避 with CA, the 9-step damage)."""

from __future__ import annotations

from typing import Any

from ...engine.ruleset import Ruleset, TurnStatus
from . import campaign, checks, rules
from .model import STATS, CountState
from .options import OPTIONS


class CountRuleset(Ruleset):
    id = "count"
    name = "カウント制バトルフェイズ"
    name_en = "count-track battle phase"
    version = "1"
    options = OPTIONS
    odds_module = "dhproc.rulesets.count.odds"  # COUNT-11
    setup_schema = "count.setup"
    submissions_schema = "count.submissions"

    def check(self, match):
        return checks.check_match(match)

    def initial_state(self, match) -> CountState:
        setup = match.setup
        chars, _ = checks.characters_of(setup, match.options)
        sides = {sid: s["name"] for sid, s in setup["sides"].items()}
        state = CountState(sides=sides, characters=chars, round=campaign.first_round(setup),
                           count_now=setup.get("count_now"))
        state.clocks.advance("round", state.round - 1)  # the エンドフェイズ of every earlier round
        state.effects.restore_next(setup.get("next_effect_id", 1))
        for cid, data in setup["characters"].items():  # COUNT-1.5: 行動不能 until this round's エンドフェイズ
            for sk in chars[cid].skills if cid in chars else ():  # COUNT-1.9: a per-battle limit's uses so far
                if data["skills"][sk.index].get("used"):
                    state.uses.add((cid, sk.index), "battle", 0, data["skills"][sk.index]["used"])
            if data.get("stopped") and cid in chars:
                state.effects.add("stop", bearer=cid, data={}, clock="round", clocks=state.clocks, duration=1,
                                  source={"setup": True})
        return state

    def first_turn(self, setup: dict) -> int:
        """COUNT-1.5: turn N is round N, so a battle under way starts at the round it reached."""
        return campaign.first_round(setup)

    def setup_from_log(self, log: dict) -> dict:
        return campaign.setup_from_log(log)

    def resolve_turn(self, state: CountState, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn, ctx)

    def is_over(self, state: CountState) -> bool:
        return state.outcome is not None

    def outcome(self, state: CountState) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state: CountState) -> dict[str, Any]:
        """Same keys as the setup's current-state fields, plus what play adds."""
        chars = {}
        for c in state.characters.values():
            entry: dict[str, Any] = {"name": c.name, "side": c.side, "kind": c.kind,
                                     "at": c.at.label if c.at else None, "count": c.count, "done": c.done,
                                     "hp": c.hp, "hp_now": c.hp_now, "ca_left": c.ca_left,
                                     **{s: state.stat(c, s) for s in STATS}, "rerolls": c.rerolls,
                                     "knocked_out": c.knocked_out, "escaped": c.escaped}
            if c.is_pc:
                entry["hand"] = list(c.hand)
            if state.stopped(c):
                entry["stopped"] = True
            uses = {sk.name: c.uses[sk.index] for sk in c.skills if c.uses.get(sk.index) is not None}
            if uses:
                entry["uses"] = uses
            used = {sk.name: state.battle_uses(c, sk) for sk in c.skills if state.battle_uses(c, sk)}
            if used:  # COUNT-1.9
                entry["limit_used"] = used
            chars[c.id] = entry
        return {"round": state.round, "next_effect_id": state.effects.next_seq, "sides": dict(state.sides),
                "characters": chars,
                "effects": [_effect_json(e, state) for e in state.effects],
                # the count and 行動手番 clocks measure spans inside a round (COUNT-7.12), which end at
                # its エンドフェイズ: the state keeps the round clock, as a continued setup restarts it
                "clocks": {k: v for k, v in state.clocks.to_json().items() if k == "round"}}

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list:
        from . import report  # the text report, imported when one is drawn: replay, simulate and validate draw none

        return report.blocks(log, lang=lang, view=view, turns=turns)

    def submission_aliases(self):
        """docs/aliases.md: Japanese keys; characters by display name, also as the keys of plans."""
        from ...words.aliases import SubmissionAliases

        return SubmissionAliases(
            keys={"行動": "plans", "行動予定": "plans", "手番": "plans", "代替": "fallback", "代替行動": "fallback",
                  "予備": "fallback", "反応": "reactions", "リアクション": "reactions",
                  "サブ": "sub_action", "サブアクション": "sub_action", "メイン": "main_action",
                  "メインアクション": "main_action", "移動": "move", "移動先": "to", "逃走": "escape",
                  "スキル": "skill", "アイテム": "skill", "技": "skill", "対象": "targets",
                  "CA": "ca", "CAスキル": "ca_skill", "CA攻撃": "ca_skill", "カバー": "cover", "カバーリング": "cover",
                  "命中振り直し": "reroll_hit_fumble", "回避振り直し": "reroll_evasion_failure",
                  "命中振り直し未満": "reroll_hit_below", "ダメージ振り直し未満": "reroll_damage_below",
                  "逃走振り直し": "reroll_escape", "CA振り直し": "reroll_evasion_for_ca",
                  "CAのため回避振り直し": "reroll_evasion_for_ca", "ダメージロール前": "before_damage",
                  "宣言": "before_damage", "選択": "choose", "対象選択": "choose", "配置先": "to",
                  "手札": "cards", "捨て札": "cards"},
            name_keys=frozenset({"targets", "cover"}),
            name_maps=frozenset({"plans", "fallback", "reactions"}))

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def summary_hooks(self):
        """``dhproc summary``: who fell (戦闘不能) and by whom, the skills used (CAs too); no DP."""
        from . import report
        from ...report.summary import SummaryHooks

        return SummaryHooks(kills={"knocked_out": ("character", "by")}, use=report.skill_used, dp=False)

    def outcome_text(self, log: dict, *, lang: str) -> str:
        from . import report

        return report.outcome_line(log, lang=lang)


RULESET = CountRuleset()


def _effect_json(e: Any, state: CountState) -> dict[str, Any]:
    """A lasting effect as the final state lists it: an end on the round clock as it stands, one on
    a clock of spans inside a round counted from the round's start (CountState.round_start_clocks)."""
    out = e.to_json(state.clocks)
    if e.clock != "round" and out["end"] is not None:
        out["end"] -= state.round_start_clocks.get(e.clock, 0)
    return out

