"""The interpretation options of the nicosw ruleset (the clause each explains is in docs/rules/nicosw.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("map_model", "line", choices=("line", "grid"), source="seed", clause="NICOSW-1.5",
           reason="the seed manages distance only (距離だけを管理し、横の動きは管理しない); 'grid' is a 2-D map"),
    Option("auto_results", True, choices=(True, False), source="research", clause="NICOSW-3.1",
           reason="Sword World 2.0: a 6-6 always succeeds and a 1-1 always fails"),
    Option("auto_in_opposed", True, choices=(True, False), source="research", clause="NICOSW-3.2",
           reason="Sword World 2.0: the automatic results hold in opposed checks too; equal pairs: defender"),
    Option("duration_side", "user", choices=("user", "bearer"), source="guess", clause="NICOSW-3.5",
           reason="the seed's example counts a 1R effect from its user's 表; the user's side owns the effect"),
    Option("periodic_side", "bearer", choices=("bearer", "user"), source="guess", clause="NICOSW-3.5",
           reason="continuous damage and healing happen to the bearer, at the start of the bearer's half"),
    Option("continuous_order", "tick_then_expire", choices=("tick_then_expire", "expire_then_tick"),
           source="guess", clause="NICOSW-3.5",
           reason="a continuous effect of 1R acts once, at the half start where it ends"),
    Option("round_cap", 30, minimum=1, maximum=1000, source="guess", clause="NICOSW-3.8",
           reason="a safety net: an undecided battle ends as a draw after this many rounds"),
    Option("retreat_target", "levels", choices=("levels", "opposed"), source="guess", clause="NICOSW-4.5",
           reason="the seed names 退却判定 but not its target; highest engaging level + 7 mirrors the escape rule"),
    Option("retreat_suppresses_aoo", False, choices=(False, True), source="guess", clause="NICOSW-4.6",
           reason="the seed states 退却判定 and 機会攻撃 separately; 警戒移動 is the safe way out"),
    Option("cover_parts", "actor", choices=("actor", "target"), source="guess", clause="NICOSW-6.5",
           reason="自分の部位数 in the seed reads most naturally as the acting character's parts"),
    Option("division_rounding", "down", choices=("down", "up"), source="guess", clause="NICOSW-7.1",
           reason="the seed does not say how a division rounds; down keeps damage from growing"),
    Option("prone_penalty", -2, minimum=-10, maximum=0, source="research", clause="NICOSW-8.1",
           reason="Sword World 2.0: a 転倒 character's checks take -2 (0: the seed's 1D6 rule only)"),
    Option("prone_no_move", True, choices=(True, False), source="research", clause="NICOSW-8.1",
           reason="Sword World 2.0: a 転倒 character must stand up before it moves"),
    Option("repeat_death_check", True, choices=(True, False), source="research", clause="NICOSW-8.2",
           reason="Sword World 2.0: every further damage at HP 0 or less makes a new 生死判定"),
    Option("bodies", "occupy", choices=("occupy", "vanish"), source="guess", clause="NICOSW-8.3",
           reason="a fallen character still lies on its square; 'vanish' frees it"),
    Option("offmap_counts_down", True, choices=(True, False), source="guess", clause="NICOSW-9.3",
           reason="a character that has left the battle no longer fights for its side"),
    Option("reenter_edge", "own", choices=("own", "any"), source="guess", clause="NICOSW-9.4",
           reason="マップ端 read as the end a character left through most often: its own side's end"),
])
