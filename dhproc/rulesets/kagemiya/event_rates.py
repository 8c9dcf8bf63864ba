"""The event rates ``dhproc simulate`` reports for kagemiya: attacks and those that deal damage,
脱落 and escapes, supports."""

from __future__ import annotations

from ...engine.event_rates import EventRate, events_of
from ...words.messages import Catalog

WORDS = Catalog({
    "attacks": ("攻撃", "attacks"),
    "hits": ("ダメージを与えた攻撃（攻撃のうち）", "attacks that dealt damage (of attacks)"),
    "eliminations": ("脱落", "eliminations"),
    "escapes": ("逃走", "escapes"),
    "supports": ("支援", "supports"),
})

RATES = (
    EventRate("attacks", WORDS, events_of("attack_result")),
    EventRate("hits", WORDS, events_of("attack_result", when=lambda e: e["damage"] > 0), of=events_of("attack_result")),
    EventRate("eliminations", WORDS, events_of("eliminated")),
    EventRate("escapes", WORDS, events_of("escaped")),
    EventRate("supports", WORDS, events_of("support")),
)
