"""How a GK replay page carries its log: one inert JSON block. Kept apart from the page builder so
that reading a page back (``dhproc replay PAGE.html``, :func:`dhproc.api.load_log`) needs nothing
that builds one, and the API imports no module that imports it."""

from __future__ import annotations

import re

from ..lazy_re import lazy

__all__ = ["LOG_ID", "embedded_log", "inert", "log_block"]

LOG_ID = "dhproc-log"
_LOG_BLOCK = lazy(rb'<script type="application/json" id="dhproc-log">(.*?)</script>', re.S)
_ESCAPED_LT = lazy(r"(?<!\\)((?:\\\\)*)\\u003c")


def embedded_log(page: bytes) -> bytes | None:
    """The log's bytes as embedded in a GK page, or None when the page has none."""
    found = _LOG_BLOCK.search(page)
    if found is None:
        return None
    return _ESCAPED_LT.sub(lambda m: m.group(1) + "<", found.group(1).decode("utf-8")).encode("utf-8")


def log_block(log_text: str) -> str:
    return f'<script type="application/json" id="{LOG_ID}">{inert(log_text)}</script>\n'


def inert(text: str) -> str:
    """JSON text safe inside a script element: no ``<`` at all, so no ``</script>`` nor ``<!--``."""
    return text.replace("<", "\\u003c")
