"""`dhproc import`: a side's 行動提出 as players post it, read into a turn file.

Players post free text in a chat: 「山田太郎：Ｂ２→Ｂ４／通常攻撃→鈴木一郎」, 「鈴木 B6→B4 攻撃:山田」,
one line or several per character, full- or half-width. The platform part is here: lines
(bullets and list numbers taken off, headers and greetings set aside and reported), entries that
begin with a character's name, names resolved by :mod:`dhproc.names`, and a small scanner that
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

from .messages import say
from .names import NameIndex
from .naming import shown

__all__ = ["Line", "Entry", "Rule", "rule", "ImportContext", "ImportProblem", "ImportResult", "Grammar",
           "read_lines", "split_entries", "scan", "import_post", "context_from_setup", "ARROW", "SEP"]

# Patterns over NFKC text (full-width letters, digits, ： ／ （ ＞ are folded to ASCII first).
ARROW = r"(?:→|->|=>|⇒|>|➡|⇨)"
SEP = r"[/、,;。]"
_BULLET = re.compile(r"^\s*(?:[-・*●○◆◇■□▼▽>※]+|\(?(?P<num>\d{1,2})(?:\s*[.)、:]|\s+|(?=\D)))\s*")
_CHATTER = re.compile(r"^\s*(?:【[^】]*】|\[[^\]]*\]|〈[^〉]*〉|以上.*|よろしく.*|宜しく.*|お願いします.*|"
                      r"お疲れ様.*|.*行動提出.*|.*の提出です.*|-{3,}|={3,}|─+|━+)\s*$")
_NAME_END = re.compile(r"[\s:/、,;。→>(「《]|->|=>")


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
    pattern: re.Pattern[str]
    apply: Callable[[dict[str, Any], re.Match[str], Entry, ImportContext], None]


def rule(name: str, pattern: str, apply: Callable[[dict[str, Any], re.Match[str], Entry, ImportContext], None]
         ) -> Rule:
    """A :class:`Rule` whose pattern ignores case (``ATTACK`` = ``attack``)."""
    return Rule(name, re.compile(pattern, re.IGNORECASE), apply)


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
    return ImportContext(NameIndex({cid: c.get("name", cid) for cid, c in chars.items()}),
                         {cid: c.get("side") for cid, c in chars.items()}, abilities, grammar.square, lang, setup)


def read_lines(text: str, ctx: ImportContext) -> list[Line]:
    """The post's lines, NFKC-folded; blank lines dropped, headers and greetings set aside (noted)."""
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        norm = unicodedata.normalize("NFKC", raw).strip()
        if not norm:
            continue
        if _CHATTER.match(norm):
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
    for end in range(len(token) - 1, 0, -1):  # 「鈴木一郎Ｂ６→Ｂ４」: the longest exact name in front
        shorter = ctx.characters.resolve(token[:end])
        if shorter.id is not None and shorter.how == "exact":
            return shorter.id, text[end:]
    if found.how == "ambiguous" or found.candidates:  # a name, but which one is not clear
        ctx.problems.append(ImportProblem(line, ctx.characters.describe(token, found, "what.character", ctx.lang)))
        return None, text[len(token):]
    return None


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
                rule.apply(fields, m, entry, ctx)
                pos = m.end()
                break
        else:
            rest = text[pos:].split(" / ")[0]
            line = next((ln for ln in entry.lines if rest[:8] in ln.text), entry.lines[0])
            ctx.problem(line, "import.cannot_read", rest=rest, name=ctx.characters.names[entry.who], example=example)
            return


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
