"""The dh processing report, in the layout GKs post: per turn and phase, one block per 行動,
every die with its rate and verdict, state tables and the MAP at each turn's end, the outcome.

Rendered from the log alone: :class:`Board` folds the events onto the setup, so the tables of
every turn come from the events and never from live resolution state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...report import document as doc
from ...report import header
from ...words.messages import Catalog
from .checks import board_of, transfer_side
from .model import ROW_LABELS, col_label, parse_square, turn_of

PHASE_NAMES = ("first", "second", "transfer")  # the phases of a turn, in order (DH-2.1, DH-14.2)
from .options import OPTIONS

T = Catalog({
    "turn": ("■{turn}ターン目", "■ Turn {turn}"),
    "turn_zero": ("■第0ターン（開始時の配置）", "■ Turn 0 (the starting positions)"),
    "phase": ("【{order}：{side} フェイズ】", "[{order}: {side} phase]"),
    "first": ("先攻", "first"),
    "second": ("後攻", "second"),
    "transfer": ("転校生", "transfer student"),
    "transfer_arrival": ("◇転校生：{name}が{at}に登場", "◇ transfer student: {name} appears on {at}"),
    "transfer_side": ("{side}（転校生）", "{side} (transfer student)"),
    "dp_transfer": ("［転校生の所持DP{base}×{by}{mult}］", " [the transfer student's held DP {base} × {by} {mult}]"),
    "dp_transfer_kill": ("　→ 転校生による撃破のためDPなし", "  → killed by a transfer student: no DP"),
    "dp_no_player_killer": ("　→ 転校生を倒したのはプレイヤー陣営のキャラではないためDPなし",
                            "  → no player side's character killed the transfer student: no DP"),
    "dp_transfer_none": ("　→ 転校生を倒してもDPなし（オプション transfer_dp_to: none）",
                         "  → no DP for a transfer student (option transfer_dp_to: none)"),
    "check_auto": ("　{what}{rate}% → {verdict}（転校生：自動成功）", "  {what} {rate}% → {verdict} (transfer student: succeeds without a roll)"),
    "what_activation": ("発動率", "activation"),
    "what_success": ("成功率", "success"),
    "awaiting": ("【{order}：{side} フェイズ】行動提出待ち", "[{order}: {side} phase] awaiting submission"),
    "dice_kept": ("　※記録済みの出目{count}個（{faces}）は{side}のフェイズ用に保留",
                  "  * {count} recorded dice ({faces}) are kept for {side}'s phase"),
    "actor": ("◆{name}", "◆ {name}"),
    "controlled_actor": ("◆{name}（{by}が完全操作）", "◆ {name} (controlled by {by})"),
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
    "dp_leader": ("［{who}{base}×{by}{mult}］", " [{who} {base} × {by} {mult}]"),
    "dp_leader_who": ("リーダー撃破", "leader"),
    "dp_plain_who": ("撃破", "kill"),
    "dp_leader_by": ("リーダーによる撃破", "leader's kill"),
    "dp_plain_by": ("撃破者", "killer"),
    "dp_none": ("　→ 内ゲバのためDPなし", "  → killed by an ally: no DP"),
    "turn_state": ("［{turn}ターン終了時］", "[End of turn {turn}]"),
    "turn_state_awaiting": ("［{turn}ターン途中：{side}の行動提出待ち］", "[Turn {turn} so far: awaiting {side}]"),
    "side_dp": ("{side}　DP：{dp}", "{side}   DP: {dp}"),
    "map": ("MAP", "MAP"),
    "outcome_win": ("■結果：{side}の勝利（{reason}）", "■ Result: {side} wins ({reason})"),
    "outcome_draw": ("■結果：引き分け（{reason}）", "■ Result: draw ({reason})"),
    "outcome_ongoing": ("■途中経過：DP {items}", "■ In progress: DP {items}"),
    "dead_mark": ("（死）", " (dead)"),
    "game_start": ("【ゲーム開始時】", "[Game start]"),
    "passive_actor": ("◆{name}（パッシブ）", "◆ {name} (passive)"),
    "ability": ("　特殊能力「{ability}」{targets}", "  ability 「{ability}」{targets}"),
    "line_direction": ("（{way}方向）", " ({way})"),
    "ability_targets": ("→{names}", " → {names}"),
    "check_activation": ("　発動率{rate}%{basis}　出目{face} → {verdict}", "  activation {rate}%{basis}   die {face} → {verdict}"),
    "check_success": ("　成功率{rate}%{basis}　出目{face} → {verdict}", "  success {rate}%{basis}   die {face} → {verdict}"),
    "check_activation_sure": ("　発動率{rate}%{basis} → 発動（判定不要）", "  activation {rate}%{basis} → activates (no roll needed)"),
    "check_success_sure": ("　成功率{rate}%{basis} → 成功（判定不要）", "  success {rate}%{basis} → succeeds (no roll needed)"),
    "mental_basis": ("（{name}の精神{spirit}）", " ({name}'s spirit {spirit})"),
    "effect_label": ("［効果{index}］", " [effect {index}]"),
    "fired": ("発動", "activates"),
    "misfire": ("不発", "fails"),
    "succeeded": ("成功", "succeeds"),
    "failed": ("失敗", "fails"),
    "stat_change": ("　{name}の{stat}{before}→{after}", "  {name}: {stat} {before}→{after}"),
    "stat_same": ("　{name}の{stat}は{value}のまま（変化なし）", "  {name}: {stat} stays {value} (no change)"),
    "effect_start": ("　{name}：{what}（{until}）", "  {name}: {what} ({until})"),
    "until_turn": ("{turn}ターン目の{side}フェイズ直前まで", "until just before {side}'s phase of turn {turn}"),
    "permanent": ("永続", "permanent"),
    "effect_end": ("◇{name}：{what}終了{why}", "◇ {name}: {what} ends{why}"),
    "cost_stat": ("　制約：{stat}消費{owed}（{payer}の{stat}{before}→{after}）{short}",
                  "  cost: {stat} {owed} ({payer}'s {stat} {before}→{after}){short}"),
    "cost_short": ("※{paid}のみ支払い", " (only {paid} paid)"),
    "cost_dp": ("　制約：DP消費{owed}（{side} 計{total}）{short}", "  cost: {owed} DP ({side} total {total}){short}"),
    "cost_gift": ("　制約：DP献上{owed}（{side} 計{total}）", "  cost: {owed} DP to {side} (total {total})"),
    "cost_other": ("　制約：{what}", "  cost: {what}"),
    "rest": ("　→ 能力休み（{turn}ターン目の{side}フェイズ直前まで）",
             "  → ability rest (until just before {side}'s phase of turn {turn})"),
    "suppressed": ("　制約を支払えないため効果なし", "  the cost cannot be paid: no effect"),
    "cancel_ability": ("　特殊能力「{ability}」{target}：{why}のため発動キャンセル",
                       "  ability 「{ability}」{target}: {why}, activation cancelled"),
    "cancel_counter": ("　カウンター「{ability}」：{why}のため発動キャンセル", "  counter 「{ability}」: {why}, cancelled"),
    "cancel_target": ("→{name}", " → {name}"),
    "cause": ("（{cause}）", " ({cause})"),
    "cancel_effect": ("　効果：{why}のため無効", "  effect: {why}, nothing happens"),
    "counter_armed": ("　→ カウンター待受状態（条件：{when}／{turn}ターン目の{side}フェイズ直前まで）",
                      "  → waiting to counter (when {when}; until just before {side}'s phase of turn {turn})"),
    "counter_fire": ("◇カウンター「{ability}」（{name}）：{trigger}", "◇ counter 「{ability}」 ({name}): {trigger}"),
    "field_set": ("　フィールド設置：{squares}", "  field set on {squares}"),
    "field_moved": ("　フィールド移動：{squares}", "  the field moves to {squares}"),
    "field_roll": ("◇フィールド「{ability}」（{name}）{why}：成功判定", "◇ field 「{ability}」 ({name}) {why}: success check"),
    "extra": ("　→ {name}に再行動", "  → {name} acts again"),
    "extra_actor": ("◆{name}（再行動）", "◆ {name} (extra action)"),
    "arrive": ("　{name}が{at}に登場", "  {name} appears on {at}"),
    "leave": ("◇{name}：召喚終了（控えへ）", "◇ {name}: summon ends (back to the bench)"),
    "withdraw": ("　{name}が戦線離脱{perm}", "  {name} withdraws{perm}"),
    "withdraw_perm": ("（永続）", " (permanently)"),
    "return": ("◇{name}が{at}に復帰", "◇ {name} returns on {at}"),
    "revive": ("　{name}が蘇生（体力{hp}）", "  {name} is revived (HP {hp})"),
    "wall_built": ("　{at}に壁を設置", "  a wall is built on {at}"),
    "wall_broken": ("　{at}の壁を破壊", "  the wall on {at} is broken"),
    "barricade": ("　{at}にバリケードを設置（{until}）", "  a barricade is set on {at} ({until})"),
    "zoc_field_set": ("　ZoCフィールド設置：{squares}（{until}）", "  ZoC field set on {squares} ({until})"),
    "sealed_arrival": ("◇封印キャラ：{name}が{at}に登場", "◇ sealed character: {name} appears on {at}"),
    "reinforcement": ("◇増援：{name}が{at}に登場{die}", "◇ reinforcement: {name} appears on {at}{die}"),
    "reinforcement_die": ("（出目{face}／{pool}人）", " (die {face} of {pool})"),
    "reinforcement_none": ("◇増援{who}：{why}のため登場なし", "◇ reinforcement{who}: none arrives ({why})"),
    "reinforcement_who": ("（{name}{die}）", " ({name}{die})"),
    "barricade_mark": ("（バリケード）", "(barricade)"),
    "push_short": ("　※{at}より先へは進めず停止", "  * could go no further than {at}"),
    "blocked": ("　{name}：特殊能力無効により効果なし", "  {name}: the barrier blocks it"),
    "grant_repeat": ("◇付与効果（{user}→{name}）", "◇ lasting effect ({user} → {name})"),
    "dp_ability": ("　→ {side} DP+{amount}（計{total}）", "  → {side} DP +{amount} (total {total})"),
    "secret": ("？？？", "???"),
    "hp_per_phase": ("{stat}{amount}（使用者側のフェイズ開始ごと）", "{stat} {amount} at each of its user side's phase starts"),
    "cancel_strike": ("　通常攻撃→{target}：{why}のため不発", "  normal attack → {target}: {why}, it does not happen"),
    "timing_before": ("（先手）", " (before)"),
    "timing_same": ("（同時）", " (at the same moment)"),
    "delayed": ("　→ 効果{index}{targets}は{turn}ターン目の{side}フェイズ開始時に発生（遅延）",
                "  → effect {index}{targets} takes effect at the start of {side}'s phase of turn {turn} (delayed)"),
    "delayed_targets": ("（→{names}）", " (on {names})"),
    "prepared": ("　→ 効果{index}は準備：{turn}ターン目の{side}フェイズ開始時に対象を指定して発生",
                 "  → effect {index} is prepared: its targets are named at the start of {side}'s phase of turn {turn}"),
    "lands": ("◇遅延効果「{ability}」（{name}）：効果{index}発生{targets}",
              "◇ delayed effect 「{ability}」 ({name}): effect {index} takes effect{targets}"),
    "granted_mark": ("（付与）", " (given)"),
    "granted_what": ("特殊能力「{name}」付与", "given the ability 「{name}」"),
    "swap_own": ("{first}⇔{second}入れ替え", "{first} and {second} swapped"),
    "swap_with": ("{stat}を{name}と入れ替え", "{stat} swapped with {name}'s"),
    "reduced": ("　{name}：{stat}ダメージ軽減{by}（{amount}→{after}）",
                "  {name}: {stat} damage reduced by {by} ({amount}→{after})"),
    # 発動率 / 成功率 操作 (DH-11.20) and 応援ボーナス (DH-15)
    "rate_working": ("（{base}%から：{steps}）", " (from {base}%: {steps})"),
    "step_add": ("効果{value:+d}", "effect {value:+d}"),
    "step_set": ("効果で{value}%", "effect sets {value}%"),
    "step_half": ("効果で半減", "effect halves"),
    "step_bonus": ("応援ボーナス+{value}", "応援ボーナス +{value}"),
    "hit_bonus": ("{base}%＋応援ボーナス{bonus}={rate}", "{base}% + 応援ボーナス {bonus} = {rate}"),
    "support_spent": ("　→ 応援ボーナス{points}点を使用（{side} 残り{remaining}点）",
                      "  → {points} 応援ボーナス points spent ({side}: {remaining} left)"),
    "support_kept": ("　→ 応援ボーナス{points}点はなくても成功のため消費なし（{side} 残り{remaining}点）",
                     "  → the roll succeeds without them: {points} 応援ボーナス points kept ({side}: {remaining} left)"),
    "outcome_bonus": ("（応援ボーナス残り：{items}）", " (応援ボーナス left: {items})"),
    "side_bonus": ("　応援ボーナス残り：{points}", "   応援ボーナス left: {points}"),
})

DIRECTION_NAMES = {"ja": {"up": "上", "down": "下", "left": "左", "right": "右"},
                   "en": {"up": "upwards", "down": "downwards", "left": "to the left", "right": "to the right"}}

STAT_NAMES = {
    "ja": {"hp": "体力", "spirit": "精神", "attack": "攻撃力", "defense": "防御力", "fs": "FS", "movement": "移動力"},
    "en": {"hp": "HP", "spirit": "spirit", "attack": "ATK", "defense": "DEF", "fs": "FS", "movement": "movement"},
}
EFFECT_NAMES = {
    "ja": {"barrier": "特殊能力無効", "incapacitate": "行動不能", "movement_change": "移動力{sign}{amount}",
           "zoc_ignore": "ZoC無視", "withdraw": "戦線離脱", "summon": "召喚", "repeat": "付与効果",
           "ability_rest": "能力休み", "counter": "カウンター待受", "field": "フィールド",
           "damage_reduction": "{stat}ダメージ軽減{amount}", "seal": "{seal}封印", "control": "完全操作",
           "wall_entry": "壁進入", "barricade_cross": "バリケード突破", "counter_pass": "移動カウンター突破",
           "barricade": "バリケード", "zoc_field": "ZoCフィールド", "delayed": "遅延効果"},
    "en": {"barrier": "barrier", "incapacitate": "unable to act", "movement_change": "movement {sign}{amount}",
           "zoc_ignore": "ignores ZoC", "withdraw": "withdrawn", "summon": "summoned", "repeat": "lasting effect",
           "ability_rest": "ability rest", "counter": "counter waiting", "field": "field",
           "damage_reduction": "{stat} damage reduced by {amount}", "seal": "{seal} sealed",
           "control": "under control", "wall_entry": "may enter walls", "barricade_cross": "crosses barricades",
           "counter_pass": "passes movement counters", "barricade": "barricade", "zoc_field": "ZoC field",
           "delayed": "delayed effect"},
}
RATES = {  # 発動率 / 成功率 操作 (DH-11.20): which rate
    "ja": {"activation": "発動率", "success": "成功率", "both": "発動率・成功率"},
    "en": {"activation": "activation rate", "success": "success rate", "both": "activation and success rates"},
}
SEALS = {  # 封印 (DH-11.15): what is sealed
    "ja": {"action": "動作", "move": "移動", "ability": "特殊能力", "attack": "通常攻撃"},
    "en": {"action": "action", "move": "move", "ability": "ability", "attack": "normal attack"},
}
COSTS = {
    "ja": {"extra_rest": "追加休み{turns}ターン", "permanent_incapacitation": "永続行動不能",
           "permanent_withdrawal": "永続戦線離脱", "self_death": "自分死亡", "movement": "移動力消費{owed}"},
    "en": {"extra_rest": "{turns} more turns of rest", "permanent_incapacitation": "permanently unable to act",
           "permanent_withdrawal": "permanent withdrawal", "self_death": "its own death", "movement": "{owed} movement"},
}

HEADERS = {
    "ja": ["名前", "攻撃", "防御", "体力", "精神", "FS", "位置", "能力", "備考"],
    "en": ["name", "ATK", "DEF", "HP", "SPI", "FS", "square", "ability", "notes"],
}

REASONS = Catalog({
    "dead": ("死亡", "dead"),
    "battle_over": ("決着がついた", "the match is decided"),
    "not_reached": ("その行動の番が来なかった", "its turn to act never came"),
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
    "resting": ("能力休み中", "resting after an ability"),
    "incapacitated": ("行動不能", "unable to act"),
    "withdrawn": ("戦線離脱中", "withdrawn"),
    "sealed_character": ("封印キャラ（2ターン目に登場）", "sealed character (arrives in turn 2)"),
    "no_target": ("対象なし", "no target"),
    "invalid_target": ("対象が不適正", "invalid target"),
    "cause_out_of_range": ("射程外", "out of range"),
    "cause_wrong_side": ("対象の種別と違う陣営", "not of the side the ability takes"),
    "cause_dead": ("死亡済み", "dead"),
    "cause_alive": ("死亡していない", "not dead"),
    "cause_not_on_map": ("MAP上に不在", "not on the MAP"),
    "too_many_targets": ("対象が多すぎる", "too many targets"),
    "no_square": ("対象マスの指定なし", "no square named"),
    "square_out_of_range": ("対象マスが範囲外", "the square is out of range"),
    "no_effects": ("効果未設定", "no effects"),
    "used_up": ("使用回数切れ", "no uses left"),
    "not_this_turn": ("使用可能ターン外", "not usable this turn"),
    "condition_unmet": ("発動条件不成立", "its condition does not hold"),
    "no_payer": ("制約の支払い役なし", "no ally named to pay"),
    "cost_unpayable": ("制約の支払い不能", "its cost cannot be paid"),
    "invalid_payer": ("制約の支払い役が不適正", "the paying ally is not in range"),
    "own_rest": ("自分の能力休みは解除できない", "its own rest cannot be released"),
    "delayed_note": ("遅延効果待ち", "delayed effect pending"),
    "user_gone": ("使用者がMAPにいない", "its user is not on the MAP"),
    "granted_note": ("特殊能力付与", "given an ability"),
    "not_granted": ("付与されていない能力", "it has not been given that ability"),
    "grant_ended": ("（特殊能力付与の終了）", " (its grant ended)"),
    "swap_note": ("ステータス入れ替え中", "stats swapped"),
    "nothing_to_swap": ("入れ替えるものが同じ", "it would swap a value with itself"),
    "no_destination": ("移動先なし", "no destination"),
    "out_of_range": ("範囲外", "out of range"),
    "already_on_map": ("召喚対象が既にMAP上", "already on the MAP"),
    "bad_wall_square": ("壁のマスが不適正", "not a square for a wall"),
    "bad_barricade_square": ("バリケードのマスが不適正", "not a square for a barricade"),
    "barricade": ("バリケード", "a barricade"),
    "no_reserve": ("控えなし", "no one on the bench"),
    "no_arrival_square": ("登場できるマスなし", "no free square to arrive on"),
    "no_direction": ("押し出す方向が決まらない", "no direction to push in"),
    "no_line_direction": ("範囲の方向の指定なし", "no direction named for its line"),
    "push_blocked": ("壁・MAP端で押し出せない", "a wall or the edge stops the push"),
    "rest_note": ("能力休み", "resting"),
    "counter_note": ("カウンター待受", "counter waiting"),
    "incap_note": ("行動不能", "unable to act"),
    "barrier_note": ("特殊能力無効", "barrier"),
    "reduction_note": ("ダメージ軽減", "damage reduction"),
    "seal_note": ("{what}封印", "{what} sealed"),
    "sealed_action": ("動作封印中", "its action is sealed"),
    "countered": ("先手カウンター", "a counter acting first"),
    "controlled": ("他陣営の完全操作中", "under another side's control"),
    "not_controlled": ("この陣営の完全操作下にない", "not under this side's control"),
    "control_note": ("完全操作", "under control"),
    "sealed_move": ("移動封印中", "its move is sealed"),
    "sealed_ability": ("特殊能力封印中", "its ability is sealed"),
    "sealed_attack": ("通常攻撃封印中", "its normal attack is sealed"),
    "withdrawn_note": ("戦線離脱", "withdrawn"),
    "sealed_note": ("封印（未登場）", "sealed (not yet arrived)"),
    "buff_note": ("{stat}{sign}{amount}", "{stat} {sign}{amount}"),
    "expired": ("", ""),
    "death": ("（死亡）", " (death)"),
    "left_field": ("（フィールド外へ）", " (left the field)"),
    "field_ended": ("（フィールド終了）", " (field ended)"),
    "released": ("（解除）", " (released)"),
    "removed": ("（解除）", " (removed)"),
    "entry": ("侵入", "on entry"),
    "phase_start": ("自軍フェイズ開始", "at its side's phase start"),
    "attacked_by_enemy": ("敵から通常攻撃を受けた時", "attacked by an enemy"),
    "targeted_by_enemy_ability": ("敵の特殊能力の対象になった時", "targeted by an enemy ability"),
    "targeted_by_enemy": ("敵の行動の対象になった時", "targeted by an enemy"),
    "killed_by_enemy": ("敵に殺された時", "killed by an enemy"),
    "killed": ("死亡した時", "killed"),
    "enemy_enters_range": ("敵が範囲内に侵入した時", "an enemy enters range"),
    "enemy_ends_action_in_range": ("敵が範囲内で行動を終えた時", "an enemy ends its action in range"),
    "enemy_uses_ability_in_range": ("敵が範囲内で特殊能力を使った時", "an enemy uses an ability in range"),
    "enemy_attacks_in_range": ("敵が範囲内で通常攻撃した時", "an enemy attacks in range"),
    "ally_ends_action_in_range": ("味方が範囲内で行動を終えた時", "an ally ends its action in range"),
    "self_kills_enemy": ("敵を殺した時", "it kills an enemy"),
    "self_hits": ("攻撃を命中させた時", "it lands a hit"),
    "sole_target_of_enemy_ability": ("敵の特殊能力の単独対象になった時", "the sole target of an enemy ability"),
    "sole_target_of_enemy": ("敵の行動の単独対象になった時", "the sole target of an enemy's action"),
    "trig_attacked": ("{by}の通常攻撃", "{by}'s normal attack"),
    "trig_hit": ("{by}の命中", "{by}'s hit"),
    "trig_targeted_by_ability": ("{by}の特殊能力", "{by}'s ability"),
    "trig_killed": ("{by}による死亡", "a death by {by}"),
    "trig_killed_before": ("{by}に殺される直前", "about to be killed by {by}"),
    "trig_entered": ("{by}の侵入", "{by} entering"),
    "trig_action_end": ("{by}の行動終了", "{by} ending its action"),
    "trig_ability_used": ("{by}の特殊能力使用", "{by} using an ability"),
    "cost_death": ("死亡", "death"),
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
    never_dying: bool = False  # a 転校生 under transfer_dying: immune (DH-14.8)


@dataclass
class Board:
    """The setup with the events applied so far."""

    chars: dict[str, _Char]
    sides: dict[str, dict[str, Any]]
    order: list[str]
    dp: dict[str, int] = field(default_factory=dict)
    walls: list[str] = field(default_factory=list)
    barricades: list[str] = field(default_factory=list)
    effects: dict[int, dict[str, Any]] = field(default_factory=dict)  # live lasting effects by seq
    withdrawn: list[str] = field(default_factory=list)
    sealed: list[str] = field(default_factory=list)  # 封印キャラ not yet arrived (DH-4.6)
    revealed: list[str] = field(default_factory=list)  # whose secret ability has been used, so shown
    bonus: dict[str, int] = field(default_factory=dict)  # 応援ボーナス left, of the sides holding some (DH-15.5)
    public: bool = False  # the public view: secrets stay hidden
    # the squares of each live field and ZoC field, by effect seq: (kind, its user, its ability, squares)
    areas: dict[int, tuple[str, str | None, str | None, list[str]]] = field(default_factory=dict)

    @classmethod
    def from_setup(cls, setup: dict) -> "Board":
        first = setup["first"]
        transfer = transfer_side(setup)
        order = [first] + [s for s in setup["sides"] if s not in (first, transfer)] + ([transfer] if transfer else [])
        chars = {}
        for cid, c in setup["characters"].items():
            ability = c.get("ability") or {}
            chars[cid] = _Char(cid, c["name"], c["side"],
                               {k: c[k] for k in ("attack", "defense", "hp", "spirit", "fs")},
                               parse_square(c["at"]).label if "at" in c and "arrives" not in c else None,
                               setup["sides"][c["side"]].get("leader") == cid,
                               ability.get("name"), bool(ability.get("secret", False)))
        b, _ = board_of(setup)
        board = cls(chars, setup["sides"], order, {s: setup["sides"][s].get("dp", 0) for s in order},
                    [w.label for w in sorted(b.walls)])
        board._continued(setup)
        board.bonus = {s: setup["sides"][s]["bonus"] for s in order if "bonus" in setup["sides"][s]}
        sealed = setup.get("sealed_character")
        if sealed in chars and setup.get("start_turn", 1) <= 2:  # 封印キャラ: off the MAP in turn 1 (DH-4.6)
            # not yet arrived: at the start, or flagged off the MAP in a match continued from turn 2
            if setup.get("start_turn", 1) == 1 or sealed in board.withdrawn:
                board.withdrawn = [w for w in board.withdrawn if w != sealed]
                board.sealed.append(sealed)
        return board

    def _continued(self, setup: dict) -> None:
        """A match continued mid-campaign (DH-12): its current values, states and lasting effects."""
        for cid, c in setup["characters"].items():
            ch = self.chars[cid]
            ch.stats.update({k: v for k, v in (c.get("current") or {}).items() if k in ch.stats})
            ch.dead = bool(c.get("dead"))
            if ch.dead:
                ch.stats["hp"] = 0
            if c.get("withdrawn"):
                self.withdrawn.append(cid)
            if c.get("uses"):
                self.revealed.append(cid)
        for e in setup.get("effects", []):
            if e["kind"] == "barricade":
                self.barricades = sorted(self.barricades + e.get("squares", []))
            if e["kind"] in ("field", "zoc_field") and e.get("squares"):
                self.areas[e["id"]] = (e["kind"], e.get("owner"), e.get("ability"), list(e["squares"]))
            self.effects[e["id"]] = {"type": e["kind"], "bearer": e.get("bearer"), "stat": e.get("stat"),
                                     "amount": e.get("amount"), "seal": e.get("seal"),
                                     **{k: e[k] for k in ("rate", "set") if k in e}}
            if e["kind"] == "stat_change" and e.get("bearer") in self.chars and e["stat"] != "hp":
                stats = self.chars[e["bearer"]].stats
                stats[e["stat"]] = max(0, stats[e["stat"]] + e["amount"])

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
        elif kind == "support":
            self.bonus[e["side"]] = e["remaining"]
        elif kind in ("stat",) or (kind in ("effect_start", "effect_end") and "after" in e):
            c = self.chars[e.get("character") or e.get("bearer")]
            c.stats[e["stat"]] = e["after"]
        elif kind == "cost" and "stat" in e:
            self.chars[e["payer"]].stats[e["stat"]] = e["after"]
        elif kind == "cost" and "total" in e:
            self.dp[e["side"]] = e["total"]
        elif kind in ("arrive", "transfer_arrival") or (kind == "reinforcement" and e.get("at")):
            self.chars[e["character"]].at = e["at"]
        elif kind == "leave":
            self.chars[e["character"]].at = None
        elif kind == "revive":
            c = self.chars[e["character"]]
            c.dead, c.stats["hp"] = False, e["hp"]
        elif kind == "wall":
            self.walls = sorted(self.walls + [e["at"]]) if e["built"] else [w for w in self.walls if w != e["at"]]
        elif kind == "barricade":
            self.barricades = sorted(self.barricades + [e["at"]])
        elif kind == "effect_end" and e["type"] == "barricade":
            self.barricades = [b for b in self.barricades if b not in e["squares"]]
        if kind == "effect_start" or (kind in ("rest", "counter_armed") and "effect" in e):
            self.effects[e["effect"]] = {"type": e.get("type", "ability_rest" if kind == "rest" else "counter"),
                                         "bearer": e.get("bearer", e.get("actor")), "stat": e.get("stat"),
                                         "amount": e.get("amount"), "seal": e.get("seal"),
                                         **{k: e[k] for k in ("rate", "set") if k in e}}
        elif kind == "effect_delayed":  # waiting to land (DH-10.7): a note on its user
            self.effects[e["effect"]] = {"type": "delayed", "bearer": e["actor"], "stat": None, "amount": None,
                                         "seal": None}
        elif kind in ("effect_end", "effect_lands"):
            self.effects.pop(e["effect"], None)
            self.areas.pop(e["effect"], None)
        if kind in ("field_set", "zoc_field_set"):  # the squares a field covers (DH-8.9, DH-11.18)
            self.areas[e["effect"]] = (kind[:-4], e["actor"], e["ability"], list(e["squares"]))
        elif kind == "field_moved" and e["effect"] in self.areas:
            self.areas[e["effect"]] = self.areas[e["effect"]][:3] + (list(e["squares"]),)
        if kind in ("ability", "counter_armed") and e["actor"] not in self.revealed:
            self.revealed.append(e["actor"])
        if kind == "withdraw":
            self.withdrawn.append(e["character"])
        elif kind == "return":
            self.withdrawn = [w for w in self.withdrawn if w != e["character"]]
        elif kind == "sealed_arrival":
            self.sealed = [w for w in self.sealed if w != e["character"]]
            self.withdrawn = [w for w in self.withdrawn if w != e["character"]]

    def name(self, cid: str | None) -> str:
        return self.chars[cid].name if cid in self.chars else str(cid)

    def ability_name(self, cid: str, logged: str | None = None) -> str:
        """The ability (as logged, else the setup's) as this view may show it: a secret one not
        used so far is ？？？ in the public view."""
        c = self.chars[cid]
        if c.secret and self.public and cid not in self.revealed:
            return "？？？"
        return logged or c.ability or "？？？"


def render(log: dict, *, lang: str, view: str, turns: list[int]) -> str:
    return doc.to_text(report_blocks(log, lang=lang, view=view, turns=turns))


def report_blocks(log: dict, *, lang: str, view: str, turns: list[int]) -> list[doc.Block]:
    setup = log["input"]["match"]["setup"]
    board = Board.from_setup(setup)
    board.public = view == "public"
    if log["options"].get("transfer_dying") == "immune":
        for c in board.chars.values():
            c.never_dying = bool(board.sides[c.side].get("transfer"))
    t = T.lang(lang)
    r = REASONS.lang(lang)
    from ...engine.ruleset import get_ruleset

    ruleset = get_ruleset(log["ruleset"])  # this one, found as any reader finds it: the report never imports its package

    blocks: list[doc.Block] = [
        doc.Heading(header.title_line(log, lang), level=1),
        doc.Lines.of(header.rules_line(log, name=ruleset.name if lang == "ja" else ruleset.name_en, lang=lang),
                     header.options_line(log, options=OPTIONS, lang=lang), gap=0),
    ]
    if not log["turns"]:  # nothing played yet: the opening post shows the starting map and tables
        blocks.append(doc.Heading(t("turn_zero"), level=2))
        blocks.extend(_tables(board, setup, t, r, lang, view))
    shown = list(turns)
    for turn in log["turns"]:
        turn_blocks = _turn(board, turn, t, r, lang)  # every turn is folded; the asked ones are shown
        if turn["turn"] in shown:
            blocks.extend(turn_blocks)
            if turn["status"] == "awaiting":
                state = t("turn_state_awaiting", turn=turn["turn"], side=board.sides[turn["awaiting"]]["name"])
            else:
                state = t("turn_state", turn=turn["turn"])
            blocks.append(doc.Heading(state, level=3))
            blocks.extend(_tables(board, setup, t, r, lang, view))
    blocks.append(doc.Heading(_outcome(log["outcome"], board, t, r), level=2))
    return blocks


def _turn(board: Board, turn: dict, t, r, lang: str) -> list[doc.Block]:
    """One turn: its heading, each phase a heading, each action (with all it causes) one block."""
    out = doc.Builder()
    out.heading(t("turn", turn=turn["turn"]), level=2, gap=1)
    friendly = False  # the last death was 内ゲバ
    for e in turn["events"]:
        kind = e["kind"]
        if kind == "phase_start":
            out.heading(t("phase", order=t(PHASE_NAMES[e["phase"] - 1]),
                          side=board.sides[e["side"]]["name"]), level=3, gap=0)
            unlisted: list[str] = []
        elif kind == "awaiting":
            out.group(t("awaiting", order=t(PHASE_NAMES[e["phase"] - 1]),
                           side=board.sides[e["side"]]["name"]))
        elif kind == "dice_kept":  # not an error: the awaited side's phase will draw them
            out.line(t("dice_kept", count=e["count"], faces="・".join(map(str, e["faces"])),
                       side=board.sides[e["step"]]["name"]))
        elif kind == "action" and not e.get("extra") and e.get("controlled_by"):  # DH-2.5
            out.group(t("controlled_actor", name=board.name(e["actor"]), by=board.name(e["controlled_by"])))
        elif kind == "action" and not e.get("extra"):
            out.group(t("actor", name=board.name(e["actor"])))
        elif kind == "move" and e["steps"] == 0:
            out.line(t("no_move"))  # a destination that is its own square, or a stop before the first step
            if e["zoc_stop"]:
                out.line(t("zoc_stop", at=e["to"], to=e["requested"]))
            if e.get("short"):
                out.line(t("push_short", at=e["to"]))
        elif kind == "move":
            via = e["path"][:-1]
            out.line(t("move", frm=e["from"], to=e["to"],
                       via=t("via", squares="・".join(via)) if via else ""))
            if e["zoc_stop"]:
                out.line(t("zoc_stop", at=e["to"], to=e["requested"]))
            if e.get("short"):
                out.line(t("push_short", at=e["to"]))
        elif kind == "cancel" and e["scope"] in ("act", "action"):
            if e.get("unplayed"):  # DH-2.7: a 行動 the decided match no longer reaches: a block of its own
                out.group(t("actor", name=board.name(e["actor"])))
            if e["scope"] == "act":
                out.line(t("cancel_act", target=board.name(e["target"]), why=r(e["reason"])))
            elif "to" in e:
                out.line(t("cancel_action", frm=e["from"], to=e["to"], why=r(e["reason"])))
            else:
                out.line(t("cancel_state", why=r(e["reason"])))
        elif kind == "attack":
            if e["face"] is None:
                line = t("attack_sure", target=board.name(e["target"]))
            else:
                rate = t("hit_bonus", base=e["base_rate"], bonus=e["bonus"], rate=e["hit_rate"]) if "bonus" in e \
                    else e["hit_rate"]  # 応援ボーナス on the 命中判定 (DH-15)
                line = t("attack", target=board.name(e["target"]), atk=e["attack"], dfn=e["defense"],
                         rate=rate, face=e["face"], verdict=t("hit" if e["hit"] else "miss"))
            if not e["hit"] and e["mode"] == "half_sure":
                line += t("half_sure")
            out.line(line)
        elif kind == "damage":
            c = board.chars[e["target"]]
            out.line(t("damage", target=c.name, amount=e["amount"], before=e["before"], after=e["after"]))
        elif kind == "state" and e["state"] == "dying" and e["on"]:
            out.line(t("dying", name=board.name(e["character"])))
        elif kind == "death":
            out.line(t("death", name=board.name(e["character"])))
            friendly = bool(e.get("friendly_kill"))
        elif kind == "spirit_loss":
            c = board.chars[e["character"]]
            items = "、".join(t("spirit_item", name=board.name(a["character"]), before=a["before"], after=a["after"])
                             for a in e["affected"])
            out.line(t("spirit_loss", side=board.sides[c.side]["name"], amount=e["amount"], items=items)
                     if items else t("spirit_none"))
            if friendly:
                out.line(t("dp_none"))  # the death was 内ゲバ: no DP event follows
        elif kind == "dp" and e["reason"] == "ability":
            out.line(t("dp_ability", side=board.sides[e["side"]]["name"], amount=e["amount"], total=e["total"]))
        elif kind == "dp_none":  # 転校生 (DH-14.5, DH-14.6)
            out.line(t({"transfer_kill": "dp_transfer_kill", "no_player_killer": "dp_no_player_killer",
                        "transfer_dp_none": "dp_transfer_none"}[e["reason"]]))
        elif kind == "dp":
            line = t("dp_gain", side=board.sides[e["side"]]["name"], amount=e["amount"], total=e["total"])
            if e.get("transfer"):
                line += t("dp_transfer", base=e["base"], mult=e["multiplier"],
                          by=t("dp_leader_by" if e["multiplier"] > 1 else "dp_plain_by"))
            elif e["base"] > 1 or e["multiplier"] > 1:
                line += t("dp_leader", base=e["base"], mult=e["multiplier"],
                          who=t("dp_leader_who" if e["base"] > 1 else "dp_plain_who"),
                          by=t("dp_leader_by" if e["multiplier"] > 1 else "dp_plain_by"))
            out.line(line)
        elif kind == "wait":
            if not e["submitted"]:
                unlisted.append(board.name(e["actor"]))
            elif not e.get("cancelled"):
                out.line(t("wait"))
        elif kind == "phase_end" and unlisted:
            out.group(t("unlisted", names="、".join(unlisted)))
        elif kind == "game_start":
            out.heading(t("game_start"), level=3, gap=0)
        elif kind == "transfer_arrival":  # 転校生 (DH-14.3)
            out.group(t("transfer_arrival", name=board.name(e["character"]), at=e["at"]))
        elif kind == "sealed_arrival":  # 封印キャラ (DH-4.6)
            out.group(t("sealed_arrival", name=board.name(e["character"]), at=e["at"]))
        elif kind == "reinforcement":  # 増援 (DH-2.6)
            die = t("reinforcement_die", face=e["face"], pool=e["pool"]) if e.get("face") else ""
            if e.get("at"):
                out.group(t("reinforcement", name=board.name(e["character"]), at=e["at"], die=die))
            else:
                who = t("reinforcement_who", name=board.name(e["character"]), die=die) if e.get("character") else ""
                out.group(t("reinforcement_none", who=who, why=r(e["reason"])))
        elif (kind == "ability" and e["origin"] == "passive") or (kind == "action" and e.get("extra")):
            out.group(*_ability_lines(board, e, t, r, lang))  # a passive or an extra action: its own block
        else:
            out.extend(_ability_lines(board, e, t, r, lang))
        board.apply(e)
    return out.take()


def _until(board: Board, phase: int | None) -> dict[str, Any]:
    """An end point as people say it: the turn and whose phase (phase 1 is 先攻's phase of turn 1;
    a turn has a phase per side, the 転校生's third: DH-14.2)."""
    if phase is None:
        return {"turn": "?", "side": "?"}
    n = len(board.order)
    return {"turn": turn_of(phase, n), "side": board.sides[board.order[(phase - 1) % n]]["name"]}


def _ability_lines(board: Board, e: dict, t, r, lang: str) -> list[str]:
    """The lines of the 特殊能力 events (DH-8 .. DH-11)."""
    kind = e["kind"]
    name = board.name
    stats = STAT_NAMES[lang]
    if kind == "ability":
        if e["origin"] == "passive":
            head = [t("passive_actor", name=name(e["actor"]))]
        else:
            head = []
        shown = []
        for eff in e["effects"]:
            if eff["targets"] and eff["targets"] != [e["actor"]]:
                shown.append("・".join(name(x) for x in eff["targets"]))
        targets = t("ability_targets", names="／".join(dict.fromkeys(shown))) if shown else ""
        if "direction" in e:  # 任意一方向 (DH-9.6): the line the use chose
            targets = t("line_direction", way=DIRECTION_NAMES[lang][e["direction"]]) + targets
        mark = t("granted_mark") if e.get("granted") else ""  # 特殊能力付与 (DH-11.22)
        return head + [t("ability", ability=e["ability"], targets=mark + targets)]
    if kind == "check":
        label = t("effect_label", index=e["effect"]) if e.get("effect", 1) != 1 else ""
        basis = t("mental_basis", name=name(e["target"]), spirit=e["spirit"]) if "spirit" in e else ""
        if e.get("auto"):  # a 転校生's auto-success (DH-14.9)
            first = e["check"] == "activation_check"
            return [t("check_auto", what=t("what_activation" if first else "what_success"), rate=e["rate"],
                      verdict=t("fired" if first else "succeeded")) + label]
        if "base" in e:  # changed by effects or a bonus (DH-11.20, DH-15)
            steps = "、" if lang == "ja" else ", "
            basis += t("rate_working", base=e["base"],
                       steps=steps.join(t("step_" + w["how"], value=w.get("value", 0)) for w in e["working"]))
        if e["face"] is None:  # 100% or more: no die (DH-7.2)
            what = "check_activation_sure" if e["check"] == "activation_check" else "check_success_sure"
            return [t(what, rate=e["rate"], basis=basis) + label]
        if e["check"] == "activation_check":
            return [t("check_activation", rate=e["rate"], face=e["face"], basis=basis,
                      verdict=t("fired" if e["success"] else "misfire")) + label]
        return [t("check_success", rate=e["rate"], face=e["face"], basis=basis,
                  verdict=t("succeeded" if e["success"] else "failed")) + label]
    if kind == "stat" and e["before"] == e["after"]:  # a heal at its cap, a stat already at 0
        return [t("stat_same", name=name(e["character"]), stat=stats[e["stat"]], value=e["after"])]
    if kind == "stat":
        return [t("stat_change", name=name(e["character"]), stat=stats[e["stat"]], before=e["before"],
                  after=e["after"])]
    if kind == "effect_start":
        until = t("permanent") if e["end"] is None else t("until_turn", **_until(board, e["end"]))
        return [t("effect_start", name=name(e["bearer"]), what=_effect_what(e, lang, board), until=until)]
    if kind == "effect_end":
        who = name(e["bearer"]) if e.get("bearer") else name(e.get("owner"))
        why = r(e["reason"]) if e["reason"] in ("death", "left_field", "field_ended", "released", "removed",
                                                "grant_ended") else ""
        return [t("effect_end", name=who, what=_effect_what(e, lang, board), why=why)]
    if kind == "cost":
        cost = e["cost"]
        if cost == "stat":
            short = t("cost_short", paid=e["paid"]) if e["paid"] < e["owed"] else ""
            return [t("cost_stat", stat=stats[e["stat"]], owed=e["owed"], payer=name(e["payer"]), before=e["before"],
                      after=e["after"], short=short)]
        if cost == "dp":
            short = t("cost_short", paid=e["paid"]) if e["paid"] < e["owed"] else ""
            return [t("cost_dp", owed=e["owed"], side=board.sides[e["side"]]["name"], total=e["total"], short=short)]
        if cost == "dp_gift":
            return [t("cost_gift", owed=e["owed"], side=board.sides[e["side"]]["name"], total=e["total"])]
        return [t("cost_other", what=COSTS[lang][cost].format(turns=e.get("turns"), owed=e.get("owed")))]
    if kind == "rest":
        return [t("rest", **_until(board, e["end"]))]
    if kind == "suppressed":
        return [t("suppressed")]
    if kind == "cancel" and e["scope"] in ("ability", "counter"):
        why = r(e["reason"]) + (t("cause", cause=r("cause_" + e["cause"])) if e.get("cause") else "")
        if e.get("at"):  # a summon's square (DH-11.8)
            why += t("cause", cause=e["at"])
        ability = board.ability_name(e["actor"], e.get("ability"))
        if e["scope"] == "counter":
            return [t("cancel_counter", ability=ability, why=why)]
        target = t("cancel_target", name=name(e["target"])) if e.get("target") else ""
        return [t("cancel_ability", ability=ability, target=target, why=why)]
    if kind == "cancel" and e["scope"] == "strike":  # a 先手 counter ended the attack first (DH-8.17)
        return [t("cancel_strike", target=name(e["target"]), why=r(e["reason"]))]
    if kind == "cancel" and e["scope"] == "effect":
        return [t("cancel_effect", why=r(e["reason"]))]
    if kind == "counter_armed":
        timing = t("timing_" + e["timing"]) if e.get("timing") else ""
        return [t("counter_armed", when=r(e["when"]) + timing, **_until(board, e["end"]))]
    if kind == "counter_fire":
        timing = t("timing_" + e["timing"]) if e.get("timing") else ""
        trigger = "trig_" + e["trigger"]
        if e["trigger"] == "killed" and e.get("timing") == "before":
            trigger, timing = "trig_killed_before", ""  # the "about to be killed" counter (DH-8.17)
        return [t("counter_fire", ability=e["ability"], name=name(e["actor"]),
                  trigger=r(trigger, by=name(e["by"]) if e["by"] else "?")) + timing]
    if kind == "field_set":
        return [t("field_set", squares="・".join(e["squares"]))]
    if kind == "field_moved":
        return [t("field_moved", squares="・".join(e["squares"]))]
    if kind == "field_roll":
        return [t("field_roll", ability=e["ability"], name=name(e["actor"]), why=r(e["reason"]))]
    if kind == "extra_action_granted":
        return [t("extra", name=name(e["character"]))]
    if kind == "action" and e.get("extra"):
        return [t("extra_actor", name=name(e["actor"]))]
    if kind == "arrive":
        return [t("arrive", name=name(e["character"]), at=e["at"])]
    if kind == "leave":
        return [t("leave", name=name(e["character"]))]
    if kind == "withdraw":
        return [t("withdraw", name=name(e["character"]), perm=t("withdraw_perm") if e["permanent"] else "")]
    if kind == "return":
        return [t("return", name=name(e["character"]), at=e["at"])]
    if kind == "revive":
        return [t("revive", name=name(e["character"]), hp=e["hp"])]
    if kind == "wall":
        return [t("wall_built" if e["built"] else "wall_broken", at=e["at"])]
    if kind == "barricade":
        until = t("permanent") if e["end"] is None else t("until_turn", **_until(board, e["end"]))
        return [t("barricade", at=e["at"], until=until)]
    if kind == "zoc_field_set":
        until = t("permanent") if e["end"] is None else t("until_turn", **_until(board, e["end"]))
        return [t("zoc_field_set", squares="・".join(e["squares"]), until=until)]
    if kind == "blocked":
        return [t("blocked", name=name(e["target"]))]
    if kind == "reduced":
        return [t("reduced", name=name(e["target"]), stat=stats[e["stat"]], by=e["by"], amount=e["amount"],
                  after=e["after"])]
    if kind == "effect_delayed":
        named = t("delayed_targets", names="・".join(name(x) for x in e["targets"])) if e["targets"] else ""
        return [t("prepared" if e.get("prepared") else "delayed", index=e["index"], targets=named,
                  **_until(board, e["lands"]))]
    if kind == "effect_lands":
        named = t("ability_targets", names="・".join(name(x) for x in e["targets"])) if e["targets"] else ""
        return [t("lands", ability=e["ability"], name=name(e["actor"]), index=e["index"], targets=named)]
    if kind == "grant_repeat":
        return [t("grant_repeat", user=name(e["actor"]), name=name(e["target"]))]
    if kind == "support":  # 応援ボーナス (DH-15.3)
        return [t("support_spent" if e["spent"] else "support_kept", points=e["points"],
                  side=board.sides[e["side"]]["name"], remaining=e["remaining"])]
    return []


def _rate_what(e: dict, lang: str) -> str:
    """発動率-20, 成功率→30%, 発動率半減 (DH-11.20)."""
    what = RATES[lang][e["rate"]]
    if "set" in e:
        return f"{what}→{e['set']}%"
    if e.get("amount") == "half":
        return what + ("半減" if lang == "ja" else " halved")
    amount = e.get("amount") or 0
    return f"{what}{amount:+d}" if lang == "ja" else f"{what} {amount:+d}"


def _effect_what(e: dict, lang: str, board: "Board | None" = None) -> str:
    if e["type"] == "rate_change" and "rate" in e:
        return _rate_what(e, lang)
    if e["type"] == "stat_change" and "stat" in e:
        amount = e.get("amount")
        sign = "" if amount is None else ("+" if amount >= 0 else "")
        head = STAT_NAMES[lang][e["stat"]] + ("" if amount is None else f"{sign}{amount}")
        return head + (f"（→{e['after']}）" if lang == "ja" else f" (→{e['after']})")
    if e["type"] == "granted_ability" and "granted" in e:
        return T.lang(lang)("granted_what", name=e["granted"])
    if e["type"] == "stat_swap" and "slots" in e:  # ステータス入れ替え (DH-11.21)
        (c1, s1, _), (c2, s2, _) = e["slots"]
        names = STAT_NAMES[lang]
        if c1 == c2:
            return T.lang(lang)("swap_own", first=names[s1], second=names[s2])
        return T.lang(lang)("swap_with", stat=names[s1], name=board.name(c2) if board else c2)
    if e["type"] == "repeat" and "stat" in e:  # a timed 体力 change, again at each phase start (DH-10.6)
        return T.lang(lang)("hp_per_phase", stat=STAT_NAMES[lang][e["stat"]], amount=f"{e['amount']:+d}")
    template = EFFECT_NAMES[lang].get(e["type"], e["type"])
    if e["type"] in ("field", "counter", "delayed") and e.get("ability"):
        template = f"{template}「{e['ability']}」"
    if e.get("squares") and e["type"] in ("barricade", "zoc_field"):
        template += ("（{}）" if lang == "ja" else " ({})").format("・".join(e["squares"]))
    amount = e.get("amount") or 0
    stat = STAT_NAMES[lang][e["stat"]] if "stat" in e else ("ステータス" if lang == "ja" else "status")
    seal = SEALS[lang].get(e.get("seal"), "")
    return template.format(sign="+" if amount >= 0 else "", amount=amount, stat=stat, seal=seal)


def _tables(board: Board, setup: dict, t, r, lang: str, view: str) -> list[doc.Block]:
    blocks: list[doc.Block] = []
    for n, sid in enumerate(board.order):
        rows = []
        for c in board.chars.values():
            if c.side != sid:
                continue
            notes = []
            if c.leader:
                notes.append(r("leader_note"))
            if c.dead:
                notes.append(r("dead_note"))
            elif c.stats["hp"] == 1 and not c.never_dying:
                notes.append(r("dying_note"))
            if c.at is None:
                notes.append(r("bench_note"))
            notes.extend(_notes(board, c.id, r, lang))
            ability = c.ability or ""
            if c.secret and view == "public" and c.id not in board.revealed:
                ability = t("secret")  # シークレット: hidden from the other side until it is used
            s = c.stats
            rows.append([c.name, s["attack"], s["defense"], s["hp"], s["spirit"], s["fs"], c.at or "",
                         ability, "・".join(notes)])
        caption = (t("transfer_side", side=board.sides[sid]["name"]) if board.sides[sid].get("transfer")
                   else t("side_dp", side=board.sides[sid]["name"], dp=board.dp[sid]))
        if sid in board.bonus:  # 応援ボーナス left (DH-15.5)
            caption += t("side_bonus", points=board.bonus[sid])
        blocks.append(doc.Table.of(HEADERS[lang], rows, caption=caption, gap=1 if n else 0))
    blocks.append(_map(board, setup, t, lang))
    return blocks


def _notes(board: Board, cid: str, r, lang: str) -> list[str]:
    notes = []
    mine = [v for v in board.effects.values() if v["bearer"] == cid]
    for kind, key in (("ability_rest", "rest_note"), ("counter", "counter_note"), ("incapacitate", "incap_note"),
                      ("barrier", "barrier_note"), ("damage_reduction", "reduction_note"),
                      ("control", "control_note"), ("stat_swap", "swap_note"), ("delayed", "delayed_note"),
                      ("granted_ability", "granted_note")):
        if any(v["type"] == kind for v in mine):
            notes.append(r(key))
    for v in mine:
        if v["type"] == "stat_change" and v.get("amount"):
            notes.append(r("buff_note", stat=STAT_NAMES[lang][v["stat"]], sign="+" if v["amount"] > 0 else "",
                           amount=v["amount"]))
    for v in mine:
        if v["type"] == "seal":
            notes.append(r("seal_note", what=SEALS[lang][v["seal"]]))
        if v["type"] == "rate_change" and v.get("rate"):
            notes.append(_rate_what(v, lang))
    if cid in board.withdrawn:
        notes.append(r("withdrawn_note"))
    if cid in board.sealed:
        notes.append(r("sealed_note"))
    return notes


def _map(board: Board, setup: dict, t, lang: str) -> doc.Board:
    b, _ = board_of(setup)
    cells: dict[tuple[int, int], list[str]] = {}
    fallen = []
    for c in board.chars.values():
        if c.at is None or c.id in board.withdrawn or c.id in board.sealed:
            continue
        sq = parse_square(c.at)
        cells.setdefault((sq.row, sq.col), []).append(c.name + (t("dead_mark") if c.dead else ""))
        if c.dead:  # its label says （死）: struck through, no state to add
            fallen.append((c.name + t("dead_mark"), ""))
    for at in board.barricades:  # DH-11.17: marked in the cell, before whoever stands on it
        sq = parse_square(at)
        cells[(sq.row, sq.col)] = [t("barricade_mark")] + cells.get((sq.row, sq.col), [])
    walls = [parse_square(w) for w in board.walls]
    for w in [w for w in walls if (w.row, w.col) in cells]:  # someone inside a wall (壁進入, DH-11.16)
        walls.remove(w)
        cells[(w.row, w.col)].insert(0, "（壁）")
    return doc.Board(tuple(ROW_LABELS[: b.rows]), tuple(col_label(i) for i in range(b.cols)),
                     tuple((pos, tuple(names)) for pos, names in cells.items()),
                     walls=tuple((w.row, w.col) for w in walls), wall_text="（壁）", caption=t("map"),
                     fallen=tuple(fallen), areas=_areas(board, lang))


def _areas(board: Board, lang: str) -> tuple[doc.Area, ...]:
    """Each live field and ZoC field with its squares, named as the report names the effect."""
    out = []
    for kind, owner, ability, squares in board.areas.values():
        name = EFFECT_NAMES[lang][kind]
        if kind == "field" and ability and owner in board.chars:
            name += f"「{board.ability_name(owner, ability)}」"
        out.append(doc.Area(name, tuple((sq.row, sq.col) for sq in map(parse_square, squares))))
    return tuple(out)


KILL_CAUSES = Catalog({"cost": ("（能力のコスト）", "(its ability's cost)")})


def kill_cause(e: dict, lang: str) -> str | None:
    """``dhproc summary``: a death nobody dealt — paying its own ability's cost."""
    return KILL_CAUSES.lang(lang)(e["cause"]) if e["cause"] == "cost" else None


def outcome_line(log: dict, *, lang: str) -> str:
    """The outcome line with every event applied (``dhproc summary``)."""
    board = Board.from_setup(log["input"]["match"]["setup"])
    for turn in log["turns"]:
        for e in turn["events"]:
            board.apply(e)
    t = T.lang(lang)
    line = _outcome(log["outcome"], board, t, REASONS.lang(lang))
    if board.bonus:  # 応援ボーナス left (DH-15.5)
        line += t("outcome_bonus", items=("、" if lang == "ja" else ", ").join(
            f"{board.sides[s]['name']} {board.bonus[s]}" for s in board.order if s in board.bonus))
    return line


def _outcome(outcome: dict, board: Board, t, r) -> str:
    if outcome["result"] == "win":
        return t("outcome_win", side=board.sides[outcome["winner"]]["name"], reason=r(outcome["reason"]))
    if outcome["result"] == "draw":
        return t("outcome_draw", reason=r(outcome["reason"]))
    return t("outcome_ongoing", items="　".join(f"{board.sides[s]['name']} {board.dp[s]}" for s in board.order
                                                if not board.sides[s].get("transfer")))
