"""What the dh ruleset says to people (problems in its files, warnings), in Japanese and English.

Code says ``say("dh.<key>", ...)`` (:func:`dhproc.words.messages.say`); the report's own lines are in
report.py's catalogue.
"""

from __future__ import annotations

from ...words.messages import catalogue

MESSAGES = catalogue("dh", {
    "counter_before_needs_moment": ("カウンター条件「{when}」には先手（timing: before）がありません（先手にできる条件：{allowed}）",
                                    "a counter on '{when}' cannot act before its trigger (timing: before works with "
                                    "{allowed})"),
    "controlled_own": ("「{who}」はこの陣営のキャラクターです：controlled: true は完全操作した相手側のキャラクターに書きます",
                       "'{who}' is this side's own character: controlled: true is for the other side's character "
                       "under this side's 完全操作"),
    "forestall_limit": ("先手カウンターが互いに反応し続けました（{n}段目）。先手の入れ子はオプションtrigger_limitまで、最大{most}段です",
                        "先手 counters kept answering each other ({n} deep); they nest as far as the option "
                        "trigger_limit allows, at most {most}"),
    "swap_parts": ("ステータス入れ替えには、対象の2つのステータス（stats: [attack, defense]）か、with_user: true と"
                   "使用者と入れ替えるステータス（stat：体力以外）が必要です",
                   "a stat swap needs the target's two stats (stats: [attack, defense]), or with_user: true and "
                   "the stat it swaps with the user (stat, not hp)"),
    "delay_needs_delay": ("効果遅延・時間差攻撃には待つ長さが必要です（delay: ターン数、unit: phase ならフェイズ数）",
                          "an effect delay needs how long it waits (delay: turns, or phases with unit: phase)"),
    "time_lag_enemies": ("時間差攻撃は敵を対象とする効果に書きます（targets の side: enemy）",
                         "a time lag (時間差攻撃) is for effects aimed at enemies (targets with side: enemy)"),
    "delay_where": ("効果遅延・時間差攻撃・準備型はアクティブかパッシブの能力の、再行動以外の効果に書きます",
                    "an effect delay or a prepared ability is for the effects, other than extra_action, of an "
                    "active or passive ability"),
    "no_prepared": ("「{who}」の特殊能力は準備型（prepared）ではありません", "'{who}' has no prepared ability"),
    "unknown_granted": ("特殊能力付与の能力「{name}」はセットアップのabilitiesにありません（あるもの：{known}）",
                        "the ability '{name}' a grant gives is not among the setup's abilities (there are: {known})"),
    "granted_twice": ("付与される能力「{name}」が2通りに書かれています。1つの名前には1つの内容です",
                      "the ability '{name}' to be given is written two different ways; one name, one ability"),
    "seal_needs_what": ("封印には封じるものが必要です（seal: action／move／ability／attack）",
                        "a seal needs what it stops (seal: action / move / ability / attack)"),
    "not_a_side": ("「{side}」は陣営ではありません（陣営：{sides}）", "'{side}' is not a side (sides: {sides})"),
    "sealed_not_first_starter": ("封印キャラ「{who}」は先攻陣営のスタメンではありません",
                                 "the sealed character '{who}' is not a starter of the 先攻 side"),
    "outside_home_columns": ("{square}は{side}の初期配置の列（{columns}）の外です",
                             "{square} is outside {side}'s starting columns ({columns})"),
    # squares and the map (checks.py)
    "not_square": ("「{text}」はマスではありません（行の文字と列の数字で書きます。例：Ｂ３ か B3）",
                   "'{text}' is not a square (write a row letter and a column number, e.g. Ｂ３ or B3)"),
    "off_map": ("マス「{text}」はマップの外です（Ａ１〜{last}）", "square '{text}' is off the map (Ａ１..{last})"),
    "wall": ("{square}は壁です", "{square} is a wall"),
    "square_taken": ("{square}にはすでに「{who}」がいます。初期配置では1マスに1人です",
                     "{square} already holds '{who}': one character per square at the initial placement"),
    "unknown_character": ("キャラクター「{who}」は見つかりません{hint}", "unknown character '{who}'{hint}"),
    "leader_side": ("「{leader}」は陣営「{side}」のキャラクターではありません", "'{leader}' is not of side '{side}'"),
    "leader_starter": ("リーダー「{leader}」は先発（スタメン）でなければなりません（at: を書いてください）",
                       "the leader '{leader}' must be a starter (give it 'at:')"),
    # abilities in the setup (checks.py)
    "counter_needs_when": ("カウンター型の特殊能力には、待つ条件 'counter: {{when: ...}}' が必要です",
                           "a counter ability needs 'counter: {{when: ...}}', the condition it waits for"),
    "counter_only": ("カウンター条件を持てるのはカウンター型の特殊能力だけです", "only a counter-style ability has a counter condition"),
    "lasts": ("「{kind}」は続く効果です。特殊能力に持続ターン数（または永続）を書いてください",
              "'{kind}' lasts: give the ability a duration in turns (or permanent)"),
    "needs_amount": ("「{kind}」には量（amount）が必要です", "'{kind}' needs an amount"),
    "needs_stat": ("「stat_change」には変える能力値（stat）が必要です", "'stat_change' needs the stat it changes"),
    "heal_negative": ("「heal」は能力値を上げます。量は0以上です（下げるなら「damage」）",
                      "'heal' raises a stat: its amount is 0 or more (lower a stat with 'damage')"),
    "amount_at_least": ("「{kind}」の量は{least}以上です", "'{kind}' needs an amount of {least} or more"),
    "not_on_bench": ("「{who}」はこの陣営の控えにいません", "'{who}' is not on this side's bench"),
    "condition_needs_when": ("条件による制約には条件 'when:' が必要です", "a condition restriction needs 'when:', the condition"),
    # abilities used in submissions (checks.py)
    "no_summon": ("「{ability}」には召喚の効果がありません", "'{ability}' has no summon effect"),
    "summon_bench": ("「{who}」は陣営「{side}」の控えにいません。召喚できるのは使い手の陣営の控えのキャラクターです（DH-11.8）",
                     "'{who}' is not on the bench of side '{side}': a summon brings a bench character of the "
                     "user's side (DH-11.8)"),
    "summon_whom": ("召喚する控えのキャラクターを書いてください（summon: ID）。特殊能力の召喚効果に指定がありません",
                    "name the bench character to summon (summon: ID): the ability's summon effect names none"),
    "other_ability": ("「{who}」に特殊能力「{name}」はありません（持っているのは「{has}」）",
                      "'{who}' has no ability '{name}' (its ability is '{has}')"),
    "needs_choices": ("「{name}」には指定が必要です。ability: {{{wanted}}} と書いてください",
                      "'{name}' needs choices: write ability: {{{wanted}}}"),
    "other_side": ("「{who}」は陣営「{side}」のキャラクターで、「{sid}」のではありません", "'{who}' belongs to side '{side}', not '{sid}'"),
    "acts_twice": ("「{who}」はこのフェイズですでに{entry}番目で行動しています", "'{who}' already acts at entry {entry} of this phase"),
    "attack_and_wait": ("1つの行動で攻撃と待機の両方はできません", "an action either attacks or waits, not both"),
    "one_motion": ("1つの行動の動作は1つです：攻撃、特殊能力、待機のどれか", "one 動作 per action: attack, ability or wait"),
    "no_ability_effects": ("「{who}」のセットアップに効果のある特殊能力がありません", "'{who}' has no ability with effects in the setup"),
    # 転校生 (DH-14.1)
    "player_sides": ("転校生の陣営のほかに、プレイヤーの陣営が2つ必要です（{count}つ）",
                     "a match needs two player sides beside a transfer-student (転校生) side ({count} given)"),
    "transfer_twice": ("転校生の陣営は1つまでです（「{other}」もそうです）", "one transfer-student (転校生) side at most ('{other}' is one too)"),
    "first_transfer": ("先攻は転校生の陣営にできません", "the transfer-student (転校生) side cannot be 先攻"),
    "transfer_only": ("「{key}」は転校生の陣営のキャラクターにだけ書けます", "'{key}' is only for a character of the transfer-student (転校生) side"),
    "arrives_needs_at": ("登場するターン（arrives）には、登場するマス 'at:' が必要です",
                         "a transfer student that arrives later needs 'at:', the square it appears on"),
    # a match that starts mid-campaign (campaign.py)
    "over_maximum": ("現在の{stat} {value}が最大値{maximum}を超えています（基本値。オプション heal_cap: initial）",
                     "current {stat} {value} is over its maximum {maximum} (the base value; option heal_cap: initial)"),
    "hp_zero": ("体力0は死亡です：'dead: true' と書いてください（DH-5.1）", "体力 0 is death: write 'dead: true' (DH-5.1)"),
    "dead_hp": ("死亡したキャラクターの体力は0です（{hp}ではなく）", "a dead character has 体力 0, not {hp}"),
    "dead_needs_at": ("死亡・撤退したキャラクターには、倒れている（戻る）マス 'at:' が必要です",
                      "a dead or withdrawn character needs 'at:', the square it lies on or returns to"),
    "summoned_needs_effect": ("召喚でMAPにいるキャラクターには、'effects:' にその召喚が必要です",
                              "a character summoned onto the MAP needs its summon in 'effects:'"),
    "after_start": ("フェイズ{phase}は対戦の開始（フェイズ{start}）より後です", "phase {phase} is after the match's start (phase {start})"),
    "side_all_dead": ("陣営「{side}」のMAP上のキャラクターが全員死亡しています。その対戦は決着済みです（DH-6.1）",
                      "every character of side '{side}' on the MAP is dead: that match was decided (DH-6.1)"),
    "effect_id_twice": ("効果番号{id}が2回使われています", "effect id {id} is used twice"),
    "ended_before": ("フェイズ{end}で終わっています。対戦の開始（フェイズ{start}）より前です",
                     "it ended at phase {end}, before the match's start (phase {start})"),
    "field_owner": ("フィールドには持ち主（owner）が必要です", "a field needs its owner"),
    "stat_change_parts": ("能力値の変化には stat と amount が必要です", "a stat change needs its stat and amount"),
    "not_a_square": ("「{text}」はマスではありません", "'{text}' is not a square"),
    "next_effect_id": ("next_effect_id はどの効果番号よりも後でなければなりません（最大{highest}）",
                       "next_effect_id must be after every effect id (highest {highest})"),
    # 発動率 (rate.py)
    "rate_tables": ("発動率の表を読めません：{problem}", "cannot read the rate tables: {problem}"),
    "rate_unknown": ("「{element}」は{source}の{table}の表にありません（あるのは：{known}）。{{label: …, value: n}} と書いてください",
                     "'{element}' is not in the {table} table of {source} (known: {known}); write it as "
                     "{{label: …, value: n}}"),
    "rate_shipped": ("同梱の発動率表", "the shipped rate tables"),
    "rate_none": ("なし", "none"),
    "rate_differs": ("警告：発動率{stated}が、設計から計算した{computed}と違います（dhproc ability rate で計算を確かめられます）",
                     "warning: 発動率 {stated} differs from the {computed} its rate design gives (dhproc ability "
                     "rate shows the working)"),
    # resolution (ability_rules.py)
    "counter_loop": ("カウンターが互いに発動し続けました：{chain}。オプション trigger_limit で連鎖は{limit}回までです",
                     "counters kept triggering each other: {chain}; the option trigger_limit caps a chain at {limit}"),
    # 応援ボーナス (support.py, checks.py; DH-15) and 発動率 / 成功率 操作 (DH-11.20)
    "support_short": ("{side}の応援ボーナスは残り{held}点です：{who}の{roll}に{points}点は使えません",
                      "{side} has {held} 応援ボーナス points left: {who}'s {roll} cannot take {points}"),
    "support_none": ("{side}は応援ボーナスを持っていません（セットアップの陣営に bonus: 点数 を書きます）",
                     "{side} holds no 応援ボーナス (give the side bonus: points in the setup)"),
    "support_cap": ("発動判定への応援ボーナスは1回{cap}点までです（{points}点）。上限はオプション support_activation_cap",
                    "応援ボーナス on a 発動判定 is at most {cap:plural:point} a roll ({points}); the cap is the option "
                    "support_activation_cap"),
    "support_success_off": ("成功判定には応援ボーナスを使えません（オプション support_success が false）",
                            "応援ボーナス cannot raise a 成功判定 (the option support_success is false)"),
    "support_no_roll": ("この行動には{roll}がありません：応援ボーナスをかける判定を選んでください",
                        "this 行動 makes no {roll}: spend the 応援ボーナス on a roll it makes"),
    "roll_activation": ("発動判定", "発動判定 (activation roll)"),
    "roll_hit": ("命中判定", "命中判定 (hit roll)"),
    "roll_success": ("成功判定", "成功判定 (success roll)"),
    "rate_change_needs": ("発動率・成功率操作には対象の確率（rate: activation／success／both）と、量（amount: 数 か half）"
                          "か値（set）のどちらか一方が必要です",
                          "a rate change needs the rate it changes (rate: activation / success / both) and either "
                          "an amount (amount: a number or half) or a value (set), not both"),
    # dhproc odds (odds.py): what the figures of an ability's normal attack assume (DH-16.3)
    "odds_changes": ("能力の先の効果（ステータス変化など）は、成功したときだけ後の通常攻撃に数えます",
                     "the ability's earlier effects (stat changes and the like) count for its later normal attacks "
                     "only when they land"),
    "odds_barrier": ("{target}のバリアが効果を防ぎます（DH-11.4）", "{target}'s バリア keeps the effects off (DH-11.4)"),
})
