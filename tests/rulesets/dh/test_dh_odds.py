"""dh's odds (DH-16): computed from the same checks the resolver rolls, they equal the resolution
run over every face, and agree with `dhproc simulate`'s sampling."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
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


EXAMPLE_TURNS = [f"{folder}/turn-0{n}.yaml" for folder in ("dh", "dh/abilities") for n in (1, 2, 3)]


def test_dh_16_1_every_example_actions_odds_agree_with_simulate() -> None:
    """Each declared 通常攻撃 and ability of every dh example turn: the exact chance of each check
    within the interval of the same check sampled by `dhproc simulate` (the earlier turns'
    recorded dice kept, so the turn starts from the same state)."""
    compared = sum(_compared_with_simulate(turn_file) for turn_file in EXAMPLE_TURNS)
    assert compared >= 15


def _compared_with_simulate(turn_file: str) -> int:
    match = api.load(str(ROOT / "examples" / turn_file))
    turn = match.report_turns[-1]
    runs = 400
    sim = api.simulate(match, runs=runs, seed=3, keep_dice_through=turn - 1)["plans"][0]["checks"]
    earlier = _earlier_checks(match, turn)
    compared = 0
    for actions in match.turns[-1].submissions.values():
        for act in actions:
            if "attack" not in act and "ability" not in act:
                continue
            ability = (match.setup["characters"][act["who"]].get("ability") or {})
            if "ability" in act and {"kind": "mental_attack"} in ability.get("restrictions", []):
                continue  # each target its own 成功率: test_dh_16_2_a_mental_attack_needs_its_target
            figures = api.odds(match, act["who"]).figures
            what = act["attack"] if "attack" in act else figures.action
            for check in figures.checks:
                key = f"{act['who']}/{what}/{check.check}"
                if key not in sim:  # never rolled: cancelled, no die at 100 %, or a counter that never fired
                    continue
                rolled, won = earlier.get(key, (0, 0))  # the same in every run: their dice are kept
                if sim[key]["rolled"] == runs * rolled:
                    continue  # rolled in earlier turns only
                exact = check.outcomes.p("hit") + check.outcomes.p("success")
                assert within(exact, sim[key]["count"] - runs * won, sim[key]["rolled"] - runs * rolled), key
                compared += 1
    return compared


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


def _three_bolts() -> api.Match:
    chars = ("      a: {name: 甲, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１,\n"
             "          ability: {name: 三連雷, activation: 90, success: 60,\n"
             "                    effects: [{kind: damage, amount: 2, targets: {side: enemy}},\n"
             "                              {kind: damage, amount: 3, targets: {side: enemy}},\n"
             "                              {kind: damage, amount: 4, targets: {side: enemy}}]}}\n"
             "      x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 6, spirit: 3, fs: 5, at: Ａ２}\n")
    turns = """\
        - turn: 1
          submissions: {red: [{who: a, ability: {targets: [x]}}], blue: []}
        """
    return api.loads(match_text(turns, options="{}", chars=chars), name="match.yaml")


def test_dh_16_2_too_large_to_enumerate_is_sampled_and_flagged_approximate(monkeypatch) -> None:
    """With the enumeration limit forced down, the damage of three effects is sampled from a seeded
    stream instead of truncated: flagged, with an interval that holds the exact chance."""
    from dhproc.odds import distribution

    match = _three_bolts()
    exact = api.odds(match, "a").figures
    assert exact.approximate is None
    monkeypatch.setattr(distribution, "LIMIT", 4)
    sampled = api.odds(match, "a")
    flag = sampled.figures.approximate
    assert flag is not None and flag.limit == 4 and flag.size > 4
    assert flag.interval[0] <= exact.knock_out <= flag.interval[1]
    assert sampled.figures == api.odds(match, "a").figures  # the same stream, the same figures
    data = sampled.to_json()
    assert data["approximate"]["samples"] == flag.samples and data["approximate"]["seed"].startswith("odds/")
    assert "概算：" in sampled.text("ja") and "approximate: " in sampled.text("en")
    # the exact figures, for the record: damage 9 needs all three, 6 or more knocks out
    assert exact.knock_out == exact.steps[0].damage.at_least(6)


def test_dh_16_2_a_mental_attack_needs_its_target_and_reads_its_spirit() -> None:
    """精神攻撃 (DH-8.8): the 成功率 is the target's by the mental table, so the odds ask for the
    target when the action names none, and read that target's 精神."""
    turn = str(ROOT / "examples" / "dh" / "abilities" / "turn-02.yaml")
    result = CliRunner().invoke(cli, ["odds", turn, "--who", "gou", "--lang", "en"])
    assert result.exit_code == 1 and "'鬼塚ゴウ (gou)''s '威圧' names no target: give one with --target" in result.output
    match = api.load(turn)
    for target in ("sato", "ito"):
        figures = api.odds(match, "gou", target=target).figures
        spirit = match.setup["characters"][target]["spirit"]
        rate = {"standard": (100, 50, 25, 0), "campaign": (100, 75, 50, 25)}[match.options["mental_table"]][min(spirit, 3)]
        assert figures.checks[1].check == "success_check"
        assert figures.checks[1].outcomes.p("success") == Fraction(rate, 100)
        assert "option.mental_table" in {a.key for a in figures.assumptions}


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(1, 12), st.sampled_from(["roll", "half_sure", "sure"]))
def test_dh_16_1_attack_odds_equal_brute_force_over_the_d100(attack: int, defense: int, hp: int, mode: str) -> None:
    chars = (f"      a: {{name: 甲, side: red, attack: {attack}, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}}\n"
             f"      x: {{name: 敵, side: blue, attack: 5, defense: {defense}, hp: {hp}, spirit: 3, fs: 5, at: Ａ２}}\n")
    turns = """\
        - turn: 1
          submissions: {red: [{who: a, to: Ａ２, attack: x}], blue: []}
        """
    match = api.loads(match_text(turns, options=f"{{hit_mode: {mode}}}", chars=chars), name="match.yaml")
    figures = api.odds(match, "a").figures

    def dealt(face: int) -> int:
        return attack_damage(attack, defense, mode == "sure" or succeeds(face, hit_rate(attack, defense)), mode)

    brute = Distribution.enumerate([100], dealt)
    assert figures.steps[-1].damage == brute
    assert figures.knock_out == brute.probability(lambda d: d >= hp)
    per_hit = max(1, attack - defense)
    assert figures.hits_to_knock_out == Distribution.constant(-(-hp // per_hit))


def test_dh_16_1_a_reduction_standing_on_the_target_is_a_step_and_an_assumption() -> None:
    """u's ステータスダメージ軽減 2 (turn 1, lasting) stands when x attacks it in turn 2: with
    reduction_covers_attacks the 4 damage becomes 2 after the reduction step (DH-11.14)."""
    characters = {
        "u": {"name": "使い手", "side": "red", "attack": 5, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ２",
              "ability": {"name": "守り", "activation": 90, "duration": 2, "targets": {"side": "self"},
                          "effects": [{"kind": "damage_reduction", "amount": 2}]}},
        "x": {"name": "敵", "side": "blue", "attack": 9, "defense": 5, "hp": 5, "spirit": 3, "fs": 5, "at": "Ｂ３"}}
    data = {"dhproc": 1, "ruleset": "dh", "seed": 1, "options": {"reduction_covers_attacks": True},
            "setup": {"map": {"rows": 3, "cols": 4}, "first": "red",
                      "sides": {"red": {"name": "赤組"}, "blue": {"name": "青組"}}, "characters": characters},
            "turns": [{"turn": 1, "dice": [1], "submissions": {"red": [{"who": "u", "ability": {}}], "blue": []}},
                      {"turn": 2, "submissions": {"red": [], "blue": [{"who": "x", "to": "Ｂ２", "attack": "u"}]}}]}
    match = api.loads(json.dumps(data, ensure_ascii=False), name="m.yaml")
    figures = api.odds(match, "x").figures
    assert [s.step for s in figures.steps] == ["attack", "reduction"]
    assert figures.steps[0].damage == Distribution({0: 30, 4: 70})
    assert figures.steps[1].damage == Distribution({0: 30, 2: 70})
    assert figures.hits_to_knock_out == Distribution.constant(3)
    assert "reduction" in {a.key for a in figures.assumptions}


# ------------------------------------------------------------------ an ability's normal attack (DH-16.3)

def _charge_chars(*, activation: int = 100, success: int = 50, hp: int = 5) -> str:
    """甲's 突撃: 攻撃力 +3 on itself, then a normal attack (特殊攻撃, DH-11.13) on 敵 next to it.
    攻撃力 8 against 防御力 5: 3 damage at 65 %, or, boosted to 11, 6 damage at 80 %."""
    return (f"      a: {{name: 甲, side: red, attack: 8, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１,\n"
            f"          ability: {{name: 突撃, activation: {activation}, success: {success}, duration: 1,\n"
            f"                    range: {{shape: adjacent, size: 1}},\n"
            f"                    effects: [{{kind: stat_change, stat: attack, amount: 3, targets: {{side: self}}}},\n"
            f"                              {{kind: normal_attack, targets: {{side: enemy}}}}]}}}}\n"
            f"      x: {{name: 敵, side: blue, attack: 5, defense: 5, hp: {hp}, spirit: 3, fs: 5, at: Ａ２}}\n")


def _charge(*, activation: int = 100, success: int = 50, options: str = "{}", dice: str = "") -> api.Match:
    turns = f"""\
        - turn: 1
          {dice}
          submissions: {{red: [{{who: a, ability: {{targets: [x]}}}}], blue: []}}
        """
    return api.loads(match_text(turns, options=options, chars=_charge_chars(activation=activation, success=success)),
                     name="match.yaml")


def _charge_by_hand(boost: int, strike: int, hit: int, *, success: int = 50, reduce_by: int = 0) -> int:
    """The 体力 damage of one 突撃 from its three d100 faces (発動率 100: no die): the 攻撃力 +3 lands on
    a ``boost`` face at most the 成功率, the attack is made on a ``strike`` face at most it, and hits
    on a ``hit`` face at most (攻撃力 − 5) × 5 + 50."""
    attack = 11 if boost <= success else 8
    if strike > success or hit > (attack - 5) * 5 + 50:
        return 0
    return max(0, attack - 5 - reduce_by)


def test_dh_16_3_an_abilitys_normal_attack_equals_brute_force_over_every_face() -> None:
    figures = api.odds(_charge(), "a").figures
    brute = Distribution.enumerate([100, 100, 100], _charge_by_hand)
    assert figures.steps[-1].damage == brute
    assert figures.knock_out == brute.at_least(5) == Fraction(1, 2) * Fraction(1, 2) * Fraction(80, 100)
    hit = next(c.outcomes for c in figures.checks if c.check == "hit_check")
    assert hit.p("hit") == (Fraction(65, 100) + Fraction(80, 100)) / 2  # given the attack is made
    assert "changes" in {a.key for a in figures.assumptions}


def test_dh_16_3_a_wrong_figure_fails_the_brute_force() -> None:
    """The comparison can fail: an attack read on the stats the turn starts from (the boost left
    out, as before) gives other figures."""
    figures = api.odds(_charge(), "a").figures
    unboosted = Distribution.enumerate([100, 100, 100], lambda b, s, h: _charge_by_hand(100, s, h))
    assert figures.steps[-1].damage != unboosted and figures.knock_out != unboosted.at_least(5)


def _faces_of(boost: bool, strike: bool, hit_face: int | None) -> list[int]:
    """The dice the resolver reads, in order, for one branch: a 成功判定 per effect, and the
    命中判定 only when the attack is made."""
    faces = [1 if boost else 100, 1 if strike else 100]
    return faces + ([hit_face] if strike else [])


def test_dh_16_3_the_resolver_run_over_every_class_of_faces_gives_the_same_damage() -> None:
    """The resolver itself over every branch of the dice, each weighted by the faces that take it
    (a 成功判定's face at most 50 or above; a 命中判定's face at most 65, in 66..80, or above)."""
    weights: dict[int, Fraction] = {}
    for boost in (True, False):
        for strike in (True, False):
            for hit_face, width in (((65, 65), (80, 15), (100, 20)) if strike else ((None, 100),)):
                log = api.resolve(_charge(dice=f"dice: {_faces_of(boost, strike, hit_face)}"))
                dealt = 5 - log["state"]["characters"]["x"]["hp"]
                weights[dealt] = weights.get(dealt, 0) + Fraction(50, 100) * Fraction(50, 100) * Fraction(width, 100)
    figures = api.odds(_charge(), "a").figures
    resolved = Distribution(weights)
    assert figures.steps[-1].damage.map(lambda d: min(d, 5)) == resolved  # 体力 5 caps what the log shows


@pytest.mark.parametrize("per_effect", [True, False])
def test_dh_16_3_one_activation_for_the_use_or_one_per_effect(per_effect: bool) -> None:
    """発動率 80 and 成功率 100 (no die): one 発動判定 for the whole use, or one per effect with
    activation_per_effect, every face of each."""
    options = f"{{activation_per_effect: {str(per_effect).lower()}}}"
    figures = api.odds(_charge(activation=80, success=100, options=options), "a").figures
    if per_effect:
        brute = Distribution.enumerate([100] * 3, lambda a1, a2, h: _charge_by_hand(a1, a2, h, success=80))
    else:
        brute = Distribution.enumerate([100] * 2, lambda a, h: _charge_by_hand(a, a, h, success=80))
    assert figures.steps[-1].damage == brute
    assert figures.knock_out == (Fraction(64, 100) if per_effect else Fraction(80, 100)) * Fraction(80, 100)


def test_dh_16_3_an_abilitys_normal_attack_agrees_with_simulate() -> None:
    """The knock-out chance (1/2 × 1/2 × 80 %) against `dhproc simulate`'s runs: inside its
    interval, and the figure the attack alone on the turn's first stats gives (no knock-out at all)
    outside it."""
    match = _charge()
    figures = api.odds(match, "a").figures
    sim = api.simulate(match, runs=600, seed=11)["plans"][0]
    survival = sim["survival"]["x"]
    assert survival["low"] <= float(1 - figures.knock_out) * 100 <= survival["high"]
    assert not survival["low"] <= 100.0 <= survival["high"]
    hit = sim["checks"]["a/x/hit_check"]
    exact_hit = next(c.outcomes for c in figures.checks if c.check == "hit_check").p("hit")
    assert hit["low"] <= float(exact_hit) * 100 <= hit["high"]


def test_dh_16_3_dhproc_odds_shows_the_abilitys_attack(tmp_path) -> None:
    path = tmp_path / "match.yaml"
    path.write_text(match_text("""\
        - turn: 1
          submissions: {red: [{who: a, ability: {targets: [x]}}], blue: []}
        """, options="{}", chars=_charge_chars()), encoding="utf-8")
    figures = _odds(str(path), "--who", "a")
    assert [c["check"] for c in figures["checks"]] == ["activation_check", "success_check", "hit_check"]
    assert figures["knock_out"] == "1/5" and figures["format_version"] == 1
    text = CliRunner().invoke(cli, ["odds", str(path), "--who", "a"]).output
    assert "命中判定：命中 72.5%／外れ 27.5%" in text and "撃破：20%" in text


def test_dh_16_3_a_barrier_on_the_target_keeps_the_attack_off() -> None:
    """敵's バリア (its own ability in turn 1, lasting 2 turns) stands when 甲 uses 突撃 in turn 2:
    the odds deal nothing, as the resolver does (DH-11.4)."""
    chars = _charge_chars().replace(
        "hp: 5, spirit: 3, fs: 5, at: Ａ２}",
        "hp: 5, spirit: 3, fs: 5, at: Ａ２,\n"
        "          ability: {name: 守護, activation: 100, duration: 2, targets: {side: self},"
        " effects: [{kind: barrier}]}}")
    turns = """\
        - turn: 1
          submissions: {red: [], blue: [{who: x, ability: {}}]}
        - turn: 2
          submissions: {red: [{who: a, ability: {targets: [x]}}], blue: []}
        """
    match = api.loads(match_text(turns, options="{}", chars=chars), name="match.yaml")
    figures = api.odds(match, "a").figures
    assert figures.steps[-1].damage == Distribution.constant(0) and figures.knock_out == 0
    assert "barrier" in {a.key for a in figures.assumptions}
    blocked = 0
    for seed in range(1, 11):
        log = api.resolve(api.loads(match_text(turns, options="{}", chars=chars, seed=seed), name="match.yaml"))
        assert log["state"]["characters"]["x"]["hp"] == 5
        blocked += any(e["kind"] == "blocked" and e["target"] == "x" for e in log["turns"][1]["events"])
    assert blocked  # the attack was made and kept off, not only missed
    unblocked = api.odds(_charge(), "a").figures
    assert unblocked.knock_out > 0  # the same attack without the バリア does knock out
