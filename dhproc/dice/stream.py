"""Where each die of a resolution comes from: a seeded stream or a recorded face.

A ruleset asks :class:`TurnDice` for a die with a purpose; it gets a face and a ``roll`` event is
logged, so no die is ever unaccounted for. Recorded dice (``dice:`` in a turn file) replace seeded
draws one die at a time, in draw order. A recorded draw does not advance the seeded stream: with
``then: seeded`` the first seeded draw is the stream's first value, whatever was recorded before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple, Protocol

from ..errors import Problem, ResolutionError
from ..words.messages import say
from .rng import PCG32, stream

if TYPE_CHECKING:
    from .bot_text import BotFace

ON_EXHAUSTED = ("error", "seeded")


class Locator(Protocol):
    def problem(self, rel: tuple, message: str) -> Problem: ...

    def problem_in_text(self, rel: tuple, line: int, col: int, message: str) -> Problem: ...


class Recorded(NamedTuple):
    """The recorded dice of one turn, with where they were written."""

    faces: tuple[int, ...]
    then: str  # "error" or "seeded"
    where: Locator  # locates paths relative to the turn's ``dice`` value
    faces_path: tuple  # () for a plain list, ("faces",) for the mapping form
    bot: tuple[BotFace, ...] | None = None  # dice_text: the die and roll each face came from


class TurnDice:
    """The dice of one turn: one seeded stream per step, and the turn's recorded faces."""

    def __init__(self, seed: int | str, turn: int, recorded: Recorded | None,
                 record: Callable[[dict], dict | None], *, keyed: bool = False):
        self._seed = seed
        self._keyed = keyed  # dice_streams: keyed: a stream per (step, purpose, actor, k)
        self._keyed_counts: dict[tuple[str, str, str], int] = {}
        self._turn = turn
        self._recorded = recorded
        self._record = record  # TurnContext.record: each roll is an event
        self._streams: dict[str, PCG32] = {}
        self._step: str | None = None
        self.draws = 0
        self._carried = 0  # draws made before this turn picked the round up (carry_over)
        self._runs: list[list] = []  # [step, first draw, last draw]: where the draws went, in order

    def begin_step(self, step: str) -> None:
        self._step = str(step)

    def carry_over(self, draws: int, seeded: list[int]) -> None:
        """Pick up a turn that was begun elsewhere (a logos round continued from its log): its
        ``draws`` dice keep their numbers, the step's seeded stream moves past the ``seeded`` dice
        it already gave (their sides, in order), and recorded faces are those of the later draws."""
        if self._step is None:
            raise RuntimeError("a turn is carried over once its step is named")
        self.draws = self._carried = draws
        gen = self._streams[self._step] = stream(self._seed, self._turn, self._step)
        for sides in seeded:
            gen.die(sides)

    def roll(self, sides: int, purpose: str, **about) -> int:
        """Draw one die of ``sides`` faces for ``purpose`` and log it; returns the face."""
        step = self._step
        if step is None:
            raise RuntimeError("a die was drawn before the ruleset named its step")
        draw = self.draws = self.draws + 1
        runs = self._runs
        if runs and runs[-1][0] == step:
            runs[-1][2] = draw
        else:
            runs.append([step, draw, draw])
        rec = self._recorded
        n = draw - self._carried  # the recorded face this draw takes
        if rec is not None and n <= len(rec.faces):
            face = rec.faces[n - 1]
            if rec.bot is not None:
                _check_bot_face(rec, n, draw, sides, _describe(purpose, about), about.get("die"))
            if not 1 <= face <= sides:
                raise ResolutionError([rec.where.problem(
                    rec.faces_path + (n - 1,),
                    say("dice.bad_face", n=n, draw=draw, face=face, purpose=_describe(purpose, about), sides=sides))])
            source = "recorded"
        elif rec is not None and rec.then == "error":
            raise ResolutionError([rec.where.problem(
                rec.faces_path,
                say("dice.ran_out", draw=draw, purpose=_describe(purpose, about), sides=sides))])
        else:
            face = self._keyed_die(sides, purpose, about) if self._keyed else \
                (self._streams.get(step) or self._step_stream()).die(sides)
            source = "seeded"
        self._record({"seq": None, "kind": "roll", "purpose": purpose, "sides": sides, "face": face,
                      "source": source, "draw": draw, "step": step, **about})
        return face

    def _step_stream(self) -> PCG32:
        gen = self._streams.get(self._step)
        if gen is None:
            gen = self._streams[self._step] = stream(self._seed, self._turn, self._step)
        return gen

    def _keyed_die(self, sides: int, purpose: str, about: dict) -> int:
        """The k-th seeded die of this turn for (step, purpose, actor), from a stream of its own
        (docs/dice.md, "Keyed streams"): another character's extra die shifts none of these."""
        actor = str(about.get("actor") or "")
        key = (self._step, purpose, actor)
        k = self._keyed_counts[key] = self._keyed_counts.get(key, 0) + 1
        return stream(self._seed, self._turn, f"{self._step}/{purpose}/{actor}/{k}").die(sides)

    def finish(self, awaiting: str | None = None) -> None:
        """Recorded dice left over. A turn that stopped before ``awaiting``'s step keeps them for
        that step (a ``dice_kept`` event says so); after a complete turn the record and the
        resolution disagree, and the error says how many the turn drew and where they went."""
        rec = self._recorded
        used = self.draws - self._carried
        if rec is None or used >= len(rec.faces):
            return
        unused = len(rec.faces) - used
        if awaiting is not None:
            self._record({"seq": None, "kind": "dice_kept", "count": unused, "first": used + 1,
                          "faces": list(rec.faces[used:]), "step": awaiting})
            return
        went = say("list.sep").join(say("dice.run_many", a=a, b=b, step=step) if a != b else say("dice.run", a=a, step=step)
                                    for step, a, b in self._runs)
        message = say("dice.unused", unused=unused, drawn=used, total=len(rec.faces),
                      went=say("dice.went", runs=went) if went else "", first=used + 1, face=rec.faces[used])
        if rec.bot is not None:  # at the first unused face in the pasted text
            first = rec.bot[used]
            raise ResolutionError([rec.where.problem_in_text(rec.faces_path, first.line, first.col, message)])
        raise ResolutionError([rec.where.problem(rec.faces_path + (used,), message)])


def _check_bot_face(rec: Recorded, n: int, draw: int, sides: int, purpose: str, die: int | None) -> None:
    """The ``n``-th face of a pasted transcript against the draw it is used for: the bot rolled
    the same die, and a check of several dice (``die`` 1, 2, … in the ruleset's draws) is one
    roll of the bot's, neither split over two rolls nor sharing one with the next check."""
    got = rec.bot[n - 1]
    line = dict(line=got.line + 1, command=got.command, notation=got.notation, draw=draw, purpose=purpose)
    if die is not None and die > 1 and got.index == 0:
        message = say("dice_text.split", **line, die=die)
    elif got.index > 0 and (die == 1 or (die is None and got.sides != sides)):
        # a new check begins in the middle of one roll of the bot's
        message = say("dice_text.joined", **line, size=got.size, used=got.index)
    elif got.sides != sides:
        message = say("dice_text.sides", **line, index=got.index + 1, got=got.sides, sides=sides)
    else:
        return
    raise ResolutionError([rec.where.problem_in_text(rec.faces_path, got.line, got.col, message)])


def _describe(purpose: str, about: dict) -> str:
    who = about.get("actor")
    return say("dice.purpose_of", purpose=purpose, who=who) if who else purpose
