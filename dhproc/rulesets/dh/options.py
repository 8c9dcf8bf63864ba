"""The interpretation options of the dh ruleset (the clause each explains is in docs/rules/dh.md)."""

from __future__ import annotations

from ...engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("blocked_destination", "cancel", choices=("cancel", "stop_at_blocker"), source="seed",
           clause="DH-3.5",
           name=("ZoC越しの移動先", "destination only reachable through ZoC"),
           reason=("ZoCで止まる経路でしか行けない移動先は「移動できないマス」であり、シードは"
                   "その行動をキャンセルする。2009年の原型ルールでは妨害者のマスで停止する",
                   "a destination only a ZoC-stopped route reaches is a square the character cannot move "
                   "to, which the seed cancels; the 2009 ancestor rules stop the mover on the blocker")),
    Option("dead_exert_zoc", False, choices=(False, True), source="guess", clause="DH-3.3",
           name=("死者のZoC", "the dead exert ZoC"),
           reason=("死体が移動を止めるとする資料はない。死亡キャラは対象にもならない",
                   "no source says a corpse blocks; dead characters are not targets either")),
    Option("placement_columns", "off", choices=("off", "first_left", "first_right"), source="wiki",
           clause="DH-1.7",
           name=("初期配置の列", "starting columns"),
           reason=("2.1のスタメンは各陣営のスタメンをMAP端の2列に配置する。キ"
                   "ャンペーンは独自のMAPと配置範囲を描くので既定では調べない",
                   "2.1 スタメン places each side's starters in the two columns at its edge of the MAP; off "
                   "by default, as campaigns draw their own maps and zones")),
    Option("dying_rule", "no_move", choices=("no_move", "none"), source="wiki", clause="DH-3.6",
           name=("瀕死の移動", "dying characters' movement"),
           reason=("2.1 ステータス：体力1は瀕死で移動できない"
                   "。この規定を使わないキャンペーンもある",
                   "2.1 ステータス: 体力1 is 瀕死 and cannot move; some campaigns drop the rule")),
    Option("roll_at_100", False, choices=(False, True), source="guess", clause="DH-7.2",
           name=("成功率100%での判定", "roll at 100%"),
           reason=("発動率・成功率が100%以上なら失敗しないので、卓で振る"
                   "GKはダイスを省く。trueならlogosの既定と同じく振る",
                   "a 発動率 or 成功率 of 100% or more cannot fail, so a GK rolling at the table skips the die; "
                   "true draws it anyway, as logos does by default")),
    Option("hit_mode", "roll", choices=("roll", "half_sure", "sure"), source="seed", clause="DH-4.4",
           name=("命中方式", "hit mode"),
           reason=("シードは命中判定を振る。2.1の選択ルールに半必中"
                   "（外れても1ダメージ）と必中（常に命中）がある",
                   "the seed rolls 命中判定; 2.1 選択ルール offers 半必中 (a miss deals 1) and 必中 (always hits)")),
    Option("first_player_penalty", False, choices=(False, True), source="wiki", clause="DH-4.5",
           name=("先手ペナルティ", "first-player penalty"),
           reason=("先手ペナルティは2.1の選択ルール。有効なら"
                   "先攻側は1ターン目に敵へ通常攻撃できない",
                   "先手ペナルティ is an optional 2.1 rule; when on, the 先攻 side may not normal-attack "
                   "enemies in turn 1")),
    Option("mental_loss_area", "around1", choices=("around1", "same_square", "orthogonal1", "whole_side"),
           source="guess", clause="DH-5.2",
           name=("精神減少の範囲", "spirit loss area"),
           reason=("2.1は「近くの」味方が精神を失うとするが、範囲は読め"
                   "ないページにある。周囲1（3×3）が最も近い範囲の言葉",
                   "2.1 says allies 'nearby' lose 精神; the exact area is on an unreadable page; 周囲1 "
                   "(the 3×3 block) is the closest range word")),
    Option("leader_dp", 2, minimum=1, maximum=10, source="wiki", clause="DH-5.3",
           name=("リーダー撃破のDP", "DP for a dead leader"),
           reason=("2.1 スタメン：リーダーの死亡で得るDPは1ではなく2",
                   "2.1 スタメン: a dead leader yields 2 DP instead of 1")),
    Option("leader_kill_multiplier", 2, minimum=1, maximum=4, source="wiki", clause="DH-5.3",
           name=("リーダーによる撃破のDP倍率", "DP multiplier for a leader's kill"),
           reason=("2.1 スタメン：リーダーが直接敵を倒して得るDPは2倍",
                   "2.1 スタメン: DP a leader earns by a direct kill of an enemy is doubled")),
    Option("wipeout_scope", "on_map", choices=("on_map", "starters", "roster"), source="wiki",
           clause="DH-6.1",
           name=("全滅の判定範囲", "wipe-out counts"),
           reason=("2.1の勝利条件「相手陣営の全滅」を、MAPに出たことのある全キャラと"
                   "読む。多くのキャンペーンはスタメンの全滅。rosterは控えも数える",
                   "2.1 wins on 相手陣営の全滅, read as every character that has been on the MAP; many "
                   "campaigns use スタメンの全滅; roster also counts the bench")),
    Option("wipeout_check", "immediate", choices=("immediate", "phase_end", "turn_end"), source="guess",
           clause="DH-6.2",
           name=("全滅判定の時点", "when wipe-out is checked"),
           reason=("全滅をいつ判定するかを述べる資料はない。死亡"
                   "のたびに判定すれば決着した時点で試合が終わる",
                   "no source says when a wipe-out is checked; checking after every death ends the match "
                   "as soon as it is decided")),
    Option("simultaneous_wipeout", "draw", choices=("draw", "dp"), source="guess", clause="DH-6.3",
           name=("同時全滅", "simultaneous wipe-out"),
           reason=("両陣営の同時全滅を扱う資料はない",
                   "no source covers both sides wiped out at once")),
    Option("dp_tie", "draw", choices=("draw", "first", "second"), source="guess", clause="DH-6.4",
           name=("DP同点", "equal DP"),
           reason=("最終ターン後のDP同点を扱う資料はない。引き分けにしてGKに委ねる",
                   "no source covers equal DP after the last turn; a draw leaves it to the GK")),
    # 特殊能力 (DH-8 .. DH-11)
    Option("activation_per_effect", True, choices=(True, False), source="seed", clause="DH-8.2",
           name=("効果ごとの発動判定", "activation check per effect"),
           reason=("シードは発動処理（発動判定を含む）を効果ごとに"
                   "行う。能力ごとに1回だけ発動判定するGKも多い",
                   "the seed runs the whole 発動処理 (発動判定 included) per effect; many GKs roll 発動 once "
                   "per ability")),
    Option("mental_table", "standard", choices=("standard", "campaign"), source="wiki", clause="DH-8.8",
           name=("精神攻撃の成功率表", "mental attack success table"),
           reason=("2.1：精神3以上0%、2で25%、1で50%、0で100%。3で25%"
                   "、2で50%、1で75%、0で100%とするキャンペーンもある",
                   "2.1: 精神 3+ 0%, 2 25%, 1 50%, 0 100%; several campaigns use 3 25%, 2 50%, 1 75%, 0 100%")),
    Option("counter_order", "setup_order", choices=("setup_order", "opponent_first"), source="guess",
           clause="DH-8.7",
           name=("カウンターの処理順", "counter order"),
           reason=("同時に誘発したカウンターの順を定める資料はない。セットアップの順なら明示的",
                   "no source orders counters triggered at the same moment; the setup order is explicit")),
    Option("trigger_limit", 100, minimum=1, maximum=10000, source="guess", clause="DH-8.7",
           name=("誘発の上限回数", "trigger limit"),
           reason=("互いに誘発し合うカウンターは無限に続けず、エラーで止める必要がある",
                   "counters triggering each other must stop with an error, never loop")),
    Option("counter_default_turns", 1, minimum=1, maximum=100, source="guess", clause="DH-8.6",
           name=("カウンター待受の既定ターン数", "counter waiting turns by default"),
           reason=("時間の書かれていないカウンターも何かを待つ必要がある。"
                   "1ターン（次の自軍フェイズ直前まで）が発動しうる最短",
                   "a counter written without a duration must wait for something; one turn (until just "
                   "before its side's next phase) is the shortest that can ever fire")),
    Option("field_needs_targets", True, choices=(True, False), source="seed", clause="DH-8.9",
           name=("フィールドの対象要否", "a field needs targets"),
           reason=("2.1は空撃ち可能でない限り対象のない能力をキ"
                   "ャンセルする。2.0はフィールドを例外とした",
                   "2.1 cancels an ability with no target unless 空撃ち可能; 2.0 exempted fields")),
    Option("passive_costs", True, choices=(True, False), source="seed", clause="DH-8.10",
           name=("パッシブの制約", "passive costs"),
           reason=("シードはパッシブの自動使用をアクティブと同じ手順（制約を含む）で行う",
                   "the seed runs a passive's automatic use as an active one, 制約 included")),
    Option("passive_rest", False, choices=(False, True), source="wiki", clause="DH-8.10",
           name=("パッシブの能力休み", "passive ability rest"),
           reason=("特殊能力ガイドライン：自動使用では能力休みにならない",
                   "特殊能力ガイドライン: the automatic use causes no 能力休み")),
    Option("radius_walls", "block", choices=("block", "ignore"), source="wiki", clause="DH-9.1",
           name=("半径範囲と壁", "walls in a radius range"),
           reason=("2.1の範囲のページの写しで食い違う：一方では壁が半径を遮り、他方では遮らない",
                   "copies of the 2.1 range page disagree: walls block 半径 in one, not in the other")),
    Option("around_walls", "block", choices=("block", "ignore"), source="wiki", clause="DH-9.1",
           name=("周囲範囲と壁", "walls in an around range"),
           reason=("2.1の範囲のページの写しで食い違う：壁が周"
                   "囲を遮る（隙間からは届く）か、遮らないか",
                   "copies of the 2.1 range page disagree: walls block 周囲 (gaps let it through) or not")),
    Option("ally_includes_self", False, choices=(False, True), source="guess", clause="DH-9.2",
           name=("味方に自分を含む", "an ally includes oneself"),
           reason=("味方は使用者の仲間と読む。自分と任意は使用者を含む別の選択肢",
                   "味方 is read as the user's allies; 自分 and 任意 are separate choices that include the user")),
    Option("rest_rule", "no_action", choices=("no_action", "no_ability"), source="guess", clause="DH-10.1",
           name=("能力休みの制限", "what ability rest forbids"),
           reason=("2.1は使用後に1回休みとするが、休み中に移"
                   "動・攻撃できるかは読めないページにある",
                   "2.1 says 能力休み is one rest after a use; whether the resting character may still move "
                   "and attack is on an unreadable page")),
    Option("phase_start_order", "expire_grant_field", choices=("expire_grant_field", "expire_field_grant"),
           source="guess", clause="DH-10.3",
           name=("フェイズ開始時の処理順", "phase start order"),
           reason=("フェイズ開始時の処理順は読めないページにある。時間切れの終了が先なのは確か",
                   "the order of the phase-start steps is on an unreadable page; expiry first is certain")),
    Option("heal_cap", "initial", choices=("initial", "none"), source="guess", clause="DH-11.2",
           name=("回復の上限", "healing cap"),
           reason=("回復の上限を定める資料はない。初期値までとするのが一般的な読み",
                   "no source caps healing; the initial value is the common reading")),
    Option("summon_extra_turn", True, choices=(True, False), source="wiki", clause="DH-11.8",
           name=("召喚体の登場ターンの行動", "a summon acts on arrival"),
           reason=("2.0：召喚の時間は1ターン長く数える",
                   "2.0: a summon's duration counts one turn more")),
    Option("forced_move_zoc", False, choices=(False, True), source="guess", clause="DH-11.10",
           name=("強制移動とZoC", "forced moves and ZoC"),
           reason=("ZoCはキャラ自身の移動の規則であり、強制移動に適用する資料はない",
                   "ZoC is a rule of a character's own 移動; no source applies it to 強制移動")),
    Option("forced_push_blocked", "stop", choices=("stop", "cancel"), source="guess", clause="DH-11.10",
           name=("押し出しが壁・MAP端に当たった時", "a straight push meets a wall or the edge"),
           reason=("一直線の押し出しが壁やMAP端に当たった時の資料はない。押された"
                   "駒のように行ける所まで進む。cancelでは対象は元の位置に留まる",
                   "no source says what a straight push does at a wall or the MAP's edge; it goes as far as "
                   "it can, as a pushed piece does; cancel leaves the target where it was")),
    Option("forced_away_choice", "submission", choices=("submission", "cancel"), source="guess",
           clause="DH-11.10",
           name=("押し出し方向が一つに決まらない時", "a push away with more than one direction"),
           reason=("使用者から離れる方向が一つに決まるのは使用者と同じ列"
                   "・行にいる対象だけ。それ以外は離れる方向のうち使用者"
                   "が指定したものを取る（cancelでは押し出しは起きない）",
                   "away from the user is one direction only for a target in line with it; otherwise the "
                   "user names one of the directions leading away, or (cancel) the push does not happen")),
    Option("barricade_blocks_ranges", False, choices=(False, True), source="guess", clause="DH-11.17",
           name=("バリケードが範囲を遮るか", "barricades block ranges"),
           reason=("バリケードは壁とは別の、移動を妨げる障害物として名"
                   "前が挙がる。壁のように範囲を遮るとする資料はない",
                   "a barricade is named apart from 壁 as an obstacle to movement; no source says it stops "
                   "an ability's range as a wall does")),
    Option("zoc_ignore_fields", True, choices=(True, False), source="guess", clause="DH-11.18",
           name=("ZoC無視がZoCフィールドにも効くか", "ZoC無視 also ignores ZoC fields"),
           reason=("ZoCフィールドはZoCと同じく移動を止めるので、ZoC無視"
                   "はそれも無視する。falseでは敵のZoCだけを無視する",
                   "a ZoC field stops moves as ZoC does, so ZoC無視 passes it too; false lets only the "
                   "enemies' ZoC be ignored")),
    Option("ability_attack_is_attack", True, choices=(True, False), source="guess", clause="DH-11.13",
           name=("特殊攻撃を通常攻撃として扱う", "an ability's normal attack counts as an attack"),
           reason=("能力による通常攻撃も動作の攻撃と同じく攻撃なので、攻撃・命中を"
                   "待つカウンターが反応する。falseでは能力の使用としてだけ扱う",
                   "an ability's normal attack is an attack like the 動作, so counters waiting for an "
                   "attack or a hit see it; false treats it only as the ability use it also is")),
    Option("reduction_covers_attacks", False, choices=(False, True), source="guess", clause="DH-11.14",
           name=("ダメージ軽減を通常攻撃にも適用", "damage reduction covers normal attacks"),
           reason=("ステータスダメージ軽減は効果「ステータスダメージ」の名を持つ。通常"
                   "攻撃のダメージは防御力で既に減っており、軽減が及ぶとする資料はない",
                   "ステータスダメージ軽減 is named for the effect ステータスダメージ; a normal attack's damage is "
                   "already lowered by 防御力, and no source says the reduction applies to it too")),
    Option("ability_seal", "all", choices=("all", "action_only"), source="guess", clause="DH-11.15",
           name=("特殊能力封印の範囲", "what an ability seal stops"),
           reason=("ガイドラインの封印系の項目は読めない。封印された能力はどう"
                   "働く場合も封じられると読む（待受中のカウンター、フィールド"
                   "の再判定）。action_onlyは動作としての使用だけを封じる",
                   "the 封印系 entries of the guideline are unreadable; a sealed ability is read as sealed "
                   "however it would act (its waiting counter, its field's re-rolls); action_only seals "
                   "only its use as the 動作")),
    Option("timed_hp", "per_phase", choices=("per_phase", "temporary"), source="wiki", clause="DH-10.6",
           name=("体力の一時変化", "a timed 体力 change"),
           reason=("体力はダメージと回復（どちらも単発）でしか変わらない。時間つきの単発"
                   "効果は自軍フェイズ開始ごとに再び適用される（効果について）ので再生・"
                   "毒になる。temporaryはステータス一時上昇/下降と読み、終了時に戻す",
                   "体力 changes only by damage and healing, which are 単発; a 単発 effect with a duration "
                   "applies again at each own phase start (効果について), which gives 再生 and 毒; temporary "
                   "reads it as ステータス一時上昇/下降, taken back when it ends")),
    Option("swap_end", "exchange", choices=("exchange", "restore"), source="guess", clause="DH-11.21",
           name=("ステータス入れ替えの終了時", "the end of a stat swap"),
           reason=("ステータス入れ替えを書いた資料はキャラシート一枚で、時間中2つの値"
                   "が入れ替わるとしか言わない。exchangeは終了時に今の値をそのまま入れ"
                   "替え直すので、ダメージは受けた値について行く。restoreは各ステータ"
                   "スに元の値を返し、入れ替え中にそのステータスが受けた変化を加える",
                   "the one sheet with ステータス入れ替え says only that two stats change places for the "
                   "duration; exchange swaps the values back as they are, so damage follows the value it "
                   "was dealt to; restore gives each stat its own value back, changed by what it took")),
    Option("delayed_on_death", "cancel", choices=("cancel", "lands"), source="guess", clause="DH-10.7",
           name=("遅延中の効果と使用者の死亡", "a delayed effect when its user dies"),
           reason=("ガイドラインは効果遅延・時間差攻撃の名を挙げるが本文は読めな"
                   "い。発生を待つ効果は使用者が維持するものであり、死亡非解除で"
                   "ない限り死亡で終わる（DH-10.4）。landsでは死亡後も発生する",
                   "the guideline names 効果遅延 and 時間差攻撃 but its text is unreadable; a waiting effect is "
                   "one its user sustains, which a death ends unless 死亡非解除 (DH-10.4); lands lets it "
                   "take effect all the same")),
    Option("delayed_range", "at_use", choices=("at_use", "at_landing"), source="guess", clause="DH-10.7",
           name=("遅延効果の範囲の確認", "when a delayed effect's range is checked"),
           reason=("遅延効果の狙いは使用時に定まる（対象を追う付与と同じ）。at_l"
                   "andingでは発生時にも対象が能力の範囲内にいなければならない",
                   "a delayed effect was aimed when the ability was used, like a 付与 that follows its "
                   "target; at_landing also needs the target in the ability's range when it lands")),
    Option("control_timing", "controller_phase", choices=("controller_phase", "target_phase_end"), source="seed",
           clause="DH-2.5",
           name=("完全操作された行動の時点", "when a controlled character acts"),
           reason=("シードは陣営が支配するキャラを自軍フェイズに行動させる。操作され"
                   "たキャラを自陣営フェイズの終わりに行動させるキャンペーンもある",
                   "the seed lets a side act with the characters it controls, in its own phase; one campaign "
                   "has the controlled character act at the end of its own side's phase instead")),
    Option("dp_on_permanent_withdrawal", False, choices=(False, True), source="guess", clause="DH-11.9",
           name=("永続戦線離脱のDP", "DP for a permanent withdrawal"),
           reason=("永続戦線離脱にDPを与える資料はない。唯一"
                   "のキャンペーン裁定は離脱を死亡と別に扱う",
                   "no source gives DP for 永続戦線離脱; the one campaign ruling treats 離脱 apart from death")),
    Option("moving_field_forced", True, choices=(True, False), source="guess", clause="DH-8.19",
           name=("強制移動でも移動するフィールド", "a moving field follows forced moves"),
           reason=("上位ルールは使用者と共に移動するフィールドを挙げるだけ"
                   "で、移動の仕方には触れない。使用者がどう動かされてもフ"
                   "ィールドはついて行く。falseでは自分の移動だけに伴う",
                   "the 上位ルール names a field that moves with its user and says nothing of how the user "
                   "moves, so the field goes wherever its user is put; false carries it on the user's own "
                   "moves only")),
    # 転校生 (DH-14): read only when the setup has a 転校生 side, and recorded in the log only then
    Option("transfer_held_dp", 2, minimum=0, maximum=100, source="research", clause="DH-14.5",
           name=("転校生の所持DP", "a transfer student's held DP"),
           reason=("転校生のシートは所持DP 2とする（主資料）。held_dpのない転校生はこの値を持つ",
                   "転校生 sheets carry 所持DP 2 (main doc); a 転校生 without held_dp carries this many")),
    Option("transfer_dp_to", "killer", choices=("killer", "none"), source="research", clause="DH-14.5",
           name=("転校生を倒したDP", "DP for killing a transfer student"),
           reason=("転校生の所持DPはそれを倒したキャラの陣営が得ると読める。noneではDPを与えない",
                   "a 転校生's 所持DP is presumably awarded to its killer's side; none gives no DP for it")),
    Option("transfer_kill_dp", "none", choices=("none", "opponent"), source="research", clause="DH-14.6",
           name=("転校生が倒したDP", "DP for a transfer student's kills"),
           reason=("転校生が倒してもDPは生じない（キャンペーンのルール"
                   "）。opponentでは通常の死亡と同じく相手陣営が得る",
                   "a 転校生's own kills yield no DP (campaign rule); opponent scores them as any other death")),
    Option("transfer_zoc", True, choices=(True, False), source="research", clause="DH-14.7",
           name=("転校生のZoC", "a transfer student's ZoC"),
           reason=("転校生のシートはZoCあり/無しを明記する。書かれていなければありと読む",
                   "転校生 sheets state ZoC あり or 無し; a sheet that says nothing is read as あり")),
    Option("transfer_dying", "normal", choices=("normal", "immune"), source="research", clause="DH-14.8",
           name=("転校生の瀕死", "a transfer student at 体力1"),
           reason=("2.1では体力1のキャラはみな瀕死。転校生は"
                   "瀕死にならないとするキャンペーンもある",
                   "basic 2.1 makes any character at 体力1 瀕死; some campaigns' 転校生 never become 瀕死")),
    Option("transfer_arrival", "transfer_phase", choices=("transfer_phase", "turn_start"), source="research",
           clause="DH-14.3",
           name=("転校生の登場", "when a transfer student arrives"),
           reason=("資料は転校生フェイズを後攻フェイズの後に置き、遅れて来る転"
                   "校生はそこで登場する。フェイズ案の一つは転校生登場をそのタ"
                   "ーンの両陣営のフェイズの前に置く（そのターンに行動できる）",
                   "the sources put the 転校生 phase after the 後攻 phase, a late 転校生 appearing in it; a phase "
                   "draft puts 転校生登場 before the two side phases of the turn (it then acts in that turn)")),
    # 応援ボーナス (DH-15) and 発動率 / 成功率 操作 (DH-11.20)
    Option("support_activation_cap", 10, minimum=0, maximum=100, source="research", clause="DH-15.2",
           name=("発動判定への応援ボーナスの上限", "応援ボーナス cap on a 発動判定"),
           reason=("応援ボーナスを書き残した唯一のキャンペーンでは、"
                   "発動判定へは1回+10までで、命中判定へは制限がない",
                   "the one campaign that writes 応援ボーナス down allows at most +10 points on a 発動判定; "
                   "a 命中判定 takes any amount")),
    Option("support_unneeded", "spent", choices=("spent", "kept"), source="guess", clause="DH-15.3",
           name=("不要だった応援ボーナス", "an 応援ボーナス the roll did not need"),
           reason=("応援ボーナスはダイスの前に行動提出で宣言するので、出目にかか"
                   "わらず消費する。keptでは、なくても成功していた判定では返す",
                   "the bonus is declared in the submission, before the dice, so its points go whatever the "
                   "die shows; kept gives them back when the roll would have succeeded without them")),
    Option("support_success", False, choices=(False, True), source="research", clause="DH-15.2",
           name=("成功判定への応援ボーナス", "応援ボーナス on a 成功判定"),
           reason=("キャンペーンの規定が挙げるのは発動判定と命中判定だ"
                   "け。trueでは成功判定にも発動判定と同じ上限で使える",
                   "the campaign rule names the 発動判定 and the 命中判定 only; true lets a bonus raise a "
                   "成功判定 too, with the 発動判定's cap")),
    Option("rate_change_order", "effects_first", choices=("effects_first", "bonus_first"), source="guess",
           clause="DH-11.20",
           name=("発動率操作と応援ボーナスの順", "order of rate effects and 応援ボーナス"),
           reason=("発動率・成功率を変える効果と応援ボーナスの順を定める文はない。"
                   "判定時の確率に加えて100%で打ち切る。bonus_firstでは能力本来の"
                   "確率に加えるので、効果による確率の固定がボーナスに優先する",
                   "no text orders a 発動率 / 成功率 effect and a spent 応援ボーナス; the bonus is added to the "
                   "rate the roll has, then capped at 100%; bonus_first adds it to the ability's own rate, "
                   "so a rate set by an effect overrides it")),
])

# The options only a match with a 転校生 reads (DH-14): a two-side match's log leaves them out.
TRANSFER_OPTIONS = tuple(o.id for o in OPTIONS if o.id.startswith("transfer_"))
# The options only a match with 応援ボーナス or a 発動率 / 成功率 操作 reads (DH-15, DH-11.20): recorded
# in the log only when the setup has either.
RATE_OPTIONS = ("support_activation_cap", "support_unneeded", "support_success", "rate_change_order")
# The options only a match with a ステータス入れ替え (DH-11.21), or with a delayed or prepared effect
# (DH-10.7, DH-10.8), reads: recorded in the log only then.
SWAP_OPTIONS = ("swap_end",)
DELAY_OPTIONS = ("delayed_on_death", "delayed_range")
