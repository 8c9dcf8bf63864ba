"""The kagemiya processing report in the community's layout: the area and 巡, the participants, the
先手判定, each 巡's 手番 with every pool as the seed writes it — `(筋力4+援護3)D(6+0)+1 = [faces]+1 = 18`
— damage, 脱落, and the outcome (KAGEMIYA-10).

Built as report blocks (dhproc/report/document.py) from the log alone. ``--view public`` hides the
skills and 宝具 marked secret that were never used (KAGEMIYA-10.3).
"""

from __future__ import annotations

from ...report.document import Block, Board, Heading, Lines, Table
from ...report import header
from ...words.messages import Catalog
from ...engine.conditions import OPS
from ...words.messages import say
from . import messages  # noqa: F401  (registers the catalogue the report borrows from)
from . import standing, track
from .model import RANKS, STATS, KagemiyaState, parse_spell_kinds
from .options import OPTIONS

T = Catalog({
    "field": ("エリア：{area}　巡：{rounds}　{phase}", "Area: {area}   rounds (巡): {rounds}   {phase}"),
    "battle": ("戦闘フェイズ", "battle phase"),
    "ambush": ("奇襲フェイズ（{side}の裏切り）", "surprise phase (betrayal by {side})"),
    "mid": ("（{n}巡目まで処理済みの状態から）", "(starting after 巡 {n})"),
    "members": ("【参加者】", "[Participants]"),
    "members_at": ("【参加者（{n}巡目開始時）】", "[Participants at the start of round (巡) {n}]"),
    "at_end": ("【戦闘終了時】", "[At the end]"),
    "after_round": ("【{n}巡目終了時】", "[After round (巡) {n}]"),
    "round": ("■{n}巡目", "■ Round (巡) {n}"),
    "awaiting": ("【行動提出待ち】{side}", "[Awaiting the submission of] {side}"),
    "lapsed": ("{side}：{what}は{n}巡目の指示で、この巡には効かない（指示は1巡ごと）",
               "{side}: the {what} given for 巡 {n} does not hold in this 巡 (orders last one 巡)"),
    "initiative": ("【先手判定】", "[Initiative (先手判定)]"),
    "initiative_line": ("{side}：{name}　{pool}", "{side}: {name}   {pool}"),
    "escape_line": ("{side}：{name}（逃走判定）　{pool}", "{side}: {name} (escape)   {pool}"),
    "reroll_line": ("　振り直し {side}：{pool}", "  re-roll {side}: {pool}"),
    "stand_in": ("　→ 代わりに{name}が判定（{rule}。宣言した効果は使わない）",
                 "  → {name} rolls instead ({rule}; declaring nothing)"),
    "claim": ("　先手を取る効果：{kind}（ランク{rank}）", "  first-move effect: {kind} (rank {rank})"),
    "order": ("→ 行動順：{order}", "→ order: {order}"),
    "ambush_phase": ("【奇襲フェイズ】{side}の手番のみ（先手判定なし）",
                     "[Surprise phase] only {side} acts (no initiative)"),
    "side_turn": ("◆{side}の手番", "◆ {side}'s turn"),
    "attack": ("{actor} {type}→{target}", "{actor} {type} → {target}"),
    "support": ("　援護：{name}（{stat}{dice}をdiceとして与える）", "  support: {name} (gives {stat} {dice} as dice)"),
    "atk_pool": ("　攻撃：{pool}", "  attack: {pool}"),
    "def_pool": ("　防御：{name} {type}　{pool}", "  defence: {name} {type}   {pool}"),
    "used": ("　　使用：{items}", "    using: {items}"),
    "order_if": ("　防御指示{n}：{facts} {mark}", "  defence order {n}: {facts} {mark}"),
    "order_if_after": ("　防御指示{n}（防御判定の後）：{facts} {mark}", "  defence order {n} (after the defence roll): {facts} {mark}"),
    "order_if_react": ("　攻撃側の対応{n}（防御判定を見て）：{facts} {mark}",
                       "  attacker's reaction {n} (seeing the defence): {facts} {mark}"),
    "reroll": ("　{who}：{spell}で{check}を振り直す（令呪 残り{left}）", "  {who}: {spell} re-rolls the {check} ({left} 令呪 left)"),
    "spell_suicide": ("{who}：{spell}→{servant}は自害する（令呪 残り{left}）",
                      "{who}: {spell} → {servant} takes its own life ({left} 令呪 left)"),
    "passed": ("　　《{name}》は{check}には使えない", "    《{name}》 does not apply to {check}"),
    "hit": ("　→ {a}＞{d}：{damage}ダメージ", "  → {a} > {d}: {damage} damage"),
    "no_hit": ("　→ {a}≦{d}：ダメージなし", "  → {a} ≤ {d}: no damage"),
    "hit_on": ("　→ {name}：{a}＞{d}：{damage}ダメージ", "  → {name}: {a} > {d}: {damage} damage"),
    "no_hit_on": ("　→ {name}：{a}≦{d}：ダメージなし", "  → {name}: {a} ≤ {d}: no damage"),
    "damage": ("　{name} HP {before}→{after}", "  {name} HP {before}→{after}"),
    "eliminated": ("　{name} 脱落（{why}）", "  {name} drops out ({why})"),
    "protected": ("　{name} は監督役の保護下へ（戦闘から離脱）", "  {name} goes under the supervisor's protection"),
    "row_change": ("　{name} が前衛に出る（前衛不在のため）", "  {name} moves to the front row (front row empty)"),
    "side_out": ("　{side} 全員脱落", "  {side}: nobody left"),
    "escape": ("{actor} 逃走判定", "{actor} tries to escape"),
    "escaped": ("→ {side} 逃走成功：{to}へ移動", "→ {side} escapes to {to}"),
    "escaped_gk": ("→ {side} 逃走成功：移動先はGKが指定", "→ {side} escapes; the GK names the area"),
    "escape_failed_init": ("→ {side} 逃走失敗（先手は{first}）：行動順はそのまま",
                           "→ {side} fails to escape ({first} came first): the order stands"),
    "escape_failed_turn": ("→ {side} 逃走失敗（先手は{first}）：手番終了",
                           "→ {side} fails to escape ({first} came first): its turn ends"),
    "pass": ("{actor} 行動しない", "{actor} passes"),
    "no_actions": ("（行動なし）", "(no actions)"),
    "cancel": ("{who}：{what}は行われない（{why}）", "{who}: no {what} ({why})"),
    "spell_heal": ("{who}：{spell}→{servant} HP {before}→{after}（令呪 残り{left}）",
                   "{who}: {spell} → {servant} HP {before}→{after} ({left} 令呪 left)"),
    "spell_swap_row": ("{who}：{spell}→{servant}が{row}へ（令呪 残り{left}）",
                       "{who}: {spell} → {servant} to the {row} row ({left} 令呪 left)"),
    "spell_restore": ("{who}：{spell}→{servant}の宝具{np}の使用回数が1回戻る（令呪 残り{left}）",
                      "{who}: {spell} → {servant}'s NP {np} gets one use back ({left} 令呪 left)"),
    "redirect": ("　{who}：{spell}→攻撃は{servant}へ（令呪 残り{left}）",
                 "  {who}: {spell} → the attack goes to {servant} ({left} 令呪 left)"),
    "at_target": ("{target}への{what}", "{what} at {target}"),
    "outcome": ("【結果】", "[Result]"),
    "win": ("{side}の勝利（{reason}）", "{side} wins ({reason})"),
    "draw": ("勝者なし（{reason}）", "no winner ({reason})"),
    "ongoing": ("■未処理（行動提出待ち）", "■ Not resolved yet (awaiting submissions)"),
    "ongoing_battle": ("戦闘継続中（{n}/{rounds}巡）", "battle continues ({n}/{rounds} rounds)"),
    "secret": ("？？？", "???"),
})
WORDS = {
    "ja": {"strength": "筋力", "endurance": "耐久", "agility": "敏捷", "mana": "魔力", "luck": "幸運",
           "noble_phantasm": "宝具", "support": "援護", "physical": "物理攻撃", "magical": "魔術攻撃",
           "ambush": "奇襲攻撃", "pass": "行動", "physical_defense": "物理防御", "magical_defense": "魔術防御",
           "ambush_defense": "奇襲防御", "initiative": "先手判定", "escape": "逃走判定",
           "physical_attack": "物理攻撃", "magical_attack": "魔術攻撃", "ambush_attack": "奇襲攻撃",
           "skill": "スキル", "command_spell": "令呪", "doubling": "倍加", "servant": "サーヴァント",
           "master": "マスター", "front": "前衛", "back": "後衛", "attack": "攻撃", "fighting": "",
           "escaped": "逃走", "out": "全滅", "eliminated_state": "脱落", "protected_state": "保護",
           "support_action": "援護", "total": "達成値", "dice": "ダイス数", "type": "種類", "hp": "HP",
           "max_hp": "最大HP", "attacker": "攻撃者", "kind": "種別", "command_spells": "令呪の残り",
           "defense": "防御", "damage": "受けるダメージ", "amount": "", "uses_left": "残り使用回数"},
    "en": {"strength": "STR", "endurance": "END", "agility": "AGI", "mana": "MAG", "luck": "LUK",
           "noble_phantasm": "NP", "support": "support", "physical": "physical attack", "magical": "magical attack",
           "ambush": "surprise attack", "pass": "action", "physical_defense": "physical defence", "magical_defense": "magical defence",
           "ambush_defense": "surprise defence", "initiative": "initiative", "escape": "escape",
           "physical_attack": "physical attack", "magical_attack": "magical attack", "ambush_attack": "surprise attack",
           "skill": "skill", "command_spell": "command spell", "doubling": "doubling", "servant": "servant",
           "master": "master", "front": "front", "back": "back", "attack": "attack", "fighting": "",
           "escaped": "escaped", "out": "out", "eliminated_state": "out", "protected_state": "protected",
           "support_action": "support", "total": "total", "dice": "dice", "type": "type", "hp": "HP",
           "max_hp": "max HP", "attacker": "attacker", "kind": "kind", "command_spells": "令呪 left",
           "defense": "defence", "damage": "damage about to be taken", "amount": "", "uses_left": "uses left"},
}
REASONS = {
    "ja": {"out_of_battle": "戦闘にいない", "back_row": "後衛", "no_action_left": "行動回数なし",
           "turn_ended": "逃走失敗で手番終了", "target_out_of_battle": "対象が戦闘にいない",
           "target_in_back_row": "対象が後衛", "no_front": "前衛がいない", "no_uses_left": "使用回数なし",
           "no_command_spells_left": "令呪の残りなし", "no_master": "令呪を払うマスターがいない",
           "hp_zero": "HP0", "master_lost": "マスター脱落により消滅", "eliminated": "他の陣営が全員脱落",
           "rounds_over": "全巡終了", "escaped": "他の陣営が逃走", "ambush_over": "奇襲フェイズ終了",
           "supported_this_round": "この巡に援護したため", "one_noble_phantasm": "1回の判定に宝具は1つまで",
           "front_would_empty": "前衛がいなくなる", "nothing_to_restore": "戻す宝具の使用回数がない",
           "no_servant": "サーヴァントが戦闘にいない", "battle_over": "決着がついた",
           "side_escaped": "陣営が逃走済み", "side_out": "陣営が脱落済み", "command_spell": "令呪による自害"},
    "en": {"out_of_battle": "not in the battle", "back_row": "back row", "no_action_left": "no action left",
           "turn_ended": "turn ended by a failed escape", "target_out_of_battle": "target not in the battle",
           "target_in_back_row": "target in the back row", "no_front": "nobody in front",
           "no_uses_left": "no uses left", "no_command_spells_left": "no 令呪 left",
           "no_master": "no master to pay the 令呪", "hp_zero": "HP 0", "master_lost": "its master dropped out",
           "eliminated": "every other 陣営 is out", "rounds_over": "every 巡 played",
           "escaped": "the others escaped", "ambush_over": "the surprise phase is over",
           "supported_this_round": "it gave 援護 this round", "one_noble_phantasm": "one 宝具 per check",
           "front_would_empty": "it would leave nobody in front", "nothing_to_restore": "no 宝具 use to give back",
           "no_servant": "no servant in the battle", "battle_over": "the battle is decided",
           "side_escaped": "its 陣営 has escaped", "side_out": "its 陣営 is out",
           "command_spell": "its master's 令呪 of 自害"},
}
HEADERS = {
    "ja": ["陣営", "名前", "種別", "列", "筋力", "耐久", "敏捷", "魔力", "幸運", "宝具", "HP", "令呪"],
    "en": ["side", "name", "kind", "row", "STR", "END", "AGI", "MAG", "LUK", "NP", "HP", "CS"],
}


def report_blocks(log: dict, *, lang: str, view: str, turns: list[int]) -> list[Block]:
    return Renderer(log, lang, view, turns).blocks(turns)


AREA_WORDS = Catalog({"gk_area": ("（GKが指定）", "(the GK names it)")})


def areas_board(log: dict, *, lang: str) -> Board:
    """The picture's map (``dhproc render``; the report itself has none, KAGEMIYA-10.1): the area
    the battle is in (KAGEMIYA-1.1) with each character in its 前衛 or 後衛, and the area each
    side that escaped went to (KAGEMIYA-6); the 脱落 struck through where they fell."""
    state = track.followed(log)
    w = WORDS[lang]
    battle = log["input"]["match"]["setup"].get("area") or "-"
    area_of = {sid: (side.escaped_to or AREA_WORDS.lang(lang)("gk_area")) if side.escaped else battle
               for sid, side in state.sides.items()}
    columns = list(dict.fromkeys([battle, *area_of.values()]))
    rows = ("front", "back")
    cells: dict[tuple[int, int], list[str]] = {}
    for c in state.characters.values():
        cells.setdefault((rows.index(c.row), columns.index(area_of[c.side])), []).append(c.name)
    fallen = tuple((c.name, w["eliminated_state"]) for c in state.characters.values() if c.eliminated)
    return Board(tuple(w[r] for r in rows), tuple(columns), tuple(sorted((k, tuple(v)) for k, v in cells.items())),
                 fallen=fallen)


def resources_used(e: dict) -> list[tuple[str, str]]:
    """``dhproc summary``: (who, what) for each skill, 宝具, 倍加 and 令呪 a check applied."""
    if e["kind"] != "check":
        return []
    return [(e["actor"], p["name"]) for p in e["parts"] if p["part"] != "support"]


KILL_CAUSES = Catalog({"command_spell": ("（令呪・自害）", "(command spell: suicide)")})


def kill_cause(e: dict, lang: str) -> str | None:
    """``dhproc summary``: a 脱落 nobody dealt — a servant ordered to die by its master's 令呪."""
    return KILL_CAUSES.lang(lang)(e["cause"]) if e["cause"] == "command_spell" else None


def knocked_out_by(events: list[dict], at: int) -> str | None:
    """``dhproc summary``: who dealt the 脱落 at ``events[at]``: the attacker whose damage took the
    HP to 0, or, for a servant that vanished with its master (KAGEMIYA-8.2), the master's."""
    e = events[at]
    if e["cause"] == "command_spell":  # 自害 (KAGEMIYA-11.7): its master's order, nobody's blow
        return None
    if e["cause"] == "master_lost":  # the master's 脱落 comes just before its servants'
        master = next((i for i in range(at - 1, -1, -1) if events[i]["kind"] == "eliminated"
                       and events[i]["side"] == e["side"] and events[i]["cause"] != "master_lost"), None)
        return None if master is None else knocked_out_by(events, master)
    hit = next((x for x in reversed(events[:at]) if x["kind"] == "damage" and x["target"] == e["character"]), None)
    return None if hit is None else hit["by"]


def outcome_line(log: dict, *, lang: str) -> str:
    """The report's outcome line (``dhproc summary``)."""
    awaiting = bool(log["turns"]) and log["turns"][-1]["status"] == "awaiting"
    return Renderer(log, lang, "gk", []).outcome(track.followed(log), awaiting=awaiting)


class Renderer:
    def __init__(self, log: dict, lang: str, view: str, turns: list[int]):
        self.log, self.lang, self.view = log, lang, view
        self.t = T.lang(lang)
        self.w = WORDS[lang]
        self.why = REASONS[lang]
        self.setup = log["input"]["match"]["setup"]
        self.state = track.start(log)  # followed event by event as the turns are told
        self.chars = self.state.characters
        self.sides = {sid: s["name"] for sid, s in self.setup["sides"].items()}
        self.several = False  # whether the attack being told has several targets
        self.kinds = parse_spell_kinds(self.setup.get("command_spell_kinds"))
        self.last_shown = max(turns, default=0)
        events = [e for t in log["turns"] if t["turn"] <= self.last_shown for e in t["events"]]
        used = {(e["actor"], p["id"]) for e in events if e["kind"] == "check" for p in e["parts"]}
        # KAGEMIYA-10.3: secrets never used stay hidden in the public view
        self.hidden = {(cid, rid) for cid, c in self.chars.items() for rid, r in c.resources.items()
                       if r.secret and (cid, rid) not in used} if view == "public" else frozenset()
        self.out: list[Block] = []
        self.buf: list[str] = []
        self.mode = "initiative"  # initiative: the 先手判定 of a 巡; turn: a 陣営's 手番
        self.initiative_shown = False
        self.stood_down: dict[str, bool] = {}  # 陣営 whose named roller could not roll: the next roll is a stand-in
        self.open_turn: Heading | None = None  # the heading of the 手番 being reported
        self.turn_now: dict = {}  # the logged turn being told

    def name(self, cid: str | None) -> str:
        return self.chars[cid].name if cid in self.chars else str(cid)

    def side(self, sid: str | None) -> str:
        return self.sides.get(sid or "", str(sid))

    def flush(self) -> None:
        if self.buf:
            self.out.append(Lines(tuple(self.buf)))
            self.buf = []

    def block(self, b: Block) -> None:
        self.flush()
        if self.out and self.out[-1] is self.open_turn:  # a 手番 in which nothing happened
            self.out.append(Lines((self.t("no_actions"),)))
        self.open_turn = None
        self.out.append(b)

    # ------------------------------------------------------------------ whole report

    def blocks(self, turns: list[int]) -> list[Block]:
        log, t = self.log, self.t
        from ...engine.ruleset import get_ruleset

        ruleset = get_ruleset(log["ruleset"])  # this one, found as any reader finds it: the report never imports its package

        self.out.append(Heading(header.title_line(log, self.lang), 1))
        setup = self.setup
        phase = t("ambush", side=self.side(setup.get("ambusher"))) if setup.get("phase") == "ambush" else t("battle")
        head = [header.rules_line(log, name=ruleset.name if self.lang == "ja" else ruleset.name_en, lang=self.lang),
                t("field", area=setup.get("area", "-"), rounds=setup["rounds"], phase=phase)]
        played = setup.get("progress", {}).get("rounds_played", 0)
        if played:
            head.append(t("mid", n=played))
        head.append(header.options_line(log, options=OPTIONS, lang=self.lang))
        self.out.append(Lines(tuple(head)))
        told = [turn for turn in log["turns"] if turn["turn"] <= self.last_shown]
        for turn in told:  # the turns before the first shown only move the state on
            if turn["turn"] in turns:
                break
            self.follow(turn)
        self.participants(after_a_turn=bool(told) and told[0]["turn"] not in turns)
        for turn in told:
            if turn["turn"] in turns:
                self.turn_now = turn
                for e in turn["events"]:
                    self.event(e)
                self.flush()
                self.follow(turn)
            elif turn["turn"] > min(turns):
                self.follow(turn)
        awaiting = bool(told) and told[-1]["status"] == "awaiting"
        self.block(Heading(t("outcome"), 2))
        self.buf.append(self.outcome(self.state, awaiting=awaiting))
        self.flush()
        if any(turn["turn"] in turns and turn["status"] == "complete" for turn in told):
            caption = t("at_end") if self.state.outcome else t("after_round", n=self.state.rounds_played)
            self.out.append(self.table(caption, self.rows()))
            self.resource_lines()
        return self.out

    def lapsed_orders(self) -> None:
        """KAGEMIYA-5.12 (one_round): the orders of the 巡 before that this 巡's submissions do not give again."""
        if self.log["options"].get("standing_orders") != "one_round":
            return
        inputs = self.log["input"]["turns"]
        at = next(i for i, t in enumerate(inputs) if t["turn"] == self.turn_now["turn"])
        if at == 0:
            return
        earlier = inputs[at - 1]
        for sid, sub in inputs[at]["submissions"].items():
            for path in standing.dropped(earlier["submissions"].get(sid, {}), sub):
                what = say(f"kagemiya.order_word.{path[0]}", self.lang, cid=self.name(path[1]) if len(path) > 1 else "")
                self.buf.append(self.t("lapsed", side=self.side(sid), what=what, n=earlier["turn"]))

    def follow(self, turn: dict) -> None:
        track.follow_turn(self.state, self.log, turn)

    def participants(self, *, after_a_turn: bool) -> None:
        """KAGEMIYA-10.1: who takes part, as the first 巡 shown finds them."""
        caption = self.t("members_at", n=self.state.rounds_played + 1) if after_a_turn else self.t("members")
        self.out.append(self.table(caption, self.rows()))
        self.resource_lines()

    def table(self, caption: str, rows: list[list]) -> Table:
        return Table.of(HEADERS[self.lang], rows, caption)

    def resource_lines(self) -> None:
        """Each character's skills, 宝具 (uses left / uses) and 倍加, one line each."""
        lines = [f"{c.name}：{self.resources(cid)}" if self.lang == "ja" else f"{c.name}: {self.resources(cid)}"
                 for cid, c in self.chars.items() if c.resources]
        if lines:
            self.out.append(Lines(tuple(lines)))

    def resources(self, cid: str) -> str:
        c = self.chars[cid]
        items = []
        for rid, r in c.resources.items():
            if (cid, rid) in self.hidden:
                items.append(self.t("secret"))
                continue
            uses = "" if r.uses is None else f" {r.uses - c.used.get(rid, 0)}/{r.uses}"
            items.append(f"{self.w[r.kind]}《{r.name}》{uses}")
        return "　".join(items) if self.lang == "ja" else ", ".join(items)

    def paren(self, text: str) -> str:
        if not text:
            return ""
        return f"（{text}）" if self.lang == "ja" else f" ({text})"

    def rows(self) -> list[list]:
        """The state table's rows: each character's row, HP and 令呪 now, and why it is not fighting."""
        rows = []
        for cid, c in self.state.characters.items():
            side_status = self.state.sides[c.side]
            flag = ("eliminated_state" if c.eliminated else "protected_state" if c.protected else
                    "escaped" if side_status.escaped else "out" if side_status.out else None)
            data = self.setup["characters"][cid]
            rows.append([self.side(c.side), c.name + self.paren(self.w[flag] if flag else ""), self.w[c.kind],
                         self.w[c.row], *[data[k] for k in STATS], data.get("noble_phantasm", "-"),
                         f"{c.hp}/{c.max_hp}", c.command_spells if c.kind == "master" else "-"])
        return rows

    def outcome(self, state: KagemiyaState, *, awaiting: bool) -> str:
        t, outcome = self.t, state.outcome
        if outcome is not None:
            reason = self.why.get(outcome["reason"], outcome["reason"])
            if outcome["result"] == "win":
                return t("win", side=self.side(outcome["winner"]), reason=reason)
            return t("draw", reason=reason)
        if awaiting:
            return t("ongoing")
        return t("ongoing_battle", n=state.rounds_played, rounds=state.rounds)

    # ------------------------------------------------------------------ events

    def event(self, e: dict) -> None:
        t, w, k = self.t, self.w, e["kind"]
        if k == "round_start":
            self.block(Heading(t("round", n=e["round"]), 2))
            self.mode, self.initiative_shown = "initiative", False
            self.lapsed_orders()
        elif k == "awaiting":
            self.buf.append(t("awaiting", side=self.side(e["side"])))
        elif k == "ambush_phase":
            self.mode = "turn"
            self.buf.append(t("ambush_phase", side=self.side(e["side"])))
        elif k == "side_turn":
            self.mode = "turn"
            heading = Heading(t("side_turn", side=self.side(e["side"])), 3)
            self.block(heading)
            self.open_turn = heading
        elif k == "check":
            self.check(e)
        elif k == "order":
            self.buf.append(t("order", order=" → ".join(self.side(s) + self.claim(e["claims"][s]) for s in e["order"])))
        elif k == "attack":
            self.flush()
            self.several = "targets" in e  # KAGEMIYA-5.11: each result names its target
            names = ("、" if self.lang == "ja" else ", ").join(self.name(c) for c in e.get("targets", [e["target"]]))
            self.buf.append(t("attack", actor=self.name(e["actor"]), type=w[e["type"]], target=names))
        elif k == "support":
            self.buf.append(t("support", name=self.name(e["actor"]), stat=w[e["stat"]], dice=e["dice"]))
        elif k == "standing_order":
            facts = "、".join(f"{self.fact_subject(e['character'], f)} {f['value']}"
                             f"{OPS[f['op']][0]}{f['operand']}" for f in e["facts"])
            key = {"after_roll": "order_if_after", "react": "order_if_react"}.get(e.get("stage"), "order_if")
            self.buf.append(t(key, n=e["entry"] + 1, facts=facts, mark="○" if e["holds"] else "×"))
        elif k == "reroll":
            self.buf.append(t("reroll", who=self.name(e["character"]), spell=self.kinds[e["command_spell"]].name,
                              check=w[e["check"]], left=e["left"]))
        elif k == "passed_over":
            self.passed(e)
        elif k == "command_spell":
            self.spell(e)
        elif k == "redirect":
            self.buf.append(t("redirect", who=self.name(e["character"]), spell=self.kinds[e["command_spell"]].name,
                              servant=self.name(e["to"]), left=e["left"]))
        elif k == "attack_result":
            key = ("hit" if e["damage"] else "no_hit") + ("_on" if self.several else "")
            self.buf.append(t(key, a=e["attack"], d=e["defense"], damage=e["damage"], name=self.name(e["target"])))
        elif k == "damage":
            self.buf.append(t("damage", name=self.name(e["target"]), before=e["before"], after=e["after"]))
        elif k == "eliminated":
            self.buf.append(t("eliminated", name=self.name(e["character"]), why=self.why[e["cause"]]))
        elif k == "protected":
            self.buf.append(t("protected", name=self.name(e["character"])))
        elif k == "row_change":
            self.buf.append(t("row_change", name=self.name(e["character"])))
        elif k == "side_out":
            self.buf.append(t("side_out", side=self.side(e["side"])))
        elif k == "escape":
            self.flush()
            self.buf.append(t("escape", actor=self.name(e["actor"])))
        elif k == "escaped":
            self.buf.append(t("escaped", side=self.side(e["side"]), to=e["to"]) if e["to"] else
                            t("escaped_gk", side=self.side(e["side"])))
        elif k == "escape_failed":
            key = "escape_failed_init" if e["when"] == "initiative" else "escape_failed_turn"
            self.buf.append(t(key, side=self.side(e["side"]), first=self.side(e["first"])))
        elif k == "pass":
            self.flush()
            self.buf.append(t("pass", actor=self.name(e["actor"])))
        elif k == "cancel":
            self.cancel(e)

    def fact_subject(self, cid: str, f: dict) -> str:
        """What a condition read, in words: 攻撃の達成値, セイバーのHP, 攻撃者の筋力, 《名》の残り使用回数."""
        of, attr, w = f["of"], f["attr"], self.w
        if of == "uses_left":
            name = self.t("secret") if (cid, attr) in self.hidden else f"《{self.chars[cid].resources[attr].name}》"
            return name + ("の" if self.lang == "ja" else " ") + w["uses_left"]
        who = self.name(cid) if of == "self" else w[of]
        return who + (("の" if self.lang == "ja" else " ") + w[attr] if w[attr] else "")

    def claim(self, claim: list[int]) -> str:
        """KAGEMIYA-3.2: a first-move claim, shown after the 陣営 that made it."""
        if not claim[0]:
            return ""
        kind = self.w["noble_phantasm" if claim[0] == 2 else "skill"]
        return f"（先手：{kind}{_rank(claim[1])}）" if self.lang == "ja" else f" (first move: {kind} {_rank(claim[1])})"

    def passed(self, e: dict) -> None:
        cid, rid = e["character"], e.get("resource")
        if rid is None or (cid, rid) in self.hidden:
            return
        self.buf.append(self.t("passed", name=self.chars[cid].resources[rid].name, check=self.w[e["check"]]))

    def spell(self, e: dict) -> None:
        """KAGEMIYA-11: a 令呪 used outside a check, one line."""
        self.flush()
        head = {"who": self.name(e["actor"]), "spell": self.kinds[e["command_spell"]].name,
                "servant": self.name(e["target"]), "left": e["left"]}
        if e["effect"] == "heal":
            self.buf.append(self.t("spell_heal", **head, before=e["before"], after=e["after"]))
        elif e["effect"] == "suicide":
            self.buf.append(self.t("spell_suicide", **head))
        elif e["effect"] == "swap_row":
            self.buf.append(self.t("spell_swap_row", **head, row=self.w[e["row"]]))
        else:
            cid, rid = e["target"], e["resource"]
            np = self.t("secret") if (cid, rid) in self.hidden else f"《{self.chars[cid].resources[rid].name}》"
            self.buf.append(self.t("spell_restore", **head, np=np))

    def cancel(self, e: dict) -> None:
        if e.get("what") in ("initiative", "escape") and "side" in e:  # a roller that cannot roll
            self.open_initiative()
            if "actor" in e:
                self.stood_down[e["side"]] = True
        who = self.name(e.get("actor") or e.get("character")) if (e.get("actor") or e.get("character")) \
            else self.side(e.get("side"))
        if "resource" in e:
            cid, rid = e["character"], e["resource"]
            what = self.t("secret") if (cid, rid) in self.hidden else f"《{self.chars[cid].resources[rid].name}》"
        elif "command_spell" in e and "action" in e:  # a 令呪 used on its own (KAGEMIYA-11): its kind
            what = self.kinds[e["command_spell"]].name
        elif "command_spell" in e:
            what = self.w["command_spell"]
        elif "what" in e:
            what = self.w["support_action" if e["what"] == "support" else e["what"]]
        else:
            what = self.w.get(e.get("do", ""), e.get("do", ""))
        if "of_targets" in e:  # one of several targets (KAGEMIYA-5.11): the attack goes on at the others
            what = self.t("at_target", target=self.name(e["target"]), what=what)
        self.buf.append(self.t("cancel", who=who, what=what, why=self.why.get(e["reason"], e["reason"])))

    def open_initiative(self) -> None:
        if self.mode == "initiative" and not self.initiative_shown:
            self.block(Heading(self.t("initiative"), 3))
            self.initiative_shown = True

    def check(self, e: dict) -> None:
        t = self.t
        pool = self.pool(e)
        purpose = e["purpose"]
        self.open_initiative()
        if purpose in ("initiative", "escape"):
            if e["side"] in self.stood_down:  # KAGEMIYA-3.1: who rolls instead, and why that one
                del self.stood_down[e["side"]]
                rule = say(f"kagemiya.stand_in_rule.{self.log['options'].get('escape_roller', 'highest_agility')}",
                           self.lang)
                self.buf.append(t("stand_in", name=self.name(e["actor"]), rule=rule))
            key = "initiative_line" if purpose == "initiative" else "escape_line"
            self.buf.append(t(key, side=self.side(e["side"]), name=self.name(e["actor"]), pool=pool))
        elif purpose == "reroll":
            self.buf.append(t("reroll_line", side=self.side(e["side"]), pool=pool))
        elif purpose == "attack":
            self.buf.append(t("atk_pool", pool=pool))
        else:
            self.buf.append(t("def_pool", name=self.name(e["actor"]), type=self.w[e["check"]], pool=pool))
        used = self.used(e)
        if used and purpose != "reroll":
            self.buf.append(t("used", items="　".join(used) if self.lang == "ja" else ", ".join(used)))

    def used(self, e: dict) -> list[str]:
        items = []
        for p in e["parts"]:
            if p["part"] == "support":
                continue
            grants = [f"{k}{p[k]:+d}" for k in ("dice", "sides", "modifier") if p.get(k)]
            label = f"{self.w[p['part']]}《{p['name']}》"
            if p["part"] == "doubling":
                grants.insert(0, f"{self.w[p['stat']]}×{p['multiplier']}")
            grant = ", ".join(grants)
            if p.get("first_move"):  # KAGEMIYA-3.2: after what it adds, or alone when it adds nothing
                grant += ("、先手" if self.lang == "ja" else ", first move") if grant else \
                    ("先手" if self.lang == "ja" else "first move")
            note = ""
            if p["part"] == "command_spell":
                note = (f" {self.name(p['payer'])} 残り{p['left']}画" if self.lang == "ja"
                        else f" {self.name(p['payer'])}: {p['left']} left")
            items.append(f"{label}({grant}){note}" if grant else f"{label}{note}")
        return items

    def pool(self, e: dict) -> str:
        """KAGEMIYA-10.2: (stat + named dice)D(6 + sides) + modifier = [faces] + modifier = total."""
        w = self.w
        count = f"{w[e['stat']]}{e['stat_value']}" + (f"×{e['multiplier']}" if e["multiplier"] != 1 else "")
        for p in e["parts"]:
            if p.get("dice"):
                label = w["support"] if p["part"] == "support" else p["name"]
                count += f"{'+' if p['dice'] > 0 else '-'}{label}{abs(p['dice'])}"
        mod = e["modifier"]
        head = f"({count})D(6{e['sides']:+d}){mod:+d}"
        if e["dice"] == 0:
            return f"{head} = {mod} = {e['total']}"
        faces = "[" + ",".join(map(str, e["faces"])) + "]"
        return f"{head} = {faces}{f'{mod:+d}' if mod else ''} = {e['total']}"


def _rank(n: int) -> str:
    return next((r for r, v in RANKS.items() if v == n), str(n))
