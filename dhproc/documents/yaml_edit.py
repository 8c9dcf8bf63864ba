"""One entry added to a list in a YAML file's text, the rest of the text left as it was written.

``dhproc import -o`` lists the turn file it writes under the match's ``turns:``. The match file is
the GK's own, with comments and a layout of their choosing, so it is not dumped anew: the entry is
written into the text at the one place it goes (the positions come from the composed node tree),
in the list's own style — ``[a, b]`` or one ``- a`` a line. The caller reads the result back and
keeps it only when it is the list wanted.
"""

from __future__ import annotations


import yaml

from ..lazy_re import lazy

_DASH = lazy(r"^[ \t]*-[ \t]+$")  # what stands before an entry of a block list: "  - "


def flow_text(value: object) -> str:
    """``value`` as YAML in flow style on one line: plain where it can be, quoted where not."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
    return text.removesuffix("\n").removesuffix("\n...").strip()  # a plain scalar ends its document


def with_list_entry(text: str, key: str, index: int, value: str) -> str | None:
    """``text`` with ``value`` inserted at ``index`` of the list under the top-level ``key`` (the
    key added at the end as ``key: [value]`` when there is none, the list written when the key
    has no value); None when the text holds no place this can be done."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)  # pure Python: marks count characters
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode) or root.flow_style:
        return None
    node = next((v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == key), None)
    entry = flow_text(value)
    if node is None:
        newline = "\r\n" if "\r\n" in text else "\n"
        ending = "" if not text or text.endswith("\n") else newline
        return f"{text}{ending}{key}: [{entry}]{newline}"
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
        start, end = node.start_mark.index, node.end_mark.index
        space = " " if start == end and text[start - 1:start] == ":" else ""
        return text[:start] + f"{space}[{entry}]" + text[end:]
    if not isinstance(node, yaml.SequenceNode):
        return None
    index = max(0, min(index, len(node.value)))
    if node.flow_style:
        return _into_flow_list(text, node, index, entry)
    return _into_block_list(text, node, index, entry)


def _into_flow_list(text: str, node: yaml.SequenceNode, index: int, entry: str) -> str | None:
    items = node.value
    if index < len(items):
        at = items[index].start_mark.index
        return text[:at] + f"{entry}, " + text[at:]
    if items:
        at = items[-1].end_mark.index
        return text[:at] + f", {entry}" + text[at:]
    at = node.start_mark.index
    if text[at:at + 1] != "[":
        return None
    return text[:at + 1] + entry + text[at + 1:]


def _into_block_list(text: str, node: yaml.SequenceNode, index: int, entry: str) -> str | None:
    items = node.value
    model = items[min(index, len(items) - 1)]
    line_start = text.rfind("\n", 0, model.start_mark.index) + 1
    dash = text[line_start:model.start_mark.index]
    if not _DASH.match(dash):
        return None  # an entry that does not begin its own line ("- - a", "key: - a"): left alone
    newline = "\r\n" if "\r\n" in text else "\n"
    if index < len(items):
        return text[:line_start] + f"{dash}{entry}{newline}" + text[line_start:]
    # after the last entry's last line (a comment on it stays there)
    last = len(text[:_content_end(items[-1])].rstrip())
    line_end = text.find("\n", last)
    if line_end == -1:
        return text + f"{newline}{dash}{entry}{newline}"
    return text[:line_end + 1] + f"{dash}{entry}{newline}" + text[line_end + 1:]


def _content_end(node: yaml.Node) -> int:
    """Where the text of ``node`` ends. A block collection's own end mark lies where the next
    token begins, past the blank lines and comments after it: its last value ends it instead."""
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return node.end_mark.index
