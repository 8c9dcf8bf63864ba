"""What the logos ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("logos.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue, say  # noqa: F401  (say: the ruleset's modules import it from here)

MESSAGES = catalogue("logos", {
    # checks.py: the match and its submissions
    "not_a_side": ("「{side}」はサイドではありません（サイド：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "team_size": ("サイド「{side}」のキャラクターは{n}人です。チームは{size}人です（オプション team_size）",
                  "side '{side}' has {n} characters; a team has {size} (option team_size)"),
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
        "先発「{who}」のスキル「{name}」は味方を選んで対象にします。choices に {{who: {who}, skill: {name}, target: ...}} "
        "を書いてください",
        "skill '{name}' of starter '{who}' targets a chosen ally: add {{who: {who}, skill: {name}, target: ...}} "
        "under choices"),
    "choice_missing_enemy": (
        "先発「{who}」のスキル「{name}」は敵を選んで対象にします。choices に {{who: {who}, skill: {name}, target: ...}} "
        "を書いてください",
        "skill '{name}' of starter '{who}' targets a chosen enemy: add {{who: {who}, skill: {name}, target: ...}} "
        "under choices"),
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
})
