"""``dhproc odds`` as people read it (Japanese or English) and as programs read it (JSON).

Both are made from one :class:`~dhproc.odds.report.ActionOdds`; a chance is shown to 0.1 %, a
certainty as 100 % and a near-certainty as >99.9 % (never rounded into a certainty it is not).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..words.messages import has_message, say
from . import messages as _messages  # noqa: F401  (registers the odds catalogue)
from .distribution import Distribution
from .report import ActionOdds, verdict

FORMAT = "dhproc-odds"
FORMAT_VERSION = 1


def percent(p: Fraction) -> str:
    """A chance to 0.1 %, half up: 13/20 → 65%, 3/8 → 37.5%, 1/2000 → <0.1%."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < Fraction(1, 1000):
        return "<0.1%"
    if p > Fraction(999, 1000):
        return ">99.9%"
    tenths = (p * 1000 + Fraction(1, 2)).__floor__()
    whole, part = divmod(tenths, 10)
    return f"{whole}%" if part == 0 else f"{whole}.{part}%"


def _number(value: Fraction) -> str:
    """A mean to two decimals, trailing zeros dropped."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _named(kind: str, name: str, ruleset: str) -> str:
    """An outcome, check or step name in words: the ruleset's own word when it has one."""
    for key in (f"{ruleset}.odds.{kind}.{name}", f"odds.{kind}.{name}"):
        if has_message(key):
            return say(key)
    return name


def text(odds: ActionOdds, *, ruleset: str, turn: int, action_name: str, lang: str) -> str:
    """The odds as lines: the head, each check, the damage after each step, the chance to knock
    out (and to kill where that differs), the verdict, the assumptions."""
    sep = say("odds.separator")
    if odds.target is not None:
        lines = [say("odds.head", who=odds.who, target=odds.target, action=action_name, turn=turn)]
    else:
        lines = [say("odds.head_alone", who=odds.who, action=action_name, turn=turn)]
    for check in odds.checks:
        outcomes = sep.join(f"{_named('outcome', k, ruleset)} {percent(p)}" for k, p in _by_chance(check.outcomes))
        lines.append("  " + say("odds.check_line", check=_named("check", check.check, ruleset), outcomes=outcomes))
    before = None
    for step in odds.steps:
        # A step that changes nothing (no 耐性 to take off, say) is one short line, not the table again.
        if step.damage == before:
            lines.append("  " + say("odds.step_same", step=_named("step", step.step, ruleset),
                                    mean=_number(step.damage.mean())))
        else:
            damage = sep.join(f"{k} → {percent(p)}" for k, p in step.damage.items())
            lines.append("  " + say("odds.step_line", step=_named("step", step.step, ruleset), damage=damage,
                                    mean=_number(step.damage.mean())))
        before = step.damage
    if odds.knock_out is not None:
        lines.append("  " + say("odds.knock_out", chance=percent(odds.knock_out)))
    if odds.kill is not None and odds.kill != odds.knock_out:
        lines.append("  " + say("odds.kill", chance=percent(odds.kill)))
    if odds.hits_to_knock_out is not None:
        lines.append("  " + verdict_words(odds.hits_to_knock_out) + say("odds.verdict_note"))
    if odds.approximate is not None:
        a = odds.approximate
        lines.append("  " + say("odds.approximate", size=f"{a.limit:,}", samples=f"{a.samples:,}",
                                low=percent(a.interval[0]), high=percent(a.interval[1])))
    if odds.assumptions:
        lines.append(say("odds.assumptions"))
        lines += [f"  ・{a.text(lang)}" if lang == "ja" else f"  - {a.text(lang)}" for a in odds.assumptions]
    return "\n".join(lines) + "\n"


def _by_chance(outcomes: Distribution[str]) -> list[tuple[str, Fraction]]:
    """Outcomes in the order the check produced them (hit before miss), not alphabetically."""
    return [(k, outcomes.p(k)) for k in outcomes]


def verdict_words(hits: Distribution[int]) -> str:
    """確定2発, 乱数1発（37.5%）, or that the attack cannot knock out."""
    v = verdict(hits)
    if v.hits == 0:
        return say("odds.never")
    if v.certain:
        return say("odds.sure", n=v.hits)
    return say("odds.random", n=v.hits, chance=percent(v.chance))


def _fraction(p: Fraction) -> str:
    return str(p)


def _table(d: Distribution[Any]) -> list[dict[str, Any]]:
    return [{"value": k, "p": _fraction(p), "percent": float(p * 100)} for k, p in d.items()]


def to_json(odds: ActionOdds, *, ruleset: str, turn: int) -> dict[str, Any]:
    """Every figure as an exact fraction (``"13/20"``) beside its percentage, for programs."""
    out: dict[str, Any] = {
        "format": FORMAT, "format_version": FORMAT_VERSION, "ruleset": ruleset, "turn": turn,
        "who": odds.who, "target": odds.target, "action": odds.action,
        "checks": [{"check": c.check, "outcomes": [{"outcome": k, "p": _fraction(p), "percent": float(p * 100)}
                                                   for k, p in _by_chance(c.outcomes)]} for c in odds.checks],
        "steps": [{"step": s.step, "damage": _table(s.damage), "mean": float(s.damage.mean())} for s in odds.steps],
        "knock_out": None if odds.knock_out is None else _fraction(odds.knock_out),
        "kill": None if odds.kill is None else _fraction(odds.kill),
        "hits_to_knock_out": None if odds.hits_to_knock_out is None else _table(odds.hits_to_knock_out),
        "verdict": None,
        "assumptions": [{"key": a.key, "ja": a.ja, "en": a.en} for a in odds.assumptions],
        "approximate": None,
    }
    if odds.hits_to_knock_out is not None:
        v = verdict(odds.hits_to_knock_out)
        out["verdict"] = {"hits": v.hits, "certain": v.certain, "chance": _fraction(v.chance),
                          "ja": verdict_words_in(odds.hits_to_knock_out, "ja"),
                          "en": verdict_words_in(odds.hits_to_knock_out, "en")}
    if odds.approximate is not None:
        a = odds.approximate
        out["approximate"] = {"samples": a.samples, "seed": a.seed, "size": a.size, "limit": a.limit,
                              "interval": [_fraction(a.interval[0]), _fraction(a.interval[1])]}
    return out


def verdict_words_in(hits: Distribution[int], lang: str) -> str:
    from ..words.messages import use_lang

    with use_lang(lang):
        return verdict_words(hits)
