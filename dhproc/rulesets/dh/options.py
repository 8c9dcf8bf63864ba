"""The interpretation options of the dh ruleset (the clause each explains is in docs/rules/dh.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("blocked_destination", "cancel", choices=("cancel", "stop_at_blocker"), source="seed",
           clause="DH-3.5",
           reason="a destination only a ZoC-stopped route reaches is a square the character cannot move "
                  "to, which the seed cancels; the 2009 ancestor rules stop the mover on the blocker"),
    Option("dead_exert_zoc", False, choices=(False, True), source="guess", clause="DH-3.3",
           reason="no source says a corpse blocks; dead characters are not targets either"),
    Option("placement_columns", "off", choices=("off", "first_left", "first_right"), source="wiki",
           clause="DH-1.7",
           reason="2.1 スタメン places each side's starters in the two columns at its edge of the MAP; off "
                  "by default, as campaigns draw their own maps and zones"),
    Option("dying_rule", "no_move", choices=("no_move", "none"), source="wiki", clause="DH-3.6",
           reason="2.1 ステータス: 体力1 is 瀕死 and cannot move; some campaigns drop the rule"),
    Option("roll_at_100", False, choices=(False, True), source="guess", clause="DH-7.2",
           reason="a 発動率 or 成功率 of 100% or more cannot fail, so a GK rolling at the table skips the die; "
                  "true draws it anyway, as logos does by default"),
    Option("hit_mode", "roll", choices=("roll", "half_sure", "sure"), source="seed", clause="DH-4.4",
           reason="the seed rolls 命中判定; 2.1 選択ルール offers 半必中 (a miss deals 1) and 必中 (always hits)"),
    Option("first_player_penalty", False, choices=(False, True), source="wiki", clause="DH-4.5",
           reason="先手ペナルティ is an optional 2.1 rule; when on, the 先攻 side may not normal-attack "
                  "enemies in turn 1"),
    Option("mental_loss_area", "around1", choices=("around1", "same_square", "orthogonal1", "whole_side"),
           source="guess", clause="DH-5.2",
           reason="2.1 says allies 'nearby' lose 精神; the exact area is on an unreadable page; 周囲1 "
                  "(the 3×3 block) is the closest range word"),
    Option("leader_dp", 2, minimum=1, maximum=10, source="wiki", clause="DH-5.3",
           reason="2.1 スタメン: a dead leader yields 2 DP instead of 1"),
    Option("leader_kill_multiplier", 2, minimum=1, maximum=4, source="wiki", clause="DH-5.3",
           reason="2.1 スタメン: DP a leader earns by a direct kill of an enemy is doubled"),
    Option("wipeout_scope", "on_map", choices=("on_map", "starters", "roster"), source="wiki",
           clause="DH-6.1",
           reason="2.1 wins on 相手陣営の全滅, read as every character that has been on the MAP; many "
                  "campaigns use スタメンの全滅; roster also counts the bench"),
    Option("wipeout_check", "immediate", choices=("immediate", "phase_end", "turn_end"), source="guess",
           clause="DH-6.2",
           reason="no source says when a wipe-out is checked; checking after every death ends the match "
                  "as soon as it is decided"),
    Option("simultaneous_wipeout", "draw", choices=("draw", "dp"), source="guess", clause="DH-6.3",
           reason="no source covers both sides wiped out at once"),
    Option("dp_tie", "draw", choices=("draw", "first", "second"), source="guess", clause="DH-6.4",
           reason="no source covers equal DP after the last turn; a draw leaves it to the GK"),
    # 特殊能力 (DH-8 .. DH-11)
    Option("activation_per_effect", True, choices=(True, False), source="seed", clause="DH-8.2",
           reason="the seed runs the whole 発動処理 (発動判定 included) per effect; many GKs roll 発動 once "
                  "per ability"),
    Option("mental_table", "standard", choices=("standard", "campaign"), source="wiki", clause="DH-8.8",
           reason="2.1: 精神 3+ 0%, 2 25%, 1 50%, 0 100%; several campaigns use 3 25%, 2 50%, 1 75%, 0 100%"),
    Option("counter_order", "setup_order", choices=("setup_order", "opponent_first"), source="guess",
           clause="DH-8.7",
           reason="no source orders counters triggered at the same moment; the setup order is explicit"),
    Option("trigger_limit", 100, minimum=1, maximum=10000, source="guess", clause="DH-8.7",
           reason="counters triggering each other must stop with an error, never loop"),
    Option("counter_default_turns", 1, minimum=1, maximum=100, source="guess", clause="DH-8.6",
           reason="a counter written without a duration must wait for something; one turn (until just "
                  "before its side's next phase) is the shortest that can ever fire"),
    Option("field_needs_targets", True, choices=(True, False), source="seed", clause="DH-8.9",
           reason="2.1 cancels an ability with no target unless 空撃ち可能; 2.0 exempted fields"),
    Option("passive_costs", True, choices=(True, False), source="seed", clause="DH-8.10",
           reason="the seed runs a passive's automatic use as an active one, 制約 included"),
    Option("passive_rest", False, choices=(False, True), source="wiki", clause="DH-8.10",
           reason="特殊能力ガイドライン: the automatic use causes no 能力休み"),
    Option("radius_walls", "block", choices=("block", "ignore"), source="wiki", clause="DH-9.1",
           reason="copies of the 2.1 range page disagree: walls block 半径 in one, not in the other"),
    Option("around_walls", "block", choices=("block", "ignore"), source="wiki", clause="DH-9.1",
           reason="copies of the 2.1 range page disagree: walls block 周囲 (gaps let it through) or not"),
    Option("ally_includes_self", False, choices=(False, True), source="guess", clause="DH-9.2",
           reason="味方 is read as the user's allies; 自分 and 任意 are separate choices that include the user"),
    Option("rest_rule", "no_action", choices=("no_action", "no_ability"), source="guess", clause="DH-10.1",
           reason="2.1 says 能力休み is one rest after a use; whether the resting character may still move "
                  "and attack is on an unreadable page"),
    Option("phase_start_order", "expire_grant_field", choices=("expire_grant_field", "expire_field_grant"),
           source="guess", clause="DH-10.3",
           reason="the order of the phase-start steps is on an unreadable page; expiry first is certain"),
    Option("heal_cap", "initial", choices=("initial", "none"), source="guess", clause="DH-11.2",
           reason="no source caps healing; the initial value is the common reading"),
    Option("summon_extra_turn", True, choices=(True, False), source="wiki", clause="DH-11.8",
           reason="2.0: a summon's duration counts one turn more"),
    Option("forced_move_zoc", False, choices=(False, True), source="guess", clause="DH-11.10",
           reason="ZoC is a rule of a character's own 移動; no source applies it to 強制移動"),
    Option("forced_push_blocked", "stop", choices=("stop", "cancel"), source="guess", clause="DH-11.10",
           reason="no source says what a straight push does at a wall or the MAP's edge; it goes as far as "
                  "it can, as a pushed piece does; cancel leaves the target where it was"),
    Option("forced_away_choice", "submission", choices=("submission", "cancel"), source="guess",
           clause="DH-11.10",
           reason="away from the user is one direction only for a target in line with it; otherwise the "
                  "user names one of the directions leading away, or (cancel) the push does not happen"),
    Option("barricade_blocks_ranges", False, choices=(False, True), source="guess", clause="DH-11.17",
           reason="a barricade is named apart from 壁 as an obstacle to movement; no source says it stops "
                  "an ability's range as a wall does"),
    Option("zoc_ignore_fields", True, choices=(True, False), source="guess", clause="DH-11.18",
           reason="a ZoC field stops moves as ZoC does, so ZoC無視 passes it too; false lets only the "
                  "enemies' ZoC be ignored"),
    Option("ability_attack_is_attack", True, choices=(True, False), source="guess", clause="DH-11.13",
           reason="an ability's normal attack is an attack like the 動作, so counters waiting for an "
                  "attack or a hit see it; false treats it only as the ability use it also is"),
    Option("dp_on_permanent_withdrawal", False, choices=(False, True), source="guess", clause="DH-11.9",
           reason="no source gives DP for 永続戦線離脱; the one campaign ruling treats 離脱 apart from death"),
])

# The names GKs read in report headers and `dhproc options` (Japanese, English).
OPTIONS.set_names({
    "blocked_destination": ("ZoC越しの移動先", "destination only reachable through ZoC"),
    "dead_exert_zoc": ("死者のZoC", "the dead exert ZoC"),
    "placement_columns": ("初期配置の列", "starting columns"),
    "dying_rule": ("瀕死の移動", "dying characters' movement"),
    "roll_at_100": ("成功率100%での判定", "roll at 100%"),
    "hit_mode": ("命中方式", "hit mode"),
    "first_player_penalty": ("先手ペナルティ", "first-player penalty"),
    "mental_loss_area": ("精神減少の範囲", "spirit loss area"),
    "leader_dp": ("リーダー撃破のDP", "DP for a dead leader"),
    "leader_kill_multiplier": ("リーダーによる撃破のDP倍率", "DP multiplier for a leader's kill"),
    "wipeout_scope": ("全滅の判定範囲", "wipe-out counts"),
    "wipeout_check": ("全滅判定の時点", "when wipe-out is checked"),
    "simultaneous_wipeout": ("同時全滅", "simultaneous wipe-out"),
    "dp_tie": ("DP同点", "equal DP"),
    "activation_per_effect": ("効果ごとの発動判定", "activation check per effect"),
    "mental_table": ("精神攻撃の成功率表", "mental attack success table"),
    "counter_order": ("カウンターの処理順", "counter order"),
    "trigger_limit": ("誘発の上限回数", "trigger limit"),
    "counter_default_turns": ("カウンター待受の既定ターン数", "counter waiting turns by default"),
    "field_needs_targets": ("フィールドの対象要否", "a field needs targets"),
    "passive_costs": ("パッシブの制約", "passive costs"),
    "passive_rest": ("パッシブの能力休み", "passive ability rest"),
    "radius_walls": ("半径範囲と壁", "walls in a radius range"),
    "around_walls": ("周囲範囲と壁", "walls in an around range"),
    "ally_includes_self": ("味方に自分を含む", "an ally includes oneself"),
    "rest_rule": ("能力休みの制限", "what ability rest forbids"),
    "phase_start_order": ("フェイズ開始時の処理順", "phase start order"),
    "heal_cap": ("回復の上限", "healing cap"),
    "summon_extra_turn": ("召喚体の登場ターンの行動", "a summon acts on arrival"),
    "forced_move_zoc": ("強制移動とZoC", "forced moves and ZoC"),
    "forced_push_blocked": ("押し出しが壁・MAP端に当たった時", "a straight push meets a wall or the edge"),
    "forced_away_choice": ("押し出し方向が一つに決まらない時", "a push away with more than one direction"),
    "barricade_blocks_ranges": ("バリケードが範囲を遮るか", "barricades block ranges"),
    "zoc_ignore_fields": ("ZoC無視がZoCフィールドにも効くか", "ZoC無視 also ignores ZoC fields"),
    "ability_attack_is_attack": ("特殊攻撃を通常攻撃として扱う", "an ability's normal attack counts as an attack"),
    "dp_on_permanent_withdrawal": ("永続戦線離脱のDP", "DP for a permanent withdrawal"),
})
