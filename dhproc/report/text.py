"""Message catalogues: one template per key and language, so every ruleset reports in Japanese
(the default) and English from the same events, and every message a user reads exists in both."""

from __future__ import annotations

import string
from typing import Callable

from ..naming import named_values  # ids shown with their display names

LANGS = ("ja", "en")

PLURAL = ":plural:"  # ``{n:plural:square}``: "1 square", "3 squares"; ``{n:plural:die/dice}`` when irregular


class _Counted(string.Formatter):
    """str.format with one more format spec, for English nouns after a number: ``{n:plural:card}``
    is ``1 card`` / ``2 cards``, ``{n:plural:die/dice}`` names both forms."""

    def format_field(self, value: object, format_spec: str) -> str:
        if not format_spec.startswith("plural:"):
            return super().format_field(value, format_spec)
        one, _, many = format_spec[len("plural:"):].partition("/")
        return f"{value} {one if value == 1 else (many or one + 's')}"


_COUNTED = _Counted()

# Every catalogue made, in the order made: tests/test_messages.py checks each entry has both
# languages with the same fields.
ALL_CATALOGS: list["Catalog"] = []


class Catalog:
    def __init__(self, entries: dict[str, tuple[str, str]], prefix: str = ""):
        self.entries = entries
        self.prefix = prefix  # "dh" for dh's messages: their ids are "dh.<key>" to say()
        ALL_CATALOGS.append(self)

    def lang(self, lang: str) -> Callable[..., str]:
        index = LANGS.index(lang)

        def text(key: str, /, **values: object) -> str:
            template = self.entries[key][index]
            shown = named_values(values, lang)
            return _COUNTED.format(template, **shown) if PLURAL in template else template.format(**shown)

        return text

    def say(self, key: str, lang: str | None = None, /, **values: object) -> str:
        """``key`` in ``lang``, by default the language of the running command (--lang,
        DHPROC_LANG, else Japanese)."""
        from ..messages import default_lang

        return self.lang(lang or default_lang())(key, **values)
