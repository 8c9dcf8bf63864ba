"""`dhproc summary` names who dealt each knock-out, in every ruleset, or what brought it down when
nobody did (a drawn logos bout, a dh ability's own cost, a kagemiya servant's 自害) — never a bare "-"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from dhproc import api
from dhproc.report.document import Table

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "tests" / "replays").glob("*/*/log.json")) + sorted((ROOT / "tests" / "golden").glob("*.json"))


def _kills(log: dict, lang: str = "ja") -> list[tuple]:
    blocks = api.summary_blocks(log, lang=lang)
    at = next(i for i, b in enumerate(blocks) if getattr(b, "text", None) in ("撃破", "Kills"))
    table = blocks[at + 1]
    return list(table.rows) if isinstance(table, Table) else []


def _names(log: dict) -> set[str]:
    return {str(c.get("name", cid)) for cid, c in log["input"]["match"]["setup"]["characters"].items()}


def test_every_recorded_knock_out_names_who_dealt_it_or_why_nobody_did() -> None:
    counted = {}
    for path in LOGS:
        log = json.loads(path.read_text(encoding="utf-8"))
        for row in _kills(log):
            by = str(row[3])
            assert by in _names(log) or by in ("（引き分け）", "（能力のコスト）", "（令呪・自害）"), f"{path}: {row}"
            counted[log["ruleset"]] = counted.get(log["ruleset"], 0) + 1
    assert set(counted) == {"dh", "logos", "count", "nicosw", "kagemiya"}, counted


def test_kagemiya_a_servant_that_vanishes_with_its_master_is_put_down_to_the_master_s_killer() -> None:
    log = json.loads((ROOT / "tests" / "replays" / "kagemiya" / "master-loss" / "log.json").read_text(encoding="utf-8"))
    events = [e for t in log["turns"] for e in t["events"]]
    master = next(e for e in events if e["kind"] == "eliminated" and e["cause"] == "hp_zero")
    servant = next(e for e in events if e["kind"] == "eliminated" and e["cause"] == "master_lost")
    dealt = next(e["by"] for e in events if e["kind"] == "damage" and e["target"] == master["character"]
                 and e["after"] == 0)
    names = {cid: c["name"] for cid, c in log["input"]["match"]["setup"]["characters"].items()}
    rows = {row[1]: row[3] for row in _kills(log)}
    assert rows[names[servant["character"]]] == rows[names[master["character"]]] == names[dealt]


def test_logos_a_drawn_bout_s_knock_outs_say_so() -> None:
    log = json.loads((ROOT / "tests" / "golden" / "logos.json").read_text(encoding="utf-8"))
    drawn = [row for row in _kills(log) if row[0] == 4]
    assert [row[3] for row in drawn] == ["（引き分け）", "（引き分け）"]
    assert {row[3] for row in _kills(log, "en") if row[0] == 4} == {"(drawn bout)"}


def test_dh_a_death_by_its_own_ability_s_cost_says_so() -> None:
    scenario = yaml.safe_load((ROOT / "tests" / "scenarios" / "dh" / "self-death-cost.yaml").read_text(encoding="utf-8"))
    log = api.resolve(api.loads(yaml.safe_dump(scenario["match"], allow_unicode=True)))
    assert ["捨て身", "（能力のコスト）"] in [[row[1], row[3]] for row in _kills(log)]
    assert ["捨て身", "(its ability's cost)"] in [[row[1], row[3]] for row in _kills(log, "en")]


@pytest.mark.parametrize("ruleset_id", ["count", "nicosw"])
def test_rulesets_that_log_the_dealer_name_it(ruleset_id: str) -> None:
    log = api.resolve(api.load(ROOT / "examples" / ruleset_id))
    rows = _kills(log)
    assert rows and all(str(row[3]) in _names(log) for row in rows)
