"""How dh 行動提出 are written in a chat, as a table of rules (read by dhproc/words/textimport.py).

One entry per character, in the order posted (the order of processing): its name, then any of

    移動     Ｂ２→Ｂ４ · Ｂ２→Ｂ３→Ｂ４ (the squares between are the path) · Ｂ４へ移動 · 移動：Ｂ４ ·
             （Ｂ３経由） · 移動なし
    通常攻撃  通常攻撃→鈴木 · 攻撃:鈴木 · 鈴木を攻撃
    特殊能力  特殊能力「紅蓮」→鈴木 · 能力→鈴木・山田 · 「紅蓮」→鈴木 · 対象：鈴木
    待機     待機 · 行動なし
    応援ボーナス  応援10 · 応援ボーナス+10 · 応援：命中20 (points by roll: 発動 · 命中 · 成功; DH-15)

separated by ／ 、 spaces or new lines, full- or half-width. A chain of squares begins where the
character stands, so ``Ｂ２→Ｂ４`` moves to Ｂ４ and ``Ａ５→Ｂ５→Ｂ４`` also gives the path.
"""

from __future__ import annotations

import re
from typing import Any

from ...words.names import fold
from .model import parse_square
from ...words.textimport import ARROW, Entry, Grammar, ImportContext, Line, rule, one_side, split_entries, scan

SQ = r"[A-Za-z]\s*\d{1,2}(?!\d)"
NAME = r"[^\s/、,;。:→>()「」《》・&]+?"
NAMES = rf"{NAME}(?:\s*[・&]\s*{NAME})*"
END = r"(?=$|[\s/、,;。]|を|に|へ)"
EXAMPLE = "山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎"
THEN = r"(?:して|し|後|のみ|だけ)?"  # Ｂ５へ移動して待機 · Ｅ１→Ｅ４移動のみ


def _squares(text: str, ctx: ImportContext) -> list[str]:
    return [ctx.square(s) or s for s in re.findall(SQ, text)]


def _move(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    chain = _squares(m.group("chain"), ctx)
    fields["to"] = chain[-1]
    if len(chain) > 2:
        fields["path"] = chain[1:]


def _to(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["to"] = _squares(m.group("to"), ctx)[0]


def _via(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_via"] = _squares(m.group("via"), ctx)


def _attack(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    target = ctx.character(m.group("target"), entry.lines[0])
    if target:
        fields["attack"] = target


def _wait(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["wait"] = True


def _nothing(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    pass


def _stay(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_stay"] = True


def _ability(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    ability = fields.setdefault("ability", {})
    named = m.groupdict().get("ab") or m.groupdict().get("ab2") or m.groupdict().get("ab3")
    if named:
        own = ctx.abilities.get(entry.who, [])
        if not any(fold(named) == fold(a) for a in own):
            has = f"「{own[0]}」" if own else ctx.say("import.none")
            ctx.problem(entry.lines[0], "import.no_ability", name=ctx.characters.names[entry.who], ability=named,
                        has=has)
    targets = m.groupdict().get("targets")
    if targets and not named and any(fold(targets) == fold(a) for a in ctx.abilities.get(entry.who, [])):
        return  # 「能力：紅蓮」 names the ability, not a target
    if targets:
        _targets(ability, targets, entry, ctx)


def _targets(ability: dict, text: str, entry: Entry, ctx: ImportContext) -> None:
    for name in re.split(r"\s*[・&]\s*", text.strip()):
        cid = ctx.character(name, entry.lines[0])
        if cid:
            ability.setdefault("targets", []).append(cid)


def _bonus(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """応援ボーナス (DH-15.1): a number alone, or points by roll (発動, 命中, 成功)."""
    points = int(m.group("n"))
    roll = {"発動": "activation", "命中": "hit", "成功": "success"}.get(m.group("roll") or "")
    if roll is None:
        fields["bonus"] = points
    else:
        bonus = fields["bonus"] if isinstance(fields.get("bonus"), dict) else {}
        fields["bonus"] = {**bonus, roll: points}


def _object(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """対象：X — the targets of the ability named in the same entry."""
    if "ability" not in fields:
        ctx.problem(entry.lines[0], "import.object_without_ability")
        return
    _targets(fields["ability"], m.group("targets"), entry, ctx)


_r = rule


ABILITY_WORD = r"(?:特殊能力|能力|ability|スキル|skill)"
RULES = (
    _r("bonus", r"応援(?:ボーナス)?\s*:?\s*(?P<roll>発動|命中|成功)?(?:判定)?\s*:?\s*\+?\s*(?P<n>\d{1,4})(?:\s*点)?", _bonus),
    _r("stay", r"(?:移動なし|移動しない|移動無し|移動せずに|移動せず|その場で|その場から|no\s*move)", _stay),
    _r("said_none", r"(?:(?:通常)?攻撃(?:は)?\s*(?:なし|無し|しない|せず)|移動のみ|移動だけ)", _nothing),  # what is not done
    _r("wait", rf"(?:待機|wait|行動なし|何もしない|なし){END}", _wait),
    _r("via", rf"\(\s*(?P<via>{SQ}(?:\s*[・,、]\s*{SQ})*)\s*経由\s*\)", _via),
    _r("move", rf"(?:移動\s*:?\s*)?(?P<chain>{SQ}(?:\s*{ARROW}\s*{SQ})+)(?:\s*(?:へ|に)?\s*移動{THEN})?", _move),
    _r("to", rf"(?:移動|to|move)\s*:?\s*{ARROW}?\s*(?P<to>{SQ})(?:\s*(?:へ|に))?", _to),
    _r("to_ja", rf"(?P<to>{SQ})\s*(?:へ|に|まで)?\s*(?:移動{THEN})?", _to),
    _r("ability", rf"{ABILITY_WORD}\s*(?:「(?P<ab>[^」]+)」|\((?P<ab2>[^)]+)\)|《(?P<ab3>[^》]+)》)?"
                  rf"(?:\s*(?::|{ARROW}|対象\s*:?)\s*(?P<targets>{NAMES}){END})?(?:\s*(?:を)?(?:使用|発動))?", _ability),
    _r("ability_named", rf"「(?P<ab>[^」]+)」(?:\s*(?:{ARROW}|対象\s*:?)\s*(?P<targets>{NAMES}){END})?"
                        rf"(?:\s*(?:を)?(?:使用|発動))?", _ability),
    _r("object", rf"対象\s*:?\s*(?P<targets>{NAMES}){END}", _object),
    _r("attack", rf"(?:通常攻撃|攻撃|attack|atk)\s*(?::|{ARROW})?\s*(?P<target>{NAME}){END}(?:\s*を)?", _attack),
    _r("attack_ja", rf"(?P<target>{NAME})\s*(?:を|に|へ)\s*(?:通常)?攻撃", _attack),
    _r("ability_ja", rf"(?P<targets>{NAMES})\s*(?:に|へ)\s*{ABILITY_WORD}(?:\s*(?:を)?(?:使用|発動))?", _ability),
    # last: a word before an arrow and a target (or before 使用) names the character's ability: 紅蓮→鈴木
    _r("ability_bare", rf"(?P<ab>{NAME})(?:\s*(?:{ARROW}|対象\s*:?)\s*(?P<targets>{NAMES}){END}(?:\s*(?:を)?(?:使用|発動))?"
                       rf"|\s*(?:を)?\s*(?:使用|発動))", _ability),
)


def _action(entry: Entry, ctx: ImportContext) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    scan(entry.text, RULES, fields, entry, ctx, EXAMPLE)
    action: dict[str, Any] = {"who": entry.who}
    via = fields.pop("_via", None)
    stay = fields.pop("_stay", False)
    if via:
        if "to" not in fields:
            ctx.problem(entry.lines[0], "import.via_without_to")
        else:
            fields["path"] = via + [fields["to"]]
    if stay and "to" in fields:
        ctx.problem(entry.lines[0], "import.stay_and_move")
    for key in ("to", "path", "attack", "ability", "wait", "bonus"):
        if key in fields:
            action[key] = fields[key]
    if "wait" in action and ("attack" in action or "ability" in action):
        ctx.problem(entry.lines[0], "import.wait_and_act")
    return action


def read(lines: list[Line], ctx: ImportContext) -> tuple[str | None, list[dict[str, Any]]]:
    actions = [_action(entry, ctx) for entry in split_entries(lines, ctx, EXAMPLE)]
    side = one_side([a["who"] for a in actions], ctx, lines)
    return side, actions


def square(text: str) -> str | None:
    sq = parse_square(text)
    return None if sq is None else sq.label


GRAMMAR = Grammar(example=EXAMPLE, read=read, square=square)
