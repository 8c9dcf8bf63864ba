"""Synthetic matches the benchmark resolves: dh battles of any size and length."""

from __future__ import annotations

from dhproc.rulesets.dh.model import ROW_LABELS, col_label

COUNTER = ("{name: 反撃, style: counter, activation: 80, duration: 100, targets: {side: enemy},"
           " counter: {when: attacked_by_enemy}, effects: [{kind: damage, amount: 1}]}")
PASSIVE = ("{name: 闘気, style: passive, type: granted, activation: 90, duration: 100,"
           " targets: {side: self}, effects: [{kind: stat_change, stat: attack, amount: 1}]}")


def dh_battle(per_side: int, turns: int, *, attack: int = 8, defense: int = 8, seed: int = 1) -> str:
    """``per_side`` characters a side in facing pairs, one counter and one passive per four
    characters, every character attacking its opposite every turn: on turn 1 each 赤 character
    steps onto its opposite's square and attacks it (counter holders arm instead), and from then
    on each pair fights on the square it shares. 体力 999, so nobody falls within 1,000 turns at
    the default 命中率 of 50%."""
    chars = []
    for i in range(per_side):
        ability = COUNTER if i % 4 == 1 else PASSIVE if i % 4 == 3 else None
        extra = f", ability: {ability}" if ability else ""
        for side in "rb":
            chars.append(f"    {side}{i}: {{name: {side}{i}, side: {side}, attack: {attack}, defense: {defense},"
                         f" hp: 999, spirit: 5, fs: 5, at: {_square(i, side)}{extra}}}")
    lines = [f"  - {{turn: {t}, submissions: {{r: [{_acts(per_side, t, 'r')}], b: [{_acts(per_side, t, 'b')}]}}}}"
             for t in range(1, turns + 1)]
    blocks = (per_side + 25) // 26
    return (f"dhproc: 1\nruleset: dh\nseed: {seed}\nsetup:\n  first: r\n  turn_limit: {turns}\n"
            "  sides: {r: {name: 赤}, b: {name: 青}}\n"
            f"  map: {{rows: {min(26, per_side)}, cols: {3 * blocks - 1}}}\n  characters:\n"
            + "\n".join(chars) + "\nturns:\n" + "\n".join(lines) + "\n")


def _square(i: int, side: str) -> str:
    row, block = i % 26, i // 26
    return ROW_LABELS[row] + col_label(3 * block + (0 if side == "r" else 1))


def _acts(per_side: int, turn: int, side: str) -> str:
    foe = "b" if side == "r" else "r"
    acts = []
    for i in range(per_side):
        step = f", to: {_square(i, 'b')}" if side == "r" and turn == 1 else ""
        what = "ability: {}" if turn == 1 and i % 4 == 1 else f"attack: {foe}{i}"
        acts.append(f"{{who: {side}{i}{step}, {what}}}")
    return ", ".join(acts)
