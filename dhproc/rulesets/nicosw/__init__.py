"""nicosw: the nicosw3 map battle (seed 001) — 表/裏 rounds, 補助動作 and 主動作, 接敵, parts, 生死判定."""

from __future__ import annotations

from typing import Any

from ...engine.ruleset import Ruleset, TurnStatus
from . import campaign, checks, rules
from .model import NicoswState, Side, square_json
from .options import DIVISION_OPTIONS, OPTIONS, divides


class NicoswRuleset(Ruleset):
    id = "nicosw"
    name = "nicosw3 マップ戦闘"
    name_en = "nicosw3 map battle (Sword World 2.0 style)"
    version = "1"
    options = OPTIONS
    odds_module = "dhproc.rulesets.nicosw.odds"  # NICOSW-11
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
        for n, e in enumerate(setup.get("effects", []), 1):  # NICOSW-1.9 / 3.6: end points as written
            state.effects.restore(campaign.setup_effect(e, n, chars, state.clocks))
        state.effects.restore_next(setup.get("next_effect_id", 1))
        return state

    def logged_options(self, setup: dict, options: dict[str, Any]) -> dict[str, Any]:
        """A log leaves out when a division rounds (NICOSW-7.1) if its match divides nowhere."""
        unread = () if divides(setup) else DIVISION_OPTIONS
        return {k: v for k, v in options.items() if k not in unread}

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
            if c.max_mp is not None:  # NICOSW-8.7: only a character with MP has the keys
                entry["mp"], entry["max_mp"] = c.mp, c.max_mp
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
        from . import report  # the text report, imported when one is drawn: replay, simulate and validate draw none

        return report.report_blocks(log, lang=lang, view=view, turns=turns)

    def submission_aliases(self):
        from ...words.aliases import SubmissionAliases

        return SubmissionAliases(
            keys={"行動順": "order", "配置": "placement", "先手時配置": "placement_if_first",
                  "後手時配置": "placement_if_second", "行動": "goes", "降参": "surrender", "再登場": "reenter",
                  "動作": "do", "枠": "slot", "移動方法": "mode", "移動先": "to", "端": "edge", "対象": "target",
                  "部位": "part", "スキル": "skill", "武器": "weapon", "判定": "check", "目標値": "target_number",
                  "内容": "note", "メモ": "note"},
            name_keys=frozenset({"order", "target"}),
            name_maps=frozenset({"placement", "placement_if_first", "placement_if_second", "goes", "reenter"}),
            values={"do": {"移動": "move", "全力移動": "full_move", "退却判定": "retreat", "退却": "retreat",
                           "近接攻撃": "melee", "遠距離攻撃": "ranged", "スキル": "skill", "起き上がる": "stand",
                           "持ち替え": "switch_weapon", "判定": "check", "その他": "other", "自由": "free"},
                    "mode": {"通常移動": "normal_move", "警戒移動": "careful_move"},
                    "slot": {"補助動作": "minor_action", "補助": "minor_action", "主動作": "major_action",
                             "主": "major_action"},
                    "to": {"マップ外": "off"},
                    "check": {"先制": "initiative", "魔物知識": "monster_lore", "攻撃": "attack_check",
                              "防御": "defense_check", "疾走": "sprint", "退却": "retreat", "生死": "death_check",
                              "精神抵抗": "willpower"}},
            then=own_names)

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def summary_hooks(self):
        """``dhproc summary``: who fell (each 生死判定, each character removed) and by whose damage, the skills
        used, no DP."""
        from . import report
        from ...report.summary import SummaryHooks

        return SummaryHooks(kills={"death_check": ("character", None), "removed": ("character", None)},
                            use=report.skill_used, dp=False, killer=report.killer,
                            reads=("damage", "skill", "lasting"))

    def outcome_text(self, log: dict, *, lang: str) -> str:
        from . import report

        return report.outcome_line(log, lang=lang)

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR


def own_names(submissions: Any, node: "yaml.Node | None", setup: dict) -> None:
    """In a turn file, a character's skills and weapons and its target's parts by display name:
    replaced by their ids when a name is exactly one of them (width- and kana-folded); anything
    else is left for the checks to report with a "did you mean". Squares typed full-width
    (「５」) become numbers."""
    from ...words.names import NameIndex

    chars = setup.get("characters") if isinstance(setup, dict) else None
    if not isinstance(submissions, dict) or not isinstance(chars, dict):
        return

    def index(cid: Any, key: str) -> NameIndex:
        data = chars.get(cid) if isinstance(cid, str) else None
        items = data.get(key) if isinstance(data, dict) else None
        return NameIndex.of_entries(items)

    for sub in submissions.values():
        for key in ("placement", "placement_if_first", "placement_if_second", "reenter"):
            squares = sub.get(key) if isinstance(sub, dict) else None
            for cid in list(squares) if isinstance(squares, dict) else ():
                squares[cid] = _square(squares[cid])
        goes = sub.get("goes") if isinstance(sub, dict) else None
        for cid, actions in (goes.items() if isinstance(goes, dict) else ()):
            for a in actions if isinstance(actions, list) else ():
                if not isinstance(a, dict):
                    continue
                if "to" in a:
                    a["to"] = _square(a["to"])
                for key, owner, things in (("skill", cid, "skills"), ("weapon", cid, "weapons"),
                                           ("part", a.get("target"), "parts")):
                    if isinstance(a.get(key), str):
                        found = index(owner, things).resolve(a[key])
                        if found.how == "exact":
                            a[key] = found.id


def _square(value: Any) -> Any:
    """A square typed full-width (「５」, [３, ４]) as the number the schema reads; anything else as written."""
    import unicodedata

    if isinstance(value, list):
        return [_square(v) for v in value]
    if isinstance(value, str):
        text = unicodedata.normalize("NFKC", value).strip()
        if text.isascii() and text.isdigit() and len(text) <= 3:
            return int(text)
    return value


RULESET = NicoswRuleset()
