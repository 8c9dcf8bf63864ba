"""What the shared engine says to people: problems in values read from the state (amounts.py) and in
usage limits (limits.py), in Japanese and English. Code says ``say("amount.<key>", ...)``."""

from __future__ import annotations

from ..words.messages import catalogue

AMOUNT_MESSAGES = catalogue("amount", {
    "shape": ("値は整数か {{of, attr}}（times・divide・plus も可）で書きます",
              "a value is a whole number or {{of, attr}} (with times, divide, plus)"),
    "unknown_key": ("値に「{name}」は書けません（書けるのは {allowed}）",
                    "unknown key '{name}' in a value (allowed: {allowed})"),
    "names": ("状態から読む値は of（誰の）と attr（何を）で書きます",
              "a value read from the state names it with 'of' (whose) and 'attr' (what)"),
    "unknown_subject": ("「{subject}」は読めません（読めるのは {known}）",
                        "unknown subject '{subject}' (known: {known})"),
    "not_number": ("「{subject}」に数値「{attr}」はありません（数値は {numbers}）",
                   "'{subject}' has no number '{attr}' (numbers: {numbers})"),
    "whole": ("「{name}」は整数です", "'{name}' is a whole number"),
    "divide_zero": ("divide に 0 は書けません", "'divide' is never 0"),
})

LIMIT_MESSAGES = catalogue("limit", {
    "shape": ("使用回数の上限は {{count: 回数, per: 期間}} で書きます", "a usage limit is {{count: N, per: PERIOD}}"),
    "count": ("count は1以上の整数です", "'count' is a whole number of at least 1"),
    "per": ("期間「{per}」はありません（あるのは {known}）", "unknown period '{per}' (known: {known})"),
})
