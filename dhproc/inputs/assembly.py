"""A match assembled from its files, and checked: the one rule by which every way in reads its
turns (a match file with its listed and sibling turn files, a turn file, a folder, text, a
scenario's inline match, a log's input), each turn checked for its dice and its numbering, and
the whole checked by its ruleset. Every problem is located (``file:line:col``) and all are said
at once."""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..dice.stream import Recorded
from ..engine.ruleset import get_ruleset, ruleset_ids
from ..errors import InputError, Problem
from ..documents.loading import Anchor, Document, FileError, display_name, inside, load_file, real_path, tree_copy
from ..match import Match, Turn
from ..words.messages import say
from ..words.naming import Roster, naming
from ..lazy_re import lazy
from .recurring import Content, KeptByContent, content
from .validation import validate


def load(path: str | Path, *, all_turns: bool = False) -> Match:
    """Load a match file, a turn file (with its match and the turns up to it) or a match folder
    (its match.yaml). Each reads the match's turns by the one rule of :func:`load_match`."""
    if Path(path).is_dir():
        return load_match(_folder_match(Path(path)))
    doc = load_file(path)
    data = doc.data
    root = Anchor(doc)
    if not isinstance(data, dict):
        raise InputError([root.problem((), say("match.not_mapping"))])
    if "match" in data and "ruleset" not in data:
        return load_match(_match_of_turn(doc), asked=doc, all_turns=all_turns)
    if "ruleset" not in data:
        raise InputError([root.problem((), say("match.not_dhproc"))])
    return load_match(doc)


def loads(text: str, *, name: str = "<string>", base: str | Path | None = None) -> Match:
    """A match from YAML text: for scripts and tests. Its turns are inline, or — with ``base``, the
    folder the text stands for (as ``base/name``) — its turn files there, read as :func:`load`
    reads them."""
    from ..documents.loading import load_bytes

    if base is not None:
        doc = load_bytes(text.encode("utf-8"), (Path(base) / (name if name != "<string>" else "match.yaml")).resolve(),
                         name)
        return load_match(doc)
    doc = load_bytes(text.encode("utf-8"), Path.cwd() / name, name)
    return load_inline(doc)


def load_inline(doc: Document, prefix: tuple = ()) -> Match:
    """The match at ``prefix`` inside ``doc`` (e.g. a scenario file's ``match:``), turns inline."""
    anchor = Anchor(doc, prefix)
    data: Any = doc.data
    for part in prefix:
        data = data[part] if isinstance(data, (dict, list)) else None
    if not isinstance(data, dict):
        raise InputError([anchor.problem((), say("match.expected_mapping"))])
    problems = validate(data, "match", anchor)
    if problems:
        raise InputError(problems)
    turns = data.get("turns", [])
    problems = [anchor.problem(("turns", i), say("turn.inline_only"))
                for i, t in enumerate(turns) if not isinstance(t, dict)]
    if problems:
        raise InputError(problems)
    match = _build(anchor, data, [(anchor.sub("turns", i), t) for i, t in enumerate(turns)], from_files=False)
    match.report_turns = [t.number for t in match.turns]
    return match


def match_from_log(doc: Document) -> Match:
    """Rebuild the match from the log's ``input``; problems are located in the log file."""
    return _from_log(doc, share_setup=False)


def replayed_match(doc: Document) -> Match:
    """:func:`match_from_log` for a replay, whose reading of the log is its own and is dropped
    with the replay: a setup an earlier log of the batch held with the same content is given
    the match as that very setup (see :func:`_a_setup_met_before`)."""
    return _from_log(doc, share_setup=True)


def _from_log(doc: Document, *, share_setup: bool) -> Match:
    log = doc.data
    anchor = Anchor(doc, ("input", "match"))
    mdata = log["input"]["match"]
    problems = validate(mdata, "match", anchor)
    if problems:
        raise InputError(problems)
    setup_content = content(mdata.get("setup"))
    # the log's own setup is held until the match is built: its texts are shared with the
    # submissions read with it, and marshal's bytes of those (their contents) tell shared texts
    # from others, so they stay what they are when the setup is not given
    own_setup = mdata.get("setup")
    if share_setup and setup_content is not None:
        mdata["setup"] = _a_setup_met_before(own_setup, setup_content)
    sources = [(Anchor(doc, ("input", "turns", i)), t) for i, t in enumerate(log["input"]["turns"])]
    match = _build(anchor, mdata, sources, from_files=False, setup_content=setup_content)
    del own_setup
    match.report_turns = [t.number for t in match.turns]
    return match


_SETUPS = KeptByContent(8)  # a setup's content -> the setup a batch first read with it


def _a_setup_met_before(setup: Any, setup_content: Content) -> Any:
    """The setup an earlier log of the batch held with this content, else ``setup`` (kept for the
    next). What a ruleset makes of a setup and keeps by the setup itself (dh's map, abilities
    and characters, parsed once for the many runs of one match) is then made once for the logs
    of one match rather than once a log. The two are one content, marshal's bytes, which tell
    apart every value a log's text does; a kept setup no longer equal to what it was read as
    (nothing changes a match's setup, but should something do it) is not given again."""
    kept = _SETUPS.get(setup_content)
    if kept is not None and kept == setup:
        return kept
    _SETUPS.put(setup_content, setup)
    return setup


class _TurnFiles:
    """Turns read from files, and what kept others from being read."""

    def __init__(self, paths: set[Path] | None = None) -> None:
        self.sources: list[tuple[Anchor, Any]] = []
        self.paths: set[Path] = set() if paths is None else paths  # every file looked at, read or not
        self.problems: list[Problem] = []
        self.warnings: list[Problem] = []
        self.complete = True  # False when a listed file could not be read: it would also look like a gap


def load_match(doc: Document, *, asked: Document | None = None, all_turns: bool = False,
               upto: int | None = None) -> Match:
    """The match in ``doc`` with its turns, by the one rule of every way in (``resolve match.yaml``,
    ``resolve DIR``, ``resolve turn-NN.yaml``, ``validate``, :func:`load`, :func:`loads` with a
    base; README, "Files"):

    * the turns its ``turns:`` lists, files and inline;
    * ``asked``, the turn file given on the command line, whatever its name;
    * for each turn neither gives, the ``turn-NN.yaml`` beside the match (or beside ``asked``)
      that names this match. The list wins: a file for a turn already given is not read, and
      every ``turn-NN.yaml`` that is not read is a warning, so no turn goes unresolved unsaid.

    With ``asked``, turns after it are left unread (a draft of a later turn never blocks an
    earlier one) and only it is reported, unless ``all_turns``. Without ``asked``, ``upto`` stops
    the match the same way after that turn (import checks a new turn after the ones before it)."""
    if asked is not None:
        upto = asked.data["turn"]
    anchor = Anchor(doc)
    problems = validate(doc.data, "match", anchor)  # kept, and checking goes on: every problem at once
    listed = _listed_turns(doc, upto)
    sources = listed.sources
    if asked is not None and asked.path not in listed.paths:
        sources.append((Anchor(asked), asked.data))
    folders = [doc.path.parent] + ([asked.path.parent] if asked is not None and asked.path.parent != doc.path.parent else [])
    beside = _turn_files_beside(folders, doc.path, upto, listed.paths | ({asked.path} if asked else set()))
    warnings = beside.warnings + _add_untaken_turns(sources, beside.sources)
    try:
        match = _build(anchor, doc.data, sources, from_files=True, problems=problems + listed.problems,
                       upto=upto, turns_complete=listed.complete)
    except InputError as exc:
        raise InputError(beside.problems + exc.problems) from None
    if beside.problems:
        raise InputError(beside.problems)
    shown = [t.number for t in match.turns] if asked is None or all_turns else [upto]
    return dataclasses.replace(match, report_turns=shown, load_warnings=warnings)


def _add_untaken_turns(sources: list[tuple[Anchor, Any]], beside: list[tuple[Anchor, dict]]) -> list[Problem]:
    """Add to ``sources`` each turn file of ``beside`` whose turn no source gives yet; a warning
    names each other one and the file that gives its turn."""
    given = {_turn_number(tdata): tanchor.doc.name for tanchor, tdata in sources
             if _turn_number(tdata) is not None}
    warnings = []
    for tanchor, tdata in beside:
        if tdata["turn"] in given:
            warnings.append(tanchor.problem(("turn",), say("turns.beside_given", turn=tdata["turn"],
                                                           other=given[tdata["turn"]])))
        else:
            sources.append((tanchor, tdata))
    return warnings


def _listed_turns(doc: Document, upto: int | None) -> _TurnFiles:
    """The turns the match's ``turns:`` gives (files numbered after ``upto`` left unread)."""
    anchor = Anchor(doc)
    folder = doc.path.parent
    found = _TurnFiles()
    listed = doc.data.get("turns", [])
    for i, entry in enumerate(listed if isinstance(listed, list) else []):
        if isinstance(entry, dict):
            found.sources.append((anchor.sub("turns", i), entry))
            continue
        if not isinstance(entry, str):
            continue  # the schema has said so
        target = real_path(folder / entry)
        if not inside(target, folder):
            found.problems.append(anchor.problem(("turns", i), say("match.turn_outside", entry=entry)))
            continue
        if target in found.paths:
            found.problems.append(anchor.problem(("turns", i), say("match.turn_twice_listed", entry=entry)))
            continue
        found.paths.add(target)
        try:
            tdoc = load_file(target)
        except FileError as exc:  # said where the match names the file
            found.problems += [anchor.problem(("turns", i), say("match.turn_file", entry=entry, problem=p.message))
                               for p in exc.problems]
            found.complete = False
            continue
        except InputError as exc:
            found.problems += exc.problems
            found.complete = False
            continue
        if _after(tdoc.data, upto):
            continue
        file_problems = _check_turn_file(tdoc, doc.path)
        if file_problems:
            found.problems += file_problems
            found.complete = False
            continue
        found.sources.append((Anchor(tdoc), tdoc.data))
    return found


def _turn_number(tdata: Any) -> int | None:
    """The turn number a turn's data gives, or None. Turns are counted before their schema has
    passed (an inline turn in a match), so this takes any YAML value: a list, a mapping or text
    where the number belongs is no number, and the schema says so."""
    number = tdata.get("turn") if isinstance(tdata, dict) else None
    return number if type(number) is int else None


def _after(tdata: Any, upto: int | None) -> bool:
    number = _turn_number(tdata)
    return upto is not None and number is not None and number > upto


def _check_turn_file(tdoc: Document, match_path: Path) -> list[Problem]:
    anchor = Anchor(tdoc)
    problems = validate(tdoc.data, "turn", anchor)
    if problems:
        return problems
    named = real_path(tdoc.path.parent / tdoc.data["match"])
    if named != match_path:
        return [anchor.problem(("match",), say("match.other_match", match=tdoc.data["match"]))]
    return []


_MATCH_LINE = lazy(r"(?m)^match\s*:")


# Unlisted turn files are read only under this name, so a backup such as turn-03-old.yaml or
# turn-03 (copy).yaml beside them never claims a turn (README: "Files").
TURN_FILE_NAME = lazy(r"^turn-?\d+\.ya?ml$", re.IGNORECASE)


def _turn_files_beside(folders: list[Path], match_path: Path, upto: int | None, skip: set[Path]) -> _TurnFiles:
    """The turn-NN.yaml files in ``folders`` (but ``skip``) that name the match, up to turn
    ``upto``; each other turn-NN.yaml there is a warning, or a problem when it is a broken turn."""
    found = _TurnFiles(paths=set(skip))
    for folder in folders:
        try:
            names = sorted(folder.iterdir())
        except OSError:  # api.loads' base need not exist
            continue
        for sibling in names:
            if not TURN_FILE_NAME.match(sibling.name):
                continue
            real = real_path(sibling)
            if real not in found.paths and real != match_path:
                found.paths.add(real)  # the same file seen from both folders, or by two links, is read once
                _read_beside(sibling, real, match_path, upto, found)
    return found


def _read_beside(sibling: Path, real: Path, match_path: Path, upto: int | None, found: _TurnFiles) -> None:
    """Read one turn-NN.yaml beside the match into ``found``: a turn of it, a problem, or a warning
    saying why it is not read."""
    if not inside(real, match_path.parent):  # a link leading out of the match folder is never read
        found.warnings.append(Problem(display_name(sibling), None, None, say("turns.beside_outside")))
        return
    try:
        sdoc = load_file(real)  # its size is checked before a byte is read: never a 1 GiB read
    except InputError as exc:
        if not isinstance(exc, FileError) and _has_match_line(real):
            found.problems += exc.problems  # a broken turn file; other YAML in the folder is not ours
        else:
            first = exc.problems[0]
            found.warnings.append(first.with_message(say("turns.beside_unreadable", problem=first.message)))
        return
    sanchor = Anchor(sdoc)
    data = sdoc.data
    if not isinstance(data, dict) or not isinstance(data.get("match"), str):
        found.warnings.append(sanchor.problem(("match",) if isinstance(data, dict) and "match" in data else (),
                                              say("turns.beside_no_match")))
        return
    if real_path(real.parent / data["match"]) != match_path:
        found.warnings.append(sanchor.problem(("match",), say("turns.beside_other_match", match=data["match"])))
        return
    if _after(data, upto):
        return
    problems = validate(data, "turn", sanchor)
    if problems:
        found.problems += problems
    else:
        found.sources.append((sanchor, data))


def _folder_match(folder: Path) -> Document:
    """``dhproc resolve DIR``: the folder's match file."""
    candidates = [folder / n for n in ("match.yaml", "match.yml") if (folder / n).is_file()]
    if not candidates:
        raise InputError([Problem(str(folder), 1, 1, say("match.folder_without_match"))])
    mdoc = load_file(candidates[0])
    if not isinstance(mdoc.data, dict) or "ruleset" not in mdoc.data:
        raise InputError([Anchor(mdoc).problem((), say("match.not_match_file"))])
    return mdoc


def _has_match_line(path: Path) -> bool:
    try:
        return bool(_MATCH_LINE.search(path.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return False


def _match_of_turn(doc: Document) -> Document:
    """The match file a turn file names, checked to be a match inside the turn's tree."""
    anchor = Anchor(doc)
    problems = validate(doc.data, "turn", anchor)
    if problems:
        raise InputError(problems)
    match_path = real_path(doc.path.parent / doc.data["match"])
    folder = match_path.parent
    # The match folder is the match file's folder; a turn must lie inside it. Checked before
    # the match is read, so a turn cannot make dhproc read a file outside the match's tree.
    if not inside(doc.path, folder):
        raise InputError([anchor.problem(("match",), say("match.outside_tree", match=doc.data["match"]))])
    try:
        mdoc = load_file(match_path)
    except InputError as exc:
        raise InputError([anchor.problem(("match",), say("match.cannot_load", match=doc.data["match"], problem=p.message))
                          for p in exc.problems]) from None
    if not isinstance(mdoc.data, dict) or "ruleset" not in mdoc.data:
        raise InputError([anchor.problem(("match",), say("match.not_a_match", match=doc.data["match"]))])
    return mdoc


def _build(anchor: Anchor, data: dict, turn_sources: list[tuple[Anchor, dict]], *, from_files: bool,
           problems: list[Problem] | None = None, upto: int | None = None,
           turns_complete: bool = True, setup_content: Content | None = None) -> Match:
    """Check the match and its turns as a whole and make the :class:`Match`.

    ``problems`` found earlier (the envelope, turn files) are reported together with these; every
    message names the match's characters, skills and sides by their display names.
    """
    if setup_content is None:
        setup_content = content(data.get("setup"))
    with naming(_roster(data.get("setup"), setup_content)):
        match = _checked(anchor, data, turn_sources, setup_content, from_files=from_files, problems=problems,
                         upto=upto, turns_complete=turns_complete)
    for doc in {id(a.doc): a.doc for a in (anchor, *(turn.anchor for turn in match.turns))}.values():
        doc.keep_places_only()  # its keys renamed: from now on only problems are located
    return match


_ROSTERS = KeptByContent()  # a setup's content -> its roster (read only, by every check's message)


def _roster(setup: Any, setup_content: Content | None) -> Roster:
    """The setup's roster, made once for a setup a batch meets again and again."""
    roster = _ROSTERS.get(setup_content) if setup_content is not None else None
    if roster is None:
        roster = Roster.from_setup(setup)
        if setup_content is not None:
            _ROSTERS.put(setup_content, roster)
    return roster


def _checked(anchor: Anchor, data: dict, turn_sources: list[tuple[Anchor, dict]], setup_content: Content | None, *,
             from_files: bool, problems: list[Problem] | None, upto: int | None, turns_complete: bool) -> Match:
    problems = list(problems or [])
    rid = data.get("ruleset")
    ruleset = get_ruleset(rid) if isinstance(rid, str) else None
    if ruleset is None:
        if isinstance(rid, str):
            problems.append(anchor.problem(("ruleset",), say("match.unknown_ruleset", ruleset=rid,
                                                             known=", ".join(ruleset_ids()))))
        raise InputError(problems)
    setup = data.get("setup")
    if isinstance(setup, dict):
        problems += validate(setup, ruleset.setup_schema, anchor.sub("setup"), known_as=setup_content)
    given = data.get("options", {})
    options, opt_problems = ruleset.options.effective(
        given if isinstance(given, dict) else {},
        lambda key, msg, k: anchor.problem(("options", key), msg, key=k))
    problems += opt_problems

    trusted_setup = not problems  # the setup and options are whole: the turns can be checked against them
    turns: list[Turn] = []
    broken_turns = not turns_complete
    partial = False  # some submissions were set aside for their schema problems
    for tanchor, tdata in turn_sources:
        if _after(tdata, upto):
            continue
        if not from_files or tanchor.prefix:  # inline: the envelope was not checked yet
            tp = validate(tdata, "turn-inline", tanchor, known_as=content(tdata))
            if tp:
                problems += tp
                broken_turns = True
                continue
        if _turn_number(tdata) is None:
            broken_turns = True
            continue
        subs = tdata.get("submissions", {})
        subs_content = content(subs)
        aliases = ruleset.submission_aliases()
        if aliases is not None and isinstance(setup, dict) and isinstance(setup.get("characters"), dict):
            from ..words.aliases import apply_aliases
            from ..words.names import NameIndex

            names = NameIndex({cid: c.get("name", cid) if isinstance(c, dict) else cid
                               for cid, c in setup["characters"].items()})
            if tanchor.doc.composed or _aliased(subs, aliases, names, setup, (ruleset.id, setup_content, subs_content)):
                node = tanchor.doc.node_at(tanchor.prefix + ("submissions",))
                apply_aliases(subs, node, aliases, names, setup)  # Japanese keys, display names: the log keeps ids
                subs_content = content(subs)
        text_problems = _dice_text_problems(tanchor, tdata)
        if text_problems:
            problems += text_problems
            broken_turns = True
            continue
        sub_problems = validate(subs, ruleset.submissions_schema, tanchor.sub("submissions"), known_as=subs_content)
        if aliases is not None:
            sub_problems = _misspelt_in_japanese(sub_problems, tanchor, subs, aliases)
            if not trusted_setup or sub_problems:  # what the ruleset's checks will not see
                base = len(tanchor.prefix) + 1
                unseen = [()] if not trusted_setup else sorted(_set_aside(sub_problems, base), key=str)
                problems += _unknown_names(tanchor, subs, aliases, setup, unseen)
        if sub_problems:
            problems += sub_problems
            partial = True
            turns.append(_well_formed_turn(tanchor, tdata, sub_problems))
        else:
            turns.append(make_turn(tanchor, tdata))
    if not broken_turns:  # a turn dropped for its own errors would show up as a gap too
        first = ruleset.first_turn(setup) if isinstance(setup, dict) else 1
        problems += _check_numbering(turns, first, lambda n: ruleset.early_turn_message(setup, n, first))
    turns.sort(key=lambda t: t.number)
    if problems:
        if partial and trusted_setup and not broken_turns:
            problems += _checks_of_the_well_formed(ruleset, data, options, turns, anchor)
        raise InputError(problems)
    match_data = {k: v for k, v in data.items() if k != "turns"}
    match = Match(ruleset_id=ruleset.id, title=data.get("title", ""), seed=data["seed"], options=options,
                  setup=data["setup"], turns=turns, anchor=anchor, data=match_data)
    problems = ruleset.check(match)
    if problems:
        raise InputError(problems)
    return match


def _misspelt_in_japanese(problems: list[Problem], tanchor: Anchor, subs: Any, aliases) -> list[Problem]:
    """Schema problems reworded where a Japanese key or value is misspelt (``対像``): said at that
    key or value with a did-you-mean from the Japanese aliases, not with the English keys the
    schema knows. Several problems that come from one misspelling are said once."""
    from ..words.aliases import misspelt

    base = len(tanchor.prefix) + 1  # problems' paths start with the turn's prefix and "submissions"
    out: list[Problem] = []
    for p in problems:
        found = misspelt(tuple(p.path[base:]), subs, aliases)
        if found is not None:
            hint = say("name.did_you_mean", names=say("list.or").join(found.close))
            where = ("submissions",) + tuple(p.path[base:base + found.depth])
            message = (say("schema.unknown_key", key=found.typed, allowed=hint) if found.is_key
                       else say("schema.unknown_value", value=found.typed, hint=hint))
            p = tanchor.problem(where, message, key=found.is_key)
        if p not in out:
            out.append(p)
    return out


_RENAMED = KeptByContent()  # (ruleset, submissions, setup) -> whether its aliases rename anything


def _aliased(subs: Any, aliases: Any, names: Any, setup: dict, key: tuple[str, Content | None, Content | None]) -> bool:
    """Whether aliases change ``subs`` at all: a log dhproc wrote keeps ids, and its node tree (a
    whole log composed as YAML, dearer than the replay) is needed only to rename what is renamed.
    The answer is kept by content: the logs of one match give the same submissions again and
    again (``key``: the ruleset, the setup's content and the submissions'; ``names`` are the setup's)."""
    from ..words.aliases import apply_aliases

    known = _RENAMED.get(key) if None not in key else None
    if known is not None:
        return known
    probe = copy.deepcopy(subs)
    apply_aliases(probe, None, aliases, names, setup)
    renamed = probe != subs
    if None not in key:
        _RENAMED.put(key, renamed)
    return renamed


def _checks_of_the_well_formed(ruleset, data: dict, options: dict, turns: list[Turn], anchor: Anchor) -> list[Problem]:
    """The ruleset's checks over the submissions that passed the schema (the others set aside), so
    one run reports a wrong type in one action and an unknown character in another. A check that
    cannot cope with what is left says nothing: the schema problems are reported all the same."""
    match = Match(ruleset_id=ruleset.id, title=data.get("title", ""), seed=data["seed"], options=options,
                  setup=data["setup"], turns=turns, anchor=anchor, data={})
    try:
        return ruleset.check(match)
    except Exception:  # noqa: BLE001 - a check meeting a half-set-aside turn: the schema problems stand
        return []


def _set_aside(problems: list[Problem], base: int) -> set[tuple]:
    """The submission entries (paths below ``submissions``; ``base`` parts of a problem's path
    lead there) that schema ``problems`` set aside: the innermost list entry holding a problem (one
    action, one choice), or the side's whole submission."""
    doomed: set[tuple] = set()
    for p in problems:
        rel = tuple(p.path[base:])
        cut = next((i for i in range(1, len(rel)) if isinstance(rel[i], int)), None)
        doomed.add(rel[:cut + 1] if cut is not None else rel[:1])
    return doomed


def _unknown_names(tanchor: Anchor, subs: Any, aliases, setup: Any, parts: list[tuple]) -> list[Problem]:
    """The characters named in ``parts`` of the submissions that are in the match under no id or
    name, with a did-you-mean: said in the same run as the schema problems that keep the
    ruleset's own checks from these parts (an entry set aside, a setup not whole)."""
    from ..words.aliases import unknown_names
    from ..words.names import did_you_mean

    characters = Roster.from_setup(setup).characters
    found: list[Problem] = []
    for part in parts:
        node = _at(subs, part)
        for path, text, is_key in unknown_names(node, aliases, characters, part):
            hint = did_you_mean(text, dict(characters))
            message = say("name.unknown", what=say("what.character"), text=text, hint=hint)
            found.append(tanchor.problem(("submissions",) + path, message, key=is_key))
    return found


def _well_formed_turn(anchor: Anchor, tdata: dict, problems: list[Problem]) -> Turn:
    """The turn with each submission entry that has a schema problem set aside: the innermost
    list entry holding the problem (one action, one choice), or the side's whole submission.
    Its anchor maps the paths of what is left back to where each entry was written."""
    subs = copy.deepcopy(tdata.get("submissions", {}))
    doomed = _set_aside(problems, len(anchor.prefix) + 1)
    if () in doomed or not isinstance(subs, dict):
        subs = {}
    kept: dict[tuple, list[int]] = {}
    for path in sorted((d for d in doomed if d), key=len, reverse=True):
        parent = _at(subs, path[:-1])
        if isinstance(path[-1], int) and isinstance(parent, list):
            indices = kept.setdefault(path[:-1], list(range(len(parent))))
            if path[-1] in indices:
                del parent[indices.index(path[-1])]
                indices.remove(path[-1])
        elif isinstance(parent, dict):
            parent.pop(path[-1], None)
    turn = make_turn(anchor, {**tdata, "submissions": subs})
    return dataclasses.replace(turn, anchor=RemappedAnchor(anchor.doc, anchor.prefix, kept))


def _at(data: Any, path: tuple) -> Any:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


@dataclass(frozen=True)
class RemappedAnchor(Anchor):
    """A turn's anchor whose submissions had entries set aside: ``submissions/red/1`` of what is
    left is located at the entry written as ``submissions/red/2``."""

    kept: dict = dataclasses.field(default_factory=dict)  # list path below submissions -> original indices

    def problem(self, rel, message: str, *, key: bool = False) -> Problem:
        return self.doc.problem(self.prefix + self._original(tuple(rel)), message, key=key)

    def sub(self, *rel) -> Anchor:
        return Anchor(self.doc, self.prefix + self._original(tuple(rel)))

    def _original(self, rel: tuple) -> tuple:
        if not rel or rel[0] != "submissions":
            return rel
        out = list(rel)
        for i in range(2, len(out)):
            indices = self.kept.get(tuple(out[1:i]))
            if indices is not None and isinstance(out[i], int) and 0 <= out[i] < len(indices):
                out[i] = indices[out[i]]
        return tuple(out)


def _dice_text_problems(anchor: Anchor, tdata: dict) -> list[Problem]:
    """A pasted bot transcript that cannot stand for the turn's dice: given beside ``dice:``, a
    result line that does not read, or no result line at all."""
    text = tdata.get("dice_text")
    if not isinstance(text, str):
        return []
    if "dice" in tdata:
        return [anchor.problem(("dice_text",), say("dice_text.with_dice"), key=True)]
    from ..dice.bot_text import TranscriptError, read_transcript

    try:
        faces = read_transcript(text)
    except TranscriptError as exc:
        return [anchor.problem_in_text(("dice_text",), p.line, p.col, p.message) for p in exc.problems]
    return [] if faces else [anchor.problem(("dice_text",), say("dice_text.empty"))]


def make_turn(anchor: Anchor, tdata: dict) -> Turn:
    dice = tdata.get("dice")
    recorded = None
    if isinstance(tdata.get("dice_text"), str):  # checked by _dice_text_problems before
        from ..dice.bot_text import read_transcript

        bot = read_transcript(tdata["dice_text"])
        dice = [f.face for f in bot]  # the log holds the faces, as if typed by hand
        recorded = Recorded(tuple(dice), "error", anchor.sub("dice_text"), (), bot)
    elif isinstance(dice, list):
        recorded = Recorded(tuple(dice), "error", anchor.sub("dice"), ())
    elif isinstance(dice, dict):
        recorded = Recorded(tuple(dice["faces"]), dice.get("then", "error"), anchor.sub("dice"), ("faces",))
    logged = {"turn": tdata["turn"]}
    if dice is not None:
        logged["dice"] = tree_copy(dice)
    logged["submissions"] = tree_copy(tdata.get("submissions", {}))
    return Turn(number=tdata["turn"], submissions=tdata.get("submissions", {}), dice=recorded,
                anchor=anchor, data=logged)


def _check_numbering(turns: list[Turn], first_turn: int = 1,
                     early: Callable[[int], str | None] = lambda n: None) -> list[Problem]:
    problems = []
    first: dict[int, Turn] = {}
    for t in turns:
        if t.number in first:
            other = first[t.number].anchor
            if other.doc.path != t.anchor.doc.path:
                message = say("turn.two_files", turn=t.number, a=other.doc.name, b=t.anchor.doc.name,
                              nn=f"{t.number:02d}")
            else:
                message = say("turn.twice", turn=t.number, other=other.doc.name)
            problems.append(t.problem(("turn",), message))
        else:
            first[t.number] = t
    expected = first_turn  # 1, or the turn a match continued mid-campaign starts at
    for n in sorted(first):
        if n < first_turn:
            problems.append(first[n].problem(("turn",), early(n) or say("turn.before_start", turn=n, first=first_turn)))
            continue
        if n != expected:
            problems.append(first[n].problem(("turn",), say("turn.gap", turn=n, missing=expected)))
            break
        expected += 1
    return problems
