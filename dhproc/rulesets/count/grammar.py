"""How count 行動提出 are written in a chat, as a table of rules (read by dhproc/words/textimport.py).

One entry per character: its name, then its plan for each 行動手番 in order, each with a サブ and
a メイン action, and anywhere in the entry its reactions and its fallback:

    アオイ：1手番目 サブ：Ｄ５へ移動／メイン：斬撃→ゴブリンA　2手番目 メイン：斬撃→ゴブリンA
    ミナト
    ① 《火球》→ゴブリンA
    ② メイン 火球→ゴブリンB
    CA：する／カバー：アオイ／予備：メイン Ｅ６へ移動

    手番      1手番目 · 第2手番 · 手番2 · 2回目 · ① · a numbered line (the first is 1 when none is given)
    サブ/メイン サブ · サブアクション · SA · メイン · メインアクション · MA (a skill's own タイミング
              says which, so only a move needs it; 逃走 is always メイン)
    移動      Ｄ５へ移動 · 移動：Ｄ５ · Ｄ７→Ｄ５
    スキル     斬撃→ゴブリンA · 《火球》→ゴブリンA · 「火球」対象：ゴブリンA · ゴブリンAに《火球》 · 《祈り》使用 ·
              《転移》→Ｅ６ (a skill that places its user: the square) ·
              《吹き飛ばし》→ゴブリンAをＥ８に配置 (one that places its target: the target, then the square)
    手札      《強打》→ゴブリンA 手札：札3 (the cards the skill's cost discards)
    宣言      斬撃→ゴブリンA 《渾身》 · ダメージロール前：《受け流し》 (a declared ダメージロール前 skill: one
              that raises damage goes with the action before it, one that lowers damage taken — or
              any, when no action came before — into the reactions)
    通常攻撃   通常攻撃→ゴブリンA · 攻撃：ゴブリンA · ゴブリンAを攻撃
    逃走 · 待機 (nothing in that 手番 or action)
    CA       CA：する · CAあり · CA：する（斬撃） · CAスキル：《斬撃》 · CAしない
    カバー     カバー：ミナト · ミナトをカバー
    振り直し   命中振り直し · 回避振り直し · 22未満は振り直し (a 達成値 below 22) · CAのため回避振り直し
    予備      予備：メイン Ｅ６へ移動 (also 代替, 不可時): what replaces an illegal action

separated by ／ 、 spaces or new lines, full- or half-width. Nothing is guessed: a move that does not
say サブ or メイン, a skill the character does not have, a 手番 left out between two others, is a
problem naming the line.
"""

from __future__ import annotations

import re
from typing import Any

from ...words.messages import say
from ...words.names import fold, suggestions
from ...words.textimport import (ARROW, Entry, Grammar, ImportContext, Line, characters_listed, one_side, rule, scan,
                           split_entries)
from . import messages  # noqa: F401  (registers the count.* messages)
from .model import Square

SQ = r"[A-Ia-i]\s*[1-9](?!\d)"
NAME = r"[^\s/、,;。:→>()「」《》【】・&]+?"
NAMES = rf"{NAME}(?:\s*[・&]\s*{NAME})*"
LISTED = rf"{NAME}(?:\s*[・&、,]\s*{NAME})*"  # a list that may run on with 、 (read while its pieces are names)
END = r"(?=$|[\s/、,;。()]|を|に|へ|で)"
BRACKETED = r"(?:《(?P<s1>[^》]+)》|「(?P<s2>[^」]+)」|【(?P<s3>[^】]+)】)"
EXAMPLE = "アオイ：1手番目 サブ：Ｄ５へ移動／メイン：斬撃→ゴブリンA"
SLOT_NAMES = {"sub_action": "slot.sub_action", "main_action": "slot.main_action"}


def _line(entry: Entry, text: str) -> Line:
    """The line of the entry that holds ``text`` (for a problem's location)."""
    key = text.strip()[:6]
    return next((ln for ln in entry.lines if key and key in ln.text), entry.lines[0])


def _skills(entry: Entry, ctx: ImportContext) -> list[dict]:
    c = ctx.setup.get("characters", {}).get(entry.who, {})
    return [s for s in c.get("skills", []) if isinstance(s, dict) and isinstance(s.get("name"), str)]


def _skill(name: str, entry: Entry, ctx: ImportContext, line: Line) -> dict | None:
    """The character's skill of that name (full-/half-width and kana alike), or a problem with a
    did-you-mean from its own skills."""
    own = _skills(entry, ctx)
    found = [s for s in own if fold(s["name"]) == fold(name)]
    if len(found) == 1:
        return found[0]
    close = suggestions(name, [s["name"] for s in own])
    hint = say("name.did_you_mean", ctx.lang, names=say("list.or", ctx.lang).join(close)) if close else ""
    listing = say("list.sep", ctx.lang).join(s["name"] for s in own) or say("count.none", ctx.lang)
    ctx.problem(line, "count.no_skill", id=ctx.characters.names[entry.who], name=name, hint=hint, names=listing)
    return None


def _normal(entry: Entry, ctx: ImportContext, line: Line) -> dict | None:
    normal = next((s for s in _skills(entry, ctx) if s.get("normal") is True), None)
    if normal is None:
        ctx.problem(line, "count.import_no_normal", name=ctx.characters.names[entry.who])
    return normal


def _targets(text: str | None, entry: Entry, ctx: ImportContext, line: Line) -> list[str]:
    return characters_listed(text or "", ctx, line)[0] if (text or "").strip() else []


def _plan(fields: dict) -> dict:
    """The plan the next action goes into: the fallback after 予備, else the current 手番's."""
    if fields.get("_fallback"):
        return fields.setdefault("fallback", {})
    return fields.setdefault("slots", {}).setdefault(fields.get("_slot", 1), {})


def _place(fields: dict, own_part: str | None, action: dict, entry: Entry, ctx: ImportContext, line: Line,
           what: str) -> None:
    """Put ``action`` in the サブ or メイン action the text named, or the one its skill's timing
    gives; a move that names neither is a problem (a サブ move costs 配置カウント: not guessed)."""
    part = fields.pop("_part", None)
    if part is None:
        part = own_part
    elif own_part is not None and own_part != part:
        ctx.problem(line, "count.wrong_timing", skill=what, timing=say(f"count.{SLOT_NAMES[own_part]}", ctx.lang),
                    slot=say(f"count.{SLOT_NAMES[part]}", ctx.lang))
        return
    if part is None:
        ctx.problem(line, "count.import_which_action", what=what)
        return
    plan = _plan(fields)
    if part in plan:
        where = say("count.import_fallback", ctx.lang) if fields.get("_fallback") else \
            say("count.import_slot", ctx.lang, n=fields.get("_slot", 1))
        ctx.problem(line, "count.import_twice", where=where, part=say(f"count.{SLOT_NAMES[part]}", ctx.lang))
        return
    plan[part] = action
    fields["_last"] = action


def _use(fields: dict, skill: dict | None, targets: str | None, entry: Entry, ctx: ImportContext,
         line: Line) -> None:
    if skill is None:
        fields.pop("_part", None)  # reported; the サブ/メイン it followed is not left waiting
        return
    timing = skill.get("timing")
    if timing == "before_damage" and skill.get("declared") is True:  # COUNT-7.13
        _declare(fields, skill)
        return
    if timing not in SLOT_NAMES:
        fields.pop("_part", None)
        ctx.problem(line, "count.import_not_an_action", skill=skill["name"], timing=timing)
        return
    action: dict[str, Any] = {"skill": skill["name"]}
    if any(isinstance(e, dict) and e.get("op") == "place" for e in skill.get("effects", [])) \
            and skill.get("targets", {}).get("side") == "self":  # COUNT-3.10 (its target: 3.11, _place_to)
        to = square(targets or "")
        if to is None:
            fields.pop("_part", None)
            ctx.problem(line, "count.import_place_square", skill=skill["name"])
            return
        action["to"] = to
        _place(fields, timing, action, entry, ctx, line, skill["name"])
        return
    chosen = _targets(targets, entry, ctx, line)
    if chosen:
        action["targets"] = chosen
    _place(fields, timing, action, entry, ctx, line, skill["name"])


# ---------------------------------------------------------------- what each rule records

def _slot(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_slot"] = int(m.group("n") or m.group("n2"))
    fields["_fallback"] = False
    fields.pop("_part", None)
    fields.setdefault("slots", {}).setdefault(fields["_slot"], {})


def _part(name: str):
    def apply(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
        fields["_part"] = name
    return apply


def _fallback(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_fallback"] = True
    fields.pop("_part", None)
    fields.setdefault("fallback", {})


def _wait(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields.pop("_part", None)  # that action (or the whole 手番) does nothing
    _plan(fields)


def _move(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    to = Square.parse(re.sub(r"\s", "", m.group("to"))).label
    _place(fields, None, {"move": {"to": to}}, entry, ctx, _line(entry, m.group(0)), to)


def _escape(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    _place(fields, "main_action", {"escape": True}, entry, ctx, _line(entry, m.group(0)), "逃走")


def _attack(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    line = _line(entry, m.group(0))
    _use(fields, _normal(entry, ctx, line), m.group("targets"), entry, ctx, line)


def _named(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    line = _line(entry, m.group(0))
    groups = m.groupdict()
    name = groups.get("s1") or groups.get("s2") or groups.get("s3") or groups.get("bare")
    _use(fields, _skill(name, entry, ctx, line), groups.get("targets"), entry, ctx, line)


def _declare(fields: dict, skill: dict) -> None:
    """COUNT-7.13: a declared ダメージロール前 skill: the attacker's own (it raises its damage) goes
    with the action just named; one that lowers the damage taken, or one named before any action,
    is for every damage taken and for the CA attacks (the reactions)."""
    last = fields.get("_last")
    if last is not None and "skill" in last and skill.get("step") != "reduce":
        last.setdefault("before_damage", []).append(skill["name"])
    else:
        fields.setdefault("reactions", {}).setdefault("before_damage", []).append(skill["name"])


def _cards(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """手札：札3・札1 — the cards the skill just named discards for its cost (COUNT-1.10)."""
    last = fields.get("_last")
    if last is None or "skill" not in last:
        ctx.problem(_line(entry, m.group(0)), "count.import_cards_without_skill")
        return
    last.setdefault("cards", []).extend(c.strip() for c in re.split(r"[・&、,]", m.group("cards")) if c.strip())


def _label(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """ダメージロール前： a label only: the skill named after it says what it is."""


def _place_to(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """COUNT-3.11: …をＥ８に配置 — the square the skill just named places its target on."""
    last = fields.get("_last")
    if last is None or "skill" not in last or "to" in last:
        ctx.problem(_line(entry, m.group(0)), "count.import_place_without_skill")
        return
    last["to"] = square(m.group("to")) or ""


def _object(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """対象：X — the targets of the skill just named."""
    line = _line(entry, m.group(0))
    last = fields.get("_last")
    if last is None or "skill" not in last:
        ctx.problem(line, "count.import_object_without_skill")
        return
    last.setdefault("targets", []).extend(_targets(m.group("targets"), entry, ctx, line))


def _reaction(key: str, value: Any):
    def apply(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
        fields.setdefault("reactions", {})[key] = value
    return apply


def _reroll_below(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """22未満は振り直し: re-roll a 命中判定 whose 達成値 is below that (COUNT-4.6)."""
    fields.setdefault("reactions", {})["reroll_hit_below"] = int(m.group("n"))


def _ca(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    reactions = fields.setdefault("reactions", {})
    reactions["ca"] = True
    groups = m.groupdict()
    name = groups.get("s1") or groups.get("s2") or groups.get("s3") or groups.get("bare")
    if name:
        skill = _skill(name, entry, ctx, _line(entry, m.group(0)))
        if skill is not None:
            reactions["ca_skill"] = skill["name"]


def _cover(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> int | None:
    """カバー：黒田ソウマ、白石カナデ — the list runs on with 、 while its pieces are names."""
    chosen, taken = characters_listed(m.group("targets"), ctx, _line(entry, m.group(0)), strict=False)
    _covered(fields, chosen)
    return m.start("targets") + taken


def _cover_ja(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """黒田ソウマと白石カナデをカバー: every piece before を is a name."""
    _covered(fields, _targets(m.group("targets"), entry, ctx, _line(entry, m.group(0))))


def _covered(fields: dict, chosen: list[str]) -> None:
    if chosen:
        fields.setdefault("reactions", {}).setdefault("cover", []).extend(chosen)


_r = rule  # textimport's: a pattern that ignores case


SUB = r"(?:サブアクション|サブ|sub_action|sub|SA(?![A-Za-z]))"
MAIN = r"(?:メインアクション|メイン|main_action|main|MA(?![A-Za-z]))"
PART_END = r"\s*(?:で|は)?\s*:?"
USE = r"(?:\s*(?:を)?\s*(?:使用|発動))?"
RULES = (
    _r("reroll_below", r"(?:達成値)?\s*(?P<n>\d{1,3})\s*未満\s*(?:は|なら)?\s*(?:命中)?\s*振り直し(?:する|あり)?",
       _reroll_below),
    _r("reroll_for_ca", r"CA\s*(?:のため|狙い)\s*(?:の|で|に)?\s*回避\s*振り直し(?:する|あり)?",
       _reaction("reroll_evasion_for_ca", True)),
    _r("cards", rf"(?:捨てる手札|捨て札|手札)\s*:?\s*(?P<cards>{LISTED}){END}", _cards),
    _r("fallback", r"(?:予備|代替行動|代替|不可(?:の)?(?:時|とき|場合)|fallback)\s*(?:は)?\s*:?", _fallback),
    _r("slot", r"(?:\(\s*)?(?:第\s*)?(?P<n>\d{1,2})\s*(?:手番目|手番|回目|番目|手目)?\s*[:.)]?|手番\s*(?P<n2>\d{1,2})\s*:?", _slot),
    _r("ca_skill", rf"CA\s*(?:スキル|攻撃|技)\s*:?\s*(?:{BRACKETED}|(?P<bare>{NAME}){END})", _ca),
    _r("ca_no", r"CA\s*(?:は)?\s*:?\s*(?:しない|なし|無し|無|no|off|×|✕)", _reaction("ca", False)),
    _r("ca", rf"CA\s*(?:は)?\s*:?\s*(?:する|あり|有り|有|yes|on|○|◯)?(?:\s*\(\s*(?:{BRACKETED}|(?P<bare>{NAME}))\s*\))?",
       _ca),
    _r("cover", rf"(?:カバーリング|カバー|cover)\s*(?:対象)?\s*:?\s*(?P<targets>{LISTED}){END}", _cover),
    _r("cover_ja", rf"(?P<targets>{NAMES})\s*を\s*(?:カバー|かばう)(?:する)?", _cover_ja),
    _r("reroll_hit", r"命中(?:ファンブル)?(?:時|の)?(?:は)?\s*:?\s*振り直し(?:する|あり)?", _reaction("reroll_hit_fumble", True)),
    _r("reroll_evasion", r"回避(?:失敗)?(?:時|の)?(?:は)?\s*:?\s*振り直し(?:する|あり)?",
       _reaction("reroll_evasion_failure", True)),
    _r("sub", SUB + PART_END, _part("sub_action")),
    _r("main", MAIN + PART_END, _part("main_action")),
    _r("escape", r"逃走(?:する|を?宣言)?", _escape),
    _r("wait", rf"(?:待機|行動なし|何もしない|なし|wait){END}", _wait),
    _r("before_damage", r"(?:ダメージロール前|ダメロ前)\s*(?:に)?\s*:?", _label),
    _r("place_to", rf"を\s*(?P<to>{SQ})\s*(?:へ|に)?\s*配置(?:する)?", _place_to),
    _r("move", rf"(?:移動\s*:?\s*)?(?:{SQ}\s*{ARROW}\s*)?(?P<to>{SQ})(?:\s*(?:へ|に|まで))?(?:\s*移動)?", _move),
    _r("move_to", rf"(?:移動|move)\s*:?\s*{ARROW}?\s*(?P<to>{SQ})", _move),
    _r("object", rf"対象\s*:?\s*(?P<targets>{NAMES}){END}", _object),
    _r("attack", rf"(?:通常攻撃|攻撃|attack)\s*(?::|{ARROW})\s*(?P<targets>{NAMES}){END}(?:\s*を)?", _attack),
    _r("attack_ja", rf"(?P<targets>{NAMES})\s*(?:を|に|へ)\s*(?:通常)?攻撃(?:する)?", _attack),
    _r("skill", rf"{BRACKETED}\s*(?:(?:{ARROW}|対象\s*:?|:)\s*(?P<targets>{NAMES}){END})?{USE}", _named),
    _r("skill_ja", rf"(?P<targets>{NAMES})\s*(?:に|へ)\s*{BRACKETED}{USE}", _named),
    _r("skill_bare", rf"(?P<bare>{NAME})\s*(?:(?:{ARROW}|対象\s*:?)\s*(?P<targets>{NAMES}){END}{USE}|(?:を)?\s*(?:使用|発動)"
                     rf"|{END})", _named),
)


def _text(entry: Entry) -> str:
    """The entry's text with each following line's list number put back in front of it (a
    numbered line is a 行動手番: 「① 火球→ゴブリンA」)."""
    rest = entry.lines[1:]
    tail = " / ".join(ln.text for ln in rest)
    first = entry.text[: len(entry.text) - len(tail)] if tail and entry.text.endswith(tail) else entry.text
    parts = [first.strip(" /")] + [(f"{ln.number} " if ln.number is not None else "") + ln.text for ln in rest]
    return " / ".join(p for p in parts if p)


def _read_entry(entry: Entry, fields: dict[str, Any], ctx: ImportContext) -> None:
    """One entry into the character's fields: a later entry of the same character goes on from
    the 手番 the earlier one reached (its reactions posted apart, say); what clashes is reported."""
    fields["_fallback"] = False
    scan(_text(entry), RULES, fields, entry, ctx, EXAMPLE)
    if "_part" in fields:
        ctx.problem(entry.lines[-1], "count.import_part_empty",
                    part=say(f"count.{SLOT_NAMES[fields.pop('_part')]}", ctx.lang))


def _submission_part(who: str, fields: dict[str, Any], line: Line, ctx: ImportContext) -> dict[str, Any]:
    slots = fields.get("slots", {})
    numbers = sorted(slots)
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        ctx.problem(line, "count.import_slot_gap", name=ctx.characters.names[who], given=", ".join(map(str, numbers)))
    return {"plans": [slots[n] for n in numbers] if slots else None, "fallback": fields.get("fallback") or None,
            "reactions": fields.get("reactions") or None}


def read(lines: list[Line], ctx: ImportContext) -> tuple[str | None, dict[str, Any]]:
    fields: dict[str, dict[str, Any]] = {}  # character id -> what its entries said, in posted order
    first_line: dict[str, Line] = {}
    for entry in split_entries(lines, ctx, EXAMPLE):
        first_line.setdefault(entry.who, entry.lines[0])
        _read_entry(entry, fields.setdefault(entry.who, {}), ctx)
    submission: dict[str, dict] = {"plans": {}, "fallback": {}, "reactions": {}}
    for who, said in fields.items():
        for key, value in _submission_part(who, said, first_line[who], ctx).items():
            if value is not None:
                submission[key][who] = value
    side = one_side(list(fields), ctx, lines)
    return side, {k: v for k, v in submission.items() if v}


def square(text: str) -> str | None:
    try:
        return Square.parse(re.sub(r"\s", "", text)).label
    except (ValueError, IndexError):
        return None


GRAMMAR = Grammar(example=EXAMPLE, read=read, square=square)
