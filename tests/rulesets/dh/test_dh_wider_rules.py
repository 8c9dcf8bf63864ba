"""The wider 2.1 rules beyond one match's actions: 初期配置 columns (DH-1.7) and 増援 (DH-2.6)."""

from __future__ import annotations

import json

import pytest

from dhproc import api
from dhproc.errors import InputError


def _match(chars: dict, *, options: dict | None = None, extra: dict | None = None, turns: list | None = None) -> str:
    return json.dumps({"dhproc": 1, "ruleset": "dh", "seed": 1, "options": options or {},
                       "setup": {"map": {"rows": 3, "cols": 6}, "first": "red",
                                 "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}},
                                 "characters": chars, **(extra or {})},
                       "turns": turns or []}, ensure_ascii=False)


def _char(side: str, at: str | None = None) -> dict:
    c = {"name": f"{side}{at}", "side": side, "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5}
    return dict(c, at=at) if at else c


def test_dh_1_7_starters_stand_in_their_sides_edge_columns_when_the_option_asks() -> None:
    chars = {"a": _char("red", "Ａ２"), "b": _char("red", "Ｂ３"), "x": _char("blue", "Ａ６"), "y": _char("blue", "Ｃ２")}
    api.resolve(api.loads(_match(chars), name="m.yaml"))  # off by default: anywhere
    with pytest.raises(InputError) as info:
        api.resolve(api.loads(_match(chars, options={"placement_columns": "first_left"}), name="m.yaml"))
    texts = {p.path[2]: p.message for p in info.value.problems}
    assert sorted(texts) == ["b", "y"]
    assert "Ｂ３" in texts["b"] and "（１・２）" in texts["b"]  # 赤組 (先攻): the two on the left
    assert "Ｃ２" in texts["y"] and "（５・６）" in texts["y"]  # 青組: the two on the right
    mirrored = {"a": _char("red", "Ａ６"), "x": _char("blue", "Ａ１"), "b": _char("red")}
    api.resolve(api.loads(_match(mirrored, options={"placement_columns": "first_right"}), name="m.yaml"))


def test_dh_2_6_a_reinforcement_entry_is_checked_and_survives_a_continued_match(tmp_path) -> None:
    chars = {"a": _char("red", "Ａ１"), "x": _char("blue", "Ａ６"), "b": _char("red"), "c": _char("red")}
    bad = {"reinforcements": [{"side": "green", "turn": 2, "area": ["Ａ１", "Ｚ９"]}]}
    with pytest.raises(InputError) as info:
        api.resolve(api.loads(_match(chars, extra=bad), name="m.yaml"))
    paths = sorted(p.path for p in info.value.problems)
    assert paths == [("setup", "reinforcements", 0, "area", 1), ("setup", "reinforcements", 0, "side")]
    plan = {"reinforcements": [{"side": "red", "turn": 2, "area": ["Ａ１", "Ｂ１"]}]}
    log = api.resolve(api.loads(_match(chars, extra=plan, turns=[{"turn": 1, "submissions": {"red": [], "blue": []}}]),
                                name="m.yaml"))
    from dhproc.rulesets.dh.campaign import setup_from_log

    setup = setup_from_log(log)
    assert setup["reinforcements"] == plan["reinforcements"]
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "setup": setup,
             "turns": [{"turn": 2, "dice": [2], "submissions": {"red": [], "blue": []}}]}
    later = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    arrival = [e for t in later["turns"] for e in t["events"] if e["kind"] == "reinforcement"]
    assert arrival == [{"seq": arrival[0]["seq"], "kind": "reinforcement", "side": "red", "character": "c",
                        "face": 2, "pool": 2, "at": "Ｂ１"}]  # Ａ１ is taken by a


def test_dh_4_6_the_sealed_character_is_checked_and_still_arrives_in_a_continued_match() -> None:
    chars = {"a": _char("red", "Ａ１"), "s": _char("red", "Ｂ１"), "x": _char("blue", "Ａ６")}
    with pytest.raises(InputError) as info:
        api.resolve(api.loads(_match(chars, extra={"sealed_character": "x"}), name="m.yaml"))
    assert [p.path for p in info.value.problems] == [("setup", "sealed_character")]
    log = api.resolve(api.loads(_match(chars, extra={"sealed_character": "s"},
                                       turns=[{"turn": 1, "submissions": {"red": [], "blue": []}}]), name="m.yaml"))
    from dhproc.rulesets.dh.campaign import setup_from_log

    setup = setup_from_log(log)
    assert setup["sealed_character"] == "s" and setup["characters"]["s"]["withdrawn"] is True
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "setup": setup,
             "turns": [{"turn": 2, "submissions": {"red": [{"who": "s", "to": "Ｂ２"}], "blue": []}}]}
    later = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    kinds = [e["kind"] for t in later["turns"] for e in t["events"]]
    assert kinds.index("sealed_arrival") < kinds.index("move")
    assert later["state"]["characters"]["s"]["at"] == "Ｂ２"


def test_dh_4_6_the_report_shows_the_sealed_character_as_not_yet_arrived() -> None:
    chars = {"a": _char("red", "Ａ１"), "s": _char("red", "Ｂ１"), "x": _char("blue", "Ａ６")}
    turns = [{"turn": n, "submissions": {"red": [], "blue": []}} for n in (1, 2)]
    log = api.resolve(api.loads(_match(chars, extra={"sealed_character": "s"}, turns=turns), name="m.yaml"))
    first, second = (api.render(log, lang="ja", turns=[n]) for n in (1, 2))
    row = next(line for line in first.splitlines() if "redＢ１" in line and "|" in line)
    assert "封印（未登場）" in row and "戦線離脱" not in first
    assert "redＢ１" not in first.split("MAP")[-1]  # off the MAP in turn 1
    assert "封印（未登場）" not in second and "redＢ１" in second.split("MAP")[-1]  # arrived in turn 2
    english = api.render(log, lang="en", turns=[1])
    assert "sealed (not yet arrived)" in english and "withdrawn" not in english
    # continued from turn 1's log: the character flagged off the MAP is still the sealed one
    from dhproc.rulesets.dh.campaign import setup_from_log

    once = api.resolve(api.loads(_match(chars, extra={"sealed_character": "s"}, turns=turns[:1]), name="m.yaml"))
    match = {"dhproc": 1, "ruleset": "dh", "seed": 1, "setup": setup_from_log(once), "turns": turns[1:]}
    later = api.resolve(api.loads(json.dumps(match, ensure_ascii=False), name="m.yaml"))
    assert "封印（未登場）" not in api.render(later, lang="ja") and "戦線離脱" not in api.render(later, lang="ja")
