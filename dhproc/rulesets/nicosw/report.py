"""The nicosw processing report, in the layout a nicosw3 GM posts: the preparations (行動順,
魔物知識判定, 先制判定, 配置), then each round's 表 and 裏 — every go with its checks as
``2D6[a,b]+base=達成値``, every damage through its four steps — and a state table and the line
map at the end of each half (NICOSW-10.1).

Rendered from the log alone, as report blocks. ``--view public`` hides the numbers of characters of
unknown identity until a 魔物知識判定 identifies them (NICOSW-10.2).
"""

from __future__ import annotations

from typing import Any

from ...report.document import Block, Board, Heading, Lines, Table, to_text
from ...report.header import header_blocks
from ...words.messages import Catalog
from .options import OPTIONS

T = Catalog({
    "prep": ("【戦闘準備】", "[Before the battle]"),
    "order": ("行動順　{side}：{names}", "Action order  {side}: {names}"),
    "lore": ("【魔物知識判定】{target}（知名度{fame}）", "[Monster lore] {target} (fame {fame})"),
    "lore_none": ("　判定できるキャラクターがいない", "  nobody can roll"),
    "lore_roll": ("　{actor} {check} → {verdict}", "  {actor} {check} → {verdict}"),
    "identified": ("　→ 正体判明", "  → identified"),
    "unidentified": ("　→ 正体不明のまま", "  → still unknown"),
    "battle_start": ("GM：戦闘開始を宣言", "GM: the battle begins"),
    "initiative": ("【先制判定】{rolls}", "[Initiative] {rolls}"),
    "reroll": ("【先制判定・振り直し{n}】{rolls}", "[Initiative re-roll {n}] {rolls}"),
    "tied": ("　最高値{top}が陣営をまたいで同値：{names}が振り直し", "  top {top} shared across sides: {names} roll again"),
    "first_side": ("→ {first}が先手、{second}が後手", "→ {first} goes first, {second} second"),
    "placement": ("【配置】{role} {side}：{squares}", "[Placement] {role} {side}: {squares}"),
    "first": ("先手", "first"),
    "second": ("後手", "second"),
    "awaiting": ("【行動提出待ち】{side}", "[Awaiting the submission of] {side}"),
    "round": ("■{round}R", "■ Round {round}"),
    "turn_zero": ("■第0ターン（開始時の状況）", "■ Turn 0 (the state at the start)"),
    "deploy": ("配置範囲　{side}：{low}〜{high}", "Deployment  {side}: squares {low} to {high}"),
    "half": ("◇{round}R{half}（{side}）", "◇ Round {round} {half} ({side})"),
    "top": ("表", "first half"),
    "bottom": ("裏", "second half"),
    "surrender": ("{side}が降参", "{side} surrenders"),
    "continuous": ("継続効果「{name}」：{character}", "ongoing effect “{name}”: {character}"),
    "expire": ("効果終了「{name}」：{character}", "effect ends “{name}”: {character}"),
    "go": ("◆{actor}", "◆ {actor}"),
    "no_go": ("◆{actor}：{reason}のため行動できない", "◆ {actor}: cannot act ({reason})"),
    "idle": ("◆{actor}：行動なし", "◆ {actor}: no action"),
    "waits": ("◆{actor}：待機", "◆ {actor}: waits"),
    "no_action": ("　{reason}のためこれ以上行動できない", "  cannot act further ({reason})"),
    "minor_action": ("補助", "minor"),
    "major_action": ("主", "main"),
    "freeslot": ("自由", "free"),
    "move": ("　{slot}：{mode} {start}→{to}{stop}", "  {slot}: {mode} {start}→{to}{stop}"),
    "stop_engaged": ("（{by}に接敵して停止）", " (stops engaged with {by})"),
    "stop_short": ("（{by}に接敵するマスには止まれないため手前で停止）",
                   " (stops short: the square that would engage {by} is taken)"),
    "stop_blocked": ("（{by}に阻まれて停止）", " (blocked by {by})"),
    "careful_move": ("警戒移動", "careful move"),
    "normal_move": ("通常移動", "normal move"),
    "full_move": ("全力移動", "full move"),
    "dash_roll": ("　主：全力移動 疾走判定{check} → 移動力{allowance}", "  main: full move, run {check} → {allowance:plural:square}"),
    "cancel": ("　{slot}：{action}は取り消し（{reason}）", "  {slot}: {action} cancelled ({reason})"),
    "retreat": ("　主：退却判定{check} 目標値{target}（{engaged}）→ {verdict}",
                "  main: retreat {check} target {target} ({engaged}) → {verdict}"),
    "retreat_opposed": ("　主：退却判定{check} 対 {against} → {verdict}",
                        "  main: retreat {check} vs {against} → {verdict}"),
    "opportunity_attack": ("　機会攻撃：{attackers}", "  opportunity attacks: {attackers}"),
    "attack": ("　{slot}：{action}（{weapon}）→{target}{part}　攻撃{atk} 対 防御{dfn} → {verdict}",
               "  {slot}: {action} ({weapon}) → {target}{part}   ATK {atk} vs DEF {dfn} → {verdict}"),
    "attack_prone": ("　{slot}：{action}（{weapon}）→{target}{part}　転倒1D6[{die}] → 自動失敗",
                     "  {slot}: {action} ({weapon}) → {target}{part}   prone 1D6[{die}] → fails automatically"),
    "prone_ok": ("　転倒1D6[{die}] → 攻撃できる", "  prone 1D6[{die}] → the attack goes ahead"),
    "melee": ("近接攻撃", "melee attack"),
    "ranged": ("遠距離攻撃", "ranged attack"),
    "opp_slot": ("機会攻撃", "opportunity attack"),
    "hit": ("命中", "hit"),
    "miss": ("失敗", "miss"),
    "success": ("成功", "success"),
    "failure": ("失敗", "failure"),
    "auto_success": ("自動成功", "automatic success"),
    "atk_auto_success": ("攻撃側自動成功", "attacker's automatic success"),
    "atk_auto_failure": ("攻撃側自動失敗", "attacker's automatic failure"),
    "def_auto_success": ("防御側自動成功", "defender's automatic success"),
    "def_auto_failure": ("防御側自動失敗", "defender's automatic failure"),
    "auto_failure": ("自動失敗", "automatic failure"),
    "damage": ("　　ダメージ（{type}）{steps} → {character}{part} HP {before}→{after}",
               "    damage ({type}) {steps} → {character}{part} HP {before}→{after}"),
    "physical": ("物理", "physical"),
    "magic": ("魔法", "magic"),
    "armor": ("防護点", "armour"),
    "magic_armor": ("魔法防護点", "magic armour"),
    "heal": ("　　回復{amount} → {character}{part} HP {before}→{after}{capped}",
             "    heal {amount} → {character}{part} HP {before}→{after}{capped}"),
    "capped": ("（最大HPまで）", " (capped at max HP)"),
    "death_check": ("　　生死判定{check} 目標値{target} → {verdict}", "    death check {check} target {target} → {verdict}"),
    "knocked_out": ("戦闘不能", "incapacitated"),
    "dead": ("死亡", "dead"),
    "stands_again": ("　　{character}は戦闘不能から回復", "    {character} is back on its feet"),
    "part_removed": ("　　{character}の{part}が戦闘から取り除かれる", "    {character}'s {part} is removed from the battle"),
    "removed": ("　　{character}が戦闘から取り除かれる", "    {character} is removed from the battle"),
    "skill": ("　{slot}：《{name}》→{target}{resist}", "  {slot}: 《{name}》 → {target}{resist}"),
    "resist": ("　精神抵抗（目標値{target}）{rolls} → {verdict}", "   resistance (target {target}) {rolls} → {verdict}"),
    "resisted": ("抵抗", "resisted"),
    "resisted_half": ("抵抗（半減）", "resisted (half damage)"),
    "mp": ("　{slot}：《{name}》コストMP{cost} → {character} MP {before}→{after}",
           "  {slot}: 《{name}》 costs {cost} MP → {character} MP {before}→{after}"),
    "casting": ("　{slot}：《{name}》{check_name}{check}", "  {slot}: 《{name}》 {check_name} {check}"),
    "dice_damage": ("{n}D6{faces}+{fixed}={base}：", "{n}D6{faces}+{fixed}={base}: "),
    "area_of": ("（{center}の周囲）", " (around {center})"),
    "not_resisted": ("抵抗失敗", "not resisted"),
    "lasting": ("　　継続効果「{name}」：{character}（{rounds}R、{side}の{end}R開始時まで）",
                "    lasting “{name}” on {character} ({rounds:plural:round}, until {side}'s round {end} starts)"),
    "state_prone": ("　　{character}が転倒", "    {character} falls prone"),
    "state_up": ("　　{character}の転倒が解除", "    {character} is no longer prone"),
    "stand": ("　{slot}：起き上がる（転倒解除）", "  {slot}: stands up"),
    "switch": ("　{slot}：武器を持ち替え {before}→{after}", "  {slot}: switches weapon {before}→{after}"),
    "check": ("　主：{check_name}{check} 目標値{target} → {verdict}{note}",
              "  main: {check_name} {check} target {target} → {verdict}{note}"),
    "other": ("　{slot}：{note}", "  {slot}: {note}"),
    "continuous_check": ("　{check_name}{check} 目標値{target} → {verdict}",
                         "  {check_name} {check} target {target} → {verdict}"),
    "expire_by_condition": ("効果終了「{name}」：{character}（終了条件）", "effect ends “{name}”: {character} (its end condition)"),
    "expire_by_check": ("効果終了「{name}」：{character}（判定の結果）", "effect ends “{name}”: {character} (by the check)"),
    "escape": ("　戦闘離脱：疾走判定{check} 目標値{target}（敵陣営の最高レベル{level}+7）→ {verdict}",
               "  escape: run {check} target {target} (highest enemy level {level} + 7) → {verdict}"),
    "escaped": ("マップ外へ離脱", "leaves the map"),
    "edge_stop": ("マップ端で停止", "stops at the edge"),
    "reenter": ("{actor}がマップ端{to}に登場", "{actor} appears at the edge, square {to}"),
    "half_end": ("{half}終了時の状況", "At the end of the {half}"),
    "col_name": ("キャラクター", "character"),
    "col_side": ("陣営", "side"),
    "col_at": ("位置", "square"),
    "col_hp": ("HP", "HP"),
    "col_states": ("状態", "states"),
    "round_end": ("{round}R終了", "End of round {round}"),
    "outcome_win": ("【戦闘終了】{winner}の勝利（{reason}）", "[Battle over] {winner} wins ({reason})"),
    "outcome_draw": ("【戦闘終了】引き分け（{reason}）", "[Battle over] a draw ({reason})"),
    "outcome_ongoing": ("戦闘継続中", "the battle goes on"),
    "why_down": ("相手陣営が全員倒れた", "the other side is all down"),
    "why_surrender": ("降参", "surrender"),
    "why_both_down": ("両陣営が全員倒れた", "both sides are down"),
    "why_round_cap": ("ラウンド上限", "round cap"),
    "hidden": ("？", "?"),
})

STATE_WORDS = {"prone": ("転倒", "prone"), "knocked_out": ("戦闘不能", "incapacitated"), "dead": ("死亡", "dead"),
               "off_map": ("マップ外", "off the map"), "removed": ("除外", "removed"), "engaged": ("接敵", "engaged")}
OUT_OF_BATTLE = ("dead", "knocked_out", "removed", "off_map")  # the worst first: one word a character
REASONS = {
    "engaged": ("接敵中で退却判定に成功していない", "engaged, no successful retreat"),
    "too_far": ("移動力が足りない", "too far"), "occupied": ("移動先に他のキャラクター", "square occupied"),
    "prone": ("転倒している", "prone"), "out_of_range": ("射程外", "out of range"), "cover": ("遮蔽", "cover"),
    "no_mp": ("MPが足りない", "not enough MP"),
    "no_ranged_weapon": ("遠距離武器がない", "no ranged weapon"), "target_dead": ("対象が死亡", "target dead"),
    "target_removed": ("対象が除外済み", "target removed"), "target_off_map": ("対象がマップ外", "target off the map"),
    "part_removed": ("部位が除外済み", "part removed"), "not_engaged": ("接敵していない", "not engaged"),
    "not_prone": ("転倒していない", "not prone"), "wrong_side": ("対象の陣営が違う", "wrong side"),
    "no_target": ("対象がいない", "no target"), "knocked_down_before_moving": ("機会攻撃で倒れた", "fell to the opportunity attacks"),
    "main_used_by_escape": ("主動作は離脱の疾走判定に使った", "the main action went to the escape check"),
    "not_off_map": ("マップ外にいない", "not off the map"), "not_an_edge": ("マップ端ではない", "not an edge"),
    "knocked_out": ("戦闘不能", "incapacitated"), "dead": ("死亡", "dead"), "removed": ("除外", "removed"),
    "off_map": ("マップ外", "off the map"), "not_placed": ("未配置", "not placed"),
    "battle_over": ("決着", "the battle is decided"),
    "half_played": ("この表は開始前に済んでいる", "this 表 was played before the setup"),
}
ACTIONS = {"move": ("移動", "move"), "full_move": ("全力移動", "full move"), "melee": ("近接攻撃", "melee attack"),
           "ranged": ("遠距離攻撃", "ranged attack"), "skill": ("スキル", "skill"), "retreat": ("退却判定", "retreat"),
           "stand": ("起き上がり", "stand up"), "reenter": ("再登場", "re-entry"), "heal": ("回復", "healing")}
CHECK_NAMES = {"initiative": ("先制判定", "initiative"), "monster_lore": ("魔物知識判定", "monster lore"),
               "attack_check": ("攻撃判定", "attack"), "defense_check": ("防御判定", "defence"),
               "sprint": ("疾走判定", "sprint"), "retreat": ("退却判定", "retreat"),
               "death_check": ("生死判定", "death check"), "willpower": ("精神抵抗判定", "willpower"),
               "casting": ("魔法行使判定", "spellcasting")}
OPS = {"mul": "×", "div": "÷", "add": "+", "sub": "−"}


class Renderer:
    def __init__(self, log: dict, lang: str, view: str):
        self.log = log
        self.lang = lang
        self.li = 0 if lang == "ja" else 1
        self.t = T.lang(lang)
        self.public = view == "public"
        setup = log["input"]["match"]["setup"]
        self.setup = setup
        self.chars = setup["characters"]
        self.sides = setup["sides"]
        self.identified = {cid: c.get("known", True) or c.get("identified", False) for cid, c in self.chars.items()}
        self.blocks: list[Block] = []
        self.buffer: list[str] = []

    # ------------------------------------------------------------------ helpers

    def word(self, table: dict, key: str) -> str:
        return table.get(key, (key, key))[self.li]

    def name(self, cid: str | None) -> str:
        if cid is None:
            return "—"
        return self.chars.get(cid, {}).get("name", cid)

    def side_name(self, sid: str) -> str:
        return self.sides.get(sid, {}).get("name", sid)

    def secret(self, cid: str | None) -> bool:
        """NICOSW-10.2: in the public view, an unidentified character's numbers are hidden."""
        return self.public and cid is not None and not self.identified.get(cid, True)

    def num(self, cid: str | None, value: Any) -> str:
        return self.t("hidden") if self.secret(cid) else str(value)

    def check(self, cid: str, r: dict) -> str:
        dice = f"2D6[{r['dice'][0]},{r['dice'][1]}]"
        if self.secret(cid):
            return f"{dice}+{self.t('hidden')}={self.t('hidden')}"
        mod = f"{r['mod']:+d}" if r.get("mod") else ""
        return f"{dice}{r['base']:+d}{mod}={r['total']}"

    def verdict(self, ok: bool, r: dict | None = None) -> str:
        if r and r.get("auto"):
            return self.t("auto_" + r["auto"])
        return self.t("success" if ok else "failure")

    def slot(self, e: dict) -> str:
        if e.get("opportunity_attack"):
            return self.t("opp_slot")
        return self.t(e["slot"]) if e.get("slot") else self.t("freeslot")

    def part(self, cid: str, part: str | None) -> str:
        if not part or not self.chars.get(cid, {}).get("parts"):
            return ""
        for p in self.chars[cid]["parts"]:
            if p["id"] == part:
                return f"（{p.get('name', part)}）" if self.li == 0 else f" ({p.get('name', part)})"
        return f"（{part}）"

    def square(self, value: Any) -> str:
        if value is None:
            return "—"
        return str(value) if isinstance(value, int) else f"({value[0]},{value[1]})"

    def say(self, line: str) -> None:
        self.buffer.append(line)

    def flush(self) -> None:
        if self.buffer:
            self.blocks.append(Lines(tuple(self.buffer)))
            self.buffer = []

    def add(self, block: Block) -> None:
        self.flush()
        self.blocks.append(block)

    # ------------------------------------------------------------------ the report

    def render(self, turns: list[int]) -> list[Block]:
        log = self.log
        from ...engine.ruleset import get_ruleset

        ruleset = get_ruleset(log["ruleset"])  # this one, found as any reader finds it: the report never imports its package

        for block in header_blocks(log, name=ruleset.name if self.li == 0 else ruleset.name_en, options=OPTIONS,
                                   lang=self.lang):
            self.add(block)
        if not log["turns"]:  # nothing played yet: the opening post shows every character as the setup has it
            self.opening()
        for entry in log["turns"]:
            show = entry["turn"] in turns
            for e in entry["events"]:
                self.event(e, show)
        self.flush()
        return self.blocks

    def event(self, e: dict, show: bool) -> None:
        kind = e["kind"]
        if kind == "lore" and e["identified"]:
            self.identified[e["target"]] = True
        if not show or kind == "roll":
            return
        handler = getattr(self, "on_" + kind, None)
        if handler is not None:
            handler(e)

    def on_order(self, e: dict) -> None:
        if not self.blocks or not (isinstance(self.blocks[-1], Heading) and self.blocks[-1].text == self.t("prep")):
            if not any(isinstance(b, Heading) and b.text == self.t("prep") for b in self.blocks):
                self.add(Heading(self.t("prep"), 2))
        sep = "→" if self.li == 0 else " → "
        self.say(self.t("order", side=self.side_name(e["side"]), names=sep.join(self.name(c) for c in e["order"])))

    def on_lore(self, e: dict) -> None:
        self.flush()
        lines = [self.t("lore", target=self.name(e["target"]), fame=e["fame"])]
        if not e["rolls"]:
            lines.append(self.t("lore_none"))
        for r in e["rolls"]:
            lines.append(self.t("lore_roll", actor=self.name(r["actor"]), check=self.check(r["actor"], r),
                                verdict=self.verdict(r["success"], r)))
        lines.append(self.t("identified" if e["identified"] else "unidentified"))
        self.add(Lines(tuple(lines)))

    def on_battle_start(self, e: dict) -> None:
        self.add(Lines.of(self.t("battle_start")))

    def on_initiative(self, e: dict) -> None:
        rolls = " / ".join(f"{self.name(r['actor'])} {self.check(r['actor'], r)}" for r in e["rolls"])
        key = "initiative" if e["attempt"] == 1 else "reroll"
        self.say(self.t(key, rolls=rolls, n=e["attempt"] - 1))
        if len({self.chars[c]["side"] for c in e["tied"]}) > 1:
            self.say(self.t("tied", top=e["top"], names="・".join(self.name(c) for c in e["tied"])))

    def on_first_side(self, e: dict) -> None:
        self.say(self.t("first_side", first=self.side_name(e["first"]), second=self.side_name(e["second"])))
        self.flush()

    def on_placement(self, e: dict) -> None:
        squares = " ".join(f"{self.name(c)}{self.square(v)}" for c, v in e["squares"].items())
        self.say(self.t("placement", role=self.t(e["role"]), side=self.side_name(e["side"]), squares=squares))

    def on_awaiting(self, e: dict) -> None:
        self.add(Lines.of(self.t("awaiting", side=self.side_name(e["side"]))))

    def on_half_start(self, e: dict) -> None:
        if e["half"] == "top" or not any(isinstance(b, Heading) and b.level == 2 and
                                           b.text == self.t("round", round=e["round"]) for b in self.blocks):
            self.add(Heading(self.t("round", round=e["round"]), 2))
        self.add(Heading(self.t("half", round=e["round"], half=self.t(e["half"]), side=self.side_name(e["side"])), 3))

    def on_surrender(self, e: dict) -> None:
        self.add(Lines.of(self.t("surrender", side=self.side_name(e["side"]))))

    def on_continuous(self, e: dict) -> None:
        self.flush()
        self.say(self.t("continuous", name=e["name"], character=self.name(e["character"])))

    def on_expire(self, e: dict) -> None:
        key = "expire_by_check" if e.get("by_check") else "expire_by_condition" if e.get("by_condition") else "expire"
        self.say(self.t(key, name=e["name"], character=self.name(e["character"])))

    def on_continuous_check(self, e: dict) -> None:
        self.say(self.t("continuous_check", check_name=self.word(CHECK_NAMES, e["check"]),
                        check=self.check(e["actor"], e), target=e["target"], verdict=self.verdict(e["success"], e)))

    def on_go(self, e: dict) -> None:
        self.flush()
        self.say(self.t("go" if e["plan"] else "waits", actor=self.name(e["actor"])))  # an empty go: 待機

    def on_no_go(self, e: dict) -> None:
        self.flush()
        self.say(self.t("no_go", actor=self.name(e["actor"]), reason=self.word(REASONS, e["reason"])))

    def on_idle(self, e: dict) -> None:
        self.flush()
        self.say(self.t("idle", actor=self.name(e["actor"])))

    def on_no_action(self, e: dict) -> None:
        self.say(self.t("no_action", reason=self.word(REASONS, e["reason"])))

    def on_move(self, e: dict) -> None:
        stop = ""
        if e["stop"]:
            stop = self.t("stop_" + self.stop_reason(e), by=self.name(e["by"]))
        self.say(self.t("move", slot=self.slot(e), mode=self.t(e["mode"]), start=self.square(e["start"]),
                        to=self.square(e["to"]), stop=stop))

    def stop_reason(self, e: dict) -> str:
        """NICOSW-4.3: a move stopped by an enemy ends engaged with it, unless the square that would
        engage it was taken (an ally, a body) and the move ended on the last free square before."""
        if e["stop"] == "engaged" and e["by"] not in e["engaged_with"]:
            return "short"
        return e["stop"]

    def on_full_move(self, e: dict) -> None:
        self.say(self.t("dash_roll", check=self.check(e["actor"], e), allowance=self.num(e["actor"], e["allowance"])))

    def on_cancel(self, e: dict) -> None:
        action = e.get("name") or self.word(ACTIONS, e.get("action", ""))
        reason = self.word(REASONS, e["reason"])
        if e.get("cover_by"):
            reason += f"：{self.name(e['cover_by'])}" if self.li == 0 else f": {self.name(e['cover_by'])}"
        self.say(self.t("cancel", slot=self.slot(e), action=action, reason=reason))

    def on_retreat(self, e: dict) -> None:
        c = e["actor"]
        if "against" in e:
            against = " / ".join(f"{self.name(a['actor'])} {self.check(a['actor'], a)}" for a in e["against"])
            self.say(self.t("retreat_opposed", check=self.check(c, e), against=against,
                            verdict=self.verdict(e["success"])))
        else:
            self.say(self.t("retreat", check=self.check(c, e), target=e["target"],
                            engaged="・".join(self.name(o) for o in e["engaged_with"]),
                            verdict=self.verdict(e["success"], e)))

    def on_opportunity_attack(self, e: dict) -> None:
        self.say(self.t("opportunity_attack", attackers="・".join(self.name(o) for o in e["attackers"])))

    def weapon_name(self, cid: str, wid: str) -> str:
        if wid == "bare_hands":
            return "素手" if self.li == 0 else "bare hands"
        if self.secret(cid):
            return self.t("hidden")
        for w in self.chars.get(cid, {}).get("weapons", []):
            if w["id"] == wid:
                return w.get("name", wid)
        return wid

    def on_attack(self, e: dict) -> None:
        a, tgt = e["actor"], e["target"]
        head = dict(slot=self.slot(e), action=self.t(e["action"]), weapon=self.weapon_name(a, e["weapon"]),
                    target=self.name(tgt), part=self.part(tgt, e.get("part")))
        if e.get("auto_fail"):
            self.say(self.t("attack_prone", **head, die=e["prone_die"]))
            return
        if "prone_die" in e:
            self.say(self.t("prone_ok", die=e["prone_die"]))
        verdict = self.t("hit" if e["hit"] else "miss")
        autos = [self.t(f"{who}_auto_{r['auto']}") for who, r in (("atk", e["attack"]), ("def", e["defense"]))
                 if r.get("auto")]
        if autos:
            verdict += f"（{'・'.join(autos)}）" if self.li == 0 else f" ({', '.join(autos)})"
        self.say(self.t("attack", **head, atk=self.check(a, e["attack"]), dfn=self.check(tgt, e["defense"]),
                        verdict=verdict))

    def on_damage(self, e: dict) -> None:
        c = e["character"]
        if self.secret(c):
            steps = f"{e['base']} … = {self.t('hidden')}"
            before = after = self.t("hidden")
        else:
            steps = self.formula(e) + f" = {e['amount']}"
            if "dice" in e:  # NICOSW-8.11
                steps = self.t("dice_damage", n=len(e["dice"]), faces=f"[{','.join(map(str, e['dice']))}]",
                               fixed=e["fixed"], base=e["base"]) + steps
            before, after = e["before"], e["after"]
        kind = self.t(e["type"]) + ((("・" if self.li == 0 else ", ") + e["attribute"]) if "attribute" in e else "")
        self.say(self.t("damage", type=kind, steps=steps, character=self.name(c),
                        part=self.part(c, e["part"]), before=before, after=after))

    def formula(self, e: dict) -> str:
        """NICOSW-7.1: the damage's four steps as an expression that reads right by ordinary precedence:
        the value so far is bracketed before a multiplication or division that follows an addition
        or subtraction, and where a division's remainder was rounded the value is wrapped in ⌊ ⌋
        (down) or ⌈ ⌉ (up) — after each division or at its step's end, as the log says it rounded."""
        text, additive = str(e["base"]), False
        for s in e["steps"]:
            label = ""
            if s["step"] == 4 and s is e["steps"][-1] and e["armor"] and s["op"] == "sub" and s["value"] == e["armor"]:
                label = self.t("armor" if e["type"] == "physical" else "magic_armor")
            if s["op"] in ("mul", "div") and additive:
                text = f"({text})"
            text += f"{OPS[s['op']]}{label}{s['value']}"
            additive = s["op"] in ("add", "sub")
            if "rounded" in s:
                text = ("⌊{}⌋" if s["rounded"] == "down" else "⌈{}⌉").format(text)
                additive = False
        return text

    def on_heal(self, e: dict) -> None:
        c = e["character"]
        self.say(self.t("heal", amount=e["amount"], character=self.name(c), part=self.part(c, e["part"]),
                        before=self.num(c, e["before"]), after=self.num(c, e["after"]),
                        capped=self.t("capped") if e["capped"] else ""))

    def on_death_check(self, e: dict) -> None:
        c = e["character"]
        verdict = self.verdict(e["success"], e) + " → " + self.t("knocked_out" if e["success"] else "dead")
        self.say(self.t("death_check", check=self.check(c, e), target=self.num(c, e["target"]), verdict=verdict))

    def on_stands_again(self, e: dict) -> None:
        self.say(self.t("stands_again", character=self.name(e["character"])))

    def on_part_removed(self, e: dict) -> None:
        self.say(self.t("part_removed", character=self.name(e["character"]),
                        part=self.part(e["character"], e["part"]).strip("（）() ")))

    def on_removed(self, e: dict) -> None:
        self.say(self.t("removed", character=self.name(e["character"])))

    def on_skill(self, e: dict) -> None:
        resist = ""
        if e["resist"] is not None:
            rolls = " ".join(f"{self.part(e['target'], r['part'])}{self.check(e['target'], r)}" for r in e["resist_rolls"])
            won = "resisted_half" if e.get("on_success") == "half" else "resisted"  # NICOSW-8.8
            resist = self.t("resist", target=e["resist"], rolls=rolls,
                            verdict=self.t(won if e["resisted"] else "not_resisted"))
        target = self.name(e["target"]) + (self.part(e["target"], e["part"]) if "part" in e else "")
        if "area_of" in e:  # NICOSW-8.9
            target += self.t("area_of", center=self.name(e["area_of"]))
        self.say(self.t("skill", slot=self.slot(e), name=e["name"], target=target, resist=resist))

    def on_mp(self, e: dict) -> None:
        c = e["character"]
        self.say(self.t("mp", slot=self.slot(e), name=e["name"], cost=e["cost"], character=self.name(c),
                        before=self.num(c, e["before"]),
                        after=self.num(c, e["after"])))

    def on_casting(self, e: dict) -> None:
        self.say(self.t("casting", slot=self.slot(e), name=e["name"],
                        check_name=self.word(CHECK_NAMES, e["check"]), check=self.check(e["actor"], e)))

    def on_lasting(self, e: dict) -> None:
        side = e["clock"].split(":", 1)[1]
        bearer = self.name(e["character"]) + self.part(e["character"], e.get("part"))  # NICOSW-8.10
        self.say(self.t("lasting", name=e["name"], character=bearer, rounds=e["rounds"],
                        side=self.side_name(side), end=e["end"]))

    def on_state(self, e: dict) -> None:
        self.say(self.t("state_prone" if e["on"] else "state_up", character=self.name(e["character"])))

    def on_stand(self, e: dict) -> None:
        self.say(self.t("stand", slot=self.slot(e)))

    def on_switch_weapon(self, e: dict) -> None:
        c = e["actor"]
        self.say(self.t("switch", slot=self.slot(e), before=self.weapon_name(c, e["before"] or ""),
                        after=self.weapon_name(c, e["after"])))

    def on_check(self, e: dict) -> None:
        note = f"（{e['note']}）" if e.get("note") else ""
        self.say(self.t("check", check_name=self.word(CHECK_NAMES, e["check"]), check=self.check(e["actor"], e),
                        target=e["target"], verdict=self.verdict(e["success"], e), note=note))

    def on_other(self, e: dict) -> None:
        self.say(self.t("other", slot=self.slot(e), note=e.get("note", "")))

    def on_escape(self, e: dict) -> None:
        verdict = self.verdict(e["success"], e) + " → " + self.t("escaped" if e["success"] else "edge_stop")
        self.say(self.t("escape", check=self.check(e["actor"], e), target=e["target"], level=e["highest_level"],
                        verdict=verdict))

    def on_reenter(self, e: dict) -> None:
        self.flush()
        self.say(self.t("reenter", actor=self.name(e["actor"]), to=self.square(e["to"])))

    def opening(self) -> None:
        """第0ターン: the deployment ranges of a battle not yet placed (NICOSW-1.6), then the state table."""
        self.add(Heading(self.t("turn_zero"), 2))
        ranges = tuple(self.t("deploy", side=self.side_name(sid), low=s["deploy"][0], high=s["deploy"][1])
                       for sid, s in self.sides.items() if "deploy" in s)
        if ranges and "start" not in self.setup:
            self.add(Lines(ranges))
        board = opening_board(self.log["state"], self.log["options"]["map_model"])
        self.state_blocks(board, caption=None, draw_map=any(st["at"] is not None for st in board.values()))

    def on_half_end(self, e: dict) -> None:
        self.flush()
        t = self.t
        self.state_blocks(e["board"], caption=t("half_end", half=t("half", round=e["round"], half=t(e["half"]),
                                                                   side=self.side_name(e["side"])).lstrip("◇ ")))

    def state_blocks(self, squares: dict, *, caption: str | None, draw_map: bool = True) -> None:
        """The state table of a board (NICOSW-10.1), and the map when it is small enough to draw."""
        rows = []
        for cid, st in squares.items():
            c = self.chars.get(cid, {})
            if c.get("parts"):
                hp = " ".join(f"{p.get('name', p['id'])}{self.num(cid, st['hp'][p['id']])}/{self.num(cid, p['hp'])}"
                              for p in c["parts"])
            else:
                hp = f"{self.num(cid, st['hp']['body'])}/{self.num(cid, c.get('hp'))}"
            if "mp" in st:  # NICOSW-8.7
                hp += f" MP{self.num(cid, st['mp'])}/{self.num(cid, c.get('mp'))}"
            states = "・".join([self.word(STATE_WORDS, s) for s in st["states"]]
                              + [f"「{name}」" if self.li == 0 else f"“{name}”" for name in st.get("effects", [])]) or "—"
            rows.append((self.name(cid), self.side_name(c.get("side", "")), self.square(st["at"]), hp, states))
        t = self.t
        self.add(Table.of([t("col_name"), t("col_side"), t("col_at"), t("col_hp"), t("col_states")], rows,
                          caption=caption))
        board = self.board(squares) if draw_map else None
        if board is not None:
            self.add(board)

    def board(self, squares: dict) -> Board | None:
        """The line (or grid) with who stands where; wide maps are left to the table."""
        m = self.setup["map"]
        length, width = m["length"], m.get("width", 1)
        if length > 40 or width > 20:
            return None
        cells: dict[tuple[int, int], list[str]] = {}
        fallen = []
        for cid, st in squares.items():
            out = [s for s in OUT_OF_BATTLE if s in st["states"]]
            if out:  # 戦闘不能, 死亡, 除外, off the map (NICOSW-9.3): marked in the picture
                fallen.append((self.name(cid), self.word(STATE_WORDS, out[0])))
            at = st["at"]
            if at is None:
                continue
            rc = (0, at) if isinstance(at, int) else (at[1], at[0])
            cells.setdefault(rc, []).append(self.name(cid))
        rows = tuple(str(r) for r in range(width)) if "width" in m else ("",)
        return Board(rows, tuple(str(x) for x in range(length)),
                     tuple(sorted((k, tuple(v)) for k, v in cells.items())), fallen=tuple(fallen))

    def on_round_end(self, e: dict) -> None:
        self.add(Lines.of(self.t("round_end", round=e["round"])))

    def on_outcome(self, e: dict) -> None:
        self.add(Lines.of(self.outcome(e)))

    def outcome(self, e: dict) -> str:
        if e["result"] == "ongoing":
            return self.t("outcome_ongoing")
        reason = self.t("why_" + e["reason"])
        if e["result"] == "win":
            return self.t("outcome_win", winner=self.side_name(e["winner"]), reason=reason)
        return self.t("outcome_draw", reason=reason)


def opening_board(state: dict, model: str) -> dict:
    """The board of a match before its first turn, in the shape of a ``half_end`` board: the log's
    state is then the setup's (squares only when the battle is under way, NICOSW-1.9)."""
    from .model import distance, square_of

    out_states = ("knocked_out", "dead", "removed", "off_map")
    able = {cid: square_of(c["at"], model) for cid, c in state["characters"].items()
            if c["at"] is not None and not any(s in out_states for s in c["states"])}
    board = {}
    for cid, c in state["characters"].items():
        hp = {p: v["hp"] for p, v in c["parts"].items()} if "parts" in c else {"body": c["hp"]}
        engaged = cid in able and any(state["characters"][o]["side"] != c["side"] and distance(sq, able[cid]) <= 1
                                      for o, sq in able.items())
        row = {"at": c["at"], "hp": hp, "states": c["states"] + (["engaged"] if engaged else [])}
        effects = [e["name"] for e in state["effects"] if e["bearer"] == cid]
        if effects:
            row["effects"] = effects
        if "mp" in c:
            row["mp"] = c["mp"]
        board[cid] = row
    return board


def outcome_line(log: dict, *, lang: str) -> str:
    """The report's outcome line (``dhproc summary``)."""
    return Renderer(log, lang, "gk").outcome(log["outcome"])


def skill_used(e: dict) -> tuple[str, str] | None:
    """``dhproc summary``: a skill used, by whom (NICOSW-8.6)."""
    return (e["actor"], e["name"]) if e["kind"] == "skill" else None


def killer(events: list[dict], at: int) -> str | None:
    """``dhproc summary``: who dealt the damage behind the 生死判定 or removal at ``events[at]`` (the
    log records the damage's source, not the check's): the attacker, the user of the skill, or the
    user of the lasting effect whose damage it was."""
    victim = events[at]["character"]
    hit = next((e for e in reversed(events[:at]) if e["kind"] == "damage" and e["character"] == victim), None)
    if hit is None:
        return None
    if "attack" in hit:
        return hit["attack"]
    if "skill" in hit:
        return next((e["actor"] for e in reversed(events[:at]) if e["kind"] == "skill" and e["skill"] == hit["skill"]),
                    None)
    if "effect_id" in hit:
        return next((e.get("by") for e in events[:at] if e["kind"] == "lasting" and e["effect_id"] == hit["effect_id"]),
                    None)
    return None


def report_blocks(log: dict, *, lang: str, view: str, turns: list[int]) -> list[Block]:
    return Renderer(log, lang, view).render(turns)


def render(log: dict, *, lang: str, view: str, turns: list[int]) -> str:
    return to_text(report_blocks(log, lang=lang, view=view, turns=turns))

