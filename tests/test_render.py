"""`dhproc render LOG --svg/--png`: the report's map (or state tables) as a picture."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.render import png
from dhproc.render.steps import state_after, step_at
from dhproc.report import document as doc

from .render.logs import EVIL, GOLDEN, RULESETS, evil_log, golden, marked_log

SVG = "{http://www.w3.org/2000/svg}"

needs_png = pytest.mark.skipif(
    png.find_font() is None, reason="no pinned Japanese font: apt-get install fonts-ipafont-gothic (.ci/run does)")


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def texts(svg: str) -> list[str]:
    return ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def shown_names(block: doc.Block) -> set[str]:
    if isinstance(block, doc.Board):
        return {name for _, names in block.cells for name in names}
    return {str(v) for row in block.rows for v in row if v not in (None, "")}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_svg_draws_what_the_report_shows_at_the_end(ruleset: str, tmp_path: Path) -> None:
    """Every name and value of the report's last map (or state table) is a text of the picture."""
    out = tmp_path / "map.svg"
    result = run("render", GOLDEN / f"{ruleset}.json", "--svg", out)
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    drawn = texts(svg)
    blocks = api.report_blocks(golden(ruleset))
    last = [b for b in blocks if isinstance(b, doc.Board)] or [b for b in blocks if isinstance(b, doc.Table)]
    wanted = shown_names(last[-1])
    assert wanted
    legend = " ".join(drawn)
    assert all(name in drawn or name in legend for name in wanted), sorted(wanted - set(drawn))


def test_svg_of_a_turn_shows_the_square_a_move_event_gives() -> None:
    """dh: after turn 1 the picture has each mover where its last move of the turn put it."""
    log = golden("dh")
    moves = {e["actor"]: e["to"] for e in log["turns"][0]["events"] if e["kind"] == "move"}
    board = state_after(log, step_at(log, 1)).picture[0]
    assert isinstance(board, doc.Board)
    chars = log["input"]["match"]["setup"]["characters"]
    at = {name: (r, c) for (r, c), names in board.cells for name in names}
    from dhproc.rulesets.dh.report import parse_square

    assert moves
    for cid, square in moves.items():
        sq = parse_square(square)
        name = chars[cid]["name"]
        assert any(n.startswith(name) and pos == (sq.row, sq.col) for n, pos in at.items()), (name, square)


def _fallen_names(log: dict) -> list[str]:
    """The characters out of the battle at the log's end, read from its state (not the report)."""
    from dhproc.engine.outcome import Outcome

    chars = log["input"]["match"]["setup"]["characters"]
    return [chars[c]["name"] for c, up in Outcome.of_log(log).standing.items() if not up]


@pytest.mark.parametrize("ruleset", ["dh", "count", "nicosw"])
def test_every_map_marks_the_fallen(ruleset: str, tmp_path: Path) -> None:
    """dh (死), count and nicosw 戦闘不能: struck through where it lies, else (count: the fallen
    leave the map, COUNT-7.8) listed under the map with its state; the standing are not marked."""
    log = golden(ruleset)
    fallen = _fallen_names(log)
    assert fallen
    out = tmp_path / "map.svg"
    assert run("render", GOLDEN / f"{ruleset}.json", "--svg", out).exit_code == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    struck = {"".join(text.itertext()) for g in root.iter(f"{SVG}g") for text, after in zip(g, list(g)[1:])
              if text.tag == f"{SVG}text" and after.tag == f"{SVG}line"}  # the line strikes the text before it
    listed = [text for text in texts(out.read_text(encoding="utf-8")) if text.startswith("× ")]
    for name in fallen:
        assert any(s.startswith(name) for s in struck) or any(line.startswith(f"× {name} [") for line in listed), name
    standing = [c["name"] for c in log["input"]["match"]["setup"]["characters"].values() if c["name"] not in fallen]
    assert not [n for n in standing if any(s.startswith(n) for s in struck) or f"× {n} [" in " ".join(listed)]
    if ruleset == "nicosw":  # on the map and listed with its state word
        assert any(line.endswith("[戦闘不能]") for line in listed)


@pytest.mark.parametrize("ruleset, words", [("logos", ("戦闘不能",)), ("kagemiya", ("脱落",))])
def test_the_line_up_marks_the_fallen(ruleset: str, words: tuple[str, ...]) -> None:
    """logos and kagemiya draw their state tables: each fallen character's row says so."""
    log = golden(ruleset)
    picture = state_after(log, step_at(log)).picture
    rows = [" ".join(str(v) for v in row) for t in picture if isinstance(t, doc.Table) for row in t.rows]
    for name in _fallen_names(log):
        assert any(name in row and any(w in row for w in words) for row in rows), name


def test_a_dh_field_is_drawn_on_its_squares_while_it_lasts(tmp_path: Path) -> None:
    """フィールド設置型 (DH-8.9): from its field_set to its effect_end the picture tints exactly the
    squares the event names and names the field under the map; before and after, nothing."""
    from dhproc.render.steps import steps
    from dhproc.render.svg import picture_svg
    from dhproc.rulesets.dh.report import parse_square

    log = golden("dh-abilities")
    found = steps(log)
    events = [log["turns"][s.turn_index]["events"][s.event - 1] if s.event else None for s in found]
    start = next(i for i, e in enumerate(events) if e and e["kind"] == "field_set")
    field = events[start]
    end = next((i for i, e in enumerate(events) if e and e["kind"] == "effect_end" and e["effect"] == field["effect"]),
               len(found))
    want = {(sq.row, sq.col) for sq in map(parse_square, field["squares"])}
    for i in (start - 1, start, (start + end) // 2, end - 1, end):
        if not 0 <= i < len(found):
            continue
        root = ET.fromstring(picture_svg(state_after(log, found[i]).picture, ""))
        tinted = {tuple(int(x) for x in r.get("data-area").split("-")) for r in root.iter(f"{SVG}rect")
                  if r.get("data-area")}
        named = any(f"「{field['ability']}」" in t for t in texts(ET.tostring(root, encoding="unicode")))
        live = start <= i < end
        assert tinted == (want if live else set()), i
        assert named == live, i


def test_phase_and_turn_choose_the_moment(tmp_path: Path) -> None:
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    assert run("render", GOLDEN / "dh.json", "--svg", first, "--turn", 1, "--phase", 1).exit_code == 0
    assert run("render", GOLDEN / "dh.json", "--svg", second, "--turn", 3).exit_code == 0
    assert first.read_text(encoding="utf-8") != second.read_text(encoding="utf-8")
    assert any("1ターン目 第1フェイズ" in t for t in texts(first.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("ruleset", "lang", "wanted", "unwanted"), [
    ("kagemiya", "ja", "　2巡目の終わり", "2ターン目"),
    ("kagemiya", "en", ", end of round (巡) 2", "turn 2"),
    ("count", "ja", "　ラウンド2の終わり", "ターン"),
    ("count", "en", ", end of round 2", "turn"),
    ("nicosw", "ja", "　2Rの終わり", "ターン"),
    ("nicosw", "en", ", end of round 2", "turn"),
    ("dh", "ja", "　2ターン目の終わり", "2巡目"),
    ("dh", "en", ", end of turn 2", "round"),
])
def test_a_picture_title_names_the_turn_in_the_rulesets_own_word(ruleset: str, lang: str, wanted: str,
                                                                 unwanted: str, tmp_path: Path) -> None:
    """kagemiya's turn is a 巡 (KAGEMIYA-1.1: turn N is 巡 N), count's a ラウンド (COUNT-1.1) and
    nicosw's a round written 「2R」 as its report does (NICOSW-1.8), and their pictures say so, in
    the drawn title and the SVG's <title>; a ruleset with no word of its own keeps ターン."""
    out = tmp_path / "map.svg"
    assert run("render", GOLDEN / f"{ruleset}.json", "--svg", out, "--turn", 2, "--lang", lang).exit_code == 0
    svg = out.read_text(encoding="utf-8")
    title = texts(svg)[0]
    assert title.endswith(wanted) and unwanted not in title, title
    assert ET.fromstring(svg).find(f"{SVG}title").text == title


def test_a_moment_the_log_lacks_is_a_located_message(tmp_path: Path) -> None:
    result = run("render", GOLDEN / "dh.json", "--svg", tmp_path / "x.svg", "--turn", 9, "--lang", "en")
    assert result.exit_code == 1
    assert f"{GOLDEN / 'dh.json'}: the log has no such moment (--turn 9)" in result.output
    assert not (tmp_path / "x.svg").exists()


def test_names_that_are_markup_are_drawn_as_text(tmp_path: Path) -> None:
    log = evil_log(tmp_path / "match")
    out = tmp_path / "evil.svg"
    assert run("render", log, "--svg", out).exit_code == 0
    svg = out.read_text(encoding="utf-8")
    root = ET.fromstring(svg)  # well-formed: the markup did not open elements
    assert {el.tag for el in root.iter()} <= {f"{SVG}{t}" for t in ("svg", "title", "rect", "g", "text", "line")}
    drawn = " ".join(texts(svg))
    assert EVIL[0] in drawn and EVIL[1] in drawn
    assert "<script" not in svg and "<img" not in svg


@pytest.mark.parametrize("ruleset", RULESETS)
def test_markup_in_every_name_is_drawn_as_text_in_every_rulesets_picture(ruleset: str, tmp_path: Path) -> None:
    log, marked = marked_log(ruleset, tmp_path / "m")
    out = tmp_path / "marked.svg"
    assert run("render", log, "--svg", out).exit_code == 0
    svg = out.read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    assert {el.tag for el in root.iter()} <= {f"{SVG}{t}" for t in ("svg", "title", "rect", "g", "text", "line")}
    assert "<script" not in svg and "<img" not in svg
    assert any(m in " ".join(texts(svg)) for m in marked)


# --------------------------------------------------------------------------- PNG

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def decoded_size(data: bytes) -> tuple[int, int]:
    """The PNG's size, once its pixels are found all there (8-bit RGBA rows, each after its filter byte)."""
    import zlib

    width, height = png_size(data)
    assert data[24:26] == b"\x08\x06"  # 8 bits, RGBA: what resvg writes
    idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                    for i in _chunks(data) if data[i + 4:i + 8] == b"IDAT")
    assert len(zlib.decompress(idat)) == height * (1 + 4 * width)
    return width, height


@needs_png
@pytest.mark.parametrize("ruleset", RULESETS)
def test_png_of_each_example_decodes_and_is_small(ruleset: str, tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    assert run("render", GOLDEN / f"{ruleset}.json", "--png", out).exit_code == 0
    data = out.read_bytes()
    width, height = decoded_size(data)
    assert 300 < width < 2000 and 60 < height < 2000
    assert len(data) < 60_000  # a few KB: Discord shows it inline


def _chunks(data: bytes):
    i = 8
    while i < len(data):
        yield i
        i += 12 + struct.unpack(">I", data[i:i + 4])[0]


@needs_png
def test_png_draws_japanese_glyphs_not_tofu() -> None:
    """Names of the same length give different pictures (missing glyphs would be the same boxes),
    and a name gives a different picture from blanks (a dropped text would be blank)."""
    from dhproc.render.svg import picture_svg

    def picture(name: str) -> bytes:
        board = doc.Board(("Ａ",), ("１",), (((0, 0), (name,)),))
        return png.svg_to_png(picture_svg([board], "地図"), "x.png")

    assert len({picture("天城ミコト"), picture("鬼塚ゴウ君"), picture("　　　　　")}) == 3
    assert picture("天城ミコト") == picture("天城ミコト")  # the same bytes every time


def test_no_font_is_a_clear_message_and_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "FONT_FILES", (tmp_path / "none.ttf",))
    out = tmp_path / "map.png"
    result = run("render", GOLDEN / "dh.json", "--png", out, "--lang", "en")
    assert result.exit_code == 1
    assert f"{out}: no Japanese font, so no picture is written; install fonts-ipafont-gothic" in result.output
    assert not out.exists()
    result = run("render", GOLDEN / "dh.json", "--png", out)
    assert "日本語フォントがないため画像を書けません" in result.output


def test_render_needs_an_output() -> None:
    result = run("render", GOLDEN / "dh.json")
    assert result.exit_code == 2 and "--svg" in result.output


# --------------------------------------------------------------------------- Discord posts

@needs_png
@pytest.mark.parametrize("ruleset", ["dh", "kagemiya"])
def test_discord_posts_have_the_map_picture_beside_the_message_with_the_map(ruleset: str, tmp_path: Path) -> None:
    """-NN.png lies beside exactly the -NN.md messages that show the map (kagemiya: its tables, each
    under its map of the areas),
    so dragging the folder's files in name order posts each picture after its message."""
    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "posts"
    result = run("resolve", root / "examples" / ruleset / "match.yaml", "--format", "discord", "--out", out)
    assert result.exit_code == 0, result.output
    messages = sorted(out.glob("match-*.md"))
    pictures = sorted(out.glob("match-*.png"))
    assert pictures
    mark = "MAP" if ruleset == "dh" else "| 陣営"  # the map, or the state table's header
    with_state = {p.stem for p in messages if mark in p.read_text(encoding="utf-8")}
    assert {p.stem for p in pictures} == with_state
    for picture in pictures:
        png_size(picture.read_bytes())


@needs_png
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_kagemiya_discord_posts_carry_the_area_map_of_each_state_they_show(lang: str, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """巡 2 alone (KAGEMIYA-10.1: 参加者 at its start, the state after it): the picture beside the
    参加者 has the map of the start of 巡 2 (everyone in the カジノ), the one beside the end state the
    map after it (the アサシン陣営 escaped to the 山, ランサー 脱落), each above its table, in the
    order of the messages; each PNG decodes at the size of its SVG."""
    drawn: list[tuple[str, str]] = []  # (file, SVG) as the posts are rasterised, in order
    real = png.svg_to_png
    monkeypatch.setattr(png, "svg_to_png", lambda svg, out: drawn.append((Path(out).name, svg)) or real(svg, out))
    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "posts"
    result = run("resolve", root / "examples" / "kagemiya" / "turn-02.yaml", "--format", "discord", "--out", out,
                 "--lang", lang)
    assert result.exit_code == 0, result.output
    log = golden("kagemiya")
    setup = log["input"]["match"]["setup"]
    maps = [state_after(log, step_at(log, turn), lang=lang).picture[0] for turn in (1, 2)]  # after 巡 1, 巡 2
    assert [m.col_labels for m in maps] == [(setup["area"],), (setup["area"], "山")]
    header = "| 陣営" if lang == "ja" else "| side"
    with_state = [p.with_suffix(".png").name for p in sorted(out.glob("turn-02-*.md"))
                  if header in p.read_text(encoding="utf-8")]
    assert [name for name, _ in drawn] == with_state == ["turn-02-01.png", "turn-02-02.png"]
    captions = [b.caption for b in api.report_blocks(log, lang=lang, turns=[2]) if isinstance(b, doc.Table)]
    assert len(captions) == 2  # 参加者 at the start of 巡 2, the state after it
    for (name, svg), board, caption in zip(drawn, maps, captions):
        shown = texts(svg)
        assert set(board.col_labels) | set(board.row_labels) <= set(shown)
        assert ("山" in shown) == ("山" in board.col_labels)  # the escape is on the second map only
        labels = [n for _, names in board.cells for n in names]
        assert sorted(labels) == sorted(c["name"] for c in setup["characters"].values())
        assert all(n in shown for n in labels)
        fallen = [t for t in shown if t.startswith("× ")]
        assert fallen == [f"× {n} [{state}]" for n, state in board.fallen]  # none at the start, ランサー after
        assert shown.index(board.col_labels[0]) < shown.index(caption)  # the map above its table
        width, height = ET.fromstring(svg).get("width"), ET.fromstring(svg).get("height")
        assert decoded_size((out / name).read_bytes()) == (int(width), int(height))
    assert [len(b.fallen) for b in maps] == [0, 1]


def test_discord_posts_without_a_font_are_written_and_the_reason_said(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "FONT_FILES", (tmp_path / "none.ttf",))
    root = Path(__file__).resolve().parents[1]
    out = tmp_path / "posts"
    result = run("resolve", root / "examples" / "dh" / "match.yaml", "--format", "discord", "--out", out,
                 "--lang", "en")
    assert result.exit_code == 0
    assert "no Japanese font, so no picture is written" in result.output
    assert sorted(out.glob("*.md")) and not sorted(out.glob("*.png"))


def test_public_picture_hides_what_the_public_report_hides(tmp_path: Path) -> None:
    """count: the hands are the GK's; the public picture of the state shows none of them."""
    log = golden("count")
    hands = {item for c in log["input"]["match"]["setup"]["characters"].values()
             for item in c.get("hand", [])}
    public = api.render(log, view="public")
    hidden = {h for h in hands if h not in public}
    assert hidden
    gk, pub = tmp_path / "gk.svg", tmp_path / "public.svg"
    for out, view in ((gk, "gk"), (pub, "public")):
        assert run("render", GOLDEN / "count.json", "--svg", out, "--turn", 1, "--view", view).exit_code == 0
    state = state_after(log, step_at(log, 1), view="public")
    assert state.tables  # count's picture is its map, its tables go to the page: check both
    from dhproc.render.svg import picture_svg

    shown = picture_svg(state.tables, "") + pub.read_text(encoding="utf-8")
    assert [h for h in sorted(hidden) if h in shown] == []
    assert any(h in picture_svg(state_after(log, step_at(log, 1)).tables, "") for h in hidden)


def test_a_log_of_no_turn_yet_draws_the_setup(tmp_path: Path) -> None:
    """The opening post: a match resolved before any turn draws its starting map and page."""
    root = Path(__file__).resolve().parents[1]
    match = tmp_path / "match.yaml"
    text = (root / "examples" / "dh" / "match.yaml").read_text(encoding="utf-8")
    match.write_text(text.replace("turns: [turn-01.yaml, turn-02.yaml, turn-03.yaml]", "turns: []"), encoding="utf-8")
    log = tmp_path / "log.json"
    assert run("resolve", match, "--json", log).exit_code == 0
    svg, page = tmp_path / "m.svg", tmp_path / "p.html"
    result = run("render", log, "--svg", svg, "--html", page)
    assert result.exit_code == 0, result.output
    assert "天城ミコト" in texts(svg.read_text(encoding="utf-8"))
    assert run("replay", page).exit_code == 0
    assert run("render", log, "--svg", svg, "--turn", 1).exit_code == 1


def test_kagemiya_picture_maps_its_areas_rows_and_the_fallen() -> None:
    """The battle's area (KAGEMIYA-1.1) with each character in its 前衛 or 後衛; a side that escaped
    stands in the area its ``escaped`` event names; the 脱落 are marked (the report draws no map)."""
    from dhproc.render.steps import steps

    log = golden("kagemiya")
    setup = log["input"]["match"]["setup"]
    found = steps(log)
    events = [log["turns"][s.turn_index]["events"][s.event - 1] if s.event else None for s in found]
    at = next(n for n, e in enumerate(events) if e and e["kind"] == "escaped")
    for n, where in ((at - 1, setup["area"]), (at, events[at]["to"])):
        board = state_after(log, found[n]).picture[0]
        assert isinstance(board, doc.Board) and board.row_labels == ("前衛", "後衛")
        assert board.col_labels[0] == setup["area"]
        column = {name: board.col_labels[c] for (r, c), names in board.cells for name in names}
        row = {name: board.row_labels[r] for (r, c), names in board.cells for name in names}
        for cid in events[at]["characters"]:
            c = setup["characters"][cid]
            assert column[c["name"]] == where and row[c["name"]] == ("前衛" if c["row"] == "front" else "後衛")
    out = [e["character"] for e in events[: at + 1] if e and e["kind"] == "eliminated"]
    assert out and dict(state_after(log, found[at]).picture[0].fallen) == \
        {setup["characters"][c]["name"]: "脱落" for c in out}
