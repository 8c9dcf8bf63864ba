"""The event rates ``dhproc simulate`` reports for logos: attacks and those that succeed, knock-outs
(戦闘不能), skills that fire (発動判定), drawn bouts."""

from __future__ import annotations

from ...engine.event_rates import EventRate, events_of
from ...words.messages import Catalog

WORDS = Catalog({
    "attacks": ("攻撃", "attacks"),
    "hits": ("攻撃成功（攻撃のうち）", "successful attacks (of attacks)"),
    "knock_outs": ("戦闘不能", "knock-outs"),
    "skills": ("スキル発動（スキルのうち）", "skills fired (of skills tried)"),
    "drawn_bouts": ("相打ち・引き分けのバウト", "drawn bouts"),
})

RATES = (
    EventRate("attacks", WORDS, events_of("attack")),
    EventRate("hits", WORDS, events_of("attack", when=lambda e: e["success"]), of=events_of("attack")),
    EventRate("knock_outs", WORDS, events_of("knocked_out")),
    EventRate("skills", WORDS, events_of("skill", when=lambda e: e["result"] == "success"), of=events_of("skill")),
    EventRate("drawn_bouts", WORDS, events_of("bout_draw")),
)
