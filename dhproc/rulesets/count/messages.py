"""What the count ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("count.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("count", {
    # the setup (checks.py, model.py)
    "square_taken": ("{square}には既に{other}がいます", "{square} is already {other}'s square"),
    "normal_twice": ("通常攻撃（normal: true）にできるスキルは1つまでです", "one skill at most is the 通常攻撃 (normal: true)"),
    "hit_crit_fumble": ("命中F値{fumble}は命中C値{crit}より小さくしてください",
                        "命中F値 {fumble} must be below 命中C値 {crit}"),
    "evasion_crit_fumble": ("回避C値{crit}は回避F値{fumble}より小さくしてください",
                            "回避C値 {crit} must be below 回避F値 {fumble}"),
    "hp_over": ("現在HP {now}が最大HP {max}を超えています", "current HP {now} is over the maximum {max}"),
    "ca_over": ("現在の残りCA回数{now}が戦闘開始時の{max}を超えています",
                "current 残りCA回数 {now} is over the battle's {max}"),
    "done_not_zero": ("行動終了のユニットは配置カウント0です（{count}になっています）",
                      "a 行動終了 character stands at count 0, not {count}"),
    "hand_not_pc": ("手札を持てるのはPC（kind: pc）だけです", "only a PC has a 手札 (kind: pc)"),
    "normal_not_main": ("通常攻撃はタイミング：メインアクション（main_action）のスキルです",
                        "the 通常攻撃 is a main_action skill"),
    "uses_not_item": ("使用回数（uses）があるのはアイテム（item: true）だけです", "only an item (item: true) has uses"),
    "count_start_counts": ("カウント開始時のスキルには発動するカウントを書いてください（counts: [...]）",
                           "a count_start skill lists the counts it fires at (counts: [...])"),
    "counts_not_count_start": ("発動カウント（counts）があるのはカウント開始時（count_start）のスキルだけです",
                               "only a count_start skill fires at counts"),
    "before_damage_step": ("ダメージロール前のスキルには step（increase・reduce・real）か op: cover のどちらか一方を書いてください",
                           "a before_damage skill has a step (increase, reduce, real) or op: cover"),
    "before_damage_attack": ("ダメージロール前・ダメージロール後のスキルは攻撃ではありません（判定もダメージもなし）",
                             "a before_damage skill is not an attack (no check, no damage)"),
    "step_not_before_damage": ("ダメージの増減やカバーができるのはダメージロール前（before_damage）のスキルだけです",
                               "only a before_damage skill changes damage or covers"),
    "count_start_attack": ("カウント開始時のスキルは効果（effects）を与えます。攻撃はできません",
                           "a count_start skill applies effects; it does not attack"),
    "attack_self": ("攻撃の対象に自分自身は選べません", "an attack does not target its user"),
    "pierce_one": ("貫通のスキルの対象は1体です。残りは直線上のユニットで決まります",
                   "a 貫通 skill names one target; the line decides the rest"),
    # the submissions (checks.py)
    "not_a_side": ("「{side}」という陣営はありません（陣営：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "unknown_character": ("キャラクター「{id}」はいません{hint}", "unknown character '{id}'{hint}"),
    "wrong_side": ("「{id}」は陣営「{side}」のキャラクターです（「{sub}」ではありません）",
                   "'{id}' belongs to side '{side}', not '{sub}'"),
    "ca_skill_not_attack": ("「{skill}」はCAに使えません。使えるのは通常攻撃、メインアクションかカウンタースキルの攻撃です",
                            "'{skill}' cannot be used in a CA: the 通常攻撃, a main_action or a counter attack"),
    "no_cover_skill": ("「{id}」はカバーのスキル（op: cover）を持っていません", "'{id}' has no cover skill (op: cover)"),
    "not_an_ally": ("「{id}」は「{side}」の他のキャラクターではありません", "'{id}' is not another character of '{side}'"),
    "one_action": ("1つのアクションは移動・逃走・スキルのどれか1つです（{given}が指定されています）",
                   "an action is one of move, escape or skill, not {given}"),
    "escape_main": ("逃走はメインアクションです", "逃走 is a main action"),
    "wrong_timing": ("「{skill}」はタイミング：{timing}のため{slot}には使えません",
                     "'{skill}' has timing {timing}: not usable as the {slot}"),
    "targets_without_skill": ("対象（targets）はスキルと一緒に書いてください", "targets go with a skill"),
    "no_skill": ("「{id}」にスキル「{name}」はありません{hint}（スキル：{names}）",
                 "'{id}' has no skill '{name}'{hint} (skills: {names})"),
    "and": ("と", " and "),
    "none": ("なし", "none"),
    "slot.sub_action": ("サブアクション", "sub_action"),
    "slot.main_action": ("メインアクション", "main_action"),
    # dhproc import (grammar.py)
    "import_no_normal": ("{name}には通常攻撃（normal: true）のスキルがありません。スキル名で書いてください",
                         "{name} has no 通常攻撃 (normal: true): name the skill"),
    "import_which_action": ("「{what}」がサブアクションかメインアクションか書いてください（例：サブ：Ｄ５へ移動）",
                            "say whether '{what}' is the サブ or the メイン action (e.g. サブ：Ｄ５へ移動)"),
    "import_fallback": ("予備", "the fallback"),
    "import_slot": ("{n}手番目", "行動手番 {n}"),
    "import_twice": ("{where}の{part}が2つあります。1つにしてください", "{where}: {part} given twice; keep one"),
    "import_not_an_action": ("「{skill}」はタイミング：{timing}のスキルです。行動としては使えません",
                             "'{skill}' has timing {timing}: it is not an action"),
    "import_object_without_skill": ("スキルなしの対象指定です。《火球》→ゴブリンA のように書いてください",
                                    "targets without a skill: write 《火球》→ゴブリンA"),
    "import_part_empty": ("{part}のあとに行動がありません", "nothing after {part}"),
    "import_slot_gap": ("{name}の行動手番は1から順に書いてください（指定：{given}）",
                        "{name}'s 行動手番 go from 1 in order (given: {given})"),
    # resolution (rules.py)
    "too_many_slots": ("1ラウンドの行動手番が{n}回を超えました：効果が配置カウントを上げ続けています",
                       "more than {n} 行動手番 in one round: effects keep lifting 配置カウント back"),
    "ca_chain": ("ラウンド{round}：{detail}（CA）。ca_chain_cap を上げてください", "round {round}: {detail} (CAs); raise ca_chain_cap"),
})
