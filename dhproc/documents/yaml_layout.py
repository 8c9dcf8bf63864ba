"""Full-width spaces, tabs and full-width colons where YAML wants half-width ones.

A GK who types in a Japanese IME writes ``　to： Ｄ４`` as easily as ``to: D4``. YAML reads a
full-width space as a character of the text, not as indentation, and a full-width colon as part
of the key, so the file either fails to parse (``could not find expected ':'``) or parses into
something else (an unknown key ``'to： Ｄ４'``, a name that runs on into the next line). Both are
said here in the words of what happened and how to fix it, located at the character.

* When the YAML does not parse, the lines up to the error are scanned (:func:`text_problems`):
  the layout mistake is the cause, the syntax error only its symptom.
* When it parses, only what the mistake certainly made is reported (:func:`node_problems`): a
  key that begins with a full-width space or holds a full-width colon, and a plain text that ran
  on into a next line beginning ``key：``. Text in block scalars (``|``, ``>``) and quotes is
  never looked at: a full-width colon there is just text.
"""

from __future__ import annotations

import re

import yaml

from ..errors import Problem
from ..words.messages import say
from ..lazy_re import lazy

FULL_SPACE = "\u3000"
# A key as people type it: a word without spaces or YAML indicators (移動, to, who).
_KEY = r"[^\s\u3000:：#,\[\]{}&*!|>'\"%@`-][^\s\u3000:：#,\[\]{}]*"
_INDENT = lazy(r"^[ \t\u3000]*")
_COLON_KEY = lazy(r"^[ \t\u3000]*(?:-[ \t\u3000]+)?(%s)[ \t\u3000]*：" % _KEY)
_SPACE_AFTER_COLON = lazy(r"^[ \t\u3000]*(?:-[ \t\u3000]+)?(%s):\u3000" % _KEY)
_ASCII_COLON_KEY = lazy(r"^[ \t\u3000]*(?:-[ \t\u3000]+)?([A-Za-z_][\w-]*)[ \t\u3000]*：")
_BLOCK_START = lazy(r"(?:^|[:-][ \t])[ \t]*[|>][+-]?[1-9]?[+-]?$")  # key: |, - >, |2-


def text_problems(text: str, name: str, upto_line: int | None = None) -> list[Problem]:
    """Layout mistakes on the lines up to ``upto_line`` (1-based; None: all), outside block
    scalars: the likely cause of a YAML syntax error there."""
    problems: list[Problem] = []
    block_indent: int | None = None  # inside a block scalar opened at this indentation
    for number, line in enumerate(text.split("\n"), 1):
        if upto_line is not None and number > upto_line:
            break
        stripped = line.strip(" \t\u3000")
        indent = _INDENT.match(line).group(0)
        if block_indent is not None:
            if not stripped or len(indent) > block_indent:
                continue
            block_indent = None
        if not stripped or stripped.startswith("#"):
            continue
        problem = _line_problem(line, indent, number, name)
        if problem is not None:
            problems.append(problem)
        if _BLOCK_START.search(line.split(" #")[0].strip()):
            block_indent = len(indent)
    return problems


def _line_problem(line: str, indent: str, number: int, name: str) -> Problem | None:
    if FULL_SPACE in indent:
        return Problem(name, number, indent.index(FULL_SPACE) + 1, say("yaml.full_width_indent"))
    if "\t" in indent:
        return Problem(name, number, indent.index("\t") + 1, say("yaml.tab_indent"))
    found = _COLON_KEY.match(line)
    if found:
        return Problem(name, number, line.index("：", found.start(1)) + 1, say("yaml.full_width_colon", key=found.group(1)))
    found = _SPACE_AFTER_COLON.match(line)
    if found:
        return Problem(name, number, found.end(), say("yaml.full_width_space_after_colon", key=found.group(1)))
    return None


def node_problems(root: yaml.Node | None, text: str, name: str) -> list[Problem]:
    """Layout mistakes a parsed document certainly holds (see the module docstring)."""
    problems: list[Problem] = []
    lines = text.split("\n")
    seen: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.style in (None, ""):
                    problem = _key_problem(key, lines, name)
                    if problem is not None:
                        problems.append(problem)
                if isinstance(value, yaml.ScalarNode) and value.start_mark.line > key.start_mark.line:
                    # "alice:" then "  starters： [...]" on the next line: a key, read as alice's text
                    problem = _text_as_key_problem(value, lines, name)
                    if problem is not None:
                        problems.append(problem)
                stack += [key, value]
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                if isinstance(item, yaml.ScalarNode):  # - who： yamada is one text, not a mapping
                    problem = _text_as_key_problem(item, lines, name)
                    if problem is not None:
                        problems.append(problem)
            stack += node.value
        elif isinstance(node, yaml.ScalarNode) and node.style in (None, "") and node.end_mark.line > node.start_mark.line:
            # a plain text over several lines: did a next line begin "key："?
            for number in range(node.start_mark.line + 1, node.end_mark.line + 1):
                line = lines[number] if number < len(lines) else ""
                found = _ASCII_COLON_KEY.match(line)
                if found:
                    problems.append(Problem(name, number + 1, line.index("：", found.start(1)) + 1,
                                            say("yaml.full_width_colon", key=found.group(1))))
                    break
    return sorted(problems, key=lambda p: (p.line or 0, p.col or 0))


def _text_as_key_problem(node: yaml.ScalarNode, lines: list[str], name: str) -> Problem | None:
    """A plain text that begins ``key：``, where a key was meant."""
    found = _ASCII_COLON_KEY.match(node.value) if node.style in (None, "") else None
    if found is None:
        return None
    line = lines[node.start_mark.line] if node.start_mark.line < len(lines) else ""
    at = line.find("：", node.start_mark.column)
    return Problem(name, node.start_mark.line + 1, (at if at >= 0 else node.start_mark.column) + 1,
                   say("yaml.full_width_colon", key=found.group(1)))


def _key_problem(key: yaml.ScalarNode, lines: list[str], name: str) -> Problem | None:
    mark = key.start_mark
    if key.value.startswith(FULL_SPACE):
        return Problem(name, mark.line + 1, mark.column + 1, say("yaml.full_width_indent"))
    found = re.match(r"(%s)[ \t\u3000]*：" % _KEY, key.value)
    if found:
        line = lines[mark.line] if mark.line < len(lines) else ""
        at = line.find("：", mark.column)
        return Problem(name, mark.line + 1, (at if at >= 0 else mark.column) + 1,
                       say("yaml.full_width_colon", key=found.group(1)))
    return None
