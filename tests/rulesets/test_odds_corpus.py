"""Every attack declared in count's, nicosw's and kagemiya's recorded matches has odds (COUNT-11.1,
NICOSW-11.1, KAGEMIYA-12.1): computed without an error, every check's chances summing to one, and
the knock-out chance a chance."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dhproc import api
from dhproc.engine.ruleset import get_ruleset
from dhproc.errors import InputError

ROOT = Path(__file__).resolve().parents[2]


def matches(rid: str) -> list[Path]:
    return [ROOT / "examples" / rid / "match.yaml", *sorted((ROOT / "tests" / "replays" / rid).glob("*/match.yaml"))]


@pytest.mark.parametrize("rid", ["count", "nicosw", "kagemiya"])
def test_count_11_1_nicosw_11_1_kagemiya_12_1_every_recorded_attack_has_odds(rid: str) -> None:
    rs = get_ruleset(rid)
    offered = 0
    for path in matches(rid):
        match = api.load(str(path))
        for turn in match.turns:
            for cid in match.setup["characters"]:
                try:
                    figures = rs.action_odds(match, turn.number, cid, None, None)
                except InputError:  # it declares no attack in that turn: said, located
                    continue
                offered += 1
                for check in figures.checks:
                    assert sum((p for _, p in check.outcomes.items()), Fraction(0)) == 1, (path, turn.number, cid)
                assert figures.knock_out is None or 0 <= figures.knock_out <= 1
    assert offered >= 20  # the corpus declares attacks in plenty
