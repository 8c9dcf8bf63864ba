"""What the logos ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("logos.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("logos", {
})

# The skill kinds real teams write (LOGOS-5.12, 6.8-6.11, 8.5): problems in their data.
MESSAGES.entries.update({
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
})
MESSAGES.entries.update({
    "field_stats": ("フィールドは stat と value か、stats（{{attack: 2, defense: -1}} など）のどちらか一方で書きます",
                    "a field changes stat and value, or several stats under stats ({{attack: 2, defense: -1}}): "
                    "one of the two"),
    "effect_condition_target": ("{op} には対象がいないため効果の condition は書けません（スキルの condition を使います）",
                                "'{op}' reaches no character, so it has no condition of its own (use the skill's "
                                "condition)"),
})
