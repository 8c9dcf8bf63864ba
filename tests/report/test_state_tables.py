"""Every state table a report prints shows the state at the point it names.

For every example of every ruleset (examples/<ruleset>/) and every turn k, the match is resolved
up to turn k: that log's ``state`` is the state after turn k (the state before turn 1 is the
ruleset's initial state). The report is then rendered three ways — turn k alone from the log
stopped there (what ``dhproc resolve turn-k.yaml`` prints), turn k alone from the whole battle's
log, and every turn of the whole log — and each table is read: the point it names (its caption or
the heading above it: "after turn 2", "at the start of 巡 3", "at the end of the battle") and its
rows, which must equal the rows the state at that point gives.

Each ruleset has a reader below: which captions name which point and which cells carry state.
A table that names a point inside a turn (nicosw's first half-round) has no log state to compare
with and is passed over; every ruleset must still have tables that are compared.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable

import pytest

from dhproc import api
from dhproc.engine.ruleset import ruleset_ids
from dhproc.report.document import Heading, Table

ROOT = Path(__file__).resolve().parents[2]
FULL = re.compile(r"[０-９Ａ-Ｚ]")


def _ascii(text: object) -> str:
    """Full-width digits and letters (dh's squares) as ASCII, so cells compare with the state."""
    return FULL.sub(lambda m: chr(ord(m.group()) - 0xFEE0), str(text))


@dataclasses.dataclass(frozen=True)
class Point:
    """The state a table names: after turn ``turn`` (0: before the first), or the battle's end."""

    turn: int | None = None
    battle_over: bool = False


@dataclasses.dataclass(frozen=True)
class Reader:
    # (caption, the heading above, the turn shown last so far or None) -> the point, or None to pass over
    point: Callable[[str, str, int | None, dict[int, dict]], Point | None]
    rows: Callable[[Table], dict[str, tuple]]  # a table's rows by character name
    state: Callable[[dict, Table, dict], dict[str, tuple]]  # the same cells from a log state (and the setup)


def _paren_free(name: object) -> str:
    return re.sub(r"（[^）]*）$| \([^)]*\)$", "", str(name))


# ---------------------------------------------------------------------------------------- kagemiya

def _kagemiya_point(caption: str, heading: str, shown: int | None, states: dict[int, dict]) -> Point | None:
    if caption == "【戦闘終了時】":
        return Point(battle_over=True)
    m = re.fullmatch(r"【(\d+)巡目終了時】", caption)
    if m:
        return Point(turn=_turn_of_round(states, int(m.group(1))))
    m = re.fullmatch(r"【参加者（(\d+)巡目開始時）】", caption)
    if m:
        return Point(turn=_turn_of_round(states, int(m.group(1)) - 1))
    if caption == "【参加者】":
        return Point(turn=0)
    raise AssertionError(f"kagemiya table with an unknown caption {caption!r}")


def _turn_of_round(states: dict[int, dict], played: int) -> int:
    """The turn after which ``played`` 巡 had been played."""
    return next(k for k, s in sorted(states.items()) if s["state"]["progress"]["rounds_played"] == played)


KAGEMIYA_ROW = {"front": "前衛", "back": "後衛"}


def _kagemiya_rows(table: Table) -> dict[str, tuple]:
    return {_paren_free(r[1]): (str(r[1]), r[3], r[10], str(r[11])) for r in table.rows}


def _kagemiya_state(state: dict, table: Table, setup: dict) -> dict[str, tuple]:
    out = {}
    for c in state["characters"].values():
        side = state["sides"][c["side"]]["status"]
        flag = ("脱落" if c["eliminated"] else "保護" if c["protected"] else
                {"escaped": "逃走", "out": "全滅"}.get(side, ""))
        out[c["name"]] = (c["name"] + (f"（{flag}）" if flag else ""), KAGEMIYA_ROW[c["row"]],
                          f"{c['hp']}/{c['max_hp']}", str(c.get("command_spells", "-")))
    return out


# ---------------------------------------------------------------------------------------- dh

def _dh_point(caption: str, heading: str, shown: int | None, states: dict[int, dict]) -> Point | None:
    m = re.fullmatch(r"［(\d+)ターン終了時］", heading)
    return Point(turn=int(m.group(1))) if m else None


def _dh_rows(table: Table) -> dict[str, tuple]:
    dp = int(table.caption.rsplit("DP：", 1)[1].split("　")[0]) if "DP：" in table.caption else None
    return {r[0]: (*r[1:6], _ascii(r[6]), dp) for r in table.rows}


def _dh_state(state: dict, table: Table, setup: dict) -> dict[str, tuple]:
    side = next(sid for sid, s in state["sides"].items() if table.caption.startswith(s["name"]))
    dp = state["sides"][side].get("dp") if "DP：" in table.caption else None
    return {c["name"]: (c["attack"], c["defense"], c["hp"], c["spirit"], c["fs"], _ascii(c.get("at") or ""), dp)
            for c in state["characters"].values() if c["side"] == side}


# ---------------------------------------------------------------------------------------- logos

def _logos_point(caption: str, heading: str, shown: int | None, states: dict[int, dict]) -> Point | None:
    if heading == "【ラウンド終了時】" and shown is not None:
        return Point(turn=shown)
    return None  # 【ラウンド開始時】 follows the lineup, inside the turn


def _logos_rows(table: Table) -> dict[str, tuple]:
    dp = int(table.caption.rsplit("DP：", 1)[1])
    return {r[1]: (r[0], "戦闘不能" in str(r[8]), dp) for r in table.rows if r[0] is not None}


def _logos_state(state: dict, table: Table, setup: dict) -> dict[str, tuple]:
    side = next(sid for sid, s in state["sides"].items() if table.caption.startswith(s["name"]))
    dp = state["sides"][side]["dp"]
    return {c["name"]: (c["order"], "knocked_out" in c["states"], dp)
            for c in state["characters"].values() if c["side"] == side and c.get("order") is not None}


# ---------------------------------------------------------------------------------------- count

def _count_point(caption: str, heading: str, shown: int | None, states: dict[int, dict]) -> Point | None:
    # 【状態（ラウンドN終了時）】 is drawn after the round's エンドフェイズ, the last step of its turn, and
    # the closing 【状態】 only when the state changed since: both show the state after the turn shown
    if (caption == "【状態】" or re.fullmatch(r"【状態（ラウンド\d+終了時）】", caption or "")) and shown is not None:
        return Point(turn=shown)
    return None


COUNT_STATES = (("done", "行動終了"), ("knocked_out", "戦闘不能"), ("escaped", "逃走"))


def _count_rows(table: Table) -> dict[str, tuple]:
    return {r[0]: (r[2], r[3], r[4], r[5], tuple(s for s in str(r[7]).split("・") if s != "行動不能"))
            for r in table.rows}


def _count_state(state: dict, table: Table, setup: dict) -> dict[str, tuple]:
    return {c["name"]: ("-" if c["at"] is None or c["knocked_out"] else c["at"], c["count"],
                        f"{c['hp_now']}/{c['hp']}", c["ca_left"],
                        tuple(word for key, word in COUNT_STATES if c[key]) or ("",))
            for c in state["characters"].values()}


# ---------------------------------------------------------------------------------------- nicosw

def _nicosw_point(caption: str, heading: str, shown: int | None, states: dict[int, dict]) -> Point | None:
    m = re.fullmatch(r"(\d+)R裏（.*）終了時の状況", caption)
    if not m:
        return None  # the first half-round ends inside the turn
    return Point(turn=next(k for k, s in sorted(states.items()) if k and s["state"]["round"] == int(m.group(1))))


def _nicosw_rows(table: Table) -> dict[str, tuple]:
    return {r[0]: (re.findall(r"\d+", str(r[2])), re.findall(r"-?\d+", str(r[3]))) for r in table.rows}


def _nicosw_state(state: dict, table: Table, setup: dict) -> dict[str, tuple]:
    shown = {r[0] for r in table.rows}
    out = {}
    for cid, c in state["characters"].items():
        name = setup["characters"][cid].get("name", cid)
        if name not in shown:
            continue
        at = c["at"]
        parts = c.get("parts") or {"body": {"hp": c["hp"], "max_hp": c["max_hp"]}}
        out[name] = ([] if at is None else re.findall(r"\d+", str(at)),
                     [str(v) for p in parts.values() for v in (p["hp"], p["max_hp"])])
    return out


READERS = {
    "kagemiya": Reader(_kagemiya_point, _kagemiya_rows, _kagemiya_state),
    "dh": Reader(_dh_point, _dh_rows, _dh_state),
    "logos": Reader(_logos_point, _logos_rows, _logos_state),
    "count": Reader(_count_point, _count_rows, _count_state),
    "nicosw": Reader(_nicosw_point, _nicosw_rows, _nicosw_state),
}


@lru_cache(maxsize=None)
def _logs(ruleset_id: str) -> tuple[list[int], dict[int, dict]]:
    """The example's turn numbers and, for each k (0 = none), the log resolved up to its kth turn."""
    match = api.load(ROOT / "examples" / ruleset_id)
    numbers = [t.number for t in match.turns]
    return numbers, {k: api.resolve(dataclasses.replace(match, turns=match.turns[:k]))
                     for k in range(len(numbers) + 1)}


def _compared(ruleset_id: str, log: dict, shown: list[int], states: dict[int, dict]) -> int:
    """Check every table of the report of ``shown`` turns of ``log``; the number compared."""
    reader = READERS[ruleset_id]
    numbers = _logs(ruleset_id)[0]
    heading, last_turn, compared = "", None, 0
    by_number = {n: k + 1 for k, n in enumerate(numbers)}
    for block in api.report_blocks(log, turns=shown):
        if isinstance(block, Heading):
            heading = block.text
            last_turn = _turn_heading(heading, by_number, last_turn, shown)
            continue
        if not isinstance(block, Table):
            continue
        point = reader.point(block.caption, heading, last_turn, states)
        if point is None:
            continue
        if point.battle_over:
            k = next((k for k, s in sorted(states.items()) if s["outcome"]["result"] != "ongoing"), None)
            assert k is not None, f"{ruleset_id} turns {shown}: {block.caption} while the battle goes on"
        else:
            k = point.turn
        assert k <= max(by_number[n] for n in shown), f"{block.caption or heading} names a point after the turns shown"
        expected = reader.state(states[k]["state"], block, log["input"]["match"]["setup"])
        assert reader.rows(block) == expected, f"{ruleset_id} turns {shown}: {block.caption or heading}"
        compared += 1
    return compared


def _turn_heading(heading: str, by_number: dict[int, int], last: int | None, shown: list[int]) -> int | None:
    """The index (1-based) of the turn a turn heading opens, when one report shows several turns."""
    if len(shown) == 1:
        return by_number[shown[0]]
    m = re.match(r"■(?:ラウンド)?(\d+)(?:ターン目|巡目|R)?", heading)
    return by_number.get(int(m.group(1)), last) if m else last


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_every_state_table_shows_the_state_it_names(ruleset_id: str) -> None:
    numbers, logs = _logs(ruleset_id)
    states = {k: {"state": log["state"], "outcome": log["outcome"]} for k, log in logs.items()}
    whole = logs[len(numbers)]
    compared = 0
    for k, number in enumerate(numbers, start=1):
        upto = {j: s for j, s in states.items() if j <= k}
        compared += _compared(ruleset_id, logs[k], [number], upto)  # `dhproc resolve turn-k.yaml`
        compared += _compared(ruleset_id, whole, [number], upto)  # one turn of a longer log
    compared += _compared(ruleset_id, whole, numbers, states)  # the whole battle
    assert compared >= len(numbers), f"{ruleset_id}: only {compared} tables compared"
