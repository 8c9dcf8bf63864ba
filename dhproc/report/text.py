"""Message catalogues: one template per key and language, so every ruleset reports in Japanese
(the default) and English from the same events, and every message a user reads exists in both."""

from __future__ import annotations

from typing import Callable

LANGS = ("ja", "en")

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
            return self.entries[key][index].format(**values)

        return text

    def say(self, key: str, lang: str | None = None, /, **values: object) -> str:
        """``key`` in ``lang``, by default the language of the running command (--lang,
        DHPROC_LANG, else Japanese)."""
        from ..messages import default_lang

        return self.lang(lang or default_lang())(key, **values)
