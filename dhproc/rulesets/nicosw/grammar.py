"""How nicosw 行動提出 are written in a chat, as a table of rules (read by dhproc/words/textimport.py).

A post is one side's: lines for the side, and one entry per character (its name, then its go).

    行動順：リア→ゴード                          (turn 1, when the setup does not fix it)
    配置：リア1 ゴード3 · 配置（先手）：… · 後手なら配置：…
    降参
    リア：補助 通常移動→5／主 遠距離攻撃→ゴブリン
    ゴード：5へ移動、ゴブリンに近接攻撃 · 遠距離攻撃→オーガ（頭部） · オーガの頭部に近接攻撃
    リア：《エネルギー・ボルト》→ゴブリン · スキル：エネルギー・ボルト→ゴブリン · 《マルチ・ボルト》→ゴブリン&コボルド
    ゴブリン：退却判定／警戒移動→11 · 全力移動→9 · マップ外へ離脱（13側） · 起き上がる
    ゴード：ダガーに持ち替え · 精神抵抗判定（目標値12） · その他：合言葉を唱える · 「逃がすか！」
    オーガ：13に再登場 · 待機

Squares are numbers on the line map and ``(x,y)`` in the grid. The actions of a go are in the
order posted (NICOSW-5.1); 補助／主 in front of an action (or （補助） after it) names its slot.
Weapons, skills and parts are named by display name or id; an unknown one is reported with a
"did you mean". 攻撃 without 近接 or 遠距離 is not guessed.
"""

from __future__ import annotations

import re
from typing import Any

from ...lazy_re import lazy
from ...words.names import NameIndex
from ...words.naming import shown
from ...words.textimport import (ARROW, Entry, Grammar, ImportContext, Line, as_written, one_side, rule, scan,
                           split_entries)
from . import messages  # noqa: F401  (registers the nicosw catalogue)

GRID = r"[(\[]\s*\d{1,3}\s*[,、]\s*\d{1,3}\s*[)\]]"
SQ = rf"(?:{GRID}|(?<![A-Za-z0-9_])\d{{1,3}}(?!\d)(?:\s*マス目)?)"
NOT_SLOT = r"(?!(?:補助|主)(?:動作|行動)?\))"  # （補助）（主） after an action name its slot
NAME = r"[^\s/、,;。:→>()「」《》【】&]+?"
TARGET = rf"(?P<target>{NAME})(?:\s*\({NOT_SLOT}(?P<part>[^)]+)\))?"
END = r"(?=$|[\s/、,;。(&]|を|に|へ|で)"
OFF = r"(?:マップ外|場外|off)"
EDGE = rf"(?:\s*\({NOT_SLOT}(?P<edge>[^)]+)\))?"
TO = r"(?:\s*(?:へ|に|まで))?"
EXAMPLE = "リア：補助 通常移動→5／主 遠距離攻撃→ゴブリン"
MODES = {"通常移動": "normal_move", "警戒移動": "careful_move", "全力移動": "full_move", "normal_move": "normal_move",
         "careful_move": "careful_move", "full_move": "full_move"}
ATTACKS = {"近接攻撃": "melee", "白兵攻撃": "melee", "melee": "melee", "遠距離攻撃": "ranged", "射撃": "ranged",
           "ranged": "ranged"}
CHECKS = {"先制": "initiative", "魔物知識": "monster_lore", "攻撃": "attack_check", "防御": "defense_check",
          "回避": "defense_check", "疾走": "sprint", "生死": "death_check", "精神抵抗": "willpower"}
LOW, HIGH = ("低", "左", "low"), ("高", "右", "high")


def square(text: str) -> int | list[int] | None:
    """A square as the turn file writes it: a number on the line, [x, y] in the grid."""
    grid = re.fullmatch(r"[(\[]\s*(\d{1,3})\s*[,、]\s*(\d{1,3})\s*[)\]]", text.strip())
    if grid:
        return [int(grid.group(1)), int(grid.group(2))]
    line = re.fullmatch(r"(\d{1,3})(?:\s*マス目)?", text.strip())
    return int(line.group(1)) if line else None


def _things(ctx: ImportContext, cid: str, key: str) -> NameIndex:
    """The character's weapons, skills or parts by id and display name."""
    data = ctx.setup.get("characters", {}).get(cid, {})
    items = data.get(key, []) if isinstance(data, dict) else []
    return NameIndex.of_entries(items)


def _thing(ctx: ImportContext, entry: Entry, owner: str, key: str, text: str) -> str | None:
    """The id of ``owner``'s weapon, skill or part written ``text``; a problem (did you mean) if none."""
    index = _things(ctx, owner, key)
    found = index.resolve(text)
    if found.id is not None:
        if found.how == "prefix":
            ctx.notes.append(ctx.say("name.read_as", text=text, reading=shown(found.id, index.names[found.id], ctx.lang)))
        return found.id
    what = ctx.say(f"nicosw.import_what_{key}")
    if found.how == "ambiguous":
        hint = ctx.say("nicosw.import_which", names=ctx.say("list.sep").join(found.candidates))
    elif found.candidates:
        hint = ctx.say("name.did_you_mean", names=ctx.say("list.or").join(found.candidates))
    elif index.names:
        hint = ctx.say("name.known", names=ctx.say("list.sep").join(index.names.values()))
    else:
        hint = ctx.say("nicosw.import_has_none", what=what)
    ctx.problem(entry.lines[0], "nicosw.import_no_thing", who=ctx.characters.names[owner], what=what, text=text,
                hint=hint)
    return None


def _add(fields: dict, action: dict) -> None:
    slot = fields.pop("_slot", None)
    if slot:
        action["slot"] = slot
    fields.setdefault("actions", []).append(action)


def _target(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext, action: dict) -> bool:
    """Fill target (and part) of ``action`` from the match: 「オーガ（頭部）」, 「オーガの頭部」."""
    text, part = m.group("target"), m.groupdict().get("part")
    if ctx.characters.resolve(text).id is None and part is None and "の" in text:
        head, _, tail = text.rpartition("の")
        if ctx.characters.resolve(head).id is not None:
            text, part = head, tail
    cid = ctx.character(text, entry.lines[0])
    if cid is None:
        return False
    action["target"] = cid
    if part:
        pid = _thing(ctx, entry, cid, "parts", part)
        if pid is None:
            return False
        action["part"] = pid
    return True


def _slot(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_slot"] = "minor_action" if m.group("slot").startswith(("補助", "minor")) else "major_action"


def _slot_after(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    actions = fields.get("actions")
    if not actions:
        ctx.problem(entry.lines[0], "nicosw.import_slot_alone")
        return
    actions[-1]["slot"] = "minor_action" if m.group("slot").startswith("補助") else "major_action"


def _edge(text: str | None, entry: Entry, ctx: ImportContext) -> str | None:
    """NICOSW-9.1's edge: （0側）（13側） by its end square, or 低い側／高い側 (左／右)."""
    if text is None:
        return None
    t = text.strip().lower()
    number = re.match(r"\d+", t)
    length = ctx.setup.get("map", {}).get("length") if isinstance(ctx.setup.get("map"), dict) else None
    if number and int(number.group()) == 0:
        return "low"
    if number and int(number.group()) == (length or 0) - 1:
        return "high"
    if not number and t.startswith(LOW):
        return "low"
    if not number and t.startswith(HIGH):
        return "high"
    ctx.problem(entry.lines[0], "nicosw.import_edge", text=text, last=(length or 1) - 1)
    return None


def _move(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    mode = MODES.get(re.sub(r"\s+", "_", (m.groupdict().get("mode") or "").lower()))
    dest = m.group("dest")
    action: dict[str, Any] = {"do": "full_move" if mode == "full_move" else "move"}
    if mode in ("normal_move", "careful_move"):
        action["mode"] = mode
    if re.fullmatch(OFF, dest.strip(), re.IGNORECASE):
        action["to"] = "off"
        edge = _edge(m.groupdict().get("edge"), entry, ctx)
        if edge:
            action["edge"] = edge
    else:
        action["to"] = square(dest)
        if m.groupdict().get("edge"):  # an edge belongs to leaving the map only
            ctx.problem(entry.lines[0], "nicosw.import_edge", text=m.group("edge"), last="…")
            return
    _add(fields, action)


def _escape(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    action: dict[str, Any] = {"do": "move", "to": "off"}
    edge = _edge(m.groupdict().get("edge"), entry, ctx)
    if edge:
        action["edge"] = edge
    _add(fields, action)


def _attack(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    action: dict[str, Any] = {"do": ATTACKS[m.group("kind").lower()]}
    weapon = m.groupdict().get("weapon")
    if weapon and not _weapon_in_hand(weapon, action["do"], entry, ctx):
        return
    if _target(fields, m, entry, ctx, action):
        _add(fields, action)


def _weapon_in_hand(text: str, kind: str, entry: Entry, ctx: ImportContext) -> bool:
    """「毒牙で近接攻撃」: an attack uses the weapon in hand (NICOSW-6.1), so the one named must be
    the character's, of the attack's kind, and the one it holds when the match begins; a switch is
    never guessed (持ち替え is an action of its own)."""
    wid = _thing(ctx, entry, entry.who, "weapons", text)
    if wid is None:
        return False
    data = ctx.setup.get("characters", {}).get(entry.who, {})
    weapons = {w["id"]: w for w in data.get("weapons", []) if isinstance(w, dict) and "id" in w}
    names = _things(ctx, entry.who, "weapons").names
    if weapons[wid].get("kind") != kind:
        ctx.problem(entry.lines[0], "nicosw.import_weapon_kind", weapon=names[wid],
                    kind="近接攻撃" if kind == "melee" else "遠距離攻撃")
        return False
    held = data.get("equipped", next(iter(weapons), None))
    if held != wid:
        ctx.problem(entry.lines[0], "nicosw.import_weapon_not_held", who=ctx.characters.names[entry.who],
                    held=names.get(held, held), weapon=names[wid])
        return False
    return True


def _attack_unsaid(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    ctx.problem(entry.lines[0], "nicosw.import_which_attack", text=m.group(0).strip())


def _skill(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    named = next(g for g in (m.groupdict().get(k) for k in ("s1", "s2", "s3", "s4")) if g)
    sid = _thing(ctx, entry, entry.who, "skills", named.strip())
    if sid is None:
        return
    action: dict[str, Any] = {"do": "skill", "skill": sid}
    if m.groupdict().get("target") and not _target(fields, m, entry, ctx, action):
        return
    _add(fields, action)


def _and_target(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """《マルチ・ボルト》→ゴブリン&コボルド: one more target of the skill before it (NICOSW-8.9)."""
    last = (fields.get("actions") or [None])[-1]
    if last is None or last.get("do") != "skill" or "target" not in last:
        ctx.problem(entry.lines[0], "nicosw.import_and_target", text=m.group(0).strip())
        return
    more: dict[str, Any] = {}
    if _target(fields, m, entry, ctx, more):
        targets = last["target"] if isinstance(last["target"], list) else [last["target"]]
        last["target"] = targets + [more["target"]]


def _quoted(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    """「…」: the character's skill when it is exactly one's name, else words spoken (free)."""
    text = m.group("q")
    if _things(ctx, entry.who, "skills").resolve(text).how == "exact":
        _skill(fields, m, entry, ctx)
    elif m.group("target"):  # aimed at someone: a skill, misnamed
        _thing(ctx, entry, entry.who, "skills", text)
    else:
        fields.setdefault("actions", []).append({"do": "free", "note": as_written(entry.lines, f"「{text}」")})


def _then(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    pass  # an arrow between two actions only orders them, as the order posted does


def _simple(do: str):
    def apply(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
        _add(fields, {"do": do})
    return apply


def _switch(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    wid = _thing(ctx, entry, entry.who, "weapons", m.group("weapon"))
    if wid:
        _add(fields, {"do": "switch_weapon", "weapon": wid})


def _check(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    if m.group("tn") is None:
        ctx.problem(entry.lines[0], "nicosw.import_check_target", check=m.group("check") + "判定")
        return
    _add(fields, {"do": "check", "check": CHECKS[m.group("check")], "target_number": int(m.group("tn"))})


def _note(do: str):
    def apply(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
        note = as_written(entry.lines, m.group("note").strip())  # a player's words as typed (！ stays ！)
        action = {"do": do, "note": note}
        if do == "free":
            fields.setdefault("actions", []).append(action)
        else:
            _add(fields, action)
    return apply


def _wait(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_wait"] = True


def _place(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    role = m.groupdict().get("role")
    key = {"先手": "placement_if_first", "後手": "placement_if_second"}.get(role or "", "placement")
    fields.setdefault("_place", {})[key] = square(m.group("sq"))


def _reenter(fields: dict, m: re.Match, entry: Entry, ctx: ImportContext) -> None:
    fields["_reenter"] = square(m.group("sq"))


_r = rule  # textimport's: a pattern that ignores case


SLOTS = r"(?P<slot>補助動作|補助行動|補助|主動作|主行動|主|minor|major)"
MOVE = r"(?P<mode>通常移動|警戒移動|全力移動|移動|(?:normal|careful|full)[_ ]move|move)"
SKILL_WORD = r"(?:スキル|skill|魔法|特技)"
USE = r"(?:\s*(?:を)?\s*(?:使用|発動|行使|使う))?"
AIM = rf"(?:\s*(?::|{ARROW}|対象\s*:?)\s*{TARGET}{END})?"
RULES = (
    _r("slot", rf"{SLOTS}\s*(?::|\s)", _slot),
    _r("slot_after", r"\((?P<slot>補助|主)(?:動作|行動)?\)", _slot_after),
    _r("wait", rf"(?:待機|行動なし|何もしない|なし|wait){END}", _wait),
    _r("reenter", rf"(?:再登場|再突入|復帰)\s*(?::|{ARROW})?\s*(?P<sq>{SQ})", _reenter),
    _r("reenter_ja", rf"(?P<sq>{SQ})\s*(?:に|へ|から)\s*(?:再登場|再突入|復帰)", _reenter),
    _r("place", rf"(?:配置|placement)\s*(?:\((?P<role>先手|後手)[^)]*\))?\s*(?::|{ARROW})?\s*(?P<sq>{SQ})", _place),
    _r("place_role", rf"(?P<role>先手|後手)(?:なら|時|の場合)?\s*(?:配置)?\s*:?\s*(?P<sq>{SQ})(?:\s*に?配置)?", _place),
    _r("place_ja", rf"(?P<sq>{SQ})\s*に?\s*配置", _place),
    _r("escape", rf"(?:{OFF}\s*(?:へ|に)?\s*)?(?:戦闘離脱|離脱|逃走|撤退){EDGE}", _escape),
    _r("move", rf"{MOVE}\s*(?::|{ARROW}|で)?\s*(?:{SQ}\s*{ARROW}\s*)?(?P<dest>{SQ}|{OFF}){EDGE}{TO}", _move),
    _r("move_chain", rf"{SQ}\s*{ARROW}\s*(?P<dest>{SQ}|{OFF}){EDGE}{TO}(?:\s*{MOVE})?", _move),
    _r("move_ja", rf"(?P<dest>{SQ}|{OFF}){EDGE}\s*(?:へ|に|まで)\s*{MOVE}", _move),
    _r("move_to", rf"{ARROW}\s*(?P<dest>{SQ}|{OFF}){EDGE}{TO}", _move),
    _r("retreat", r"(?:退却判定|退却)(?:\s*(?:を)?\s*(?:行う|する))?", _simple("retreat")),
    _r("check", rf"(?P<check>先制|魔物知識|疾走|生死|精神抵抗|防御|回避)判定(?:\s*\(?\s*(?:目標値?|目標)\s*:?\s*"
                rf"(?P<tn>\d{{1,2}})\s*\)?)?", _check),
    _r("then", rf"{ARROW}(?=\s*(?:{MOVE}|退却|近接攻撃|遠距離攻撃|射撃|起き上が|《|【))", _then),  # 退却判定→警戒移動→6
    _r("attack", rf"(?:(?P<weapon>{NAME})\s*で\s*)?(?P<kind>近接攻撃|白兵攻撃|遠距離攻撃|射撃|melee|ranged)\s*(?::|{ARROW}|対象\s*:?)?\s*{TARGET}{END}"
                 rf"(?:\s*(?:を|に|へ))?", _attack),
    _r("attack_ja", rf"{TARGET}\s*(?:に|へ|を)\s*(?P<kind>近接攻撃|白兵攻撃|遠距離攻撃|射撃)", _attack),
    _r("attack_unsaid", rf"(?:通常攻撃|攻撃|attack)\s*(?::|{ARROW})?\s*{NAME}{END}|{NAME}\s*(?:に|を)\s*攻撃", _attack_unsaid),
    _r("skill_wo", rf"(?:{SKILL_WORD}\s*:?\s*)?(?:《(?P<s1>[^》]+)》|【(?P<s2>[^】]+)】|「(?P<s3>[^」]+)」)\s*を\s*{TARGET}"
                   rf"\s*(?:へ|に)(?:\s*(?:使用|発動|行使|使う))?", _skill),  # 魔法《エネルギー・ボルト》をコボルドAへ
    _r("skill", rf"(?:{SKILL_WORD}\s*:?\s*)?(?:《(?P<s1>[^》]+)》|【(?P<s2>[^】]+)】){USE}{AIM}{USE}", _skill),
    _r("skill_word", rf"{SKILL_WORD}\s*:?\s*(?:「(?P<s3>[^」]+)」|(?P<s4>[^\s/、,;。:→>()「」《》【】]+?)(?={ARROW}|:|$|[\s/、,;。]))"
                     rf"{USE}{AIM}{USE}", _skill),
    _r("skill_ja", rf"{TARGET}\s*(?:に|へ)\s*(?:《(?P<s1>[^》]+)》|【(?P<s2>[^】]+)】){USE}", _skill),
    _r("quoted", rf"「(?P<q>[^」]+)」{USE}{AIM}{USE}", _quoted),
    _r("and_target", rf"&\s*{TARGET}{END}", _and_target),
    _r("stand", r"(?:起き上がる|起き上がり|起き上がって|起きあがる|起き上がります|起立|立ち上がる|stand)", _simple("stand")),
    _r("switch", rf"(?:武器\s*(?:を)?\s*)?(?:持ち替え|持ちかえ|持替え|装備変更|武器変更|switch)(?:る)?\s*(?::|{ARROW})?\s*"
                 rf"(?P<weapon>{NAME}){END}(?:\s*(?:に|へ))?", _switch),
    _r("switch_ja", rf"(?P<weapon>{NAME})\s*(?:に|へ)\s*(?:持ち替え|持ちかえ|持替え|装備変更)(?:る)?", _switch),
    _r("other", r"(?:その他|other)\s*:?\s*(?P<note>[^/]+)", _note("other")),
    _r("free", r"(?:自由|フリー|free|台詞|セリフ)\s*:?\s*(?P<note>[^/]+)", _note("free")),
    _r("skill_bare", rf"(?P<s4>{NAME})(?:(?=\s*(?:{ARROW}|対象))|\s*(?:を)?\s*(?:使用|発動|行使|使う))"
                     rf"{AIM}{USE}", _skill),  # ブレス→ユウキ · エネルギー・ボルト→コボルドA
)


def _go(entry: Entry, ctx: ImportContext) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if entry.text.strip():
        scan(entry.text, RULES, fields, entry, ctx, EXAMPLE)
    if "_slot" in fields:
        ctx.problem(entry.lines[0], "nicosw.import_slot_alone")
    if fields.get("_wait") and any(a["do"] != "free" for a in fields.get("actions", [])):
        ctx.problem(entry.lines[0], "import.wait_and_act")
    if not entry.text.strip():
        ctx.problem(entry.lines[0], "nicosw.import_empty", name=ctx.characters.names[entry.who])
    return fields


# Side lines: 行動順, 配置 (先手／後手), 降参.
_ORDER = lazy(r"^(?:行動順|順番|order)\s*:?\s*", re.IGNORECASE)
_PLACE = lazy(r"^(?:(?P<r1>先手|後手)(?:なら|時|の場合)?\s*(?:の)?\s*)?(?:初期)?(?:配置|placement)"
              r"\s*(?:\((?P<r2>先手|後手)[^)]*\))?\s*:\s*", re.IGNORECASE)
_SURRENDER = lazy(r"^(?:降参|降伏|surrender)(?:します|する|だ)?[!。]*$", re.IGNORECASE)
_PAIR_SEP = lazy(rf"^(?:\s|[/、,;。:=@]|{ARROW}|は|を)+|(?:\s|[/、,;。:=@]|{ARROW}|に|へ|は)+$")


def _order_line(text: str, line: Line, ctx: ImportContext, sub: dict) -> None:
    names = [n for n in re.split(rf"(?:{ARROW}|[\s/、,;。])+", text) if n]
    ids = [cid for cid in (ctx.character(re.sub(r"^\d+[.)]?", "", n), line) for n in names) if cid]
    if len(ids) == len(names):
        sub["order"] = ids


def _place_line(text: str, key: str, line: Line, ctx: ImportContext, sub: dict) -> None:
    placed: dict[str, Any] = {}
    start = 0
    found = list(re.finditer(SQ, text))
    for m in found:
        name = _PAIR_SEP.sub("", text[start:m.start()])
        start = m.end()
        if not name:
            ctx.problem(line, "nicosw.import_place_pair", example="配置：リア1 ゴード3")
            return
        cid = ctx.character(name, line)
        if cid:
            placed[cid] = square(m.group())
    if not found or _PAIR_SEP.sub("", text[start:]):
        ctx.problem(line, "nicosw.import_place_pair", example="配置：リア1 ゴード3")
        return
    sub.setdefault(key, {}).update(placed)


def read(lines: list[Line], ctx: ImportContext) -> tuple[str | None, dict[str, Any]]:
    sub: dict[str, Any] = {}
    named: list[str] = []
    goes: list[Line] = []
    for line in lines:
        order, place = _ORDER.match(line.text), _PLACE.match(line.text)
        if order:
            _order_line(line.text[order.end():], line, ctx, sub)
            named += sub.get("order", [])
        elif place:
            role = place.group("r1") or place.group("r2")
            key = {"先手": "placement_if_first", "後手": "placement_if_second"}.get(role or "", "placement")
            _place_line(line.text[place.end():], key, line, ctx, sub)
            named += list(sub.get(key, {}))
        elif _SURRENDER.match(line.text):
            sub["surrender"] = True
        else:
            goes.append(line)
    go_map: dict[str, list] = {}
    for entry in split_entries(goes, ctx, EXAMPLE):
        fields = _go(entry, ctx)
        named.append(entry.who)
        if entry.who in go_map:
            ctx.problem(entry.lines[0], "nicosw.import_twice", name=ctx.characters.names[entry.who])
        for key, value in fields.get("_place", {}).items():
            sub.setdefault(key, {})[entry.who] = value
        if "_reenter" in fields:
            sub.setdefault("reenter", {})[entry.who] = fields["_reenter"]
        if "actions" in fields or fields.get("_wait") or not any(k in fields for k in ("_place", "_reenter")):
            go_map[entry.who] = fields.get("actions", [])
    if go_map:
        sub["goes"] = go_map
    side = one_side(named, ctx, lines)
    if side is None and sub.get("surrender"):
        ctx.problem(lines[0] if lines else None, "nicosw.import_surrender_side", example=EXAMPLE)
    ordered = {k: sub[k] for k in ("order", "placement", "placement_if_first", "placement_if_second", "goes",
                                   "surrender", "reenter") if k in sub}
    return side, ordered


GRAMMAR = Grammar(example=EXAMPLE, read=read)
