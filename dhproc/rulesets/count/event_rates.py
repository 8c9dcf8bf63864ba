"""The event rates ``dhproc simulate`` reports for count: attacks, evasions (回避判定), damage dealt,
knock-outs (戦闘不能) and CA."""

from __future__ import annotations

from ...engine.event_rates import EventRate, events_of
from ...words.messages import Catalog

WORDS = Catalog({
    "attacks": ("攻撃", "attacks"),
    "evasions": ("回避成功（回避判定のうち）", "evasions (of evasion checks)"),
    "damage": ("ダメージ", "damage dealt"),
    "knock_outs": ("戦闘不能", "knock-outs"),
    "ca": ("CA", "CA"),
})

_FINAL_EVASION = events_of("evasion", when=lambda e: e["final"])  # a rerolled check counts once

RATES = (
    EventRate("attacks", WORDS, events_of("attack")),
    EventRate("evasions", WORDS, events_of("evasion", when=lambda e: e["final"] and e["evaded"]), of=_FINAL_EVASION),
    EventRate("damage", WORDS, events_of("damage")),
    EventRate("knock_outs", WORDS, events_of("knocked_out")),
    EventRate("ca", WORDS, events_of("ca")),
)
