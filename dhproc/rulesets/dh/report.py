"""The dh processing report, in the layout GKs post: per turn and phase, one block per 行動,
every die with its rate and verdict, state tables and the MAP at each turn's end, the outcome.

Rendered from the log alone: :class:`Board` folds the events onto the setup, so the tables of
every turn come from the events and never from live resolution state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...report.layout import grid_map, table
from ...report.text import Catalog
from .checks import board_of
from .model import ROW_LABELS, col_label, parse_square
from .options import OPTIONS

T = Catalog({
    "title": ("━━ {title} ━━", "━━ {title} ━━"),
    "rules": ("ルール：{name}（{id} {version}）　seed：{seed}（{rng}）",
              "Rules: {name} ({id} {version})   seed: {seed} ({rng})"),
    "options_default": ("解釈オプション：すべて既定値", "Interpretation options: all defaults"),
    "options_set": ("解釈オプション（既定以外）：{items}", "Interpretation options (not default): {items}"),
    "turn": ("■{turn}ターン目", "■ Turn {turn}"),
    "phase": ("【{order}：{side} フェイズ】", "[{order}: {side} phase]"),
    "first": ("先攻", "first"),
    "second": ("後攻", "second"),
    "awaiting": ("【{order}：{side} フェイズ】行動提出待ち", "[{order}: {side} phase] awaiting submission"),
    "actor": ("◆{name}", "◆ {name}"),
    "move": ("　移動 {frm}→{to}{via}", "  move {frm}→{to}{via}"),
    "via": ("（{squares}経由）", " (via {squares})"),
    "zoc_stop": ("　※ZoCにより{at}で停止（指定：{to}）", "  * stopped by ZoC at {at} (ordered: {to})"),
    "no_move": ("　移動なし", "  no move"),
    "wait": ("　待機", "  wait"),
    "unlisted": ("◇記載なし（待機）：{names}", "◇ not in the submission (wait): {names}"),
    "cancel_action": ("　{frm}→{to}：{why}のため行動キャンセル（0マス移動・待機）",
                      "  {frm}→{to}: {why}, action cancelled (0-square move, wait)"),
    "cancel_state": ("　{why}のため行動不可", "  cannot act: {why}"),
    "cancel_act": ("　通常攻撃→{target}：{why}のため待機", "  normal attack → {target}: {why}, waits instead"),
    "attack": ("　通常攻撃→{target}　命中率({atk}-{dfn})×5+50={rate}%　出目{face} → {verdict}",
               "  normal attack → {target}   hit rate ({atk}-{dfn})×5+50={rate}%   die {face} → {verdict}"),
    "attack_sure": ("　通常攻撃→{target}　必中 → 命中", "  normal attack → {target}   sure hit → hit"),
    "hit": ("命中", "hit"),
    "miss": ("回避", "miss"),
    "damage": ("　{target}に{amount}ダメージ（体力{before}→{after}）",
               "  {target} takes {amount} damage (HP {before}→{after})"),
    "half_sure": ("（半必中）", " (half-sure)"),
    "dying": ("　{name}は瀕死", "  {name} is dying"),
    "death": ("　{name}死亡", "  {name} dies"),
    "spirit_loss": ("　→ {side} 精神減少-{amount}：{items}", "  → {side} spirit -{amount}: {items}"),
    "spirit_none": ("　→ 精神減少の該当者なし", "  → no ally nearby loses spirit"),
    "spirit_item": ("{name}（{before}→{after}）", "{name} ({before}→{after})"),
    "dp_gain": ("　→ {side} DP+{amount}（計{total}）", "  → {side} DP +{amount} (total {total})"),
    "dp_leader": ("［リーダー撃破{base}×リーダーによる撃破{mult}］", " [leader {base} × leader's kill {mult}]"),
    "dp_none": ("　→ 内ゲバのためDPなし", "  → killed by an ally: no DP"),
    "turn_state": ("［{turn}ターン終了時］", "[End of turn {turn}]"),
    "turn_state_awaiting": ("［{turn}ターン途中：{side}の行動提出待ち］", "[Turn {turn} so far: awaiting {side}]"),
    "side_dp": ("{side}　DP：{dp}", "{side}   DP: {dp}"),
    "map": ("MAP", "MAP"),
    "outcome_win": ("■結果：{side}の勝利（{reason}）", "■ Result: {side} wins ({reason})"),
    "outcome_draw": ("■結果：引き分け（{reason}）", "■ Result: draw ({reason})"),
    "outcome_ongoing": ("■途中経過：DP {items}", "■ In progress: DP {items}"),
    "dead_mark": ("（死）", " (dead)"),
    "secret": ("？？？", "???"),
})

HEADERS = {
    "ja": ["名前", "攻撃", "防御", "体力", "精神", "FS", "位置", "能力", "備考"],
    "en": ["name", "ATK", "DEF", "HP", "SPI", "FS", "square", "ability", "notes"],
}

REASONS = Catalog({
    "dead": ("死亡", "dead"),
    "not_on_map": ("MAP上に不在", "not on the MAP"),
    "arrived_recently": ("登場後2フェイズ未満", "on the MAP for less than two phases"),
    "off_map": ("MAP外", "off the MAP"),
    "wall": ("壁", "a wall"),
    "too_far": ("移動力不足", "too far"),
    "no_route": ("経路なし", "no route"),
    "zoc": ("ZoCで到達不能", "only reachable through ZoC"),
    "path_mismatch": ("経路と移動先が不一致", "path does not end at the destination"),
    "path_not_adjacent": ("経路が隣接マスでない", "path steps are not adjacent"),
    "dying": ("瀕死で移動不可", "dying, cannot move"),
    "self_target": ("自分自身が対象", "cannot target itself"),
    "target_not_on_map": ("対象がMAP上に不在", "target not on the MAP"),
    "target_dead": ("対象が死亡済み", "target is dead"),
    "not_same_square": ("対象が別のマス", "target not in the same square"),
    "first_player_penalty": ("先手ペナルティ", "first-player penalty"),
    "wipeout": ("全滅", "wipe-out"),
    "simultaneous_wipeout": ("同時全滅", "simultaneous wipe-out"),
    "dp": ("DP差", "more DP"),
    "dp_tie": ("DP同点", "equal DP"),
    "simultaneous_wipeout_dp": ("同時全滅・DP差", "simultaneous wipe-out, more DP"),
    "simultaneous_wipeout_dp_tie": ("同時全滅・DP同点", "simultaneous wipe-out, equal DP"),
    "dying_note": ("瀕死", "dying"),
    "dead_note": ("死亡", "dead"),
    "bench_note": ("控え", "bench"),
    "leader_note": ("リーダー", "leader"),
})


@dataclass
class _Char:
    id: str
    name: str
    side: str
    stats: dict[str, int]
    at: str | None
    leader: bool
    ability: str | None
    secret: bool
    dead: bool = False


@dataclass
class Board:
    """The setup with the events applied so far."""

    chars: dict[str, _Char]
    sides: dict[str, dict[str, Any]]
    order: list[str]
    dp: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_setup(cls, setup: dict) -> "Board":
        first = setup["first"]
        order = [first] + [s for s in setup["sides"] if s != first]
        chars = {}
        for cid, c in setup["characters"].items():
            ability = c.get("ability") or {}
            chars[cid] = _Char(cid, c["name"], c["side"],
                               {k: c[k] for k in ("attack", "defense", "hp", "spirit", "fs")},
                               parse_square(c["at"]).label if "at" in c else None,
                               setup["sides"][c["side"]].get("leader") == cid,
                               ability.get("name"), bool(ability.get("secret", False)))
        return cls(chars, setup["sides"], order, {s: 0 for s in order})

    def apply(self, e: dict) -> None:
        kind = e["kind"]
        if kind == "move":
            self.chars[e["actor"]].at = e["to"]
        elif kind == "damage":
            self.chars[e["target"]].stats[e["stat"]] = e["after"]
        elif kind == "death":
            self.chars[e["character"]].dead = True
        elif kind == "spirit_loss":
            for a in e["affected"]:
                self.chars[a["character"]].stats["spirit"] = a["after"]
        elif kind == "dp":
            self.dp[e["side"]] = e["total"]

    def name(self, cid: str | None) -> str:
        return self.chars[cid].name if cid in self.chars else str(cid)


def render(log: dict, *, lang: str, view: str, turns: list[int]) -> str:
    setup = log["input"]["match"]["setup"]
    board = Board.from_setup(setup)
    t = T.lang(lang)
    r = REASONS.lang(lang)
    out: list[str] = []
    out.append(t("title", title=log.get("title") or "dhproc"))
    from . import RULESET

    out.append(t("rules", name=RULESET.name if lang == "ja" else RULESET.name_en, id=log["ruleset"],
                 version=log["ruleset_version"], seed=log["seed"], rng=log["rng"]))
    changed = [f"{o.id}={_show(log['options'][o.id])}" for o in OPTIONS if log["options"].get(o.id) != o.default]
    out.append(t("options_set", items=", ".join(changed)) if changed else t("options_default"))
    shown = list(turns)
    for turn in log["turns"]:
        lines = _turn(board, turn, t, r)
        if turn["turn"] in shown:
            out.append("")
            out.extend(lines)
            out.append("")
            if turn["status"] == "awaiting":
                out.append(t("turn_state_awaiting", turn=turn["turn"], side=board.sides[turn["awaiting"]]["name"]))
            else:
                out.append(t("turn_state", turn=turn["turn"]))
            out.extend(_tables(board, setup, t, r, lang, view))
    out.append("")
    out.append(_outcome(log["outcome"], board, t, r))
    return "\n".join(out) + "\n"


def _turn(board: Board, turn: dict, t, r) -> list[str]:
    lines = [t("turn", turn=turn["turn"])]
    for e in turn["events"]:
        kind = e["kind"]
        if kind == "phase_start":
            lines.append(t("phase", order=t("first" if e["phase"] == 1 else "second"),
                           side=board.sides[e["side"]]["name"]))
            unlisted: list[str] = []
        elif kind == "awaiting":
            lines.append(t("awaiting", order=t("first" if e["phase"] == 1 else "second"),
                           side=board.sides[e["side"]]["name"]))
        elif kind == "action":
            lines.append(t("actor", name=board.name(e["actor"])))
        elif kind == "move":
            via = e["path"][:-1]
            lines.append(t("move", frm=e["from"], to=e["to"],
                           via=t("via", squares="・".join(via)) if via else ""))
            if e["zoc_stop"]:
                lines.append(t("zoc_stop", at=e["to"], to=e["requested"]))
        elif kind == "cancel":
            if e["scope"] == "act":
                lines.append(t("cancel_act", target=board.name(e["target"]), why=r(e["reason"])))
            elif "to" in e:
                lines.append(t("cancel_action", frm=e["from"], to=e["to"], why=r(e["reason"])))
            else:
                lines.append(t("cancel_state", why=r(e["reason"])))
        elif kind == "attack":
            if e["face"] is None:
                lines.append(t("attack_sure", target=board.name(e["target"])))
            else:
                lines.append(t("attack", target=board.name(e["target"]), atk=e["attack"], dfn=e["defense"],
                               rate=e["hit_rate"], face=e["face"], verdict=t("hit" if e["hit"] else "miss")))
            if not e["hit"] and e["mode"] == "half_sure":
                lines[-1] += t("half_sure")
        elif kind == "damage":
            c = board.chars[e["target"]]
            lines.append(t("damage", target=c.name, amount=e["amount"], before=e["before"], after=e["after"]))
        elif kind == "state" and e["state"] == "dying" and e["on"]:
            lines.append(t("dying", name=board.name(e["character"])))
        elif kind == "death":
            lines.append(t("death", name=board.name(e["character"])))
        elif kind == "spirit_loss":
            c = board.chars[e["character"]]
            items = "、".join(t("spirit_item", name=board.name(a["character"]), before=a["before"], after=a["after"])
                             for a in e["affected"])
            lines.append(t("spirit_loss", side=board.sides[c.side]["name"], amount=e["amount"], items=items)
                         if items else t("spirit_none"))
        elif kind == "dp":
            if e["reason"] == "friendly_kill":
                lines.append(t("dp_none"))
            else:
                line = t("dp_gain", side=board.sides[e["side"]]["name"], amount=e["amount"], total=e["total"])
                if e["base"] > 1 or e["multiplier"] > 1:
                    line += t("dp_leader", base=e["base"], mult=e["multiplier"])
                lines.append(line)
        elif kind == "wait":
            if not e["submitted"]:
                unlisted.append(board.name(e["actor"]))
            elif not e.get("cancelled"):
                lines.append(t("wait"))
        elif kind == "phase_end" and unlisted:
            lines.append(t("unlisted", names="、".join(unlisted)))
        board.apply(e)
    return lines


def _tables(board: Board, setup: dict, t, r, lang: str, view: str) -> list[str]:
    lines = []
    for sid in board.order:
        lines.append(t("side_dp", side=board.sides[sid]["name"], dp=board.dp[sid]))
        rows = []
        for c in board.chars.values():
            if c.side != sid:
                continue
            notes = []
            if c.leader:
                notes.append(r("leader_note"))
            if c.dead:
                notes.append(r("dead_note"))
            elif c.stats["hp"] == 1:
                notes.append(r("dying_note"))
            if c.at is None:
                notes.append(r("bench_note"))
            ability = c.ability or ""
            if c.secret and view == "public":
                ability = t("secret")
            s = c.stats
            rows.append([c.name, s["attack"], s["defense"], s["hp"], s["spirit"], s["fs"], c.at or "",
                         ability, "・".join(notes)])
        lines.append(table(HEADERS[lang], rows))
        lines.append("")
    lines.append(t("map"))
    lines.append(_map(board, setup, t))
    return lines


def _map(board: Board, setup: dict, t) -> str:
    b, _ = board_of(setup)
    cells: dict[tuple[int, int], list[str]] = {}
    for c in board.chars.values():
        if c.at is None:
            continue
        sq = parse_square(c.at)
        cells.setdefault((sq.row, sq.col), []).append(c.name + (t("dead_mark") if c.dead else ""))
    return grid_map(b.rows, b.cols, cells, walls=[(w.row, w.col) for w in sorted(b.walls)],
                    row_labels=list(ROW_LABELS[: b.rows]), col_labels=[col_label(i) for i in range(b.cols)],
                    wall_text="（壁）")


def _outcome(outcome: dict, board: Board, t, r) -> str:
    if outcome["result"] == "win":
        return t("outcome_win", side=board.sides[outcome["winner"]]["name"], reason=r(outcome["reason"]))
    if outcome["result"] == "draw":
        return t("outcome_draw", reason=r(outcome["reason"]))
    return t("outcome_ongoing", items="　".join(f"{board.sides[s]['name']} {board.dp[s]}" for s in board.order))


def _show(v: Any) -> str:
    return ("true" if v else "false") if isinstance(v, bool) else str(v)
