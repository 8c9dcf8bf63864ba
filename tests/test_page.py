"""`dhproc render LOG --html`: the offline replay page, and `dhproc replay PAGE.html`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dhproc import api
from dhproc.cli import cli
from dhproc.render.page import embedded_log

from .render.logs import EVIL, GOLDEN, RULESETS, evil_log, golden


def run(*args: object):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def page(log: Path, out: Path, *args: object) -> str:
    result = run("render", log, "--html", out, *args)
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gk_page_embeds_the_log_byte_for_byte_and_replays(ruleset: str, tmp_path: Path) -> None:
    log = GOLDEN / f"{ruleset}.json"
    out = tmp_path / "page.html"
    text = page(log, out)
    assert embedded_log(out.read_bytes()) == log.read_bytes()
    result = run("replay", out, "--lang", "en")
    assert result.exit_code == 0 and result.output == f"{out}: ok\n"
    # self-contained: no address a browser would fetch, and a policy that forbids any
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", text)
    assert "default-src 'none'" in text
    import hashlib

    digest = hashlib.sha256(log.read_bytes()).hexdigest()
    head = text.split("<body>")[0]
    assert digest in head and f"ruleset {ruleset}" in head and "dhproc 0." in head
    assert f"seed {golden(ruleset)['seed']}" in head


def test_the_embedded_log_is_inert(tmp_path: Path) -> None:
    """The log with markup names: no `<` inside the data block, so nothing closes it."""
    log = evil_log(tmp_path / "m")
    out = tmp_path / "page.html"
    text = page(log, out)
    block = text.split('id="dhproc-log">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block and "\\u003c/script>" in block
    assert json.loads(block) == json.loads(log.read_text(encoding="utf-8"))
    assert embedded_log(out.read_bytes()) == log.read_bytes()
    assert run("replay", out).exit_code == 0


def test_a_page_whose_log_was_edited_does_not_replay(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    text = page(GOLDEN / "dh.json", out)
    out.write_text(text.replace('"face": 30', '"face": 31', 1), encoding="utf-8")
    result = run("replay", out, "--lang", "en")
    assert result.exit_code == 1 and "first divergence" in result.output


def test_names_that_are_markup_never_become_elements(tmp_path: Path) -> None:
    out = tmp_path / "page.html"
    text = page(evil_log(tmp_path / "m"), out)
    outside_data = re.sub(r'<script type="application/json".*?</script>', "", text, flags=re.S)
    assert "<img" not in outside_data and "alert(1)</script>" not in outside_data
    assert outside_data.count("<script>") == 1  # the page's own player
    assert "&lt;img src=x onerror=alert(1)&gt;" in outside_data


def _secrets(log: dict, public_report: str) -> set[str]:
    """Every text of the log's input that the public report never shows (a secret ability's
    name, a hand, a hidden stat): the public page must not hold it either."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and len(value) >= 2 and not value.isascii() and value not in public_report:
            found.add(value)

    walk(log["input"])
    return found


@pytest.mark.parametrize("ruleset", (*RULESETS, "dh-abilities"))  # dh-abilities: a field on the map
def test_public_page_holds_no_hidden_data(ruleset: str, tmp_path: Path) -> None:
    log = golden(ruleset)
    public = api.render(log, view="public") + api.render(log, view="public", lang="en")
    gk = api.render(log, view="gk")
    hidden = {s for s in _secrets(log, public) if s in gk}  # what the GK sees and the public does not
    out = tmp_path / "public.html"
    text = page(GOLDEN / f"{ruleset}.json", out, "--view", "public")
    assert 'id="dhproc-log"' not in text
    assert [s for s in sorted(hidden) if s in text] == []
    if ruleset == "dh":
        assert "生徒会長権限" in hidden  # the secret ability: it is a real check here
    result = run("replay", out, "--lang", "en")
    assert result.exit_code == 1 and "this page embeds no log" in result.output


def test_page_falls_back_to_the_text_report_without_scripts(tmp_path: Path) -> None:
    text = page(GOLDEN / "logos.json", tmp_path / "p.html")
    assert '<html lang="ja" class="nojs">' in text and ".nojs #player" in text
    from html import escape

    assert escape(api.render(golden("logos"))) in text


def test_a_step_says_what_its_event_adds_to_the_report(tmp_path: Path) -> None:
    """The first event of turn 2 says that turn's phase opening, not the report's head again."""
    text = page(GOLDEN / "dh.json", tmp_path / "p.html")
    step = text.split('<li data-step="t2-e1"', 1)[1].split("</li>", 1)[0]
    ja = step.split('<div lang="ja" class="ja">', 1)[1].split("</div>", 1)[0]
    assert "フェイズ" in ja and "ルール" not in ja and "結果" not in ja


@pytest.mark.parametrize(("ruleset", "ja", "en"), [
    ("count", "ラウンド", "round"), ("nicosw", "ラウンド", "round"), ("kagemiya", "巡", "round (巡)"),
    ("dh", "ターン", "turn"), ("logos", "ターン", "turn"),
])
def test_the_page_names_the_turn_in_the_rulesets_own_word(ruleset: str, ja: str, en: str, tmp_path: Path) -> None:
    """The buttons, the keys line and each step's label say a turn as the ruleset's pictures and
    report do (count's and nicosw's round, COUNT-1.1 and NICOSW-1.8; kagemiya's 巡, KAGEMIYA-1.1)."""
    text = page(GOLDEN / f"{ruleset}.json", tmp_path / "page.html")
    spans = re.findall(r'<span class="(ja|en)">([^<]*)</span>', text.split('<ol id="events">')[0])
    assert {("ja", f"前の{ja}"), ("ja", f"次の{ja}"), ("en", f"prev {en}"), ("en", f"next {en}")} <= set(spans)
    assert any(lang == "ja" and f"j l {ja}　" in s for lang, s in spans)
    assert any(lang == "en" and f"j l {en}   " in s for lang, s in spans)
    assert f"<b>{ja}1・イベント1</b>" in text and f"<b>{en} 1, event 1</b>" in text
    if ja != "ターン":
        assert "ターン" not in "".join(s for _, s in spans)
