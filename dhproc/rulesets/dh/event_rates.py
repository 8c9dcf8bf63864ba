"""The event rates ``dhproc simulate`` reports for dh: attacks and hits (命中判定), deaths,
abilities that pass their 発動判定, counters fired."""

from __future__ import annotations

from ...engine.event_rates import EventRate, events_of
from ...words.messages import Catalog

WORDS = Catalog({
    "attacks": ("攻撃", "attacks"),
    "hits": ("命中（攻撃のうち）", "hits (of attacks)"),
    "deaths": ("死亡", "deaths"),
    "activations": ("能力の発動（発動判定のうち）", "abilities activated (of activation checks)"),
    "counters": ("カウンターの発動", "counters fired"),
})

_ACTIVATION = events_of("check", when=lambda e: e["check"] == "activation_check")

RATES = (
    EventRate("attacks", WORDS, events_of("attack")),
    EventRate("hits", WORDS, events_of("attack", when=lambda e: e["hit"]), of=events_of("attack")),
    EventRate("deaths", WORDS, events_of("death")),
    EventRate("activations", WORDS,
              events_of("check", when=lambda e: e["check"] == "activation_check" and e["success"]), of=_ACTIVATION),
    EventRate("counters", WORDS, events_of("counter_fire")),
)
