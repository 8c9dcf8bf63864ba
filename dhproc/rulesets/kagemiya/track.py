"""The battle's state at any point of its log, rebuilt from the setup and the events before it.

The report shows the state where its tables say (the participants at the start of the first 巡
shown, the state after the last one: KAGEMIYA-10.1), and a log records only the state after its
last turn, so the report follows the events as resolution made them. Every change of state is an
event carrying the value it leaves (HP after, 令呪 left), so applying them in order gives the
state resolution had; a test compares the two after every turn of every example.
"""

from __future__ import annotations

from .checks import start_state
from .model import KagemiyaState
from .rules import take_orders


def start(log: dict) -> KagemiyaState:
    """The state the log's setup starts the battle in."""
    return start_state(log["input"]["match"]["setup"], log["options"].get("hp_per_endurance", 5))


def followed(log: dict, upto: int | None = None) -> KagemiyaState:
    """The state after turn ``upto`` (None: after the log's last turn)."""
    state = start(log)
    for t in log["turns"]:
        if upto is not None and t["turn"] > upto:
            break
        follow_turn(state, log, t)
    return state


def follow_turn(state: KagemiyaState, log: dict, turn: dict) -> None:
    """Every change one logged turn made; a 巡 under way also takes its submissions' standing
    orders (KAGEMIYA-5.12), which the turn's input holds rather than its events."""
    submissions = next(t["submissions"] for t in log["input"]["turns"] if t["turn"] == turn["turn"])
    for e in turn["events"]:
        if e["kind"] == "round_start":
            take_orders(state, submissions, log["options"].get("standing_orders", "until_withdrawn"))
        apply(state, e)


def apply(state: KagemiyaState, e: dict) -> None:
    """What one event changes in ``state`` (events that change nothing are passed over)."""
    chars, k = state.characters, e["kind"]
    if k == "round_end":
        state.rounds_played = e["round"]
    elif k == "order":
        state.order = list(e["order"])
    elif k == "check" and e["purpose"] != "reroll":  # a re-roll spends nothing again (KAGEMIYA-3.3)
        _spent(state, e)
    elif k == "command_spell":
        _command_spell(state, e)
    elif k == "redirect":
        chars[e["character"]].command_spells = e["left"]
    elif k == "reroll":  # KAGEMIYA-11.6: the re-roll's check that follows spends nothing else
        chars[e["payer"]].command_spells = e["left"]
    elif k == "damage":
        chars[e["target"]].hp = e["after"]
    elif k == "eliminated":
        chars[e["character"]].eliminated = True
    elif k == "protected":
        chars[e["character"]].protected = True
    elif k == "row_change":
        chars[e["character"]].row = e["row"]
    elif k == "side_out":
        state.sides[e["side"]].out = True
    elif k == "escaped":
        state.sides[e["side"]].escaped = True
        state.sides[e["side"]].escaped_to = e["to"]
    elif k == "outcome":
        state.outcome = {"result": e["result"], "winner": e["winner"], "reason": e["reason"]}


def _spent(state: KagemiyaState, e: dict) -> None:
    """KAGEMIYA-2.4: each resource a check applied loses a use; each 令呪 its 画 (the part says how many
    its payer has left)."""
    c = state.characters[e["actor"]]
    for p in e["parts"]:
        if p["part"] == "command_spell":
            state.characters[p["payer"]].command_spells = p["left"]
        elif p["part"] != "support" and c.resources[p["id"]].uses is not None:
            c.used[p["id"]] = c.used.get(p["id"], 0) + 1


def _command_spell(state: KagemiyaState, e: dict) -> None:
    """KAGEMIYA-11.2-11.4, 11.7: a 令呪 used on its own, on the master's servant."""
    state.characters[e["actor"]].command_spells = e["left"]
    servant = state.characters[e["target"]]
    if e["effect"] == "heal":
        servant.hp = e["after"]
    elif e["effect"] == "swap_row":
        servant.row = e["row"]
    elif e["effect"] == "restore_noble_phantasm":  # (suicide: its eliminated event follows)
        servant.used[e["resource"]] -= 1
