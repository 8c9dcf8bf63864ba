"""How logos 行動提出 are written in a chat (read by dhproc/words/textimport.py): the five スタメン in
行動順, and the targets that skills ask for.

    スタメン：楓カエデ、燕ツバメ、岩田ゴロウ、雛菊ヒナ、蓮見レン     (one line, in order)
    1. 楓カエデ / ① 楓カエデ / 1楓カエデ                              (one line each, numbered)
    1楓 2燕 3岩田 4雛菊 5蓮見                                          (numbered, on one line)
    楓カエデ (a line with a name alone, bulleted or not: the next in 行動順)
    燕ツバメ《戦術転換》→蓮見レン / 燕ツバメ：戦術転換→蓮見 / 《戦術転換》対象：蓮見レン

A numbered starter line may carry that starter's choice after the name.
"""

from __future__ import annotations

import re
from typing import Any

from ...lazy_re import lazy
from ...words.names import NameIndex, fold
from ...words.textimport import ARROW, Grammar, ImportContext, Line, one_side

EXAMPLE = "スタメン：楓カエデ、燕ツバメ、岩田ゴロウ、雛菊ヒナ、蓮見レン"
NAME = r"[^\s/、,;。:→>()「」《》・]+?"
END = r"(?=$|[\s/、,;。])"
_STARTERS_HEAD = lazy(r"^(?:スタメン|先発|出場|starters?|行動順|オーダー|order)\s*(?:\(.*?\))?\s*:?\s*",
                      re.IGNORECASE)
_NUMBERED = lazy(r"(?:^|\s)\(?(\d)\s*[.)、:]?\s*([^\s\d/、,;。]+)")
_SKILL = r"(?:《(?P<s1>[^》]+)》|「(?P<s2>[^」]+)」|(?P<s3>[^\s:→>《》「」]+?))"
# The owner's name is taken whole or not at all (an atomic group: 「tsubame: 戦術転換」 is never owner 't').
_OWNER = r"(?=(?P<who>[^\s/、,;。:→>()「」《》・の]+))(?P=who)"
_CHOICE = lazy(rf"^(?:{_OWNER}\s*(?:の|:)?\s*)?{_SKILL}\s*(?:の)?\s*(?:{ARROW}|対象\s*:?|:)\s*"
               rf"(?P<target>{NAME}){END}")


def _skill_of(cid: str | None, skill: str, ctx: ImportContext) -> tuple[str, str] | None:
    """(owner, the skill's name as written in the setup) for a typed skill name."""
    owners = [c for c in ([cid] if cid else ctx.abilities) for s in ctx.abilities.get(c, []) if fold(s) == fold(skill)]
    if len(owners) == 1:
        owner = owners[0]
        return owner, next(s for s in ctx.abilities[owner] if fold(s) == fold(skill))
    return None


def _choice(text: str, line: Line, ctx: ImportContext, choices: list[dict], starter: str | None = None) -> bool:
    m = _CHOICE.match(text)
    if not m:
        return False
    skill = m.group("s1") or m.group("s2") or m.group("s3")
    who = ctx.character(m.group("who"), line) if m.group("who") else starter
    found = _skill_of(who, skill, ctx)
    if found is None:
        skills = NameIndex({f"{c}:{s}": s for c, ss in ctx.abilities.items() for s in ss})
        hint = skills.describe(skill, skills.resolve(skill), "what.skill", ctx.lang)
        owner = ctx.say("import.skill_owner", name=ctx.characters.names[who]) if who else ""
        ctx.problem(line, "import.no_skill", skill=skill, owner=owner, hint=hint)
        return True
    target = ctx.character(m.group("target"), line)
    if target:
        choices.append({"who": found[0], "skill": found[1], "target": target})
    return True


def _lineup(text: str, ctx: ImportContext) -> list[str]:
    """The names of a line that is only characters' names, two or more, in order; else []."""
    names = [n for n in re.split(rf"(?:{ARROW}|[\s/、,;・])+", text) if n]
    if len(names) >= 2 and all(ctx.characters.resolve(n).id is not None for n in names):
        return names
    return []


def read(lines: list[Line], ctx: ImportContext) -> tuple[str | None, dict[str, Any]]:
    starters: dict[int, str] = {}
    choices: list[dict] = []

    def place(n: int, name: str, line: Line) -> str | None:
        cid = ctx.character(name, line)
        if cid is None:
            return None
        if n in starters:
            ctx.problem(line, "import.order_twice", n=n, a=ctx.characters.names[starters[n]],
                        b=ctx.characters.names[cid])
            return None
        starters[n] = cid
        return cid

    for line in lines:
        head = _STARTERS_HEAD.match(line.text)
        if head:
            names = [n for n in re.split(r"[\s/、,;・→>]+", line.text[head.end():]) if n]
            if all(re.match(r"^\d", n) for n in names):  # 「行動順：1楓 2燕 ...」
                for num, name in _NUMBERED.findall(" " + line.text[head.end():]):
                    place(int(num), name, line)
                continue
            for n, name in enumerate(names, len(starters) + 1):
                place(n, re.sub(r"^\d+[.)]?", "", name), line)
            continue
        whole = line.text if line.number is None else f"{line.number} {line.text}"
        several = _NUMBERED.findall(" " + whole)
        if len(several) >= 2 and not _CHOICE.match(line.text):  # 「1楓 2燕 3岩田 4雛菊 5蓮見」
            for num, name in several:
                place(int(num), name, line)
            continue
        if line.number is not None:
            token = re.split(r"[\s:/、,;。《「→>]", line.text, maxsplit=1)[0]
            cid = place(line.number, token, line)
            rest = line.text[len(token):].strip(" :")
            if rest and not _choice(rest, line, ctx, choices, cid):
                ctx.problem(line, "import.cannot_read_choice", rest=rest)
            continue
        lineup = _lineup(line.text, ctx)
        if lineup:  # 「ホッピー→リン→ムギ→ソウ→ユキ」: the スタメン in 行動順, without a heading
            for n, name in enumerate(lineup, len(starters) + 1):
                place(n, name, line)
            continue
        if _choice(line.text, line, ctx, choices):
            continue
        if ctx.characters.resolve(line.text).id is not None:  # a bare name: the next in 行動順
            place(max(starters, default=0) + 1, line.text, line)
            continue
        ctx.problem(line, "import.cannot_read_line", example=EXAMPLE)
    order = sorted(starters)
    if starters and order != [1, 2, 3, 4, 5]:
        ctx.problem(lines[0] if lines else None, "import.starters", given=", ".join(map(str, order)))
    side = one_side(list(starters.values()) + [c["who"] for c in choices], ctx, lines)
    submission: dict[str, Any] = {"starters": [starters[n] for n in order]}
    if choices:
        submission["choices"] = choices
    return side, submission


GRAMMAR = Grammar(example=EXAMPLE, read=read)
