"""`dhproc summary`: a match at a glance from its log — kills, DP per turn, abilities used, outcome.

Generic over events: every ruleset logs ``dp`` events (side, total); which events are kills and
which are ability uses is the ruleset's :class:`SummaryHooks`, so a new ruleset states a few event
kinds and gets the summary (in every output format, since it is made of blocks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from . import document as doc
from ..words.messages import Catalog

T = Catalog({
    "title": ("━━ {title} 集計 ━━", "━━ {title}: summary ━━"),
    "kills": ("撃破", "Kills"),
    "kill_headers": ("ターン|倒れた者|陣営|倒した者", "turn|fell|side|by"),
    "no_kills": ("なし", "none"),
    "dp": ("ターンごとのDP（ターン終了時の合計）", "DP per turn (totals at each turn's end)"),
    "turn": ("ターン", "turn"),
    "uses": ("使用された能力", "Abilities used"),
    "use_headers": ("使用者|能力|回数", "user|ability|times"),
    "no_uses": ("なし", "none"),
    "outcome": ("結果", "Outcome"),
    "turns_played": ("処理した提出ターン：{n}", "submission turns resolved: {n}"),
})


def _ability_event(e: dict) -> tuple[str, str] | None:
    """The dh-style use: an ``ability`` or ``counter_fire`` event with ``actor`` and ``ability``."""
    if e["kind"] in ("ability", "counter_fire"):
        return e["actor"], e["ability"]
    return None


@dataclass(frozen=True)
class SummaryHooks:
    """What a ruleset's events mean to the summary."""

    kills: Mapping[str, tuple[str, str | None]] = field(
        default_factory=lambda: {"death": ("character", "killer")})  # kind -> (victim field, killer field)
    # an event -> (user, ability name), or a list of them (one check may use several)
    use: Callable[[dict], tuple[str, str] | list[tuple[str, str]] | None] = _ability_event
    # the event that starts what the ruleset's players call a turn, and its number field, when that
    # is not the dhproc turn (logos: the ターン inside one round)
    clock: tuple[str, str] | None = None
    dp: bool = True  # whether the ruleset counts DP (kagemiya has none: no DP table)
    # the sides the DP table shows, from the setup (every side unless a ruleset says; dh leaves out a 転校生)
    dp_sides: Callable[[dict], list[str]] | None = None
    # who dealt a kill whose event names no killer: (every event of the log so far, the kill's index)
    # -> the killer's id, found from the events before it (nicosw's 生死判定 follows the damage)
    killer: Callable[[list[dict], int], str | None] | None = None
    # the kinds of event ``killer`` reads besides the kills: a lean run (api.outcome) keeps them
    reads: tuple[str, ...] = ()
    # what brought down a kill that nobody dealt (a drawn bout, an ability's own cost): (the kill's
    # event, the language) -> the words shown in place of a name, or None
    cause: Callable[[dict, str], str | None] | None = None


def summary_blocks(log: dict, hooks: SummaryHooks, outcome: str, *, lang: str) -> list[doc.Block]:
    t = T.lang(lang)
    setup = log["input"]["match"]["setup"]
    chars: dict[str, Any] = setup.get("characters", {})
    sides: dict[str, Any] = setup.get("sides", {})

    def name(cid: str | None) -> str:
        return "-" if cid is None else str(chars.get(cid, {}).get("name", cid))

    def side_of(cid: str) -> str:
        sid = chars.get(cid, {}).get("side")
        return str(sides.get(sid, {}).get("name", sid)) if sid else "-"

    side_ids = list(sides) if hooks.dp_sides is None else hooks.dp_sides(setup)
    totals = {s: 0 for s in side_ids}
    kills: list[list[object]] = []
    dp_rows: list[list[object]] = []
    uses: dict[tuple[str, str], int] = {}
    label: object = None

    def close() -> None:
        if label is not None:
            dp_rows.append([label, *(totals[s] for s in side_ids)])

    seen: list[dict] = []
    for turn in log["turns"]:
        if hooks.clock is None:
            label = turn["turn"]
        for e in turn["events"]:
            seen.append(e)
            if hooks.clock is not None and e["kind"] == hooks.clock[0]:
                close()
                label = e[hooks.clock[1]]
            if e["kind"] in hooks.kills:
                victim, killer = hooks.kills[e["kind"]]
                by = e.get(killer) if killer else None
                if by is None and hooks.killer is not None:
                    by = hooks.killer(seen, len(seen) - 1)
                unnamed = hooks.cause(e, lang) if by is None and hooks.cause is not None else None
                kills.append([turn["turn"] if label is None else label, name(e[victim]), side_of(e[victim]),
                              name(by) if by else unnamed or "-"])
            elif e["kind"] == "dp" and "total" in e:
                totals[e["side"]] = e["total"]
            used = hooks.use(e)
            for one in ([used] if isinstance(used, tuple) else used or []):
                uses[one] = uses.get(one, 0) + 1
        if hooks.clock is None:
            close()
    if hooks.clock is not None:
        close()

    blocks: list[doc.Block] = [
        doc.Heading(t("title", title=log.get("title") or "dhproc"), level=1),
        doc.Lines.of(t("turns_played", n=len(log["turns"])), gap=0),
        doc.Heading(t("kills"), level=3),
    ]
    if kills:
        blocks.append(doc.Table.of(t("kill_headers").split("|"), kills, gap=0))
    else:
        blocks.append(doc.Lines.of(t("no_kills"), gap=0))
    if hooks.dp:
        blocks.append(doc.Heading(t("dp"), level=3))
        side_names = [str(sides[s].get("name", s)) for s in side_ids]
        blocks.append(doc.Table.of([t("turn"), *side_names], dp_rows, gap=0))
    blocks.append(doc.Heading(t("uses"), level=3))
    if uses:
        rows = [[name(who), ability, n] for (who, ability), n in uses.items()]  # first-use order
        blocks.append(doc.Table.of(t("use_headers").split("|"), rows, gap=0))
    else:
        blocks.append(doc.Lines.of(t("no_uses"), gap=0))
    blocks.append(doc.Heading(t("outcome"), level=3))
    blocks.append(doc.Lines.of(outcome, gap=0))
    return blocks
