"""The event rates ``dhproc simulate`` reports for nicosw: attacks and hits, 生死判定 and the deaths
they give (NICOSW-8.2: a failed check), escapes (NICOSW-9) and surrenders."""

from __future__ import annotations

from ...engine.event_rates import EventRate, events_of
from ...words.messages import Catalog

WORDS = Catalog({
    "attacks": ("攻撃", "attacks"),
    "hits": ("命中（攻撃のうち）", "hits (of attacks)"),
    "death_checks": ("生死判定", "death checks"),
    "deaths": ("死亡（生死判定の失敗）", "deaths (failed death checks)"),
    "escapes": ("逃走成功（逃走判定のうち）", "escapes (of escape checks)"),
    "surrenders": ("降伏", "surrenders"),
})

RATES = (
    EventRate("attacks", WORDS, events_of("attack")),
    EventRate("hits", WORDS, events_of("attack", when=lambda e: e["hit"]), of=events_of("attack")),
    EventRate("death_checks", WORDS, events_of("death_check")),
    EventRate("deaths", WORDS, events_of("death_check", when=lambda e: not e["success"]), of=events_of("death_check")),
    EventRate("escapes", WORDS, events_of("escape", when=lambda e: e["success"]), of=events_of("escape")),
    EventRate("surrenders", WORDS, events_of("surrender")),
)
