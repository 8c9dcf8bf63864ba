"""Small builders for dh matches written as YAML text, as a GK would write them."""

from __future__ import annotations

import textwrap

from dhproc import api

CHARS = """\
      a: {name: 甲, side: red, attack: 10, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ１}
      b: {name: 乙, side: red, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｂ１}
      x: {name: 敵, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ａ２}
      y: {name: 敵二, side: blue, attack: 5, defense: 5, hp: 5, spirit: 3, fs: 5, at: Ｃ３}
"""


# The dice these tests record include one for every 判定, 100% ones too: roll_at_100 (DH-7.2).
def match_text(turns: str = "", *, options: str = "{roll_at_100: true}", setup_extra: str = "", chars: str = CHARS,
               map_line: str = "    map: {rows: 3, cols: 3}\n", sides: str = "{red: {name: 赤組}, blue: {name: 青組}}",
               seed: int | str = 1) -> str:
    text = (f"dhproc: 1\nruleset: dh\nseed: {seed}\noptions: {options}\nsetup:\n{map_line}"
            f"    first: red\n{setup_extra}    sides: {sides}\n    characters:\n{chars}")
    if turns:
        text += "turns:\n" + textwrap.indent(textwrap.dedent(turns), "  ")
    return text


def resolve_text(text: str) -> dict:
    return api.resolve(api.loads(text, name="match.yaml"))


def events(log: dict, kind: str | None = None) -> list[dict]:
    return [e for t in log["turns"] for e in t["events"] if kind is None or e["kind"] == kind]
