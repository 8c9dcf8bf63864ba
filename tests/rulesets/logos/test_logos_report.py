"""LOGOS-10: the #対戦処理 report, the public view, the dice in the log; the CLI on examples/logos."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.report.layout import display_width
from dhproc.rulesets.logos.options import OPTIONS

from .helpers import char, events, make, report, resolve, skill, stat

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "logos" / "match.yaml"
GOLDEN = Path(__file__).parent / "golden"


def example_log() -> dict:
    return api.resolve(api.load(EXAMPLE))


@pytest.mark.parametrize("lang, view", [("ja", "gk"), ("ja", "public"), ("en", "gk")])
def test_logos_10_1_example_report_is_golden(lang: str, view: str) -> None:
    """Produced by dhproc and read against docs/rules/logos.md clause by clause before it was checked in.
    Regenerate: dhproc resolve examples/logos/match.yaml [--lang en] [--view public] > golden/example.<lang>.<view>.txt"""
    text = api.render(example_log(), lang=lang, view=view)
    assert text == (GOLDEN / f"example.{lang}.{view}.txt").read_text(encoding="utf-8")


def test_logos_10_1_report_shows_every_step_the_seed_names() -> None:
    text = api.render(example_log())
    for line in (
        "【(0) 先攻・後攻の決定】",
        "《迅雷》の数（チーム全員）：チーム呑宮 1（呑宮ホッピー）／チーム楓 1（燕ツバメ）",
        "→ 《迅雷》同数、反応の合計が高い チーム呑宮 が先攻",
        "チーム呑宮（先攻）：1.呑宮ホッピー　2.鈴鳴リン　3.麦野ムギ　4.蒼井ソウ　5.白雪ユキ",
        "(1) アクティブ：呑宮ホッピー（チーム呑宮）攻6 防5 反7 ／ 楓カエデ（チーム楓）攻5 防10 反6",
        "(3) イニシアティブ：呑宮ホッピー 反応7 ／ 楓カエデ 反応6 → 呑宮ホッピー が先手",
        "　《威圧》（アクション前）［呑宮ホッピー］　条件：対面の敵の防御10≧10 ○　発動率80%　出目12 → 成功",
        "　　→ 楓カエデ 防御 10→6（1ターン）",
        "　アタック→楓カエデ　色/弱点：赤/赤 ○（赤）　攻撃/防御：6≧6 ○　→ クリティカル",
        "　チーム呑宮 DP+1（計1）",
        "(8) 両者戦闘不能でないため引き分け：鈴鳴リン・蓮見レン 戦闘不能",
        "(9) ターン終了：効果終了 楓カエデの防御-4",
        "(10) 勝敗判定：チーム楓の勝利（相手のスタメン全員が戦闘不能）",
        "DP：チーム呑宮 1／チーム楓 1",
    ):
        assert line in text.splitlines(), line


def test_logos_10_1_tables_line_up_with_japanese_names() -> None:
    text = api.render(example_log())
    blocks = [b for b in text.split("\n\n") if "| 名前" in b]
    assert len(blocks) == 4  # both teams at the start and at the end
    for block in blocks:
        lines = [ln for ln in block.splitlines() if ln.startswith(("+", "|"))]
        assert len({display_width(ln) for ln in lines}) == 1, block


def test_logos_10_1_dhproc_never_omits_a_check() -> None:
    """A +1 that cannot change the result is still checked and shown (the GK may omit it; dhproc does not)."""
    s = skill("無駄な気合", "before_action", stat("self", "attack", 1), rate=50)
    log = resolve(make({"r": char("甲", "red", atk=20, rea=9, skills=[s])}, options={"turn_cap": 1}))
    assert events(log, "roll", purpose="activation_check")
    assert "《無駄な気合》" in report(log)


def test_logos_10_1_report_comes_from_the_log_alone() -> None:
    log = example_log()
    again = json.loads(api.dumps(log))
    assert api.render(again) == api.render(log)


def test_logos_10_2_public_view_hides_only_bench_secrets() -> None:
    log = example_log()
    gk, public = api.render(log), api.render(log, view="public")
    assert "影山カゲ" in gk and "影山カゲ" not in public
    assert "スタメン外：シークレット、舞鶴マイ、通谷トオル、音々ネネ" in public
    only_gk = [ln for ln in gk.splitlines() if ln not in public.splitlines()]
    only_public = [ln for ln in public.splitlines() if ln not in gk.splitlines()]
    assert only_gk and all("影山カゲ" in ln for ln in only_gk)  # the 先攻 notes and the bench lists
    assert only_public and all("シークレット" in ln for ln in only_public)


def test_logos_10_3_dice_in_draw_order_recorded_dice_replace_them() -> None:
    log = example_log()
    rolls = events(log, "roll")
    assert all(r["purpose"] == "activation_check" and r["sides"] == 100 for r in rolls)
    assert [r["draw"] for r in rolls] == list(range(1, len(rolls) + 1))
    checks = [e for e in events(log, "skill") if e.get("face") is not None]
    assert [(r["skill"], r["face"]) for r in rolls] == [(c["skill"], c["face"]) for c in checks]
    # the same faces, written down as recorded dice, give the same round
    data = api.load(EXAMPLE).data
    data["turns"] = [{"turn": 1, "dice": [r["face"] for r in rolls],
                      "submissions": json.loads(json.dumps(api.load(EXAMPLE).turns[0].submissions))}]
    from dhproc.documents.loading import load_bytes

    doc = load_bytes(json.dumps(data, ensure_ascii=False).encode(), EXAMPLE.parent / "x.yaml", "x.yaml")
    replayed = api.resolve(api.load_inline(doc))
    assert [e for e in events(replayed, "skill")] == events(log, "skill")
    assert all(r["source"] == "recorded" for r in events(replayed, "roll"))


@pytest.mark.usefixtures("english")
def test_logos_10_3_running_out_of_recorded_dice_names_the_draw() -> None:
    s = skill("気合", "before_action", stat("self", "attack", 1), rate=50)
    from dhproc.errors import ResolutionError

    with pytest.raises(ResolutionError) as info:
        resolve(make({"r": char("甲", "red", rea=9, skills=[s])}, first="red", dice=[]))
    assert "recorded dice ran out: draw 1 (activation_check of r, d100)" in str(info.value)


# The CLI on the example (DESIGN §2) ---------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dhproc", *args], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_logos_10_1_cli_options_lists_every_option() -> None:
    for lang in ("ja", "en"):
        result = CliRunner().invoke(cli, ["options", "logos", "--lang", lang])
        assert result.exit_code == 0
        flat = "".join(result.output.split())  # each reason is wrapped to the terminal
        for o in OPTIONS:
            said = f"{o.id}（{OPTIONS.name(o.id, 'ja')}）：" if lang == "ja" else f"{o.id} ({OPTIONS.name(o.id, 'en')}): "
            assert "".join((said + OPTIONS.reason(o.id, lang)).split()) in flat, (lang, o.id)
            assert o.clause in result.output


def test_logos_10_1_cli_resolve_public_and_replay(tmp_path: Path) -> None:
    out = run("resolve", str(EXAMPLE), "--json", str(tmp_path / "log.json"))
    assert out.returncode == 0, out.stderr
    assert out.stdout == (GOLDEN / "example.ja.gk.txt").read_text(encoding="utf-8")
    public = run("resolve", str(EXAMPLE), "--view", "public")
    assert public.returncode == 0 and "影山カゲ" not in public.stdout
    replay = run("replay", str(tmp_path / "log.json"))
    assert replay.returncode == 0 and replay.stdout.strip().endswith("：OK"), replay.stderr


def test_logos_10_1_cli_validate_a_broken_turn_is_located(tmp_path: Path) -> None:
    folder = tmp_path / "m"
    folder.mkdir()
    (folder / "match.yaml").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    turn = (EXAMPLE.parent / "turn-01.yaml").read_text(encoding="utf-8").replace("[hoppy, rin,", "[hoppy, kaede,")
    (folder / "turn-01.yaml").write_text(turn, encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(folder / "match.yaml"), "--lang", "en"])
    assert result.exit_code == 1
    assert "turn-01.yaml:8:" in result.output and "'楓カエデ (kaede)' belongs to side 'チーム楓 (bob)', not 'チーム呑宮 (alice)'" in result.output
    assert "Traceback" not in result.output


def test_logos_10_1_cli_new_scaffolds_a_round_that_resolves(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["new", "logos", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    done = CliRunner().invoke(cli, ["resolve", str(tmp_path / "r" / "match.yaml")])
    assert done.exit_code == 0, done.output
    assert "【結果】" in done.output


def test_logos_10_1_docs_option_table_matches_the_code() -> None:
    """docs/rules/logos.md lists every option with the default, values, source and clause the code has."""
    import re

    text = (ROOT / "docs" / "rules" / "logos.md").read_text(encoding="utf-8")
    rows = {m.group(1): m.groups()[1:] for m in
            re.finditer(r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \| (\w+) \| (LOGOS-[\d.]+) \|", text, re.M)}
    assert sorted(rows) == sorted(o.id for o in OPTIONS)
    for o in OPTIONS:
        default, allowed, source, clause = (x.strip() for x in rows[o.id])
        shown = ("true" if o.default else "false") if isinstance(o.default, bool) else str(o.default)
        assert (default, source, clause) == (shown, o.source, o.clause), o.id
        assert allowed.replace(" ", "") == o.allowed().replace("integer ", "").replace(" ", ""), o.id


def test_logos_10_1_docs_snippets_are_the_example() -> None:
    """The YAML in docs/rules/logos.md is the example's own data, so it resolves as the example does."""
    import re

    import yaml

    text = (ROOT / "docs" / "rules" / "logos.md").read_text(encoding="utf-8")
    setup_block, turn_block = re.findall(r"```yaml\n(.*?)```", text, re.S)[:2]  # the third: LOGOS-11
    example = api.load(EXAMPLE)
    snippet = yaml.safe_load(setup_block)["setup"]
    assert snippet["characters"]["hoppy"] == example.setup["characters"]["hoppy"] | {"secret": False}
    assert snippet["sides"] == example.setup["sides"]
    turn = yaml.safe_load(turn_block)
    assert turn["submissions"] == example.turns[0].submissions
