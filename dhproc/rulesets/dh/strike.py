"""One normal-attack hit (DH-4.2, DH-4.3): 命中判定 and 攻撃力 − 防御力 damage on current stats.

Used by the 動作 通常攻撃 and by abilities whose effect is a normal attack (DH-11.13), so the hit
rate, the option ``hit_mode`` and the damage floor are one piece of code.
"""

from __future__ import annotations

from ...engine.context import TurnContext
from . import harm
from .rolls import attack_damage, hit_rate, succeeds
from .model import Character, DhState
from .status import stat
from .support import Support, roll_rate, spend


def strike(state: DhState, ctx: TurnContext, a: Character, t: Character, *, ability: str | None = None,
           triggers: bool = True, silent: bool = False, gruesome: bool = False, support: Support | None = None) -> None:
    """``a`` attacks ``t``. ``ability`` names the ability making the attack (its death is an
    ability kill); ``triggers`` says whether it counts as an attack for counters; ``support`` is
    the 応援ボーナス its 行動 spends on the 命中判定 (DH-15)."""
    attacked = None
    if triggers:
        # 先手 counters act before the 命中判定 (DH-8.17); the attack is off if they end it, and
        # what they did (a forced move of the target) the attack's trigger says, made anew
        attacked = harm.Trigger("attacked", a.id, t.id, t.at, silent)
        if harm.forestall(state, ctx, attacked):
            attacked = harm.Trigger("attacked", a.id, t.id, t.at, silent)
        if a.dead or not a.on_map or t.dead or not t.on_map or state.outcome is not None:
            ctx.emit("cancel", actor=a.id, scope="strike", target=t.id, reason="countered")
            return
    changed = state.effects.lookup  # most characters bear no 一時上昇/下降: their stats are as written
    atk = stat(state, a, "attack") if changed((a.id, "stat_change")) else max(0, a.attack)
    dfn = stat(state, t, "defense") if changed((t.id, "stat_change")) else max(0, t.defense)
    formula = hit_rate(atk, dfn)
    mode = ctx.options["hit_mode"]
    face = None
    rated = None
    if mode == "sure":  # no 命中判定, so nothing for a bonus to raise
        hit, rate = True, formula
    else:
        # a 命中判定 takes no rate change (DH-11.20 changes 発動率 and 成功率): without a bonus
        # (DH-15) its rate is the formula's as it stands
        rated = roll_rate(state, ctx, a, "hit_check", formula, support) if support is not None else None
        rate = rated.value if rated is not None else formula
        face = ctx.roll(100, "hit_check", actor=a.id, target=t.id, rate=rate)
        hit = succeeds(face, rate)
    damage = attack_damage(atk, dfn, hit, mode)
    event = {"seq": None, "kind": "attack", "actor": a.id, "target": t.id, "attack": atk, "defense": dfn,
             "hit_rate": rate, "face": face, "hit": hit, "mode": mode}
    if ability is not None:
        event["ability"] = ability
    if rated is not None and rated.bonus:
        event.update(base_rate=formula, bonus=rated.bonus)
    ctx.record(event)
    if rated is not None:  # a bonus declared: it may be spent
        spend(state, ctx, a, "hit_check", rated, face, support)
    if triggers:
        state.pending.append(attacked)
        if hit:
            state.pending.append(harm.Trigger("hit", a.id, t.id, t.at, silent))
    if damage and ctx.options["reduction_covers_attacks"]:
        damage = harm.reduced(state, ctx, t, "hp", damage)  # ステータスダメージ軽減 (DH-11.14)
    if damage:
        harm.damage(state, ctx, t, damage, killer=a, cause="attack" if ability is None else "ability",
                    gruesome=gruesome, silent=silent)
