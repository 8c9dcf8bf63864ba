"""The message catalogue: every message a user reads, by id, in Japanese and English.

Japanese is the default; ``--lang en`` on any command, or the environment variable
``DHPROC_LANG`` (``ja`` or ``en``), switches. Code says ``say("import.second_post", side=...)``
and never writes the sentence itself, so both languages always exist (tests/test_messages.py
checks every id has both, with the same ``{fields}``).

The platform's messages are here. A ruleset keeps its own in ``dhproc/rulesets/<id>/messages.py``:

    MESSAGES = catalogue("dh", {"unknown_ability": ("…{name}…", "… {name} …")})

and says ``say("dh.unknown_ability", name=...)`` (or ``MESSAGES.say("unknown_ability", ...)``).
A message is put into words where it is made, in the language of the running command:
:func:`use_lang` (the CLI's ``--lang``) sets it for everything below.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from typing import Iterator

from .report.text import LANGS, Catalog

__all__ = ["MESSAGES", "say", "default_lang", "use_lang", "catalogue", "LANGS"]

_LANG: contextvars.ContextVar[str | None] = contextvars.ContextVar("dhproc_lang", default=None)
_BY_PREFIX: dict[str, Catalog] = {}


def default_lang() -> str:
    """The running command's language (:func:`use_lang`), else ``DHPROC_LANG`` when it names a
    language dhproc speaks, else Japanese."""
    chosen = _LANG.get()
    return chosen if chosen is not None else environment_lang()


def environment_lang() -> str:
    """``DHPROC_LANG`` when it names a language dhproc speaks, else Japanese: where a command
    starts from, whatever an earlier command in the same process chose."""
    lang = os.environ.get("DHPROC_LANG", "").strip().lower()
    return lang if lang in LANGS else "ja"


@contextlib.contextmanager
def use_lang(lang: str | None) -> Iterator[str]:
    """Messages made inside the block are in ``lang`` (None: :func:`default_lang`)."""
    token = _LANG.set(lang if lang in LANGS else default_lang())
    try:
        yield _LANG.get()
    finally:
        _LANG.reset(token)


def set_lang(lang: str | None) -> contextvars.Token:
    """:func:`use_lang` for a caller that cannot hold a ``with`` (a click callback): reset with
    the token it returns."""
    return _LANG.set(lang if lang in LANGS else default_lang())


def reset_lang(token: contextvars.Token) -> None:
    _LANG.reset(token)


def catalogue(prefix: str, entries: dict[str, tuple[str, str]]) -> Catalog:
    """A catalogue whose ids :func:`say` finds as ``<prefix>.<key>``."""
    if prefix in _BY_PREFIX:
        raise ValueError(f"two catalogues use the prefix {prefix!r}")
    found = Catalog(entries, prefix)
    _BY_PREFIX[prefix] = found
    return found


MESSAGES = Catalog({
    # names (dhproc/names.py)
    "name.unknown": ("{what}「{text}」は見つかりません{hint}", "unknown {what} '{text}'{hint}"),
    "name.did_you_mean": ("（もしかして：{names}）", " (did you mean {names}?)"),
    "name.known": ("（いるのは：{names}）", " (known: {names})"),
    "name.ambiguous": ("{what}「{text}」が複数に当てはまります：{names}（名前をもっと書いてください）",
                       "{what} '{text}' fits several: {names} (write more of the name)"),
    "name.read_as": ("「{text}」を{name}（{id}）と読みました", "'{text}' read as {name} ({id})"),
    "what.character": ("キャラクター", "character"),
    "what.skill": ("スキル", "skill"),
    "list.sep": ("、", ", "),
    "list.or": ("、", " or "),
    # dhproc import (dhproc/textimport.py and each ruleset's grammar.py)
    "import.skipped": ("{no}行目は読み飛ばしました：{line}", "line {no} skipped: {line}"),
    "import.no_name": ("行頭にキャラクター名がありません。各キャラクターの行動は名前のあとに書いてください（例：{example}）",
                       "no character's name begins this line; write each character's action after its name, "
                       "e.g. {example}"),
    "import.cannot_read": ("「{rest}」（{name}）を読めません。例：{example}", "cannot read '{rest}' (for {name}); "
                                                                   "write e.g. {example}"),
    "import.two_sides": ("1つの投稿は1陣営の行動提出ですが、{count}陣営のキャラクターがいます（{detail}）。陣営ごとに分けて取り込んでください",
                         "one post is one side's submission, but it names characters of {count} sides ({detail}); "
                         "import each side's post separately"),
    "import.no_ability": ("{name}に特殊能力「{ability}」はありません（持っている能力：{has}）",
                          "{name} has no ability 「{ability}」 (its ability: {has})"),
    "import.none": ("なし", "none"),
    "import.object_without_ability": ("特殊能力なしの対象指定です。特殊能力→対象 と書いてください",
                                      "対象 without 特殊能力: write 特殊能力→対象"),
    "import.via_without_to": ("移動先のない経由です。Ｂ２→Ｂ４（Ｂ３経由）のように書いてください",
                              "経由 without a destination: write Ｂ２→Ｂ４（Ｂ３経由）"),
    "import.stay_and_move": ("移動なしと移動先の両方があります。どちらか一方にしてください",
                             "both 移動なし and a destination: keep one"),
    "import.wait_and_act": ("待機と行動の両方があります。どちらか一方にしてください", "both 待機 and an action: keep one"),
    "import.order_twice": ("行動順{n}が2回指定されています（{a}と{b}）", "行動順 {n} is given twice ({a} and {b})"),
    "import.starters": ("スタメンは行動順1〜5を1人ずつ指定してください（指定：{given}）",
                        "the starters need 行動順 1 to 5 once each (given: {given})"),
    "import.no_skill": ("{owner}スキル「{skill}」はありません：{hint}", "no skill 「{skill}」{owner}: {hint}"),
    "import.skill_owner": ("{name}の", " of {name}"),
    "import.cannot_read_choice": ("「{rest}」を読めません。対象選択は 燕ツバメ《戦術転換》→蓮見レン のように書いてください",
                                  "cannot read '{rest}'; write a choice as 燕ツバメ《戦術転換》→蓮見レン"),
    "import.cannot_read_line": ("この行を読めません。スタメンは {example} のように、または1.〜5.の番号付きで1行に1人、"
                                "対象選択は 燕ツバメ《戦術転換》→蓮見レン のように書いてください",
                                "cannot read this line; write the starters as {example}, or one per line numbered "
                                "1. to 5., and a choice as 燕ツバメ《戦術転換》→蓮見レン"),
    "import.second_post": ("陣営「{side}」の2つ目の投稿です。1陣営につき1投稿を取り込んでください",
                           "a second post for side '{side}'; import one post per side"),
    "import.nothing": ("取り込むものがありません（キャラクター名が見つかりません）", "nothing to import (no character's name found)"),
    "import.summary_fail": ("問題{n}件。何も書き込んでいません", "{n} problem(s); nothing written"),
    "import.wrote": ("{path}を書き込みました（{turn}ターン目：{sides}）", "wrote {path} (turn {turn}: {sides})"),
    "import.note": ("注：{note}", "note: {note}"),
    "import.need_turn": ("--turn N を指定するか、--out を turn-03.yaml のような名前にしてください",
                         "give --turn N, or an --out name such as turn-03.yaml"),
})


def say(key: str, lang: str | None = None, **values: object) -> str:
    """The message ``key`` in ``lang`` (default: :func:`default_lang`)."""
    if key in MESSAGES.entries:
        return MESSAGES.say(key, lang, **values)
    prefix, _, rest = key.partition(".")
    found = _BY_PREFIX.get(prefix)
    if found is None or rest not in found.entries:
        raise KeyError(f"no message {key!r}")
    return found.say(rest, lang, **values)
