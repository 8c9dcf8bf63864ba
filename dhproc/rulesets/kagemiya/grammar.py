"""How a kagemiya 陣営's 行動提出 for one 巡 is written in a chat (read by dhproc/words/textimport.py).

A line begins with a character's name (or with a heading word and then the name), and says:

    先手判定   先手判定：セイバー（直感） · セイバー：先手判定《直感》令呪（補正） · 先手：セイバー
              先手判定で逃走：セイバー（先手判定時の逃走判定）
    攻撃      セイバー：物理攻撃→ランサー（魔力放出、令呪：補正、倍加：筋力） · 魔術攻撃：ランサー ·
              奇襲攻撃→青葉慎也 · ランサーに物理攻撃 · 援護：青葉慎也（援護する味方）
    援護      青葉慎也：援護→ランサー（ランサーのこの巡の攻撃に）
    逃走・待機 セイバー：逃走（直感） · セイバー：待機
    防御指示   防御：セイバー（対魔力）／攻撃25以上なら令呪（補正） · セイバー：防御時 対魔力 ·
              HP10以下なら… · 魔術攻撃なら… · 攻撃者の筋力4以上なら… · 令呪2画以上なら… ·
              受けるダメージ5以上なら令呪（振り直し） (read after the defence roll)
    攻撃側の対応 セイバー：物理攻撃→ランサー／与えるダメージ3以下なら令呪（振り直し） (after seeing the defence)
    逃走阻止   逃走阻止：セイバー（他の陣営が逃走するときの判定者）
    令呪だけ   赤城真澄：令呪（回復）→セイバー · 赤城真澄：令呪（宝具回復） (判定の外で使う令呪)
    脱落時     サーヴァント脱落時：保護（または 続行）

Skills and 宝具 are named by display name or id, bare or in （）「」《》, after スキル／宝具／使用 or
not; 令呪 by its kind (令呪（補正）, 令呪：boost, 令呪1画（面数）); 倍加 by name, id or stat (倍加：筋力,
筋力倍加, or 倍加 alone when the character has one that fits). Separators ／ 、 , spaces and new
lines, full- or half-width. Declarations belong to the clause before them (in a standing order,
to the condition before them); declarations before any clause wait for the next one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...lazy_re import lazy
from ...words.messages import say
from ...words.names import NameIndex, suggestions
from ...words.textimport import ARROW, Entry, Grammar, ImportContext, Line, rule, one_side, scan, split_entries
from . import messages  # noqa: F401  (registers the catalogue)
from .model import ATTACKS, CHECK_STAT
from .naming import exact, resource_names, spell_kind_names

EXAMPLE = "セイバー：物理攻撃→ランサー（魔力放出、令呪：補正）"
NAME = r"[^\s/、,;。:→>()「」《》【】・&]+?"
NAMES = rf"{NAME}(?:\s*[・&]\s*{NAME})*"
TARGETS = NAMES  # a 対軍 宝具's several targets (KAGEMIYA-5.11); 、 separates clauses, not names
END = r"(?=$|[\s/、,;。()（「《【]|を|に|へ|で)"
STAT_WORDS = {"strength": "筋力", "endurance": "耐久", "agility": "敏捷", "mana": "魔力", "luck": "幸運"}
ATTACK_WORDS = {"physical": r"物理攻撃|物理|物攻", "magical": r"魔術攻撃|魔術|魔攻|魔力攻撃",
                "ambush": r"奇襲攻撃|奇襲"}
ATTACK = "|".join(f"(?P<{k}>{v})" for k, v in ATTACK_WORDS.items())
ATTACK_ANY = "|".join(ATTACK_WORDS.values())
LOSS = {"fight": r"続行|戦闘続行|戦う|戦闘継続|fight", "protect": r"保護|保護申請|監督役の保護|protect"}

# A heading word before the name: 「先手判定：セイバー…」 reads as 「セイバー：先手判定…」.
_HEADS = (
    ("initiative_escape", lazy(r"^(?:先手判定|先手)\s*(?:\(\s*逃走(?:判定)?\s*\)|で逃走(?:判定)?|時?の?逃走(?:判定)?)"
                               r"\s*(?:者|担当)?\s*(?:は|:)?\s*")),
    ("initiative", lazy(r"^(?:先手判定|先手|initiative)\s*(?:者|担当|を振る)?\s*(?:は|:)?\s*", re.IGNORECASE)),
    ("escape_roller", lazy(r"^(?:逃走阻止|逃走防止|逃走対抗|逃走判定担当|逃走判定の担当|escape_roller)\s*(?:者)?\s*"
                           r"(?:は|:)?\s*", re.IGNORECASE)),
    ("defense", lazy(r"^(?:防御指示|防御時|防御|defense)\s*(?:は|:)?\s*", re.IGNORECASE)),
)
_HEAD_WORD = {"initiative_escape": "先手判定で逃走", "initiative": "先手判定", "escape_roller": "逃走阻止", "defense": "防御"}
_LOSS_HEAD = lazy(r"^(?:サーヴァント脱落時|サーヴァントの脱落時|鯖脱落時|脱落時|on_servant_loss)\s*(?:は|:)?\s*"
                  r"(?P<value>.*)$", re.IGNORECASE)
_ESCAPE_HEAD = lazy(r"^逃走判定\s*(?:は|:)")
_ACTIONS_HEAD = lazy(r"^(?:行動|行動内容|アクション|攻撃|actions)\s*:?\s*$", re.IGNORECASE)


@dataclass
class Item:
    """One clause of the post: a check to declare for (先手判定, an action, 逃走阻止) or standing orders."""

    kind: str  # initiative | action | escape_roller | defense | support_for
    who: str
    line: Line
    fields: dict[str, Any] = field(default_factory=dict)
    declared: list[tuple[str, str, Line]] = field(default_factory=list)  # (what, text as written, line)
    entries: list[dict] = field(default_factory=list)  # defense, an attack's reaction: [{if, declared}]


@dataclass
class Post:
    items: list[Item] = field(default_factory=list)
    pending: list[tuple[str, str, Line]] = field(default_factory=list)  # declared before any clause
    loss: tuple[str, Line] | None = None


def _line_of(entry: Entry, text: str) -> Line:
    return next((ln for ln in entry.lines if text[:6] and text[:6] in ln.text), entry.lines[0])


def _post(fields: dict) -> Post:
    return fields["post"]


def _current(fields: dict) -> Item | None:
    items = [i for i in _post(fields).items if i.who == fields["who"]]
    return items[-1] if items and fields.get("open") else None


def _open(fields: dict, m: re.Match, entry: Entry, kind: str, **values: Any) -> Item:
    post = _post(fields)
    item = Item(kind, entry.who, _line_of(entry, m.group(0)), dict(values))
    if kind == "defense":
        item.entries.append({"if": None, "declared": []})
    post.items.append(item)
    fields["open"] = True
    if post.pending:
        (item.entries[-1]["declared"] if kind == "defense" else item.declared).extend(post.pending)
        post.pending.clear()
    return item


def _declare(fields: dict, what: str, text: str, entry: Entry) -> None:
    item = _current(fields)
    found = (what, text.strip(), _line_of(entry, text))
    if item is None or item.kind == "support_for":
        _post(fields).pending.append(found)
    elif item.kind == "defense" or item.entries:  # an attack's reaction takes what follows it (KAGEMIYA-11.6)
        item.entries[-1]["declared"].append(found)
    else:
        item.declared.append(found)


# --------------------------------------------------------------------------- the rules

def _initiative(fields, m, entry, ctx):
    _open(fields, m, entry, "initiative", escape=bool(m.group("esc")))


def _escape_roller(fields, m, entry, ctx):
    _open(fields, m, entry, "escape_roller")


def _defense(fields, m, entry, ctx):
    _open(fields, m, entry, "defense")


def _attack(fields, m, entry, ctx):
    do = next(k for k in ATTACK_WORDS if m.group(k))
    item = _open(fields, m, entry, "action", do=do)
    if m.groupdict().get("target"):
        _target(item, m.group("target"), entry, ctx)


def _attack_ja(fields, m, entry, ctx):  # 「ランサーに物理攻撃」
    _attack(fields, m, entry, ctx)


def _target(item: Item, text: str, entry: Entry, ctx: ImportContext) -> None:
    """One target, or several joined by ・ or & for a 対軍 宝具 (KAGEMIYA-5.11): 対象：ランサー・アーチャー.
    A name that has ・ in it (アルトリア・ペンドラゴン) is one name when the whole text is one."""
    line = _line_of(entry, text)
    whole = ctx.characters.resolve(text.strip())
    names = [text] if whole.id is not None else [n for n in re.split(r"\s*[・&]\s*", text.strip()) if n]
    ids = [cid for cid in (ctx.character(n, line) for n in names) if cid]
    if len(ids) == len(names):
        item.fields["target"] = ids[0] if len(ids) == 1 else ids


def _object(fields, m, entry, ctx):  # 対象：ランサー, for the attack before it
    item = _current(fields)
    if item is None or item.kind != "action" or item.fields["do"] not in ATTACKS:
        ctx.problem(_line_of(entry, m.group(0)), "kagemiya.import_target_alone", name=ctx.characters.names[entry.who])
        return
    _target(item, m.group("target"), entry, ctx)


def _escape(fields, m, entry, ctx):
    _open(fields, m, entry, "action", do="escape")


def _pass(fields, m, entry, ctx):
    _open(fields, m, entry, "action", do="pass")


def _support(fields, m, entry, ctx):
    """援護：青葉 after an attack lists its supporters; 援護→ランサー alone is this character's 援護
    of ランサー's attack."""
    item = _current(fields)
    line = _line_of(entry, m.group(0))
    names = [n for n in re.split(r"\s*[・&、,]\s*", m.group("names").strip()) if n]
    if item is not None and item.kind == "action" and item.fields["do"] in ATTACKS:
        for name in names:
            cid = ctx.character(name, line)
            if cid:
                item.fields.setdefault("support", []).append(cid)
        return
    if len(names) != 1:
        ctx.problem(line, "kagemiya.import_support_one", name=ctx.characters.names[entry.who])
        return
    cid = ctx.character(names[0], line)
    if cid:
        _open(fields, m, entry, "support_for", of=cid)


def _support_of(fields, m, entry, ctx):
    """ライダーを援護: this character's 援護 of ライダー's attack in the post."""
    cid = ctx.character(m.group("names").strip(), _line_of(entry, m.group(0)))
    if cid:
        _open(fields, m, entry, "support_for", of=cid)


def _condition(fields, m, entry, ctx):
    item = _current(fields)
    g = m.groupdict()
    if item is not None and item.kind == "action" and item.fields.get("do") in ATTACKS and g.get("damage"):
        # 「物理攻撃→ランサー／ダメージ3以下なら令呪（振り直し）」: the attacker's reaction (KAGEMIYA-11.6)
        item.entries.append({"if": _damage_condition(g), "declared": []})
        return
    if item is None or item.kind != "defense":
        ctx.problem(_line_of(entry, m.group(0)), "kagemiya.import_condition_alone", text=m.group(0).strip())
        return
    g = m.groupdict()
    after_roll = bool(g.get("damage"))
    if g.get("astat"):
        stat = next(k for k, v in STAT_WORDS.items() if v == g["astat"])
        cond = {"of": "attacker", "attr": stat, "at_least" if g["astat_op"] == "以上" else "at_most": int(g["astat_n"])}
    elif g.get("spells"):
        cond = {"of": "self", "attr": "command_spells", "at_least": int(g["spells"])}
    elif after_roll:
        cond = _damage_condition(g)
    elif g.get("total"):
        cond = {"of": "attack", "attr": "total", "at_least": int(g["total"])}
    elif g.get("hp"):
        cond = {"of": "self", "attr": "hp", "at_most": int(g["hp"])}
    else:
        cond = {"of": "attack", "attr": "type", "equals": next(k for k in ATTACK_WORDS if g.get(k))}
    last = item.entries[-1]
    if last["if"] is None and not last["declared"] and len(item.entries) == 1:
        last["if"] = cond
    else:
        item.entries.append({"if": cond, "declared": []})
        last = item.entries[-1]
    if after_roll:
        last["after_roll"] = True


def _damage_condition(g: dict) -> dict:
    return {"of": "damage", "attr": "amount", "at_least" if g["damage_op"] == "以上" else "at_most": int(g["damage"])}


def _spell(fields, m, entry, ctx):
    _declare(fields, "command_spell", f"{m.group('kind') or ''}#{m.group('count') or ''}", entry)


def _spell_on(fields, m, entry, ctx):
    """令呪（回復）→セイバー: a master's 令呪 used on its own, on its servant (KAGEMIYA-11)."""
    item = _open(fields, m, entry, "action", do="command_spell")
    _declare(fields, "command_spell", f"{m.group('kind') or ''}#{m.group('count') or ''}", entry)
    _target(item, m.group("target"), entry, ctx)


def _doubling(fields, m, entry, ctx):
    _declare(fields, "doubling", m.group("d1") or m.group("d2") or "", entry)


def _named(fields, m, entry, ctx):
    for name in re.split(r"\s*[・、,/]\s*", m.group("names").strip()):
        if re.match(r"令呪|倍加", name):  # 《令呪：補正》: a 令呪 or 倍加 in brackets
            scan(name, DECLARATION_RULES, fields, entry, ctx, EXAMPLE)
        elif name:
            _declare(fields, "use", name, entry)


def _group(fields, m, entry, ctx):
    """（直感、令呪：補正）: the declarations inside, read with the same rules."""
    scan(m.group("inside") or m.group("inside2") or "", DECLARATION_RULES, fields, entry, ctx, EXAMPLE)


def _bare(fields, m, entry, ctx):
    """A skill or 宝具 named bare; what is neither one nor close to one is text that cannot be read."""
    name = m.group("name")
    item = _current(fields)
    if item is not None and item.kind == "action" and item.fields["do"] in ATTACKS and "target" not in item.fields \
            and ctx.characters.resolve(name).id is not None:  # 「物理攻撃 ランサー」
        _target(item, name, entry, ctx)
        return
    own = resource_names(ctx.setup.get("characters", {}).get(entry.who), ("skills", "noble_phantasms"))
    if exact(name, own) is None and not suggestions(name, [n for ns in own.values() for n in ns] + list(own)):
        ctx.problem(_line_of(entry, name), "import.cannot_read", rest=m.string[m.start():].split(" / ")[0],
                    name=ctx.characters.names[entry.who], example=EXAMPLE)
        return
    _declare(fields, "use", name, entry)


def _nothing(fields, m, entry, ctx):
    pass


_r = rule


CONDITION = (rf"(?:攻撃者|攻撃側|相手)\s*の?\s*(?P<astat>{'|'.join(STAT_WORDS.values())})\s*(?:が)?\s*(?P<astat_n>\d+)\s*"
             rf"(?P<astat_op>以上|以下)|"  # KAGEMIYA-5.14: 攻撃者の筋力4以上
             rf"令呪\s*(?:の残り|残り)?\s*(?:が)?\s*(?P<spells>\d)\s*画\s*以上(?:\s*残って(?:いれば|いるなら))?|"
             rf"(?:受ける|被|与える)?ダメージ\s*(?:が)?\s*(?P<damage>\d+)\s*(?P<damage_op>以上|以下)|"  # KAGEMIYA-11.6
             rf"(?:(?:相手の)?(?:攻撃|攻撃値|達成値|攻撃の達成値)\s*(?:が)?\s*)?(?P<total>\d+)\s*以上|"
             rf"(?:HP|体力)\s*(?:が)?\s*(?P<hp>\d+)\s*以下|(?:{ATTACK})(?:攻撃)?\s*(?:なら|には|に対して|の時|のとき|時)")
USED = rf"(?:\s*(?:を)?(?:使用|発動|宣言)(?:して|し)?)?(?:\s*で(?=\s*(?:{ATTACK_ANY}|先手|逃走)))?"
DECLARATION_RULES = (
    _r("dot", r"[・&]", _nothing),  # 直感・魔力放出: a list
    _r("label", r"(?:行動|行動内容|アクション)\s*:", _nothing),  # 「行動：物理攻撃→ランサー」
    _r("no_spell", r"(?:令呪|倍加)\s*(?::|は)?\s*(?:なし|無し|使わない|不使用)(?=$|[\s/、,;。)])", _nothing),
    _r("none", r"(?:なし|無し|none)(?=$|[\s/、,;。)])", _nothing),
    _r("spell", r"令呪\s*(?:(?P<count>\d)\s*画)?\s*(?:[:(「《]\s*(?P<kind>[^)」》/、,;\s]+)\s*[)」》]?)?", _spell),
    _r("doubling", rf"(?:倍加\s*(?:[:(「《]\s*(?P<d1>[^)」》/、,;\s]+)\s*[)」》]?)?|(?P<d2>{'|'.join(STAT_WORDS.values())})\s*倍加)",
       _doubling),
    _r("object_in", rf"対象\s*:?\s*(?P<target>{TARGETS}){END}", lambda f, m, e, c: _object(f, m, e, c)),
    _r("named", rf"(?:使用(?:スキル|宝具)|(?:スキル|宝具)(?:使用)?|使用)\s*(?::\s*)?(?:[「《(]\s*)?(?P<names>[^」》)/;\s]+?)\s*[」》)]?"
                rf"{USED}(?=$|[\s/;。)]|{ATTACK_ANY}|先手|逃走)", _named),  # 宝具「…」使用
    _r("quoted", rf"[「《【](?P<names>[^」》】]+)[」》】]{USED}", _named),
    _r("bare", rf"(?P<name>[^\s/、,;。:→>()「」《》【】・&]+?){USED}(?=$|[\s/、,;。()「《【・&]|{ATTACK_ANY}|先手|逃走)", _bare),
)
RULES = (
    _r("initiative", r"(?:先手判定|先手)(?P<esc>\s*(?:\(\s*逃走(?:判定)?\s*\)|で逃走(?:判定)?|時?の?逃走(?:判定)?))?"
                      r"(?:\s*(?:は|:))?", _initiative),
    _r("escape_roller", r"(?:逃走阻止|逃走防止|逃走対抗|逃走判定担当|逃走判定の担当)(?:\s*(?:は|:))?", _escape_roller),
    _r("defense", r"(?:防御指示|防御時|防御)(?:\s*(?:は|:))?", _defense),
    _r("condition", rf"(?:{CONDITION})(?:\s*(?:なら|で|の時|のとき|時|には))?", _condition),
    _r("attack_de", rf"(?:{ATTACK})\s*で\s*(?P<target>{TARGETS})\s*(?:を|に|へ)\s*攻撃(?:する)?", _attack),  # 物理でXを攻撃
    _r("attack", rf"(?:{ATTACK})(?:\s*(?:{ARROW}|:|対象\s*:?)\s*(?P<target>{TARGETS}){END})?(?:\s*(?:を|に))?(?:\s*する)?",
       _attack),
    _r("attack_ja", rf"(?P<target>{NAME})\s*(?:に|へ|を)\s*(?:{ATTACK})", _attack_ja),
    _r("object", rf"対象\s*:?\s*(?P<target>{TARGETS}){END}", _object),
    _r("support_of", rf"(?P<names>{NAME})\s*(?:の攻撃)?\s*を\s*援護(?:する|します)?", _support_of),  # ライダーを援護
    _r("support", rf"援護\s*(?:者)?\s*(?:{ARROW}|:)?\s*(?P<names>{NAMES}){END}(?:\s*(?:の攻撃)?(?:を|に))?", _support),
    _r("spell_on", rf"令呪\s*(?:(?P<count>\d)\s*画)?\s*[:(「《]\s*(?P<kind>[^)」》/、,;\s]+)\s*[)」》]?\s*"
                    rf"(?:{ARROW})\s*(?P<target>{NAME}){END}", _spell_on),
    _r("escape", r"逃走(?:判定)?(?:する|を宣言)?", _escape),
    _r("pass", r"(?:待機|パス|行動なし|何もしない|pass)(?=$|[\s/、,;。(])", _pass),
    _r("group", r"\((?P<inside>(?:[^()]|\([^()]*\))*)\)|\[(?P<inside2>[^\]]*)\]", _group),
) + DECLARATION_RULES


# --------------------------------------------------------------------------- putting it together

def _heads(lines: list[Line], ctx: ImportContext, post: Post) -> list[Line]:
    """Heading lines turned round (「先手判定：セイバー」 → 「セイバー：先手判定」); 脱落時 read here."""
    out = []
    section = None  # after a line 「防御指示」 alone: each character's line below is its standing order
    heading: list = []  # [the heading line, whether a character's line followed it]

    def close() -> None:
        if heading and not heading[1]:
            ctx.problem(heading[0], "kagemiya.import_head_without_name", head=_HEAD_WORD[section])
        heading.clear()

    for line in lines:
        loss = _LOSS_HEAD.match(line.text)
        if loss:
            value = loss.group("value").strip()
            word = next((k for k, w in LOSS.items() if re.fullmatch(rf"(?:{w})(?:する|します|を申請)?", value, re.I)), None)
            if word is None:
                ctx.problem(line, "kagemiya.import_loss_word", text=value)
            elif post.loss is not None:
                ctx.problem(line, "kagemiya.import_twice", what=say("kagemiya.import_what_loss", ctx.lang))
            else:
                post.loss = (word, line)
            continue
        if _ACTIONS_HEAD.match(line.text):  # 「◆行動」: the lines below are actions again
            close()
            section = None
            continue
        if _ESCAPE_HEAD.match(line.text):
            ctx.problem(line, "kagemiya.import_escape_which")
            continue
        for kind, head in _HEADS:
            m = head.match(line.text)
            if m:
                rest = line.text[m.end():]
                close()
                if not rest.strip():  # a heading alone: the lines below are its characters'
                    section = kind
                    heading.extend([line, False])
                    break
                section = None
                named = re.match(rf"^({NAME})(?=$|[\s/、,;。:()「《【]|の|は|で)(?:\s*(?:の|は|で|:))?", rest)
                token = named.group(1) if named else rest
                found = ctx.characters.resolve(token)
                if found.id is None and found.how == "unknown" and not found.candidates:
                    out.append(line)  # 「防御：対魔力」 under a character's line: its own clause
                    break
                out.append(Line(line.no, line.raw, f"{token}:{_HEAD_WORD[kind]} {rest[len(named.group(0)) if named else len(rest):]}",
                                line.number))
                break
        else:
            if section is not None:
                line = _in_section(line, section, ctx)
                if heading and line.text.split(":", 1)[-1].startswith(_HEAD_WORD[section]):
                    heading[1] = True
            out.append(line)
    close()
    return out


def _in_section(line: Line, kind: str, ctx: ImportContext) -> Line:
    """「ランサー：戦闘続行」 under 「防御指示」: 「ランサー：防御 戦闘続行」 (and so for 先手判定, 逃走阻止)."""
    m = re.match(rf"^({NAME})(?=$|[\s/、,;。:()「《【]|の|は)(?:\s*(?:の|は|:))?", line.text)
    if m is None or ctx.characters.resolve(m.group(1)).id is None:
        return line
    return Line(line.no, line.raw, f"{m.group(1)}:{_HEAD_WORD[kind]} {line.text[m.end():]}", line.number)


def _resolve_declared(item: Item, declared: list[tuple[str, str, Line]], check: str | None, ctx: ImportContext,
                      *, rerolls: bool = False) -> dict[str, list[str]]:
    """The ids of what an item declares, each named as the character's own (``rerolls``: an
    attack's reaction, which names re-roll 令呪 only)."""
    setup = ctx.setup
    character = setup.get("characters", {}).get(item.who, {})
    name = ctx.characters.names[item.who]
    out: dict[str, list[str]] = {}
    spells = _spells_for(item, ctx, rerolls)
    for what, text, line in declared:
        if what == "command_spell":
            kind, count = text.split("#")
            found = exact(kind, spells) if kind else (next(iter(spells)) if len(spells) == 1 else None)
            kinds = say("list.sep", ctx.lang).join(f"{ns[0]}（{k}）" if ctx.lang == "ja" else f"{ns[0]} ({k})"
                                                  for k, ns in spells.items())
            if found is None:
                ctx.problem(line, "kagemiya.import_which_spell" if not kind else "kagemiya.import_unknown_spell",
                            text=kind, kinds=kinds)
                continue
            cost = next((k.get("cost", 1) for k in setup.get("command_spell_kinds") or [] if k.get("id") == found), 1)
            if count and int(count) != cost:
                ctx.problem(line, "kagemiya.import_spell_count", kind=spells[found][0], cost=cost, count=count)
                continue
            out.setdefault("command_spells", []).append(found)
        elif what == "doubling":
            own = resource_names(character, ("doubling",))
            stats = {d["id"]: d.get("stat") for d in character.get("doubling", [])}
            stat = next((s for s, w in STAT_WORDS.items() if w == text), None)
            if stat is not None:
                fits = [d for d, s in stats.items() if s == stat]
            elif text:
                found = exact(text, own)
                fits = [found] if found else []
            else:  # 倍加 alone: the one that fits the check
                fits = [d for d, s in stats.items() if check is None or CHECK_STAT.get(check) == s] \
                    if len(stats) > 1 else list(stats)
            if len(fits) != 1:
                has = say("list.sep", ctx.lang).join(f"{own[d][0] if own[d] else d}（{STAT_WORDS.get(s, s)}）"
                                                    for d, s in stats.items()) or say("kagemiya.none", ctx.lang)
                ctx.problem(line, "kagemiya.import_which_doubling", name=name, text=text or "倍加", has=has)
                continue
            out.setdefault("doubling", []).append(fits[0])
        else:
            own = resource_names(character, ("skills", "noble_phantasms"))
            found = exact(text, own)
            if found is None:
                index = NameIndex({rid: ns[0] if ns else rid for rid, ns in own.items()})
                hint = index.describe(text, index.resolve(text), "kagemiya.import_what_resource", ctx.lang) if own else \
                    say("kagemiya.import_no_resources", ctx.lang, name=name)
                ctx.problem(line, "kagemiya.import_unknown_resource", name=name, hint=hint)
                continue
            out.setdefault("use", []).append(found)
    return out


def _spell_effects(ctx: ImportContext) -> dict[str, str | None]:
    """Each 令呪 kind's effect (None: it adds to a check), KAGEMIYA-1.6 and 11."""
    from .model import parse_spell_kinds

    listed = ctx.setup.get("command_spell_kinds")
    return {k: v.effect for k, v in parse_spell_kinds(listed if isinstance(listed, list) else None).items()}


def _spells_for(item: Item, ctx: ImportContext, rerolls: bool = False) -> dict[str, list[str]]:
    """The 令呪 kinds (by names) a clause may name: those acting on their own for a 令呪 used alone,
    the check kinds (and, in a standing order, the redirect) otherwise."""
    effects = _spell_effects(ctx)
    if rerolls:
        wanted = {"reroll"}
    elif item.kind == "action" and item.fields.get("do") == "command_spell":
        wanted = {"heal", "swap_row", "restore_noble_phantasm", "suicide"}
    else:  # a standing order: the redirect too, and a re-roll read after the roll (KAGEMIYA-11.6)
        wanted = {None, "redirect", "reroll"} if item.kind == "defense" else {None}
    return {k: ns for k, ns in spell_kind_names(ctx.setup).items() if effects.get(k, None) in wanted}


def _spells_alone(pending: list[tuple[str, str, Line]], ctx: ImportContext) -> bool:
    """Whether what is declared alone is only 令呪 that act on their own (heal, swap_row, restore)."""
    effects = _spell_effects(ctx)
    names = spell_kind_names(ctx.setup)
    for what, text, _ in pending:
        found = exact(text.split("#")[0], names) if what == "command_spell" else None
        if found is None or effects.get(found) in (None, "redirect", "reroll"):
            return False
    return True


def _check_of(item: Item) -> str | None:
    if item.kind == "initiative":
        return "escape" if item.fields.get("escape") else "initiative"
    if item.kind == "escape_roller":
        return "escape"
    if item.kind == "action":
        do = item.fields["do"]
        return ATTACKS[do][0] if do in ATTACKS else ("escape" if do == "escape" else None)
    return None


def read(lines: list[Line], ctx: ImportContext) -> tuple[str | None, dict[str, Any]]:
    post = Post()
    lines = _heads(lines, ctx, post)
    for entry in split_entries(lines, ctx, EXAMPLE):
        fields: dict[str, Any] = {"post": post, "who": entry.who, "open": False}
        text = re.sub(r"^(?:は|が|の)\s*", "", entry.text)
        scan(text, RULES, fields, entry, ctx, EXAMPLE)
        if post.pending and _spells_alone(post.pending, ctx):  # 赤城真澄：令呪（回復） (KAGEMIYA-11)
            post.items.append(Item("action", entry.who, post.pending[0][2], {"do": "command_spell"},
                                   declared=list(post.pending)))
            post.pending.clear()
        if post.pending:  # declarations with no clause after them in this character's entry
            ctx.problem(post.pending[0][2], "kagemiya.import_declared_alone", name=ctx.characters.names[entry.who])
            post.pending.clear()
    sub: dict[str, Any] = {}
    actions: list[tuple[Item, dict]] = []
    for item in post.items:
        name = ctx.characters.names[item.who]
        if item.kind in ("initiative", "escape_roller"):
            key = item.kind
            if key in sub:
                ctx.problem(item.line, "kagemiya.import_twice",
                            what=say(f"kagemiya.import_what_{key}", ctx.lang))
                continue
            sub[key] = {"roller": item.who}
            ctx.located[(key,)] = item.line
            if item.fields.get("escape"):
                sub[key]["escape"] = True
            sub[key].update(_resolve_declared(item, item.declared, _check_of(item), ctx))
        elif item.kind == "action":
            act: dict[str, Any] = {"actor": item.who, "do": item.fields["do"]}
            if item.fields["do"] in ATTACKS:
                if "target" not in item.fields:
                    ctx.problem(item.line, "kagemiya.import_no_target", name=name,
                                do=ATTACK_WORDS[item.fields["do"]].split("|")[0])
                else:
                    act["target"] = item.fields["target"]
                if item.fields.get("support"):
                    act["support"] = list(dict.fromkeys(item.fields["support"]))
            elif item.fields["do"] == "command_spell" and "target" in item.fields:
                act["target"] = item.fields["target"]
            act.update(_resolve_declared(item, item.declared, _check_of(item), ctx))
            reacts = [{"if": e["if"], **_resolve_declared(item, e["declared"], None, ctx, rerolls=True)}
                      for e in item.entries]
            if reacts:
                act["react"] = reacts
            if act["do"] == "pass" and len(act) > 2:
                ctx.problem(item.line, "kagemiya.import_pass_declares", name=name)
            actions.append((item, act))
            ctx.located[("actions", len(sub.get("actions", [])))] = item.line
            sub.setdefault("actions", []).append(act)
        elif item.kind == "defense":
            orders = []
            for e in item.entries:
                got = _resolve_declared(item, e["declared"], None, ctx)
                if e["if"] is not None and not got:
                    ctx.problem(item.line, "kagemiya.import_condition_empty", name=name)
                if got:
                    orders.append(({"after_roll": True} if e.get("after_roll") else {})
                                  | ({"if": e["if"]} if e["if"] is not None else {}) | got)
            if orders:
                ctx.located.setdefault(("defense", item.who), item.line)
                defense = sub.setdefault("defense", {})
                if item.who in defense:
                    defense[item.who] += orders
                else:
                    defense[item.who] = orders
    for item in post.items:  # 援護→ランサー: added to ランサー's attack in this post
        if item.kind != "support_for":
            continue
        of = item.fields["of"]
        attacks = [act for it, act in actions if it.who == of and act["do"] in ATTACKS]
        names = ctx.characters.names
        if len(attacks) != 1:
            ctx.problem(item.line, "kagemiya.import_support_none" if not attacks else "kagemiya.import_support_several",
                        name=names[item.who], of=names[of], n=len(attacks))
        else:
            attacks[0].setdefault("support", [])
            if item.who not in attacks[0]["support"]:
                attacks[0]["support"].append(item.who)
    if post.loss is not None:
        sub["on_servant_loss"] = post.loss[0]
    who = [i.who for i in post.items]
    side = one_side(who, ctx, lines)
    if side is None and post.loss is not None and not who:
        ctx.problem(post.loss[1], "kagemiya.import_loss_alone")
    return side, _ordered(sub)


def _ordered(sub: dict[str, Any]) -> dict[str, Any]:
    """The keys in the order of the examples' turn files."""
    keys = ("initiative", "actions", "defense", "escape_roller", "on_servant_loss")
    return {k: sub[k] for k in keys if k in sub}


GRAMMAR = Grammar(example=EXAMPLE, read=read)
