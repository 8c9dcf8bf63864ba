"""``dhproc render LOG --html OUT.html``: one offline page that plays the match step by step.

Everything is in the file: the CSS, the script, every map as inline SVG, every step's narration
and state tables, pre-rendered in Japanese and English. The script only shows and hides what is
already there (no text from the log ever passes through it as markup), so a name written as
``<img src=x onerror=…>`` is text wherever it appears. Without scripts the page shows the text
report.

The GK page also carries the log itself, byte for byte, as inert data
(``<script type="application/json" id="dhproc-log">`` with every ``<`` written ``\\u003c``), so
``dhproc replay page.html`` verifies the page as it verifies the ``.json``. The public page is made
from the public view only and carries no log: nothing hidden is in the file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from html import escape
from importlib import resources
from typing import Sequence

from .. import __version__
from ..report import document as doc
from ..words.messages import Catalog, use_lang
from .steps import Step, State, new_lines, state_after, steps
from .embed import LOG_ID, embedded_log, inert as _inert, log_block as _log_block
from .picture import ruleset_word
from .svg import picture_svg

__all__ = ["page_html", "embedded_log", "LOG_ID"]

LANGS = ("ja", "en")


T = Catalog({
    "first": ("最初", "first"),
    "prev_turn": ("前の{turn_word}", "prev {turn_word}"),
    "prev_phase": ("前のフェイズ", "prev phase"),
    "prev": ("前へ", "back"),
    "play": ("再生／停止", "play / pause"),
    "next": ("次へ", "next"),
    "next_phase": ("次のフェイズ", "next phase"),
    "next_turn": ("次の{turn_word}", "next {turn_word}"),
    "last": ("最後", "last"),
    "speed": ("速さ", "speed"),
    "step": ("{turn_word}{turn}・イベント{event}", "{turn_word} {turn}, event {event}"),
    "start": ("開始時", "at the start"),
    "events": ("イベント", "Events"),
    "state": ("状態", "State"),
    "report": ("テキストの処理結果", "Text report"),
    "keys": ("キー：←→ イベント　[ ] フェイズ　j l {turn_word}　Home End 最初と最後　k 再生",
             "Keys: ← → event   [ ] phase   j l {turn_word}   Home End first and last   k play"),
    "view_gk": ("GK用（非公開の情報を含む）", "GK view (holds hidden information)"),
    "view_public": ("公開用", "public view"),
    "speeds": ("ゆっくり|ふつう|速い|とても速い", "slow|normal|fast|very fast"),
})
SPEEDS_MS = (2000, 1000, 400, 150)


def page_html(log: dict, log_text: str, *, view: str) -> str:
    """The page for ``log`` (``log_text``: the log's bytes as text) in ``view`` (gk or public)."""
    found = steps(log)
    states = {lang: [state_after(log, s, lang=lang, view=view) for s in found] for lang in LANGS}
    turn_words = _turn_words(log["ruleset"])
    pieces = _Pieces()
    rows = [_step_row(log, found, states, n, pieces, view, turn_words) for n in range(len(found))]
    digest = hashlib.sha256(log_text.encode("utf-8")).hexdigest()
    head = {"version": f"dhproc {__version__}", "ruleset": log["ruleset"], "seed": str(log["seed"]),
            "sha256": digest}
    from ..engine.reports import render

    report = render(log, lang="ja", view=view)
    data = json.dumps({"steps": [r.data for r in rows], "speeds": SPEEDS_MS}, ensure_ascii=False)
    return _TEMPLATE.format(
        comment=_comment(head), title=escape(log.get("title") or "dhproc"), css=_asset("page.css"),
        header=_header(head, view), controls=_controls(turn_words), maps="".join(pieces.maps),
        tables="".join(pieces.tables), events="".join(r.html for r in rows), report=escape(report),
        steps=_inert(data), log=_log_block(log_text) if view == "gk" else "", script=_asset("page.js"),
        lang_button='<button type="button" id="lang" data-key="lang">English</button>')


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _comment(head: dict) -> str:
    text = " · ".join(f"{k} {v}" for k, v in head.items())
    return "<!-- " + escape(text).replace("--", "‐‐") + " -->"


def _header(head: dict, view: str) -> str:
    key = "view_gk" if view == "gk" else "view_public"
    items = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in head.items())
    return f'<dl class="head">{items}<dt>view</dt><dd>{_both(key)}</dd></dl>'


def _both(key: str, turn_words: dict[str, str] | None = None) -> str:
    """A label in both languages (with the ruleset's word for a turn); the page's language switch
    shows one."""
    return "".join(f'<span class="{lang}">{escape(T.lang(lang)(key, turn_word=(turn_words or {}).get(lang)))}</span>'
                   for lang in LANGS)


def _turn_words(ruleset: str) -> dict[str, str]:
    """Per language, what the page calls a turn: ターン, or the ruleset's own word (count's ラウンド)."""
    words = {}
    for lang in LANGS:
        with use_lang(lang):
            words[lang] = ruleset_word(ruleset, "render.turn_noun")
    return words


def _controls(turn_words: dict[str, str]) -> str:
    buttons = "".join(f'<button type="button" data-go="{key}">{_both(key, turn_words)}</button>'
                      for key in ("first", "prev_turn", "prev_phase", "prev", "play", "next", "next_phase",
                                  "next_turn", "last"))
    speeds = "".join(f'<option value="{i}"{" selected" if i == 1 else ""}>'
                     f'{escape(T.lang("ja")("speeds").split("|")[i])} / {escape(T.lang("en")("speeds").split("|")[i])}'
                     f"</option>" for i in range(len(SPEEDS_MS)))
    return (f'<div class="controls">{buttons}<label>{_both("speed")} <select id="speed">{speeds}</select></label>'
            f'</div><p class="keys">{_both("keys", turn_words)}</p>')


@dataclass
class _Pieces:
    """Maps and state tables, each kept once however many steps show it."""

    maps: list[str] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    _index: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, html: str) -> int:
        key = kind + html
        if key not in self._index:
            target = self.maps if kind == "map" else self.tables
            self._index[key] = len(target)
            target.append(f'<div class="{kind}" data-i="{len(target)}" hidden>{html}</div>')
        return self._index[key]


@dataclass
class _Row:
    data: dict
    html: str


def _step_row(log: dict, found: Sequence[Step], states: dict[str, list[State]], n: int, pieces: _Pieces,
              view: str, turn_words: dict[str, str]) -> _Row:
    step = found[n]
    data = {"id": step.anchor, "turn": step.turn, "phase": step.phase}
    said = []
    for lang in LANGS:
        state = states[lang][n]
        drawn = [b for b in state.picture if isinstance(b, doc.Board)]  # else the tables below say it all
        data[f"map_{lang}"] = pieces.add("map", f'<div lang="{lang}" class="{lang}">'
                                                f"{picture_svg(drawn, '')}</div>") if drawn else -1
        data[f"tables_{lang}"] = pieces.add("tables", f'<div lang="{lang}" class="{lang}">'
                                                      f"{''.join(_table(t) for t in state.tables)}</div>")
        before = (states[lang][n - 1] if n and found[n - 1].turn_index == step.turn_index
                  else state_after(log, replace(step, event=0), lang=lang, view=view)).lines
        lines = new_lines(before, state.lines) if step.event else []
        label = T.lang(lang)("step", turn_word=turn_words[lang], turn=step.turn, event=step.event) if step.event \
            else T.lang(lang)("start")
        said.append(f'<div lang="{lang}" class="{lang}"><b>{escape(label)}</b>'
                    + "".join(f"<p>{escape(line)}</p>" for line in lines) + "</div>")
    if view == "gk" and step.event:  # the event as logged: ids and every field (the GK page only)
        event = log["turns"][step.turn_index]["events"][step.event - 1]
        said.append(f'<code>{escape(json.dumps(event, ensure_ascii=False))}</code>')
    return _Row(data, f'<li data-step="{step.anchor}" data-turn="{step.turn}" hidden>{"".join(said)}</li>')


def _table(table: doc.Table) -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in table.headers)
    body = "".join("<tr>" + "".join(f"<td>{escape('' if v is None else str(v))}</td>" for v in row) + "</tr>"
                   for row in table.rows)
    caption = f"<caption>{escape(table.caption)}</caption>" if table.caption else ""
    return f'<div class="scroll"><table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


_TEMPLATE = """<!doctype html>
{comment}
<html lang="ja" class="nojs">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header><h1>{title}</h1>{header}{lang_button}</header>
<main id="player">
{controls}
<div id="view">
<div id="where" aria-live="polite"></div>
<section id="maps">{maps}</section>
<section id="state">{tables}</section>
</div>
<ol id="events">{events}</ol>
</main>
<details id="fallback" open><summary><span class="ja">テキストの処理結果</span><span class="en">Text report</span></summary><pre>{report}</pre></details>
<script type="application/json" id="dhproc-steps">{steps}</script>
{log}<script>{script}</script>
</body>
</html>
"""
