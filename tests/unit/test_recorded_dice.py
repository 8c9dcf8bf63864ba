"""Recorded dice (`dice:` in a turn) through whole matches: DESIGN.md §4.

Recorded faces replace seeded draws one die at a time, in draw order (the draw counter runs over
the whole turn, across both phases). A face outside the die is an error naming the draw and
located at that die; running out is an error naming the draw that needed a die, located at
`dice`; `then: seeded` continues from the seeded stream, and recorded draws do not advance that
stream (dhproc/dice/stream.py docstring); unused recorded dice are an error at the first unused die.
Every die is logged with its source.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dhproc import api
from dhproc.errors import InputError, ResolutionError
from dhproc.dice.rng import stream

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "dh"
SEED = 424242

# Three draws per turn: phase a (先攻) has one attack, phase b two.
#   draw 1, step "a": suzuki → yamada   (8-5)×5+50 = 65%
#   draw 2, step "b": yamada → suzuki   (10-7)×5+50 = 65%
#   draw 3, step "b": sato → suzuki     (6-7)×5+50 = 45%
# Everyone has 40 体力, so nobody dies whatever the dice.
MATCH = f"""\
dhproc: 1
ruleset: dh
title: 記録ダイス
seed: {SEED}
setup:
  first: a
  sides:
    a: {{name: 番長グループ}}
    b: {{name: 生徒会}}
  characters:
    suzuki: {{name: 鈴木一郎, side: a, attack: 8, defense: 7, hp: 40, spirit: 5, fs: 5, at: Ｂ４}}
    yamada: {{name: 山田太郎, side: b, attack: 10, defense: 5, hp: 40, spirit: 5, fs: 5, at: Ｂ３}}
    sato: {{name: 佐藤花子, side: b, attack: 6, defense: 8, hp: 40, spirit: 6, fs: 4, at: Ｂ２}}
"""

TURN1_SUBS = """\
submissions:
  a:
    - {who: suzuki, to: Ｂ３, attack: yamada}
  b:
    - {who: yamada, attack: suzuki}
    - {who: sato, to: Ｂ３, attack: suzuki}
"""

TURN2_SUBS = """\
submissions:
  a:
    - {who: suzuki, attack: sato}
  b:
    - {who: yamada, attack: suzuki}
    - {who: sato, attack: suzuki}
"""


def _at(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    idx = -1
    for _ in range(occurrence):
        idx = text.index(needle, idx + 1)
    return text.count("\n", 0, idx) + 1, idx - (text.rfind("\n", 0, idx) + 1) + 1


def _turn(n: int, dice: str | None, subs: str) -> str:
    head = f"dhproc: 1\nmatch: match.yaml\nturn: {n}\n"
    if dice is not None:
        head += f"dice: {dice}\n"
    return head + subs


def _write(tmp_path: Path, dice1: str | None, dice2: str | None = None, *, two_turns: bool = False
           ) -> tuple[Path, str]:
    files = ["turn-01.yaml"] + (["turn-02.yaml"] if two_turns else [])
    (tmp_path / "match.yaml").write_text(MATCH + f"turns: [{', '.join(files)}]\n", encoding="utf-8")
    t1 = _turn(1, dice1, TURN1_SUBS)
    (tmp_path / "turn-01.yaml").write_text(t1, encoding="utf-8")
    if two_turns:
        (tmp_path / "turn-02.yaml").write_text(_turn(2, dice2, TURN2_SUBS), encoding="utf-8")
    return tmp_path / "match.yaml", t1


def _rolls(log: dict, turn: int = 1) -> list[dict]:
    return [e for e in log["turns"][turn - 1]["events"] if e["kind"] == "roll"]


def _attacks(log: dict, turn: int = 1) -> list[dict]:
    return [e for e in log["turns"][turn - 1]["events"] if e["kind"] == "attack"]


def _resolve(path: Path) -> dict:
    return api.resolve(api.load(path))


def _problem(exc_info):
    problems = exc_info.value.problems
    assert len(problems) == 1, [p.format() for p in problems]
    return problems[0]


def _stream_faces(seed, turn, step, n, sides=100):
    gen = stream(seed, turn, step)
    return [gen.die(sides) for _ in range(n)]


# --------------------------------------------------------------------------- recorded faces used

def test_recorded_faces_replace_draws_in_order_across_phases(tmp_path):
    path, _ = _write(tmp_path, "[10, 80, 45]")
    log = _resolve(path)
    rolls = _rolls(log)
    assert [(r["draw"], r["step"], r["face"], r["source"], r["sides"]) for r in rolls] == [
        (1, "a", 10, "recorded", 100), (2, "b", 80, "recorded", 100), (3, "b", 45, "recorded", 100)]
    assert [(a["actor"], a["hit_rate"], a["face"], a["hit"]) for a in _attacks(log)] == [
        ("suzuki", 65, 10, True), ("yamada", 65, 80, False), ("sato", 45, 45, True)]


def test_faces_1_and_100_are_faces_of_a_d100(tmp_path):
    path, _ = _write(tmp_path, "[1, 100, 100]")
    log = _resolve(path)
    assert [r["face"] for r in _rolls(log)] == [1, 100, 100]
    assert [a["hit"] for a in _attacks(log)] == [True, False, False]


def test_every_die_is_logged_with_purpose_sides_value_and_source(tmp_path):
    path, _ = _write(tmp_path, None)
    for r in _rolls(_resolve(path)):
        assert r["purpose"] == "hit_check"
        assert r["sides"] == 100
        assert 1 <= r["face"] <= 100
        assert r["source"] == "seeded"


# --------------------------------------------------------------------------- out of range

@pytest.mark.parametrize("bad", [0, -5])
def test_a_face_below_1_is_a_schema_error_at_that_die(tmp_path, bad):
    path, text = _write(tmp_path, f"[10, {bad}, 45]")
    with pytest.raises(InputError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, f"{bad}, 45")
    assert p.path == ("dice", 1)
    assert p.message.startswith("a recorded die is a face: a whole number from 1")


@pytest.mark.parametrize("bad", [101, 10000])
def test_face_outside_the_die_names_the_draw_and_is_located_at_that_die(tmp_path, bad):
    path, text = _write(tmp_path, f"[10, {bad}, 45]")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert Path(p.file).name == "turn-01.yaml"
    assert (p.line, p.col) == _at(text, f"{bad}, 45")
    assert p.path == ("dice", 1)
    assert p.message == (f"recorded die 2 is {bad}, but draw 2 (hit_check of yamada) is a d100: "
                         f"faces 1..100")


def test_face_outside_the_die_in_the_mapping_form(tmp_path):
    path, text = _write(tmp_path, "{faces: [10, 80, 101], then: seeded}")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "101")
    assert p.path == ("dice", "faces", 2)
    assert "recorded die 3 is 101, but draw 3 (hit_check of sato) is a d100" in p.message


def test_non_integer_faces_are_a_schema_error_at_the_face(tmp_path):
    path, text = _write(tmp_path, "[10, x, 45]")
    with pytest.raises(InputError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "x, 45")
    assert p.path == ("dice", 1)


def test_true_is_not_a_face(tmp_path):
    path, text = _write(tmp_path, "[10, true, 45]")
    with pytest.raises(InputError) as e:
        _resolve(path)
    assert (_problem(e).line, _problem(e).col) == _at(text, "true")


# --------------------------------------------------------------------------- running out

def test_running_out_names_the_draw_that_needed_a_die_and_is_located_at_dice(tmp_path):
    path, text = _write(tmp_path, "[10]")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "[10]")
    assert p.path == ("dice",)
    assert p.message.startswith("recorded dice ran out: draw 2 (hit_check of yamada, d100) needs a die")
    assert "then: seeded" in p.message


def test_running_out_with_then_error_is_located_at_faces(tmp_path):
    path, text = _write(tmp_path, "{faces: [10, 80], then: error}")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "[10, 80]")
    assert p.path == ("dice", "faces")
    assert p.message.startswith("recorded dice ran out: draw 3 (hit_check of sato, d100) needs a die")


def test_mapping_form_defaults_to_error(tmp_path):
    path, _ = _write(tmp_path, "{faces: [10, 80]}")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    assert "draw 3" in _problem(e).message


def test_empty_recorded_list_runs_out_at_draw_1(tmp_path):
    path, _ = _write(tmp_path, "[]")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    assert _problem(e).message.startswith("recorded dice ran out: draw 1 (hit_check of suzuki, d100)")


# --------------------------------------------------------------------------- then: seeded

def test_then_seeded_in_a_later_step_equals_the_unrecorded_run(tmp_path):
    # draw 1 (step a) recorded; draws 2 and 3 (step b) from step b's stream, exactly as in a run
    # without recorded dice, because every step has its own stream.
    plain_dir, rec_dir = tmp_path / "plain", tmp_path / "rec"
    plain_dir.mkdir(), rec_dir.mkdir()
    plain = _rolls(_resolve(_write(plain_dir, None)[0]))
    rec = _rolls(_resolve(_write(rec_dir, "{faces: [7], then: seeded}")[0]))
    assert [(r["face"], r["source"]) for r in rec] == [
        (7, "recorded"), (plain[1]["face"], "seeded"), (plain[2]["face"], "seeded")]
    assert [r["face"] for r in plain] == (_stream_faces(SEED, 1, "a", 1) + _stream_faces(SEED, 1, "b", 2))


def test_recorded_draws_do_not_advance_the_seeded_stream(tmp_path):
    # draws 1 and 2 recorded (2 is step b's first draw); draw 3 is step b's *first* stream value
    path, _ = _write(tmp_path, "{faces: [7, 8], then: seeded}")
    rolls = _rolls(_resolve(path))
    assert [(r["draw"], r["source"]) for r in rolls] == [(1, "recorded"), (2, "recorded"), (3, "seeded")]
    assert rolls[2]["face"] == _stream_faces(SEED, 1, "b", 1)[0]
    assert rolls[2]["step"] == "b"


def test_then_seeded_with_every_die_recorded_uses_no_seeded_die(tmp_path):
    path, _ = _write(tmp_path, "{faces: [7, 8, 9], then: seeded}")
    assert [(r["face"], r["source"]) for r in _rolls(_resolve(path))] == [
        (7, "recorded"), (8, "recorded"), (9, "recorded")]


def test_then_seeded_still_refuses_unused_dice(tmp_path):
    path, text = _write(tmp_path, "{faces: [7, 8, 9, 10], then: seeded}")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "10]")
    assert p.path == ("dice", "faces", 3)


# --------------------------------------------------------------------------- unused

def test_unused_recorded_dice_are_an_error_at_the_first_unused_die(tmp_path):
    path, text = _write(tmp_path, "[10, 80, 45, 33, 44]")
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert (p.line, p.col) == _at(text, "33")
    assert p.path == ("dice", 3)
    assert p.message == ("2 recorded dice not used: this turn drew 3 of 5 (die 1 in step 'a', dice 2–3 in step 'b'); "
                         "first unused: die 4 = 33")


def test_dice_for_an_awaited_phase_are_kept_for_it(tmp_path):
    # the 後攻 side has not submitted: only draw 1 happens; the second die waits for its phase
    (tmp_path / "match.yaml").write_text(MATCH + "turns: [turn-01.yaml]\n", encoding="utf-8")
    subs = "submissions:\n  a:\n    - {who: suzuki, to: Ｂ３, attack: yamada}\n"
    (tmp_path / "turn-01.yaml").write_text(_turn(1, "[10]", subs), encoding="utf-8")
    log = _resolve(tmp_path / "match.yaml")
    assert log["turns"][0]["status"] == "awaiting"
    assert log["turns"][0]["awaiting"] == "b"
    assert [(r["face"], r["source"]) for r in _rolls(log)] == [(10, "recorded")]
    text = _turn(1, "[10, 20]", subs)
    (tmp_path / "turn-01.yaml").write_text(text, encoding="utf-8")
    log = _resolve(tmp_path / "match.yaml")
    kept = [e for e in log["turns"][0]["events"] if e["kind"] == "dice_kept"]
    assert kept == [{"seq": kept[0]["seq"], "kind": "dice_kept", "count": 1, "first": 2, "faces": [20], "step": "b"}]
    both = subs + "  b:\n    - {who: yamada, attack: suzuki}\n"
    (tmp_path / "turn-01.yaml").write_text(_turn(1, "[10, 20]", both), encoding="utf-8")
    log = _resolve(tmp_path / "match.yaml")  # once 'b' submits, its phase draws the kept die
    assert [(r["face"], r["step"]) for r in _rolls(log)] == [(10, "a"), (20, "b")]


# --------------------------------------------------------------------------- across turns

def test_each_turn_has_its_own_recorded_dice_and_draw_counter(tmp_path):
    path, _ = _write(tmp_path, "[10, 80, 45]", "[20, 30, 40]", two_turns=True)
    log = _resolve(path)
    assert [(r["draw"], r["face"]) for r in _rolls(log, 2)] == [(1, 20), (2, 30), (3, 40)]


def test_a_turn_without_dice_is_seeded_from_its_own_turn_stream(tmp_path):
    path, _ = _write(tmp_path, "[10, 80, 45]", None, two_turns=True)
    log = _resolve(path)
    rolls = _rolls(log, 2)
    assert all(r["source"] == "seeded" for r in rolls)
    assert [r["face"] for r in rolls] == _stream_faces(SEED, 2, "a", 1) + _stream_faces(SEED, 2, "b", 2)


def test_errors_in_turn_2_dice_are_located_in_turn_2(tmp_path):
    path, _ = _write(tmp_path, "[10, 80, 45]", "[20, 300, 40]", two_turns=True)
    with pytest.raises(ResolutionError) as e:
        _resolve(path)
    p = _problem(e)
    assert Path(p.file).name == "turn-02.yaml"
    assert (p.line, p.col) == _at(_turn(2, "[20, 300, 40]", TURN2_SUBS), "300")


def test_correcting_turn_1_dice_does_not_reshuffle_later_turns(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    # 80 and 90 both miss at 65%: only the logged face differs in turn 1
    log_a = _resolve(_write(a, "[10, 80, 45]", None, two_turns=True)[0])
    log_b = _resolve(_write(b, "[10, 90, 45]", None, two_turns=True)[0])
    assert _rolls(log_a, 1)[1]["face"] == 80 and _rolls(log_b, 1)[1]["face"] == 90
    assert log_a["turns"][1] == log_b["turns"][1]


# --------------------------------------------------------------------------- the example match

def test_example_match_recorded_and_seeded_dice(tmp_path):
    log = _resolve(EXAMPLE / "match.yaml")
    inputs = {t["turn"]: t.get("dice") for t in log["input"]["turns"]}
    for turn in (1, 2):
        rolls = _rolls(log, turn)
        assert [r["face"] for r in rolls] == inputs[turn]
        assert {r["source"] for r in rolls} == {"recorded"}
        assert [r["draw"] for r in rolls] == list(range(1, len(rolls) + 1))
    # turn 3 has no dice: every face comes from dhproc-rng/1, one stream per (seed, turn, side)
    assert inputs[3] is None
    streams: dict[str, object] = {}
    rolls = _rolls(log, 3)
    assert rolls
    for r in rolls:
        assert r["source"] == "seeded"
        gen = streams.setdefault(r["step"], stream(log["seed"], 3, r["step"]))
        assert r["face"] == gen.die(r["sides"])


def test_example_first_die_is_the_seed_worked_example():
    log = _resolve(EXAMPLE / "match.yaml")
    first = _attacks(log, 1)[0]
    assert (first["actor"], first["target"], first["attack"], first["defense"], first["hit_rate"],
            first["face"], first["hit"]) == ("yamada", "suzuki", 10, 7, 65, 55, True)


def test_correcting_a_die_in_the_example_keeps_turn_3(tmp_path):
    d = tmp_path / "dh"
    shutil.copytree(EXAMPLE, d)
    before = _resolve(d / "match.yaml")
    t1 = d / "turn-01.yaml"
    t1.write_text(t1.read_text(encoding="utf-8").replace("dice: [55, 66]", "dice: [55, 67]"), encoding="utf-8")
    after = _resolve(d / "match.yaml")
    assert _rolls(after, 1)[1]["face"] == 67
    assert before["turns"][1:] == after["turns"][1:]
    assert before["state"] == after["state"]


def test_recorded_dice_survive_the_log_and_replay(tmp_path):
    path, _ = _write(tmp_path, "{faces: [7], then: seeded}", "[20, 30, 40]", two_turns=True)
    log = _resolve(path)
    assert log["input"]["turns"][0]["dice"] == {"faces": [7], "then": "seeded"}
    assert log["input"]["turns"][1]["dice"] == [20, 30, 40]
    out = tmp_path / "log.json"
    out.write_text(api.dumps(log), encoding="utf-8")
    assert api.replay(out) is None
    # the same log, a recorded die changed: the replay diverges at that die's roll event
    data = json.loads(out.read_text(encoding="utf-8"))
    data["input"]["turns"][1]["dice"][1] = 31
    out.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    div = api.replay(out)
    assert div is not None
    roll = _rolls(log, 2)[1]
    assert div.where == f"turn 2, event {roll['seq']}"
    assert div.recorded == roll
    assert div.replayed == {**roll, "face": 31}


def test_bad_recorded_die_in_a_log_is_located_in_the_log(tmp_path):
    path, _ = _write(tmp_path, "[10, 80, 45]")
    out = tmp_path / "log.json"
    out.write_text(api.dumps(_resolve(path)), encoding="utf-8")
    data = json.loads(out.read_text(encoding="utf-8"))
    data["input"]["turns"][0]["dice"][0] = 101
    out.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    with pytest.raises(ResolutionError) as e:
        api.replay(out)
    p = _problem(e)
    assert Path(p.file).name == "log.json"
    assert p.path == ("input", "turns", 0, "dice", 0)
    assert p.line is not None
    assert "recorded die 1 is 101" in p.message
