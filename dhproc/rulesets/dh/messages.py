"""What the dh ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("dh.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("dh", {
    "seal_needs_what": ("封印には封じるものが必要です（seal: action／move／ability／attack）",
                        "a seal needs what it stops (seal: action / move / ability / attack)"),
})
