"""The head every ruleset's report opens with: the title, the rules and seed, and the options that differ
from their defaults (the log records every option, so a reader sees which readings were used).

Rulesets put lines of their own between these (logos its stage, kagemiya its field), so the pieces
are given one by one as well as together.
"""

from __future__ import annotations

from typing import Protocol

from .document import Heading, Lines
from ..words.messages import Catalog

T = Catalog({
    "title": ("━━ {title} ━━", "━━ {title} ━━"),
    "rules": ("ルール：{name}（{id} {version}）　seed：{seed}（{rng}）",
              "Rules: {name} ({id} {version})   seed: {seed} ({rng})"),
    "options_default": ("解釈オプション：すべて既定値", "Interpretation options: all defaults"),
    "options_set": ("解釈オプション（既定以外）：{items}", "Interpretation options (not default): {items}"),
})


class OptionSet(Protocol):
    """What the head reads of a ruleset's options (the engine's OptionSet is one): the report sits
    below the engine and names only this."""

    def changed_line(self, values: dict, lang: str) -> str: ...


def title_line(log: dict, lang: str) -> str:
    return T.lang(lang)("title", title=log.get("title") or "dhproc")


def rules_line(log: dict, *, name: str, lang: str) -> str:
    """The ruleset (``name`` as shown in ``lang``), its version, the seed and the dice generator."""
    return T.lang(lang)("rules", name=name, id=log["ruleset"], version=log["ruleset_version"], seed=log["seed"],
                        rng=log["rng"])


def options_line(log: dict, *, options: OptionSet, lang: str) -> str:
    """The options that differ from their defaults, by the names GKs read."""
    t = T.lang(lang)
    changed = options.changed_line(log["options"], lang)
    return t("options_set", items=changed) if changed else t("options_default")


def header_blocks(log: dict, *, name: str, options: OptionSet, lang: str) -> list[Heading | Lines]:
    """The title as a level-1 heading, then the rules line and the options line."""
    return [Heading(title_line(log, lang), 1),
            Lines.of(rules_line(log, name=name, lang=lang), options_line(log, options=options, lang=lang))]
