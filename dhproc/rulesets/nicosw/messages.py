"""What the nicosw ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("nicosw.<key>", ...)`` (:func:`dhproc.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...messages import catalogue

MESSAGES = catalogue("nicosw", {
    # dhproc import (grammar.py)
    "import_what_weapons": ("武器", "weapon"),
    "import_what_skills": ("スキル", "skill"),
    "import_what_parts": ("部位", "part"),
    "import_no_thing": ("{who}に{what}「{text}」はありません{hint}", "{who} has no {what} '{text}'{hint}"),
    "import_has_none": ("（{what}を持っていません）", " (it has no {what})"),
    "import_which": ("（複数に当てはまります：{names}。名前をもっと書いてください）",
                     " (fits several: {names}; write more of the name)"),
    "import_which_attack": ("「{text}」は近接攻撃か遠距離攻撃かが分かりません。近接攻撃→ゴブリン、遠距離攻撃→ゴブリン のように書いてください",
                            "'{text}': say 近接攻撃 (melee) or 遠距離攻撃 (ranged), e.g. 近接攻撃→ゴブリン"),
    "import_edge": ("マップ端「{text}」が分かりません。マップ外へは（0側）（{last}側）のように端のマスで書いてください",
                    "cannot tell which edge '{text}' is; leave the map with the end square, (0側) or ({last}側)"),
    "import_check_target": ("{check}の目標値がありません。{check}（目標値12）のように書いてください",
                            "{check} without its target number; write e.g. {check}（目標値12）"),
    "import_slot_alone": ("補助／主のあとに行動がありません。補助 通常移動→5 のように書いてください",
                          "補助/主 with no action after it; write e.g. 補助 通常移動→5"),
    "import_empty": ("{name}の行動がありません。何もしないなら 待機 と書いてください",
                     "nothing for {name}; write 待機 for no action"),
    "import_twice": ("{name}の行動が2か所にあります。1か所にまとめてください", "{name}'s go is given twice; give it once"),
    "import_place_pair": ("配置を読めません。{example} のように名前とマスを組にして書いてください",
                          "cannot read the placement; pair each name with its square, e.g. {example}"),
    "import_surrender_side": ("どの陣営の降参か分かりません。陣営のキャラクターの行動と一緒に投稿してください（例：{example}）",
                              "whose surrender is it? post it with a character of the side (e.g. {example})"),
})
