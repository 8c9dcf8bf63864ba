"""The block model every ruleset's report is built from: plain text keeps blocks apart."""

from dhproc.report.document import Board, Heading, Lines, Table, to_text


def test_blocks_render_in_order_with_a_blank_line_between():
    text = to_text([Heading("第1ターン"), Lines.of("山田：移動 Ａ１→Ａ２", "　命中"),
                    Table.of(["名前", "体力"], [["山田", 5]], caption="状態")])
    assert text.split("\n\n")[0] == "第1ターン"
    assert text.split("\n\n")[1] == "山田：移動 Ａ１→Ａ２\n　命中"
    assert text.split("\n\n")[2].startswith("状態\n+")
    assert "| 山田   |      5 |" in text
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_board_draws_names_and_walls():
    text = to_text([Board(("Ａ", "Ｂ"), ("１", "２"), (((0, 0), ("山田",)),), walls=((1, 1),))])
    assert "山田" in text and "■壁" in text
    assert text.count("\n") > 4
