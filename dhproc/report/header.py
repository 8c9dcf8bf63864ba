"""The head every ruleset's report opens with: the title, the rules and seed, and the options that differ
from their defaults (the log records every option, so a reader sees which readings were used)."""

from __future__ import annotations

from typing import Any

from ..engine.options import OptionSet
from .document import Heading, Lines
from .text import Catalog

T = Catalog({
    "title": ("━━ {title} ━━", "━━ {title} ━━"),
    "rules": ("ルール：{name}（{id} {version}）　seed：{seed}（{rng}）",
              "Rules: {name} ({id} {version})   seed: {seed} ({rng})"),
    "options_default": ("解釈オプション：すべて既定値", "Interpretation options: all defaults"),
    "options_set": ("解釈オプション（既定以外）：{items}", "Interpretation options (not default): {items}"),
})


def header_blocks(log: dict, *, name: str, options: OptionSet, lang: str) -> list[Heading | Lines]:
    """The title as a level-1 heading, then the rules line and the options line."""
    t = T.lang(lang)
    changed = [f"{o.id}={show_value(log['options'][o.id])}" for o in options
               if o.id in log["options"] and log["options"][o.id] != o.default]
    return [Heading(t("title", title=log.get("title") or log["ruleset"]), 1),
            Lines.of(t("rules", name=name, id=log["ruleset"], version=log["ruleset_version"], seed=log["seed"],
                       rng=log["rng"]),
                     t("options_set", items=", ".join(changed)) if changed else t("options_default"))]


def show_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)
