"""What every ruleset's test helpers share: resolve a match dict in memory, pick events, render."""

from __future__ import annotations

import json
import re
from typing import Any

from dhproc import api


def said(text: str, key: str) -> bool:
    """Whether ``text`` holds the platform message ``key`` (dhproc/words/messages.py) in either
    language, whatever its fields: tests run in Japanese unless they ask for English."""
    from dhproc.words.messages import MESSAGES

    return any(re.search(".*?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", template)), text)
               for template in MESSAGES.entries[key])


def load(m: dict):
    return api.loads(json.dumps(m, ensure_ascii=False, indent=1), name="match.yaml")


def resolve(m: dict) -> dict:
    return api.resolve(load(m))


def events(log: dict, kind: str | None = None, **fields: Any) -> list[dict]:
    return [e for t in log["turns"] for e in t["events"]
            if (kind is None or e["kind"] == kind) and all(e.get(k) == v for k, v in fields.items())]


def report(log: dict, **kw: Any) -> str:
    return api.render(log, **kw)
