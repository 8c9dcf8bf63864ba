"""What the logos ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("logos.<key>", ...)`` (:func:`dhproc.words.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...words.messages import catalogue, say  # noqa: F401  (say: the ruleset's modules import it from here)

MESSAGES = catalogue("logos", {
    # checks.py: the match and its submissions
    "not_a_side": ("「{side}」はサイドではありません（サイド：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "team_size": ("サイド「{side}」のキャラクターは{n}人です。チームは{size}人です（オプション team_size）",
                  "side '{side}' has {n:plural:character}; a team has {size} (option team_size)"),
    "one_round": ("logosの試合は1ラウンドで、提出はターン1に書きます（ターン{turn}ではありません）",
                  "a logos match is one round: its submissions are turn 1, not turn {turn}"),
    "unknown_character": ("キャラクター「{who}」はいません{hint}", "unknown character '{who}'{hint}"),
    "other_side": ("「{who}」はサイド「{owner}」のキャラクターです（「{side}」ではありません）",
                   "'{who}' belongs to side '{owner}', not '{side}'"),
    "starter_twice": ("「{who}」はすでに{n}人目の先発です", "'{who}' is already starter {n}"),
    "not_starter_of": ("「{who}」は「{side}」の先発ではありません", "'{who}' is not a starter of '{side}'"),
    "none": ("なし", "none"),
    "no_skill": ("「{who}」にスキル「{name}」はありません（スキル：{names}）",
                 "'{who}' has no skill '{name}' (skills: {names})"),
    "no_choice_asked": ("スキル「{name}」は対象を選びません", "skill '{name}' does not ask for a choice"),
    "choice_twice": ("「{who}」の「{name}」の対象は{n}番目の選択ですでに指定されています",
                     "the choice for '{who}' / '{name}' is already given at choice {n}"),
    "ally_target": ("「{name}」の対象は味方です。「{side}」の先発から選んでください（「{target}」ではなく）",
                    "'{name}' targets an ally: one of '{side}''s starters, not '{target}'"),
    "enemy_target": ("「{name}」の対象は敵です（「{target}」ではなく）", "'{name}' targets an enemy, not '{target}'"),
    "choice_missing_ally": (
        "先発「{who}」のスキル「{name}」は味方を選んで対象にします。choices に {{who: {written}, skill: {name}, target: ...}} "
        "を書いてください",
        "skill '{name}' of starter '{who}' targets a chosen ally: add {{who: {written}, skill: {name}, target: ...}} "
        "under choices"),
    "choice_missing_enemy": (
        "先発「{who}」のスキル「{name}」は敵を選んで対象にします。choices に {{who: {written}, skill: {name}, target: ...}} "
        "を書いてください",
        "skill '{name}' of starter '{who}' targets a chosen enemy: add {{who: {written}, skill: {name}, target: ...}} "
        "under choices"),
    # model.py: characters and skills
    "too_many_colors": ("色が{n}つあります。色は1つ、《猛攻》があれば2つです（keywords: [moukou]）",
                        "{n} colours: a character has one colour, two with 《猛攻》 (keywords: [moukou])"),
    "color_twice": ("同じ色が2回書かれています", "a colour is listed twice"),
    "revealed_needs_secret": ("秘匿状態が解除済み（revealed）になれるのはシークレット（secret: true）だけです",
                              "only a シークレット character (secret: true) can have been revealed"),
    "trigger_needs_counter": ("トリガーを持つのはカウンタースキル（timing: counter）だけです",
                              "only a カウンター skill (timing: counter) has a trigger"),
    "trigger_stat": ("能力値を指定できるのは stat_up / stat_down のトリガーだけです",
                     "only stat_up / stat_down triggers name a stat"),
    "counter_needs_trigger": ("カウンタースキルにはトリガーが必要です（例：{{event: stat_up, who: ally, stat: attack}}）",
                              "a カウンター skill needs a trigger (e.g. {{event: stat_up, who: ally, stat: attack}})"),
    "condition_trigger": ("条件で「trigger」を読めるのはカウンタースキルだけです",
                          "only a カウンター skill's condition can read 'trigger'"),
    "one_chosen": ("選ぶ対象は1スキルに1人です。chosen_ally と chosen_enemy の両方は使えません",
                   "a skill names one chosen character: chosen_ally or chosen_enemy, not both"),
    "target_trigger": ("「trigger」を対象にできるのはカウンタースキルだけです",
                       "only a カウンター skill can target 'trigger'"),
    "passive_op": ("パッシブスキルに「{op}」は使えません（使えるもの：{allowed}）",
                   "a パッシブ skill cannot '{op}' (allowed: {allowed})"),
    "passive_target": ("パッシブスキルの対象は {allowed} です（「{target}」ではありません）",
                       "a パッシブ skill targets {allowed}, not '{target}'"),
    "attack_self": ("キャラクターは自分自身をアタックしません", "a character does not attack itself"),
    "field_target": ("フィールドは applies_to のキャラクターすべてにかかるので、対象（target）はありません",
                     "a field covers the characters of applies_to; it has no target"),
    "order_group": ("行動順の変更は1人を動かします（「{target}」ではなく）", "行動順 changes move one character, not '{target}'"),
    "swap_across": ("行動順の入れ替えは同じチームの中だけです", "行動順 is swapped within one team"),
    # rules.py
    "counter_loop": ("ターン{bout}：1つの連鎖で誘発したカウンターが{limit}を超えました。カウンターが互いに誘発し合っています"
                     "（counter_chain_cap を上げるか、counter_limit: once_per_turn にしてください）",
                     "ターン {bout}: more than {limit} triggered handlers in one chain; the counters trigger each "
                     "other in a loop (raise counter_chain_cap or set counter_limit: once_per_turn)"),
    # checks.py / campaign.py: a round under way (LOGOS-11)
    "state_needs_round": ("「{field}」は途中のラウンド（round:）にだけ書けます",
                          "only a round under way (round:) has '{field}'"),
    "round_needs_starters": ("途中のラウンドでは、サイド「{side}」の先発（starters:）が必要です",
                             "a round under way needs side '{side}''s starters (starters:)"),
    "submission_under_way": ("ラウンドは途中から再開します。「{side}」の先発と選択はセットアップに書かれているので、提出は要りません",
                             "the round is under way: '{side}''s starters and choices are in the setup, not "
                             "submitted"),
    "state_wiped_out": ("サイド「{side}」の先発は全員戦闘不能です。そのラウンドは(10)で決着しています",
                        "every starter of side '{side}' is 戦闘不能: that round was decided at (10)"),
    "state_dp_below_zero": ("DPが{dp}です。0未満のDPはオプション dp_below_zero: true のときだけです",
                            "DP {dp} is below 0, which only the option dp_below_zero: true allows"),
    "state_order_twice": ("行動順{order}は「{other}」と重なっています", "行動順 {order} is also '{other}''s"),
    "state_not_starter": ("「{who}」は先発ではないので「{field}」はありません", "'{who}' is not a starter: it has no '{field}'"),
    "stop_before_resume": ("ターン{stop}で止めることはできません。ラウンドはすでにターン{bout}まで進んでいます",
                           "cannot stop after ターン {stop}: the round has already played {bout}"),
    "effect_id_twice": ("効果番号{id}が2回使われています", "effect id {id} is used twice"),
    "field_has_bearer": ("フィールドは戦場全体の効果で、bearer はありません",
                         "a field covers the battle: it has no bearer"),
    "effect_needs_bearer": ("「{kind}」の継続効果には持ち主（bearer）が必要です",
                            "a '{kind}' effect needs its bearer"),
    "effect_ended": ("終了点{end}には時計 {clock} がすでに達しています（現在{now}）。この効果は切れています",
                     "it ended at {end} on clock {clock}, which already reads {now}"),
    "next_effect_id": ("next_effect_id はどの効果番号よりも後でなければなりません（最大{top}）",
                       "next_effect_id must be after every effect id (highest {top})"),
    "stat_attack": ("攻撃", "attack"),
    "stat_defense": ("防御", "defense"),
    "stat_reaction": ("反応", "reaction"),
    "current_differs": ("現在の{stat}{value}は、初期値{base}と継続効果・フィールドから求まる{got}と合いません",
                        "current {stat} {value} is not the {got} its initial {base} and its effects and fields "
                        "give"),
    # the skill kinds real teams write (LOGOS-5.12, 6.4, 6.8-6.15, 8.5)
    "passive_uses": ("パッシブスキルに使用回数の上限（uses）は書けません（発動判定をしないため）",
                     "a パッシブ skill has no usage limit (uses): it makes no 発動判定"),
    "chosen_member_alone": ("chosen_member（スタメン外のチームメンバー）と chosen_ally・chosen_enemy は1つのスキルに"
                            "同時に書けません（選ぶのは1人）",
                            "a skill names one chosen character: chosen_member cannot go with chosen_ally or "
                            "chosen_enemy"),
    "amount_op": ("{op} の値は状態から読めません（読めるのは {ops}）",
                  "the value of '{op}' cannot be read from the state (only of {ops})"),
    "knocked_out_target": ("knocked_out_allies（戦闘不能の味方）を対象にできるのは revive だけです（{op} は不可）",
                           "only revive targets knocked_out_allies, not '{op}'"),
    "enter_target": ("enter はスタメン外のメンバー（target: chosen_member）を配置し、chosen_member は enter の対象です",
                     "enter places a team member who is not a starter (target: chosen_member), and only enter "
                     "targets chosen_member"),
    "member_not_reserve": ("「{name}」はスタメン外のメンバーを配置します：{side} のスタメン以外のキャラクターを選んでください"
                           "（{target} は不可）",
                           "'{name}' places a team member who is not a starter: choose one of '{side}''s other "
                           "members, not '{target}'"),
    "field_stats": ("フィールドは stat と value か、stats（{{attack: 2, defense: -1}} など）のどちらか一方で書きます",
                    "a field changes stat and value, or several stats under stats ({{attack: 2, defense: -1}}): "
                    "one of the two"),
    "choice_missing_member": (
        "先発「{who}」のスキル「{name}」はスタメン外のメンバーを選んで配置します。choices に {{who: {written}, skill: {name}, "
        "target: ...}} を書いてください",
        "skill '{name}' of starter '{who}' places a chosen member: add {{who: {written}, skill: {name}, target: ...}} "
        "under choices"),
    # LOGOS-6.13: which keywords a skill can grant, and what each needs
    "jinrai_not_grantable": ("《迅雷》は付与できません。《迅雷》が数えられるのは(0)の先攻決定だけで、どのスキルよりも前に決まり、"
                             "ラウンド中は変わりません（LOGOS-2.1、2.5）。キャラクターの keywords に書いてください",
                             "《迅雷》 cannot be granted: it counts only for 先攻, decided at (0) before any skill "
                             "applies and fixed for the round (LOGOS-2.1, 2.5); write it in the character's "
                             "keywords"),
    "moukou_needs_color": ("《猛攻》で得るのは2つ目の色です。付与する色を color に書いてください（例：color: 紫）",
                           "《猛攻》 gives a second colour: name it under color (e.g. color: 紫)"),
    "keyword_color": ("色（color）を伴うのは《猛攻》の付与だけです（《{keyword}》は色を与えません）",
                      "only a granted 《猛攻》 comes with a colour (color); 《{keyword}》 gives none"),
    "effect_condition_target": ("{op} には対象がいないため効果の condition は書けません（スキルの condition を使います）",
                                "'{op}' reaches no character, so it has no condition of its own (use the skill's "
                                "condition)"),
})
