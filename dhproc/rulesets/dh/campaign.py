"""A dh match that starts where a campaign already is (DH-12).

The setup may give, beside each character's base values, its state now (``current`` values, dead,
withdrawn, summoned, when it arrived, its ability's uses), each side's DP, the lasting effects in
play with their absolute end points, and the turn the match starts at. :func:`setup_from_log`
writes such a setup from a log's final state, so a match continues in a new folder and resolves
its later turns to the same events as the original would.
"""

from __future__ import annotations

import copy
from typing import Any

from ...engine.effects import Effect
from .abilities import GAME, PER_GAME
from .model import Character, DhState, parse_square, phase_of, phases_a_turn
from .status import PHASE, STATS
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue)

CURRENT = STATS + ("movement",)


def start_turn(setup: dict) -> int:
    n = setup.get("start_turn", 1)
    return n if type(n) is int and n >= 1 else 1


def start_phase(setup: dict) -> int:
    """The phase clock before the first turn: 0, or the last phase of the turn before start_turn."""
    transfer = any(s.get("transfer") for s in setup["sides"].values())
    return phase_of(start_turn(setup), 0, phases_a_turn(transfer))


def apply_state(state: DhState, setup: dict) -> None:
    """Put the setup's current state onto a freshly built :class:`DhState` (DH-12.1)."""
    state.phase_index = start_phase(setup)
    for sid, s in setup["sides"].items():
        state.sides[sid].dp = s.get("dp", 0)
    for cid, data in setup["characters"].items():
        c = state.characters[cid]
        for name, value in (data.get("current") or {}).items():
            setattr(c, name, value)
        c.dead = bool(data.get("dead", False))
        if c.dead:
            c.hp = 0
        c.withdrawn = bool(data.get("withdrawn", False))
        c.withdrawn_from = c.at if c.withdrawn else None
        c.starter = bool(data.get("starter", "at" in data))
        c.arrived_phase = data.get("arrived")
        c.died_phase = data.get("died")
        if data.get("uses"):
            state.uses.add(cid, PER_GAME, GAME, data["uses"])
        for name, n in (data.get("given_uses") or {}).items():  # abilities given to it (DH-11.22)
            state.uses.add((cid, name), PER_GAME, GAME, n)
        if data.get("appeared", c.starter) and cid not in state.appeared:
            state.appeared.append(cid)
        elif not data.get("appeared", c.starter) and cid in state.appeared:
            state.appeared.remove(cid)
    for entry in setup.get("effects", []):
        state.effects.restore(effect_from_json(entry), setup.get("next_effect_id"))
    if "next_effect_id" in setup:
        state.effects.restore_next(setup["next_effect_id"])


_EFFECT_KEYS = ("id", "kind", "bearer", "start", "end", "removable", "source")


def effect_json(e: Effect) -> dict[str, Any]:
    """A lasting effect as the final state lists it — the same shape the setup's ``effects`` take."""
    data = {("repeat_kind" if k == "kind" else k): v for k, v in e.data.items()}
    out: dict[str, Any] = {"id": e.seq, "kind": e.kind, "bearer": e.bearer, **data, "start": e.start, "end": e.end}
    if not e.removable:
        out["removable"] = False
    if e.source:
        out["source"] = dict(e.source)
    return out


def effect_from_json(entry: dict[str, Any]) -> Effect:
    data = {("kind" if k == "repeat_kind" else k): copy.deepcopy(v) for k, v in entry.items() if k not in _EFFECT_KEYS}
    return Effect.restored(entry, data=data, clock=PHASE, start=entry.get("start", 0))


def character_state(c: Character, state: DhState) -> dict[str, Any]:
    """What the final state adds to a character beyond the setup's keys, where it is not the default."""
    out: dict[str, Any] = {}
    if c.at is not None and not c.starter:
        out["starter"] = False
    if c.arrived_phase is not None:
        out["arrived"] = c.arrived_phase
    if state.uses.used(c.id, PER_GAME, GAME):
        out["uses"] = state.uses.used(c.id, PER_GAME, GAME)
    given = {name: state.uses.used((c.id, name), PER_GAME, GAME) for name in state.library}
    if any(given.values()):  # uses of abilities given to it (DH-11.22)
        out["given_uses"] = {name: n for name, n in given.items() if n}
    if (c.id in state.appeared) != c.starter:
        out["appeared"] = c.id in state.appeared
    return out


# The keys of a setup that say where a match is now, not what its characters and sides are: a
# continued setup writes them from the log's final state. Every other key (base values, attributes
# such as 性別 and 学年, a 転校生's sheet, keys added later) is carried as the old setup wrote it.
_STATE_KEYS = ("at", "current", "dead", "withdrawn", "starter", "arrived", "appeared", "uses", "arrives", "died")
_SETUP_STATE_KEYS = ("map", "start_turn", "effects", "next_effect_id", "sealed_character", "sides", "characters")


def setup_from_log(log: dict) -> dict:
    """The setup of a match that continues ``log`` at its next turn (DH-12.2): the base values and
    abilities of the log's own setup, the current values and states of its final state."""
    old = log["input"]["match"]["setup"]
    final = log["state"]
    setup: dict[str, Any] = {"map": copy.deepcopy(final["map"])}
    setup.update({k: copy.deepcopy(v) for k, v in old.items() if k not in _SETUP_STATE_KEYS})
    setup["start_turn"] = log["turns"][-1]["turn"] + 1 if log["turns"] else start_turn(old)
    setup["sides"] = {}
    for sid, s in old["sides"].items():
        side = {k: copy.deepcopy(v) for k, v in s.items() if k != "dp"}
        if final["sides"][sid]["dp"]:
            side["dp"] = final["sides"][sid]["dp"]
        if "bonus" in final["sides"][sid]:  # the 応援ボーナス left (DH-15.5)
            side["bonus"] = final["sides"][sid]["bonus"]
        setup["sides"][sid] = side
    setup["characters"] = {}
    died = death_phases(log)
    for cid, base in old["characters"].items():
        now = final["characters"][cid]
        c = {k: copy.deepcopy(v) for k, v in base.items() if k not in _STATE_KEYS}
        if "at" in now:
            c["at"] = now["at"]
        base_values = {k: base.get(k, 2) if k == "movement" else base[k] for k in CURRENT}
        current = {k: now[k] for k in CURRENT if now.get(k) != base_values[k]}
        if "dead" in now["states"]:
            c["dead"] = True
            current.pop("hp", None)
        if current:
            c["current"] = current
        if "withdrawn" in now["states"]:
            c["withdrawn"] = True
        if cid in died or "died" in base:  # for "someone died last phase" (DH-8.15)
            c["died"] = died.get(cid, base.get("died"))
        if "arrives" in base and "at" not in now and "at" in base:  # a 転校生 still to arrive (DH-14.3)
            c["at"], c["arrives"] = base["at"], base["arrives"]
        for key in ("starter", "arrived", "uses", "given_uses", "appeared"):
            if key in now:
                c[key] = now[key]
        setup["characters"][cid] = c
    if "sealed_character" in old and setup["start_turn"] <= 2:  # still to arrive (DH-4.6)
        setup["sealed_character"] = old["sealed_character"]
    setup["effects"] = copy.deepcopy(final["effects"])
    setup["next_effect_id"] = final["next_effect_id"]
    return setup


def death_phases(log: dict) -> dict[str, int]:
    """The absolute phase of each character's last death in ``log``: the phase clock reads the
    ``phase_start`` events, and what happens before a turn's first phase is in the turn before's last."""
    setup = log["input"]["match"]["setup"]
    phases = phases_a_turn(any(s.get("transfer") for s in setup["sides"].values()))
    out: dict[str, int] = {}
    for turn in log["turns"]:
        now = phase_of(turn["turn"], 0, phases)
        for e in turn["events"]:
            if e["kind"] == "phase_start":
                now = phase_of(turn["turn"], e["phase"], phases)
            elif e["kind"] == "death":
                out[e["character"]] = now
    return out


def arrives_for_good(setup: dict, c: dict) -> bool:
    """A character that joins the MAP for good, not by a summon: a 転校生 (DH-14.3) or, on a side
    with a 増援 schedule, a reinforcement (DH-2.6) — a continued setup cannot tell the two apart."""
    side = setup["sides"].get(c["side"]) or {}
    return bool(side.get("transfer")) or any(r.get("side") == c["side"] for r in setup.get("reinforcements", []))


def _wiped_out(members: list[dict], scope: str) -> bool:
    """Whether these setup characters of one side count as wiped out (DH-6.1 with its option
    ``wipeout_scope``, as harm.wiped_out reads the state): the match would have been decided."""
    if scope == "starters":
        members = [c for c in members if "at" in c and c.get("starter", True)]
    elif scope != "roster":
        members = [c for c in members if "at" in c]
    return bool(members) and all(c.get("dead") for c in members)


def check_state(setup: dict, options: dict, at: Any) -> None:
    """DH-12.1: the current state must be one the rules can reach. ``at(rel, message)`` reports."""
    heal_cap = options["heal_cap"]
    chars = setup["characters"]
    now = start_phase(setup)
    # a ステータス入れ替え under way (DH-11.21) holds a value of another stat, which may be higher
    swapped = {(cid, name) for e in setup.get("effects", []) if e["kind"] == "stat_swap"
               for cid, name, _ in e.get("slots", [])}
    for cid, c in chars.items():
        cur = c.get("current") or {}
        if heal_cap == "initial":
            for name, value in cur.items():
                # 体力 over its base is reached by a 蘇生 with its amount (DH-11.11), heal cap or not
                if value > c.get(name, 2 if name == "movement" else 0) and (cid, name) not in swapped \
                        and name != "hp":
                    at(("characters", cid, "current", name),
                       say("dh.over_maximum", stat=name, value=value, maximum=c.get(name, 2)))
        if cur.get("hp") == 0 and not c.get("dead"):
            at(("characters", cid, "current", "hp"), say("dh.hp_zero"))
        if c.get("dead") and cur.get("hp", 0) != 0:
            at(("characters", cid, "dead"), say("dh.dead_hp", hp=cur["hp"]))
        if (c.get("dead") or c.get("withdrawn")) and "at" not in c:
            at(("characters", cid), say("dh.dead_needs_at"))
        if c.get("starter") is False and "at" in c and not arrives_for_good(setup, c) and not any(
                e.get("kind") == "summon" and e.get("bearer") == cid for e in setup.get("effects", [])):
            at(("characters", cid, "starter"), say("dh.summoned_needs_effect"))
        for key in ("arrived", "died"):
            if key in c and c[key] > now:
                at(("characters", cid, key), say("dh.after_start", phase=c[key], start=now))
    for sid, s in setup["sides"].items():
        if not s.get("transfer") and _wiped_out([c for c in chars.values() if c["side"] == sid],
                                                options["wipeout_scope"]):
            at(("sides", sid), say("dh.side_all_dead", side=sid))
    seen: dict[int, int] = {}  # effect id -> its index (a dict: no set order in resolution code)
    for i, e in enumerate(setup.get("effects", [])):
        here = ("effects", i)
        if e["id"] in seen:
            at(here + ("id",), say("dh.effect_id_twice", id=e["id"]))
        seen[e["id"]] = i
        bearer = e.get("bearer")
        if bearer is not None and bearer not in chars:
            at(here + ("bearer",), say("dh.unknown_character", who=bearer, hint=""))
        user = (e.get("source") or {}).get("user")
        if user is not None and user not in chars:
            at(here + ("source", "user"), say("dh.unknown_character", who=user, hint=""))
        if e["end"] is not None and e["end"] < now:  # ending at ``now``: it ends at the first phase start
            at(here + ("end",), say("dh.ended_before", end=e["end"], start=now))
        if e["kind"] in ("field",) and "owner" not in e:
            at(here, say("dh.field_owner"))
        if e["kind"] in ("stat_change",) and ("stat" not in e or "amount" not in e):
            at(here, say("dh.stat_change_parts"))
        if e["kind"] == "field":
            for j, sq in enumerate(e.get("squares", [])):
                if parse_square(sq) is None:
                    at(here + ("squares", j), say("dh.not_a_square", text=sq))
    if "next_effect_id" in setup and seen and setup["next_effect_id"] <= max(seen):
        at(("next_effect_id",), say("dh.next_effect_id", highest=max(seen)))
