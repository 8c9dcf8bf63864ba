"""What ``dhproc odds`` and ``--luck`` say, in Japanese and English (``say("odds.<key>")``).

Outcome, check and step names of :mod:`dhproc.odds.report` are keys here (``outcome.hit``,
``check.hit_check``, ``step.attack``); a ruleset that adds its own puts them in its catalogue
under ``<ruleset>.odds.<kind>.<name>`` and the text falls back to the platform's.
"""

from __future__ import annotations

from ..words.messages import catalogue

MESSAGES = catalogue("odds", {
    # bad input: located in the turn file
    "no_turns": ("ターンがありません：dhproc odds にはターンファイル（またはターンのある対戦）を指定します",
                 "no turn: dhproc odds reads a turn file (or a match with turns)"),
    "not_declared": ("「{who}」はターン{turn}に行動を提出していません{hint}（提出したキャラクター：{known}）",
                     "'{who}' declared no action in turn {turn}{hint} (declared: {known})"),
    "no_action": ("「{who}」のターン{turn}の行動に「{action}」はありません（選べるもの：{known}）",
                  "'{who}''s action in turn {turn} has no '{action}' (choose from: {known})"),
    "nothing_rolled": ("「{who}」のターン{turn}の行動には、確率の出る判定がありません（移動・待機だけです）",
                       "'{who}''s action in turn {turn} rolls nothing that has odds (it only moves or waits)"),
    "needs_target": ("「{who}」の「{action}」には対象がありません：--target で対象を指定してください",
                     "'{who}''s '{action}' names no target: give one with --target"),
    "unknown_target": ("対象「{target}」はこの対戦にいません{hint}", "target '{target}' is not in this match{hint}"),
    "not_offered": ("ルール「{ruleset}」はまだオッズ（dhproc odds）を計算しません",
                    "ruleset '{ruleset}' does not compute odds (dhproc odds) yet"),
    # the text
    "head": ("{who} → {target}：{action}（ターン{turn}）", "{who} → {target}: {action} (turn {turn})"),
    "head_alone": ("{who}：{action}（ターン{turn}）", "{who}: {action} (turn {turn})"),
    "check_line": ("{check}：{outcomes}", "{check}: {outcomes}"),
    "step_line": ("ダメージ（{step}）：{damage}　平均{mean}", "damage ({step}): {damage}, mean {mean}"),
    "step_same": ("ダメージ（{step}）：前と同じ　平均{mean}", "damage ({step}): as above, mean {mean}"),
    "knock_out": ("撃破：{chance}", "knock out: {chance}"),
    "kill": ("死亡：{chance}", "kill: {chance}"),
    "sure": ("確定{n}発", "certain {n}-hit knock out"),
    "random": ("乱数{n}発（{chance}）", "random {n}-hit knock out ({chance})"),
    "never": ("この攻撃では倒せません", "this attack cannot knock out"),
    "verdict_note": ("（命中した回数で数えます。外れは数えません）", " (counted in hits landed; misses aside)"),
    "assumptions": ("前提：", "assumptions:"),
    "approximate": ("概算：厳密に数えると{size}通りを超えるため、{samples}回の標本から（95%区間 {low}〜{high}）",
                    "approximate: an exact count exceeds {size} outcomes, so from {samples} samples "
                    "(95% interval {low} to {high})"),
    "separator": ("／", ", "),
    # actions, outcomes, checks and steps
    "action.attack": ("通常攻撃", "normal attack"),
    "outcome.hit": ("命中", "hit"),
    "outcome.miss": ("外れ", "miss"),
    "outcome.critical": ("クリティカル", "critical"),
    "outcome.fumble": ("ファンブル", "fumble"),
    "outcome.success": ("成功", "success"),
    "outcome.failure": ("失敗", "failure"),
    "outcome.evaded": ("回避", "evaded"),
    "outcome.countered": ("反撃", "countered"),
    "check.hit_check": ("命中判定", "hit check"),
    "check.activation_check": ("発動判定", "activation check"),
    "check.success_check": ("成功判定", "success check"),
    "check.attack": ("アタック", "attack"),
    "step.attack": ("攻撃", "attack"),
    "step.reduction": ("軽減の後", "after reduction"),
    "step.effect": ("効果", "effect"),
    # --luck and summary
    "luck_top": ("上位{p}の出目", "a top-{p} roll"),
    "luck_bottom": ("下位{p}の出目", "a bottom-{p} roll"),
    "luck_side": ("{side}の運：出目{n}回の順位の平均 {mean}（50%が並、高いほど幸運）、いちばんの不運はターン{turn}の{about}（{luck}）",
                  "{side}'s luck: mean rank {mean} over {n} rolls (50% is average, higher is luckier); "
                  "unluckiest: turn {turn}, {about} ({luck})"),
    "luck_head": ("出目の運（厳密な分布の中での順位）", "luck of the dice (each roll's rank within its exact distribution)"),
    "luck_columns": ("ターン|回|目的|内容|出目|運", "turn|draw|purpose|about|face|luck"),
})
