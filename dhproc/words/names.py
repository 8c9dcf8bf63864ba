"""Names as people type them: display names or ids, full- or half-width, katakana or hiragana.

Players write 「鈴木」 for 鈴木一郎, ``Ｙａｍａｄａ`` for ``yamada``, ｽｽﾞｷ for スズキ. :func:`fold`
makes those compare equal; :class:`NameIndex` finds the one character (or ability) a text means —
exactly, or as the only name it begins — and otherwise says why, with a "did you mean" from
the names that exist (edit distance on folded text) and the whole list when it is short.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, NamedTuple

__all__ = ["fold", "edit_distance", "NameIndex", "Found", "suggestions", "did_you_mean"]

SHORT_LIST = 12  # lists this long or shorter are shown whole in a message
MIN_PART = 2  # a part of a name from its middle is at least this long (one kana fits too many)


def fold(text: object) -> str:
    """Compare-equal form: NFKC (full/half width), lower case, katakana as hiragana, no spaces.

    Names come from files that may still be broken (a number or a mapping where a name belongs,
    which the schema reports): anything else than text is compared by its printed form."""
    text = text if isinstance(text, str) else str(text)
    # a name is short, and a match's few names are folded again for every name its submissions
    # give: those are kept; a pasted paragraph where a name belongs is not
    return _folded_name(text) if len(text) <= MAX_KEPT_NAME else _folded(text)


MAX_KEPT_NAME = 100


def _folded(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).lower()
    out = []
    for ch in t:
        if ch.isspace() or ch in "・･":
            continue
        code = ord(ch)
        if 0x30A1 <= code <= 0x30F6:  # katakana -> hiragana
            ch = chr(code - 0x60)
        out.append(ch)
    return "".join(out)


_folded_name = lru_cache(maxsize=4096)(_folded)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance (insert, delete, substitute: 1 each)."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def suggestions(text: str, names: Iterable[str], *, limit: int = 3) -> list[str]:
    """The names closest to ``text`` (folded), nearest first, within a distance that still looks
    like a typo (a third of the longer name, at least 1)."""
    key = fold(text)
    scored = []
    for n, name in enumerate(names):
        f = fold(name)
        allowed = max(1, max(len(key), len(f)) // 3)
        if f.startswith(key) or key.startswith(f):
            d = 1 if key != f else 0
        elif abs(len(key) - len(f)) > allowed:
            continue  # the lengths alone differ by more: no need for the distance (a pasted
            # paragraph where a name belongs would cost its length times the name's)
        else:
            d = edit_distance(key, f)
        if d <= allowed:
            scored.append((d, n, name))
    return [name for _, _, name in sorted(scored)[:limit]]


def did_you_mean(text: str, names: dict[str, str], lang: str | None = None) -> str:
    """`` (did you mean 佐藤花子 (sato)?)`` / ``（もしかして：佐藤花子（sato））`` for an unknown id in a file: the ids
    whose id or display name is within typo distance of ``text`` (folded), or "" when none is; in
    the command's language unless ``lang`` is given."""
    from .messages import default_lang, say
    from .naming import shown

    if not isinstance(text, str):
        return ""
    close = suggestions(text, [*names, *names.values()])
    ids = list(dict.fromkeys(i for c in close for i, n in names.items() if c in (i, n)))[:3]
    if not ids:
        return ""
    shown_as = [shown(i, names[i], lang or default_lang()) for i in ids]
    return say("name.did_you_mean", lang, names=say("list.or", lang).join(shown_as))


class Found(NamedTuple):
    """What a name resolved to, or why it did not."""

    id: str | None
    how: str  # "exact" | "prefix" | "unknown" | "ambiguous"
    candidates: tuple[str, ...] = ()  # display names: the ambiguous ones, or the suggestions


@dataclass
class NameIndex:
    """Ids and display names of one kind of thing (characters, abilities), to resolve typed text."""

    names: dict[str, str] = field(default_factory=dict)  # id -> display name
    # Chat posts (dhproc import): a display name is found by any part of it (ガロウ for 盗賊頭ガロウ,
    # ミコト for 天城ミコト), and an id only whole — a keyword such as MA is never the start of maken.
    anywhere: bool = False

    @classmethod
    def of_entries(cls, entries: object) -> "NameIndex":
        """The index of a setup list such as a character's skills (``[{id, name?}, …]``). It is
        read before the setup's schema has passed, so it takes any YAML value: a number, a
        mapping or a list of anything in its place index what they can (nothing), and the schema
        reports them."""
        items = entries if isinstance(entries, list) else []
        return cls({t["id"]: t.get("name", t["id"]) for t in items
                    if isinstance(t, dict) and isinstance(t.get("id"), str)})

    def resolve(self, text: str) -> Found:
        key = fold(text)
        if not key:
            return Found(None, "unknown")
        exact = self._exact().get(key, ())
        if len(exact) == 1:
            return Found(exact[0], "exact")
        if len(exact) > 1:
            return Found(None, "ambiguous", tuple(self.names[i] for i in exact))
        begins = [i for i, n in self.names.items()
                  if fold(n).startswith(key) or (not self.anywhere and fold(i).startswith(key))]
        if not begins and self.anywhere:
            begins = [i for i, n in self.names.items() if key in fold(n)]
            if len(begins) == 1 and len(key) < MIN_PART:
                begins = []  # one kana or kanji from the middle is never read as a name (only listed)
        if len(begins) == 1:
            return Found(begins[0], "prefix")
        if len(begins) > 1:
            return Found(None, "ambiguous", tuple(self.names[i] for i in begins))
        return Found(None, "unknown", tuple(suggestions(text, self.names.values())))

    def _exact(self) -> dict[str, list[str]]:
        """Folded display name or id -> the ids it names exactly, in the order of ``names``: made
        once for the index's names (a submission names a character again and again), and made
        again should they change."""
        kept = self.__dict__.get("_exact_of")
        if kept is not None and kept[0] == self.names:
            return kept[1]
        exact: dict[str, list[str]] = {}
        for i, n in self.names.items():
            for key in dict.fromkeys((fold(n), fold(i))):
                exact.setdefault(key, []).append(i)
        self.__dict__["_exact_of"] = (dict(self.names), exact)
        return exact

    def describe(self, text: str, found: Found, what: str, lang: str | None = None) -> str:
        """A message for a name that did not resolve: did you mean, and the list when short.
        ``what`` is a message id such as ``what.character``."""
        from .messages import say

        thing = say(what, lang)
        listing = list(self.names.values())
        if found.how == "ambiguous":
            return say("name.ambiguous", lang, what=thing, text=text,
                       names=say("list.sep", lang).join(found.candidates))
        hint = ""
        if found.candidates:
            hint = say("name.did_you_mean", lang, names=say("list.or", lang).join(found.candidates))
        elif len(listing) <= SHORT_LIST:
            hint = say("name.known", lang, names=say("list.sep", lang).join(listing))
        return say("name.unknown", lang, what=thing, text=text, hint=hint)
