"""発動率 from an ability's design, by the guideline's formula (docs/rules/dh.md, DH-13).

Per effect:  効果数値 = 効果値 × 対象倍率 × 時間倍率 × Π 非消費制約 × Π カウンター factors.
The ability: 発動率 = (100 − Σ効果数値 + Σ消費制約値) × (1 + 0.1 × FS) + Σ付属 + 調整, rounded half up.

Values are data (a tables file; the shipped one holds what the published sheets show) and the
arithmetic is decimal throughout: 0.1 × 18 is exactly 1.8 and 100.5 rounds to 101, which binary
floats do not promise.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from ...errors import InputError, Problem
from ...documents.loading import Anchor, load_bytes, load_file
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue)

CATEGORIES = ("effects", "targets", "times", "restrictions", "counter", "costs", "riders")
# Which table each element of a design is looked up in.
TABLE_OF = {"effect": "effects", "target": "targets", "time": "times", "restrictions": "restrictions",
            "counter": "counter", "costs": "costs", "riders": "riders"}
DEFAULT_TABLES = Path(__file__).resolve().parent / "rate_tables.yaml"
ONE = Decimal(1)


def decimal(value: Any) -> Decimal:
    """A table or design number as an exact decimal: 1.6 written in YAML is 1.6, not its float."""
    if isinstance(value, bool):
        raise TypeError(value)
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value if isinstance(value, (int, str)) else str(value))


def show(d: Decimal) -> str:
    """100.80 → 100.8, 1E+2 → 100, -10 → -10."""
    text = format(d.normalize(), "f")
    return "0" if text in ("-0", "0") else text


@dataclass(frozen=True)
class Value:
    label: str
    value: Decimal


@dataclass(frozen=True)
class Tables:
    name: str
    entries: dict[str, dict[str, Value]]
    missing: tuple[str, ...]
    source: str  # the file they came from, or "" for the shipped tables


def load_tables(path: Path | None = None, *, anchor: Anchor | None = None, where: tuple = ()) -> Tables:
    """The value tables in ``path`` (the shipped ones when None); problems are located there."""
    from ...inputs.validation import validate

    if path is None:
        doc = load_bytes(DEFAULT_TABLES.read_bytes(), DEFAULT_TABLES, "rate_tables.yaml")
    else:
        try:
            doc = load_file(path)
        except InputError as exc:
            if anchor is None:
                raise
            raise InputError([anchor.problem(where, say("dh.rate_tables", problem=p.format()))
                              for p in exc.problems]) from None
    problems = validate(doc.data, "dh.rate-tables", Anchor(doc))
    if problems:
        raise InputError(problems)
    data = doc.data
    entries = {cat: {key: Value(e.get("label", key), decimal(e["value"]))
                     for key, e in data["tables"].get(cat, {}).items()} for cat in CATEGORIES}
    return Tables(data.get("name", ""), entries, tuple(data.get("missing", [])), "" if path is None else str(path))


@dataclass(frozen=True)
class EffectWorking:
    index: int
    factors: tuple[tuple[str, Value], ...]  # (role, value): effect, target, time, restriction, counter
    value: Decimal  # 効果数値


@dataclass(frozen=True)
class Working:
    """Every figure of the computation, in the order the working prints them."""

    name: str
    fs: int
    effects: tuple[EffectWorking, ...]
    total: Decimal  # Σ効果数値
    costs: tuple[Value, ...]
    cost_total: Decimal
    bracket: Decimal  # 100 − Σ + 消費制約値
    fs_factor: Decimal  # 1 + 0.1 × FS
    scaled: Decimal
    riders: tuple[Value, ...]
    rider_total: Decimal
    adjust: Decimal
    exact: Decimal
    rate: int  # rounded half up
    stated: int | None
    tables: Tables


def _element(element: Any, table: str, tables: Tables, anchor: Anchor, path: tuple,
             problems: list[Problem]) -> Value:
    if isinstance(element, str):
        found = tables.entries[table].get(element)
        if found is None:
            known = ", ".join(sorted(tables.entries[table])) or say("dh.rate_none")
            problems.append(anchor.problem(path, say("dh.rate_unknown", element=element, table=table, known=known,
                                                     source=tables.source or say("dh.rate_shipped"))))
            return Value(element, Decimal(0))
        return found
    if isinstance(element, dict):
        return Value(element.get("label", "(written)"), decimal(element["value"]))
    return Value("(written)", decimal(element))


def compute(design: dict, fs: int, tables: Tables, anchor: Anchor) -> Working:
    """The working for ``design`` (schema-checked, at ``anchor``) with the character's ``fs``."""
    problems: list[Problem] = []

    def look(element: Any, role: str, *path: Any) -> Value:
        return _element(element, TABLE_OF[role], tables, anchor, path, problems)

    effects = []
    for i, e in enumerate(design["effects"]):
        factors = [("effect", look(e["effect"], "effect", "effects", i, "effect")),
                   ("target", look(e["target"], "target", "effects", i, "target")),
                   ("time", look(e["time"], "time", "effects", i, "time"))]
        factors += [("restriction", look(r, "restrictions", "effects", i, "restrictions", j))
                    for j, r in enumerate(e.get("restrictions", []))]
        factors += [("counter", look(c, "counter", "effects", i, "counter", j))
                    for j, c in enumerate(e.get("counter", []))]
        value = ONE
        for _, f in factors:
            value *= f.value
        effects.append(EffectWorking(i + 1, tuple(factors), value))
    costs = tuple(look(c, "costs", "costs", j) for j, c in enumerate(design.get("costs", [])))
    riders = tuple(look(r, "riders", "riders", j) for j, r in enumerate(design.get("riders", [])))
    if problems:
        raise InputError(problems)
    total = sum((e.value for e in effects), Decimal(0))
    cost_total = sum((c.value for c in costs), Decimal(0))
    bracket = Decimal(100) - total + cost_total
    fs_factor = ONE + Decimal("0.1") * fs
    scaled = bracket * fs_factor
    rider_total = sum((r.value for r in riders), Decimal(0))
    adjust = decimal(design.get("adjust", 0))
    exact = scaled + rider_total + adjust
    rate = int(exact.quantize(ONE, rounding=ROUND_HALF_UP))
    return Working(design.get("name", ""), fs, tuple(effects), total, costs, cost_total, bracket, fs_factor,
                   scaled, riders, rider_total, adjust, exact, rate, design.get("stated"), tables)


_WORDS = {
    "ja": {"title": "発動率の計算", "tables": "値の表", "shipped": "同梱の表", "effect": "効果",
           "total": "効果数値の合計", "costs": "消費制約", "riders": "付属", "adjust": "調整", "none": "なし",
           "rate": "発動率", "round": "四捨五入", "stated": "記載の発動率", "agrees": "一致",
           "differs": "計算と異なる", "fs": "FS"},
    "en": {"title": "activation rate", "tables": "tables", "shipped": "shipped tables", "effect": "effect",
           "total": "sum of effect values", "costs": "costs", "riders": "add-ons", "adjust": "adjustment",
           "none": "none", "rate": "rate", "round": "rounded half up", "stated": "stated rate", "agrees": "agrees",
           "differs": "differs from the computation", "fs": "FS"},
}


def _signed(d: Decimal) -> str:
    return f"- {show(-d)}" if d < 0 else f"+ {show(d)}"


def _sum_line(values: tuple[Value, ...], total: Decimal, none: str) -> str:
    if not values:
        return none
    return " + ".join(f"{v.label} {show(v.value)}" for v in values) + f" = {show(total)}"


def working_lines(w: Working, lang: str = "ja") -> list[str]:
    """The computation line by line, as a GK would write it on the sheet."""
    t = _WORDS[lang]
    head = f"{t['title']}: {w.name}" if w.name else t["title"]
    lines = [head, f"  {t['tables']}: {w.tables.name or w.tables.source or t['shipped']}"]
    for e in w.effects:
        product = " × ".join(f"{v.label} {show(v.value)}" for _, v in e.factors)
        lines.append(f"  {t['effect']}{e.index}: {product} = {show(e.value)}")
    lines.append(f"  {t['total']} = {show(w.total)}")
    lines.append(f"  {t['costs']}: {_sum_line(w.costs, w.cost_total, t['none'])}")
    lines.append(f"  (100 - {show(w.total)} + {show(w.cost_total)}) × (1 + 0.1 × {w.fs}) = "
                 f"{show(w.bracket)} × {show(w.fs_factor)} = {show(w.scaled)}")
    lines.append(f"  {t['riders']}: {_sum_line(w.riders, w.rider_total, t['none'])}")
    lines.append(f"  {t['adjust']}: {show(w.adjust)}")
    lines.append(f"  {t['rate']} = {show(w.scaled)} {_signed(w.rider_total)} {_signed(w.adjust)} = {show(w.exact)}"
                 f" → {w.rate}% ({t['round']})")
    if w.stated is not None:
        verdict = t["agrees"] if w.stated == w.rate else t["differs"]
        lines.append(f"  {t['stated']}: {w.stated}% — {verdict}")
    return lines


def design_working(design: Any, fs: int, anchor: Anchor, folder: Path,
                   cache: dict[str, Tables] | None = None) -> Working:
    """Check a design (at ``anchor``; ``tables`` relative to ``folder``) and compute it."""
    from ...inputs.validation import validate

    problems = validate(design, "dh.rate#design", anchor)
    if problems:
        raise InputError(problems)
    key = design.get("tables", "")
    cache = {} if cache is None else cache
    if key not in cache:
        cache[key] = load_tables(folder / key if key else None, anchor=anchor, where=("tables",))
    return compute(design, design.get("fs", fs), cache[key], anchor)


def setup_rates(match: Any) -> tuple[list[tuple[str, Working]], list[Problem]]:
    """The working of every setup ability that carries a ``rate:`` design, and its problems."""
    out: list[tuple[str, Working]] = []
    problems: list[Problem] = []
    cache: dict[str, Tables] = {}
    folder = match.anchor.doc.path.parent
    for cid, c in match.setup["characters"].items():
        design = (c.get("ability") or {}).get("rate")
        if design is None:
            continue
        anchor = match.anchor.sub("setup", "characters", cid, "ability", "rate")
        try:
            out.append((cid, design_working(design, c["fs"], anchor, folder, cache)))
        except InputError as exc:
            problems += exc.problems
    return out, problems


def rate_warnings(match: Any) -> list[Problem]:
    """A stated 発動率 that differs from the design's: a warning, since GKs round and adjust."""
    warnings = []
    for cid, w in setup_rates(match)[0]:
        ability = match.setup["characters"][cid]["ability"]
        if "activation" in ability and ability["activation"] != w.rate:
            warnings.append(match.problem(("setup", "characters", cid, "ability", "activation"),
                                          say("dh.rate_differs", stated=ability["activation"], computed=w.rate)))
    return warnings
