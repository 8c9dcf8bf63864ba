"""Message catalogues: one template per key and language, so every ruleset reports in Japanese
(the default) and English from the same events."""

from __future__ import annotations

from typing import Callable

LANGS = ("ja", "en")


class Catalog:
    def __init__(self, entries: dict[str, tuple[str, str]]):
        self.entries = entries

    def lang(self, lang: str) -> Callable[..., str]:
        index = LANGS.index(lang)

        def text(key: str, **values: object) -> str:
            return self.entries[key][index].format(**values)

        return text
