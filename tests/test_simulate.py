"""``dhproc simulate``: the odds of a match from many seeded runs (docs/simulate.md).

The statistical tests can fail: one attack at 65 % has known odds, so the interval of 10,000 runs
must hold 65 %, and over 200 simulation seeds the 95 % intervals must hold it about 95 % of the time.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dhproc import api
from dhproc import simulate as sim
from dhproc.cli import cli
from dhproc.dice.rng import stream

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent / "simulate"
ONE_ATTACK = HERE / "one_attack.yaml"
DH = REPO / "examples" / "dh" / "match.yaml"
HIT = "yamada/suzuki/hit_check"


def run(*args: object) -> Result:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return result


def simulated(*args: object) -> dict:
    result = run("simulate", *args, "--json", "-")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _hits_by_stream(seed: int | str, runs: int) -> int:
    """The runs whose 命中判定 hits, read straight from the dice: run i's seed, turn 1, the
    keyed stream of 山田's first hit_check in his side's phase (docs/dice.md)."""
    return sum(stream(sim.run_seed(seed, i), 1, "seitokai/hit_check/yamada/1").die(100) <= 65 for i in range(runs))


# --------------------------------------------------------------------------- the odds

def test_one_attack_at_65_percent_lands_inside_the_interval_of_10000_runs():
    figures = api.simulate(api.load(ONE_ATTACK), runs=10_000, seed=2026, jobs=2)
    plan = figures["plans"][0]
    hit = plan["checks"][HIT]
    assert hit["rolled"] == 10_000
    assert hit["low"] <= 65.0 <= hit["high"]
    assert hit["high"] - hit["low"] < 2.0  # ±0.93 points at n = 10,000
    survives = plan["survival"]["suzuki"]  # a hit kills: 鈴木 survives 35 %
    assert survives["count"] == 10_000 - hit["count"]
    assert survives["low"] <= 35.0 <= survives["high"]
    assert plan["results"]["seitokai"]["win"]["count"] == hit["count"]


def test_the_engine_reads_the_dice_the_run_seed_gives():
    figures = api.simulate(api.load(ONE_ATTACK), runs=300, seed=11)
    assert figures["plans"][0]["checks"][HIT]["count"] == _hits_by_stream(11, 300)


def test_the_95_percent_interval_covers_the_true_rate_about_95_percent_of_the_time():
    covered = 0
    for seed in range(200):
        hits = _hits_by_stream(seed, 400)
        _, low, high = sim.wilson(hits, 400)
        covered += low <= 0.65 <= high
    # Binomial(200, 0.95): 190 ± 3.1; a 90 % interval (180) or a Wald interval near 0 would fail
    assert 182 <= covered <= 198, covered


def test_wilson_interval_known_values():
    p, low, high = sim.wilson(65, 100)
    assert p == 0.65 and round(low, 4) == 0.5525 and round(high, 4) == 0.7364
    assert sim.wilson(0, 10)[1] == 0.0 and round(sim.wilson(0, 10)[2], 4) == 0.2775


# --------------------------------------------------------------------------- the command

def test_json_names_seed_runs_version_and_a_digest_of_the_inputs():
    figures = simulated(ONE_ATTACK, "--runs", 50, "--seed", 5)
    assert figures["seed"] == 5 and figures["runs"] == 50 and figures["generator"].startswith("dhproc ")
    assert figures["inputs_sha256"] == sim.inputs_digest([api.load(ONE_ATTACK)])
    assert simulated(ONE_ATTACK, "--runs", 50, "--seed", 5) == figures  # reproducible
    assert simulated(ONE_ATTACK, "--runs", 50, "--seed", 6) != figures


def test_the_seed_defaults_to_the_matchs():
    assert simulated(ONE_ATTACK, "--runs", 20)["seed"] == api.load(ONE_ATTACK).seed


@pytest.mark.parametrize("example", ["dh", "logos", "count", "nicosw", "kagemiya"])
def test_every_ruleset_simulates_with_jobs_1_and_2_alike(example):
    path = REPO / "examples" / example / "match.yaml"
    runs = 2 * sim.LEAST_RUNS_LOCAL + 20  # two batches at least: --jobs 2 does use two processes
    assert len(sim.ProcessBackend(2).parts(0, runs)) >= 2
    one = run("simulate", path, "--runs", runs, "--json", "-", "--jobs", 1)
    two = run("simulate", path, "--runs", runs, "--json", "-", "--jobs", 2)
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout
    figures = json.loads(one.stdout)
    sides = list(api.load(path).setup["sides"])
    assert list(figures["plans"][0]["results"]) == sides
    for side in sides:
        assert sum(cell["count"] for cell in figures["plans"][0]["results"][side].values()) == runs


def test_local_processes_take_large_batches_first_and_small_ones_last():
    parts = sim.ProcessBackend(2).parts(0, 8000)
    sizes = [b - a for a, b in parts]
    assert parts[0][0] == 0 and parts[-1][1] == 8000 and all(b == c for (_, b), (c, _) in zip(parts, parts[1:]))
    assert sizes[0] == 8000 // (4 * 2)  # a quarter of a process's share of the runs
    assert sizes[:-1] == sorted(sizes[:-1], reverse=True) and min(sizes) >= sim.LEAST_RUNS_LOCAL
    assert sizes[-1] < 2 * sim.LEAST_RUNS_LOCAL  # the process done first waits for no more than this


def test_the_table_is_japanese_by_default_and_english_with_lang_en():
    ja = run("simulate", ONE_ATTACK, "--runs", 30)
    assert ja.exit_code == 0 and "勝敗（95%信頼区間）" in ja.stdout and "鈴木一郎" in ja.stdout
    en = run("simulate", ONE_ATTACK, "--runs", 30, "--lang", "en")
    assert en.exit_code == 0 and "Results (95% intervals)" in en.stdout
    cell = simulated(ONE_ATTACK, "--runs", 30)["plans"][0]["checks"][HIT]
    assert f"{cell['pct']:.2f}% ({cell['low']:.2f}–{cell['high']:.2f})" in ja.stdout


def test_show_run_prints_that_runs_report_as_resolving_with_its_seed():
    match = api.load(DH)
    shown = run("simulate", DH, "--runs", 10, "--seed", 3, "--show-run", 4)
    assert shown.exit_code == 0
    fresh = [sim.without_dice(t) for t in match.turns]
    alone = dataclasses.replace(match, turns=fresh, report_turns=list(match.report_turns))
    log = api.resolve(api.varied(alone, seed=sim.run_seed(3, 4), dice_streams="keyed"))
    assert log["input"]["match"]["dice_streams"] == "keyed"
    assert shown.stdout == api.render(log, turns=[t["turn"] for t in log["turns"]])
    assert all(e["source"] == "seeded" for t in log["turns"] for e in t["events"] if e["kind"] == "roll")


def test_keep_dice_through_keeps_the_recorded_faces(tmp_path):
    text = ONE_ATTACK.read_text(encoding="utf-8").replace("  - turn: 1\n", "  - turn: 1\n    dice: [66]\n")
    path = tmp_path / "m.yaml"
    path.write_text(text, encoding="utf-8")
    kept = simulated(path, "--runs", 40, "--keep-dice-through", 1)["plans"][0]
    assert kept["checks"][HIT]["count"] == 0  # 66 misses, in every run
    fresh = simulated(path, "--runs", 40)["plans"][0]
    assert 0 < fresh["checks"][HIT]["count"] < 40


def test_until_ci_stops_once_every_interval_is_narrow_enough():
    figures = simulated(ONE_ATTACK, "--runs", 20_000, "--until-ci", 10)
    assert figures["runs"] == sim.CHECK_EVERY and figures["runs_asked"] == 20_000
    plan = figures["plans"][0]
    widths = [c["high"] - c["low"] for side in plan["results"].values() for c in side.values() if c["count"]]
    assert max(widths) < 10


def test_a_match_decided_before_its_last_turn_is_an_outcome_of_the_run(tmp_path):
    match = DH.parent / "match.yaml"
    folder = tmp_path / "dh"
    shutil.copytree(match.parent, folder, ignore=shutil.ignore_patterns("abilities", "rates"))
    text = (folder / "match.yaml").read_text(encoding="utf-8").replace("turn_limit: 3", "turn_limit: 1")
    (folder / "match.yaml").write_text(text, encoding="utf-8")
    figures = simulated(folder / "match.yaml", "--runs", 5)
    assert figures["plans"][0]["turns"]["counts"] == {"1": 5}


# --------------------------------------------------------------------------- plan A or plan B

STRIKE_FIRST = HERE / "strike_first.yaml"


def test_a_variant_drawing_one_more_die_leaves_the_other_dice_where_they_were():
    # Plan B adds 鈴木's attack (one more d100, in 番長グループ's phase); 山田's 命中判定 in
    # 生徒会's phase comes from the same stream in both plans, run by run.
    figures = simulated(ONE_ATTACK, "--variant", STRIKE_FIRST, "--runs", 300)
    plan, variant = figures["plans"]
    assert plan["checks"][HIT]["count"] == variant["checks"][HIT]["count"] == _hits_by_stream(7, 300)
    assert "suzuki/yamada/hit_check" in variant["checks"] and "suzuki/yamada/hit_check" not in plan["checks"]
    paired = figures["differences"][0]["yes_no"]["survives:suzuki"]
    assert paired == {"diff": 0.0, "low": 0.0, "high": 0.0}  # the same die decided it in every run


def test_another_characters_extra_die_in_the_same_phase_shifts_no_other_die(tmp_path):
    # Plan B: 佐藤 attacks 田中 first, in 生徒会's own phase, before 山田's 命中判定. With keyed
    # streams 山田's die is still his own first hit_check of the phase.
    plan_a = HERE / "same_phase.yaml"
    plan_b = tmp_path / "same_phase_b.yaml"
    plan_b.write_text(plan_a.read_text(encoding="utf-8").replace(
        "        - {who: yamada,", "        - {who: sato, to: Ｅ４, attack: tanaka}\n        - {who: yamada,"), encoding="utf-8")
    figures = simulated(plan_a, "--variant", plan_b, "--runs", 300)
    plan, variant = figures["plans"]
    assert "sato/tanaka/hit_check" in variant["checks"] and "sato/tanaka/hit_check" not in plan["checks"]
    assert plan["checks"][HIT]["count"] == variant["checks"][HIT]["count"] == _hits_by_stream(7, 300)
    assert figures["differences"][0]["yes_no"]["survives:suzuki"] == {"diff": 0.0, "low": 0.0, "high": 0.0}


def test_keyed_streams_replay_and_leave_step_streams_as_they_were(tmp_path):
    match = api.load(ONE_ATTACK)
    keyed = api.resolve(api.varied(match, dice_streams="keyed"))
    path = tmp_path / "log.json"
    path.write_text(api.dumps(keyed), encoding="utf-8")
    assert api.replay(path) is None
    face = next(e["face"] for e in keyed["turns"][0]["events"] if e["kind"] == "roll")
    assert face == stream(7, 1, "seitokai/hit_check/yamada/1").die(100)
    plain = api.resolve(match)
    assert next(e["face"] for e in plain["turns"][0]["events"] if e["kind"] == "roll") == stream(7, 1, "seitokai").die(100)


def test_a_variant_that_changes_the_odds_shows_the_paired_difference(tmp_path):
    path = tmp_path / "idle.yaml"
    path.write_text(ONE_ATTACK.read_text(encoding="utf-8").replace(", attack: suzuki}", "}"), encoding="utf-8")
    figures = simulated(ONE_ATTACK, "--variant", path, "--runs", 400, "--seed", 3)
    hits = _hits_by_stream(3, 400)
    survives = figures["differences"][0]["yes_no"]["survives:suzuki"]
    assert survives["diff"] == round(100 * hits / 400, 2)  # 鈴木 survives every run of the idle plan
    assert 0 < survives["low"] < survives["diff"] < survives["high"]
    text = run("simulate", ONE_ATTACK, "--variant", path, "--runs", 400, "--seed", 3).stdout
    assert "生存：鈴木一郎" in text and f"+{survives['diff']:.2f}" in text


def test_until_ci_with_a_variant_stops_once_the_difference_is_decided(tmp_path):
    path = tmp_path / "idle.yaml"
    path.write_text(ONE_ATTACK.read_text(encoding="utf-8").replace(", attack: suzuki}", "}"), encoding="utf-8")
    figures = simulated(ONE_ATTACK, "--variant", path, "--runs", 5000, "--until-ci", 0.5)
    assert figures["runs"] == sim.CHECK_EVERY  # 65 points apart: decided at the first look


def test_a_variant_of_another_battle_is_refused_at_its_setup():
    result = run("simulate", ONE_ATTACK, "--variant", DH, "--runs", 10)
    assert result.exit_code == 1
    assert "match.yaml:" in result.stderr and "(at /setup)" in result.stderr


def test_a_progress_line_is_told_of_each_batch_of_the_whole_job():
    told: list[int] = []
    got = api.simulate(api.load(ONE_ATTACK), runs=4000, seed=4, jobs=2, progress=lambda done, runs: told.append(done))
    assert got == api.simulate(api.load(ONE_ATTACK), runs=4000, seed=4)
    # every batch of the job handed out at once (no rounds whose ends keep a process waiting)
    assert len(told) == len(sim.ProcessBackend(2).parts(0, 4000))
    assert told == sorted(told) and told[-1] == 4000


def test_a_progress_line_is_shown_on_a_terminal_only(monkeypatch):
    quiet = run("simulate", ONE_ATTACK, "--runs", 1000, "--json", "-")
    assert "[" not in quiet.stderr
    monkeypatch.setattr("dhproc.cli.root.on_terminal", lambda: True)
    shown = run("simulate", ONE_ATTACK, "--runs", 1000, "--json", "-")
    assert "\r[500/1000]" in shown.stderr and shown.stderr.endswith("\r")
    assert shown.stdout == quiet.stdout


def test_a_turn_file_simulates_its_match_up_to_that_turn():
    figures = simulated(REPO / "examples" / "dh" / "turn-02.yaml", "--runs", 6)
    assert figures["plans"][0]["turns"]["counts"] == {"2": 6}


# --------------------------------------------------------------------------- the ruleset's event rates

def test_the_rulesets_rates_are_reported_in_the_json_and_the_table():
    """One attack at 65 %: the hit rate the ruleset names (命中) is the 命中判定's, a share of the
    one attack of every run, and the table shows it under its Japanese name."""
    figures = simulated(ONE_ATTACK, "--runs", 2000, "--seed", 4)
    plan = figures["plans"][0]
    hits, attacks = plan["rates"]["hits"], plan["rates"]["attacks"]
    assert attacks["per_run"]["mean"] == 1.0 and attacks["per_turn"] == 1.0
    assert hits["share"]["of"] == 2000 and hits["share"]["count"] == plan["checks"][HIT]["count"]
    assert hits["share"]["low"] <= 65.0 <= hits["share"]["high"]
    assert plan["rates"]["deaths"]["per_run"]["mean"] == round(hits["share"]["count"] / 2000, 4)
    ja = run("simulate", ONE_ATTACK, "--runs", 2000, "--seed", 4)
    assert "出来事の頻度" in ja.stdout and "命中（攻撃のうち）" in ja.stdout
    assert f"{hits['share']['pct']:.2f}% ({hits['share']['low']:.2f}–{hits['share']['high']:.2f})" in ja.stdout
    en = run("simulate", ONE_ATTACK, "--runs", 50, "--lang", "en")
    assert "Event rates" in en.stdout and "hits (of attacks)" in en.stdout


@pytest.mark.parametrize("example", ["dh", "dh/abilities", "logos", "count", "nicosw", "kagemiya"])
def test_every_rulesets_rates_count_what_its_run_logs_hold(example):
    """Each rate the ruleset names, summed over runs, is the count of those events in the runs'
    own logs (--show-run's), and the rates come in the ruleset's order with both names."""
    from dhproc.engine.ruleset import get_ruleset

    path = REPO / "examples" / example / "match.yaml"
    match = api.load(path)
    runs = 6
    plan = simulated(path, "--runs", runs, "--seed", 9)["plans"][0]
    rates = get_ruleset(match.ruleset_id).event_rates()
    assert list(plan["rates"]) == [r.key for r in rates] and len(rates) >= 4
    events = [e for i in range(runs) for t in sim.run_log(match, sim.run_seed(9, i))["turns"] for e in t["events"]]
    turns = sum(int(k) * n for k, n in plan["turns"]["counts"].items())
    for rate in rates:
        counted = sum(1 for e in events if rate.counted.counts(e))
        cell = plan["rates"][rate.key]
        assert cell["name"]["ja"] and cell["name"]["en"]
        assert round(cell["per_run"]["mean"] * runs) == counted, rate.key
        assert cell["per_turn"] == round(counted / turns, 4), rate.key
        if rate.of is not None:
            assert cell["share"]["of"] == sum(1 for e in events if rate.of.counts(e)), rate.key
    assert any(plan["rates"][r.key]["per_run"]["mean"] > 0 for r in rates)


def test_a_variant_shows_the_paired_difference_of_each_rate(tmp_path):
    figures = simulated(ONE_ATTACK, "--variant", ONE_ATTACK, "--runs", 100)
    numbers = figures["differences"][0]["numbers"]
    assert numbers["rate:hits"]["mean"] == 0.0 and numbers["rate:attacks"]["mean"] == 0.0
    table = run("simulate", ONE_ATTACK, "--variant", ONE_ATTACK, "--runs", 100)
    assert "命中（攻撃のうち）（1回あたり）" in table.stdout


SCRIPT = """\
from dhproc import api

def figures():
    match = api.load({match!r})
    return api.simulate(match, runs=300, seed=1, jobs=2)["plans"][0]["results"]

{call}
"""


@pytest.mark.parametrize("guarded", [True, False], ids=["guarded", "at-top-level"])
def test_a_script_calling_simulate_on_two_processes_gets_the_figures_or_a_clear_error(tmp_path: Path, guarded: bool) -> None:
    """jobs=2 spawns its workers, and each imports the calling script again: under the
    `__main__` guard the script gets jobs=1's figures; at the top level each worker would call
    simulate again and die, which is one clear error in a few seconds, not workers started for
    ever (multiprocessing.Pool replaced each dead one, so such a script never ended)."""
    import os
    import subprocess
    import sys

    match = str(DH)
    call = ('if __name__ == "__main__":\n    print(json.dumps(figures(), sort_keys=True))' if guarded
            else "print(figures())")
    script = tmp_path / "plan.py"
    script.write_text("import json\n" + SCRIPT.format(match=match, call=call), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=240,
                          cwd=tmp_path, env={**os.environ, "DHPROC_LANG": "en"})
    if guarded:
        assert done.returncode == 0, done.stderr
        one = api.simulate(api.load(match), runs=300, seed=1, jobs=1)["plans"][0]["results"]
        assert json.loads(done.stdout) == json.loads(json.dumps(one, sort_keys=True))
    else:
        assert done.returncode == 1
        assert "UsageError: a worker process of --jobs 2 stopped before its batch was done" in done.stderr
        assert "if __name__ == '__main__':" in done.stderr
