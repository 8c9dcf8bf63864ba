"""The interpretation options of the count ruleset (the clause each explains is in docs/rules/count.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("start_count", 0, minimum=0, maximum=999, source="guess", clause="COUNT-2.1",
           reason="0 starts each round at the highest 配置カウント; the phases that set the start are unseen"),
    Option("agility_tie", "pc_first", choices=("pc_first", "setup_order"), source="guess", clause="COUNT-2.4",
           reason="the seed orders by 敏捷 only; a PC before an enemy, then setup order"),
    Option("grid_metric", "orthogonal", choices=("orthogonal", "king"), source="guess", clause="COUNT-3.4",
           reason="squares moved are 4-neighbour steps; the map's step rule is unseen"),
    Option("occupied_squares", "refuse", choices=("refuse", "allow"), source="guess", clause="COUNT-3.4",
           reason="a move may not end on another character's square"),
    Option("move_limit_scope", "per_move", choices=("per_move", "per_turn"), source="guess", clause="COUNT-3.4",
           reason="the seed caps the sub-action move and the main-action move each by 移動限界"),
    Option("escape_by", "any", choices=("any", "pc_only", "none"), source="guess", clause="COUNT-3.6",
           reason="the seed speaks to PCs and lets the GM restrict 逃走; every unit may try by default"),
    Option("escape_squares", "edge", choices=("edge", "anywhere"), source="seed", clause="COUNT-3.6",
           reason="the seed's A○ I○ ○1 ○9 squares"),
    Option("evasion_crit_evades", True, choices=(True, False), source="guess", clause="COUNT-5.6",
           reason="a 回避 critical evades even above the 回避率, as a fumble always fails"),
    Option("ca_needs_attack", True, choices=(True, False), source="guess", clause="COUNT-6.2",
           reason="a CA is taken only when an attack can reach the attacker, so no use is wasted"),
    Option("shared_damage_roll", True, choices=(True, False), source="guess", clause="COUNT-7.2",
           reason="one 予定ダメージ per attack, which the cover multiplication needs"),
    Option("resist_mode", "flat", choices=("flat", "percent"), source="guess", clause="COUNT-7.3",
           reason="the 耐性 scale is unseen; flat subtracts it"),
    Option("void_in_composite", "whole", choices=("whole", "ignore"), source="guess", clause="COUNT-7.4",
           reason="〈無〉 damage cannot be reduced at all, also inside a composite 属性"),
    Option("cover_no_reduction", "any_share", choices=("any_share", "receiver"), source="guess",
           clause="COUNT-7.5", reason="the no-reduction mark belongs to the damage, whoever takes it"),
    Option("knocked_out_at", "zero", choices=("zero", "below_zero"), source="guess", clause="COUNT-7.8",
           reason="HP and defeat are unseen; HP 0 is 戦闘不能"),
    Option("ca_chain_cap", 100, minimum=1, maximum=10000, source="guess", clause="COUNT-8.4",
           reason="a safety net: 残りCA回数 ends a CA chain far sooner"),
    Option("end_phase", "reset", choices=("reset", "keep"), source="guess", clause="COUNT-9.1",
           reason="section 4 is unseen; each round starts from the setup's 配置カウント"),
    Option("ca_reset", "battle", choices=("battle", "round"), source="guess", clause="COUNT-9.3",
           reason="残りCA回数 reads as a stock for the battle"),
])

# The names GKs read in `dhproc options` and report headers (Japanese, English).
OPTIONS.set_names({
    "start_count": ("開始カウント", "starting count"),
    "agility_tie": ("敏捷が同値のときの順", "order on equal 敏捷"),
    "grid_metric": ("マスの数え方", "how squares are counted"),
    "occupied_squares": ("ユニットのいるマスへの移動", "moving onto an occupied square"),
    "move_limit_scope": ("移動限界の範囲", "what 移動限界 caps"),
    "escape_by": ("逃走できるユニット", "who may escape"),
    "escape_squares": ("逃走できるマス", "where escape is allowed"),
    "evasion_crit_evades": ("回避クリティカルは必ず回避", "an evasion critical always evades"),
    "ca_needs_attack": ("攻撃できるときだけCA", "a CA only with an attack that reaches"),
    "shared_damage_roll": ("ダメージロールは攻撃ごとに1回", "one damage roll per attack"),
    "resist_mode": ("耐性の適用方法", "how 耐性 applies"),
    "void_in_composite": ("複合属性の〈無〉", "〈無〉 in a composite 属性"),
    "cover_no_reduction": ("カバー時の軽減不可", "no reduction under cover"),
    "knocked_out_at": ("戦闘不能になるHP", "the HP that knocks out"),
    "ca_chain_cap": ("CA連鎖の上限", "CA chain cap"),
    "end_phase": ("エンドフェイズの配置カウント", "counts at the end phase"),
    "ca_reset": ("残りCA回数の回復", "when 残りCA回数 comes back"),
})

# The reasons in Japanese, as `dhproc options count` shows them by default.
OPTIONS.set_reasons({
    "start_count": "0なら各ラウンドを最も高い配置カウントから始める。開始カウントを決めるフェイズ1〜2は不明",
    "agility_tie": "シードは敏捷の順だけを定める。同値ならPCがエネミーより先、次にセットアップの順",
    "grid_metric": "移動したマス数は上下左右の歩数で数える。マップの数え方は不明",
    "occupied_squares": "他のユニットがいるマスでは移動を終えられない",
    "move_limit_scope": "シードはサブアクションとメインアクションの移動をそれぞれ移動限界までとする",
    "escape_by": "シードはPCについて述べ、GMが逃走を制限してよいとする。既定ではどのユニットも試みられる",
    "escape_squares": "シードの A○・I○・○1・○9 のマス",
    "evasion_crit_evades": "ファンブルが必ず失敗するのと同じく、回避クリティカルは回避率を超えても回避する",
    "ca_needs_attack": "攻撃側に届く攻撃があるときだけCAを行うので、残りCA回数を無駄にしない",
    "shared_damage_roll": "予定ダメージは攻撃ごとに1つ。カバーの倍化にはそれが必要",
    "resist_mode": "耐性の尺度は不明。既定では値をそのまま引く",
    "void_in_composite": "〈無〉属性ダメージは一切軽減できない。複合属性に含まれても同じ",
    "cover_no_reduction": "軽減不可はダメージに付く。誰が受けても変わらない",
    "knocked_out_at": "HPと戦闘不能の規定は不明。HP0で戦闘不能",
    "ca_chain_cap": "安全のための上限。残りCA回数がはるかに早く連鎖を止める",
    "end_phase": "4.エンドフェイズは不明。各ラウンドはセットアップの配置カウントから始める",
    "ca_reset": "「残り」CA回数は戦闘を通じた回数と読む",
})
