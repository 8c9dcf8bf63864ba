"""``dhproc import``: 行動提出 posted as chat text read into each side's submission against the
characters of a match (by the ruleset's grammar, words/textimport.py), and what ``validate``
would refuse in them said at the line of the post that named the character."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..documents.loading import Anchor, load_file
from ..engine.ruleset import get_ruleset, ruleset_ids
from ..errors import InputError, Problem
from ..match import Match
from ..words.messages import say
from ..words.naming import Roster, naming
from .assembly import load_match, make_turn
from .validation import validate


@dataclass
class Imported:
    """``dhproc import``: each side's submission read from its post, and what the GK should see."""

    submissions: dict[str, Any]
    problems: list[str]  # each names the post and line; nothing is written while there are any
    notes: list[str]  # readings made (a name given in part, lines set aside)
    # side -> (source, character id -> its first line, path in the submission -> the line saying it)
    posts: dict[str, tuple[str, dict, dict]] = dataclasses.field(default_factory=dict)


def import_posts(ruleset_id: str, posts: list[tuple[str, str]], match_path: str | Path,
                 lang: str | None = None) -> Imported:
    """Read 行動提出 posted as text (``posts``: (source name, text), one side each) against the
    characters of the match at ``match_path``."""
    from ..words.messages import default_lang

    lang = lang or default_lang()

    rs = get_ruleset(ruleset_id)
    if rs is None:
        raise InputError([Problem("<import>", None, None, say("match.unknown_ruleset", ruleset=ruleset_id,
                                                              known=", ".join(ruleset_ids())))])
    grammar = rs.grammar()
    if grammar is None:
        raise InputError([Problem("<import>", None, None, say("import.no_grammar", ruleset=ruleset_id))])
    doc = load_file(match_path)
    anchor = Anchor(doc)
    if not isinstance(doc.data, dict) or doc.data.get("ruleset") != ruleset_id \
            or not isinstance(doc.data.get("setup"), dict):
        raise InputError([anchor.problem((), say("import.not_match", ruleset=ruleset_id))])
    problems = validate(doc.data["setup"], rs.setup_schema, anchor.sub("setup"))
    if problems:
        raise InputError(problems)
    with naming(Roster.from_setup(doc.data["setup"])):
        return _imported(posts, doc.data["setup"], grammar, lang)


def _imported(posts: list[tuple[str, str]], setup: dict, grammar, lang: str) -> Imported:
    from ..words.textimport import context_from_setup, import_post

    result = Imported({}, [], [])
    for source, text in posts:
        ctx = context_from_setup(setup, grammar, lang)
        read = import_post(text, grammar, ctx)
        result.problems += [p.format(source) for p in read.problems]
        result.notes += [f"{source}: {n}" for n in read.notes]
        if read.side is None and not read.problems:
            result.problems.append(f"{source}: {say('import.nothing', lang)}")
        elif read.side is not None and not read.problems:
            if read.side in result.submissions:
                result.problems.append(f"{source}: {say('import.second_post', lang, side=read.side)}")
            result.submissions[read.side] = read.submission
            result.posts[read.side] = (source, ctx.where, ctx.located)
    return result


def check_imported(ruleset_id: str, match_path: str | Path, turn: int, submissions: dict[str, Any],
                   imported: Imported, lang: str | None = None) -> list[str]:
    """What ``dhproc validate`` would refuse in the imported sides' submissions, each said at the
    line of the post that named the character (import checks what it writes, in the same pass).

    The turn is checked after the match's listed turns before it; a match that does not load
    itself is left to ``validate`` (its problems are not the post's)."""
    from ..documents.loading import load_bytes
    from ..words.textimport import ImportProblem

    rs = get_ruleset(ruleset_id)
    try:
        base = load_match(load_file(match_path), upto=turn - 1)
    except InputError:
        return []
    data = {"dhproc": 1, "match": Path(match_path).name, "turn": turn, "submissions": submissions}
    doc = load_bytes(json.dumps(data, ensure_ascii=False).encode("utf-8"),
                     Path(match_path).resolve().parent / "<import>", "<import>")
    anchor = Anchor(doc)
    with naming(Roster.from_setup(base.setup)):
        problems = validate(submissions, rs.submissions_schema, anchor.sub("submissions"))
        if not problems:
            turns = [t for t in base.turns if t.number < turn] + [make_turn(anchor, data)]
            match = Match(ruleset_id=rs.id, title=base.title, seed=base.seed, options=base.options,
                          setup=base.setup, turns=turns, anchor=base.anchor, data=base.data)
            problems = rs.check(match)
    out = []
    for p in problems:
        where = p.path[1] if p.file == doc.name and len(p.path) > 1 and p.path[0] == "submissions" else None
        if where not in imported.posts:
            continue  # another side's, or an earlier turn's: validate's to report
        source, lines, located = imported.posts[where]
        rel = tuple(p.path[2:])
        said = next((located[rel[:n]] for n in range(len(rel), 0, -1) if rel[:n] in located), None)
        line = said or _line_of_problem(submissions[where], rel, lines)
        out.append(ImportProblem(line, p.message).format(source))
    return out


def _line_of_problem(submission: Any, path: tuple, lines: dict) -> Any:
    """The post's line for a problem at ``path`` in a side's submission: the line naming the
    character the innermost entry holding it is about (who, actor, roller or its key)."""
    node, found = submission, None
    for part in path:
        if isinstance(node, dict):
            for key in ("who", "actor", "roller"):
                if node.get(key) in lines:
                    found = lines[node[key]]
            if part in lines:
                found = lines[part]
        node = node[part] if isinstance(node, (dict, list)) and _has(node, part) else None
    if isinstance(node, dict):
        for key in ("who", "actor", "roller"):
            if node.get(key) in lines:
                found = lines[node[key]]
    return found if found is not None else next(iter(lines.values()), None)


def _has(node: Any, part: Any) -> bool:
    return part in node if isinstance(node, dict) else isinstance(part, int) and 0 <= part < len(node)

