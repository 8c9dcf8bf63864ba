"""Every submitted action ends in an event that refers to it, in every ruleset: it happens, or it is
a ``cancel`` with a reason (COUNT-1.8, DH-2.7, KAGEMIYA-5.13, NICOSW-5.6); none is dropped unseen.

Each ruleset's generated matches (the property tests' own generators) are resolved; for every
turn played out, the actions its submissions hold are matched against the events that take them
up. What "refers to" means follows each ruleset's events:

- count: a plan part (character, 行動手番 n, sub or main action) is the ``move``, ``escape``,
  ``use`` or ``cancel`` of that action inside the character's n-th ``turn_slot``, or a ``cancel``
  carrying ``slot: n`` (a 行動手番 that never came); a part refused and replaced by the side's
  ``fallback`` (COUNT-3.7) shows its ``cancel`` and then the fallback's own event;
- dh: a 行動 is an ``action`` event of its character, or a ``cancel`` marked ``unplayed``; its 動作
  (attack or ability) is an ``attack``, ``ability``, ``cancel`` or cancelled ``wait`` of the
  character after that ``action`` and before the next one;
- kagemiya: the action at index i is an event of that 陣営 with ``action: i``;
- nicosw: each action of a go is an action event of its character within that ``go`` (a move, an
  attack, a skill, ...), or a ``cancel`` with its slot, in the go or for a go never played; a
  re-entry is a ``reenter`` or its ``cancel``;
- logos: a side submits its スタメン, not actions (skills fire at their timings, LOGOS-5): each
  starter is in that side's ``lineup`` event.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Callable

from hypothesis import given
from hypothesis import strategies as st

from dhproc import api
from dhproc.errors import InputError, ResolutionError

from .rulesets.count.test_count_properties import count_matches
from .rulesets.kagemiya.test_kagemiya_properties import kagemiya_matches
from .rulesets.logos.test_logos_properties import logos_matches
from .rulesets.nicosw.test_nicosw_properties import nicosw_matches
from .test_properties import dh_matches
from . import yamltext

COUNT_ACTS = ("move", "escape", "use", "cancel")
COUNT_SLOTS = ("sub_action", "main_action")


def count_accounted(subs: dict, events: list[dict]) -> tuple[Counter, Counter]:
    submitted = Counter((cid, n, part) for sub in subs.values() for cid, plans in sub.get("plans", {}).items()
                        for n, plan in enumerate(plans, start=1) for part in COUNT_SLOTS if part in plan)
    taken: Counter = Counter()
    slot: tuple[str, int] | None = None
    for e in events:
        if e["kind"] == "turn_slot":
            slot = (e["character"], e["slot"])
        elif e["kind"] == "fallback":  # COUNT-3.7: the fallback's own event answers the same plan part
            taken[(e["character"], slot[1], e["action"])] -= 1
        elif e["kind"] in COUNT_ACTS and count_action(e) in COUNT_SLOTS:
            if "slot" in e:
                taken[(e["character"], e["slot"], count_action(e))] += 1
            elif slot is not None and e["character"] == slot[0]:
                taken[(slot[0], slot[1], count_action(e))] += 1
    return submitted, +taken


def count_action(e: dict) -> str | None:
    """Which action of its 行動手番 an event is. An ``escape`` event names none: 逃走 is only ever
    the main action (COUNT-3.6; checks.py refuses it as a sub action), so it is that one."""
    return e.get("action", "main_action" if e["kind"] == "escape" else None)


def dh_accounted(subs: dict, events: list[dict]) -> tuple[Counter, Counter]:
    entries = [a for acts in subs.values() for a in acts or [] if not all(k in ("who", "prepared") for k in a)]
    submitted = Counter(a["who"] for a in entries) + Counter((a["who"], "act") for a in entries
                                                             if "attack" in a or "ability" in a)
    taken: Counter = Counter()
    for i, e in enumerate(events):
        if e["kind"] == "cancel" and e.get("unplayed"):
            taken[e["actor"]] += 1
            if any(a["who"] == e["actor"] and ("attack" in a or "ability" in a) for a in entries):
                taken[(e["actor"], "act")] += 1  # the whole 行動, 動作 and all
        if e["kind"] != "action" or e.get("extra"):
            continue
        who = e["actor"]
        taken[who] += 1
        rest = []
        for later in events[i + 1:]:
            if later["kind"] == "action" and not later.get("extra"):
                break
            rest.append(later)
        if any(x.get("actor") == who and (x["kind"] in ("attack", "ability", "cancel")
                                          or (x["kind"] == "wait" and x.get("cancelled"))) for x in rest):
            taken[(who, "act")] += 1
    # a 行動 without a 動作 has nothing more to show; one with a 動作 must show it
    return submitted, Counter({k: min(n, submitted[k]) for k, n in taken.items() if k in submitted})


def kagemiya_accounted(subs: dict, events: list[dict]) -> tuple[Counter, Counter]:
    submitted = Counter((sid, i) for sid, sub in subs.items() for i, _ in enumerate(sub.get("actions", [])))
    taken = Counter({(e["side"], e["action"]): 1 for e in events
                     if isinstance(e.get("action"), int) and "side" in e})
    return submitted, taken


NICOSW_ACTS = ("move", "full_move", "retreat", "attack", "skill", "stand", "switch_weapon", "check", "other")


def nicosw_accounted(subs: dict, events: list[dict]) -> tuple[Counter, Counter]:
    submitted = Counter(cid for sub in subs.values() for cid, go in sub.get("goes", {}).items() for _ in go) \
        + Counter((cid, "reenter") for sub in subs.values() for cid in sub.get("reenter", {}))
    taken: Counter = Counter()
    go: str | None = None
    for e in events:
        if e["kind"] in ("go", "no_go", "idle", "half_end"):
            go = e["actor"] if e["kind"] == "go" else None
        elif e["kind"] == "cancel" and e.get("action") == "reenter" or e["kind"] == "reenter":
            taken[(e["actor"], "reenter")] += 1
        elif e["kind"] == "cancel" and "slot" in e:  # a go's action, in its go or not played at all
            taken[e["actor"]] += 1
        elif e["kind"] in NICOSW_ACTS and e.get("actor") == go and go is not None:
            taken[go] += 1
    return submitted, Counter({k: min(n, submitted[k]) for k, n in taken.items() if k in submitted})


def logos_accounted(subs: dict, events: list[dict]) -> tuple[Counter, Counter]:
    submitted = Counter((sid, cid) for sid, sub in subs.items() for cid in sub["starters"])
    taken = Counter((e["side"], cid) for e in events if e["kind"] == "lineup" for cid in e["starters"])
    return submitted, taken


def resolved(text: str) -> dict | None:
    """The generated match resolved, dropping turns after the battle was decided; None when the
    input is refused (those are the other property tests' business)."""
    data = yamltext.load(text)
    while True:
        try:
            return api.resolve(api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml"))
        except ResolutionError:
            if not data["turns"]:
                return None
            data["turns"] = data["turns"][:-1]
        except InputError:
            return None


RULESETS: dict[str, tuple[Callable, Callable]] = {
    "count": (count_matches, count_accounted),
    "dh": (dh_matches, dh_accounted),
    "kagemiya": (kagemiya_matches, kagemiya_accounted),
    "nicosw": (nicosw_matches, nicosw_accounted),
    "logos": (logos_matches, logos_accounted),
}


def check_every_action_ends_in_an_event(ruleset: str, data) -> None:
    """The property, for one ruleset: a generated match, every turn played out, every action."""
    generate, _ = RULESETS[ruleset]
    match = data.draw(generate())
    check_match(ruleset, match if isinstance(match, str) else json.dumps(match, ensure_ascii=False))


def check_match(ruleset: str, text: str) -> None:
    """Every action of every turn of one match played out ends in an event that refers to it."""
    log = resolved(text)
    if log is None:
        return
    _, accounted = RULESETS[ruleset]
    inputs = {t["turn"]: t["submissions"] for t in log["input"]["turns"]}
    for turn in log["turns"]:
        if turn["status"] != "complete":
            continue  # a turn awaiting a side is resolved again when the side submits
        submitted, taken = accounted(inputs[turn["turn"]], turn["events"])
        missing = submitted - taken
        assert not missing, f"turn {turn['turn']}: submitted, and no event refers to it: {dict(missing)}"


@given(data=st.data())
def test_count_1_8_each_submitted_plan_part_ends_in_an_event(data) -> None:
    check_every_action_ends_in_an_event("count", data)


@given(data=st.data())
def test_dh_2_7_each_submitted_action_ends_in_an_event(data) -> None:
    check_every_action_ends_in_an_event("dh", data)


@given(data=st.data())
def test_kagemiya_5_13_each_submitted_action_ends_in_an_event(data) -> None:
    check_every_action_ends_in_an_event("kagemiya", data)


@given(data=st.data())
def test_nicosw_5_6_each_submitted_action_ends_in_an_event(data) -> None:
    check_every_action_ends_in_an_event("nicosw", data)


@given(data=st.data())
def test_each_submitted_logos_starter_is_lined_up(data) -> None:
    check_every_action_ends_in_an_event("logos", data)


# Found by the count property (seed 191875557439815272069160560316028976413): ユニット2's planned move to
# the square it stands on is refused (same_square), its fallback 逃走 is rolled, and a planned 逃走
# follows in its next 行動手番; both 逃走 are ``escape`` events, which name no action.
COUNT_ESCAPES = """
dhproc: 1
ruleset: count
seed: 1
options: {escape_squares: anywhere}
setup:
  sides: {pc: {name: PC}, enemy: {name: 敵}}
  characters:
    u0: {name: ユニット0, side: pc, kind: pc, at: E3, count: 21, hit: 2, evasion: 3, magic: 1, resistance: 9,
         agility: 7, move_cost: 1, move_limit: 1, ca_value: 6, ca_left: 1, hp: 25,
         hit_crit: 16, hit_fumble: 4, evasion_crit: 10, evasion_fumble: 90, skills: [*normal]}
    u2: {name: ユニット2, side: enemy, kind: enemy, at: D7, count: 27, hit: 0, evasion: 18, magic: 18,
         resistance: 6, agility: 0, move_cost: 1, move_limit: 0, ca_value: 15, ca_left: 2, hp: 2,
         hit_crit: 8, hit_fumble: 1, evasion_crit: 19, evasion_fumble: 85, skills: [*normal]}
turns:
- turn: 1
  submissions:
    pc: {plans: {u0: []}}
    enemy:
      plans: {u2: [{main_action: {move: {to: D7}}}, {main_action: {escape: true}}]}
      fallback: {u2: {main_action: {escape: true}}}
"""
NORMAL_SKILL = ("{name: 通常, timing: main_action, kind: melee, range: 1, targets: {count: 1, side: enemy}, "
                "damage: {fixed: 2, attributes: [無]}, normal: true}")


def test_count_1_8_a_fallback_or_planned_escape_ends_in_its_escape_event() -> None:
    text = COUNT_ESCAPES.replace("*normal", NORMAL_SKILL)
    log = resolved(text)
    assert log is not None
    kinds = [e["kind"] for e in log["turns"][0]["events"] if e.get("character") == "u2"]
    assert kinds[:4] == ["turn_slot", "cancel", "fallback", "escape"] and kinds.count("escape") == 2
    check_match("count", text)
