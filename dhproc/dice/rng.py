"""``dhproc-rng/1``: the pseudo-random generator every seeded die comes from.

Specified in DESIGN.md §4 so that any language can reproduce a match:

* PCG32 (PCG-XSH-RR 64/32), O'Neill's ``pcg32_random_r``, seeded exactly as
  ``pcg32_srandom_r(initstate, initseq)``;
* one stream per (seed, turn, step):
  ``d = SHA-256(UTF-8 "dhproc-rng/1\\0{seed}\\0{turn}\\0{step}")``,
  ``initstate = u64le(d[0:8])``, ``initseq = u64le(d[8:16])``;
* ``below(n)`` is ``pcg32_boundedrand_r``: threshold ``(2^32 - n) mod n``, redraw below it.

Python's ``random`` is never used: CPython does not promise its streams across versions.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

# CPython's own SHA-256 gives hashlib's digest without loading OpenSSL's binding, which costs
# every seeded roll and resolve some 4 ms of start-up (docs/performance.md).
try:
    from _sha256 import sha256  # CPython 3.10, 3.11
except ImportError:
    try:
        from _sha2 import sha256  # CPython 3.12 and later
    except ImportError:
        from hashlib import sha256

RNG_NAME = "dhproc-rng/1"

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1

T = TypeVar("T")


class PCG32:
    """PCG-XSH-RR with 64-bit state and 32-bit output."""

    __slots__ = ("state", "inc")

    def __init__(self, initstate: int, initseq: int):
        self.state = 0
        self.inc = ((initseq << 1) | 1) & _MASK64
        self.next_u32()
        self.state = (self.state + initstate) & _MASK64
        self.next_u32()

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound-1`` without modulo bias."""
        if not 1 <= bound <= 1 << 32:
            raise ValueError(f"bound {bound} outside 1..2^32")
        threshold = ((1 << 32) - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound

    def die(self, sides: int) -> int:
        """``below(sides) + 1``: the face of a seeded die. The step of ``next_u32`` is written out
        here, so that a die is one call (a match draws hundreds; tests/unit/test_rng.py holds the
        two to the same faces)."""
        if not 1 <= sides <= 1 << 32:
            raise ValueError(f"bound {sides} outside 1..2^32")
        threshold = ((1 << 32) - sides) % sides
        while True:
            old = self.state
            self.state = (old * _MULT + self.inc) & _MASK64
            xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32
            if r >= threshold:
                return r % sides + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates from the top, as the spec fixes it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def stream_key(seed: int | str, turn: int | str, step: int | str) -> bytes:
    return f"{RNG_NAME}\0{seed}\0{turn}\0{step}".encode("utf-8")


def stream_seeds(seed: int | str, turn: int | str, step: int | str) -> tuple[int, int]:
    digest = sha256(stream_key(seed, turn, step)).digest()
    return int.from_bytes(digest[0:8], "little"), int.from_bytes(digest[8:16], "little")


def stream(seed: int | str, turn: int | str, step: int | str) -> PCG32:
    """The generator for one submission unit of one turn of one match."""
    return PCG32(*stream_seeds(seed, turn, step))
