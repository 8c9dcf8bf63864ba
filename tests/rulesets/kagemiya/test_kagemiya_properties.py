"""Property tests for kagemiya: determinism, replay round trip, invariants, no traceback on broken input."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.drawing import made_once, pick

from dhproc import api
from tests.rulesets.common import said
from dhproc.errors import ResolutionError
from dhproc.rulesets.kagemiya.model import ATTACKS, CHECK_STAT, CHECKS, RANKS
from dhproc.rulesets.kagemiya.options import OPTIONS

from ... import coverage, fuzz
import pytest

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parents[3]
STAT_KEYS = ("strength", "endurance", "agility", "mana", "luck")
RANK_TEXTS = sorted(RANKS) + ["B-", "A+-", "EX-"]  # every rank, and ranks with a trailing '-' (KAGEMIYA-1.3)


def stat():
    """A rank (E … EX, A++, with a trailing '-') or a number 0..20, as the schema allows."""
    return st.one_of(st.integers(0, 20), pick(RANK_TEXTS))


def small_stat():
    """A stat that keeps pools small (most draws), so a run stays quick."""
    return st.one_of(st.integers(0, 6), pick(RANK_TEXTS))


@made_once
@st.composite
def resource(draw, rid: str, kind: str) -> dict:
    r = {"id": rid, "on": draw(st.lists(pick(CHECKS), min_size=1, max_size=4, unique=True)),
         "dice": draw(st.integers(-2, 3)), "sides": draw(st.integers(-4, 3)), "modifier": draw(st.integers(-3, 8))}
    if draw(st.booleans()):
        r["name"] = draw(pick(["直感", "魔力放出", "対魔力", "約束された勝利の剣", "気配遮断", "ｶﾞﾝﾄﾞ"])) + rid
    if draw(st.booleans()):
        r["uses"] = draw(st.integers(1, 3))
    for flag in ("first_move", "ambush", "secret"):
        if draw(st.booleans()):
            r[flag] = True
    other = [d for d in ("magical_defense", "ambush_defense") if d in r["on"]]
    if other and draw(st.booleans()):  # KAGEMIYA-5.9
        r["physical_defense_as"] = draw(pick(other))
    # KAGEMIYA-5.11: 対軍, most often a 宝具's (the attacks below name several targets with it)
    if any(c.endswith("_attack") for c in r["on"]) and draw(st.integers(0, 3)) < (2 if kind == "noble_phantasm" else 1):
        r["targets"] = draw(pick([2, 3, 10]))
    if kind == "skill" or draw(st.booleans()):  # a 宝具 without a rank has its owner's 宝具 rank
        if draw(st.booleans()):
            r["rank"] = draw(small_stat())
    return r


@made_once
@st.composite
def doubling(draw, rid: str) -> dict:
    d = {"id": rid, "stat": draw(pick(STAT_KEYS)), "multiplier": draw(st.integers(1, 4))}
    for key, low, high in (("dice", -2, 2), ("sides", -2, 2), ("modifier", -3, 5), ("uses", 1, 3)):
        if draw(st.booleans()):
            d[key] = draw(st.integers(low, high))
    return d


@made_once
@st.composite
def spell_kinds(draw) -> list[dict] | None:
    """The setup's 令呪 kinds, or None for the parent's two (boost, sides)."""
    if draw(st.booleans()):
        return None
    kinds = []
    for i in range(draw(st.integers(1, 3))):
        k = {"id": f"k{i}", "name": f"令呪（{i}）", "cost": draw(st.integers(1, 3))}
        for key, low, high in (("dice", -1, 3), ("sides", -2, 2), ("modifier", -2, 6)):
            if draw(st.booleans()):
                k[key] = draw(st.integers(low, high))
        if draw(st.booleans()):
            k["on"] = draw(st.lists(pick(CHECKS), min_size=1, max_size=8, unique=True))
        kinds.append(k)
    for i, effect in enumerate(draw(st.lists(pick(EFFECTS), unique=True, max_size=4))):  # KAGEMIYA-11
        k = {"id": f"e{i}", "cost": draw(st.integers(1, 3)), "effect": effect}
        if effect == "heal" and draw(st.booleans()):
            k["amount"] = draw(pick([1, 5, 30, 999]))
        if effect == "reroll" and draw(st.booleans()):  # KAGEMIYA-11.6: a re-roll may add a modifier
            k["modifier"] = draw(st.integers(-2, 5))
        kinds.append(k)
    return kinds


EFFECTS = ("heal", "swap_row", "restore_noble_phantasm", "redirect", "reroll", "suicide")
DEFAULT_EFFECT_KINDS = {"heal": "heal", "swap_row": "swap_row", "restore": "restore_noble_phantasm",
                        "redirect": "redirect", "reroll": "reroll", "suicide": "suicide"}


@st.composite
def kagemiya_matches(draw) -> dict:
    sides = ["red", "blue", "green"][: draw(st.integers(2, 3))]
    phase = draw(pick(["battle", "battle", "ambush"]))
    chars: dict[str, dict] = {}
    for sid in sides:
        for n in range(draw(st.integers(1, 2))):
            sv, ms = f"{sid}_s{n}", f"{sid}_m{n}"
            chars[sv] = {"name": f"サーヴァント{sv}", "side": sid, "kind": "servant", "master": ms, "row": "front",
                         **{k: draw(small_stat()) for k in STAT_KEYS},
                         "skills": [draw(resource(f"{sv}_k{i}", "skill")) for i in range(draw(st.integers(0, 2)))],
                         "noble_phantasms": [draw(resource(f"{sv}_n{i}", "noble_phantasm"))
                                             for i in range(draw(st.integers(0, 1)))]}
            if draw(st.booleans()):
                chars[sv]["noble_phantasm"] = draw(stat())
            if draw(st.booleans()):
                chars[sv]["max_hp"] = draw(st.integers(1, 40))
            else:
                chars[sv]["endurance"] = draw(st.one_of(st.integers(1, 20), pick(RANK_TEXTS)))
            if draw(st.booleans()):
                chars[sv]["doubling"] = [draw(doubling(f"{sv}_d{i}")) for i in range(draw(st.integers(1, 2)))]
            if draw(st.booleans()):
                chars[sv]["actions"] = draw(st.integers(1, 3))
            chars[ms] = {"name": f"マスター{ms}", "side": sid, "kind": "master",
                         "row": draw(pick(["front", "back"])),
                         **{k: draw(small_stat()) for k in STAT_KEYS}, "endurance": draw(st.integers(1, 4)),
                         "command_spells": draw(pick([3, 2, 1, 0]))}
            if draw(st.booleans()):
                chars[ms]["skills"] = [draw(resource(f"{ms}_k0", "skill"))]
    kinds = draw(spell_kinds())
    kind_ids = [k["id"] for k in kinds if "effect" not in k] if kinds else ["boost", "sides"]
    kind_on = {k["id"]: k.get("on", CHECKS) for k in kinds if "effect" not in k} if kinds else {i: CHECKS for i in kind_ids}
    effects = {k["id"]: k["effect"] for k in kinds if "effect" in k} if kinds else DEFAULT_EFFECT_KINDS
    ambusher = draw(pick(sides)) if phase == "ambush" else None
    rounds = 1 if phase == "ambush" else draw(st.integers(1, 3))
    options = {o.id: draw(pick(o.choices)) for o in OPTIONS if o.choices and draw(st.booleans())}
    for o in OPTIONS:  # the numeric options too, within their bounds
        if not o.choices and draw(st.booleans()):
            options[o.id] = draw(st.integers(o.minimum, min(o.maximum, 6)))
    setup: dict = {"rounds": rounds, "area": "A", "areas": ["A", "B", "C", "D"],
                   "sides": {s: {"name": f"{s}陣営"} for s in sides}, "characters": chars}
    if draw(st.booleans()):
        setup["occupied"] = draw(st.lists(pick(["B", "C", "D"]), unique=True, max_size=3))
    if kinds is not None:
        setup["command_spell_kinds"] = kinds
    if phase == "ambush":
        setup.update(phase="ambush", ambusher=ambusher)
    played = 0
    if phase == "battle" and rounds > 1 and draw(st.booleans()):  # a battle taken up mid-way (KAGEMIYA-1.8)
        played = draw(st.integers(1, rounds - 1))
        setup["progress"] = {"rounds_played": played, "order": draw(st.permutations(sides))}
        for cid, c in chars.items():
            mid_battle_state(draw, c)
    turns = []
    for t in range(played + 1, rounds + 1):
        subs = {}
        for sid in sides:
            subs[sid] = side_submission(draw, sid, chars, kind_ids, kind_on, options, phase, ambusher,
                                        first=t == 1 or bool(options.get("initiative_each_round")), effects=effects)
        turns.append({"turn": t, "submissions": subs})
    return {"dhproc": 1, "ruleset": "kagemiya", "seed": draw(st.integers(0, 2**32)), "options": options,
            "setup": setup, "turns": turns}


def mid_battle_state(draw, c: dict) -> None:
    """HP, 令呪 and uses already spent; a back-row master may have dropped out."""
    max_hp = c.get("max_hp")
    if max_hp is not None:
        c["hp"] = draw(st.integers(1, max_hp))
    for r in c.get("skills", []) + c.get("noble_phantasms", []) + c.get("doubling", []):
        if "uses" in r or r in c.get("noble_phantasms", []) or r in c.get("doubling", []):
            r["used"] = draw(st.integers(0, r.get("uses", 1)))
    if c["kind"] == "master" and c["row"] == "back" and draw(st.booleans()):
        c.update(hp=0, max_hp=c.get("max_hp", 5), eliminated=True)


def side_submission(draw, sid: str, chars: dict, kind_ids: list, kind_on: dict, options: dict, phase: str,
                    ambusher: str | None, *, first: bool, effects: dict | None = None) -> dict:
    mine = [c for c, v in chars.items() if v["side"] == sid]
    enemies = [c for c, v in chars.items() if v["side"] != sid]
    sub: dict = {}
    if first and phase == "battle":
        roller = draw(pick(mine))
        escape = draw(st.booleans())
        sub["initiative"] = {"roller": roller, "escape": escape,
                             **declared(draw, chars, roller, "escape" if escape else "initiative", kind_ids, kind_on)}
    acts = []
    may_act = phase == "battle" or sid == ambusher
    for _ in range(draw(st.integers(0, 3)) if may_act else 0):
        # half the time one with a 対軍 resource acts, with an attack it applies to (KAGEMIYA-5.11)
        army_users = [x for x in mine if army_checks(chars[x])]
        army_turn = bool(army_users) and draw(st.booleans())
        actor = draw(pick(army_users if army_turn else mine))
        c = chars[actor]
        kinds = ["physical", "magical", "escape", "pass"] if phase == "battle" else ["ambush"]
        if phase == "ambush" and options.get("ambush_phase_attacks") == "any":
            kinds += ["physical", "magical"]
        ambush_np = [r["id"] for r in c.get("noble_phantasms", []) if r.get("ambush") and "ambush_attack" in r["on"]]
        if phase == "battle" and (any(r.get("ambush") for r in c.get("skills", [])) or ambush_np):
            kinds.append("ambush")
        army_kinds = [k for k in kinds if k in ATTACKS and ATTACKS[k][0] in army_checks(c)]
        do = draw(pick(army_kinds if army_turn and army_kinds else kinds))
        act: dict = {"actor": actor, "do": do}
        if do in ATTACKS:
            front_masters = [e for e in enemies if chars[e]["kind"] == "master" and chars[e]["row"] == "front"]
            # a master in the front row now and then, whose standing orders may redirect it (KAGEMIYA-11.5)
            act["target"] = draw(pick(front_masters if front_masters and draw(st.integers(0, 2)) == 0
                                                 else enemies))
            others = [x for x in mine if x != actor]
            if others and draw(st.booleans()):
                act["support"] = draw(st.lists(pick(others), unique=True, min_size=1, max_size=2))
            act.update(declared(draw, chars, actor, ATTACKS[do][0], kind_ids, kind_on))
            if do == "ambush" and phase == "battle" and not any(r.get("ambush") for r in c.get("skills", [])):
                act["use"] = list(dict.fromkeys(act.get("use", []) + ambush_np[:1]))
            army = [r for r in res(c) if r.get("targets", 1) > 1 and ATTACKS[do][0] in r["on"]]
            if army and draw(st.integers(0, 3)) > 0:  # KAGEMIYA-5.11: the 対軍 宝具 declared (most often)
                act["use"] = list(dict.fromkeys(act.get("use", []) + [army[0]["id"]]))
            room = max([r.get("targets", 1) for r in res(c) if r["id"] in act.get("use", [])
                        and ATTACKS[do][0] in r["on"]] + [1])
            if room > 1 and draw(st.integers(0, 3)) > 0:  # a list of targets, in any order: mostly several
                # mostly those in reach (front row, still in the battle), so that several are attacked
                in_reach = [e for e in enemies if chars[e]["row"] == "front" and not chars[e].get("eliminated")]
                pool = in_reach if len(in_reach) > 1 and draw(st.integers(0, 3)) > 0 else enemies
                act["target"] = draw(st.lists(pick(pool), unique=True,
                                              min_size=draw(pick([1, 2, 2])),
                                              max_size=min(room, len(pool))))
            rerolls = [k for k, e in (effects or {}).items() if e == "reroll"]
            if rerolls and isinstance(act["target"], str) and spells_payable(chars, actor) and draw(st.booleans()):
                act["react"] = [after_roll_entry(draw, rerolls)]  # KAGEMIYA-11.6: seeing the defence
        elif do == "escape":
            act.update(declared(draw, chars, actor, "escape", kind_ids, kind_on))
        acts.append(act)
    own = [k for k, e in (effects or {}).items() if e not in ("redirect", "reroll")]
    masters = [m for m in mine if chars[m]["kind"] == "master"]
    if may_act and own and masters and draw(st.integers(0, 2)) == 0:  # KAGEMIYA-11.1: 令呪 on their own
        m = draw(pick(masters))
        act = {"actor": m, "do": "command_spell",
               "command_spells": draw(st.lists(pick(own), unique=True, min_size=1, max_size=3))}
        servant = next((c for c, v in chars.items() if v.get("master") == m), None)
        if servant and draw(st.booleans()):
            act["target"] = servant
        nps = [r["id"] for r in chars[servant].get("noble_phantasms", [])] if servant else []
        restores = [k for k in own if effects[k] == "restore_noble_phantasm"]
        if nps and restores and draw(st.booleans()):  # KAGEMIYA-11.4: a 宝具 already used, given back
            noble_phantasm_spent(chars, m, servant)
            act["command_spells"] = list(dict.fromkeys(restores[:1] + act["command_spells"]))
        if nps and any(effects[k] == "restore_noble_phantasm" for k in act["command_spells"]) and draw(st.booleans()):
            act["use"] = nps[:1]
        acts.insert(draw(st.integers(0, len(acts))), act)
    if acts:
        sub["actions"] = acts
    defense = {}
    for c in mine:
        if draw(st.booleans()):
            entry: dict = {"use": [r["id"] for r in res(chars[c])][:2]}
            if chars[c].get("doubling") and draw(st.booleans()):
                entry["doubling"] = [chars[c]["doubling"][0]["id"]]
            if spells_payable(chars, c) and draw(st.booleans()):
                entry["command_spells"] = [draw(pick(kind_ids))]
            redirects = [k for k, e in (effects or {}).items() if e == "redirect"]
            if chars[c]["kind"] == "master" and redirects and draw(st.booleans()):  # KAGEMIYA-11.5
                # with other 令呪 (which may spend those it has) or alone, so that it is seen to work
                entry = entry if draw(st.booleans()) else {"always": True}
                entry["command_spells"] = entry.get("command_spells", []) + redirects[:1]
            if not entry.pop("always", False) and draw(st.booleans()):
                limited = [r["id"] for r in chars[c].get("skills", []) if "uses" in r] + [  # 宝具, 倍加: 1 by default
                    r["id"] for r in chars[c].get("noble_phantasms", []) + chars[c].get("doubling", [])]
                entry["if"] = draw(pick([
                    {"of": "attack", "attr": "total", "at_least": draw(st.integers(0, 30))},
                    {"of": "self", "attr": "hp", "at_most": draw(st.integers(0, 20))},
                    {"of": "attack", "attr": "type", "equals": draw(pick(sorted(ATTACKS)))},
                    # KAGEMIYA-5.14: the attacker, the 令呪 left, a resource's uses left
                    {"of": "attacker", "attr": draw(pick(list(STAT_KEYS) + ["hp", "max_hp"])),
                     draw(pick(["at_least", "at_most"])): draw(st.integers(0, 8))},
                    {"of": "attacker", "attr": "kind", "equals": draw(pick(["servant", "master"]))},
                    {"of": "self", "attr": "command_spells", "at_least": draw(st.integers(0, 3))}]
                    + ([{"of": "uses_left", "attr": draw(pick(limited)), "at_least": 1}] if limited else [])))
            defense[c] = [entry]
            rerolls = [k for k, e in (effects or {}).items() if e == "reroll"]
            if rerolls and spells_payable(chars, c) and draw(st.booleans()):  # KAGEMIYA-11.6
                defense[c].insert(draw(st.integers(0, 1)), {"after_roll": True, **after_roll_entry(draw, rerolls)})
    if defense:
        sub["defense"] = defense
    if phase == "battle" and draw(st.booleans()):
        roller = draw(pick(mine))
        sub["escape_roller"] = {"roller": roller, **declared(draw, chars, roller, "escape", kind_ids, kind_on)}
    if draw(st.booleans()):
        sub["on_servant_loss"] = draw(pick(["fight", "protect"]))
    return sub


def noble_phantasm_spent(chars: dict, master: str, servant: str) -> None:
    """The setup's servant comes with its first 宝具 used once (as after an earlier battle,
    KAGEMIYA-1.8) and its master with every 令呪, so that a restore 令呪 has something to give back."""
    np = chars[servant]["noble_phantasms"][0]
    np["used"] = max(np.get("used", 0), 1)
    chars[master]["command_spells"] = 3


def after_roll_entry(draw, rerolls: list[str]) -> dict:
    """KAGEMIYA-11.6: a re-roll 令呪 once the defence is rolled, maybe on the damage about to be taken."""
    entry: dict = {"command_spells": [draw(pick(rerolls))]}
    if draw(st.booleans()):
        entry["if"] = draw(pick([
            {"of": "damage", "attr": "amount", draw(pick(["at_least", "at_most"])): draw(st.integers(0, 10))},
            {"of": "defense", "attr": "total", "at_least": draw(st.integers(0, 30))},
            {"of": "attack", "attr": "total", "at_most": draw(st.integers(0, 30))}]))
    return entry


def res(c: dict) -> list[dict]:
    return c.get("skills", []) + c.get("noble_phantasms", [])


def army_checks(c: dict) -> set[str]:
    """The attack checks a 対軍 resource of ``c`` applies to (KAGEMIYA-5.11)."""
    return {check for r in res(c) if r.get("targets", 1) > 1 for check in r["on"] if check.endswith("_attack")}


def spells_payable(chars: dict, cid: str) -> bool:
    c = chars[cid]
    return c["kind"] == "master" or c.get("master") is not None


def declared(draw, chars: dict, cid: str, check: str, kind_ids: list, kind_on: dict) -> dict:
    """Skills and 宝具 that apply to ``check``, 倍加 of its stat, and 令呪 (a servant's paid by its master)."""
    c = chars[cid]
    out: dict = {}
    usable = [r["id"] for r in res(c) if check in r["on"]]
    if usable:
        out["use"] = draw(st.lists(pick(usable), unique=True))
    doubles = [d["id"] for d in c.get("doubling", []) if CHECK_STAT[check] == d["stat"]]
    if doubles and draw(st.booleans()):
        out["doubling"] = doubles[:1]
    spells = [k for k in kind_ids if check in kind_on[k]]
    if spells and spells_payable(chars, cid) and draw(st.booleans()):
        out["command_spells"] = draw(st.lists(pick(spells), unique=True, min_size=1, max_size=2))
    return out


def spell_effects_drawn(match: dict) -> list[str]:
    """The effects of the 令呪 a battle's submissions name (KAGEMIYA-11), "boost" for a check's."""
    kinds = match["setup"].get("command_spell_kinds")
    effects = {k["id"]: k["effect"] for k in kinds if "effect" in k} if kinds else DEFAULT_EFFECT_KINDS
    named = []

    def walk(x):
        if isinstance(x, dict):
            named.extend(x.get("command_spells", []))
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk([t["submissions"] for t in match["turns"]])
    return [effects.get(k, "boost") for k in named]


def note_drawn_and_fired(match: dict, log: dict | None) -> None:
    """python tests/coverage.py: what this battle drew against what took effect in its log."""
    coverage.generated("kagemiya")
    acts = [a for t in match["turns"] for s in t["submissions"].values() for a in s.get("actions", [])]
    events = [e for t in (log or {}).get("turns", []) for e in t["events"]]
    # an action's own events (an escape action's is `escape`, failed or not; an `escape_failed` of the
    # initiative roll is no action's, and counted here it made escapes take effect more than drawn)
    as_action = {"attack": lambda e: e["type"], "escape": lambda e: "escape",
                 "pass": lambda e: "pass", "command_spell": lambda e: "command_spell"}
    coverage.drawn_and_fired("kagemiya", "action", [a["do"] for a in acts],
                             [as_action[e["kind"]](e) for e in events if e["kind"] in as_action])
    coverage.drawn_and_fired("kagemiya", "令呪 effect", spell_effects_drawn(match),
                             [e["effect"] for e in events if e["kind"] == "command_spell"]
                             + [e["kind"] for e in events if e["kind"] in ("redirect", "reroll")]
                             + ["boost" for e in events if e["kind"] == "check"
                                for p in e.get("parts", []) if p["part"] == "command_spell"],
                             expected=EFFECTS)
    coverage.drawn_and_fired("kagemiya", "attack targets", [
        "several" if isinstance(a["target"], list) and len(a["target"]) > 1 else "one"
        for a in acts if a["do"] in ATTACKS],  # KAGEMIYA-5.11
        ["several" if len(e.get("targets") or [0]) > 1 else "one" for e in events if e["kind"] == "attack"])
    coverage.drawn_and_fired("kagemiya", "match", ["resolved, not refused as input"],
                             ["resolved, not refused as input"] * bool(log))


def note_coverage(match: dict, log: dict | None) -> None:
    """What this generated battle reached, by kind (printed by the deep profile)."""
    note_drawn_and_fired(match, log)
    setup = match["setup"]
    chars = setup["characters"].values()
    coverage.note("kagemiya stats", [str(c[k]) if isinstance(c[k], str) else "number" for c in chars for k in STAT_KEYS])
    coverage.note("kagemiya setups", [setup.get("phase", "battle"), "mid-battle" if "progress" in setup else "fresh",
                                      "custom 令呪 kinds" if "command_spell_kinds" in setup else "default 令呪 kinds",
                                      *(["max_hp given"] if any("max_hp" in c for c in chars) else []),
                                      *(["actions given"] if any("actions" in c for c in chars) else [])])
    subs = [s for t in match["turns"] for s in t["submissions"].values()]
    acts = [a for s in subs for a in s.get("actions", [])]
    coverage.note("kagemiya actions", [a["do"] for a in acts])
    coverage.note("kagemiya 令呪 outside checks", [f"{e['effect']}" for t in (log or {}).get("turns", [])
                                                   for e in t["events"] if e["kind"] == "command_spell"]
                  + [f"redirect" for t in (log or {}).get("turns", []) for e in t["events"] if e["kind"] == "redirect"]
                  + [f"cancel {e['reason']}" for t in (log or {}).get("turns", []) for e in t["events"]
                     if e["kind"] == "cancel" and "command_spell" in e and "action" in e])
    coverage.note("kagemiya targets", [f"list of {len(a['target'])}" if isinstance(a["target"], list) else "one"
                                       for a in acts if "target" in a]
                  + ["対軍 resource" for c in chars for r in res(c) if "targets" in r])
    coverage.note("kagemiya declared", [k for a in acts + [s.get("initiative", {}) for s in subs]
                                        + [s.get("escape_roller", {}) for s in subs] for k in
                                        ("use", "command_spells", "doubling", "support") if a.get(k)]
                  + (["initiative escape"] if any(s.get("initiative", {}).get("escape") for s in subs) else [])
                  + (["defense if"] if any("if" in e for s in subs for es in s.get("defense", {}).values()
                                            for e in es) else []))
    orders = [e for s in subs for es in s.get("defense", {}).values() for e in es]
    coverage.note("kagemiya new skill elements",  # issue's elements: KAGEMIYA-5.14, 11.6, 11.7
                  [f"condition on {e['if']['of']}" + (f" {e['if']['attr']}" if e["if"]["of"] == "self" else "")
                   for e in orders if "if" in e]
                  + ["after_roll order" for e in orders if e.get("after_roll")]
                  + ["attack react" for a in acts if a.get("react")]
                  + [f"{e['stage']} re-roll" for t in (log or {}).get("turns", []) for e in t["events"]
                     if e["kind"] == "reroll"]
                  + ["suicide" for t in (log or {}).get("turns", []) for e in t["events"]
                     if e["kind"] == "command_spell" and e["effect"] == "suicide"])
    if log is None:
        coverage.note("kagemiya matches", ["input error"])
        return
    events = [e for t in log["turns"] for e in t["events"]]
    coverage.note("kagemiya matches", ["resolved"])
    coverage.note("kagemiya events", [e["kind"] for e in events])
    coverage.note("kagemiya checks", [e["check"] for e in events if e["kind"] == "check"])
    met, attack_type = [], None
    for e in events:  # each defence check follows the attack it answers (KAGEMIYA-5.8, 5.9)
        if e["kind"] == "attack":
            attack_type = e["type"]
        elif e["kind"] == "check" and e["purpose"] == "defense" and attack_type == "physical":
            met.append(e["check"])
    coverage.note("kagemiya defences against 物理攻撃", met)
    coverage.note("kagemiya parts", [p["part"] for e in events if e["kind"] == "check" for p in e["parts"]])
    coverage.note("kagemiya cancel reasons", [e["reason"] for e in events if e["kind"] == "cancel"])
    coverage.note("kagemiya outcomes", [f"{log['outcome']['result']} ({log['outcome']['reason']})"])


def resolve_playable(match: dict) -> dict:
    """Resolve, dropping turns after the battle ended (those are an input error by design)."""
    while True:
        try:
            return api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
        except ResolutionError as exc:
            assert said(str(exc), "turn.after_end"), str(exc)
            match["turns"] = match["turns"][:-1]


@given(match=kagemiya_matches())
def test_kagemiya_battles_are_deterministic_replay_and_keep_their_invariants(match: dict, tmp_path_factory) -> None:
    log = resolve_playable(match)
    note_coverage(match, log)
    text = json.dumps(match, ensure_ascii=False)
    assert api.dumps(api.resolve(api.loads(text, name="m.yaml"))) == api.dumps(log)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(path) is None
    out: set[str] = set()
    for e in (e for t in log["turns"] for e in t["events"]):
        if e["kind"] == "check":
            assert len(e["faces"]) == e["dice"] and e["total"] == sum(e["faces"]) + e["modifier"]
            assert all(1 <= f <= e["faces_per_die"] for f in e["faces"])
        elif e["kind"] == "attack":
            assert e["actor"] not in out and e["target"] not in out
            assert e.get("targets", [e["target"]])[0] == e["target"]
        elif e["kind"] == "attack_result":
            assert e["damage"] == max(0, e["attack"] - e["defense"])
        elif e["kind"] == "damage":
            assert e["after"] == max(0, e["before"] - e["amount"]) and e["amount"] > 0
        elif e["kind"] in ("eliminated", "protected"):
            assert e["character"] not in out
            out.add(e["character"])
    for cid, c in log["state"]["characters"].items():
        assert 0 <= c["hp"] <= c["max_hp"]
        assert c["hp"] > 0 or c["eliminated"]
        assert c.get("command_spells", 0) >= 0
    if all(t["status"] == "complete" for t in log["turns"]) and \
            log["state"]["progress"]["rounds_played"] == log["state"]["rounds"]:
        assert log["outcome"]["result"] in ("win", "draw")
    for lang in ("ja", "en"):
        for view in ("gk", "public"):
            assert api.render(log, lang=lang, view=view)


EXAMPLE = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "examples" / "kagemiya").glob("*.yaml")}


@given(name=pick(sorted(EXAMPLE)), mutations=fuzz.edits(["A++", "EX", "front", "ambush", "boost"]))
def test_kagemiya_broken_input_never_gives_a_traceback(name: str, mutations, tmp_path) -> None:
    fuzz.assert_broken_copy_is_handled(EXAMPLE, name, mutations, tmp_path)
