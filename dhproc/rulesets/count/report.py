"""The count processing report, in the order a GK narrates a battle phase (COUNT-10.1).

Each round: the count track at its start, then count by count the カウント開始時 effects, who stands
there in 敏捷 order, and each 行動手番 as one block — the −10 with the 配置カウント before and after,
moves with squares × 移動コスト, the 命中判定 with its 2D10 and 達成値, each 回避判定 with the 回避率
formula, the d100 and its 2D9 reading for the CA check, and each damage step by number — then the
エンドフェイズ and a state table with the map.

Rendered from the log alone: :class:`Track` folds the events onto the setup. ``--view public``
shows how many cards a PC holds, never which (COUNT-10.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...report.document import Block, Board, Heading, Lines, Table
from ...report import header
from ...words.messages import Catalog
from .model import COLUMNS, ROWS, Square
from .options import OPTIONS

T = Catalog({
    "awaiting": ("【行動提出待ち】{side}", "[Awaiting the submission of] {side}"),
    "round": ("■ラウンド{n}　バトルフェイズ（開始カウント{count}）", "■ Round {n}: battle phase (starting at count {count})"),
    "track": ("配置カウント：{items}", "Counts: {items}"),
    "count": ("【カウント{n}】", "[Count {n}]"),
    "count_start": ("3-0 カウント開始時：{names}", "3-0 count start: {names}"),
    "none": ("なし", "none"),
    "order": ("3-1/3-2 現カウントのユニット：{items}", "3-1/3-2 on this count: {items}"),
    "order_item": ("{name}（敏捷{agi}）", "{name} (AGI {agi})"),
    "use_count_start": ("　《{skill}》［{name}］→ {targets}", "  《{skill}》 [{name}] → {targets}"),
    "slot": ("◆{name}　行動手番（{n}回目）　配置カウント {before}→{after}{done}",
             "◆ {name}: turn slot {n}   count {before}→{after}{done}"),
    "done": ("（0以下のため0、行動終了）", " (0 or less: 0, 行動終了)"),
    "no_plan": ("　行動の提出なし：何もしない", "  no plan submitted: does nothing"),
    "sub_action": ("サブアクション", "sub action"),
    "main_action": ("メインアクション", "main action"),
    "ca": ("CA", "CA"),
    "count_start_action": ("カウント開始時", "count start"),
    "after_damage": ("ダメージロール後", "after damage"),
    "before_damage": ("ダメージロール前", "before damage"),
    "stopped": ("　行動不能：行動しない", "  cannot act (行動不能): no action"),
    "no_evasion": ("　回避判定（{name}）：行動不能のため回避判定なし → 命中、CAチェックなし",
                   "  evasion ({name}): cannot act, no evasion check → hit, no CA check"),
    "effect_stop": ("　{step}{name} 行動不能（{until}）", "  {step}{name} cannot act ({until})"),
    "until_end_phase": ("エンドフェイズまで", "until the end phase"),
    "until_own_turn": ("次の行動手番まで", "until its next 行動手番"),
    "stop_ends": ("　行動不能が終わる：{name}", "  {name} can act again"),
    "place": ("　{name}を{a}から{b}に配置（移動ではない）", "  {name} is placed from {a} on {b} (not a move)"),
    "reroll_skill": ("　　《{skill}》で振り直し", "    re-roll with 《{skill}》"),
    "move_sub": ("　{action}：移動 {a}→{b}（{sq}マス×移動コスト{mc}＝{cost}）配置カウント {before}→{after}",
                 "  {action}: move {a}→{b} ({sq:plural:square} × move cost {mc} = {cost}) count {before}→{after}"),
    "move_main": ("　{action}：移動 {a}→{b}（{sq}マス、配置カウントは下がらない）",
                  "  {action}: move {a}→{b} ({sq:plural:square}, the count does not drop)"),
    "escape": ("　{action}：逃走（{at}）1D6={face} → {verdict}", "  {action}: escape ({at}) 1D6={face} → {verdict}"),
    "escaped": ("逃走成功", "escaped"),
    "escape_failed": ("失敗", "failed"),
    "use": ("　{action}：《{skill}》→ {targets}{forced}", "  {action}: 《{skill}》 → {targets}{forced}"),
    "forced": ("（貫通：{names}）", " (pierces: {names})"),
    "fallback": ("　→ 代替行動（{action}）", "  → fallback ({action})"),
    "cancel": ("　{action}：{what}は行えない（{why}）", "  {action}: {what} refused ({why})"),
    "unreached": ("◆{name}　{n}回目の行動手番の{action}：{what}は行えない（{why}）",
                  "◆ {name}: the {action} of turn slot {n}: {what} refused ({why})"),
    "what_move": ("移動", "the move"),
    "what_escape": ("逃走", "escape"),
    "ca_head": ("　3-4「タイミング：CA」{name} → {against}：《{skill}》", "  3-4 CA: {name} → {against}: 《{skill}》"),
    "ca_lapse": ("　3-4「タイミング：CA」{name}：行えない（{why}）", "  3-4 CA: {name} cannot take it ({why})"),
    "hit": ("　命中判定：【{stat}】{value}＋2D10[{d1},{d2}]={sum} → 達成値{total}{mark}{attempt}",
            "  hit check: {stat} {value} + 2D10[{d1},{d2}]={sum} → total {total}{mark}{attempt}"),
    "crit_mark": ("（{sum}≧命中C値{c}：クリティカル）", " ({sum} ≥ crit {c}: critical)"),
    "fumble_mark": ("（{sum}≦命中F値{f}：ファンブル）", " ({sum} ≤ fumble {f}: fumble)"),
    "attempt": ("〔振り直し{n}回目〕", " [re-roll {n}]"),
    "discard": ("　　手札から「{card}」を捨てる（ランダム{pos}枚目、残り{left}枚）",
                "    discards \"{card}\" from the hand (random: card {pos}, {left} left)"),
    "discard_public": ("　　手札を1枚捨てる（残り{left}枚）", "    discards one card (left: {left})"),
    "discard_empty": ("　　手札がないため捨てない", "    no card to discard"),
    "miss_all": ("　→ ファンブルのため命中失敗、回避判定なし", "  → fumble: misses, no evasion check"),
    "reroll": ("　　振り直し（残り{n}回）", "    re-roll ({n} left)"),
    "evasion": ("　回避判定（{name}）：回避率＝(20−({total}−{stat}{b}))×5＝{rate}%　1D100={face}{mark} → {verdict}",
                "  evasion ({name}): rate = (20 − ({total} − {stat} {b})) × 5 = {rate}%   1D100={face}{mark} → {verdict}"),
    "eva_crit": ("（≦回避C値{c}：クリティカル）", " (≤ crit {c}: critical)"),
    "eva_fumble": ("（≧回避F値{f}：ファンブル）", " (≥ fumble {f}: fumble)"),
    "evaded": ("回避成功", "evaded"),
    "not_evaded": ("命中", "hit"),
    "why_hit_critical": ("（命中クリティカル）", " (hit critical)"),
    "no_reduction": ("、軽減不可", ", no reduction"),
    "ca_check": ("　　CAチェック：{face}→{tens}+{ones}={reading} {cmp} CA値{value}、残りCA回数{before} → {verdict}",
                 "    CA check: {face} → {tens}+{ones} = {reading} {cmp} CA value {value}, CA left {before} → {verdict}"),
    "ca_taken": ("「タイミング：CA」を得る（残りCA回数{left}）", "gains a CA (CA left {left})"),
    "ca_declined": ("CA可能だが行わない", "may take a CA, does not"),
    "ca_no": ("CAなし", "no CA"),
    "ca_unreachable": ("CA可能だが攻撃できない（{why}）", "may take a CA but cannot attack ({why})"),
    "cover": ("　《{skill}》{name}が{covers}をかばう", "  《{skill}》: {name} covers {covers}"),
    "roll": ("　ダメージロール：1.固定{fixed} 2.増加{inc} 3.{dice} → 予定ダメージ{planned}{attrs}",
             "  damage roll: 1. fixed {fixed} 2. increase {inc} 3. {dice} → planned {planned}{attrs}"),
    "dice_part": ("{n}D{s}[{faces}]", "{n}D{s}[{faces}]"),
    "crit_part": ("クリティカル1D10[{faces}]", "critical 1D10[{faces}]"),
    "kind_part": ("近/射2D10[{faces}]", "melee/ranged 2D10[{faces}]"),
    "inc_part": ("《{skill}》{n}D{s}[{faces}]", "《{skill}》 {n}D{s}[{faces}]"),
    "no_dice": ("ダイスなし", "no dice"),
    "attrs": ("〈{names}〉", " <{names}>"),
    "damage": ("　→ {name}：4.耐性{resist} → {a4}　5.×{x} → {a5}　6.軽減{reduce} → 実ダメージ{real}　"
               "7.増減{real_mod} → {final}　8.HP {hp0}→{hp1}",
               "  → {name}: 4. resist {resist} → {a4}   5. ×{x} → {a5}   6. reduce {reduce} → real {real}   "
               "7. adjust {real_mod} → {final}   8. HP {hp0}→{hp1}"),
    "resist_flat": ("〈{attr}〉{value}", "<{attr}> {value}"),
    "resist_pct": ("〈{attr}〉{value}%", "<{attr}> {value}%"),
    "blocked": ("（軽減不可）", " (no reduction)"),
    "ko": ("　　{name} 戦闘不能", "    {name} is knocked out"),
    "effect_count": ("　{step}{name} 配置カウント {before}→{after}{done}", "  {step}{name} count {before}→{after}{done}"),
    "effect_stat": ("　{step}{name} {stat} {before}→{after}（{until}）",
                    "  {step}{name} {stat} {before}→{after} ({until})"),
    "until_counts": ("{n}カウントの間、最長でエンドフェイズまで", "for {n:plural:count}, the end phase at the latest"),
    "until_next_turn": ("次の行動手番まで、最長でエンドフェイズまで", "until its next 行動手番, the end phase at the latest"),
    "pay": ("　コスト《{skill}》：{items}", "  cost of 《{skill}》: {items}"),
    "pay_hp": ("HP {a}→{b}", "HP {a}→{b}"),
    "pay_cards": ("手札「{cards}」を捨てる（残り{left}枚）", "discards \"{cards}\" (left: {left})"),
    "pay_cards_public": ("手札{n}枚を捨てる（残り{left}枚）", "discards {n:plural:card} (left: {left})"),
    "pay_count": ("配置カウント {a}→{b}", "count {a}→{b}"),
    "pay_ca": ("残りCA回数 {a}→{b}", "CA left {a}→{b}"),
    "card_sep": ("」「", "\", \""),
    "item_sep": ("、", "; "),
    "effect_heal": ("　{step}{name} HP {before}→{after}", "  {step}{name} HP {before}→{after}"),
    "step9": ("9.付与効果：", "9. rider: "),
    "next_count": ("3-5 現カウント{a}→{b}：バトルフェイズ終了", "3-5 count {a}→{b}: the battle phase ends"),
    "end_phase": ("■エンドフェイズ：配置カウント {items}", "■ End phase: counts {items}"),
    "expire": ("　効果終了：{name}の{stat}{value:+d}", "  expired: {stat} {value:+d} on {name}"),
    "outcome_head": ("【結果】", "[Result]"),
    "win": ("{side}の勝利（{reason}）", "{side} wins ({reason})"),
    "draw": ("引き分け（{reason}）", "draw ({reason})"),
    "ongoing": ("戦闘継続（次のラウンドへ）", "the battle goes on (next round)"),
    "awaiting_outcome": ("■未処理（行動提出待ち）", "■ Not resolved yet (awaiting submissions)"),
    "last_side_standing": ("相手陣営に立っているユニットがいない", "no opposing unit stands"),
    "nobody_standing": ("立っているユニットがいない", "nobody stands"),
    "state_head": ("【状態（ラウンド{n}終了時）】", "[State at the end of round {n}]"),
    "state_now": ("【状態】", "[State]"),
    "map": ("マップ", "Map"),
    "cards": ("{n}枚", "{n:plural:card}"),
})
WHY = Catalog({
    "same_square": ("同じマス", "same square"),
    "move_limit": ("{sq}マスは移動限界{limit}を超える", "{sq} squares exceed move limit {limit}"),
    "occupied": ("{to}は{by}がいる", "{to} is taken by {by}"),
    "count_zero": ("配置カウント{count}−{cost}が0以下になる", "count {count} − {cost} would reach 0"),
    "escape_forbidden": ("逃走できない（{by}）", "escape not allowed ({by})"),
    "not_edge": ("{at}は端のマスではない", "{at} is not an edge square"),
    "no_uses": ("使用回数が残っていない", "no uses left"),
    "moved": ("種別：{kind}は移動後に使えない（{moved}マス移動済み）", "{kind} cannot follow a move ({moved:plural:square} moved)"),
    "no_target": ("対象がいない", "no target"),
    "too_many_targets": ("対象が多すぎる", "too many targets"),
    "target_twice": ("同じ対象が二度", "a target named twice"),
    "target_gone": ("対象が戦闘不能か逃走済み", "a target is down or gone"),
    "wrong_side": ("対象の陣営が違う", "a target of the wrong side"),
    "out_of_range": ("射程外", "out of range"),
    "not_in_line": ("貫通は縦か横の直線上のみ", "pierce needs a straight line"),
    "no_ca_attack": ("使える攻撃がない", "no attack to use"),
    "pierce_forces_others": ("貫通で他の対象を含む", "pierce would include others"),
    "knocked_out": ("戦闘不能", "knocked out"),
    "stopped": ("行動不能", "cannot act"),
    "escaped": ("逃走済み", "escaped"),
    "moved_in_own_turn": ("この行動手番に移動済みで、種別：射・魔は使えない", "moved in this 行動手番: no 射 or 魔"),
    "battle_over": ("戦闘の決着がついた", "the battle is decided"),
    "no_turn_slot": ("この行動手番が来る前にラウンドが終わった", "the round ended before this turn slot came"),
    "limit": ("使用回数の上限（{limit}）", "use limit reached ({limit})"),
    "limit_round": ("1ラウンド{n}回", "{n:plural:time} a round"),
    "limit_battle": ("1戦闘{n}回", "{n:plural:time} a battle"),
    "cost": ("コストを払えない（{paying}{need}、現在{have}）", "cannot pay the cost ({paying} {need}, has {have})"),
    "limit_short": ("使用回数の上限", "use limit reached"),
    "cost_short": ("コストを払えない", "cannot pay the cost"),
    "cost_hp": ("HP", "HP "),
    "cost_hand": ("手札", "cards "),
    "cost_count": ("配置カウント", "count "),
    "cost_ca": ("残りCA回数", "CA left "),
})
SHORT_WHY = {"limit": "limit_short", "cost": "cost_short"}  # the CA check names the reason alone
ACTION_WORD = {"count_start": "count_start_action", "after_damage": "after_damage", "before_damage": "before_damage"}
KIND = {"ja": {"melee": "近", "ranged": "射", "magic": "魔", "none": "なし"},
        "en": {"melee": "melee", "ranged": "ranged", "magic": "magic", "none": "none"}}
STAT = {"ja": {"hit": "命中", "evasion": "回避", "magic": "魔術", "resistance": "抵抗", "agility": "敏捷",
               "move_cost": "移動コスト", "move_limit": "移動限界", "ca_value": "CA値", "hit_crit": "命中C値",
               "hit_fumble": "命中F値", "evasion_crit": "回避C値", "evasion_fumble": "回避F値", "resist": "耐性"},
        "en": {"hit": "HIT", "evasion": "EVA", "magic": "MAG", "resistance": "RES", "agility": "AGI",
               "move_cost": "move cost", "move_limit": "move limit", "ca_value": "CA value", "hit_crit": "hit crit",
               "hit_fumble": "hit fumble", "evasion_crit": "evasion crit", "evasion_fumble": "evasion fumble",
               "resist": "resist"}}
HEADERS = {"ja": ["名前", "陣営", "位置", "配置カウント", "HP", "残りCA", "手札", "状態"],
           "en": ["name", "side", "at", "count", "HP", "CA left", "hand", "state"]}
STATES = {"ja": {"done": "行動終了", "knocked_out": "戦闘不能", "escaped": "逃走", "stopped": "行動不能"},
          "en": {"done": "done", "knocked_out": "KO", "escaped": "escaped", "stopped": "cannot act"}}


@dataclass
class _Unit:
    name: str
    side: str
    at: str | None
    count: int
    hp: int
    hp_now: int
    ca_left: int
    hand: list[str]
    pc: bool
    done: bool = False
    knocked_out: bool = False
    escaped: bool = False
    stopped: bool = False


@dataclass
class Track:
    """The setup with the events applied so far."""

    units: dict[str, _Unit]
    sides: dict[str, str]
    stat_mods: dict[int, tuple[str, str, int]] = field(default_factory=dict)

    @classmethod
    def from_setup(cls, setup: dict) -> "Track":
        units = {}
        for cid, c in setup["characters"].items():
            units[cid] = _Unit(c["name"], c["side"], None if c.get("escaped") else Square.parse(c["at"]).label,
                               c.get("count_now", c["count"]), c["hp"], c.get("hp_now", c["hp"]),
                               c.get("ca_now", c["ca_left"]), list(c.get("hand", [])), c["kind"] == "pc",
                               bool(c.get("done", False)), c.get("hp_now", c["hp"]) == 0, bool(c.get("escaped")),
                               bool(c.get("stopped")))
        return cls(units, {sid: s["name"] for sid, s in setup["sides"].items()})

    def apply(self, e: dict) -> None:
        kind = e["kind"]
        if kind == "turn_slot":
            u = self.units[e["character"]]
            u.count, u.done = e["count_after"], e["done"]
        elif kind == "move":
            u = self.units[e["character"]]
            u.at, u.count = e["to"], e["count_after"]
        elif kind == "place":
            self.units[e["character"]].at = e["to"]
        elif kind == "escape" and e["success"]:
            u = self.units[e["character"]]
            u.escaped, u.at = True, None
        elif kind == "discard" and e["card"] is not None:
            self.units[e["character"]].hand.pop(e["position"] - 1)
        elif kind == "evasion" and e["final"]:
            self.units[e["actor"]].ca_left = e["ca_left"]
        elif kind == "damage":
            self.units[e["target"]].hp_now = e["hp_after"]
        elif kind == "pay":  # COUNT-1.10
            u = self.units[e["character"]]
            u.hp_now = e.get("hp_after", u.hp_now)
            u.count = e.get("count_after", u.count)
            u.ca_left = e.get("ca_after", u.ca_left)
            for card in e.get("cards", []):
                u.hand.remove(card)
        elif kind == "knocked_out":
            self.units[e["character"]].knocked_out = True
        elif kind == "effect":
            u = self.units[e["target"]]
            if e["op"] == "count":
                u.count, u.done = e["after"], e["done"]
            elif e["op"] == "heal":
                u.hp_now = e["after"]
            elif e["op"] == "stop":
                u.stopped = True
        elif kind == "stop_ends":
            self.units[e["character"]].stopped = False
        elif kind == "end_phase":
            for cid, n in e["counts"].items():
                self.units[cid].count, self.units[cid].done = n, n == 0 and self.units[cid].done
            for cid, n in e["ca_left"].items():
                self.units[cid].ca_left = n


class Renderer:
    def __init__(self, log: dict, lang: str, view: str):
        self.log, self.lang, self.view = log, lang, view
        self.t = T.lang(lang)
        self.why = WHY.lang(lang)
        self.setup = log["input"]["match"]["setup"]
        self.track = Track.from_setup(self.setup)
        self.blocks: list[Block] = []
        self.lines: list[str] = []  # the 行動手番 being narrated: one Lines block
        self.round = self.setup.get("round", 1)
        self.pending_count: int | None = None

    def name(self, cid: str | None) -> str:
        if cid is None:
            return "-"
        u = self.track.units.get(cid)
        return u.name if u else str(cid)

    def names(self, ids: list[str]) -> str:
        return "、".join(self.name(c) for c in ids) if ids else self.t("none")

    def flush(self) -> None:
        if self.lines:
            self.blocks.append(Lines(tuple(self.lines)))
            self.lines = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    # ------------------------------------------------------------------ whole report

    def render(self, turns: list[int]) -> list[Block]:
        log, t = self.log, self.t
        from ...engine.ruleset import get_ruleset

        ruleset = get_ruleset(log["ruleset"])  # this one, found as any reader finds it: the report never imports its package

        self.blocks = list(header.header_blocks(log, name=ruleset.name if self.lang == "ja" else ruleset.name_en,
                                                options=OPTIONS, lang=self.lang))
        # the state and the outcome are those after the last turn shown, not the log's last
        told = [turn for turn in log["turns"] if turn["turn"] <= max(turns, default=0)]
        for turn in told:
            keep = len(self.blocks)
            self.turn(turn)
            self.flush()
            if turn["turn"] not in turns:  # folded onto the track, not shown
                del self.blocks[keep:]
        self.blocks.append(Heading(t("outcome_head"), 2))
        self.blocks.append(Lines.of(self.outcome(log, told)))
        closing = self.table(t("state_now"))
        if not self.shown_already(closing):
            self.blocks.append(closing)
        self.blocks.append(self.board())
        return self.blocks

    def shown_already(self, table: Table) -> bool:
        """Whether the last table of the report already shows this state: a round that ended with
        its エンドフェイズ is not followed by the same table again (one state table per round)."""
        last = next((b for b in reversed(self.blocks) if isinstance(b, Table)), None)
        return last is not None and last.rows == table.rows

    def turn(self, turn: dict) -> None:
        for e in turn["events"]:
            handler = getattr(self, f"on_{e['kind']}", None)
            if handler is not None:
                handler(e)
            self.track.apply(e)
            if e["kind"] == "end_phase":  # the round's table shows the state the next round starts from
                self.blocks.append(self.table(self.t("state_head", n=e["round"])))

    def outcome(self, log: dict, told: list[dict]) -> str:
        """The outcome after the ``told`` turns: the log's, or the battle going on when the log goes further."""
        o = log["outcome"] if len(told) == len(log["turns"]) else {"result": "ongoing"}
        if told and told[-1]["status"] == "awaiting":
            return self.t("awaiting_outcome")
        if o["result"] == "win":
            return self.t("win", side=self.track.sides.get(o["winner"], o["winner"]), reason=self.t(o["reason"]))
        if o["result"] == "draw":
            return self.t("draw", reason=self.t(o["reason"]))
        return self.t("ongoing")

    # ------------------------------------------------------------------ events

    def on_awaiting(self, e: dict) -> None:
        self.flush()
        self.blocks.append(Lines.of(self.t("awaiting", side=self.track.sides.get(e["side"], e["side"]))))

    def on_round_start(self, e: dict) -> None:
        self.flush()
        self.round = e["round"]
        self.blocks.append(Heading(self.t("round", n=e["round"], count=e["count"]), 2))
        items = "　".join(f"{self.name(c)} {n}" for c, n in e["counts"].items())
        self.blocks.append(Lines.of(self.t("track", items=items)))

    def on_count_start(self, e: dict) -> None:
        """A count where nothing happens gets no heading: it is shown once something does."""
        self.flush()
        self.pending_count = e["count"]
        if e["skills"]:
            self.count_heading()

    def count_heading(self) -> None:
        if self.pending_count is not None:
            self.blocks.append(Heading(self.t("count", n=self.pending_count), 3))
            self.pending_count = None

    def on_order(self, e: dict) -> None:
        self.flush()
        self.count_heading()
        items = " → ".join(self.t("order_item", name=self.name(c), agi=e["agility"][c]) for c in e["order"])
        self.blocks.append(Lines.of(self.t("order", items=items)))

    def on_use(self, e: dict) -> None:
        if e["action"] == "count_start":
            self.say(self.t("use_count_start", skill=e["skill"], name=self.name(e["character"]),
                            targets=self.names(e["targets"])))
            return
        forced = self.t("forced", names=self.names(e["forced"])) if e["forced"] else ""
        self.say(self.t("use", action=self.t(e["action"]), skill=e["skill"], targets=self.names(e["targets"]),
                        forced=forced))

    def on_turn_slot(self, e: dict) -> None:
        self.flush()
        self.say(self.t("slot", name=self.name(e["character"]), n=e["slot"], before=e["count_before"],
                        after=e["count_after"], done=self.t("done") if e["done"] else ""))

    def on_place(self, e: dict) -> None:
        self.say(self.t("place", name=self.name(e["character"]), a=e["from"], b=e["to"]))

    def on_stopped(self, e: dict) -> None:
        self.say(self.t("stopped"))

    def on_no_evasion(self, e: dict) -> None:
        self.say(self.t("no_evasion", name=self.name(e["actor"])))

    def on_stop_ends(self, e: dict) -> None:
        self.say(self.t("stop_ends", name=self.name(e["character"])))

    def on_no_plan(self, e: dict) -> None:
        self.say(self.t("no_plan"))

    def on_move(self, e: dict) -> None:
        key = "move_sub" if e["action"] == "sub_action" else "move_main"
        self.say(self.t(key, action=self.t(e["action"]), a=e["from"], b=e["to"], sq=e["squares"], mc=e["move_cost"],
                        cost=e["cost"], before=e["count_before"], after=e["count_after"]))

    def on_escape(self, e: dict) -> None:
        self.say(self.t("escape", action=self.t("main_action"), at=e["at"], face=e["face"],
                        verdict=self.t("escaped" if e["success"] else "escape_failed")))

    def on_fallback(self, e: dict) -> None:
        self.say(self.t("fallback", action=self.t(e["action"])))

    def on_cancel(self, e: dict) -> None:
        why = self.reason(e)
        if e["action"] == "ca":
            self.say(self.t("ca_lapse", name=self.name(e["character"]), why=why))
            return
        what = f"《{e['skill']}》" if e.get("skill") else self.t("what_move") if "to" in e else self.t("what_escape")
        if e["action"] in ACTION_WORD:  # COUNT-1.9 / 1.10: a skill that fires by itself
            self.say(self.t("cancel", action=self.t(ACTION_WORD[e["action"]]), what=what, why=why))
            return
        if "slot" in e:  # COUNT-1.8: a 行動手番 that never came: a line of its own, outside any 行動手番
            self.flush()
            self.blocks.append(Lines.of(self.t("unreached", name=self.name(e["character"]), n=e["slot"],
                                               action=self.t(e["action"]), what=what, why=why)))
            return
        self.say(self.t("cancel", action=self.t(e["action"]), what=what, why=why))

    def reason(self, e: dict) -> str:
        r = e["reason"]
        if r == "limit":
            per = e["limit"].get("per", "round")
            return self.why(r, limit=self.why(f"limit_{per}", n=e["limit"]["count"]))
        if r == "cost":
            return self.why(r, paying=self.why(f"cost_{e['paying']}"), need=e["need"], have=e["have"])
        return self.why(r, sq=e.get("squares"), limit=e.get("move_limit"), to=e.get("to"),
                        by=self.name(e["by"]) if r == "occupied" else e.get("escape_by"), count=e.get("count"),
                        cost=e.get("cost"), at=e.get("at"), kind=KIND[self.lang].get(e.get("skill_kind", "none")),
                        moved=e.get("moved"))

    def on_ca(self, e: dict) -> None:
        self.say(self.t("ca_head", name=self.name(e["character"]), against=self.name(e["against"]), skill=e["skill"]))

    def on_hit_check(self, e: dict) -> None:
        mark = self.t("crit_mark", sum=e["sum"], c=e["hit_crit"]) if e["critical"] else \
            self.t("fumble_mark", sum=e["sum"], f=e["hit_fumble"]) if e["fumble"] else ""
        attempt = self.t("attempt", n=e["attempt"] - 1) if e["attempt"] > 1 else ""
        self.say(self.t("hit", stat=STAT[self.lang][e["stat"]], value=e["value"], d1=e["dice"][0], d2=e["dice"][1],
                        sum=e["sum"], total=e["total"], mark=mark, attempt=attempt))

    def on_discard(self, e: dict) -> None:
        if e["card"] is None:
            self.say(self.t("discard_empty"))
        elif self.view == "public":
            self.say(self.t("discard_public", left=e["hand_left"]))
        else:
            self.say(self.t("discard", card=e["card"], pos=e["position"], left=e["hand_left"]))

    def on_miss_all(self, e: dict) -> None:
        self.say(self.t("miss_all"))

    def on_reroll(self, e: dict) -> None:
        if e.get("skill"):
            self.say(self.t("reroll_skill", skill=e["skill"]))
        else:
            self.say(self.t("reroll", n=e["rerolls_left"]))

    def on_evasion(self, e: dict) -> None:
        t = self.t
        mark = t("eva_crit", c=e["evasion_crit"]) if e["critical"] else ""
        mark += t("eva_fumble", f=e["evasion_fumble"]) if e["fumble"] else ""
        if e["evaded"]:
            verdict = t("evaded")
        else:
            verdict = t("not_evaded") + (t("why_hit_critical") if e["why"] == "hit_critical" else "")
            if e.get("no_reduction"):
                verdict += t("no_reduction")
        self.say(t("evasion", name=self.name(e["actor"]), total=e["total"], stat=STAT[self.lang][e["stat"]],
                   b=e["defence"], rate=e["evasion_rate"], face=e["face"], mark=mark, verdict=verdict))
        if not e["final"]:
            return
        if e["ca_taken"]:
            ca = t("ca_taken", left=e["ca_left"])
        elif e["ca_eligible"] and e["ca_unreachable"]:
            ca = t("ca_unreachable", why=self.why(SHORT_WHY.get(e["ca_unreachable"], e["ca_unreachable"])))
        elif e["ca_eligible"]:
            ca = t("ca_declined")
        else:
            ca = t("ca_no")
        cmp = "≦" if e["reading"] <= e["ca_value"] else ">"
        self.say(t("ca_check", face=e["face"], tens=e["tens"], ones=e["ones"], reading=e["reading"], cmp=cmp,
                   value=e["ca_value"], before=e["ca_before"], verdict=ca))

    def on_cover(self, e: dict) -> None:
        self.say(self.t("cover", skill=e["skill"], name=self.name(e["character"]), covers=self.name(e["covers"])))

    def on_damage_roll(self, e: dict) -> None:
        t = self.t
        parts = []
        if e["dice"]:
            parts.append(t("dice_part", n=len(e["dice"]), s=e["sides"], faces=",".join(map(str, e["dice"]))))
        if e["critical_dice"]:
            parts.append(t("crit_part", faces=",".join(map(str, e["critical_dice"]))))
        if e["kind_dice"]:
            parts.append(t("kind_part", faces=",".join(map(str, e["kind_dice"]))))
        inc = sum(x["value"] for x in e["increases"])
        inc_text = f"{inc:+d}" + ("".join(f"《{x['skill']}》" for x in e["increases"]))
        parts += [t("inc_part", skill=x["skill"], n=len(x["dice"]), s=x["sides"], faces=",".join(map(str, x["dice"])))
                  for x in e["increases"] if x.get("dice")]  # COUNT-7.15
        self.say(t("roll", fixed=e["fixed"], inc=inc_text, dice="＋".join(parts) or t("no_dice"),
                   planned=e["planned"], attrs=t("attrs", names="・".join(e["attributes"]))))

    def on_damage(self, e: dict) -> None:
        t = self.t
        key = "resist_flat" if e["resist_mode"] == "flat" else "resist_pct"
        resist = t(key, attr=e["resist_attribute"], value=e["resist"]) + (t("blocked") if e["resist_blocked"] else "")
        reduce = str(sum(x["value"] for x in e["reductions"])) + (t("blocked") if e["reduce_blocked"] else "")
        applied = sum(x["value"] for x in e["real_changes"] if x["skill"] in e["real_applied"])
        self.say(t("damage", name=self.name(e["target"]), resist=resist, a4=e["after_resist"], x=e["multiplier"],
                   a5=e["after_multiply"], reduce=reduce, real=e["real"], real_mod=f"{applied:+d}", final=e["final"],
                   hp0=e["hp_before"], hp1=e["hp_after"]))

    def on_knocked_out(self, e: dict) -> None:
        self.say(self.t("ko", name=self.name(e["character"])))

    def on_effect(self, e: dict) -> None:
        t = self.t
        name = self.name(e["target"])
        step = t("step9") if e["step"] == 9 else ""
        if e["op"] == "count":
            self.say(t("effect_count", step=step, name=name, before=e["before"], after=e["after"],
                       done=t("done") if e["done"] and e["after"] == 0 else ""))
        elif e["op"] == "stop":
            until = t("until_own_turn") if self.log["options"].get("stop_ends") == "own_turn" else t("until_end_phase")
            self.say(t("effect_stop", step=step, name=name, until=until))
        elif e["op"] == "stat":
            until = t("until_counts", n=e["counts"]) if e.get("until") == "counts" else \
                t("until_next_turn") if e.get("until") == "own_turn" else t("until_end_phase")
            self.say(t("effect_stat", step=step, name=name, stat=self.stat_name(e), before=e["before"],
                       after=e["after"], until=until))
        else:
            self.say(t("effect_heal", step=step, name=name, before=e["before"], after=e["after"]))

    def on_next_count(self, e: dict) -> None:
        """3-5 is shown where the count reaches 0; the empty counts between are left out."""
        if e["to"] == 0:
            self.flush()
            self.blocks.append(Lines.of(self.t("next_count", a=e["count"], b=e["to"])))

    def on_expire(self, e: dict) -> None:
        self.say(self.t("expire", name=self.name(e["character"]), stat=self.stat_name(e), value=e["value"]))

    def stat_name(self, e: dict) -> str:
        """A stat's name; 耐性 with its 属性 (COUNT-7.11)."""
        name = STAT[self.lang][e["stat"]]
        return name + self.t("attrs", names=e["attribute"]) if "attribute" in e else name

    def on_pay(self, e: dict) -> None:
        """COUNT-1.10: what a use cost; ``--view public`` names no card."""
        t, items = self.t, []
        if "hp_before" in e:
            items.append(t("pay_hp", a=e["hp_before"], b=e["hp_after"]))
        if "cards" in e:
            items.append(t("pay_cards_public", n=len(e["cards"]), left=e["hand_left"]) if self.view == "public"
                         else t("pay_cards", cards=t("card_sep").join(e["cards"]), left=e["hand_left"]))
        if "count_before" in e:
            items.append(t("pay_count", a=e["count_before"], b=e["count_after"]))
        if "ca_before" in e:
            items.append(t("pay_ca", a=e["ca_before"], b=e["ca_after"]))
        self.say(t("pay", skill=e["skill"], items=t("item_sep").join(items)))

    def on_end_phase(self, e: dict) -> None:
        items = "　".join(f"{self.name(c)} {n}" for c, n in e["counts"].items())
        self.lines.insert(0, self.t("end_phase", items=items))
        self.flush()

    def on_outcome(self, e: dict) -> None:
        self.flush()

    # ------------------------------------------------------------------ tables

    def table(self, caption: str) -> Table:
        rows = []
        for cid, u in self.track.units.items():
            states = [STATES[self.lang][k] for k in ("done", "knocked_out", "escaped", "stopped") if getattr(u, k)]
            if not u.pc:
                hand = "-"
            elif self.view == "public":
                hand = self.t("cards", n=len(u.hand))
            else:
                hand = "・".join(u.hand) or self.t("none")
            at = "-" if u.at is None or u.knocked_out else u.at  # the fallen leave the map (COUNT-7.8)
            rows.append([u.name, self.track.sides.get(u.side, u.side), at, u.count, f"{u.hp_now}/{u.hp}",
                         u.ca_left, hand, "・".join(states)])
        return Table.of(HEADERS[self.lang], rows, caption)

    def board(self) -> Board:
        cells = []
        fallen = []
        for u in self.track.units.values():
            if u.at is not None and not u.knocked_out:
                sq = Square.parse(u.at)
                cells.append(((sq.row, sq.col), (u.name,)))
            out = [k for k in ("knocked_out", "escaped") if getattr(u, k)]
            if out:  # off the map (COUNT-7.8), named under it in the picture
                fallen.append((u.name, STATES[self.lang][out[0]]))
        return Board(tuple(ROWS), tuple(COLUMNS), tuple(sorted(cells)), fallen=tuple(fallen))


def skill_used(e: dict) -> tuple[str, str] | None:
    """For ``dhproc summary``: a skill used as an action, at a count's start, after damage or in a CA."""
    if e["kind"] in ("use", "ca"):
        return e["character"], e["skill"]
    return None


def outcome_line(log: dict, *, lang: str) -> str:
    """The outcome as the report's 【結果】 says it."""
    return Renderer(log, lang, "gk").outcome(log, log["turns"])


def blocks(log: dict, *, lang: str, view: str, turns: list[int]) -> list[Block]:
    return Renderer(log, lang, view).render(turns)
