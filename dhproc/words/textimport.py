"""`dhproc import`: a side's 行動提出 as players post it, read into a turn file.

Players post free text in a chat: 「山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎」, 「鈴木 B6→B4 攻撃:山田」,
one line or several per character, full- or half-width. The platform part is here: lines
(bullets and list numbers taken off, headers and greetings set aside and reported), entries that
begin with a character's name, names resolved by :mod:`dhproc.words.names`, and a small scanner that
reads a clause with a ruleset's :class:`Rule` table. What the rules mean — which keys a rule
fills — is the ruleset's ``grammar.py``, so a new ruleset plugs in a table and an ``assemble``.

Nothing is guessed silently: a name given in part is read only when it is the only name that
begins so, and every such reading is listed; anything that cannot be read is a problem naming
the line, with a suggestion.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..lazy_re import LazyPattern, lazy
from .messages import say
from .names import NameIndex
from .naming import shown

__all__ = ["Line", "Entry", "Rule", "rule", "ImportContext", "ImportProblem", "ImportResult", "Grammar",
           "read_lines", "split_entries", "scan", "import_post", "context_from_setup", "characters_listed", "is_header", "as_written",
           "ARROW", "SEP", "LIST_SEP"]

# Patterns over NFKC text (full-width letters, digits, ： ／ （ ＞ are folded to ASCII first).
ARROW = r"(?:→|->|=>|⇒|>|➡|⇨)"
SEP = r"[/、,;。]"
_BULLET = lazy(r"^\s*(?:[-・*●○◆◇■□▼▽>※]+|\(?(?P<num>\d{1,2})(?:\s*[.)、:]|\s+|(?=\D)))\s*")
_CHATTER = lazy(r"^\s*(?:【[^】]*】|\[[^\]]*\]|〈[^〉]*〉|以上.*|よろしく.*|宜しく.*|お願いします.*|"
                r"お疲れ様.*|.*行動提出.*|.*の提出です.*|-{3,}|={3,}|─+|━+)\s*$")
_NAME_END = lazy(r"[\s:/、,;。→>(「《]|->|=>")

# Header lines above a 行動提出 say who posts, for which turn, that it is a submission:
# 【弓騎同盟】1巡目 · 【2ターン目】番長グループ · GM（盗賊団）側 行動 · 番長G 1T · 2R 冒険者 · 黒崎陣営です ·
# チーム呑宮 スタメン提出します · 盗賊団の行動です. One is read as a header when it does not begin with a
# character's name, says none of a clause's marks (： or an arrow), and has one of these.
_HEADER_BRACKET = lazy(r"^(?:【[^】]*】|\[[^\]]*\]|〈[^〉]*〉)")
_HEADER_MARKS = lazy(
    r"(?:第\s*)?\d+\s*(?:R|T|ターン目?|巡目?|ラウンド目?|回戦)(?![A-Za-z0-9])"  # which turn (not 1手番目, 2回目)
    r"|陣営|(?<!\d)側|チーム|グループ|パーティー?|一行|(?<=[^\x00-\x7f])G(?![A-Za-z0-9])"  # who posts
    r"|提出|行動宣言|の行動(?:です|になります)?[。!！]*$", re.IGNORECASE)  # 盗賊団の行動です
_CLAUSE_MARKS = lazy(rf":|{ARROW}")
_SYMBOL_BULLET = lazy(r"^[-・*●○◆◇■□▼▽>※]+\s*")
_IN_BRACKETS = lazy(r"\([^)]*\)")  # （13側） is a square's side, not who posts


@dataclass(frozen=True)
class Line:
    no: int  # 1-based line number in the post
    raw: str  # as posted
    text: str  # NFKC, bullets and list numbers taken off
    number: int | None  # the list number in front (1. / ① / (1)), when there was one


@dataclass
class Entry:
    """One character's part of the post: the name that begins it and the text that follows."""

    who: str  # character id
    lines: list[Line]
    text: str  # the rest of the first line and the following lines, joined by " / "


@dataclass(frozen=True)
class ImportProblem:
    line: Line | None
    message: str

    def format(self, source: str) -> str:
        if self.line is None:
            return f"{source}: {self.message}"
        return f"{source}:{self.line.no}: {self.message}\n    {self.line.raw.strip()}"


@dataclass
class ImportContext:
    characters: NameIndex  # every character of the match
    sides: dict[str, str]  # character id -> side id
    abilities: dict[str, list[str]]  # character id -> its ability or skill names
    square: Callable[[str], str | None]  # typed square -> canonical label, or None
    lang: str = "ja"
    setup: dict[str, Any] = field(default_factory=dict)  # the match's setup, for what a grammar names (weapons, parts)
    problems: list[ImportProblem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # readings the GK should see (partial names, skips)
    where: dict[str, Line] = field(default_factory=dict)  # character id -> the first line naming it
    located: dict[tuple, Line] = field(default_factory=dict)  # a path in the submission -> the line saying it

    def say(self, key: str, **values: object) -> str:
        return say(key, self.lang, **values)

    def problem(self, line: Line | None, key: str, **values: object) -> None:
        self.problems.append(ImportProblem(line, self.say(key, **values)))

    def read_as(self, text: str, cid: str) -> None:
        reading = shown(cid, self.characters.names[cid], self.lang)  # 佐藤花子（sato）
        self.notes.append(self.say("name.read_as", text=text, reading=reading))

    def character(self, text: str, line: Line | None) -> str | None:
        found = self.characters.resolve(text)
        if found.id is None:
            self.problems.append(ImportProblem(line, self.characters.describe(text, found, "what.character",
                                                                              self.lang)))
            return None
        if found.how == "prefix":
            self.read_as(text, found.id)
        return found.id


@dataclass(frozen=True)
class Rule:
    """One thing a clause may say: a regular expression (over NFKC text, matched at the scan
    position) and the function that records it on the entry's fields."""

    name: str
    pattern: LazyPattern  # compiled when a post is first read with it
    apply: Callable[[dict[str, Any], re.Match[str], Entry, ImportContext], int | None]  # where it stopped


def rule(name: str, pattern: str, apply: Callable[[dict[str, Any], re.Match[str], Entry, ImportContext], int | None]
         ) -> Rule:
    """A :class:`Rule` whose pattern ignores case (``ATTACK`` = ``attack``)."""
    return Rule(name, lazy(pattern, re.IGNORECASE), apply)


@dataclass
class ImportResult:
    side: str | None
    submission: Any
    problems: list[ImportProblem]
    notes: list[str]


def _no_squares(text: str) -> str | None:
    return None


@dataclass(frozen=True)
class Grammar:
    """A ruleset's reading of a post: ``read(lines, ctx) -> (side, submission)``, an example of
    a line it reads (shown in suggestions), and how it names squares (for rulesets with a map)."""

    example: str
    read: Callable[[list[Line], ImportContext], tuple[str | None, Any]]
    square: Callable[[str], str | None] = _no_squares


def context_from_setup(setup: dict, grammar: Grammar, lang: str = "ja") -> ImportContext:
    """Names, sides and ability names from a setup whose characters have ``name`` and ``side``
    and an ``ability: {name}`` or ``skills: [{name}]`` (the shape every ruleset so far uses)."""
    chars = setup.get("characters", {})
    abilities: dict[str, list[str]] = {}
    for cid, c in chars.items():
        named = [c["ability"]["name"]] if isinstance(c.get("ability"), dict) and "name" in c["ability"] else []
        named += [s["name"] for s in c.get("skills", []) if isinstance(s, dict) and "name" in s]
        abilities[cid] = named
    return ImportContext(NameIndex({cid: c.get("name", cid) for cid, c in chars.items()}, anywhere=True),
                         {cid: c.get("side") for cid, c in chars.items()}, abilities, grammar.square, lang, setup)


def read_lines(text: str, ctx: ImportContext) -> list[Line]:
    """The post's lines, NFKC-folded; blank lines dropped, headers and greetings set aside (noted)."""
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        norm = unicodedata.normalize("NFKC", raw).strip()
        if not norm:
            continue
        if _CHATTER.match(norm) or is_header(norm, ctx):
            ctx.notes.append(ctx.say("import.skipped", no=no, line=raw.strip()))
            continue
        m = _BULLET.match(norm)
        number = None
        if m:
            number = int(m.group("num")) if m.group("num") else None
            norm = norm[m.end():]
        if norm:
            out.append(Line(no, raw, norm, number))
    return out


def is_header(text: str, ctx: ImportContext) -> bool:
    """Whether a line (NFKC) is a header: who posts, which turn, that it is a 行動提出 (see
    ``_HEADER_MARKS``); never a line that begins with a character's name or says a clause."""
    text = _SYMBOL_BULLET.sub("", text)
    if _CLAUSE_MARKS.search(text) or _begins_with_name(text, ctx):
        return False
    return bool(_HEADER_BRACKET.match(text) or _HEADER_MARKS.search(_IN_BRACKETS.sub("", text)))


_SIDE_AFTER_NAME = lazy(r"\s*(?:陣営|側|チーム|グループ|パーティ|一行|G(?![A-Za-z0-9]))")


def _begins_with_name(text: str, ctx: ImportContext) -> bool:
    """Whether a character's name begins the line as whose line it is: 「セイバー陣営側 行動」 names a
    陣営 after its servant, not セイバー's line."""
    m = _NAME_END.search(text)
    token = text[: m.start()] if m else text
    if not token:
        return False
    if ctx.characters.resolve(token).id is not None:
        return True
    return any(ctx.characters.resolve(token[:end]).how == "exact" and not _SIDE_AFTER_NAME.match(token[end:])
               for end in _front_ends(token, ctx, len(token) - 1))


def _front_ends(text: str, ctx: ImportContext, longest: int) -> range:
    """Where a name at the front of ``text`` may end, longest first: never past twice the longest
    name or id (half-width ｶﾞ is two characters for one), so a pasted paragraph costs no more
    than a line."""
    names = ctx.characters.names
    limit = 2 * max((len(n) for pair in names.items() for n in pair), default=0) + 2
    return range(min(longest, limit, len(text)), 0, -1)


LIST_SEP = lazy(r"\s*(?:[・&、,]|と|and)\s*")


def characters_listed(text: str, ctx: ImportContext, line: Line | None, *, strict: bool = True
                      ) -> tuple[list[str], int]:
    """The characters a list names — 黒田ソウマ、白石カナデ · 黒田ソウマと白石カナデ · アオイ・ミナト — and how
    much of ``text`` they take. A text that is one name whole (アルトリア・ペンドラゴン) is one. With
    ``strict``, every piece must be a character (each one that is not is reported); otherwise the
    list ends before the first piece after the first that is not one (「カバー：ミナト、CA：する」)."""
    stripped = text.rstrip()
    if ctx.characters.resolve(stripped).id is not None:
        return [ctx.character(stripped, line) or ""], len(stripped)
    ids: list[str] = []
    end = 0
    pos = 0
    for n, piece in enumerate(LIST_SEP.split(stripped)):
        start = stripped.index(piece, pos)
        pos = start + len(piece)
        if not piece:
            continue
        if n and not strict and ctx.characters.resolve(piece).id is None:
            break
        cid = ctx.character(piece, line)
        if cid:
            ids.append(cid)
        end = pos
    return ids, end


def leading_name(text: str, ctx: ImportContext, line: Line) -> tuple[str | None, str] | None:
    """(character id, the rest) when ``text`` begins with a character's name or id; (None, rest)
    when it begins with what can only be a mistyped or ambiguous name (reported); else None."""
    m = _NAME_END.search(text)
    token = text[: m.start()] if m else text
    if not token:
        return None
    found = ctx.characters.resolve(token)
    if found.id is not None:
        if found.how == "prefix":
            ctx.read_as(token, found.id)
        return found.id, text[len(token):]
    for end in _front_ends(token, ctx, len(token) - 1):  # 「鈴木一郎Ｂ６→Ｂ４」: the longest exact name in front
        shorter = ctx.characters.resolve(token[:end])
        if shorter.id is None:
            continue
        if _list_goes_on(text[end:], ctx) or re.match(r"\s*(?:を|に|へ)", text[end:]):
            return None  # 「黒田ソウマと白石カナデをカバー」「アオに《短剣》」: whom it is about, not whose line
        if shorter.how == "exact":
            return shorter.id, text[end:]
    if found.how == "ambiguous" or found.candidates:  # a name, but which one is not clear
        ctx.problems.append(ImportProblem(line, ctx.characters.describe(token, found, "what.character", ctx.lang)))
        return None, text[len(token):]
    return None


def _list_goes_on(rest: str, ctx: ImportContext) -> bool:
    """Whether ``rest`` (after a name) goes on with another name of a list: 「と白石カナデを…」."""
    m = re.match(r"\s*(?:と|[・&、,])\s*", rest)
    if not m:
        return False
    after = rest[m.end():]
    return any(ctx.characters.resolve(after[:end]).how == "exact" for end in _front_ends(after, ctx, len(after)))


def split_entries(lines: Sequence[Line], ctx: ImportContext, example: str) -> list[Entry]:
    """Entries: a line that begins with a character's name starts one; other lines continue it."""
    entries: list[Entry] = []
    for line in lines:
        named = leading_name(line.text, ctx, line)
        if named is not None:
            who, rest = named
            if who is None:  # reported; its lines are not read as another character's
                entries.append(Entry("", [line], ""))
                continue
            ctx.where.setdefault(who, line)
            entries.append(Entry(who, [line], rest.strip().lstrip(":").strip()))
        elif entries:
            entries[-1].lines.append(line)
            entries[-1].text = (entries[-1].text + " / " + line.text).strip(" /")
        else:
            ctx.problem(line, "import.no_name", example=example)
    return [e for e in entries if e.who]


def scan(text: str, rules: Sequence[Rule], fields: dict[str, Any], entry: Entry, ctx: ImportContext,
         example: str) -> None:
    """Read ``text`` left to right: at each point the first rule that matches records itself;
    separators between clauses are skipped; a point where no rule matches is a problem."""
    pos = 0
    sep = re.compile(rf"(?:\s|{SEP})+")
    while pos < len(text):
        m = sep.match(text, pos)
        if m and m.end() > pos:
            pos = m.end()
            continue
        for rule in rules:
            m = rule.pattern.match(text, pos)
            if m and m.end() > pos:
                taken = rule.apply(fields, m, entry, ctx)  # a rule may take less than it matched
                pos = taken if isinstance(taken, int) and pos < taken <= m.end() else m.end()
                break
        else:
            rest = text[pos:].split(" / ")[0]
            line = next((ln for ln in entry.lines if rest[:8] in ln.text), entry.lines[0])
            ctx.problem(line, "import.cannot_read", rest=rest, name=ctx.characters.names[entry.who], example=example)
            return


def as_written(lines: Sequence[Line], folded: str) -> str:
    """The part of the posted lines that reads as ``folded`` (their NFKC form), as the player typed
    it: words a character says keep their full-width ！ and ？. ``folded`` itself when no part does."""
    for line in lines:
        raw = line.raw
        for start in range(len(raw)):
            for end in range(start + 1, len(raw) + 1):
                piece = unicodedata.normalize("NFKC", raw[start:end])
                if piece == folded:
                    return raw[start:end]
                if not folded.startswith(piece):
                    break
    return folded


def import_post(text: str, grammar: Grammar, ctx: ImportContext) -> ImportResult:
    lines = read_lines(text, ctx)
    side, submission = grammar.read(lines, ctx)
    return ImportResult(side, submission, ctx.problems, ctx.notes)


def one_side(who: Sequence[str], ctx: ImportContext, lines: Sequence[Line]) -> str | None:
    """The side of the characters named: one post is one side's 行動提出."""
    sides = list(dict.fromkeys(ctx.sides[w] for w in who))
    if len(sides) > 1:
        names = {s: [ctx.characters.names[w] for w in who if ctx.sides[w] == s] for s in sides}
        detail = "; ".join(f"{s}: {', '.join(n)}" for s, n in names.items())
        ctx.problem(lines[0] if lines else None, "import.two_sides", count=len(sides), detail=detail)
        return None
    return sides[0] if sides else None
