"""What the dh ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("dh.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("dh", {
    "counter_before_needs_moment": ("カウンター条件「{when}」には先手（timing: before）がありません（先手にできる条件：{allowed}）",
                                    "a counter on '{when}' cannot act before its trigger (timing: before works with "
                                    "{allowed})"),
    "controlled_own": ("「{who}」はこの陣営のキャラクターです：controlled: true は完全操作した相手側のキャラクターに書きます",
                       "'{who}' is this side's own character: controlled: true is for the other side's character "
                       "under this side's 完全操作"),
    "seal_needs_what": ("封印には封じるものが必要です（seal: action／move／ability／attack）",
                        "a seal needs what it stops (seal: action / move / ability / attack)"),
    "not_a_side": ("「{side}」は陣営ではありません（陣営：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "outside_home_columns": ("{square}は{side}の初期配置の列（{columns}）の外です",
                             "{square} is outside {side}'s starting columns ({columns})"),
})
