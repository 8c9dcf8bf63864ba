"""The interpretation options of the logos ruleset (the clause each explains is in docs/rules/logos.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("team_size", 9, minimum=5, maximum=30, source="wiki", clause="LOGOS-1.2",
           name=("チーム人数", "team size"),
           reason=("「はじめてのダンゲロス・ロゴス」：各プレイヤ"
                   "ーは9人のチームを作り、そこから先発5人を選ぶ",
                   "はじめてのダンゲロス・ロゴス: each player builds a team of 9 and picks 5 starters from it")),
    Option("jinrai_scope", "team", choices=("team", "starters"), source="guess", clause="LOGOS-2.1",
           name=("《迅雷》を数える範囲", "whom 《迅雷》 is counted over"),
           reason=("先攻は対戦相手が決まった時点（先発が決まる前"
                   "）に決めるので、数えられるのはチーム全員だけ",
                   "先攻 is decided at matching time, before starters exist, so only the team can be counted")),
    Option("reaction_sum_scope", "team", choices=("team", "starters"), source="wiki", clause="LOGOS-2.2",
           name=("反応の合計の範囲", "whom the REA sum covers"),
           reason=("前身のルール（dangerous69）は反応の初期値をデッキ（チーム）全体で合計していた",
                   "the earlier ruleset (dangerous69) summed 初期値 反応 over the whole デッキ (team)")),
    Option("activation_check", "d100", choices=("d100", "always"), source="wiki", clause="LOGOS-5.1",
           name=("発動判定", "activation check"),
           reason=("スキル作成：発動する＝発動判定を行う。系列ルールでは 1d100 "
                   "≤ 発動率。'always' はダイスを振らない（判定はすべて成功）",
                   "スキル作成: 発動する = make the 発動判定; the family rule is 1d100 ≤ 発動率; "
                   "'always' skips the dice (every check succeeds)")),
    Option("roll_at_100", True, choices=(True, False), source="guess", clause="LOGOS-5.1",
           name=("発動率100%でも判定", "roll at 100%"),
           reason=("発動率100%でも振れば、引くダイスの数が発動率に"
                   "よらず決まる。false はGKがするように振らない",
                   "rolling even at 発動率 100% keeps the dice drawn independent of rates; false skips the "
                   "die as a GK would")),
    Option("failed_action_skill", "attack", choices=("attack", "nothing"), source="guess", clause="LOGOS-3.5",
           name=("アクションスキル失敗時", "after a failed action skill"),
           reason=("「戦闘ラウンドの進行」はアクションスキルを「発動できなかった"
                   "」ときにアタックする。判定の失敗を「発動しなかった」と読む（"
                   "'nothing' は失敗した判定を、アタックに代わる発動と読む）",
                   "the seed attacks when an アクション skill 'could not be activated'; a failed check is read "
                   "as not activated ('nothing' reads a failed check as 発動 that replaced the attack)")),
    Option("action_skills", "first_success", choices=("first_success", "first_eligible"), source="guess",
           clause="LOGOS-3.5",
           name=("アクションスキルの選び方", "which action skill is used"),
           reason=("アクションスキルが複数あれば、書かれた順に成功するまで試"
                   "す。'first_eligible' は条件を満たす最初の1つだけ判定する",
                   "several アクション skills: try each in listed order until one succeeds; "
                   "'first_eligible' checks only the first whose condition holds")),
    Option("attack_knocked_out_target", "skip", choices=("skip", "attack"), source="guess", clause="LOGOS-3.6",
           name=("戦闘不能の相手へのアタック", "attacking a knocked-out target"),
           reason=("（先のスキルで）すでに戦闘不能の対面の敵にはもうアタックし"
                   "ない。'attack' は判定するので、クリティカルならDPが入る",
                   "a facing enemy already 戦闘不能 (by an earlier skill) is not attacked again; 'attack' "
                   "still tests it, so a クリティカル still earns DP")),
    Option("counter_from_bench", True, choices=(True, False), source="guess", clause="LOGOS-5.4",
           name=("控えのカウンター", "counters from the bench"),
           reason=("「戦闘ラウンドの進行」は同じチーム・同じ反応のカウンターを行動順で並べ"
                   "るので、1チームの複数人が同時に発動できる：控えのカウンターも発動する",
                   "the seed orders same-team same-反応 counters by 行動順, which needs several characters "
                   "of one team to fire at once: 控え characters' counters fire too")),
    Option("ally_includes_self", True, choices=(True, False), source="guess", clause="LOGOS-5.4",
           name=("味方に自分を含む", "an ally includes oneself"),
           reason=("トリガーの「味方」は、「自身以外」と書かれていなけ"
                   "ればスキルの持ち主自身を含む（who: other_ally）",
                   "味方 in a trigger includes the skill's owner unless the text says 自身以外 (who: other_ally)")),
    Option("counter_limit", "once_per_turn", choices=("once_per_turn", "unlimited"), source="guess",
           clause="LOGOS-5.8",
           name=("カウンターの回数", "counter limit"),
           reason=("スキル作成のカウンターの既定を述べる文は途中で切れているが、おそら"
                   "く発動回数を制限している。1ターン1回なら自己誘発のループも止まる",
                   "スキル作成's cut-off sentence on カウンター defaults most likely limits how often one fires; "
                   "once per ターン also stops self-triggering loops")),
    Option("counter_chain", "depth_first", choices=("depth_first", "breadth_first"), source="guess",
           clause="LOGOS-5.8",
           name=("カウンター連鎖の順", "counter chain order"),
           reason=("カウンターの結果は、同じ時点の次のカウンタ"
                   "ーより先に処理する（手で処理するGKと同じ）",
                   "a counter's own consequences are settled before the next counter of the same moment, "
                   "as a GK processing by hand would")),
    Option("counter_chain_cap", 200, minimum=1, maximum=100000, source="guess", clause="LOGOS-5.8",
           name=("カウンター連鎖の上限", "counter chain cap"),
           reason=("これより長いカウンターの連鎖はループとみなし、処"
                   "理をエラーで止める（止まらなくなることはない）",
                   "a chain of counters longer than this is a loop: resolution stops with an error, never hangs")),
    Option("draw_triggers", True, choices=(True, False), source="guess", clause="LOGOS-3.9",
           name=("引き分けの戦闘不能で誘発", "a draw's knock-outs trigger"),
           reason=("(8)の引き分けで戦闘不能になったキャラクターも戦闘不能な"
                   "ので、［…が戦闘不能になったとき］のカウンターが発動する",
                   "characters knocked out by the (8) draw are 戦闘不能 like any other, so "
                   "[…が戦闘不能になったとき] counters fire")),
    Option("duration_count", "seed_tick", choices=("seed_tick", "full_turns"), source="seed",
           clause="LOGOS-6.2",
           name=("持続ターンの数え方", "how durations count"),
           reason=("(9)は与えられたターンの終わりにも1減らすので「1ターン」はそ"
                   "のターンで切れる。'full_turns' は与えられたターンを数えない",
                   "(9) lowers the count by one at the end of the turn it was given in, so '1ターン' ends "
                   "that turn; 'full_turns' does not count the turn it was given in")),
    Option("tick_scope", "active", choices=("active", "all"), source="seed", clause="LOGOS-6.2",
           name=("持続を数える対象", "whose durations tick"),
           reason=("(9)で残りターンを減らすのはアクティブキャラク"
                   "ターの継続効果だけ。'all' は全員の分を減らす",
                   "(9) counts down the 継続効果 of the active characters only; 'all' counts down everyone's")),
    Option("default_duration", "round", choices=("round", "one_turn"), source="guess", clause="LOGOS-6.3",
           name=("持続の既定", "default duration"),
           reason=("持続時間が書かれていない継続効果の意味はど"
                   "のページにもない：ラウンドの終わりまで続く",
                   "no page says what a 継続効果 without a written duration means; it lasts the round")),
    Option("field_stacking", "replace", choices=("replace", "stack"), source="guess", clause="LOGOS-6.4",
           name=("フィールドの重複", "field stacking"),
           reason=("戦場は1つ：新しいフィールドは前のフィールドと入れ替わる。'stack' は両方残す",
                   "there is one battlefield: a new フィールド replaces the one in place; 'stack' keeps both")),
    Option("passive_check", "none", choices=("none", "roll"), source="wiki", clause="LOGOS-5.3",
           name=("パッシブの発動判定", "passive activation check"),
           reason=("スキル作成：パッシブは開始時から常に適用さ"
                   "れる。'roll' は開始時に1回発動判定をする",
                   "スキル作成: パッシブ applies at all times from the start; 'roll' makes one 発動判定 at the start")),
    Option("passive_scope", "starters", choices=("starters", "team"), source="guess", clause="LOGOS-5.3",
           name=("パッシブの対象範囲", "whose passives apply"),
           reason=("ラウンドに参加するのは先発だけ。'team' は"
                   "チームの他のメンバーのパッシブも適用する",
                   "only starters take part in the round; 'team' also applies the passives of the other team "
                   "members")),
    Option("charge_start", "round_start", choices=("round_start", "effect_only"), source="guess",
           clause="LOGOS-7.2",
           name=("チャージ状態の開始", "when charge starts"),
           reason=("チャージに言及するスキルを持つキャラクターはチャージ状態「である」：ラウ"
                   "ンド開始時から。'effect_only' はチャージの効果でだけチャージ状態になる",
                   "a character with a skill that mentions チャージ 'is' in チャージ状態: from the start of "
                   "the round; 'effect_only' enters it only through a charge effect")),
    Option("order_gap", "keep", choices=("keep", "close"), source="seed", clause="LOGOS-8.2",
           name=("行動順の空き", "gaps in the order"),
           reason=("「戦闘ラウンドの進行」の例では、新しい位置とそれより後ろの"
                   "キャラクターだけが動く。'close' は元の位置より後ろも詰める",
                   "the seed's example moves only the characters at and after the new position; "
                   "'close' also moves up those behind the old one")),
    Option("slowest_counts_knocked_out", True, choices=(True, False), source="guess", clause="LOGOS-8.1",
           name=("最遅に戦闘不能を含む", "the slowest includes the knocked out"),
           reason=("戦闘不能のキャラクターも行動順を持ち続けるので「最も遅い行動順」に数える",
                   "戦闘不能 characters keep their 行動順, so they count for 'the slowest 行動順'")),
    # The skill kinds real teams write (LOGOS-5.12, 5.9, 6.8-6.11, 8.5)
    Option("derived_rounding", "floor", choices=("floor", "half_up"), source="guess", clause="LOGOS-6.8",
           name=("ステータス由来の値の端数", "rounding of values read from stats"),
           reason=("ステータスから読む値（自身の防御の半分など）の端数の扱いはどのページにもない"
                   "。ダンゲロスのルールは端数切り捨て。half_up は0.5を絶対値の大きい側へ丸める",
                   "no page says how a value read from a stat rounds ('half of own 防御'); ダンゲロス rules "
                   "cut fractions (端数切り捨て); 'half_up' rounds halves away from zero")),
    Option("set_stat", "override", choices=("override", "delta"), source="guess", clause="LOGOS-6.9",
           name=("ステータスを〜にする効果", "how a stat is set"),
           reason=("「防御をNにする」は効果が続く間、それまでの効果にかかわらずNと読む。delt"
                   "a はその時点の差を加えるので、先にあった効果が後で切れると値がまた動く",
                   "'make 防御 N' reads as the value being N while the effect lasts, whatever came before; "
                   "'delta' adds the difference at that moment, so earlier effects ending later move it again")),
    Option("dp_below_zero", False, choices=(True, False), source="guess", clause="LOGOS-6.10",
           name=("DPが0未満になる", "DP below zero"),
           reason=("DPは獲得した点。減らすスキルはあるだけを減らし、0未満にはしない",
                   "DP are points won; a skill that lowers them takes away what is there, never below 0")),
    Option("use_counts", "check", choices=("check", "success"), source="wiki", clause="LOGOS-5.12",
           name=("使用回数に数えるもの", "what a usage limit counts"),
           reason=("スキル作成：「発動する」は発動判定を行うこと。「1ラウンド1"
                   "回」は判定1回と数える。success は成功した判定だけを数える",
                   "スキル作成: 発動する means making the 発動判定, so 'once per round' is one check; "
                   "'success' counts only checks that succeed")),
    Option("own_knockout_fires", True, choices=(True, False), source="guess", clause="LOGOS-5.9",
           name=("自身の戦闘不能で誘発", "a counter on its owner's knock-out fires"),
           reason=("自身の戦闘不能をトリガーとするカウンター（自身を復活させる等）は、"
                   "そうしないと発動しようがない。その持ち主の他のスキルは発動しない",
                   "a counter on its owner's own 戦闘不能 (revive oneself) could never fire otherwise; the "
                   "owner's other skills stay silent")),
    Option("entered_passives", "apply", choices=("apply", "none"), source="guess", clause="LOGOS-8.5",
           name=("途中配置のパッシブ", "passives of a member placed mid-round"),
           reason=("行動順に配置されたメンバーはそれ以降戦闘に参加し、パッシブは参加"
                   "中つねに適用される。none ではパッシブはラウンド開始時の分だけ",
                   "a member placed into the 行動順 takes part from then on, and パッシブ apply at all times "
                   "while a character takes part; 'none' keeps passives to the round's start")),
    Option("turn_cap", 50, minimum=1, maximum=1000, source="guess", clause="LOGOS-3.11",
           name=("ターン上限", "turn cap"),
           reason=("毎ターン少なくとも1人の先発が戦闘不能になるので、ラウンドは"
                   "50よりずっと前に終わる。上限は安全策で、達すると引き分け",
                   "every ターン knocks out at least one starter, so a round ends well before 50; the cap is "
                   "a safety net and ends the round as a draw")),
])
