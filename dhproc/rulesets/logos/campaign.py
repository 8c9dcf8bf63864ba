"""A logos round picked up where it stands (LOGOS-11).

A match file holds one round (LOGOS-1.1), so "mid-campaign" means mid-round: the setup's
``round:`` says the round is under way — its 先攻, the ターン already played, the dice drawn — and
the sides and characters give the rest of the state beside their base values: starters and their
choices, DP, the current 行動順, who is 戦闘不能 or in チャージ状態, how many ターン each has been
the active character (the clock its 継続効果 count down on), and the lasting effects and fields
with their end points. :func:`setup_from_log` writes such a setup from a log that stopped after a
ターン (``stop_after_bout``), so the rest of the round resolves to the same events in a new folder.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from ...engine.effects import Effect
from .messages import say
from .model import EFFECT_DATA, EFFECT_DATA_OPTIONAL, STATS, LogosState

# Character keys that state where the round stands, not the character sheet. The first ones are a
# starter's alone; a field covers the bench too (``current``), and with passive_scope: team a bench
# member's パッシブ may charge it (``charged`` and its levels, LOGOS-7.3).
STARTER_KEYS = ("order", "knocked_out", "active_bouts", "skill_uses")
STATE_KEYS = STARTER_KEYS + ("charged", "charge_level", "spent_charge", "current")
SIDE_STATE_KEYS = ("starters", "choices", "dp")


def effect_clock(entry: dict, tick_scope: str) -> str:
    """The clock an effect counts down on, as rules.Round.add_effect / add_field choose it."""
    if entry["kind"] == "field" or tick_scope != "active":
        return "turn"
    return f"active:{entry['bearer']}"


def apply_state(state: LogosState, setup: dict, options: dict) -> None:
    """Put the setup's round under way onto a freshly built state (LOGOS-11.1)."""
    r = setup["round"]
    state.under_way = r
    state.bout = r["bout"]
    state.first = r["first"]
    for sid, s in setup["sides"].items():
        side = state.sides[sid]
        side.dp = s.get("dp", 0)
        side.starters = list(s["starters"])
        for n, cid in enumerate(side.starters, 1):
            c = state.characters[cid]
            c.starter, c.order = True, setup["characters"][cid].get("order", n)
            c.revealed = c.revealed or c.secret  # LOGOS-2.6: a starter has left 秘匿状態
        for ch in s.get("choices", []):
            state.choices[(ch["who"], ch["skill"])] = ch["target"]
    for cid, data in setup["characters"].items():
        c = state.characters[cid]
        c.knocked_out = bool(data.get("knocked_out", False))
        c.charged = bool(data.get("charged", False))
        # LOGOS-7.3: levels of チャージ (1 while charged unless given)
        c.charge_level = data.get("charge_level", 1 if c.charged else 0)
        c.spent_charge = data.get("spent_charge", 0)
        for name, n in (data.get("skill_uses") or {}).items():  # LOGOS-5.12: uses this round
            skill = next((sk for sk in c.skills if sk.name == name), None)
            if skill is not None and skill.uses is not None and skill.uses.per == "round":
                for _ in range(n):
                    state.uses.record((cid, skill.index), skill.uses, 0)
        if data.get("active_bouts"):
            state.clocks.advance(f"active:{cid}", data["active_bouts"])
    if state.bout:
        state.clocks.advance("turn", state.bout)  # (9) ticks it once a ターン
    for entry in setup.get("effects", []):
        clock = effect_clock(entry, options["tick_scope"])
        data = {k: copy.deepcopy(entry[k]) for k in _data_keys(entry)}
        if any(e.seq == entry["id"] for e in state.effects):
            continue  # an id given twice: check_state reports it
        state.effects.restore(Effect.restored(entry, data=data, clock=clock, start=state.clocks.now(clock)))
    if "next_effect_id" in setup:
        state.effects.restore_next(setup["next_effect_id"])


def setup_from_log(log: dict) -> dict:
    """LOGOS-11.5: the setup that resumes the log's round after its last ターン."""
    old = log["input"]["match"]["setup"]
    final = log["state"]
    events = [e for t in log["turns"] for e in t["events"]]
    setup: dict[str, Any] = {k: copy.deepcopy(v) for k, v in old.items()
                             if k not in ("round", "effects", "next_effect_id", "stop_after_bout")}
    setup["round"] = {"bout": final["bout"], "first": final["first"]}
    rolls = [e for e in events if e["kind"] == "roll"]
    if rolls:
        setup["round"]["draws"] = rolls[-1]["draw"]
        seeded = [e["sides"] for e in rolls if e["source"] == "seeded"]
        if seeded:
            setup["round"]["seeded_dice"] = seeded
    choices = _choices(log)
    for sid, side in setup["sides"].items():
        side.pop("dp", None)
        side["starters"] = list(final["sides"][sid]["starters"])
        if choices.get(sid):
            side["choices"] = choices[sid]
        if final["sides"][sid]["dp"]:
            side["dp"] = final["sides"][sid]["dp"]
    clocks = final["clocks"]
    for cid, c in setup["characters"].items():
        now = final["characters"][cid]
        for key in STATE_KEYS:
            c.pop(key, None)
        if now["revealed"] and not c.get("revealed"):
            c["revealed"] = True
        if "order" in now:
            c["order"] = now["order"]
        for flag in ("knocked_out", "charged"):
            if flag in now["states"]:
                c[flag] = True
        if clocks.get(f"active:{cid}"):
            c["active_bouts"] = clocks[f"active:{cid}"]
        for key in ("charge_level", "spent_charge", "skill_uses"):  # LOGOS-5.12, 7.3
            if now.get(key):
                c[key] = copy.deepcopy(now[key])
        current = {k: now[k] for k in STATS if now[k] != c[k]}
        if current:
            c["current"] = current
    effects = [_effect_entry(e) for e in final["effects"]]
    if effects:
        setup["effects"] = effects
    ids = [e["effect_id"] for e in events if "effect_id" in e]
    if ids:
        setup["next_effect_id"] = max(ids) + 1
    return setup


def _choices(log: dict) -> dict[str, list]:
    """The choices the round's skills were given: in its turn's submissions, or its setup's."""
    old = log["input"]["match"]["setup"]
    out = {sid: copy.deepcopy(s.get("choices", [])) for sid, s in old["sides"].items()}
    for turn in log["input"]["turns"]:
        for sid, sub in (turn.get("submissions") or {}).items():
            if sub.get("choices"):
                out[sid] = copy.deepcopy(sub["choices"])
    return out


def _effect_entry(e: dict) -> dict:
    """A lasting effect of the final state as the setup's ``effects:`` take it."""
    out: dict[str, Any] = {"id": e["seq"], "kind": e["kind"]}
    if e["bearer"] is not None:
        out["bearer"] = e["bearer"]
    out.update({k: e[k] for k in _data_keys(e)})
    out["end"] = e["end"]
    if e.get("removable") is False:
        out["removable"] = False
    if e.get("source"):
        out["source"] = dict(e["source"])
    return out


def _data_keys(entry: dict) -> list[str]:
    kind = entry["kind"]
    return list(EFFECT_DATA[kind]) + [k for k in EFFECT_DATA_OPTIONAL.get(kind, ()) if k in entry]


def check_state(setup: dict, state: LogosState, options: dict, at: Callable[[tuple, str], None]) -> None:
    """LOGOS-11.2 / 11.3: the round under way must be one the rules can reach. ``state`` is the
    state built from the setup (made only once its sides and starters passed their own checks)."""
    chars = setup["characters"]
    r = setup["round"]
    now = r["bout"]
    for sid in setup["sides"]:
        standing = [c for c in state.starters(sid) if not c.knocked_out]
        dp = setup["sides"][sid].get("dp", 0) if isinstance(setup["sides"][sid], dict) else 0
        if isinstance(dp, int) and dp < 0 and not options.get("dp_below_zero"):  # LOGOS-6.10
            at(("sides", sid, "dp"), say("logos.state_dp_below_zero", dp=dp))
        if not standing:
            at(("sides", sid, "starters"), say("logos.state_wiped_out", side=sid))
        # Only those standing need 行動順 of their own: with slowest_counts_knocked_out false a
        # member placed "slowest" may take the number a knocked-out one still holds (LOGOS-8.1).
        orders: dict[int, str] = {}
        for c in standing:
            if c.order in orders:
                at(("characters", c.id, "order"), say("logos.state_order_twice", order=c.order, other=orders[c.order]))
            orders.setdefault(c.order or 0, c.id)
    for cid, data in chars.items():
        if not state.characters[cid].starter:
            for key in STARTER_KEYS:
                if key in data:
                    at(("characters", cid, key), say("logos.state_not_starter", who=cid, field=key))
    if "stop_after_bout" in setup and setup["stop_after_bout"] <= now:
        at(("stop_after_bout",), say("logos.stop_before_resume", stop=setup["stop_after_bout"], bout=now))
    seen: dict[int, int] = {}
    for i, e in enumerate(setup.get("effects", [])):
        here = ("effects", i)
        if e["id"] in seen:
            at(here + ("id",), say("logos.effect_id_twice", id=e["id"]))
        seen[e["id"]] = i
        bearer = e.get("bearer")
        if e["kind"] == "field":
            if bearer is not None:
                at(here + ("bearer",), say("logos.field_has_bearer"))
            if e["owner_side"] not in setup["sides"]:
                at(here + ("owner_side",), say("logos.not_a_side", side=e["owner_side"],
                                               sides=", ".join(setup["sides"])))
        elif bearer is None:
            at(here, say("logos.effect_needs_bearer", kind=e["kind"]))
            continue
        elif bearer not in chars:
            at(here + ("bearer",), say("logos.unknown_character", who=bearer, hint=""))
            continue
        if e["kind"] == "keyword" and e.get("keyword") == "jinrai":  # LOGOS-6.13: never granted
            at(here + ("keyword",), say("logos.jinrai_not_grantable"))
        clock = effect_clock(e, options["tick_scope"])
        if e["end"] is not None and e["end"] <= state.clocks.now(clock):
            at(here + ("end",), say("logos.effect_ended", end=e["end"], clock=clock, now=state.clocks.now(clock)))
    if "next_effect_id" in setup and seen and setup["next_effect_id"] <= max(seen):
        at(("next_effect_id",), say("logos.next_effect_id", top=max(seen)))
    for cid, data in chars.items():
        for stat, value in (data.get("current") or {}).items():
            got = state.stat(state.characters[cid], stat)
            if value != got:
                at(("characters", cid, "current", stat),
                   say("logos.current_differs", stat=say(f"logos.stat_{stat}"), value=value, base=data[stat], got=got))

