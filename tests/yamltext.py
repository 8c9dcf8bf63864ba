"""YAML the suite reads back itself: by libyaml's loader where it is present, as dhproc reads its
inputs (documents/loading.py), falling back to PyYAML's pure-Python loader, which also reads what
libyaml refuses (a lone surrogate written as ``"\\uD800"``, which the generators draw). The
pure-Python loader made a third to a half of the time of the slowest property tests.

Writing stays with ``yaml.safe_dump``: libyaml's emitter fails on lone surrogates and writes some
characters otherwise, and the generated texts are meant as PyYAML writes them."""

from __future__ import annotations

from typing import Any

import yaml

_FAST = getattr(yaml, "CSafeLoader", None)


def load(text: str) -> Any:
    if _FAST is not None:
        try:
            return yaml.load(text, Loader=_FAST)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)
