"""The interpretation options of the nicosw ruleset (the clause each explains is in docs/rules/nicosw.md)."""

from __future__ import annotations

from typing import Any

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("map_model", "line", choices=("line", "grid"), source="seed", clause="NICOSW-1.5",
           name=("マップの形", "map model"),
           reason=("元ルールは距離だけを管理し、横の動きは管理しない。grid は2次元のマップ",
                   "the seed manages distance only (距離だけを管理し、横の動きは管理しない); 'grid' is a 2-D map")),
    Option("auto_results", True, choices=(True, False), source="research", clause="NICOSW-3.1",
           name=("自動成功・自動失敗", "automatic success and failure"),
           reason=("ソード・ワールド2.0：6ゾロは自動成功、1ゾロは自動失敗",
                   "Sword World 2.0: a 6-6 always succeeds and a 1-1 always fails")),
    Option("auto_in_opposed", True, choices=(True, False), source="research", clause="NICOSW-3.2",
           name=("対抗判定での自動成功・自動失敗", "automatic results in opposed checks"),
           reason=("ソード・ワールド2.0：対抗判定でも自動成功・自動失敗が効く。同じ出目なら防御側",
                   "Sword World 2.0: the automatic results hold in opposed checks too; equal pairs: defender")),
    Option("duration_side", "user", choices=("user", "bearer"), source="guess", clause="NICOSW-3.5",
           name=("効果時間を数える陣営", "side that counts durations"),
           reason=("元ルールの例は1Rの効果を使用者の表から数える。効果は使用者の陣営のもの",
                   "the seed's example counts a 1R effect from its user's 表; the user's side owns the effect")),
    Option("periodic_side", "bearer", choices=("bearer", "user"), source="guess", clause="NICOSW-3.5",
           name=("継続ダメージ・回復の処理陣営", "side of continuous damage and healing"),
           reason=("継続ダメージ・回復は受ける者に起きるので、"
                   "受ける者の陣営のラウンド開始時に処理する",
                   "continuous damage and healing happen to the bearer, at the start of the bearer's half")),
    Option("continuous_order", "tick_then_expire", choices=("tick_then_expire", "expire_then_tick"),
           source="guess", clause="NICOSW-3.5",
           name=("継続効果の処理順", "order of continuous effects"),
           reason=("効果時間1Rの継続効果は、終わるラウンド開始時に一度だけ効く",
                   "a continuous effect of 1R acts once, at the half start where it ends")),
    Option("round_cap", 30, minimum=1, maximum=1000, source="guess", clause="NICOSW-3.8",
           name=("ラウンドの上限", "round cap"),
           reason=("安全装置：決着のつかない戦闘はこのラウンド数で引き分けとする",
                   "a safety net: an undecided battle ends as a draw after this many rounds")),
    Option("retreat_target", "levels", choices=("levels", "opposed"), source="guess", clause="NICOSW-4.5",
           name=("退却判定の目標値", "退却判定 target"),
           reason=("元ルールは退却判定の目標値を書いていない。接敵"
                   "している敵の最高レベル＋7は離脱のルールに倣う",
                   "the seed names 退却判定 but not its target; highest engaging level + 7 mirrors the escape rule")),
    Option("retreat_suppresses_aoo", False, choices=(False, True), source="guess", clause="NICOSW-4.6",
           name=("退却判定成功で機会攻撃なし", "a successful 退却判定 spares 機会攻撃"),
           reason=("元ルールは退却判定と機会攻撃を別々に書いている。安全に離れるには警戒移動",
                   "the seed states 退却判定 and 機会攻撃 separately; 警戒移動 is the safe way out")),
    Option("engaged_full_move", "retreat", choices=("retreat", "opportunity_only"), source="seed",
           clause="NICOSW-4.8",
           name=("接敵中の全力移動", "全力移動 while engaged"),
           reason=("接敵中の移動には主動作の退却判定が要るので、接敵中は全力移動（主動作）ができ"
                   "ない。opportunity_only なら主動作の一覧どおり全力移動は機会攻撃を受けるだけ",
                   "接敵 asks a 退却判定 (主動作) before any move, so an engaged character has no 主動作 left for 全力移動; "
                   "'opportunity_only': the 主動作 list's 全力移動 takes only the 機会攻撃")),
    Option("cover_parts", "actor", choices=("actor", "target"), source="guess", clause="NICOSW-6.5",
           name=("遮蔽の部位数比較", "parts compared for cover"),
           reason=("元ルールの「自分の部位数」は行動するキャラクターの部位数と読むのが自然",
                   "自分の部位数 in the seed reads most naturally as the acting character's parts")),
    Option("division_rounding", "down", choices=("down", "up"), source="guess", clause="NICOSW-7.1",
           name=("割り算の端数", "division rounding"),
           reason=("元ルールは割り算の端数を書いていない。切り捨てならダメージが増えない",
                   "the seed does not say how a division rounds; down keeps damage from growing")),
    Option("rounding_point", "step", choices=("step", "division"), source="research", clause="NICOSW-7.1",
           name=("端数を丸める時点", "when a division rounds"),
           reason=("研究ノートは端数を4つの段階それぞれの終わりに一度だけ丸める"
                   "（7÷3×3 = 7）。division なら割るたびに丸める（⌊7÷3⌋×3 = 6）",
                   "the research rounds once at the end of each of the four steps (7÷3×3 = 7); "
                   "'division' rounds at each division (⌊7÷3⌋×3 = 6)")),
    Option("prone_penalty", -2, minimum=-10, maximum=0, source="research", clause="NICOSW-8.1",
           name=("転倒中の判定修正", "check modifier while 転倒"),
           reason=("ソード・ワールド2.0：転倒中の判定は−2（0なら元ルールの1D6だけ）",
                   "Sword World 2.0: a 転倒 character's checks take -2 (0: the seed's 1D6 rule only)")),
    Option("prone_no_move", True, choices=(True, False), source="research", clause="NICOSW-8.1",
           name=("転倒中は移動不可", "no movement while 転倒"),
           reason=("ソード・ワールド2.0：転倒したキャラクターは起き上がるまで移動できない",
                   "Sword World 2.0: a 転倒 character must stand up before it moves")),
    Option("repeat_death_check", True, choices=(True, False), source="research", clause="NICOSW-8.2",
           name=("生死判定の再判定", "repeated 生死判定"),
           reason=("ソード・ワールド2.0：HP0以下でさらにダメージを受けるたびに生死判定を行う",
                   "Sword World 2.0: every further damage at HP 0 or less makes a new 生死判定")),
    Option("bodies", "occupy", choices=("occupy", "vanish"), source="guess", clause="NICOSW-8.3",
           name=("倒れたキャラクターのマス", "squares of fallen characters"),
           reason=("倒れたキャラクターはそのマスに横たわったまま。vanish ならマスが空く",
                   "a fallen character still lies on its square; 'vanish' frees it")),
    Option("offmap_counts_down", True, choices=(True, False), source="guess", clause="NICOSW-9.3",
           name=("マップ外は倒れた扱い", "off the map counts as down"),
           reason=("戦闘から離脱したキャラクターはもう陣営のために戦わない",
                   "a character that has left the battle no longer fights for its side")),
    Option("reenter_edge", "own", choices=("own", "any"), source="guess", clause="NICOSW-9.4",
           name=("再登場するマップ端", "edge of re-entry"),
           reason=("マップ端は、出ていったことの多い自陣営側の端と読む",
                   "マップ端 read as the end a character left through most often: its own side's end")),
])


# Read only by a damage with a division (NICOSW-7.1): a log of a match without one leaves it out.
DIVISION_OPTIONS = ("rounding_point",)


def divides(value: Any) -> bool:
    """Whether a setup holds a damage operation ``op: div`` anywhere (weapons, skills, lasting effects)."""
    if isinstance(value, dict):
        return value.get("op") == "div" or any(divides(v) for v in value.values())
    if isinstance(value, list):
        return any(divides(v) for v in value)
    return False
