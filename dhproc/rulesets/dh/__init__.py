"""dh: 戦闘破壊学園ダンゲロス, basic rules 2.1 (grid map, phases, 移動 + 動作, 命中判定)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ...engine.roster import PerSetup
from ...engine.ruleset import Ruleset, TurnStatus
from . import campaign, checks, rules, status, support
from .abilities import DELAYS, library, parse_ability, uses_kind
from .model import Character, DhState, Side, parse_square
from .options import DELAY_OPTIONS, OPTIONS, RATE_OPTIONS, SWAP_OPTIONS, TRANSFER_OPTIONS


class Parsed(NamedTuple):
    """What one setup reads as, for every resolution of it."""

    board: Any
    abilities: dict[str, Any]  # each character's own ability (None: it has none)
    library: dict[str, Any]  # the grantable abilities by name
    unread: tuple[str, ...]  # the options its log leaves out (DhRuleset.logged_options)
    characters: tuple[dict[str, Any], ...]  # each Character's fields as the setup gives them, in setup order


def _parse(setup: dict) -> Parsed:
    board, _ = checks.board_of(setup)
    abilities = {cid: parse_ability(c.get("ability")) for cid, c in setup["characters"].items()}
    return Parsed(board, abilities, library(setup), _unread_options(setup), _character_fields(setup, abilities))


# What a setup reads as, parsed once for the many runs of one match (a simulation resolves the same
# setup under thousands of seeds): its MAP, each character's ability and the grantable abilities.
_parsed = PerSetup(_parse)


def _character_fields(setup: dict, abilities: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    """The fields each character starts a resolution with, before a continued match's state."""
    leaders = {sid: s.get("leader") for sid, s in setup["sides"].items()}
    return tuple(
        dict(id=cid, name=c["name"], side=c["side"], attack=c["attack"], defense=c["defense"],
             hp=c["hp"], spirit=c["spirit"], fs=c["fs"], movement=c.get("movement", 2),
             at=parse_square(c["at"]) if "at" in c else None, starter="at" in c,
             leader=leaders[c["side"]] == cid, ability=abilities[cid], order=i,
             gender=c.get("gender"), grade=c.get("grade"))  # what 対象制約 read (DH-1.6)
        for i, (cid, c) in enumerate(setup["characters"].items()))


def _unread_options(setup: dict) -> tuple[str, ...]:
    """The options a match of this setup never reads: those of 転校生 (DH-14) in a two-side match,
    those of 応援ボーナス and rate changes (DH-15, DH-11.20) in a match without either, that of
    ステータス入れ替え (DH-11.21) and those of delayed effects (DH-10.7, DH-10.8) likewise."""
    unread = () if checks.transfer_side(setup) is not None else TRANSFER_OPTIONS
    if not support.used(setup):
        unread += RATE_OPTIONS
    if not uses_kind(setup, ("stat_swap",), ("stat_swap",)):  # DH-11.21
        unread += SWAP_OPTIONS
    if not uses_kind(setup, (), ("delayed",), tuple(DELAYS), prepared=True):  # DH-10.7, DH-10.8
        unread += DELAY_OPTIONS
    return unread


class DhRuleset(Ruleset):
    id = "dh"
    name = "戦闘破壊学園ダンゲロス ベーシックルール2.1"
    name_en = "Dangerous (ダンゲロス) basic rules 2.1"
    version = "1"
    options = OPTIONS
    odds_module = "dhproc.rulesets.dh.odds"  # dhproc odds, --dice-plan's 確率, --luck
    setup_schema = "dh.setup"
    submissions_schema = "dh.submissions"

    def check(self, match):
        return checks.check_match(match)

    def commands(self, kit):
        from .commands import commands  # ability rate / ability tables

        return commands(kit)

    def warnings(self, match):
        if not any("rate" in (c.get("ability") or {}) for c in match.setup["characters"].values()):
            return []
        from .rate import rate_warnings

        return rate_warnings(match)

    def initial_state(self, match) -> DhState:
        setup = match.setup
        parsed = _parsed(setup)
        first = setup["first"]
        transfer = checks.transfer_side(setup)
        order = [first] + [s for s in setup["sides"] if s not in (first, transfer)] + ([transfer] if transfer else [])
        sides = {sid: Side(sid, setup["sides"][sid]["name"], setup["sides"][sid].get("leader"),
                           bonus=setup["sides"][sid].get("bonus"))
                 for sid in order}
        characters = {fields["id"]: Character(**fields) for fields in parsed.characters}
        start_targets = {cid: c["ability"]["start"] for cid, c in setup["characters"].items()
                         if "start" in (c.get("ability") or {})}
        initial = {cid: {s: getattr(ch, s) for s in ("attack", "defense", "hp", "spirit", "fs")}
                   for cid, ch in characters.items()}
        state = DhState(board=parsed.board, sides=sides, characters=characters, turn_limit=setup.get("turn_limit"),
                        initial=initial, start_targets=start_targets,
                        appeared=[cid for cid, ch in characters.items() if ch.starter],
                        reinforcements=list(setup.get("reinforcements", [])), transfer=transfer,
                        library=dict(parsed.library))
        campaign.apply_state(state, setup)  # a match continued mid-campaign (DH-12.1)
        if transfer is not None:
            _transfer_students(state, setup, match.options)
        sealed = characters.get(setup.get("sealed_character", ""))
        if sealed is not None and campaign.start_turn(setup) <= 2 and (campaign.start_turn(setup) == 1
                                                                       or sealed.withdrawn):
            # 封印キャラ (DH-4.6): off the MAP until its side's phase of turn 2; its パッシブ then
            sealed.withdrawn, sealed.withdrawn_from, state.sealed = True, sealed.at, sealed.id
            if sealed.id in state.appeared:
                state.appeared.remove(sealed.id)
        return state

    def logged_options(self, setup: dict, options: dict[str, Any]) -> dict[str, Any]:
        """A log leaves out the options its match never reads (``_unread_options``, worked out
        once per setup)."""
        unread = _parsed(setup).unread
        return {k: v for k, v in options.items() if k not in unread}

    def first_turn(self, setup: dict) -> int:
        return campaign.start_turn(setup)

    def setup_from_log(self, log: dict) -> dict:
        return campaign.setup_from_log(log)

    def resolve_turn(self, state: DhState, turn, ctx) -> TurnStatus:
        return rules.resolve_turn(state, turn, ctx)

    def is_over(self, state: DhState) -> bool:
        return state.outcome is not None

    def outcome(self, state: DhState) -> dict:
        return state.outcome or {"result": "ongoing", "winner": None, "reason": "in_progress"}

    def state_json(self, state: DhState) -> dict[str, Any]:
        """Same keys as the setup, plus what play adds (dead, dp)."""
        chars = {}
        for c in state.characters.values():
            # Base values as in the setup; lasting changes are listed under "effects".
            entry: dict[str, Any] = {"name": c.name, "side": c.side, "attack": c.attack, "defense": c.defense,
                                     "hp": c.hp, "spirit": c.spirit, "fs": c.fs, "movement": c.movement}
            if c.at is not None:
                entry["at"] = c.at.label
            bears = state.effects.bearing(c.id)  # the last four are lasting effects: none without one
            states = [s for s, on in (("dead", c.dead), ("dying", c.dying), ("withdrawn", c.withdrawn),
                                      ("resting", bears and status.resting(state, c)),
                                      ("incapacitated", bears and status.incapacitated(state, c)),
                                      ("counter_waiting", bears and status.counter_waiting(state, c)),
                                      ("barrier", bears and status.barrier(state, c))) if on]
            entry["states"] = states
            entry.update(campaign.character_state(c, state))
            chars[c.id] = entry
        return {
            "map": {"rows": state.board.rows, "cols": state.board.cols,
                    "walls": [w.label for w in sorted(state.board.walls)]},
            "sides": {s.id: {"name": s.name, "leader": s.leader, "dp": s.dp,
                             **({"transfer": True} if s.id == state.transfer else {}),
                             **({"bonus": s.bonus} if s.bonus is not None else {})} for s in state.sides.values()},
            "characters": chars,
            "phase": state.clocks.now(status.PHASE),
            "effects": [campaign.effect_json(e) for e in state.effects],
            "next_effect_id": state.effects.next_seq,
        }

    def figures_state(self, state: DhState) -> dict[str, Any]:
        """The parts of ``state_json`` a run's figures read: each side's DP, and of each
        character's states the one that takes it out of the battle (dead); dh's state has no
        down field."""
        return {"sides": {s.id: {"dp": s.dp} for s in state.sides.values()},
                "characters": {c.id: {"states": ["dead"] if c.dead else []} for c in state.characters.values()}}

    def report_blocks(self, log: dict, *, lang: str, view: str, turns: list[int]) -> list:
        from . import report  # the text report, imported when one is drawn: replay, simulate and validate draw none

        return report.report_blocks(log, lang=lang, view=view, turns=turns)

    def submission_aliases(self):
        from ...words.aliases import SubmissionAliases

        return SubmissionAliases(
            keys={"誰": "who", "キャラ": "who", "キャラクター": "who", "移動": "to", "移動先": "to", "経路": "path",
                  "攻撃": "attack", "通常攻撃": "attack", "待機": "wait", "能力": "ability", "特殊能力": "ability",
                  "対象": "targets", "効果": "effects", "位置": "at", "召喚": "summon", "支払い": "payer",
                  "空撃ち": "skip", "再行動": "then", "方向": "direction", "準備": "prepared", "能力名": "name",
                  "応援": "bonus", "応援ボーナス": "bonus", "発動": "activation", "命中": "hit", "成功": "success"},
            name_keys=frozenset({"who", "attack", "targets", "summon", "payer"}),
            values={"direction": {"上": "up", "下": "down", "左": "left", "右": "right"}}, then=_transfer_key)

    def event_rates(self):
        from .event_rates import RATES

        return RATES

    def summary_hooks(self):
        hooks = self.__dict__.get("_summary_hooks")
        if hooks is None:  # made once (they never change): a lean run reads them twice, a simulation every run
            from . import report  # the text report's module, imported when first needed
            from ...report.summary import SummaryHooks

            hooks = self._summary_hooks = SummaryHooks(dp_sides=_player_sides, cause=report.kill_cause)
        return hooks

    def grammar(self):
        from .grammar import GRAMMAR

        return GRAMMAR

    def outcome_text(self, log: dict, *, lang: str) -> str:
        from . import report

        return report.outcome_line(log, lang=lang)


def _player_sides(setup: dict) -> list[str]:
    """The sides that hold DP: all but a 転校生 side (DH-14.4)."""
    return [sid for sid, s in setup["sides"].items() if not s.get("transfer")]


TRANSFER_KEY = "転校生"  # a turn file's name for the 転校生 side's submission (DH-14.2)


def _transfer_key(submissions: Any, node: Any, setup: dict) -> None:
    """``転校生:`` in a turn's submissions stands for the 転校生 side, whatever its id."""
    from ...words.aliases import _rename_keys

    sides = setup.get("sides") if isinstance(setup, dict) else None
    if not isinstance(submissions, dict) or not isinstance(sides, dict) or TRANSFER_KEY not in submissions:
        return
    tid = next((sid for sid, s in sides.items() if isinstance(s, dict) and s.get("transfer") is True), None)
    if tid is not None and tid not in submissions:
        _rename_keys(submissions, node, lambda k: tid if k == TRANSFER_KEY else k)


def _transfer_students(state: DhState, setup: dict, options: dict[str, Any]) -> None:
    """転校生 (DH-14): 所持DP, ZoC and auto-success from the sheet or the options; one that arrives
    later is off the MAP until then (DH-14.3)."""
    first = campaign.start_turn(setup)
    for c in state.members(state.transfer or ""):
        entry = setup["characters"][c.id]
        c.transfer = True
        c.held_dp = entry.get("held_dp", options["transfer_held_dp"])
        c.zoc = entry.get("zoc", options["transfer_zoc"])
        c.auto_success = entry.get("auto_success", False)
        c.never_dying = options["transfer_dying"] == "immune"
        if "arrives" in entry and entry["arrives"] >= first and c.at is not None:
            state.transfer_arrivals[c.id] = (entry["arrives"], c.at)
            c.at, c.starter = None, False
            if c.id in state.appeared:
                state.appeared.remove(c.id)


RULESET = DhRuleset()
