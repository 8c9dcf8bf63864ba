"""What the kagemiya ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("kagemiya.<key>", ...)`` (:func:`dhproc.words.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...words.messages import catalogue, say

MESSAGES = catalogue("kagemiya", {
    # the names of the checks, as a message names them (KAGEMIYA-2.1)
    "check.initiative": ("先手判定", "initiative"),
    "check.escape": ("逃走判定", "escape"),
    "check.physical_attack": ("物理攻撃", "physical_attack"),
    "check.physical_defense": ("物理防御", "physical_defense"),
    "check.magical_attack": ("魔術攻撃", "magical_attack"),
    "check.magical_defense": ("魔術防御", "magical_defense"),
    "check.ambush_attack": ("奇襲攻撃", "ambush_attack"),
    "check.ambush_defense": ("奇襲防御", "ambush_defense"),
    "stat.strength": ("筋力", "strength"),
    "stat.endurance": ("耐久", "endurance"),
    "stat.agility": ("敏捷", "agility"),
    "stat.mana": ("魔力", "mana"),
    "stat.luck": ("幸運", "luck"),
    "none": ("なし", "none"),
    "nobody": ("誰もいない", "nobody"),
    # a character of the setup (model.py)
    "duplicate_resource": ("「{id}」は{cid}のほかのスキル・宝具・倍加のidと同じです。別のidにしてください",
                           "'{id}' is already the id of another skill, 宝具 or 倍加 of '{cid}'"),
    "used_too_many": ("使用済み{n}回ですが、使用回数は{uses}回です", "used {n:plural:time}, but it has {uses:plural:use}"),
    "used_unlimited": ("回数制限のないスキルに使用済み回数があります。usesも書いてください",
                       "an unlimited skill has no use count: give 'uses' too"),
    "max_hp_low": ("最大HPが{max_hp}です（耐久×{factor}）。max_hpを書いてください",
                   "maximum HP {max_hp} (耐久 × {factor}): give max_hp"),
    "hp_above_max": ("HP{hp}が最大HP{max_hp}を超えています", "HP {hp} is above the maximum {max_hp}"),
    "hp_zero_not_out": ("HP0のキャラクターは脱落しています。eliminated: true を書いてください",
                        "a character at 0 HP has dropped out: add 'eliminated: true'"),
    "defense_as_not_on": ("物理攻撃を{check}で受けるスキル・宝具は、on に {check} を入れてください",
                          "a skill or 宝具 that meets a 物理攻撃 with {check} lists {check} under 'on'"),
    "spells_not_master": ("令呪を持てるのはマスターだけです", "only a master holds 令呪"),
    "master_not_servant": ("マスターを指定できるのはサーヴァントだけです", "only a servant names its master"),
    # the setup (checks.py)
    "not_a_side": ("「{side}」という陣営はありません（陣営：{sides}）", "'{side}' is not a 陣営 (sides: {sides})"),
    "not_a_master": ("「{master}」は陣営「{side}」のマスターではありません", "'{master}' is not a master of 陣営 '{side}'"),
    "ambusher_missing": ("奇襲フェイズでは裏切った陣営を ambusher に書いてください（陣営：{sides}）",
                         "a 奇襲フェイズ names its betraying 陣営 under 'ambusher' (sides: {sides})"),
    "ambush_one_round": ("奇襲フェイズは1巡です。rounds: 1 にしてください", "a 奇襲フェイズ is one 巡: rounds is 1"),
    "ambusher_outside_ambush": ("ambusher があるのは奇襲フェイズ（phase: ambush）だけです",
                                "only a 奇襲フェイズ (phase: ambush) has an ambusher"),
    "not_an_area": ("「{area}」は areas にないエリアです", "'{area}' is not one of the areas"),
    "no_front": ("陣営「{side}」の前衛（row: front）がいません", "陣営 '{side}' has nobody in the front row (row: front)"),
    "two_sides_needed": ("戦闘には人のいる陣営が2つ必要です（いる陣営：{sides}）",
                         "a battle needs two 陣営 with someone in it; in it: {sides}"),
    "battle_over": ("{rounds}巡のうち{played}巡が処理済みで、戦闘は終わっています",
                    "{played} 巡 played of {rounds}: the battle is over"),
    "order_wrong": ("行動順（order）には戦闘中の陣営を1回ずつ書いてください：{sides}",
                    "the 行動順 lists each 陣営 once, every one still in the battle among them: {sides}"),
    "order_missing": ("途中の戦闘には行動順が要ります。progress に order を書いてください（先手判定は戦闘に1回です）",
                      "a battle under way has its 行動順: add 'order' (the 先手判定 is made once per battle)"),
    "start_turn": ("{n}巡目は処理済みです。この戦闘は{played}巡目まで済んだところから始まるので"
                   "（setup の progress.rounds_played: {played}）、最初のターンファイルは turn: {first}（{first}巡目）です",
                   "巡 {n} has already been played: this battle takes up after 巡 {played} (the setup's "
                   "progress.rounds_played: {played}), so its first turn file is turn: {first} (巡 {first})"),
    # a turn's submissions (checks.py)
    "unknown_character": ("キャラクター「{cid}」はいません{hint}", "unknown character '{cid}'{hint}"),
    "other_side": ("「{cid}」は陣営「{side}」のキャラクターです（陣営「{sid}」のではありません）",
                   "'{cid}' belongs to 陣営 '{side}', not '{sid}'"),
    "no_resource": ("{cid}にスキル・宝具「{rid}」はありません（持っているもの：{has}）{hint}",
                    "'{cid}' has no skill or 宝具 '{rid}' (has: {has}){hint}"),
    "not_for_check": ("「{rid}」は{check}には使えません（使える判定：{on}）",
                      "'{rid}' does not apply to {check} (on: {on})"),
    "no_doubling": ("{cid}に倍加「{rid}」はありません（持っているもの：{has}）{hint}",
                    "'{cid}' has no 倍加 '{rid}' (has: {has}){hint}"),
    "doubling_stat": ("倍加「{rid}」は{stat}を倍にしますが、{check}は{rolls}で振ります",
                      "倍加 '{rid}' doubles {stat}; {check} rolls {rolls}"),
    "unknown_spell_kind": ("令呪「{kid}」という種類はありません（種類：{kinds}）{hint}",
                           "unknown 令呪 kind '{kid}' (kinds: {kinds}){hint}"),
    "spell_not_for_check": ("令呪「{kid}」は{check}には使えません", "令呪 '{kid}' does not apply to {check}"),
    "no_master_to_pay": ("{cid}には令呪を払うマスターがいません", "'{cid}' has no master to spend 令呪 for it"),
    "initiative_missing": ("{n}巡目は先手判定から始まります。initiative: {{roller: …}}（前衛のキャラクター）を書いてください",
                           "巡 {n} begins with the 先手判定: add initiative: {{roller: ...}} (a front-row character)"),
    "no_initiative_ambush": ("{n}巡目に先手判定はありません（奇襲フェイズには先手判定がありません）",
                             "no 先手判定 is made in 巡 {n} (a 奇襲フェイズ has none)"),
    "no_initiative_later": ("{n}巡目に先手判定はありません（先手判定は戦闘に1回です）",
                            "no 先手判定 is made in 巡 {n} (it is made once per battle)"),
    "victims_act": ("奇襲フェイズで行動するのは裏切った陣営だけです。奇襲された側は反撃できません",
                    "in a 奇襲フェイズ only the betraying 陣営 acts; the victims never reply"),
    "pass_has": ("行動しない（pass）に {key} は書けません", "a pass has no {key}"),
    "escape_in_ambush": ("奇襲フェイズでは逃走できません（裏切った陣営の手番1回だけです）",
                         "nobody escapes in a 奇襲フェイズ: it is one 手番 of the betrayer"),
    "escape_has": ("逃走（escape）に {key} は書けません", "an escape has no {key}"),
    "target_missing": ("{do}の対象（target）を書いてください", "the attack ({do}) names its target"),
    "target_own_side": ("「{target}」は攻撃する側と同じ陣営「{sid}」のキャラクターです", "'{target}' is on the attacker's own 陣営 '{sid}'"),
    "too_many_targets": ("対象が{n}人います。複数を対象にできるのは、対象数（targets）のある宝具・スキルを使うときだけです（この攻撃は{room}人まで）",
                         "{n} targets: only a 宝具 or skill with targets: n, declared in use, attacks several (this attack: up to {room})"),
    "spell_effect_and_grant": ("令呪「{kid}」は効果（effect）を持つので、{key} は書けません（判定に加える令呪とは別の種類にしてください）",
                               "令呪 kind '{kid}' has an effect, so it takes no {key} (make a separate kind that adds to checks)"),
    "spell_amount_not_heal": ("amount は回復（effect: heal）の令呪だけに書けます（「{kid}」）",
                              "amount is for a heal 令呪 only ('{kid}')"),
    "redirect_not_master": ("令呪「{kid}」（身代わり）はマスターへの攻撃をサーヴァントに向けるものです。「{cid}」はマスターではありません",
                            "令呪 '{kid}' (redirect) turns an attack on a master to its servant; '{cid}' is not a master"),
    "spell_is_an_action": ("令呪「{kid}」は防御に使うものではありません。行動（do: command_spell）で使ってください",
                           "令呪 '{kid}' is not for the defence: use it as an action (do: command_spell)"),
    "spell_action_has": ("令呪の使用（command_spell）に {key} は書けません", "a 令呪 action (command_spell) takes no {key}"),
    "spell_action_not_master": ("令呪を使えるのはマスターだけです（「{cid}」はサーヴァント）",
                                "only a master uses a 令呪 ('{cid}' is a servant)"),
    "spell_action_empty": ("使う令呪（command_spells）を書いてください", "name the 令呪 it uses (command_spells)"),
    "spell_not_an_action": ("令呪「{kid}」は判定に加えるもの（または防御の身代わり）で、単独では使えません",
                            "令呪 '{kid}' adds to a check (or redirects in the defence); it is not used on its own"),
    "spell_target_not_own": ("令呪の対象「{target}」は「{cid}」自身のサーヴァントではありません",
                             "the 令呪's target '{target}' is not {cid}'s own servant"),
    "spell_no_servant": ("「{cid}」にはサーヴァントがいません", "'{cid}' has no servant"),
    "spell_use_without_restore": ("use（宝具）は宝具回復の令呪（effect: restore_noble_phantasm）と一緒に書きます",
                                  "use (a 宝具) goes with a restore 令呪 (effect: restore_noble_phantasm)"),
    "self_support": ("自分の攻撃は援護できません", "a character does not support its own attack"),
    "ambush_phase_only_ambush": ("奇襲フェイズの攻撃は奇襲攻撃（do: ambush）です"
                                 "（オプション ambush_phase_attacks: any ならほかの攻撃も可）",
                                 "in a 奇襲フェイズ the attacks are 奇襲攻撃 (do: ambush; option "
                                 "ambush_phase_attacks: any allows the others)"),
    "ambush_not_allowed": ("奇襲攻撃は奇襲フェイズでしかできません。戦闘フェイズでできるのは ambush: true のスキルを持つか、"
                           "ambush: true の宝具を宣言したときだけです（{cid}にはありません）",
                           "奇襲攻撃 is made only in a 奇襲フェイズ, unless a skill or a declared 宝具 marked "
                           "ambush: true allows it ('{cid}' has none)"),
    # dhproc import kagemiya (grammar.py)
    "import_what_resource": ("スキル・宝具", "skill or 宝具"),
    "import_what_initiative": ("先手判定", "the 先手判定"),
    "import_what_escape_roller": ("逃走阻止（逃走判定の担当）", "逃走阻止 (the escape roller)"),
    "import_what_loss": ("サーヴァント脱落時", "サーヴァント脱落時"),
    "import_unknown_resource": ("{name}：{hint}", "{name}: {hint}"),
    "import_no_resources": ("{name}にはスキルも宝具もありません", "{name} has no skill or 宝具"),
    "import_which_spell": ("令呪の種類を書いてください（種類：{kinds}）。令呪（補正）のように{text}",
                           "say which 令呪 (kinds: {kinds}), e.g. 令呪（補正）{text}"),
    "import_unknown_spell": ("令呪「{text}」という種類はありません（種類：{kinds}）",
                             "no 令呪 kind 「{text}」 (kinds: {kinds})"),
    "import_spell_count": ("{kind}は{cost}画です（{count}画と書かれています）", "{kind} costs {cost} 画 (written: {count})"),
    "import_which_doubling": ("{name}の倍加「{text}」がどれか決まりません（持っている倍加：{has}）。倍加：筋力 のように書いてください",
                              "cannot tell which 倍加 「{text}」 of {name} is meant (its 倍加: {has}); write e.g. 倍加：筋力"),
    "import_declared_alone": ("{name}のスキル・令呪などを使う判定（先手判定・攻撃・逃走・防御）がありません。"
                              "セイバー：物理攻撃→ランサー（魔力放出）のように判定のあとに書いてください",
                              "{name} declares skills or 令呪 but no check follows to use them on (先手判定, an attack, "
                              "逃走, 防御); write them after it, e.g. セイバー：物理攻撃→ランサー（魔力放出）"),
    "import_no_target": ("{name}の{do}に対象がありません。{do}→ランサー のように書いてください",
                         "{name}'s {do} has no target; write e.g. {do}→ランサー"),
    "import_target_alone": ("{name}：対象の前に攻撃がありません。物理攻撃→ランサー のように書いてください",
                            "{name}: 対象 without an attack before it; write e.g. 物理攻撃→ランサー"),
    "import_pass_declares": ("{name}は待機なのにスキルや令呪を宣言しています。どちらか一方にしてください",
                             "{name} passes but declares skills or 令呪: keep one"),
    "import_support_one": ("{name}の援護：援護する味方は1人だけ書いてください（援護→ランサー）",
                           "{name}'s 援護 names one ally to support (援護→ランサー)"),
    "import_support_none": ("{name}の援護：この投稿に{of}の攻撃がありません。{of}の攻撃の行に 援護：{name} と書くこともできます",
                            "{name}'s 援護: {of} makes no attack in this post; or write 援護：{name} on {of}'s attack"),
    "import_support_several": ("{name}の援護：{of}の攻撃が{n}回あり、どれか決まりません。援護する攻撃の行に 援護：{name} と書いてください",
                               "{name}'s 援護: {of} makes {n} attacks; write 援護：{name} on the attack it supports"),
    "import_condition_alone": ("条件「{text}」は防御指示の中でだけ書けます（防御：セイバー／攻撃25以上なら令呪（補正））",
                               "the condition 「{text}」 belongs in a standing order (防御：セイバー／攻撃25以上なら令呪（補正））"),
    "import_condition_empty": ("{name}の防御指示：条件のあとに使うもの（スキル・令呪・倍加）がありません",
                               "{name}'s standing order: nothing to spend after its condition (skill, 令呪, 倍加)"),
    "import_loss_word": ("サーヴァント脱落時は「続行」か「保護」で書いてください（「{text}」）",
                         "write サーヴァント脱落時 as 続行 (fight) or 保護 (protect), not 「{text}」"),
    "import_loss_alone": ("サーヴァント脱落時だけでは陣営が決まりません。キャラクターの行動と一緒に投稿してください",
                          "サーヴァント脱落時 alone does not tell the 陣営; post it with the characters' actions"),
    "import_twice": ("{what}が2回書かれています。1つにしてください", "{what} is given twice; keep one"),
    "import_escape_which": ("「逃走判定：」だけではどの逃走判定か決まりません。先手判定時に逃走するなら「先手判定で逃走：セイバー」、"
                            "ほかの陣営の逃走に対抗する判定者なら「逃走阻止：セイバー」、自分の手番に逃走するなら「セイバー：逃走」と書いてください",
                            "「逃走判定：」 alone does not say which: write 「先手判定で逃走：セイバー」 to escape at 先手判定, "
                            "「逃走阻止：セイバー」 for who rolls against another 陣営's escape, or 「セイバー：逃走」 on the 手番"),
    # warnings of validate, from what resolution did (checks.play_warnings)
    "roller_stands_in": ("警告：{cid}は{why}ため{check}を振れません：代わりに{instead}が振ります（{rule}。宣言した効果は使いません）",
                         "warning: '{cid}' cannot make the {check} roll ({why}): '{instead}' rolls instead ({rule}; declaring nothing)"),
    "roller_nobody": ("警告：{cid}は{why}ため{check}を振れません。前衛に振れるキャラクターもいません",
                      "warning: '{cid}' cannot make the {check} roll ({why}), and nobody in front can"),
    "order_lapses": ("警告：{n}巡目の提出にあった{what}がこの巡にはありません。standing_orders: one_round ではこの巡には効きません",
                     "warning: the {what} of 巡 {n}'s submission is not given again; with standing_orders: one_round it does not hold in this 巡"),
    "order_word.defense": ("{cid}の防御指示", "defence orders of '{cid}'"),
    "order_word.on_servant_loss": ("サーヴァント脱落時：保護", "on_servant_loss: protect"),
    "order_word.escape_roller": ("逃走阻止の判定者（escape_roller）", "escape_roller"),
    "not_rolling.back_row": ("後衛にいる", "in the back row"),
    "not_rolling.out_of_battle": ("戦闘にいない", "not in the battle"),
    "stand_in_rule.highest_agility": ("前衛で敏捷が最も高いキャラクター", "the front-row character with the highest 敏捷"),
    "stand_in_rule.first_listed": ("前衛で最初に記載されたキャラクター", "the first front-row character listed"),
    "import_head_without_name": ("{head}のあとにキャラクター名がありません（例：{head}：セイバー）",
                                 "no character's name after {head} (e.g. {head}：セイバー)"),
})


def check_name(check: str) -> str:
    """A check's name in the running command's language (先手判定 / initiative)."""
    return say(f"kagemiya.check.{check}")


def stat_name(stat: str) -> str:
    """A stat's name in the running command's language (筋力 / strength)."""
    return say(f"kagemiya.stat.{stat}")
