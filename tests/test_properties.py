"""Property tests: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.drawing import made_once, pick

from dhproc import api
from tests.rulesets.common import said
from dhproc.errors import InputError, ResolutionError
from dhproc.rulesets.dh.abilities import BEFORE_WHEN
from dhproc.rulesets.dh.checks import TERRAIN_KINDS
from dhproc.rulesets.dh.effect_kinds import LASTING
from dhproc.rulesets.dh.model import Square
from dhproc.rulesets.dh.options import OPTIONS

from . import coverage, fuzz, yamltext
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parent.parent


SCHEMA = json.loads((ROOT / "schemas" / "dh.setup.schema.json").read_text(encoding="utf-8"))["$defs"]
ABILITY = SCHEMA["character"]["properties"]["ability"]["properties"]
# Every value the schema allows is drawn: a kind, shape, rider or cost added to the schema is
# generated without a change here.
KINDS = SCHEMA["effect"]["properties"]["kind"]["enum"]
SHAPES = SCHEMA["range"]["properties"]["shape"]["enum"]
STATS = SCHEMA["effect"]["properties"]["stat"]["enum"]
SIDES_OF_TARGETS = SCHEMA["targets"]["properties"]["side"]["enum"]
COUNTS = SCHEMA["targets"]["properties"]["count"]["enum"]
RIDERS = ABILITY["riders"]["items"]["enum"]
COST_KINDS = SCHEMA["cost"]["properties"]["kind"]["enum"]
RESTRICTION_KINDS = SCHEMA["restriction"]["properties"]["kind"]["enum"]
DELAY_KINDS = ("effect_delay", "time_lag")
# 特殊能力付与 (DH-11.22): what a grant gives, written in place or named from the setup's abilities
GIVEN = [{"name": "付与撃", "activation": 90, "range": {"shape": "adjacent", "size": 1}, "targets": {"side": "enemy"},
          "effects": [{"kind": "damage", "amount": 2}]},
         {"name": "付与返し", "style": "counter", "activation": 80, "duration": 1, "counter": {"when": "attacked_by_enemy"},
          "targets": {"side": "enemy"}, "effects": [{"kind": "damage", "amount": 1}]},
         {"name": "付与場", "type": "field", "activation": 70, "duration": 1, "range": {"shape": "around", "size": 1},
          "targets": {"side": "enemy", "count": "multi"}, "effects": [{"kind": "stat_change", "stat": "attack",
                                                                         "amount": -1}]}]
COUNTER_WHEN = ABILITY["counter"]["properties"]["when"]["enum"]
COUNTER_TIMING = ABILITY["counter"]["properties"]["timing"]["enum"]
STYLES = ABILITY["style"]["enum"]
TYPES = ABILITY["type"]["enum"]
GENDERS = SCHEMA["character"]["properties"]["gender"]["enum"]
SEALS = SCHEMA["effect"]["properties"]["seal"]["enum"]
SWAP_STATS = SCHEMA["effect"]["properties"]["stats"]["items"]["enum"]
FORCED_DIRECTIONS = SCHEMA["effect"]["properties"]["direction"]["enum"]  # 強制移動 (DH-11.10)
USE_DIRECTIONS = SCHEMA["use"]["properties"]["direction"]["enum"]
RATES = SCHEMA["effect"]["properties"]["rate"]["enum"]  # 発動率 / 成功率 操作 (DH-11.20)
ROLLS = ["activation", "hit", "success"]  # 応援ボーナス by roll (DH-15.1)
# 機会制約 and 対象制約 (DH-8.15, DH-9.3): conditions on the user, the match and the target
WHEN = [{"of": "self", "attr": "hp", "at_most": 3}, {"of": "match", "attr": "deaths_last_phase", "at_least": 1},
        {"any": [{"of": "self", "attr": "states", "includes": "dying"}, {"of": "match", "attr": "turn", "above": 1}]}]
ONLY = [{"of": "target", "attr": "gender", "equals": "female"}, {"of": "target", "attr": "grade", "at_most": 2},
        {"of": "target", "attr": "states", "includes": "secret"}, {"not": {"of": "target", "attr": "hp", "below": 3}}]


def amounts(lo: int = -999, hi: int = 999):
    """Mostly small, sometimes the schema's extremes (a huge number among them)."""
    return st.one_of(st.integers(max(lo, -3), 5), pick([lo, hi, 0]), st.integers(lo, hi))


def now_and_then(draw, wrong: bool, one_in: int) -> bool:
    """A deliberate input error, drawn only in the matches chosen to carry errors (about one in
    four): the others must resolve, so that every effect kind is seen taking effect."""
    return wrong and draw(st.integers(0, one_in - 1)) == 0


LINE_DIRECTIONS = SCHEMA["range"]["properties"]["direction"]["enum"]  # 一方向 (DH-9.6)


@made_once
@st.composite
def ranges(draw, wrong: bool = True) -> dict:
    r = draw(st.fixed_dictionaries({"shape": pick(SHAPES)},
                                   optional={"size": st.one_of(st.integers(0, 3), pick([0, 50]))}))
    # a line's direction, fixed or chosen; now and then one on another shape (an input error)
    if (r["shape"] == "line" and draw(st.booleans())) or now_and_then(draw, wrong, 31):
        r["direction"] = draw(pick(LINE_DIRECTIONS))
    return r


@st.composite
def effects(draw, bench: list[str], wrong: bool = True) -> dict:
    kind = draw(pick(KINDS))
    e: dict = {"kind": kind}
    if kind in ("damage", "heal", "stat_change"):  # hp for stat_change: rarely
        e["stat"] = draw(pick(STATS if kind != "stat_change" or draw(st.integers(0, 9)) == 0
                                         else [x for x in STATS if x != "hp"]))
    if kind == "damage_reduction" and draw(st.booleans()):  # ステータスダメージ軽減 of one stat, or of all
        e["stat"] = draw(pick(STATS))
    if kind in ("damage", "heal", "stat_change", "movement_change", "dp_gain", "revive", "damage_reduction"):
        e["amount"] = draw(amounts(-999 if kind in ("stat_change", "movement_change") else 0))
        if kind == "damage" and draw(st.integers(0, 3)) == 0:
            e["amount"] = draw(st.one_of(st.just("half"), st.builds(lambda s: {"own": s}, pick(STATS))))
    if kind == "seal":  # 封印系 (DH-11.15): what it stops, or now and then nothing named (an input error)
        if not now_and_then(draw, wrong, 10):
            e["seal"] = draw(pick(SEALS))
    if kind == "grant_ability":  # 特殊能力付与 (DH-11.22): in place, by name, or (an input error without it) unknown
        form = draw(st.integers(0, 9 if wrong else 8))
        given = draw(pick(GIVEN))
        e["ability"] = given if form < 5 else (given["name"] if form < 9 else "無い能力")
    if kind == "stat_swap":  # ステータス入れ替え (DH-11.21): two own stats, one with the user, or (an input error) neither
        form = draw(st.integers(0, 9 if wrong else 8))
        if form < 5:
            e["stats"] = draw(st.lists(pick(SWAP_STATS), min_size=2, max_size=2, unique=True))
        elif form < 9:
            e["with_user"], e["stat"] = True, draw(pick(STATS if wrong else [x for x in STATS if x != "hp"]))
    if kind == "rate_change":  # 発動率 / 成功率 操作 (DH-11.20); now and then without rate or with both (errors)
        if not now_and_then(draw, wrong, 10):
            e["rate"] = draw(pick(RATES))
        how = draw(pick(["amount", "amount", "half", "set", "set"] + (["both"] if wrong else [])))
        if how in ("amount", "both"):
            e["amount"] = draw(st.one_of(st.integers(-60, 60), pick([-999, 999])))
        if how == "half":
            e["amount"] = "half"
        if how in ("set", "both"):
            e["set"] = draw(st.integers(0, 100))
    if kind == "forced_move":
        e["squares"] = draw(st.integers(1, 20))
        if draw(st.booleans()):
            e["direction"] = draw(pick(FORCED_DIRECTIONS))
    if kind == "withdraw" and draw(st.booleans()):
        e["permanent"] = True
    if kind == "summon" and bench and draw(st.booleans()):
        e["character"] = draw(pick(bench))
    if "amount" in e and now_and_then(draw, wrong, 10):  # below the schema's minimum where it has one
        e["amount"] = -1
    if draw(st.integers(0, 4)) == 0:
        e["range"] = draw(ranges(wrong))
    if draw(st.integers(0, 4)) == 0:
        e["targets"] = {"side": draw(pick(SIDES_OF_TARGETS)), "count": draw(pick(COUNTS))}
    if draw(st.integers(0, 5)) == 0:
        e["empty_fire"] = True
    return e


@st.composite
def abilities(draw, bench: list[str] = (), wrong: bool = True) -> dict:
    style = draw(pick(STYLES))
    typ = draw(pick(TYPES))
    ab = {"name": "能力", "style": style, "type": typ,
          "activation": draw(st.one_of(st.integers(0, 100), st.integers(60, 100), pick([100, 1000]))),
          "success": draw(st.one_of(st.integers(0, 100), st.integers(60, 100), pick([100, 1000]))),
          "duration": draw(st.one_of(st.integers(1, 3), st.integers(1, 3), pick([0, 100, "permanent"]))),
          "range": draw(ranges(wrong)),
          "targets": {"side": draw(pick(SIDES_OF_TARGETS)), "count": draw(pick(COUNTS))},
          "effects": draw(st.lists(effects(list(bench), wrong), min_size=1, max_size=3)),
          "riders": draw(st.lists(pick(RIDERS), max_size=3, unique=True))}
    if draw(st.booleans()):
        ab["costs"] = draw(st.lists(st.builds(
            lambda kind, stat, amount, turns, by_ally: {
                "kind": kind, **({"stat": stat, "amount": amount} if kind == "stat" else {}),
                **({"amount": amount} if kind in ("movement", "dp", "dp_gift") else {}),
                **({"turns": turns} if kind == "extra_rest" else {}), **({"by_ally": True} if by_ally else {})},
            pick(COST_KINDS), pick(STATS), st.one_of(st.integers(0, 3), st.just(999)),
            st.integers(1, 3), st.integers(0, 5).map(lambda n: n == 0)), max_size=2))
    if draw(st.booleans()):
        ab["restrictions"] = draw(st.lists(st.builds(
            lambda kind, n, when, unit: {"kind": kind, **({"count": n} if kind == "uses" else {}),
                                         **({"turns": [n]} if kind == "turns" else {}),
                                         **({"when": when} if kind == "condition" else {}),
                                         # 効果遅延 / 時間差攻撃 (DH-10.7): now and then no delay (an input error)
                                         **({"delay": n - 1, **unit} if kind in DELAY_KINDS and n > 1 else {}),
                                         **({"effects": [n]} if kind in DELAY_KINDS and n == 3 else {})},
            pick(RESTRICTION_KINDS), st.integers(1, 3), pick(WHEN),
            pick([{}, {"unit": "phase"}, {"unit": "turn"}])), max_size=2))
    if draw(st.integers(0, 5)) == 0:  # カウント遅延（準備型） (DH-10.8)
        ab["prepared"] = {"turns": draw(st.integers(1, 2))}
    if draw(st.booleans()):
        ab["targets"]["only"] = draw(pick(ONLY))
    if ab["targets"]["count"] == "up_to":
        ab["targets"]["max"] = draw(st.integers(1, 3))
    if style == "counter":
        ab["counter"] = {"when": draw(pick(COUNTER_WHEN))}
        if draw(st.booleans()):
            ab["counter"]["times"] = draw(st.integers(1, 2))  # 待受回数 (DH-8.16)
        if draw(st.booleans()):  # タイミング (DH-8.17); before on a condition without that moment: an input error
            ab["counter"]["timing"] = draw(pick(COUNTER_TIMING))
    if style == "passive" and draw(st.integers(0, 3)) == 0:  # a パッシブ's line direction at game start (DH-9.6)
        ab["start"] = {"direction": draw(pick(USE_DIRECTIONS))}
    if not wrong:
        _make_valid(ab)
    return ab


# Kinds a random ability seldom brings to use (a 瀕死 on an enemy, 再行動 or 移動カウンター突破 on its
# user, a heal on anyone, a 発動率 / 成功率 操作 on anyone): whom each surely reaches
SURE_TARGETS = {"heal": "any", "dying": "enemy", "extra_action": "self", "counter_pass": "self", "rate_change": "any"}


@st.composite
def sure_abilities(draw) -> dict:
    """An active ability of one of the kinds random abilities seldom bring to use, that its user
    can use on anyone on the MAP of the side it takes (every one of them, so no target is named),
    with no 制約 and sure rolls: used in a match meant to resolve, it takes effect."""
    # (a permutation's head: under the derandomised coverage profile sampled_from never drew one of the five)
    kind = draw(st.permutations(sorted(SURE_TARGETS)))[0]
    effect: dict = {"kind": kind}
    if kind == "heal":
        effect.update(stat="hp", amount=draw(st.integers(1, 5)))
    if kind == "rate_change":
        effect.update(rate=draw(pick(RATES)),
                      **draw(pick([{"amount": -30}, {"amount": 20}, {"amount": "half"}, {"set": 100}])))
    return {"name": "能力", "style": "active", "type": "instant", "activation": 100, "success": 100,
            "duration": draw(st.integers(1, 3)), "range": {"shape": "map"},
            "targets": {"side": SURE_TARGETS[kind], "count": "multi"}, "effects": [effect]}


def _make_valid(ab: dict) -> None:
    """An ability of a match meant to resolve: what the static checks of dhproc/rulesets/dh/checks.py
    refuse is mended, so that its effects are seen taking effect."""
    if any(e["kind"] in LASTING + TERRAIN_KINDS for e in ab["effects"]) and ab["duration"] == 0:
        ab["duration"] = 1  # a lasting effect lasts (DH-8.4)
    if ab.get("counter", {}).get("timing") == "before" and ab["counter"]["when"] not in BEFORE_WHEN:
        ab["counter"]["timing"] = "after"  # DH-8.17
    may_wait = ab["style"] != "counter" and not any(e["kind"] == "extra_action" for e in ab["effects"])
    if not may_wait:
        ab.pop("prepared", None)
    ab["restrictions"] = [r for r in ab.get("restrictions", []) if r["kind"] not in DELAY_KINDS or may_wait]
    for r in ab["restrictions"]:
        if r["kind"] in DELAY_KINDS:  # DH-10.7: it waits a while, for all the effects
            r.setdefault("delay", 1)
            r.pop("effects", None)
            if r["kind"] == "time_lag" and any((e.get("targets") or ab["targets"])["side"] != "enemy"
                                               for e in ab["effects"]):
                r["kind"] = "effect_delay"  # a 時間差攻撃 aims at enemies


SUMMON_TARGETS = ["own bench", "own bench", "own bench", "own starter", "enemy bench", "enemy starter", "none"]


@st.composite
def dh_matches(draw) -> str:
    wrong = draw(st.integers(0, 3)) == 0  # a match that carries deliberate input errors
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 6))
    squares = [Square(r, c) for r in range(rows) for c in range(cols)]
    walls = draw(st.lists(pick(squares), max_size=min(4, len(squares) - 2), unique=True))
    free = [s for s in squares if s not in walls]
    mid = draw(st.integers(0, 3)) == 0  # a match continued mid-campaign (DH-12.1)
    n = draw(st.integers(2, min(8, len(free))))
    places = draw(st.permutations(free))[:n]
    if mid:  # shared squares, as in play
        places = [draw(pick(places[: i + 1])) if draw(st.booleans()) else sq for i, sq in enumerate(places)]
    sides = ["red", "blue"]
    chars = {}
    sure_users = set()  # those with a sure_abilities ability: they use it whenever they act
    for i, sq in enumerate(places):
        side = sides[i % 2]
        chars[f"c{i}"] = {"name": f"キャラ{i}", "side": side, "attack": draw(st.integers(0, 20)),
                          "defense": draw(st.integers(0, 20)), "hp": draw(st.integers(1, 8)),
                          "spirit": draw(st.integers(0, 5)), "fs": 5, "at": sq.label,
                          "gender": draw(pick(GENDERS)), "grade": draw(st.integers(1, 3))}
        if draw(st.integers(0, 9)) == 0:
            chars[f"c{i}"]["movement"] = draw(pick([0, 1, 20]))
    for i in range(draw(st.integers(2, 4))):  # 控え: bench characters, on both sides
        chars[f"b{i}"] = {"name": f"控え{i}", "side": sides[i % 2], "attack": 5, "defense": 5,
                          "hp": draw(st.integers(1, 8)), "spirit": 3, "fs": 5}
    bench = {s: [c for c, v in chars.items() if v["side"] == s and "at" not in v] for s in sides}
    for cid in [c for c, v in chars.items() if "at" in v]:
        if draw(st.booleans()):
            sure = not wrong and draw(st.integers(0, 2)) == 0  # now and then one that surely reaches its targets
            chars[cid]["ability"] = draw(sure_abilities() if sure else abilities(bench[chars[cid]["side"]], wrong))
            if sure:
                sure_users.add(cid)
    leaders = {s: next(c for c, v in chars.items() if v["side"] == s) for s in sides}
    start = draw(st.integers(2, 4)) if mid else 1
    transfer = draw(st.integers(0, 2)) == 0  # 転校生 (DH-14): a third side the GK plays
    if transfer:
        _transfer_students(draw, chars, [s for s in free if s not in places] or places, start, wrong)
    effects_in_play: list[dict] = []
    if mid:
        now = (start - 1) * (3 if transfer else 2)
        for cid, c in chars.items():
            if "at" not in c:
                continue
            if draw(st.integers(0, 5)) == 0 and cid not in leaders.values():
                c["dead"] = True
            elif draw(st.booleans()):
                c["current"] = {"hp": draw(st.integers(1, c["hp"])), "spirit": draw(st.integers(0, c["spirit"]))}
            if draw(st.integers(0, 3)) == 0 and not c.get("dead"):
                effects_in_play.append(draw(pick([
                    {"kind": "ability_rest", "bearer": cid, "start": now, "end": now + 2},
                    {"kind": "stat_change", "bearer": cid, "stat": "attack", "amount": draw(st.integers(-3, 3)),
                     "start": now, "end": now + draw(st.integers(1, 4))},
                    {"kind": "incapacitate", "bearer": cid, "start": now, "end": None},
                    {"kind": "barrier", "bearer": cid, "start": now, "end": now + 3},
                    {"kind": "rate_change", "bearer": cid, "rate": draw(pick(RATES)),  # DH-11.20
                     **draw(pick([{"amount": -40}, {"amount": 30}, {"amount": "half"}, {"set": 0},
                                             {"set": 100}])), "start": now, "end": now + draw(st.integers(2, 4))}])))
        for i, e in enumerate(effects_in_play, start=1):
            e["id"] = i
    options = {o.id: draw(pick(o.choices)) if o.choices else o.default
               for o in OPTIONS if draw(st.booleans()) and (wrong or o.id != "placement_columns")}
    # 応援ボーナス pools (DH-15): mostly large enough, sometimes short (DH-15.4), or none
    pools = {s: draw(pick([None, None, 0, 15, 200, 200])) for s in sides}
    turns = []
    for t in range(start, start + draw(st.integers(1, 3))):
        subs = {}
        for side in sides + (["gk"] if transfer and draw(st.integers(0, 3)) else []):  # the GK may write nothing
            # the bench acts now and then (a cancel), the starters mostly
            mine = [c for c, v in chars.items() if v["side"] == side and ("at" in v or draw(st.integers(0, 5)) == 0)]
            acts = []
            order = draw(st.permutations(mine))
            cut = draw(st.integers(0, len(mine)))
            for who in order[:cut] + [c for c in order[cut:] if c in sure_users]:
                act = {"who": who}
                if who not in sure_users and draw(st.booleans()):  # (a move out of reach cancels the 行動)
                    act["to"] = draw(pick(squares)).label
                ability = chars[who].get("ability")
                if ability and (who in sure_users or draw(st.integers(0, 3))):
                    use = {}
                    if draw(st.booleans()):
                        use["targets"] = draw(st.lists(pick(_likely_targets(draw, chars, who, ability)),
                                                       min_size=1, max_size=2))
                    if draw(st.booleans()):
                        use["at"] = draw(pick(squares)).label
                    if draw(st.integers(0, 3)) == 0:
                        use["direction"] = draw(pick(USE_DIRECTIONS))
                    if any(e["kind"] == "summon" for e in ability["effects"]):
                        use.update(_summon_choice(draw, chars, side, wrong))
                    if now_and_then(draw, wrong, 2):  # a given ability (DH-11.22), given or not, or its own name
                        use["name"] = draw(pick([g["name"] for g in GIVEN] + [ability["name"]]))
                    act["ability"] = use
                elif not ability and now_and_then(draw, wrong, 3):  # no own ability: only a given one
                    act["ability"] = {"name": draw(pick(GIVEN))["name"],
                                      "targets": [draw(pick(sorted(chars)))]}
                elif draw(st.booleans()):
                    act["attack"] = draw(pick(sorted(chars)))
                if ability and "prepared" in ability and draw(st.booleans()):  # 準備型's targets, named later
                    act["prepared"] = {"targets": draw(st.lists(pick(sorted(chars)), min_size=1, max_size=2))}
                    if draw(st.booleans()):
                        act = {"who": who, "prepared": act["prepared"]}  # no 行動, only the choice
                elif now_and_then(draw, wrong, 10):  # on a character without a 準備型 ability: an input error
                    act["prepared"] = {"targets": [draw(pick(sorted(chars)))]}
                if ("attack" in act or "ability" in act) and \
                        (draw(st.integers(0, 3)) == 0 if pools.get(side) is not None else now_and_then(draw, wrong, 15)):
                    act["bonus"] = _bonus(draw, act, ability)
                acts.append(act)
            controls = [t for a in acts if "ability" in a and any(
                            e["kind"] == "control" for e in (chars[a["who"]].get("ability") or {}).get("effects", []))
                        for t in a["ability"].get("targets", [])[:1] if chars[t]["side"] != side]
            if controls and draw(st.booleans()):  # the character just put under control, told what to do
                acts.append({"who": controls[0], "controlled": True, "to": draw(pick(squares)).label})
            elif draw(st.integers(0, 5)) == 0:  # 完全操作 (DH-2.5): an enemy's 行動, rarely an own one (an error)
                theirs = [c for c, v in chars.items() if v["side"] != side or now_and_then(draw, wrong, 10)]
                acts.append({"who": draw(pick(theirs)), "controlled": True,
                             **({"to": draw(pick(squares)).label} if draw(st.booleans()) else {})})
            subs[side] = acts
        turns.append({"turn": t, "submissions": subs})
    match = {"dhproc": 1, "ruleset": "dh", "seed": draw(st.integers(0, 2**40)), "options": options,
             "setup": {"map": {"rows": rows, "cols": cols, "walls": [w.label for w in walls]},
                       "first": draw(pick(sides)), "turn_limit": draw(st.integers(start, start + 3)),
                       "sides": {s: {"name": s, "leader": leaders[s]} for s in sides}, "characters": chars},
             "turns": turns}
    if draw(st.booleans()):  # what a 特殊能力付与 may give by name (DH-11.22)
        match["setup"]["abilities"] = GIVEN
    if transfer:
        match["setup"]["sides"]["gk"] = {"name": "転校生", "transfer": True}
    if draw(st.integers(0, 5)) == 0:  # 封印キャラ (DH-4.6): one of the 先攻 side's starters
        firsts = [c for c, v in chars.items() if v["side"] == match["setup"]["first"] and "at" in v]
        if firsts:
            match["setup"]["sealed_character"] = draw(pick(firsts))
    if draw(st.integers(0, 3)) == 0:  # 増援 (DH-2.6): a schedule of arrivals from the bench
        match["setup"]["reinforcements"] = [
            {"side": draw(pick(sides)), "turn": draw(st.integers(start, start + 2)),
             "count": draw(st.integers(1, 2)), "area": [sq.label for sq in draw(st.lists(pick(squares),
                                                                                        min_size=1, max_size=3))]}
            for _ in range(draw(st.integers(1, 2)))]
    for s_ in sides:
        if pools[s_] is not None:
            match["setup"]["sides"][s_]["bonus"] = pools[s_]
    if mid:
        match["setup"].update(start_turn=start, effects=effects_in_play)
        for s_ in sides:
            match["setup"]["sides"][s_]["dp"] = draw(st.integers(0, 3))
    for odd in (1.5, 10**12, -1):  # a number no schema allows: a float, far past a bound, below one
        if now_and_then(draw, wrong, 8):  # each kind on its own draw: a choice of the three favoured the first
            chars[draw(pick(sorted(chars)))][draw(pick(["hp", "attack", "spirit"]))] = odd
    return yaml.safe_dump(match, allow_unicode=True, sort_keys=False)


def _likely_targets(draw, chars: dict, who: str, ability: dict) -> list[str]:
    """Whom a use names: mostly those on the map of the side its targets are on, now and then anyone."""
    side = ability["targets"]["side"]
    fits = [c for c, v in chars.items() if "at" in v and not v.get("dead")
            and {"enemy": v["side"] != chars[who]["side"], "ally": v["side"] == chars[who]["side"] and c != who,
                 "self": c == who}.get(side, True)]
    return fits if fits and draw(st.integers(0, 4)) else sorted(chars)


def _bonus(draw, act: dict, ability: dict | None) -> int | dict:
    """応援ボーナス for a 行動 (DH-15.1): mostly on a roll it makes, within the cap; now and then any
    roll and amount (an input error, or a 成功判定 the option may allow)."""
    if draw(st.integers(0, 14)) == 0:
        return draw(st.one_of(st.integers(1, 15), st.dictionaries(pick(ROLLS), st.integers(1, 40),
                                                                    min_size=1, max_size=2)))
    if "attack" in act:
        return draw(st.integers(1, 40))
    if "ability" in act and any(e["kind"] == "normal_attack" for e in (ability or {}).get("effects", [])) \
            and draw(st.booleans()):  # (a character without an ability of its own may use a given one)
        return {"hit": draw(st.integers(1, 40)), **({"activation": draw(st.integers(1, 10))}
                                                    if draw(st.booleans()) else {})}
    return draw(st.integers(1, 10))


def _transfer_students(draw, chars: dict, squares: list, start: int, wrong: bool) -> None:
    """One or two 転校生 with what their sheets may say: 所持DP, ZoC, a later arrival, auto-success."""
    pool = draw(st.permutations(squares))
    for i in range(draw(st.integers(1, 2))):
        t = {"name": f"転校生{i}", "side": "gk", "attack": draw(st.integers(0, 20)), "defense": draw(st.integers(0, 20)),
             "hp": draw(st.integers(1, 8)), "spirit": draw(st.integers(0, 5)), "fs": 5,
             "at": pool[i % len(pool)].label}
        for key, values in (("held_dp", st.integers(0, 3)), ("zoc", st.booleans()),
                            ("arrives", st.integers(start, start + 2)), ("auto_success", st.booleans())):
            if draw(st.booleans()):
                t[key] = draw(values)
        if draw(st.booleans()):
            t["ability"] = draw(abilities([], wrong=wrong))
        chars[f"t{i}"] = t


def _summon_choice(draw, chars: dict, side: str, wrong: bool) -> dict:
    """A summon target of every kind: the own bench (valid), an own starter, an enemy, nobody (the
    others only in a match that carries errors)."""
    kind = draw(pick(SUMMON_TARGETS if wrong else ["own bench"]))
    pool = [c for c, v in chars.items() if (v["side"] == side) == kind.startswith("own")
            and ("at" in v) == kind.endswith("starter")]
    if kind == "none" or not pool:
        return {}
    return {"summon": draw(pick(pool))}


def summon_target(match: dict, use: dict, side: str) -> str:
    cid = use.get("summon")
    if cid is None:
        return "none named"
    c = match["setup"]["characters"][cid]
    return ("own " if c["side"] == side else "enemy ") + ("starter" if "at" in c else "bench")


def odd_numbers(chars: dict) -> list[str]:
    """The numbers no schema allows that a match carries (a float, a huge or a negative stat)."""
    return sorted({"float" if isinstance(v, float) else "huge" if v > 10**6 else "negative"
                   for c in chars.values() if isinstance(c, dict) for k in ("hp", "attack", "spirit")
                   if isinstance(v := c.get(k), (int, float)) and (isinstance(v, float) or v > 10**6 or v < 0)})


def note_drawn_and_fired(data: dict, log: dict | None) -> None:
    """python tests/coverage.py: what this match drew against what took effect in its log."""
    coverage.generated("dh")
    chars = data["setup"]["characters"]
    abilities_ = {cid: c["ability"] for cid, c in chars.items() if isinstance(c, dict) and "ability" in c}
    events = [e for t in (log or {}).get("turns", []) for e in t["events"]]
    used = [e for e in events if e["kind"] == "ability"]
    coverage.drawn_and_fired("dh", "effect kind", [e["kind"] for a in abilities_.values() for e in a["effects"]],
                             [eff["kind"] for e in used for eff in e["effects"]], expected=KINDS)
    coverage.drawn_and_fired("dh", "range shape", [a["range"]["shape"] for a in abilities_.values()],
                             [abilities_[e["actor"]]["range"]["shape"] for e in used
                              if e["actor"] in abilities_ and not e.get("granted")], expected=SHAPES)
    coverage.drawn_and_fired("dh", "ability targets", [a["targets"]["side"] for a in abilities_.values()],
                             [abilities_[e["actor"]]["targets"]["side"] for e in used
                              if e["actor"] in abilities_ and not e.get("granted")], expected=SIDES_OF_TARGETS)
    summoned = [e for e in used if any(eff["kind"] == "summon" for eff in e["effects"])]
    coverage.drawn_and_fired("dh", "summon target", [summon_target(data, act["ability"], side)
                                                     for t in data["turns"] for side, acts in t["submissions"].items()
                                                     for act in acts if "ability" in act and act["who"] in abilities_
                                                     and any(e["kind"] == "summon"
                                                             for e in abilities_[act["who"]]["effects"])],
                             ["own bench"] * bool(summoned))
    coverage.drawn_and_fired("dh", "walls", ["walls on the map"] * bool(data["setup"]["map"]["walls"]),
                             ["walls on the map"] * any(e["kind"] == "cancel" and e["reason"] in ("wall", "no_route")
                                                        or e["kind"] == "ability" and any(
                                                            eff["kind"].startswith("wall_") for eff in e["effects"])
                                                        for e in events))
    coverage.drawn_and_fired("dh", "number no schema allows", odd_numbers(chars),
                             odd_numbers(chars) if log is None else [])
    coverage.drawn_and_fired("dh", "match", ["resolved, not refused as input"],
                             ["resolved, not refused as input"] * bool(log))


def note_generated(data: dict, log: dict | None) -> None:
    """What this match used (tests/coverage.py): drawn in the setup, and fired in the log."""
    note_drawn_and_fired(data, log)
    chars = data["setup"]["characters"]
    abilities_ = [c["ability"] for c in chars.values() if isinstance(c, dict) and "ability" in c]
    coverage.note("effect kinds in setups", [e["kind"] for a in abilities_ for e in a["effects"]])
    coverage.note("forced move directions", [e.get("direction", "chosen") for a in abilities_ for e in a["effects"]
                                             if e["kind"] == "forced_move"])
    coverage.note("range shapes", [a["range"]["shape"] for a in abilities_]
                  + [e["range"]["shape"] for a in abilities_ for e in a["effects"] if "range" in e])
    coverage.note("line directions", [r.get("direction", "chosen") for a in abilities_
                                      for r in [a["range"]] + [e["range"] for e in a["effects"] if "range" in e]
                                      if r["shape"] == "line"])
    coverage.note("summon targets", [summon_target(data, act["ability"], side)
                                     for t in data["turns"] for side, acts in t["submissions"].items()
                                     for act in acts if "ability" in act
                                     and any(e["kind"] == "summon"
                                             for e in (chars[act["who"]].get("ability") or {}).get("effects", []))])
    coverage.note("counter timings", [a["counter"].get("timing", "after") for a in abilities_ if "counter" in a])
    coverage.note("delays", [r["kind"] + ("" if "delay" in r else " without delay") + " " + r.get("unit", "turn")
                             for a in abilities_ for r in a.get("restrictions", []) if r["kind"] in DELAY_KINDS]
                  + ["prepared" for a in abilities_ if "prepared" in a])
    coverage.note("grants", ["in place" if isinstance(e.get("ability"), dict) else
                             ("by name" if e.get("ability") in [g["name"] for g in GIVEN] else "unknown name")
                             for a in abilities_ for e in a["effects"] if e["kind"] == "grant_ability"])
    coverage.note("stat swaps", ["with user " + e.get("stat", "?") if e.get("with_user") else
                                 ("two stats" if "stats" in e else "none named")
                                 for a in abilities_ for e in a["effects"] if e["kind"] == "stat_swap"])
    coverage.note("seals", [e.get("seal", "none named") for a in abilities_ for e in a["effects"] if e["kind"] == "seal"])
    coverage.note("rate changes", [("set" if "set" in e else "half" if e.get("amount") == "half" else "amount")
                                   + " of " + e.get("rate", "none named")
                                   for a in abilities_ for e in a["effects"] if e["kind"] == "rate_change"])
    coverage.note("応援ボーナス", ["declared " + (r if isinstance(act["bonus"], dict) else "as a number")
                                  for t in data["turns"] for acts in t["submissions"].values() for act in acts
                                  if "bonus" in act
                                  for r in (act["bonus"] if isinstance(act["bonus"], dict) else [None])])
    coverage.note("controlled actions", ["written" for t in data["turns"] for acts in t["submissions"].values()
                                         for act in acts if act.get("controlled")])
    coverage.note("matches", ["input error" if log is None else "resolved"]
                  + (["mid-campaign start"] if "start_turn" in data["setup"] else []))
    transfer = [c for c in chars.values() if isinstance(c, dict) and c.get("side") == "gk"]
    coverage.note("転校生", (["with 転校生"] if transfer else ["two sides"])
                  + [key for c in transfer for key in ("held_dp", "zoc", "arrives", "auto_success") if key in c])
    if log is not None and transfer:
        events = [e for t in log["turns"] for e in t["events"]]
        coverage.note("転校生 events", [e["kind"] for e in events if e["kind"] == "transfer_arrival"]
                      + ["dp for a 転校生" for e in events if e["kind"] == "dp" and e.get("transfer")]
                      + ["no dp: " + e["reason"] for e in events if e["kind"] == "dp_none"]
                      + ["phase 3 action" for e in events if e["kind"] == "action" and e["actor"] in
                         [cid for cid, c in chars.items() if isinstance(c, dict) and c.get("side") == "gk"]]
                      + ["auto-success" for e in events if e["kind"] == "check" and e.get("auto")])
    if log is not None:
        coverage.note("sealed character", [e["kind"] for t in log["turns"] for e in t["events"]
                                           if e["kind"] == "sealed_arrival"])
        coverage.note("reinforcements", [e.get("reason", "arrived") for t in log["turns"] for e in t["events"]
                                         if e["kind"] == "reinforcement"])
        fired = [eff["kind"] for t in log["turns"] for e in t["events"] if e["kind"] == "ability"
                 for eff in e["effects"]]
        coverage.note("effect kinds fired", fired)
        coverage.note("grants", ["given ability used" for t in log["turns"] for e in t["events"]
                                 if e["kind"] == "ability" and e.get("granted")])
        coverage.note("delays", [e["kind"] + (" prepared" if e.get("prepared") else "") for t in log["turns"]
                                 for e in t["events"] if e["kind"] in ("effect_delayed", "effect_lands")])
        coverage.note("cancel reasons", [e["reason"] for t in log["turns"] for e in t["events"] if e["kind"] == "cancel"])
        coverage.note("attacks", ["made" for t in log["turns"] for e in t["events"] if e["kind"] == "attack"])
        coverage.note("controlled actions", ["taken" for t in log["turns"] for e in t["events"]
                                             if e["kind"] == "action" and e.get("controlled_by")])
        coverage.note("counter timings", ["fired " + e.get("timing", "after") for t in log["turns"]
                                          for e in t["events"] if e["kind"] == "counter_fire"])
        coverage.note("rate changes", ["rolled " + w["how"] for t in log["turns"] for e in t["events"]
                                       if e["kind"] == "check" for w in e.get("working", [])])
        coverage.note("応援ボーナス", [f"{e['check']} " + ("spent" if e["spent"] else "kept") for t in log["turns"]
                                      for e in t["events"] if e["kind"] == "support"])
    places = [c["at"] for c in chars.values() if isinstance(c, dict) and "at" in c]
    coverage.note("shared squares", ["at the start"] if len(places) != len(set(places)) else [])


def _resolve_playable(text: str) -> tuple[dict, str]:
    """Resolve, dropping turns after the match was decided (those are an input error by design)."""
    data = yamltext.load(text)
    while True:
        try:
            return api.resolve(api.loads(text, name="m.yaml")), text
        except ResolutionError as exc:
            if "応援ボーナス points left" in str(exc):  # DH-15.4: located, found when the roll is made
                raise
            assert said(str(exc), "turn.after_end"), str(exc)
            data["turns"] = data["turns"][:-1]
            text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@given(text=dh_matches())
def test_determinism_replay_and_invariants(text: str, tmp_path_factory) -> None:
    try:
        log, text = _resolve_playable(text)
    except InputError as exc:  # wrong whatever happens: every problem located, never a crash
        assert exc.problems and all(p.line is not None and p.col is not None for p in exc.problems), \
            [p.format() for p in exc.problems]
        note_generated(yamltext.load(text), None)
        return
    note_generated(yamltext.load(text), log)
    again = api.resolve(api.loads(text, name="m.yaml"))
    assert api.dumps(again) == api.dumps(log)

    path = tmp_path_factory.mktemp("replay") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None

    setup = yamltext.load(text)["setup"]  # a mid-campaign start brings its dead and its DP
    dead = {cid for cid, c in setup["characters"].items() if c.get("dead")}
    dp = {s: v.get("dp", 0) for s, v in setup["sides"].items()}
    pools = {s: v["bonus"] for s, v in setup["sides"].items() if "bonus" in v}  # 応援ボーナス (DH-15)
    for turn in log["turns"]:
        for e in turn["events"]:
            actor = e.get("actor")
            # a forced move, or an ability's attack (a `killed` counter strikes as its user dies), is not a 行動
            if e["kind"] in ("move", "attack") and actor is not None and not e.get("forced_by") \
                    and "ability" not in e:
                assert actor not in dead, f"{actor} acted after its death: {e}"
            if e["kind"] == "revive":
                dead.discard(e["character"])
            if e["kind"] == "damage":
                assert e["after"] >= 0 and e["after"] == max(0, e["before"] - e["amount"])
            if e["kind"] == "death":
                dead.add(e["character"])
            if e["kind"] == "dp":
                dp[e["side"]] += e["amount"]
                assert e["total"] == dp[e["side"]]
            if e["kind"] == "support":  # spent from the side's pool, never below 0 (DH-15.3, DH-15.4)
                pools[e["side"]] -= e["spent"]
                assert e["remaining"] == pools[e["side"]] >= 0 and e["spent"] in (0, e["points"])
            if e["kind"] == "check" and "working" in e:  # DH-11.20: within 0–100 once changed
                assert 0 <= e["rate"] <= 100
            if e["kind"] == "cost" and "total" in e:  # DP消費 and 献上 move the totals too
                assert e["total"] == dp[e["side"]] + (e["paid"] if e["cost"] == "dp_gift" else -e["paid"])
                dp[e["side"]] = e["total"]
    for cid, c in log["state"]["characters"].items():
        assert c["hp"] >= 0 and c["spirit"] >= 0
        assert ("dead" in c["states"]) == (cid in dead)
        assert "dead" not in c["states"] or c["hp"] == 0
    assert {s: v["dp"] for s, v in log["state"]["sides"].items()} == dp
    assert {s: v["bonus"] for s, v in log["state"]["sides"].items() if "bonus" in v} == pools
    for lang in ("ja", "en"):
        assert api.render(log, lang=lang)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "dh").glob("*.yaml")}


@given(name=pick(sorted(EXAMPLE)), mutations=fuzz.edits(["Ｂ３"]))
def test_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path, entry=name)
