"""A small typed condition language: skill conditions as data, evaluated without ``eval``.

A condition is written in the match file as a mapping, one of:

* ``{of: SUBJECT, attr: NAME, OP: VALUE}`` — a comparison. OP is exactly one of ``at_least``
  (≥), ``at_most`` (≤), ``above`` (>), ``below`` (<), ``equals``, ``not_equals`` for numbers and
  words, or ``includes`` / ``excludes`` for lists (colours, states, keywords). VALUE is a literal,
  or ``{of: SUBJECT, attr: NAME}`` to compare with another value of the state;
* ``{all: [C, ...]}``, ``{any: [C, ...]}``, ``{not: C}``.

What the subjects and attributes are ("self", "facing_enemy"; "defense", "colors") is the
ruleset's :class:`Vocabulary`; the state is read through an accessor ``get(subject, attr)`` that
the ruleset supplies, so this module never sees a character. An accessor answers None when the
subject does not exist at that moment (no facing enemy); a comparison with a missing value is
false. Evaluation records every value it read (:class:`Fact`), so a report can show why a
condition held or failed: "対面の敵の防御 10 ≥ 10".
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Union

from ..words.messages import say

NUMBER, TEXT, LIST = "number", "text", "list"

# op -> (symbol, operand types it accepts by attribute type)
OPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "at_least": ("≥", (NUMBER,)),
    "at_most": ("≤", (NUMBER,)),
    "above": (">", (NUMBER,)),
    "below": ("<", (NUMBER,)),
    "equals": ("=", (NUMBER, TEXT)),
    "not_equals": ("≠", (NUMBER, TEXT)),
    "includes": ("∋", (LIST,)),
    "excludes": ("∌", (LIST,)),
}


class Ref(NamedTuple):
    """Another value of the state, read at evaluation time."""

    subject: str
    attr: str


class Compare(NamedTuple):
    subject: str
    attr: str
    op: str
    operand: Union[int, str, Ref]


class AllOf(NamedTuple):
    items: tuple["Condition", ...]


class AnyOf(NamedTuple):
    items: tuple["Condition", ...]


class Not(NamedTuple):
    item: "Condition"


Condition = Union[Compare, AllOf, AnyOf, Not]
ALWAYS: Condition = AllOf(())  # no condition: holds


class Vocabulary(NamedTuple):
    """What a ruleset's conditions may name: subject -> attribute -> type (number, text, list)."""

    subjects: Mapping[str, Mapping[str, str]]

    def attrs(self, subject: str) -> Mapping[str, str] | None:
        return self.subjects.get(subject)


class Fact(NamedTuple):
    """One comparison as it was evaluated."""

    subject: str
    attr: str
    value: Any  # None: the subject did not exist
    op: str
    operand: Any
    operand_ref: Ref | None
    holds: bool

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"of": self.subject, "attr": self.attr, "value": _plain(self.value),
                               "op": self.op, "operand": _plain(self.operand), "holds": self.holds}
        if self.operand_ref is not None:
            out["operand_of"] = self.operand_ref.subject
            out["operand_attr"] = self.operand_ref.attr
        return out


class Verdict(NamedTuple):
    holds: bool
    facts: tuple[Fact, ...]


Problems = list[tuple[tuple, str]]  # (path relative to the condition, message)


def parse(data: Any, vocab: Vocabulary, path: tuple = ()) -> tuple[Condition | None, Problems]:
    """The typed condition of ``data`` (None: no condition, always holds), and what is wrong."""
    if data is None:
        return ALWAYS, []
    problems: Problems = []
    cond = _parse(data, vocab, path, problems)
    return (cond if not problems else None), problems


def _parse(data: Any, vocab: Vocabulary, path: tuple, problems: Problems) -> Condition:
    if not isinstance(data, dict):
        problems.append((path, say("cond.not_mapping")))
        return ALWAYS
    for word, cls in (("all", AllOf), ("any", AnyOf)):
        if word in data:
            if len(data) != 1 or not isinstance(data[word], list):
                problems.append((path, say("cond.list_alone", word=word)))
                return ALWAYS
            return cls(tuple(_parse(d, vocab, path + (word, i), problems) for i, d in enumerate(data[word])))
    if "not" in data:
        if len(data) != 1:
            problems.append((path, say("cond.not_alone")))
            return ALWAYS
        return Not(_parse(data["not"], vocab, path + ("not",), problems))
    subject, attr, kind = _subject_attr(data, vocab, path, problems)
    ops = [k for k in data if k in OPS]
    extra = [k for k in data if k not in OPS and k not in ("of", "attr")]
    if extra:
        problems.append((path + (extra[0],), say("cond.unknown_key", key=extra[0], ops=", ".join(OPS))))
        return ALWAYS
    if len(ops) != 1:
        problems.append((path, say("cond.one_op", ops=", ".join(OPS))))
        return ALWAYS
    op = ops[0]
    if kind is not None and kind not in OPS[op][1]:
        problems.append((path + (op,), say("cond.op_kind", op=op, subject=subject, attr=attr, kind=_kind(kind))))
        return ALWAYS
    raw = data[op]
    operand: int | str | Ref
    if isinstance(raw, dict):
        rs, ra, rkind = _subject_attr(raw, vocab, path + (op,), problems)
        extra = [k for k in raw if k not in ("of", "attr")]
        if extra:
            problems.append((path + (op, extra[0]), say("cond.ref_key", key=extra[0])))
        want = TEXT if op in ("includes", "excludes") else kind
        if rkind is not None and want is not None and rkind != want:
            problems.append((path + (op,), say("cond.ref_kind", subject=rs, attr=ra, kind=_kind(rkind), op=op,
                                               want=_kind(want))))
        operand = Ref(rs, ra)
    elif isinstance(raw, bool) or not isinstance(raw, (int, str)):
        problems.append((path + (op,), say("cond.value")))
        return ALWAYS
    else:
        if op in ("includes", "excludes") and not isinstance(raw, str):
            problems.append((path + (op,), say("cond.word", op=op)))
        elif kind == NUMBER and not isinstance(raw, int):
            problems.append((path + (op,), say("cond.number", subject=subject, attr=attr)))
        elif kind == TEXT and not isinstance(raw, str):
            problems.append((path + (op,), say("cond.text", subject=subject, attr=attr)))
        operand = raw
    return Compare(subject, attr, op, operand)


def _subject_attr(data: dict, vocab: Vocabulary, path: tuple, problems: Problems) -> tuple[str, str, str | None]:
    subject, attr = data.get("of"), data.get("attr")
    if not isinstance(subject, str) or not isinstance(attr, str):
        problems.append((path, say("cond.of_attr")))
        return str(subject), str(attr), None
    attrs = vocab.attrs(subject)
    if attrs is None:
        problems.append((path + ("of",), say("cond.unknown_subject", subject=subject, known=", ".join(vocab.subjects))))
        return subject, attr, None
    if attr not in attrs:
        problems.append((path + ("attr",), say("cond.unknown_attr", subject=subject, attr=attr, known=", ".join(attrs))))
        return subject, attr, None
    return subject, attr, attrs[attr]


def _kind(kind: str) -> str:
    """A value's kind in words: number, text or list."""
    return say(f"cond.kind_{kind}")


Accessor = Callable[[str, str], Any]


def evaluate(cond: Condition, get: Accessor) -> Verdict:
    """Whether ``cond`` holds now, with every value read. ``all``/``any`` stop at the first deciding
    item, in the order written, so the facts are exactly the comparisons that were made."""
    facts: list[Fact] = []
    holds = _eval(cond, get, facts)
    return Verdict(holds, tuple(facts))


def _eval(cond: Condition, get: Accessor, facts: list[Fact]) -> bool:
    if isinstance(cond, AllOf):
        return all(_eval(c, get, facts) for c in cond.items)
    if isinstance(cond, AnyOf):
        return any(_eval(c, get, facts) for c in cond.items)
    if isinstance(cond, Not):
        return not _eval(cond.item, get, facts)
    value = get(cond.subject, cond.attr)
    ref = cond.operand if isinstance(cond.operand, Ref) else None
    operand = get(ref.subject, ref.attr) if ref is not None else cond.operand
    holds = value is not None and operand is not None and _compare(cond.op, value, operand)
    facts.append(Fact(cond.subject, cond.attr, value, cond.op, operand, ref, holds))
    return holds


def _compare(op: str, value: Any, operand: Any) -> bool:
    if op == "includes":
        return operand in value
    if op == "excludes":
        return operand not in value
    if op == "equals":
        return value == operand
    if op == "not_equals":
        return value != operand
    if not (isinstance(value, int) and isinstance(operand, int)):
        return False
    if op == "at_least":
        return value >= operand
    if op == "at_most":
        return value <= operand
    if op == "above":
        return value > operand
    return value < operand  # below


def _plain(v: Any) -> Any:
    return list(v) if isinstance(v, tuple) else v
