"""What an odds question can get wrong about the turn it asks of, in Japanese and English
(``say("ask.<key>", ...)``); each ruleset words the rest."""

from __future__ import annotations

from ..messages import catalogue

MESSAGES = catalogue("ask", {
    "no_turn": ("{turn}ターン目はありません（あるのは{turns}）", "there is no turn {turn} (there are {turns})"),
    "no_action": ("{who}の{turn}ターン目の提出に{action}はありません（あるのは{known}）",
                  "{who}'s submission for turn {turn} has no {action} (it has {known})"),
    "no_attack": ("{who}は{turn}ターン目に攻撃を宣言していません", "{who} declares no attack in turn {turn}"),
    "no_target": ("{who}の{action}には対象がありません（--target で選んでください）",
                  "{who}'s {action} has no target (choose one with --target)"),
})
