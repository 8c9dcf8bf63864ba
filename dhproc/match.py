"""The match model: a loaded match and its turns, as the API hands them to the engine.

It sits below both :mod:`dhproc.api` (which builds it from files) and the engine and rulesets
(which resolve it), so neither has to import the other to name these types. A match names its
ruleset by id: the Ruleset contract takes a Match, and the Match never takes the contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .dice.stream import Recorded
from .errors import Problem
from .documents.loading import Anchor


@dataclass
class Turn:
    number: int
    submissions: dict[str, Any]
    dice: Recorded | None
    anchor: Anchor  # the turn's mapping, wherever it was written
    data: dict[str, Any]  # as recorded in the log's input

    def problem(self, rel: tuple, message: str, *, key: bool = False) -> Problem:
        return self.anchor.problem(rel, message, key=key)


@dataclass
class Match:
    ruleset_id: str  # the engine's registry finds the ruleset (get_ruleset): the model never imports it
    title: str
    seed: int | str
    options: dict[str, Any]  # every option with its effective value
    setup: dict[str, Any]
    turns: list[Turn]
    anchor: Anchor  # the match mapping
    data: dict[str, Any]  # the match as recorded in the log's input (turns inlined apart)
    report_turns: list[int] = field(default_factory=list)  # what the text report shows by default
    # Doubtful but legal, found while reading its files (a turn-NN.yaml beside it that is not
    # read): said on stderr, never in the report or the log.
    load_warnings: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_sealed", True)

    def __setattr__(self, name: str, value: Any) -> None:
        # A log records the match as loaded: changing it in place would write a log whose replay
        # diverges. Vary it through api.resolve(match, seed=..., options=...) instead.
        if getattr(self, "_sealed", False) and name != "report_turns":
            raise AttributeError(f"a loaded match is read-only ('{name}'): use api.resolve(match, seed=..., "
                                 f"options=...) or edit the file")
        object.__setattr__(self, name, value)

    def problem(self, rel: tuple, message: str, *, key: bool = False) -> Problem:
        return self.anchor.problem(rel, message, key=key)
