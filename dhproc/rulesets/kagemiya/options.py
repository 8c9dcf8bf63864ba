"""The interpretation options of the kagemiya ruleset (each explained in docs/rules/kagemiya.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("hp_per_endurance", 5, minimum=1, maximum=100, source="wiki", clause="KAGEMIYA-1.4",
           reason="the parent 聖杯戦争TRPG prices 1 point = 5 HP (耐久 D gives HP 10); a max_hp in the setup wins"),
    Option("min_faces", 2, minimum=1, maximum=6, source="guess", clause="KAGEMIYA-2.3",
           reason="negative sides are never defined; a die keeps at least two faces"),
    Option("magical_faces", "formula", choices=("formula", "six"), source="seed", clause="KAGEMIYA-2.5",
           reason="the seed's 魔術 formula reads D(6+sides); its prose says 6面ダイス: the formula is taken"),
    Option("noble_phantasms_per_check", "any", choices=("any", "one"), source="wiki", clause="KAGEMIYA-2.6",
           reason="the seed lets every check declare 宝具 without a count; the parent allows one use per timing"),
    Option("initiative_tie", "reroll", choices=("reroll", "setup_order"), source="wiki", clause="KAGEMIYA-3.3",
           reason="a sibling system (一週間聖杯戦争TRPG) re-rolls tied 先手判定 with the same pools"),
    Option("reroll_cap", 20, minimum=1, maximum=100, source="guess", clause="KAGEMIYA-3.3",
           reason="a safety net: after this many re-rolls the setup order decides"),
    Option("initiative_each_round", False, choices=(False, True), source="wiki", clause="KAGEMIYA-3.4",
           reason="kagemiya's 戦闘フェイズ loops back after the 先手判定: it is made once per battle"),
    Option("escape_roller", "highest_agility", choices=("highest_agility", "first_listed"), source="guess",
           clause="KAGEMIYA-4.3",
           reason="a 陣営 that gave no standing escape_roller resists with its fastest front-row character"),
    Option("escape_tie", "reroll", choices=("reroll", "escaper", "others"), source="wiki", clause="KAGEMIYA-4.4",
           reason="逃走判定 follows the 先手判定 (re-roll); a sibling system lets the escaper win ties"),
    Option("escape_destination", "next_empty", choices=("next_empty", "gk"), source="guess",
           clause="KAGEMIYA-4.5",
           reason="the GM names an area where nobody is; the next empty one round the map is a fair default"),
    Option("actions_per_round", 1, minimum=1, maximum=5, source="wiki", clause="KAGEMIYA-5.1",
           reason="each front-row character acts once per 巡; skills may raise a character's own 'actions'"),
    Option("back_row_acts", False, choices=(False, True), source="guess", clause="KAGEMIYA-5.1",
           reason="only the front row rolls or supports in the seed; the back row waits"),
    Option("standing_orders", "until_withdrawn", choices=("until_withdrawn", "one_round"), source="guess",
           clause="KAGEMIYA-5.12",
           reason="the seed has the defender declare at each attack, which a batch's orders stand in for; "
                  "the research gives on_servant_loss once per battle: orders stand until a later 巡 replaces them"),
    Option("supporter_resources", "this_attack", choices=("this_attack", "whole_round"), source="guess",
           clause="KAGEMIYA-6.4",
           reason="the seed bars a supporter's skills, 宝具 and 令呪 from the support it gives; the rest of its 巡 is its own"),
    Option("ambush_phase_attacks", "ambush_only", choices=("ambush_only", "any"), source="wiki",
           clause="KAGEMIYA-7.2",
           reason="kagemiya's 奇襲フェイズ page has the betrayer make 奇襲攻撃; the parent also allows 物理/魔術"),
    Option("master_loss", "servant_vanishes", choices=("servant_vanishes", "servant_stays"), source="wiki",
           clause="KAGEMIYA-8.2", reason="kagemiya's 脱落 page: the mana supply is cut and the servant vanishes"),
    Option("front_refill", "first_back", choices=("first_back", "none"), source="wiki", clause="KAGEMIYA-8.4",
           reason="戦闘フェイズ: a front row must always exist; a back-row character is forced forward"),
])

# The names GKs read in report headers and `dhproc options` (Japanese, English).
OPTIONS.set_names({
    "hp_per_endurance": ("耐久1あたりのHP", "HP per point of END"),
    "min_faces": ("ダイスの最小面数", "fewest faces of a die"),
    "magical_faces": ("魔術の判定のダイス面数", "faces of 魔術 dice"),
    "noble_phantasms_per_check": ("1回の判定で使える宝具", "宝具 per check"),
    "initiative_tie": ("先手判定の同値", "initiative ties"),
    "reroll_cap": ("振り直しの上限", "re-roll cap"),
    "initiative_each_round": ("先手判定を毎巡行う", "initiative every round"),
    "escape_roller": ("逃走判定の既定の担当", "default escape roller"),
    "escape_tie": ("逃走判定の同値", "escape ties"),
    "escape_destination": ("逃走先", "escape destination"),
    "actions_per_round": ("1巡の行動回数", "actions per round"),
    "back_row_acts": ("後衛の行動", "the back row acts"),
    "standing_orders": ("防御指示などの継続", "standing orders last"),
    "supporter_resources": ("援護したキャラクターのスキル等", "a supporter's own skills"),
    "ambush_phase_attacks": ("奇襲フェイズの攻撃", "attacks in the surprise phase"),
    "master_loss": ("マスター脱落時", "when a master drops out"),
    "front_refill": ("前衛の補充", "front-row refill"),
})

# Why each default, in Japanese (`dhproc options kagemiya` shows these by default).
OPTIONS.set_reasons({
    "hp_per_endurance": "親の聖杯戦争TRPGは「1ポイント＝HP5」（耐久DでHP10）。setup に max_hp があればそちらが優先",
    "min_faces": "マイナスの sides は定義がないため、ダイスは最低2面を保つ",
    "magical_faces": "seed の魔術攻撃の判定算出は D（6+sides）、説明文は「6面ダイス」。算出式に従う",
    "noble_phantasms_per_check": "seed は判定ごとに宝具を宣言できるとし数を定めない。親システムは1タイミング1回",
    "initiative_tie": "姉妹システム（一週間聖杯戦争TRPG）は同値の先手判定を同じダイスで振り直す",
    "reroll_cap": "安全策：この回数振り直しても決まらなければ setup の順で決める",
    "initiative_each_round": "kagemiya の戦闘フェイズは先手判定のあとループするため、先手判定は戦闘に1回",
    "escape_roller": "逃走判定の担当を決めていない陣営は、前衛で敏捷が最も高いキャラクターが判定する",
    "escape_tie": "逃走判定は先手判定に準じる（振り直し）。姉妹システムでは逃走側が同値で勝つ",
    "escape_destination": "GMが誰もいないエリアを指定する。マップを一周する順で次の空きエリアを既定とする",
    "actions_per_round": "前衛は1巡に1回行動する。スキルでキャラクター個別の actions を増やせる",
    "back_row_acts": "判定と援護ができるのは前衛のみ（seed）。後衛は待機する",
    "standing_orders": "seed では防御側が攻撃ごとに宣言し、一括処理の指示はその代わり。調査では脱落時の選択は戦闘開始時に一度だけ。"
                       "指示は後の巡で出し直すまで続く",
    "supporter_resources": "seed が禁じるのは援護に使うスキル・宝具・令呪。その巡のほかの判定では使える",
    "ambush_phase_attacks": "kagemiya の奇襲フェイズでは裏切った側が奇襲攻撃を行う。親システムは物理・魔術も認める",
    "master_loss": "kagemiya の脱落ページ：魔力供給が断たれサーヴァントは消滅する",
    "front_refill": "戦闘フェイズには常に前衛が必要：後衛のキャラクターが前に出る",
})
