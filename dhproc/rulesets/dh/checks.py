"""Semantic checks of a dh match that a schema cannot express, each located in its file."""

from __future__ import annotations

from typing import Any

from ...errors import Problem
from ...words.messages import say
from . import messages as _messages  # noqa: F401  (registers the dh catalogue)
from .abilities import BEFORE_WHEN
from .effect_kinds import LASTING, TARGETLESS
from .model import DEFAULT_COLS, DEFAULT_ROWS, Board, Square, col_label, parse_square
from .support import points_of


def board_of(setup: dict[str, Any]) -> tuple[Board, list[tuple[tuple, str]]]:
    """The Board, and (path, message) pairs for wall squares that are not on it."""
    bad: list[tuple[tuple, str]] = []
    if "map" not in setup:
        from .model import DEFAULT_WALLS

        walls = frozenset(parse_square(w) for w in DEFAULT_WALLS)
        return Board(DEFAULT_ROWS, DEFAULT_COLS, walls), bad  # type: ignore[arg-type]
    m = setup["map"]
    rows, cols = m.get("rows", DEFAULT_ROWS), m.get("cols", DEFAULT_COLS)
    probe = Board(rows, cols, frozenset())
    walls: list[Square] = []
    for i, w in enumerate(m.get("walls", [])):
        sq, msg = square_problem(w, probe)
        if msg:
            bad.append((("map", "walls", i), msg))
        else:
            walls.append(sq)
    return Board(rows, cols, frozenset(walls)), bad


def square_problem(text: str, board: Board) -> tuple[Square | None, str | None]:
    sq = parse_square(text)
    if sq is None:
        return None, say("dh.not_square", text=text)
    if not board.on_board(sq):
        last = Square(board.rows - 1, board.cols - 1).label
        return None, say("dh.off_map", text=text, last=last)
    return sq, None


def home_columns(board: Board, first: str, side: str, rule: str) -> tuple[int, int]:
    """The two edge columns a side's starters are placed in (DH-1.7): the 先攻 side's on the left
    with ``first_left``, on the right with ``first_right``; the other side's at the other edge."""
    left = (side == first) == (rule == "first_left")
    return (0, 1) if left else (board.cols - 2, board.cols - 1)


def is_starter(c: dict) -> bool:
    """A スタメン: placed at the start (a continued match marks summoned ones ``starter: false``)."""
    return "at" in c and c.get("starter", True)


TRANSFER_KEYS = ("held_dp", "zoc", "arrives", "auto_success")  # what only a 転校生's entry may say


def transfer_side(setup: dict) -> str | None:
    """The 転校生 side's id (DH-14.1), or None in a two-side match."""
    return next((sid for sid, s in setup["sides"].items() if s.get("transfer")), None)


def _transfer_problems(setup: dict, at: Any) -> None:
    """DH-14.1: two player sides and at most one 転校生 side, never 先攻; the 転校生 keys only on
    its characters, a late arrival with its square."""
    sides = setup["sides"]
    transfers = [sid for sid, s in sides.items() if s.get("transfer")]
    for sid in transfers[1:]:
        at(("sides", sid, "transfer"), say("dh.transfer_twice", other=transfers[0]))
    if len(sides) - len(transfers) != 2:
        at(("sides",), say("dh.player_sides", count=len(sides) - len(transfers)))
    if setup["first"] in transfers:
        at(("first",), say("dh.first_transfer"))
    for cid, c in setup["characters"].items():
        for key in TRANSFER_KEYS:
            if key in c and c["side"] not in transfers:
                at(("characters", cid, key), say("dh.transfer_only", key=key), key=True)
        if "arrives" in c and c["side"] in transfers and "at" not in c:
            at(("characters", cid, "arrives"), say("dh.arrives_needs_at"), key=True)


def check_match(match: Any) -> list[Problem]:
    setup = match.setup
    problems: list[Problem] = []

    def at(rel: tuple, msg: str, key: bool = False) -> None:
        problems.append(match.problem(("setup",) + rel, msg, key=key))

    board, bad_walls = board_of(setup)
    for rel, msg in bad_walls:
        at(rel, msg)
    sides = setup["sides"]
    if setup["first"] not in sides:
        at(("first",), say("dh.not_a_side", side=setup["first"], sides=", ".join(sides)))
    _transfer_problems(setup, at)  # 転校生 (DH-14.1)
    placed: dict[Square, str] = {}
    for cid, c in setup["characters"].items():
        if c["side"] not in sides:
            at(("characters", cid, "side"), say("dh.not_a_side", side=c["side"], sides=", ".join(sides)))
        if "at" in c:
            sq, msg = square_problem(c["at"], board)
            if msg:
                at(("characters", cid, "at"), msg)
            elif sq in board.walls:
                at(("characters", cid, "at"), say("dh.wall", square=sq.label))
            elif sq in placed and "start_turn" not in setup:
                # DH-1.4: one character per square at the initial placement
                at(("characters", cid, "at"), say("dh.square_taken", square=sq.label, who=placed[sq]))
            else:
                placed[sq] = cid
    for sid, s in sides.items():
        leader = s.get("leader")
        if leader is None:
            continue
        c = setup["characters"].get(leader)
        if c is None:
            at(("sides", sid, "leader"), say("dh.unknown_character", who=leader, hint=""))
        elif c["side"] != sid:
            at(("sides", sid, "leader"), say("dh.leader_side", leader=leader, side=sid))
        elif "at" not in c:
            at(("sides", sid, "leader"), say("dh.leader_starter", leader=leader))
    for i, entry in enumerate(setup.get("reinforcements", [])):  # 増援 (DH-2.6)
        if entry["side"] not in sides:
            at(("reinforcements", i, "side"), say("dh.not_a_side", side=entry["side"], sides=", ".join(sides)))
        for j, text in enumerate(entry["area"]):
            _, msg = square_problem(text, board)
            if msg:
                at(("reinforcements", i, "area", j), msg)
    sealed = setup.get("sealed_character")
    if sealed is not None and (sealed not in setup["characters"] or setup["characters"][sealed]["side"] != setup["first"]
                               or "at" not in setup["characters"][sealed]):
        at(("sealed_character",), say("dh.sealed_not_first_starter", who=sealed))  # DH-4.6
    if match.options["placement_columns"] != "off" and "start_turn" not in setup:
        for cid, c in setup["characters"].items():
            sq = parse_square(c["at"]) if "at" in c and c["side"] in sides else None
            if sq is not None and board.on_board(sq):
                home = home_columns(board, setup["first"], c["side"], match.options["placement_columns"])
                if sq.col not in home:
                    at(("characters", cid, "at"), say("dh.outside_home_columns", square=sq.label,
                                                      side=sides[c["side"]]["name"],
                                                      columns="・".join(col_label(x) for x in home)))
    from .campaign import check_state

    check_state(setup, match.options, at)
    for cid, c in setup["characters"].items():
        if "ability" in c:
            problems += [match.problem(("setup", "characters", cid, "ability") + rel, msg)
                         for rel, msg in _ability_problems(cid, c["ability"], setup, board)]
    problems += [match.problem(("setup",) + path, msg) for path, msg in _granted_problems(setup, board)]
    if any("rate" in (c.get("ability") or {}) for c in setup["characters"].values()):
        from .rate import setup_rates  # only a setup with 発動率 designs pays for the tables

        problems += setup_rates(match)[1]
    for turn in match.turns:
        problems += _check_submissions(turn, setup, board)
        problems += _bonus_problems(turn, setup, match.options)
    return problems


TERRAIN_KINDS = ("barricade_build", "zoc_field")  # they last too (DH-11.17, DH-11.18)


def _ability_problems(cid: str, ab: dict, setup: dict, board: Board) -> list[tuple[tuple, str]]:
    """An ability's data that cannot work as written (DH-8, DH-11)."""
    out: list[tuple[tuple, str]] = []
    style = ab.get("style", "active")
    if style == "counter" and "counter" not in ab and ab.get("effects"):
        out.append(((), say("dh.counter_needs_when")))
    if style != "counter" and "counter" in ab:
        out.append((("counter",), say("dh.counter_only")))
    counter = ab.get("counter") or {}
    if counter.get("timing") == "before" and counter.get("when") not in BEFORE_WHEN:  # DH-8.17
        out.append((("counter", "timing"), say("dh.counter_before_needs_moment", when=counter.get("when"),
                                               allowed=", ".join(BEFORE_WHEN))))
    duration = ab.get("duration", 0)
    for i, e in enumerate(ab.get("effects", [])):
        if e["kind"] in LASTING + TERRAIN_KINDS and duration == 0 and ab.get("type") != "field":
            out.append((("effects", i, "kind"), say("dh.lasts", kind=e["kind"])))
        if e["kind"] in ("damage", "heal", "stat_change", "movement_change", "damage_reduction") and "amount" not in e:
            out.append((("effects", i), say("dh.needs_amount", kind=e["kind"])))
        if e["kind"] == "seal" and "seal" not in e:  # DH-11.15
            out.append((("effects", i), say("dh.seal_needs_what")))
        if e["kind"] == "stat_swap" and not ("stats" in e if not e.get("with_user") else e.get("stat") not in (None, "hp")):
            out.append((("effects", i), say("dh.swap_parts")))  # DH-11.21
        if e["kind"] == "rate_change" and ("rate" not in e or ("amount" in e) == ("set" in e)
                                           or isinstance(e.get("amount"), dict)):  # DH-11.20
            out.append((("effects", i), say("dh.rate_change_needs")))
        if e["kind"] in ("stat_change",) and "stat" not in e:
            out.append((("effects", i), say("dh.needs_stat")))
        if e["kind"] == "heal" and type(e.get("amount")) is int and e["amount"] < 0:  # DH-11.2: it raises
            out.append((("effects", i, "amount"), say("dh.heal_negative")))
        if e["kind"] in ("damage", "dp_gain", "revive", "damage_reduction") and type(e.get("amount")) is int \
                and e["amount"] < (1 if e["kind"] == "revive" else 0):
            # a negative damage would be a heal, a negative DP gain a loss: write the kind meant
            out.append((("effects", i, "amount"), say("dh.amount_at_least", kind=e["kind"],
                                                      least=1 if e["kind"] == "revive" else 0)))
        if e["kind"] == "grant_ability" and not isinstance(e.get("ability"), dict) \
                and e.get("ability") not in library_names(setup):  # DH-11.22
            out.append((("effects", i) + (("ability",) if "ability" in e else ()),
                        say("dh.unknown_granted", name=e.get("ability", ""),
                            known=", ".join(library_names(setup)) or "-")))
        if e["kind"] == "summon" and "character" in e and cid is not None:
            other = setup["characters"].get(e["character"])
            if other is None:
                out.append((("effects", i, "character"), say("dh.unknown_character", who=e["character"], hint="")))
            elif other["side"] != setup["characters"][cid]["side"] or is_starter(other):
                out.append((("effects", i, "character"), say("dh.not_on_bench", who=e["character"])))
    out += _delay_problems(ab)
    out += _condition_problems(ab)
    for j, t in enumerate((ab.get("start") or {}).get("targets", [])):
        if t not in setup["characters"]:
            out.append((("start", "targets", j), say("dh.unknown_character", who=t, hint="")))
    return out


def library_names(setup: dict) -> list[str]:
    """The names a 特殊能力付与 can give (DH-11.22), in the order they are written."""
    from .abilities import granted_definitions

    return list(dict.fromkeys(data["name"] for _, data in granted_definitions(setup)))


def _granted_problems(setup: dict, board: Board) -> list[tuple[tuple, str]]:
    """The abilities a 特殊能力付与 gives (DH-11.22): each checked as an ability, one definition a name."""
    from .abilities import granted_definitions

    out: list[tuple[tuple, str]] = []
    first: dict[str, dict] = {}
    for path, data in granted_definitions(setup):
        if data["name"] in first and first[data["name"]] != data:
            out.append((path + ("name",), say("dh.granted_twice", name=data["name"])))
        first.setdefault(data["name"], data)
        out += [(path + rel, msg) for rel, msg in _ability_problems(None, data, setup, board)]
    return out


def _delay_problems(ab: dict) -> list[tuple[tuple, str]]:
    """効果遅延, 時間差攻撃 (DH-10.7) and 準備型 (DH-10.8): a wait, on effects that can wait."""
    out: list[tuple[tuple, str]] = []
    effects = ab.get("effects", [])
    for i, r in enumerate(ab.get("restrictions", [])):
        if r["kind"] not in ("effect_delay", "time_lag"):
            continue
        if "delay" not in r:
            out.append((("restrictions", i), say("dh.delay_needs_delay")))
        delayed = [e for j, e in enumerate(effects, start=1) if j in r.get("effects", [j])]
        if r["kind"] == "time_lag" and any((e.get("targets") or ab.get("targets") or {}).get("side") != "enemy"
                                           for e in delayed):
            out.append((("restrictions", i), say("dh.time_lag_enemies")))
        if ab.get("style") == "counter" or any(e["kind"] == "extra_action" for e in delayed):
            out.append((("restrictions", i), say("dh.delay_where")))
    if "prepared" in ab and (ab.get("style") == "counter" or any(e["kind"] == "extra_action" for e in effects)):
        out.append((("prepared",), say("dh.delay_where")))
    return out


def _condition_problems(ab: dict) -> list[tuple[tuple, str]]:
    """機会制約 and 対象制約 written in the engine's condition language (DH-8.15, DH-9.3)."""
    from .vocabulary import parse_only, parse_when

    out: list[tuple[tuple, str]] = []
    for i, r in enumerate(ab.get("restrictions", [])):
        if r["kind"] == "condition":
            if "when" not in r:
                out.append((("restrictions", i), say("dh.condition_needs_when")))
            else:
                out += [(("restrictions", i, "when") + rel, msg) for rel, msg in parse_when(r["when"])[1]]
    places = [(("targets",), ab.get("targets") or {})]
    places += [(("effects", i, "targets"), e["targets"]) for i, e in enumerate(ab.get("effects", [])) if "targets" in e]
    for rel, targets in places:
        if "only" in targets:
            out += [(rel + ("only",) + r, msg) for r, msg in parse_only(targets["only"])[1]]
    return out


def _summon_problems(turn: Any, here: tuple, use: dict, who: str, chars: dict) -> list[Problem]:
    """DH-11.8: a summon brings a bench character of the user's side — wrong whatever happens, so a
    located input error; a square out of range or a wall is a cancellation at resolve time."""
    ab = (chars.get(who) or {}).get("ability") or {}
    summons = [e for e in ab.get("effects", []) if e["kind"] == "summon"]
    if "summon" in use:
        cid = use["summon"]
        if not summons:
            return [turn.problem(here + ("summon",), say("dh.no_summon", ability=ab.get("name", who)))]
        c = chars.get(cid)
        if c is not None and (c["side"] != chars[who]["side"] or is_starter(c)):
            return [turn.problem(here + ("summon",), say("dh.summon_bench", who=cid, side=chars[who]["side"]))]
    elif any("character" not in e for e in summons):
        return [turn.problem(here, say("dh.summon_whom"))]
    return []


def _given_ability(use: Any, char: dict | None, setup: dict) -> dict | None:
    """The data of the ability a submission names when it is not the character's own but one a
    特殊能力付与 can give (DH-11.22); None otherwise."""
    from .abilities import granted_definitions

    name = use if isinstance(use, str) else use.get("name")
    if name is None or char is None or name == (char.get("ability") or {}).get("name"):
        return None
    return next((data for _, data in granted_definitions(setup) if data["name"] == name), None)


def _named_use_problems(turn: Any, here: tuple, name: str, char: dict, given: dict | None = None) -> list[Problem]:
    """``ability: 返し刃``: the name alone is a use with no choices, so the name must be the
    character's (or one a 特殊能力付与 can give it) and the ability must need none — no target to
    name, no square, no payer (DH-8.1)."""
    ab = given or char.get("ability") or {}
    if name != ab.get("name"):
        return [turn.problem(here, say("dh.other_ability", who=char["name"], name=name, has=ab.get("name")))]
    needs = []
    base_targets = ab.get("targets") or {}
    for e in ab.get("effects", []):
        t = e.get("targets", base_targets)
        if ab.get("style") != "counter" and ab.get("type") != "field" and e["kind"] not in TARGETLESS \
                and "prepared" not in ab \
                and t.get("count", "single") == "single" and t.get("side", "any") != "self":
            needs.append("targets")
        if e["kind"] in ("forced_move", "wall_build", "wall_break"):
            needs.append("at")
        if e["kind"] == "summon" and "character" not in e:
            needs.append("summon")
    if any(c.get("by_ally") for c in ab.get("costs", [])):
        needs.append("payer")
    if needs:
        wanted = ", ".join(f"{k}: ..." for k in dict.fromkeys(needs))
        return [turn.problem(here, say("dh.needs_choices", name=name, wanted=wanted))]
    return []
def _hint(typed: object, chars: dict) -> str:
    """A 'did you mean' from the characters' ids and names, for an id that is none of them."""
    from ...words.names import did_you_mean

    return did_you_mean(typed, {cid: c["name"] for cid, c in chars.items()})


def _use_problems(turn: Any, here: tuple, use: dict, who: str, chars: dict, board: Board) -> list[Problem]:
    problems = []
    ids = [(("targets", j), t) for j, t in enumerate(use.get("targets", []))]
    ids += [(("effects", i, "targets", j), t) for i, e in enumerate(use.get("effects", []))
            for j, t in enumerate(e.get("targets", []))]
    ids += [((key,), use[key]) for key in ("summon", "payer") if key in use]
    if "attack" in use.get("then", {}):
        ids.append((("then", "attack"), use["then"]["attack"]))
    for rel, cid in ids:
        if cid not in chars:
            problems.append(turn.problem(here + rel, say("dh.unknown_character", who=cid, hint=_hint(cid, chars))))
    problems += _summon_problems(turn, here, use, who, chars)
    squares = [(("at",), use["at"])] if "at" in use else []
    if "to" in use.get("then", {}):
        squares.append((("then", "to"), use["then"]["to"]))
    squares += [(("then", "path", j), sq) for j, sq in enumerate(use.get("then", {}).get("path", []))]
    for rel, sq in squares:
        _, msg = square_problem(sq, board)
        if msg:
            problems.append(turn.problem(here + rel, msg))
    return problems


def _check_submissions(turn: Any, setup: dict, board: Board) -> list[Problem]:
    problems: list[Problem] = []
    chars = setup["characters"]
    for sid, actions in turn.submissions.items():
        if sid not in setup["sides"]:
            problems.append(turn.problem(("submissions", sid), say("dh.not_a_side", side=sid, sides=", ".join(setup["sides"])),
                                         key=True))
            continue
        seen: dict[str, int] = {}
        for i, act in enumerate(actions):
            here = ("submissions", sid, i)
            who = act["who"]
            if who not in chars:
                problems.append(turn.problem(here + ("who",), say("dh.unknown_character", who=who, hint=_hint(who, chars))))
            elif act.get("controlled") and chars[who]["side"] == sid:
                problems.append(turn.problem(here + ("controlled",), say("dh.controlled_own", who=who)))
            elif chars[who]["side"] != sid and not act.get("controlled"):
                # DH-2.3 precondition 2: a side moves only its own characters (or one under its 完全操作)
                problems.append(turn.problem(here + ("who",), say("dh.other_side", who=who, side=chars[who]["side"], sid=sid)))
            elif who in seen:
                # DH-2.3 precondition 5: one 行動 per phase
                problems.append(turn.problem(here + ("who",), say("dh.acts_twice", who=who, entry=seen[who] + 1)))
            else:
                seen[who] = i
            if "attack" in act and act["attack"] not in chars:
                problems.append(turn.problem(here + ("attack",), say("dh.unknown_character", who=act["attack"],
                                                                     hint=_hint(act["attack"], chars))))
            if "attack" in act and act.get("wait"):
                problems.append(turn.problem(here + ("wait",), say("dh.attack_and_wait")))
            if "ability" in act:
                if "attack" in act or act.get("wait"):
                    problems.append(turn.problem(here + ("ability",), say("dh.one_motion")))
                given = _given_ability(act["ability"], chars.get(who), setup)  # 特殊能力付与 (DH-11.22)
                if who in chars and given is None and not (chars[who].get("ability") or {}).get("effects"):
                    problems.append(turn.problem(here + ("ability",), say("dh.no_ability_effects", who=who)))
                if who in chars and isinstance(act["ability"], str):
                    problems += _named_use_problems(turn, here + ("ability",), act["ability"], chars[who], given)
                elif who in chars and "name" in act["ability"] and given is None \
                        and act["ability"]["name"] != (chars[who].get("ability") or {}).get("name"):
                    problems.append(turn.problem(here + ("ability", "name"), say(
                        "dh.other_ability", who=chars[who]["name"], name=act["ability"]["name"],
                        has=(chars[who].get("ability") or {}).get("name"))))
                elif who in chars:
                    problems += _use_problems(turn, here + ("ability",), act["ability"], who, chars, board)
            if "prepared" in act and who in chars:  # 準備型 (DH-10.8)
                if "prepared" not in (chars[who].get("ability") or {}):
                    problems.append(turn.problem(here + ("prepared",), say("dh.no_prepared", who=who)))
                else:
                    problems += _use_problems(turn, here + ("prepared",), act["prepared"], who, chars, board)
            for key in ("to",):
                if key in act:
                    _, msg = square_problem(act[key], board)
                    if msg:
                        problems.append(turn.problem(here + (key,), msg))
            for j, sq in enumerate(act.get("path", [])):
                _, msg = square_problem(sq, board)
                if msg:
                    problems.append(turn.problem(here + ("path", j), msg))
    return problems


def _bonus_problems(turn: Any, setup: dict, options: dict) -> list[Problem]:
    """応援ボーナス declared in a 行動 (DH-15.1, DH-15.2): the side must hold some, the roll must be
    one the 行動 makes and may take a bonus, and a 発動判定 takes at most the option's cap. Whether
    the pool covers it is known only when the roll is made (DH-15.4)."""
    problems: list[Problem] = []
    chars = setup["characters"]
    for sid, actions in turn.submissions.items():
        if sid not in setup["sides"]:
            continue
        for i, act in enumerate(actions):
            if "bonus" not in act:
                continue
            here = ("submissions", sid, i, "bonus")
            if setup["sides"][sid].get("bonus") is None:
                problems.append(turn.problem(here, say("dh.support_none", side=setup["sides"][sid]["name"]), key=True))
                continue
            bonus = act["bonus"]
            points = points_of(act)
            effects = ((chars.get(act["who"]) or {}).get("ability") or {}).get("effects") or []
            makes: tuple[str, ...] = ("hit",) if "attack" in act else ()  # the rolls this 動作 can make
            if "ability" in act:
                makes = ("activation", "success") + (("hit",) if any(e["kind"] == "normal_attack" for e in effects)
                                                     else ())
            for roll, n in points.items():
                at = here if isinstance(bonus, int) else here + (roll,)
                if roll not in makes:
                    problems.append(turn.problem(at, say("dh.support_no_roll", roll=say(f"dh.roll_{roll}"))))
                elif roll == "success" and not options["support_success"]:
                    problems.append(turn.problem(at, say("dh.support_success_off")))
                elif roll in ("activation", "success") and n > options["support_activation_cap"]:
                    problems.append(turn.problem(at, say("dh.support_cap", cap=options["support_activation_cap"],
                                                         points=n)))
    return problems
