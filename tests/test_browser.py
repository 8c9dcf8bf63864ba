"""The replay page in a real headless browser (Debian's chromium and chromedriver), used as a
person would: it loads without a console error, stepping forward changes the map as the events
say, a link to a step opens at that step, the English switch changes the labels, and names
written as markup run nothing. Skipped, saying what to install, where the browser is missing."""

from __future__ import annotations

import json
import time
import unicodedata
import urllib.error
from pathlib import Path

import pytest

from dhproc.render.steps import state_after, steps

from .render.browser import MISSING, Browser, file_url
from .render.logs import GOLDEN, RULESETS, evil_log, evil_texts, golden, marked_log
from .test_page import page

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

VISIBLE_MAP = "#maps .map:not([hidden]) .ja"


@pytest.fixture(scope="module")
def browser():
    b = Browser()
    yield b
    b.close()


def errors(browser: Browser) -> list[str]:
    return [entry["message"] for entry in browser.console() if entry.get("level") == "SEVERE"]


def test_the_console_check_sees_a_script_error(browser: Browser, tmp_path: Path) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text("<!doctype html><script>undefinedFunction()</script>", encoding="utf-8")
    browser.open(file_url(broken))
    assert any("undefinedFunction" in m for m in errors(browser))


def _cell(board, to) -> tuple[int, int]:
    """The square a move event names, as (row, col) of the report's map (dh Ｂ４, count E3, nicosw 5)."""
    for r, row in enumerate(board.row_labels):
        for c, col in enumerate(board.col_labels):
            if unicodedata.normalize("NFKC", str(to)) in (unicodedata.normalize("NFKC", row + col),
                                                           unicodedata.normalize("NFKC", col + row)):
                return r, c
    raise AssertionError(f"no square {to!r} on the map")


def _first_change(log: dict, found: list, start: int, what) -> int:
    before = what(state_after(log, found[start - 1]))
    for n in range(start, len(found)):
        if what(state_after(log, found[n])) != before:
            return n
    raise AssertionError("nothing changes")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_stepping_forward_shows_what_the_events_say(ruleset: str, browser: Browser, tmp_path: Path) -> None:
    log = golden(ruleset)
    out = tmp_path / f"{ruleset}.html"
    page(GOLDEN / f"{ruleset}.json", out)
    found = steps(log)
    events = [None] + [e for t in log["turns"] for e in t["events"]]
    has_map = ruleset in ("dh", "count", "nicosw")
    if has_map:  # the step that first shows a move (nicosw draws its map at the end of a half)
        move = next(n for n, e in enumerate(events) if e and e["kind"] == "move")
        shown = _first_change(log, found, move, lambda s: s.picture)
    else:  # kagemiya and logos: the state tables
        shown = _first_change(log, found, 1, lambda s: s.tables)
    browser.open(file_url(out, found[shown - 1].anchor))
    # the map where the ruleset's report draws one (nicosw's, only at a half's end: the tables till then);
    # kagemiya's map of its areas changes only when a side escapes, so its tables are watched
    tables = "#state .tables:not([hidden]) .ja"
    watched = f"{VISIBLE_MAP}, {tables}" if has_map else tables
    before = browser.script(f"return document.querySelector('{watched}').innerHTML")
    browser.press("ArrowRight")
    assert browser.script("return location.hash") == f"#{found[shown].anchor}"
    after = browser.script(f"return document.querySelector('{watched}').innerHTML")
    assert after != before
    if has_map:
        board = state_after(log, found[shown]).picture[0]
        mover_moves = [e for e in events[move:shown + 1] if e and e["kind"] == "move"
                       and (e.get("actor") or e.get("character")) == (events[move].get("actor")
                                                                       or events[move].get("character"))]
        mover = mover_moves[-1]
        name = log["input"]["match"]["setup"]["characters"][mover.get("actor") or mover["character"]]["name"]
        r, c = _cell(board, mover["to"])
        square = browser.script(f"return document.querySelector('{VISIBLE_MAP} [data-cell=\"{r}-{c}\"]')"
                                ".textContent")
        assert name in square
    else:
        table = state_after(log, found[shown]).tables[0]
        assert str(table.rows[0][1]) in after
    assert errors(browser) == []


def test_a_link_opens_at_its_step_and_english_changes_the_labels(browser: Browser, tmp_path: Path) -> None:
    out = tmp_path / "dh.html"
    page(GOLDEN / "dh.json", out)
    browser.open(file_url(out, "t2-e14"))
    assert browser.script("return document.querySelector('#where b').innerText") == "ターン2・イベント14"
    assert browser.script("return document.querySelector('#events li.now').dataset.step") == "t2-e14"
    label = "return document.querySelector('[data-go=next]').innerText"
    assert browser.script(label) == "次へ"
    browser.click("#lang")
    assert browser.script(label) == "next"
    assert browser.script("return document.querySelector('#where .en b').innerText") == "turn 2, event 14"
    browser.press("l")  # next turn
    assert browser.script("return location.hash") == "#t3-e1"
    browser.script("document.getElementById('speed').value = '3'")  # very fast
    browser.press("k")  # play
    time.sleep(0.8)
    browser.press("k")  # pause
    played = browser.script("return location.hash")
    assert played.startswith("#t3-e") and played != "#t3-e1"
    time.sleep(0.4)
    assert browser.script("return location.hash") == played
    assert errors(browser) == []


def test_names_that_are_markup_run_nothing_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """Markup in every text of the input that reaches the page (title, seed, sides, characters,
    abilities, so the field drawn on the map too) is shown as text and runs nothing."""
    out = tmp_path / "evil.html"
    log = evil_log(tmp_path / "m")
    page(log, out)
    field = next(e for t in json.loads(log.read_text(encoding="utf-8"))["turns"] for e in t["events"]
                 if e["kind"] == "field_set")
    browser.open(file_url(out, "t1-e3"))
    browser.press("End")
    with pytest.raises(urllib.error.HTTPError):  # no alert() opened: WebDriver has no alert to show
        browser._session("GET", "/alert/text")
    assert browser.script("return document.querySelectorAll('img, #maps script, #events script').length") == 0
    assert browser.script("return document.scripts.length") == 3  # the steps, the log, the player
    text = browser.script("return document.body.innerText")
    missing = [t for t in evil_texts(log) if t not in text]
    assert missing == []
    maps = browser.script("return [...document.querySelectorAll('#maps svg')].map(s => s.textContent).join(' ')")
    assert f"「{field['ability']}」" in maps  # the field's legend on the map, as text
    assert errors(browser) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_markup_in_every_name_and_note_runs_nothing_in_any_rulesets_page(
        ruleset: str, browser: Browser, tmp_path: Path) -> None:
    """Each ruleset's example with markup for every title, name and note of its files: the page
    opens no alert and gains no element, and every such text the report shows is text on the page."""
    from dhproc import api

    log, marked = marked_log(ruleset, tmp_path / "m")
    out = tmp_path / "marked.html"
    page(log, out)
    browser.open(file_url(out))
    browser.press("End")
    with pytest.raises(urllib.error.HTTPError):
        browser._session("GET", "/alert/text")
    assert browser.script("return document.querySelectorAll('img, #maps script, #events script').length") == 0
    assert browser.script("return document.scripts.length") == 3
    text = browser.script("const b = document.body.cloneNode(true);"
                          "b.querySelectorAll('script').forEach(s => s.remove()); return b.textContent")
    shown = [m for m in marked if m in api.render(json.loads(log.read_text(encoding="utf-8")))]
    assert len(shown) >= len(marked) - 3 and [m for m in shown if m not in text] == []
    assert errors(browser) == []


def test_kagemiya_map_shows_a_side_that_escapes_in_the_area_it_went_to(browser: Browser, tmp_path: Path) -> None:
    """kagemiya's picture maps its areas: stepping onto the ``escaped`` event moves the side's
    characters from the battle's area to the one the event names (KAGEMIYA-1.1, KAGEMIYA-6)."""
    log = golden("kagemiya")
    out = tmp_path / "kagemiya.html"
    page(GOLDEN / "kagemiya.json", out)
    found = steps(log)
    at = next(n for n, s in enumerate(found) if s.event
              and log["turns"][s.turn_index]["events"][s.event - 1]["kind"] == "escaped")
    escaped = log["turns"][found[at].turn_index]["events"][found[at].event - 1]
    names = [log["input"]["match"]["setup"]["characters"][c]["name"] for c in escaped["characters"]]
    area = log["input"]["match"]["setup"]["area"]

    def columns() -> dict[str, str]:
        """Each column label of the visible map with the names in its squares."""
        return browser.script(
            f"const svg = document.querySelector('{VISIBLE_MAP} svg'); const out = {{}};"
            "svg.querySelectorAll('[data-cell]').forEach(g => { const c = g.dataset.cell.split('-')[1];"
            " out[c] = (out[c] || '') + g.textContent; }); return out")

    browser.open(file_url(out, found[at - 1].anchor))
    before = browser.script(f"return document.querySelector('{VISIBLE_MAP} svg').textContent")
    assert escaped["to"] not in before and all(n in before for n in names)
    browser.press("ArrowRight")
    after_cols = columns()
    after = browser.script(f"return document.querySelector('{VISIBLE_MAP} svg').textContent")
    assert escaped["to"] in after and area in after
    assert [c for c, text in after_cols.items() if any(n in text for n in names)] == ["1"]  # the second column
    assert not any(n in after_cols["0"] for n in names)
    assert errors(browser) == []
