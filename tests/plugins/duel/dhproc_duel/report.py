"""The duel's report, made from the log alone, in Japanese and English."""

from __future__ import annotations

from dhproc.words.messages import catalogue
from dhproc.report.document import Block, Heading, Lines
from dhproc.report.header import header_blocks

T = catalogue("duel", {
    "turn": ("■第{turn}ターン", "■ Turn {turn}"),
    "roll": ("{name}の出目：{face}", "{name} rolls {face}"),
    "damage": ("{name}に{amount}ダメージ（残りHP {hp}）", "{name} takes {amount} (HP {hp} left)"),
    "win": ("{name}の勝利", "{name} wins"),
    "draw": ("相打ち：引き分け", "both fall: a draw"),
    "not_a_fighter": ("「{id}」は決闘者ではありません", "'{id}' is not a fighter"),
})


def report_blocks(log: dict, *, name: str, options, lang: str, turns: list[int]) -> list[Block]:
    t = T.lang(lang)
    names = {fid: f["name"] for fid, f in log["input"]["match"]["setup"]["fighters"].items()}
    blocks: list[Block] = header_blocks(log, name=name, options=options, lang=lang)
    for entry in log["turns"]:
        if entry["turn"] not in turns:
            continue
        blocks.append(Heading(t("turn", turn=entry["turn"])))
        blocks.append(Lines(tuple(_line(t, e, names) for e in entry["events"])))
    return blocks


def _line(t, event: dict, names: dict[str, str]) -> str:
    if event["kind"] == "roll":
        return t("roll", name=names[event["character"]], face=event["face"])
    if event["kind"] == "damage":
        return t("damage", name=names[event["character"]], amount=event["amount"], hp=event["hp"])
    if event["result"] == "win":
        return t("win", name=names[event["winner"]])
    return t("draw")
