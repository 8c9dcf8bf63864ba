"""The event rates ``dhproc simulate`` reports for a duel: blows that hurt, of every blow."""

from __future__ import annotations

from dhproc.engine.event_rates import EventRate, events_of
from dhproc.words.messages import Catalog

WORDS = Catalog({"hurt": ("ダメージになった一撃（一撃のうち）", "blows that hurt (of blows)")})
RATES = (EventRate("hurt", WORDS, events_of("damage", when=lambda e: e["amount"] > 0), of=events_of("damage")),)
