"""The 発動率 calculator (DH-13): the published sheets' figures reproduce exactly, the working is
printed line by line, the tables are data, and validate warns on a stated rate that differs."""

from __future__ import annotations

import textwrap
from decimal import Decimal
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.errors import InputError
from dhproc.documents.loading import load_file
from dhproc.rulesets.dh.commands import rate_text
from dhproc.rulesets.dh.rate import load_tables


def ability_rate(path, *, lang: str = "ja") -> str:
    """What ``dhproc ability rate PATH`` prints: the file read, and loaded as a match if it is one."""
    return rate_text(load_file(path), lambda: api.load(path), lang=lang)

pytestmark = pytest.mark.usefixtures("english")  # these tests read the English messages

ROOT = Path(__file__).resolve().parents[3]
RATES = ROOT / "examples" / "dh" / "rates"


def write(tmp_path: Path, text: str, name: str = "rate.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def rate_file(tmp_path: Path, body: str, fs: int = 0) -> Path:
    return write(tmp_path, f"dhproc: 1\nruleset: dh\nrate:\n  fs: {fs}\n" + textwrap.indent(textwrap.dedent(body), "  "))


def test_dh_13_1_the_published_sheet_reproduces_exactly() -> None:
    # NINTH final sheet, A・o・H: 80 × 1 × 1 × 0.8 = 64; (100 − 64) × (1 + 0.1 × 18) = 100.8 → 101%
    text = ability_rate(RATES / "rest-release.yaml")
    assert "  効果1: 能力休み解除 80 × 同マス 1人 1 × 一瞬 1 × 味方男性のみ 0.8 = 64" in text
    assert "  (100 - 64 + 0) × (1 + 0.1 × 18) = 36 × 2.8 = 100.8" in text
    assert "  発動率 = 100.8 + 0 + 0 = 100.8 → 101% (四捨五入)" in text
    assert "  記載の発動率: 101% — 一致" in text


def test_dh_13_1_the_second_sheet_with_mental_attack_and_a_costly_rider() -> None:
    # 青森 板子: 90 × 1.6 × 1 × 0.95 = 136.8; (100 − 136.8 + 100) × 1.7 = 107.44; − 10 (凄惨な死) → 97%.
    # The sheet's own line stops at "107.44 −": the 97 is the research's reading of the rest.
    text = ability_rate(RATES / "mental-damage.yaml")
    assert "× 隣接2マス 1人 1.6 × 一瞬 1 × 直前のフェイズに死亡者がいる時のみ 0.95 = 136.8" in text
    assert "  消費制約: 精神攻撃 100 = 100" in text
    assert "  (100 - 136.8 + 100) × (1 + 0.1 × 7) = 63.2 × 1.7 = 107.44" in text
    assert "  発動率 = 107.44 - 10 + 0 = 97.44 → 97% (四捨五入)" in text


@pytest.mark.parametrize("effect, fs, exact, rate", [
    ("1.5", 0, "98.5", 99),     # half up, where rounding half to even would give 98
    ("0.5", 0, "99.5", 100),
    ("95", 3, "6.5", 7),        # 5 × 1.3: exact in decimal (a float product is 6.500000000000001)
    ("99.9", 1, "0.11", 0),
    ("105", 0, "-5", -5),       # a negative rate is shown as it is: it never fires
])
def test_dh_13_1_rounding_is_half_up_on_exact_decimals(tmp_path, effect, fs, exact, rate) -> None:
    path = rate_file(tmp_path, f"""\
        effects:
          - {{effect: {{value: "{effect}"}}, target: 1, time: 1}}
        """, fs=fs)
    text = ability_rate(path, lang="en")
    assert f"= {exact} → {rate}% (rounded half up)" in text


def test_dh_13_1_several_effects_counter_factors_costs_riders_and_adjustment(tmp_path) -> None:
    path = rate_file(tmp_path, """\
        name: 複合
        effects:
          - {effect: {label: 体力ダメージ2, value: 40}, target: {label: 隣接1 1人, value: 1.2}, time: instant}
          - effect: rest_release
            target: same_square_single
            time: instant
            counter: [{label: 被攻撃時, value: 0.5}, {label: 後手, value: "0.9"}]
        costs: [{label: 体力消費2, value: 20}]
        riders: [{label: 能力休み無し, value: -15}]
        adjust: 3
        """, fs=5)
    text = ability_rate(path)
    # 40 × 1.2 = 48; 80 × 1 × 1 × 0.5 × 0.9 = 36; (100 − 84 + 20) × 1.5 = 54; 54 − 15 + 3 = 42
    assert "効果1: 体力ダメージ2 40 × 隣接1 1人 1.2 × 一瞬 1 = 48" in text
    assert "効果2: 能力休み解除 80 × 同マス 1人 1 × 一瞬 1 × 被攻撃時 0.5 × 後手 0.9 = 36" in text
    assert "(100 - 84 + 20) × (1 + 0.1 × 5) = 36 × 1.5 = 54" in text
    assert "発動率 = 54 - 15 + 3 = 42 → 42%" in text


def test_dh_13_2_a_key_missing_from_the_tables_is_located_and_asks_for_the_value(tmp_path) -> None:
    path = rate_file(tmp_path, """\
        effects:
          - {effect: instant_death, target: same_square_single, time: instant}
        """)
    with pytest.raises(InputError) as info:
        ability_rate(path)
    (problem,) = info.value.problems
    assert (problem.line, problem.col) == (6, 16)  # the key's value in the file
    assert "'instant_death' is not in the effects table" in problem.message and "{label: …, value: n}" in problem.message


def test_dh_13_2_a_campaigns_tables_file_replaces_the_shipped_one(tmp_path) -> None:
    write(tmp_path, """\
        dhproc: 1
        name: ある学園の表
        tables:
          effects: {instant_death: {value: 120, label: 即死}}
          targets: {enemy1: {value: "0.5", label: 敵1人}}
          times: {instant: {value: 1, label: 一瞬}}
        """, name="tables.yaml")
    path = rate_file(tmp_path, """\
        tables: tables.yaml
        effects:
          - {effect: instant_death, target: enemy1, time: instant}
        """, fs=10)
    text = ability_rate(path)
    assert "値の表: ある学園の表" in text and "(100 - 60 + 0) × (1 + 0.1 × 10) = 40 × 2 = 80" in text
    with pytest.raises(InputError, match="'rest_release' is not in the effects table"):
        ability_rate(rate_file(tmp_path, "tables: tables.yaml\neffects:\n  - {effect: rest_release, "
                                             "target: enemy1, time: instant}\n"))


def test_dh_13_2_the_shipped_tables_say_what_they_lack_and_where_each_value_was_read() -> None:
    tables = load_tables()
    assert tables.entries["targets"]["adjacent2_single"].value == Decimal("1.6")
    assert tables.missing and any("カウンター" in m for m in tables.missing)
    assert not tables.entries["counter"]
    raw = yaml.safe_load((ROOT / "dhproc" / "rulesets" / "dh" / "rate_tables.yaml").read_text(encoding="utf-8"))
    shipped = [e for table in raw["tables"].values() for e in table.values()]
    assert len(shipped) == 9 and all(e.get("source") for e in shipped)  # every shipped value names its source
    text = CliRunner().invoke(cli, ["ability", "tables"]).output
    assert "missing:" in text and "rest_release: 80" in text


def match_with_rate(tmp_path: Path, activation: int) -> Path:
    return write(tmp_path, f"""\
        dhproc: 1
        ruleset: dh
        seed: 1
        setup:
          first: red
          sides: {{red: {{name: 赤}}, blue: {{name: 青}}}}
          characters:
            a:
              name: A・o・H
              side: red
              attack: 3
              defense: 3
              hp: 3
              spirit: 3
              fs: 18
              at: Ａ１
              ability:
                name: 休息解除
                activation: {activation}
                targets: {{side: ally}}
                effects: [{{kind: rest_release}}]
                rate:
                  effects:
                    - {{effect: rest_release, target: same_square_single, time: instant,
                       restrictions: [male_allies_only]}}
            x: {{name: 敵, side: blue, attack: 3, defense: 3, hp: 3, spirit: 3, fs: 18, at: Ｅ７}}
        """, name="match.yaml")


def test_dh_13_3_validate_warns_when_the_stated_rate_differs_and_still_passes(tmp_path) -> None:
    path = match_with_rate(tmp_path, 100)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 0
    assert "match.yaml:19:21: warning: 発動率 100 differs from the 101 its rate design gives" in result.output
    assert result.output.rstrip().endswith("match.yaml: ok")
    agreeing = match_with_rate(tmp_path, 101)
    result = CliRunner().invoke(cli, ["validate", str(agreeing)])
    assert result.exit_code == 0 and "warning" not in result.output


def test_dh_13_3_rate_of_a_match_prints_every_designed_ability(tmp_path) -> None:
    result = CliRunner().invoke(cli, ["ability", "rate", str(match_with_rate(tmp_path, 100))])
    assert result.exit_code == 0
    assert "= 100.8 → 101%" in result.output


def test_dh_13_3_a_bad_design_in_a_setup_is_an_input_error(tmp_path) -> None:
    path = match_with_rate(tmp_path, 101)
    path.write_text(path.read_text(encoding="utf-8").replace("male_allies_only", "female_only"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "'female_only' is not in the restrictions table" in result.output
    assert "Traceback" not in result.output
