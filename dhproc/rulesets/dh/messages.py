"""What the dh ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("dh.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("dh", {
    "not_a_side": ("「{side}」という陣営はありません（陣営：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "outside_home_columns": ("{square}は{side}の初期配置の列（{columns}）の外です",
                             "{square} is outside {side}'s starting columns ({columns})"),
})
