"""The Wilson score interval of a sampled proportion: ``dhproc simulate``'s figures and the
sampling fallback of the odds read it the same way (honest near 0 and 1, unlike Wald's)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95 % normal quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """The proportion k/n and its Wilson score interval (95 % unless ``z`` says otherwise)."""
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)
