"""`dhproc new count DIR` writes a battle that resolves and validates as written."""

from __future__ import annotations

from click.testing import CliRunner

from dhproc.cli import cli


def test_new_count_resolves_as_written(tmp_path) -> None:
    runner = CliRunner()
    made = runner.invoke(cli, ["new", "count", str(tmp_path / "battle")])
    assert made.exit_code == 0, made.output
    files = sorted(p.name for p in (tmp_path / "battle").iterdir())
    assert files == ["match.yaml", "turn-01.yaml"]
    out = runner.invoke(cli, ["resolve", str(tmp_path / "battle" / "match.yaml")])
    assert out.exit_code == 0, out.output
    assert "■ラウンド1　バトルフェイズ（開始カウント15）" in out.output
    assert "サブアクション：移動 E7→E6（1マス×移動コスト2＝2）配置カウント 5→3" in out.output
    check = runner.invoke(cli, ["validate", *(str(tmp_path / "battle" / f) for f in files)])
    assert check.exit_code == 0, check.output
