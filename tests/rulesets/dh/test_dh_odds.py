"""dh's odds (DH-16): computed from the same checks the resolver rolls, they equal the resolution
run over every face, and agree with `dhproc simulate`'s sampling."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.odds.distribution import Distribution
from dhproc.odds.report import wilson
from dhproc.rulesets.dh.rolls import attack_damage, hit_rate, succeeds
from tests.rulesets.dh.helpers import match_text

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "dh"


def _odds(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _hit(figures: dict) -> Fraction:
    (check,) = [c for c in figures["checks"] if c["check"] == "hit_check"]
    return Fraction(next(o["p"] for o in check["outcomes"] if o["outcome"] == "hit"))


def test_dh_16_1_the_seeds_example_atk_10_against_def_7_hits_65_percent() -> None:
    figures = _odds(str(EXAMPLE / "turn-01.yaml"), "--who", "yamada")
    assert (figures["who"], figures["target"], figures["action"]) == ("yamada", "suzuki", "attack")
    assert _hit(figures) == Fraction(65, 100)
    # a hit does 10 − 7 = 3 of 鈴木一郎's 5 体力: two hits, certainly, and no knock out in one
    assert figures["steps"][0]["damage"] == [{"value": 0, "p": "7/20", "percent": 35.0},
                                             {"value": 3, "p": "13/20", "percent": 65.0}]
    assert figures["knock_out"] == "0"
    assert figures["verdict"]["ja"] == "確定2発"
    assert {a["key"] for a in figures["assumptions"]} >= {"state", "option.hit_mode", "stats", "reach"}


def test_dh_16_1_the_text_says_it_in_players_words() -> None:
    result = CliRunner().invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "yamada"])
    assert result.exit_code == 0
    assert "命中判定：命中 65%／外れ 35%" in result.output
    assert "確定2発" in result.output and "前提：" in result.output
    english = CliRunner().invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "yamada", "--lang", "en"])
    assert "hit check: hit 65%, miss 35%" in english.output
    assert "certain 2-hit knock out" in english.output


def _duel(hp: int, *, options: str = "{}", dice: str = "") -> api.Match:
    chars = (f"      a: {{name: 甲, side: red, attack: 10, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}}\n"
             f"      x: {{name: 敵, side: blue, attack: 5, defense: 5, hp: {hp}, spirit: 3, fs: 5, at: Ａ２}}\n")
    turns = f"""\
        - turn: 1
          {dice}
          submissions: {{red: [{{who: a, to: Ａ２, attack: x}}], blue: []}}
        """
    return api.loads(match_text(turns, options=options, chars=chars), name="match.yaml")


def _damage_resolved(match: api.Match) -> Distribution[int]:
    """Brute force through the resolver: the turn resolved once for every face of its one die."""
    hp = match.setup["characters"]["x"]["hp"]
    faces = [None] if match.options["hit_mode"] == "sure" else range(1, 101)  # sure: no die is rolled
    dealt = []
    for face in faces:
        log = api.resolve(_duel(hp, options=json.dumps(match.options), dice="" if face is None else f"dice: [{face}]"))
        dealt.append(hp - log["state"]["characters"]["x"]["hp"])
    return Distribution.uniform(dealt)


@pytest.mark.parametrize("mode", ["roll", "half_sure", "sure"])
def test_dh_16_1_exact_damage_equals_the_resolver_over_every_face(mode: str) -> None:
    match = _duel(8, options=f"{{hit_mode: {mode}}}")
    figures = api.odds(match, "a").figures
    assert figures.steps[-1].damage == _damage_resolved(match)
    # and equals the brute force of the checks over the d100 (Distribution.enumerate)
    brute = Distribution.enumerate([100], lambda f: attack_damage(10, 5, mode == "sure" or succeeds(f, hit_rate(10, 5)),
                                                                   mode))
    assert figures.steps[-1].damage == brute


def test_dh_16_1_knocked_out_is_hp_zero_counting_accuracy() -> None:
    """体力 5 and a 5-damage hit at 75 %: knocked out 75 % (accuracy in), 確定1発 (in hits)."""
    figures = api.odds(_duel(5), "a").figures
    assert figures.knock_out == figures.kill == Fraction(3, 4)
    assert figures.hits_to_knock_out == Distribution.constant(1)
    # 体力 6: one hit leaves it 瀕死 (体力 1), which is not knocked out
    assert api.odds(_duel(6), "a").figures.knock_out == 0


def test_dh_16_1_exact_odds_agree_with_simulate_within_its_interval() -> None:
    match = _duel(5)
    figures = api.odds(match, "a").figures
    sim = api.simulate(match, runs=600, seed=7)["plans"][0]
    hit = sim["checks"]["a/x/hit_check"]
    assert hit["low"] <= float(_hit_of(figures)) * 100 <= hit["high"]
    survival = sim["survival"]["x"]
    assert survival["low"] <= float(1 - figures.knock_out) * 100 <= survival["high"]


def _earlier_checks(match: api.Match, turn: int) -> dict[str, tuple[int, int]]:
    """The checks of the turns before ``turn`` (resolved with their recorded dice), keyed as
    simulate keys them: a run's tally counts them too."""
    out: dict[str, tuple[int, int]] = {}
    for entry in api.resolve(match)["turns"]:
        for e in entry["events"] if entry["turn"] < turn else []:
            if e["kind"] == "roll" and "rate" in e:
                key = f"{e['actor']}/{e.get('ability') or e.get('target') or ''}/{e['purpose']}"
                rolled, won = out.get(key, (0, 0))
                out[key] = (rolled + 1, won + succeeds(e["face"], e["rate"]))
    return out


def within(exact: Fraction, count: int, rolled: int) -> bool:
    """The exact chance inside the sampled proportion's Wilson interval, at 99.9 %: a turn compares
    several checks at once, and at 95 % one in twenty would stray by chance alone."""
    low, high = wilson(count, rolled, z=3.2905)
    return low <= exact <= high


def _hit_of(figures) -> Fraction:
    return figures.checks[0].outcomes.p("hit")


@pytest.mark.parametrize("turn_file", ["turn-01.yaml", "turn-02.yaml", "turn-03.yaml"])
def test_dh_16_1_every_example_attacks_odds_agree_with_simulate(turn_file: str) -> None:
    """Each declared 通常攻撃 of the example: the exact 命中率 within the sampled interval (the
    earlier turns' recorded dice kept, so the turn starts from the same state)."""
    match = api.load(str(EXAMPLE / turn_file))
    turn = match.report_turns[-1]
    runs = 400
    sim = api.simulate(match, runs=runs, seed=3, keep_dice_through=turn - 1)["plans"][0]["checks"]
    earlier = _earlier_checks(match, turn)
    compared = 0
    for actions in match.turns[-1].submissions.values():
        for act in actions:
            if "attack" not in act:
                continue
            key = f"{act['who']}/{act['attack']}/hit_check"
            if key not in sim:  # cancelled in every run (no shared square, or dead first)
                continue
            exact = _hit_of(api.odds(match, act["who"]).figures)
            rolled, won = earlier.get(key, (0, 0))  # the same in every run: their dice are kept
            assert within(exact, sim[key]["count"] - runs * won, sim[key]["rolled"] - runs * rolled), key
            compared += 1
    assert compared >= 2


def test_dh_16_2_ability_checks_read_the_rates_the_resolver_rolls() -> None:
    match = api.load(str(ROOT / "examples" / "dh" / "abilities" / "turn-01.yaml"))
    figures = api.odds(match, "ito").figures
    rate = match.setup["characters"]["ito"]["ability"]["activation"]
    assert figures.checks[0].check == "activation_check"
    assert figures.checks[0].outcomes.p("success") == Fraction(min(rate, 100), 100)
    sim = api.simulate(match, runs=400, seed=5)["plans"][0]["checks"]
    (key,) = [k for k in sim if k.startswith("ito/") and k.endswith("/activation_check")]
    assert sim[key]["low"] <= float(figures.checks[0].outcomes.p("success")) * 100 <= sim[key]["high"]


def test_dh_16_2_ability_damage_counts_both_checks() -> None:
    chars = ("      a: {name: 甲, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１,\n"
             "          ability: {name: 雷, activation: 70, success: 80,\n"
             "                    effects: [{kind: damage, amount: 4, targets: {side: enemy}}]}}\n"
             "      x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 4, spirit: 3, fs: 5, at: Ａ２}\n")
    turns = """\
        - turn: 1
          submissions: {red: [{who: a, ability: {targets: [x]}}], blue: []}
        """
    match = api.loads(match_text(turns, options="{}", chars=chars), name="match.yaml")
    figures = api.odds(match, "a").figures
    assert figures.target == "x"
    brute = Distribution.enumerate([100, 100], lambda f, g: 4 if succeeds(f, 70) and succeeds(g, 80) else 0)
    assert figures.steps[-1].damage == brute
    assert figures.knock_out == Fraction(70 * 80, 100 * 100)


def test_dh_16_1_bad_input_is_located_and_exit_1() -> None:
    runner = CliRunner()
    unknown = runner.invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "yamda", "--lang", "en"])
    assert unknown.exit_code == 1
    assert "turn-01.yaml:6:1: 'yamda' declared no action in turn 1" in unknown.output
    assert "did you mean" in unknown.output
    moving = runner.invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "suzuki", "--lang", "en"])
    assert moving.exit_code == 1 and "turn-01.yaml:8:7: " in moving.output and "rolls nothing" in moving.output
    other = runner.invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "yamada", "--action", "紅蓮",
                                "--lang", "en"])
    assert other.exit_code == 1 and "has no '紅蓮' (choose from: attack)" in other.output
    target = runner.invoke(cli, ["odds", str(EXAMPLE / "turn-01.yaml"), "--who", "yamada", "--target", "nobody"])
    assert target.exit_code == 1 and "対象「nobody」はこの対戦にいません" in target.output
    assert "Traceback" not in unknown.output + moving.output + other.output + target.output


def test_dh_16_1_a_target_named_on_the_command_line_replaces_the_declared_one() -> None:
    figures = _odds(str(EXAMPLE / "turn-01.yaml"), "--who", "yamada", "--target", "tanaka")
    assert figures["target"] == "tanaka"
    assert _hit(figures) == Fraction(hit_rate(10, 6), 100)
