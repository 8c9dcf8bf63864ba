"""The logos processing report, in the #対戦処理 style: the 先攻 decision with its reasons, the
starters, then each ターン — its actives, every 発動判定 with rate, die and verdict, every アタック with
both tests (色/弱点 and 攻撃/防御), DP — and the outcome.

Rendered from the log alone: :class:`Board` folds the events onto the setup. ``--view public``
hides what the other player may not see: characters still in 秘匿状態 (bench secrets) and which
of them were left out of the 《迅雷》 count (LOGOS-10.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...report import document as doc
from ...report import header
from ...words.messages import Catalog
from .model import KEYWORDS
from .options import OPTIONS

T = Catalog({
    "stage": ("ステージ：{stage}", "Stage: {stage}"),
    "league": ("予選（引き分けはそのまま）", "league (a draw stands)"),
    "final": ("決勝トーナメント（引き分けはDP、同点はランダム）", "final tournament (a draw goes to DP, then a coin)"),
    "first_head": ("【(0) 先攻・後攻の決定】", "[(0) First and second player]"),
    "jinrai": ("《迅雷》の数（{scope}）：{items}", "《迅雷》 count ({scope}): {items}"),
    "jinrai_item": ("{side} {n}", "{side} {n}"),
    "members": ("（{names}）", " ({names})"),
    "hidden_excluded": ("　※秘匿状態のため数えない：{names}", "  * hidden (秘匿状態), not counted: {names}"),
    "reaction": ("反応の初期値の合計（{scope}、シークレット除く）：{items}",
                 "sum of initial REA ({scope}, secrets excluded): {items}"),
    "secret_excluded": ("　※シークレットのため合計に含めない：{names}", "  * secret, not in the sum: {names}"),
    "scope_team": ("チーム全員", "whole team"),
    "scope_starters": ("スタメン", "starters"),
    "first_jinrai": ("→ 《迅雷》が多い {side} が先攻", "→ more 《迅雷》: {side} goes first"),
    "first_reaction": ("→ 《迅雷》同数、反応の合計が高い {side} が先攻",
                       "→ equal 《迅雷》, higher REA sum: {side} goes first"),
    "first_coin": ("→ 《迅雷》・反応とも同じためランダム：出目{face}（1={a}／2={b}）→ {side} が先攻",
                   "→ both equal, random: die {face} (1={a} / 2={b}) → {side} goes first"),
    "first_announced": ("→ GK発表のとおり {side} が先攻", "→ as the GK announced: {side} goes first"),
    "announced_differs": ("　※規定の判定では {side} が先攻（発表に指摘がなかったため訂正しない）",
                          "  * by the rules {side} would go first (the announcement was not challenged)"),
    "announced_coin": ("　※規定の判定ではランダム（発表のとおり処理）", "  * by the rules a coin would decide"),
    "resume_head": ("【途中から再開】第{bout}ターンから（先攻：{first}）",
                    "[Resumed] from turn {bout} (first: {first})"),
    "stopped": ("■第{bout}ターンで中断（続きは dhproc new logos フォルダ --from ログ で）",
                "■ Stopped after turn {bout} (continue with dhproc new logos DIR --from LOG)"),
    "first_line": ("先攻：{first}　後攻：{second}", "First: {first}   second: {second}"),
    "awaiting": ("【行動提出待ち】{side}", "[Awaiting the submission of] {side}"),
    "dice_kept": ("※記録済みの出目{count}個（{faces}）は{side}の提出後に使用",
                  "* {count} recorded dice ({faces}) are kept until {side} submits"),
    "lineup_head": ("【スタメン】", "[Starters]"),
    "lineup": ("{side}（{order}）：{names}", "{side} ({order}): {names}"),
    "first": ("先攻", "first"),
    "second": ("後攻", "second"),
    "reveal": ("秘匿状態解除：{names}", "revealed: {names}"),
    "passive_head": ("【パッシブ】", "[Passive skills]"),
    "charged_start": ("チャージ状態：{names}", "charged (チャージ状態): {names}"),
    "bout": ("■第{n}ターン", "■ Turn {n}"),
    "bout_zero": ("■第0ターン（ラウンド開始前のチーム）", "■ Turn 0 (the teams before the round)"),
    "actives": ("(1) アクティブ：{a}（{sa}）攻{aa} 防{ad} 反{ar} ／ {b}（{sb}）攻{ba} 防{bd} 反{br}",
                "(1) Active: {a} ({sa}) ATK {aa} DEF {ad} REA {ar} / {b} ({sb}) ATK {ba} DEF {bd} REA {br}"),
    "turn_start": ("(2) ターン開始時", "(2) Turn start"),
    "initiative": ("(3) イニシアティブ：{a} 反応{ra} ／ {b} 反応{rb} → {first} が先手",
                   "(3) Initiative: {a} REA {ra} / {b} REA {rb} → {first} acts first"),
    "initiative_tie": ("(3) イニシアティブ：{a} 反応{ra} ／ {b} 反応{rb} → 同値のため先攻 {side} の {first} が先手",
                       "(3) Initiative: {a} REA {ra} / {b} REA {rb} → tie: {first} of the first player {side} acts first"),
    "act_first": ("◆{name}（先手）", "◆ {name} (acts first)"),
    "act_second": ("◆{name}（後手）", "◆ {name} (acts second)"),
    "no_action": ("　戦闘不能のため行動しない", "  knocked out: does not act"),
    "skill": ("　《{skill}》（{timing}）{owner}{cond}{check}",
              "  《{skill}》 ({timing}){owner}{cond}{check}"),
    "owner": ("［{name}］", " [{name}]"),
    "cond": ("　条件：{facts} {mark}", "   condition: {facts} {mark}"),
    "check": ("　発動率{rate}%　出目{face} → {verdict}", "   rate {rate}%   die {face} → {verdict}"),
    "check_sure": ("　発動率{rate}% → 判定なしで成功", "   rate {rate}% → succeeds without a roll"),
    "not_met": (" → 発動しない", " → does not fire"),
    "applies": ("　→ 常時適用（発動判定なし）", "   → always applies (no activation check)"),
    "success": ("成功", "success"),
    "failure": ("失敗", "failure"),
    "skill_ko": ("　《{skill}》（{timing}）［{name}］戦闘不能のため発動しない",
                 "  《{skill}》 ({timing}) [{name}] knocked out: does not fire"),
    "trigger": ("カウンター［{what}］", "counter [{what}]"),
    "effect_stat": ("　　→ {target} {stat} {before}→{after}（{dur}）", "    → {target} {stat} {before}→{after} ({dur})"),
    "effect_list": ("　　→ {target} {what}追加：{color}（{dur}）", "    → {target} gains {what} {color} ({dur})"),
    "turns": ("{n}ターン", "{n:plural:turn}"),
    "round": ("ラウンド終了まで", "until the round ends"),
    "passive_dur": ("パッシブ", "passive"),
    "field": ("　　→ フィールド「{name}」：{scope}の{stat}{value:+d}（{dur}）",
              "    → field \"{name}\": {stat} {value:+d} for {scope} ({dur})"),
    "scope_all": ("全員", "everyone"),
    "scope_allies": ("{side}", "{side}"),
    "charged_on": ("　　→ {name} チャージ状態", "    → {name} is charged"),
    "charged_level": ("　　→ {name} チャージ+{added}（{level}段階）", "    → {name} charge +{added} (level {level})"),
    "charged_off": ("　　→ {name} チャージ状態解除", "    → {name} is no longer charged"),
    "replaced": ("　　→ フィールド「{name}」は新しいフィールドに置き換わる", "    → field \"{name}\" is replaced"),
    "order": ("　　→ {side} 行動順：{changes}", "    → {side} order: {changes}"),
    "order_item": ("{name} {a}→{b}", "{name} {a}→{b}"),
    "removed": ("　　→ {target} の継続効果を解除（{n}件）", "    → {target}: {n} lasting effects removed"),
    "cancel": ("　　→ 対象なし（{why}）", "    → no target ({why})"),
    "attack": ("　アタック→{target}　色/弱点：{colors}/{weak} {cmark}　攻撃/防御：{atk}≧{dfn} {pmark}　→ {verdict}",
               "  attack → {target}   color/weakness: {colors}/{weak} {cmark}   ATK/DEF: {atk}≥{dfn} {pmark}   → {verdict}"),
    "attack_skill": ("　《{skill}》によるアタック", "  attack by 《{skill}》"),
    "hit": ("成功", "success"),
    "miss": ("失敗", "failure"),
    "critical": ("クリティカル", "critical"),
    "no_attack_zero": ("　攻撃{atk}のため何もしない", "  ATK {atk}: does nothing"),
    "no_attack_ko": ("　{target}は戦闘不能のためアタックしない", "  {target} is knocked out: no attack"),
    "no_attack_self_ko": ("　{name}は戦闘不能のためアタックしない", "  {name} is knocked out: no attack"),
    "no_attack_failed": ("　《{skill}》の発動判定に失敗：アタックしない", "  《{skill}》 failed: no attack"),
    "ko": ("　{name} 戦闘不能", "  {name} is knocked out"),
    "dp": ("　{side} DP+{amount}（計{total}）", "  {side} DP +{amount} (total {total})"),
    "draw": ("(8) 両者戦闘不能でないため引き分け：{names} 戦闘不能",
             "(8) neither is knocked out: draw, {names} knocked out"),
    "end": ("(9) ターン終了{expired}", "(9) end of turn{expired}"),
    "expired": ("：効果終了 {items}", ": expired {items}"),
    "expired_stat": ("{name}の{stat}{value:+d}", "{stat} {value:+d} on {name}"),
    "expired_color": ("{name}の{what}{color}", "{what} {color} on {name}"),
    "expired_set": ("{name}の{stat}={value}", "{stat} = {value} on {name}"),
    "expired_field": ("フィールド「{name}」", "field \"{name}\""),
    "judge": ("(10) 続行（残り {items}）", "(10) continue (standing: {items})"),
    "judge_item": ("{side} {n}人", "{side} {n}"),
    "decided": ("(10) 勝敗判定：{result}", "(10) decided: {result}"),
    "outcome_head": ("【結果】", "[Result]"),
    "outcome_win": ("{side}の勝利（{reason}）", "{side} wins ({reason})"),
    "outcome_draw": ("引き分け（{reason}）", "draw ({reason})"),
    "outcome_ongoing": ("■未処理（行動提出待ち）", "■ Not resolved yet (awaiting submissions)"),
    "dp_line": ("DP：{items}", "DP: {items}"),
    "state_head": ("【{when}】", "[{when}]"),
    "at_start": ("ラウンド開始時", "start of the round"),
    "at_end": ("ラウンド終了時", "end of the round"),
    "bench": ("スタメン外：{names}", "not starting: {names}"),
    "secret": ("シークレット", "secret"),
    # the skill kinds real teams write (LOGOS-5.12, 6.8-6.11, 8.5)
    "used_up": (" → 使用回数の上限（{limit}）のため発動しない", " → used up ({limit}): does not fire"),
    "uses_round": ("1ラウンド{n}回", "{n} per round"),
    "uses_turn": ("1ターン{n}回", "{n} per turn"),
    "effect_set": ("　　→ {target} {stat} {before}→{after}（{stat}を{to}にする、{dur}）",
                   "    → {target} {stat} {before}→{after} ({stat} set to {to}, {dur})"),
    "derived": ("{dur}、{of}の{attr}{read}{calc}", "{dur}; {of} {attr} {read}{calc}"),
    "dp_effect": ("　　→ {side} DP{amount:+d}（計{total}）", "    → {side} DP {amount:+d} (total {total})"),
    "revived": ("　　→ {name} 戦闘不能から復帰", "    → {name} stands up again (no longer knocked out)"),
    "reserve": ("控外", "out"),
    "turn_end_head": ("(9) ターン終了時", "(9) End of turn"),
    "effect_removed": ("　　→ {target} {what}除去：{color}（{dur}）", "    → {target} loses {what} {color} ({dur})"),
    "effect_keyword": ("　　→ {target} 《{keyword}》獲得（{dur}）", "    → {target} gains 《{keyword}》 ({dur})"),
    "effect_keyword_color": ("　　→ {target} 《{keyword}》の{what}追加：{color}（{dur}）",
                             "    → {target} gains {what} {color} with 《{keyword}》 ({dur})"),
    "effect_rate": ("　　→ {target} {skill}発動率{value:+d}%（{dur}）", "    → {target} {skill}rate {value:+d}% ({dur})"),
    "rate_skill": ("《{skill}》の", "of 《{skill}》 "),
    "written_rate": ("（記載の発動率{written}%）", " (written rate {written}%)"),
    "effect_not_met": ("　　→ {target}：条件 {facts} × → 効果なし", "    → {target}: condition {facts} × → no effect"),
    "expired_removed": ("{name}の{what}{color}除去", "{what} {color} removed from {name}"),
    "expired_keyword": ("{name}の《{keyword}》", "《{keyword}》 on {name}"),
    "expired_rate": ("{name}の発動率{value:+d}%", "rate {value:+d}% on {name}"),
})

REASONS = Catalog({
    "wipeout": ("相手のスタメン全員が戦闘不能", "every opposing starter knocked out"),
    "fukutsu": ("両者全滅、《不屈》のスタメン {a}人 対 {b}人", "both wiped out, 《不屈》 starters {a} to {b}"),
    "fukutsu_tie": ("両者全滅、《不屈》のスタメン同数 {a}人", "both wiped out, equal 《不屈》 starters ({a})"),
    "turn_cap": ("{n}ターンの上限（turn_cap）", "turn cap of {n} reached"),
    "final_dp": ("{draw}、決勝トーナメントのため DP {a} 対 {b}", "{draw}; final tournament: DP {a} to {b}"),
    "final_coin": ("{draw}、決勝トーナメントで DP 同点 {a}、ランダム：出目{face}（1=先攻／2=後攻）",
                   "{draw}; final tournament, equal DP {a}, random: die {face} (1 = first / 2 = second)"),
    "no_target": ("対象がいない", "nobody to affect"),
    "target_knocked_out": ("対象が戦闘不能", "target knocked out"),
    "target_not_starter": ("対象がスタメンでない", "target is not a starter"),
    "no_swap_partner": ("入れ替える相手がいない", "no one to swap with"),
    "self_target": ("自分自身へのアタック", "a character does not attack itself"),
    "not_knocked_out": ("対象が戦闘不能でない", "target is not knocked out"),
    "already_starter": ("対象がすでにスタメン", "target is already a starter"),
    "no_value": ("値を読む相手がいない", "nobody to read the value from"),
})

TIMING = {
    "ja": {"passive": "パッシブ", "turn_start": "ターン開始時", "before_action": "アクション前", "action": "アクション",
           "after_action": "アクション後", "counter": "カウンター"},
    "en": {"passive": "passive", "turn_start": "turn start", "before_action": "before action", "action": "action",
           "after_action": "after action", "counter": "counter"},
}
WORDS = {
    "ja": {"attack": "攻撃", "defense": "防御", "reaction": "反応", "order": "行動順", "colors": "色",
           "weaknesses": "弱点", "keywords": "キーワード", "states": "状態", "standing": "残り人数",
           "knocked_out": "戦闘不能数", "dp": "DP", "bout": "ターン数",
           "charge": "チャージ段階", "spent_charge": "消費したチャージ段階",
           "self": "自身", "facing_enemy": "対面の敵", "ally_active": "味方のアクティブ", "trigger": "トリガー元",
           "own_side": "自陣", "enemy_side": "敵陣", "round": "ラウンド", "target": "対象",
           "any_stat": "ステータス",
           "color": "色", "weakness": "弱点"},
    "en": {"attack": "ATK", "defense": "DEF", "reaction": "REA", "order": "order", "colors": "colours",
           "weaknesses": "weaknesses", "keywords": "keywords", "states": "states", "standing": "standing",
           "knocked_out": "knocked out", "dp": "DP", "bout": "turn",
           "charge": "charge level", "spent_charge": "charge level spent",
           "self": "self", "facing_enemy": "facing enemy", "ally_active": "allied active", "trigger": "trigger",
           "own_side": "own side", "enemy_side": "enemy side", "round": "round", "target": "target",
           "any_stat": "stat",
           "color": "colour", "weakness": "weakness"},
}
TRIGGERS = {  # LOGOS-5.4: a カウンター's ［trigger］ as it happened
    "ja": {"stat_up": "{who}の{stat}が増加したとき", "stat_down": "{who}の{stat}が減少したとき",
           "knocked_out": "{who}が戦闘不能になったとき", "attack": "{who}がアタックしたとき",
           "attacked": "{who}がアタックされたとき",
           # LOGOS-5.13
           "attack_hit": "{who}のアタックが成功したとき", "attack_miss": "{who}のアタックが失敗したとき",
           "critical": "{who}がクリティカルを出したとき", "skill_success": "{who}のスキルが発動したとき",
           "skill_failure": "{who}のスキルの発動判定が失敗したとき", "became_active": "{who}がアクティブになったとき",
           "turn_end": "{who}のターン終了時", "order_changed": "{who}の行動順が変わったとき",
           "charged": "{who}がチャージ状態になったとき", "charge_spent": "{who}のチャージ状態が解除されたとき",
           "color_changed": "{who}の色が変わったとき", "weakness_changed": "{who}の弱点が変わったとき",
           "revived": "{who}が戦闘不能から復帰したとき"},
    "en": {"stat_up": "{who}'s {stat} raised", "stat_down": "{who}'s {stat} lowered", "knocked_out": "{who} knocked out",
           "attack": "{who} attacks", "attacked": "{who} is attacked",
           "attack_hit": "{who}'s attack succeeds", "attack_miss": "{who}'s attack fails",
           "critical": "{who} scores a critical", "skill_success": "{who}'s skill activates",
           "skill_failure": "{who}'s activation check fails", "became_active": "{who} becomes active",
           "turn_end": "{who}'s turn ends", "order_changed": "{who}'s order changes",
           "charged": "{who} becomes charged", "charge_spent": "{who}'s charge is spent",
           "color_changed": "{who}'s colours change", "weakness_changed": "{who}'s weaknesses change",
           "revived": "{who} stands up again"},
}
SYMBOLS = {"at_least": "≧", "at_most": "≦", "above": ">", "below": "<", "equals": "=", "not_equals": "≠",
           "includes": "∋", "excludes": "∌"}
HEADERS = {
    "ja": ["順", "名前", "色", "弱点", "攻撃", "防御", "反応", "キーワード", "状態"],
    "en": ["#", "name", "colours", "weak", "ATK", "DEF", "REA", "keywords", "states"],
}
STATE_WORDS = {
    "ja": {"knocked_out": "戦闘不能", "charged": "チャージ", "hidden": "秘匿", "active": "アクティブ", "bench": "控え"},
    "en": {"knocked_out": "KO", "charged": "charged", "hidden": "hidden", "active": "active", "bench": "bench"},
}


@dataclass
class _Char:
    id: str
    name: str
    side: str
    base: dict[str, int]
    colors: list[str]
    weaknesses: list[str]
    keywords: list[str]
    secret: bool
    revealed: bool
    order: int | None = None
    knocked_out: bool = False
    charged: bool = False

    @property
    def hidden(self) -> bool:
        return self.secret and not self.revealed


@dataclass
class Board:
    """The setup with the events applied so far."""

    chars: dict[str, _Char]
    sides: dict[str, str]  # id -> name
    first: str | None = None
    dp: dict[str, int] = field(default_factory=dict)
    mods: dict[int, dict] = field(default_factory=dict)  # live stat/colour effects and fields, by seq

    @classmethod
    def from_setup(cls, setup: dict) -> "Board":
        chars = {cid: _Char(cid, c["name"], c["side"], {k: c[k] for k in ("attack", "defense", "reaction")},
                            list(c["colors"]), list(c["weaknesses"]), list(c.get("keywords", [])),
                            bool(c.get("secret", False)), bool(c.get("revealed", False)))
                 for cid, c in setup["characters"].items()}
        sides = {sid: s["name"] for sid, s in setup["sides"].items()}
        board = cls(chars, sides, dp={sid: s.get("dp", 0) for sid, s in setup["sides"].items()})
        if "round" in setup:  # a round under way (LOGOS-11): where it stands
            board.first = setup["round"]["first"]
            for s in setup["sides"].values():
                for n, cid in enumerate(s["starters"], 1):
                    c = chars[cid]
                    c.order, c.revealed = setup["characters"][cid].get("order", n), True
            for cid, c in setup["characters"].items():
                chars[cid].knocked_out = bool(c.get("knocked_out", False))
                chars[cid].charged = bool(c.get("charged", False))
            for e in setup.get("effects", []):
                board.mods[e["id"]] = {"kind": e["kind"], "character": e.get("bearer"), "stat": e.get("stat"),
                                       "value": e.get("value", 0), "color": e.get("color"),
                                       "applies_to": e.get("applies_to"), "owner_side": e.get("owner_side")}
        return board

    def side_order(self) -> list[str]:
        ids = list(self.sides)
        return ids if self.first is None else [self.first] + [s for s in ids if s != self.first]

    def stat(self, c: _Char, stat: str) -> int:
        value = c.base[stat]
        for m in self.mods.values():  # LOGOS-6.9: a set stat replaces what came before it
            if m["kind"] == "stat" and m["character"] == c.id and m["stat"] == stat:
                value = m["set"] if m.get("set") is not None else value + m["value"]
        for m in self.mods.values():
            if m["kind"] == "field" and m["stat"] == stat and (
                    m["applies_to"] == "all" or (m["applies_to"] == "allies") == (c.side == m["owner_side"])):
                value += m["value"]
        return value

    def listed(self, c: _Char, kind: str) -> list[str]:
        out = list({"color": c.colors, "weakness": c.weaknesses, "keyword": c.keywords}[kind])
        for m in self.mods.values():  # LOGOS-6.12: in the order made, a removal takes the item away
            if m["kind"] != kind or m["character"] != c.id:
                continue
            if m.get("removed"):
                if m["color"] in out:
                    out.remove(m["color"])
            elif m["color"] not in out:
                out.append(m["color"])
        return out

    def apply(self, e: dict) -> None:
        kind = e["kind"]
        if kind == "first_player":
            self.first = e["first"]
        elif kind == "lineup":
            for n, cid in enumerate(e["starters"], 1):
                self.chars[cid].order = n
        elif kind == "reveal":
            self.chars[e["character"]].revealed = True
        elif kind == "state" and e["state"] == "charged":
            self.chars[e["character"]].charged = e["on"]
        elif kind == "knocked_out":
            self.chars[e["character"]].knocked_out = True
        elif kind == "revived":
            self.chars[e["target"]].knocked_out = False
        elif kind == "dp":
            self.dp[e["side"]] = e["total"]
        elif kind == "order":
            for cid, n in e["orders"].items():
                self.chars[cid].order = n
        elif kind == "effect":
            op_kind = {"stat": "stat", "set_stat": "stat", "add_color": "color", "add_weakness": "weakness",
                       "remove_color": "color", "remove_weakness": "weakness", "add_keyword": "keyword",
                       "rate": "rate"}[e["op"]]
            self.mods[e["effect_id"]] = {"kind": op_kind, "character": e["target"], "stat": e.get("stat"),
                                   "value": e.get("value", 0), "set": e.get("set"),
                                   "color": e.get("color", e.get("keyword")), "removed": e.get("removed", False)}
        elif kind == "field":
            self.mods[e["effect_id"]] = {"kind": "field", "stat": e["stat"], "value": e["value"],
                                   "applies_to": e["applies_to"], "owner_side": e["owner_side"]}
        elif kind == "expire":
            self.mods.pop(e["effect_id"], None)
        elif kind == "effects_removed":
            for seq in e["removed"]:
                self.mods.pop(seq, None)


class Renderer:
    def __init__(self, log: dict, lang: str, view: str):
        self.log = log
        self.lang = lang
        self.view = view
        self.t = T.lang(lang)
        self.r = REASONS.lang(lang)
        self.w = WORDS[lang]
        self.setup = log["input"]["match"]["setup"]
        self.board = Board.from_setup(self.setup)
        # LOGOS-10.2: who the public view keeps secret — still in 秘匿状態 when the log ends
        starters = [c for t in log["turns"] for e in t["events"] if e["kind"] == "lineup" for c in e["starters"]]
        self.masked = [cid for cid, c in self.board.chars.items() if c.hidden and cid not in starters] \
            if view == "public" else []
        self.out = doc.Builder()
        self.bout_now = 0  # the ターン being rendered
        self.turn_end_bout = -1  # the ターン whose (9) counters have their heading
        self.timing_now = ""  # the timing of the last skill: its effects' durations read "パッシブ"
        self.expired: list[dict] = []  # expiries of this ターン, listed at (9)

    def name(self, cid: str | None) -> str:
        if cid is None:
            return "-"
        if cid in self.masked:
            return self.t("secret")
        return self.board.chars[cid].name if cid in self.board.chars else str(cid)

    def side(self, sid: str) -> str:
        return self.board.sides.get(sid, sid)

    # ------------------------------------------------------------------ whole report

    def render(self, turns: list[int]) -> list[doc.Block]:
        log, t, out = self.log, self.t, self.out
        from ...engine.ruleset import get_ruleset

        ruleset = get_ruleset(log["ruleset"])  # this one, found as any reader finds it: the report never imports its package

        out.heading(header.title_line(log, self.lang), level=1)
        out.group(header.rules_line(log, name=ruleset.name if self.lang == "ja" else ruleset.name_en, lang=self.lang),
                  t("stage", stage=t(self.setup.get("stage", "league"))),
                  header.options_line(log, options=OPTIONS, lang=self.lang))
        blocks = out.take()
        if not log["turns"]:  # nothing played yet: the opening post shows both teams
            blocks.append(doc.Heading(t("bout_zero"), level=2))
            blocks.extend(self.tables(roster=True))
        for turn in log["turns"]:
            turn_blocks = self.turn(turn)  # every turn is folded onto the board; the asked ones are shown
            if turn["turn"] in turns:
                blocks.extend(turn_blocks)
        blocks.extend(self.outcome(log["outcome"]))
        if any(c.order is not None for c in self.board.chars.values()):
            blocks.append(doc.Heading(t("state_head", when=t("at_end")), level=3))
            blocks.extend(self.tables())
        return blocks

    def turn(self, turn: dict) -> list[doc.Block]:
        """The blocks of one dhproc turn (the round): each event by its ``ev_<kind>`` method, and
        both teams' tables before the first ターン."""
        for e in turn["events"]:
            if e["kind"] == "bout_start" and e["bout"] == 1:
                self.out.heading(self.t("state_head", when=self.t("at_start")), level=3)
                for block in self.tables():
                    self.out.add(block)
            handler = getattr(self, "ev_" + e["kind"], None)
            if handler is not None:
                self.out.extend(handler(e))  # a handler that begins a block opens it itself
            self.board.apply(e)
        return self.out.take()

    # ------------------------------------------------------------------ events

    def _group(self, *lines: str) -> list[str]:
        """Begin a block of its own (a step of the ターン, one character's action)."""
        self.out.group(*lines)
        return []

    def ev_first_player(self, e: dict) -> list[str]:
        t = self.t
        a, b = list(self.board.sides)
        scope = t("scope_" + e["jinrai_scope"])
        items = []
        for sid in (a, b):
            names = "・".join(self.name(c) for c in e["jinrai"][sid])
            items.append(t("jinrai_item", side=self.side(sid), n=len(e["jinrai"][sid]))
                         + (t("members", names=names) if names else ""))
        lines = [t("jinrai", scope=scope, items="／".join(items))]
        hidden = [c for sid in (a, b) for c in e["jinrai_hidden"][sid]]
        if hidden and self.view != "public":
            lines.append(t("hidden_excluded", names="・".join(self.name(c) for c in hidden)))
        if e["rule_method"] != "jinrai":
            sums = "／".join(f"{self.side(sid)} {e['reaction_sum'][sid]}" for sid in (a, b))
            lines.append(t("reaction", scope=t("scope_" + e["reaction_sum_scope"]), items=sums))
            excluded = [c for sid in (a, b) for c in e["secret_excluded"][sid] if c not in self.masked]
            if excluded and self.view != "public":
                lines.append(t("secret_excluded", names="・".join(self.name(c) for c in excluded)))
        first = self.side(e["first"])
        if e["method"] == "announced":
            lines.append(t("first_announced", side=first))
            if e["rule_first"] is None:
                lines.append(t("announced_coin"))
            elif e["rule_first"] != e["first"]:
                lines.append(t("announced_differs", side=self.side(e["rule_first"])))
        elif e["method"] == "coin":
            lines.append(t("first_coin", face=e["coin"], a=self.side(a), b=self.side(b), side=first))
        else:
            lines.append(t("first_" + e["method"], side=first))
        lines.append(t("first_line", first=first, second=self.side(e["second"])))
        self.out.heading(t("first_head"), level=3)
        self.out.group(*lines)
        return []

    def ev_resume(self, e: dict) -> list[str]:
        self.out.heading(self.t("resume_head", bout=e["bout"], first=self.side(e["first"])), level=3)
        for block in self.tables():
            self.out.add(block)
        return []

    def ev_stopped(self, e: dict) -> list[str]:
        self.out.heading(self.t("stopped", bout=e["bout"]), level=2)
        return []

    def ev_awaiting(self, e: dict) -> list[str]:
        self.out.group(self.t("awaiting", side=self.side(e["side"])), gap=1)
        return []

    def ev_dice_kept(self, e: dict) -> list[str]:
        return [self.t("dice_kept", count=e["count"], faces="・".join(map(str, e["faces"])), side=self.side(e["step"]))]

    def ev_lineup(self, e: dict) -> list[str]:
        t = self.t
        if self.board.side_order()[0] == e["side"]:
            self.out.heading(t("lineup_head"), level=3)
        order = t("first" if e["side"] == self.board.first else "second")
        names = "　".join(f"{n}.{self.name(c)}" for n, c in enumerate(e["starters"], 1))
        return [t("lineup", side=self.side(e["side"]), order=order, names=names)]

    def ev_reveal(self, e: dict) -> list[str]:
        return [self.t("reveal", names=self.name(e["character"]))]

    def ev_timing(self, e: dict) -> list[str]:
        if e["timing"] == "passive":
            self.out.heading(self.t("passive_head"), level=3)
        else:
            self.out.group(self.t("turn_start"))
        return []

    def ev_state(self, e: dict) -> list[str]:
        if e["state"] != "charged":
            return []
        if e["reason"] == "round_start":
            return [self.t("charged_start", names=self.name(e["character"]))]
        if "level" in e:  # LOGOS-7.3
            return [self.t("charged_level", name=self.name(e["character"]), added=e["added"], level=e["level"])]
        return [self.t("charged_on" if e["on"] else "charged_off", name=self.name(e["character"]))]

    def ev_bout_start(self, e: dict) -> list[str]:
        self.bout_now = e["bout"]
        (sa, a), (sb, b) = list(e["actives"].items())
        st = e["stats"]
        self.out.heading(self.t("bout", n=e["bout"]), level=2)
        self.out.group(self.t("actives", a=self.name(a), sa=self.side(sa), aa=st[a]["attack"], ad=st[a]["defense"],
                              ar=st[a]["reaction"], b=self.name(b), sb=self.side(sb), ba=st[b]["attack"],
                              bd=st[b]["defense"], br=st[b]["reaction"]))
        return []

    def ev_initiative(self, e: dict) -> list[str]:
        a, b = e["order"]
        ra, rb = e["reaction"][a], e["reaction"][b]
        if e["tie"]:
            return self._group(self.t("initiative_tie", a=self.name(a), ra=ra, b=self.name(b), rb=rb,
                                      first=self.name(a), side=self.side(self.board.first or "")))
        return self._group(self.t("initiative", a=self.name(a), ra=ra, b=self.name(b), rb=rb, first=self.name(a)))

    def ev_act(self, e: dict) -> list[str]:
        return self._group(self.t("act_first" if e["mover"] == "first" else "act_second", name=self.name(e["actor"])))

    def ev_no_action(self, e: dict) -> list[str]:
        return [self.t("no_action")]

    def ev_skill(self, e: dict) -> list[str]:
        t, w = self.t, self.w
        timing = TIMING[self.lang][e["timing"]]
        if "trigger" in e:
            tr = e["trigger"]
            what = TRIGGERS[self.lang][tr["event"]].format(who=self.name(tr["character"]),
                                                          stat=w[tr["stat"]] if tr.get("stat") else w["any_stat"])
            timing = t("trigger", what=what)
        self.timing_now = e["timing"]
        if e.get("trigger", {}).get("event") == "turn_end" and self.turn_end_bout != self.bout_now:
            self.turn_end_bout = self.bout_now  # LOGOS-5.13: (9)'s counters form a step of their own
            self.out.group(t("turn_end_head"))
        if e["result"] == "knocked_out":
            return [t("skill_ko", skill=self.skill_name(e), timing=timing, name=self.name(e["character"]))]
        if e["result"] == "used_up":  # LOGOS-5.12
            limit = t("uses_" + e["uses"]["per"], n=e["uses"]["count"])
            return [t("skill", skill=self.skill_name(e), timing=timing, owner=t("owner", name=self.name(e["character"])),
                      cond="", check=t("used_up", limit=limit))]
        cond = ""
        if e["facts"]:
            facts = "、".join(self.fact(f) for f in e["facts"])
            cond = t("cond", facts=facts, mark="○" if e["result"] != "condition_not_met" else "×")
        if e["result"] == "condition_not_met":
            check = t("not_met")
        elif not e["checked"]:
            check = t("applies")
        elif e["face"] is None:
            check = t("check_sure", rate=e["rate"])
        else:
            check = t("check", rate=e["rate"], face=e["face"], verdict=t(e["result"]))
        if "written_rate" in e:  # LOGOS-6.14
            check += t("written_rate", written=e["written_rate"])
        return [t("skill", skill=self.skill_name(e), timing=timing, owner=t("owner", name=self.name(e["character"])),
                  cond=cond, check=check)]

    def skill_name(self, e: dict) -> str:
        return "？？？" if e["character"] in self.masked else e["skill"]

    def fact(self, f: dict) -> str:
        w = self.w
        def show(v: Any) -> str:
            if isinstance(v, list):
                return "［" + "・".join(self.word(x) for x in v) + "］"
            return "なし" if v is None and self.lang == "ja" else ("-" if v is None else self.word(v))
        subject = w[f["of"]] + ("の" if self.lang == "ja" else " ")
        operand = show(f["operand"])
        if "operand_of" in f:
            operand = w[f["operand_of"]] + ("の" if self.lang == "ja" else " ") + w[f["operand_attr"]] + operand
        return f"{subject}{w[f['attr']]}{show(f['value'])}{SYMBOLS[f['op']]}{operand}"

    def word(self, v: Any) -> str:
        if isinstance(v, str):
            if v in KEYWORDS:
                return f"《{KEYWORDS[v]}》"
            return STATE_WORDS[self.lang].get(v, v)
        return str(v)

    def dur(self, turns: int | None, passive: bool = False) -> str:
        if passive:
            return self.t("passive_dur")
        return self.t("round") if turns is None else self.t("turns", n=turns)

    def derived(self, dur: str, e: dict, key: str = "amount") -> str:
        """LOGOS-6.8: where a value read from the state came from: 「自身の防御8×1/2」."""
        a = e.get(key)
        if a is None:
            return dur
        calc = "".join(f"{sym}{a[k]}" for k, sym in (("times", "×"), ("divide", "/")) if k in a)
        calc += f"{a['plus']:+d}" if "plus" in a else ""
        calc += f"={a['value']}" if calc else ""
        return self.t("derived", dur=dur, of=self.w[a["of"]], attr=self.w[a["attr"]], read=a["read"], calc=calc)

    def ev_effect(self, e: dict) -> list[str]:
        dur = self.derived(self.dur(e["turns"], self.timing_now == "passive"), e)
        if e["op"] == "stat":
            return [self.t("effect_stat", target=self.name(e["target"]), stat=self.w[e["stat"]], before=e["before"],
                           after=e["after"], dur=dur)]
        if e["op"] == "set_stat":
            return [self.t("effect_set", target=self.name(e["target"]), stat=self.w[e["stat"]], before=e["before"],
                           after=e["after"], to=e["to"], dur=dur)]
        if e["op"] == "add_keyword":  # LOGOS-6.13
            return [self.t("effect_keyword", target=self.name(e["target"]), keyword=KEYWORDS[e["keyword"]], dur=dur)]
        if e["op"] == "rate":  # LOGOS-6.14
            skill = self.t("rate_skill", skill=e["for_skill"]) if e.get("for_skill") else ""
            return [self.t("effect_rate", target=self.name(e["target"]), skill=skill, value=e["value"], dur=dur)]
        what = self.w["color" if e["op"] in ("add_color", "remove_color") else "weakness"]
        if e.get("removed"):  # LOGOS-6.12
            return [self.t("effect_removed", target=self.name(e["target"]), what=what, color=e["color"], dur=dur)]
        if e.get("via"):  # LOGOS-6.13: the second colour a granted 《猛攻》 comes with
            return [self.t("effect_keyword_color", target=self.name(e["target"]), keyword=KEYWORDS[e["via"]],
                           what=what, color=e["color"], dur=dur)]
        return [self.t("effect_list", target=self.name(e["target"]), what=what, color=e["color"], dur=dur)]

    def ev_field(self, e: dict) -> list[str]:
        scope = self.t("scope_all") if e["applies_to"] == "all" else self.side(
            e["owner_side"] if e["applies_to"] == "allies" else next(s for s in self.board.sides if s != e["owner_side"]))
        return [self.t("field", name=e["name"], scope=scope, stat=self.w[e["stat"]], value=e["value"],
                       dur=self.derived(self.dur(e["turns"]), e))]

    def ev_order(self, e: dict) -> list[str]:
        items = "、".join(self.t("order_item", name=self.name(c["character"]),
                                 a=self.t("reserve") if c["from"] is None else c["from"], b=c["to"])
                         for c in e["changes"])
        return [self.t("order", side=self.side(e["side"]), changes=items or "-")]

    def ev_effects_removed(self, e: dict) -> list[str]:
        return [self.t("removed", target=self.name(e["target"]), n=len(e["removed"]))]

    def ev_cancel(self, e: dict) -> list[str]:
        if e["reason"] == "condition_not_met":  # LOGOS-6.15
            return [self.t("effect_not_met", target=self.name(e["target"]),
                           facts="、".join(self.fact(f) for f in e["facts"]))]
        return [self.t("cancel", why=self.r(e["reason"]))]

    def ev_attack(self, e: dict) -> list[str]:
        t = self.t
        lines = [t("attack_skill", skill=e["skill"])] if e.get("skill") else []
        verdict = t("critical") if e["critical"] else t("hit" if e["success"] else "miss")
        cmark = "○（" + "・".join(e["matched"]) + "）" if e["color_hit"] else "×"
        lines.append(t("attack", target=self.name(e["target"]), colors="・".join(e["colors"]),
                       weak="・".join(e["weaknesses"]), cmark=cmark, atk=e["attack"], dfn=e["defense"],
                       pmark="○" if e["power_hit"] else "×", verdict=verdict))
        return lines

    def ev_no_attack(self, e: dict) -> list[str]:
        if e["reason"] == "attack_zero":
            return [self.t("no_attack_zero", atk=e["attack"])]
        if e["reason"] == "target_knocked_out":
            return [self.t("no_attack_ko", target=self.name(e["target"]))]
        if e["reason"] == "attacker_knocked_out":
            return [self.t("no_attack_self_ko", name=self.name(e["actor"]))]
        return [self.t("no_attack_failed", skill=e["skill"])]

    def ev_knocked_out(self, e: dict) -> list[str]:
        return [] if e["cause"] == "draw" else [self.t("ko", name=self.name(e["character"]))]

    def ev_dp(self, e: dict) -> list[str]:
        if e["reason"] == "effect":  # LOGOS-6.10
            return [self.t("dp_effect", side=self.side(e["side"]), amount=e["amount"], total=e["total"])]
        return [self.t("dp", side=self.side(e["side"]), amount=e["amount"], total=e["total"])]

    def ev_revived(self, e: dict) -> list[str]:
        return [self.t("revived", name=self.name(e["target"]))]

    def ev_bout_draw(self, e: dict) -> list[str]:
        return self._group(self.t("draw", names="・".join(self.name(c) for c in e["characters"])))

    def ev_expire(self, e: dict) -> list[str]:
        if e.get("replaced"):
            return [self.t("replaced", name=e["name"])]
        self.expired.append(e)
        return []

    def ev_bout_end(self, e: dict) -> list[str]:
        items = []
        for x in self.expired:
            if x["effect"] == "stat" and "set" in x:
                items.append(self.t("expired_set", name=self.name(x["character"]), stat=self.w[x["stat"]],
                                    value=x["set"]))
            elif x["effect"] == "stat":
                items.append(self.t("expired_stat", name=self.name(x["character"]), stat=self.w[x["stat"]],
                                    value=x["value"]))
            elif x["effect"] == "field":
                line = self.t("expired_field", name=x["name"])
                if line not in items:  # a field of several stats ends once (LOGOS-6.4)
                    items.append(line)
            elif x["effect"] == "keyword":
                items.append(self.t("expired_keyword", name=self.name(x["character"]), keyword=KEYWORDS[x["keyword"]]))
            elif x["effect"] == "rate":
                items.append(self.t("expired_rate", name=self.name(x["character"]), value=x["value"]))
            elif x.get("removed"):
                items.append(self.t("expired_removed", name=self.name(x["character"]), what=self.w[x["effect"]],
                                    color=x["color"]))
            else:
                items.append(self.t("expired_color", name=self.name(x["character"]), what=self.w[x["effect"]],
                                    color=x["color"]))
        self.expired = []
        return self._group(self.t("end", expired=self.t("expired", items="、".join(items)) if items else ""))

    def ev_judge(self, e: dict) -> list[str]:
        items = "／".join(self.t("judge_item", side=self.side(s), n=n) for s, n in e["standing"].items())
        return self._group(self.t("judge", items=items))

    def ev_outcome(self, e: dict) -> list[str]:
        return self._group(self.t("decided", result=self.result_line(e)))

    # ------------------------------------------------------------------ outcome and tables

    def outcome(self, o: dict) -> list[doc.Block]:
        t = self.t
        ev = next((e for tn in self.log["turns"] for e in tn["events"] if e["kind"] == "outcome"), None)
        if o["result"] == "ongoing" or ev is None:
            return [doc.Heading(t("outcome_head"), level=2), doc.Lines.of(t("outcome_ongoing"), gap=0)]
        dp = "／".join(f"{self.side(s)} {n}" for s, n in ev["dp"].items())
        return [doc.Heading(t("outcome_head"), level=2),
                doc.Lines.of("■" + self.result_line(ev), t("dp_line", items=dp), gap=0)]

    def result_line(self, ev: dict) -> str:
        reason = self.reason(ev)
        if ev["result"] == "win":
            return self.t("outcome_win", side=self.side(ev["winner"]), reason=reason)
        return self.t("outcome_draw", reason=reason)

    def reason(self, ev: dict) -> str:
        r = self.r
        order = list(ev["dp"])
        if ev["reason"] in ("fukutsu", "fukutsu_tie"):
            a, b = (ev["fukutsu"][s] for s in order)
            return r(ev["reason"], a=max(a, b) if ev["reason"] == "fukutsu" else a,
                     b=min(a, b) if ev["reason"] == "fukutsu" else b)
        if ev["reason"] == "turn_cap":
            return r("turn_cap", n=self.log["options"]["turn_cap"])
        if ev["reason"] in ("final_dp", "final_coin"):
            inner = dict(ev, reason=ev["draw_reason"])
            draw = self.reason(inner)
            a, b = (ev["dp"][s] for s in order)
            if ev["reason"] == "final_dp":
                return r("final_dp", draw=draw, a=max(a, b), b=min(a, b))
            return r("final_coin", draw=draw, a=a, face=ev["coin"])
        return r(ev["reason"])

    def tables(self, roster: bool = False) -> list[doc.Block]:
        """Each side's starters in order; ``roster``: before the lineup, every member (a character
        the public view keeps secret shows no stats)."""
        blocks: list[doc.Block] = []
        for n, sid in enumerate(self.board.side_order()):
            caption = (f"{self.side(sid)}　DP：{self.board.dp[sid]}" if self.lang == "ja"
                       else f"{self.side(sid)}   DP: {self.board.dp[sid]}")
            rows = []
            members = [c for c in self.board.chars.values() if c.side == sid]
            starters = sorted((c for c in members if c.order is not None), key=lambda c: c.order or 0)
            if roster:
                starters = members
            for c in starters:
                if c.id in self.masked:
                    rows.append([None, self.name(c.id)] + [None] * 7)
                    continue
                states = [STATE_WORDS[self.lang][s] for s, on in (("knocked_out", c.knocked_out),
                                                                  ("charged", c.charged)) if on]
                rows.append([c.order, c.name, "・".join(self.board.listed(c, "color")),
                             "・".join(self.board.listed(c, "weakness")), self.board.stat(c, "attack"),
                             self.board.stat(c, "defense"), self.board.stat(c, "reaction"),
                             "".join(f"《{KEYWORDS[k]}》" for k in self.board.listed(c, "keyword")),
                             "・".join(states)])
            blocks.append(doc.Table.of(HEADERS[self.lang], rows, caption=caption, gap=1 if n else 0))
            bench = [self.name(c.id) for c in members if c.order is None]
            if bench and not roster:
                blocks.append(doc.Lines.of(self.t("bench", names="、".join(bench)), gap=0))
        return blocks


def outcome_line(log: dict, *, lang: str) -> str:
    """The outcome as the report's result line (``dhproc summary``)."""
    renderer = Renderer(log, lang, "gk")
    ev = next((e for tn in log["turns"] for e in tn["events"] if e["kind"] == "outcome"), None)
    return renderer.t("outcome_ongoing") if ev is None else "■" + renderer.result_line(ev)


KILL_CAUSES = Catalog({"draw": ("（引き分け）", "(drawn bout)")})


def kill_cause(e: dict, lang: str) -> str | None:
    """``dhproc summary``: a 戦闘不能 nobody dealt — both starters of a drawn bout (LOGOS-6)."""
    return KILL_CAUSES.lang(lang)(e["cause"]) if e["cause"] == "draw" else None


def skill_fired(e: dict) -> tuple[str, str] | None:
    """A skill counts as used in the summary when it fired (its check succeeded or it applies)."""
    if e["kind"] == "skill" and e["result"] == "success":
        return e["character"], e["skill"]
    return None


def report_blocks(log: dict, *, lang: str, view: str, turns: list[int]) -> list[doc.Block]:
    return Renderer(log, lang, view).render(turns)


def render(log: dict, *, lang: str, view: str, turns: list[int]) -> str:
    return doc.to_text(report_blocks(log, lang=lang, view=view, turns=turns))
