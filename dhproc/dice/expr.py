"""Dice expressions such as ``2D10``, ``1D100<=65`` or ``(3+1)D(6+0)+2``.

Used by ``dhproc roll EXPR`` and by rulesets that let a GK write a check as text. The text comes
from players and GKs, so :func:`parse` must fail politely on anything: every problem is a
:class:`DiceExprError` carrying a 1-based column into the text *as typed*, and hard caps keep a
hostile expression from costing noticeable time or memory.

Grammar (case-insensitive; all whitespace ignored; full-width forms such as ``１Ｄ１００＜＝６５``
are folded with NFKC first, one character at a time so columns still point into the original)::

    check  := sum [ cmp sum ]          cmp: <= >= < > = == != (also ≤ ≥ ≠)
    sum    := term { (+|-) term }
    term   := unary { (*|×) unary | / const [U|C|R|F] }   U (or C) rounds up, R to nearest, F or none down
    unary  := [-] atom
    atom   := dice | INT | '(' sum ')'
    dice   := [count] D sides          count, sides := INT | '(' const ')'
    const  := integer arithmetic (+ - * × parentheses) with no dice in it

``2D9`` written literally (count ``2`` and sides ``9`` as plain numbers) is the ``count`` game's
way of writing ONE d100 read as two digits: the value is tens + ones, and a face of 100 reads
``00`` (value 0); see :func:`read_2d9`. That is what those rules mean, so it draws a single
``roll(100)``. Two real nine-sided dice are written ``1D9+1D9`` (or ``(2)D9``).

A *command* as GKs type it in a chat (:func:`parse_command`) may add, as BCDice has it, a repeat
in front (``x3 1D100<=65``, also ``rep3``/``repeat3``) and a comment after a space
(``2D6 攻撃判定``): the longest run of words from the start that parses is the expression, the
rest is the comment.
"""

from __future__ import annotations

import operator
import unicodedata
from typing import Callable, Iterator, NamedTuple, Union

from dhproc.errors import DhprocError
from dhproc.words.messages import say

__all__ = [
    "MAX_COUNT",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_DIGITS",
    "MAX_SIDES",
    "MAX_TEXT",
    "Dice",
    "DiceExpr",
    "Divide",
    "DiceExprError",
    "DiceResult",
    "DiceRoll",
    "Group",
    "Neg",
    "Num",
    "Product",
    "Sum",
    "evaluate",
    "format_result",
    "parse",
    "read_2d9",
    "MAX_REPEAT",
    "RollCommand",
    "parse_command",
]

# Caps: generous for any real check, small enough that a pasted wall of text cannot hurt.
MAX_TEXT = 500  # characters of the text as typed (spaces included)
MAX_DIGITS = 9  # per integer literal
MAX_DEPTH = 32  # nested parentheses
MAX_DICE = 1000  # dice drawn by the whole expression (2D9 counts as one)
MAX_COUNT = 1000  # dice in one term
MAX_SIDES = 10_000  # faces of one die
MAX_REPEAT = 100  # rolls of one command (``x3 ...``, ``--times``), as BCDice caps its repeat


class DiceExprError(DhprocError):
    """A dice expression that cannot be parsed or evaluated, located by 1-based column."""

    def __init__(self, column: int, message: str):
        self.column = column
        self.message = message
        super().__init__(f"{message} (column {column})")


# --- syntax tree -------------------------------------------------------------------------------
# Sums and products are flat tuples rather than binary trees so that a long ``1+1+1+...`` never
# deepens the recursion; only parentheses do, and they are capped at MAX_DEPTH.


class Num(NamedTuple):
    """An integer literal."""

    value: int
    column: int


class Dice(NamedTuple):
    """``count`` dice of ``sides`` faces; ``two_d9`` marks the literal ``2D9`` d100 reading."""

    count: int
    sides: int
    column: int
    two_d9: bool = False

    @property
    def draws(self) -> int:
        """How many times this term calls ``roll``."""
        return 1 if self.two_d9 else self.count


class Neg(NamedTuple):
    """Unary minus."""

    operand: Node
    column: int


class Group(NamedTuple):
    """A parenthesised sum, kept so that results can be shown with the user's brackets."""

    inner: Node
    column: int


class Sum(NamedTuple):
    """``first (op term)*`` with op ``+`` or ``-``."""

    first: Node
    rest: tuple[tuple[str, Node], ...]


class Divide(NamedTuple):
    """``dividend / divisor`` as BCDice divides: ``rounding`` is ``U`` (up), ``R`` (to nearest,
    halves away from zero), ``F`` or ``""`` (down)."""

    dividend: Node
    divisor: Node
    rounding: str
    column: int  # of the divisor


class Product(NamedTuple):
    """Factors multiplied left to right (at least two)."""

    factors: tuple[Node, ...]


Node = Union[Num, Dice, Neg, Group, Sum, Product, Divide]


def _children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, Group):
        return (node.inner,)
    if isinstance(node, Sum):
        return (node.first,) + tuple(term for _, term in node.rest)
    if isinstance(node, Product):
        return node.factors
    if isinstance(node, Divide):
        return (node.dividend, node.divisor)
    return ()


def _dice_in(node: Node | None) -> Iterator[Dice]:
    """Dice terms in text order, which is also the order ``evaluate`` draws them."""
    if node is None:
        return
    if isinstance(node, Dice):
        yield node
    for child in _children(node):
        yield from _dice_in(child)


class DiceExpr(NamedTuple):
    """A parsed expression; ``source`` is the normalised text with whitespace removed."""

    source: str
    left: Node
    comparison: str | None = None  # one of < <= > >= == !=
    right: Node | None = None

    @property
    def dice(self) -> tuple[Dice, ...]:
        """Every dice term, in the order they are rolled."""
        return tuple(_dice_in(self.left)) + tuple(_dice_in(self.right))

    @property
    def dice_count(self) -> int:
        """Total number of ``roll`` calls ``evaluate`` will make (2D9 counts once)."""
        return sum(d.draws for d in self.dice)


class DiceRoll(NamedTuple):
    """What one dice term drew. ``sides`` is the die actually rolled (100 for ``2D9``)."""

    notation: str  # e.g. "4D6", "2D9"
    sides: int
    faces: tuple[int, ...]  # in draw order
    value: int  # the term's contribution before any sign or multiplication


class DiceResult(NamedTuple):
    """The outcome of :func:`evaluate`. ``total`` is the left side of a comparison."""

    expr: DiceExpr
    total: int
    rolls: tuple[DiceRoll, ...]
    comparison: str | None = None
    target: int | None = None
    success: bool | None = None


# --- lexing --------------------------------------------------------------------------------------

_DIGITS = "0123456789"
_CMP = {
    "<=": "<=",
    ">=": ">=",
    "<": "<",
    ">": ">",
    "=": "==",
    "==": "==",
    "!=": "!=",
    "≤": "<=",
    "≥": ">=",
    "≦": "<=",  # what Japanese IMEs give for <= and >= (NFKC leaves them as they are)
    "≧": ">=",
    "≠": "!=",
}
# U+2212 MINUS SIGN survives NFKC but is what many Japanese IMEs produce for "-".
_FOLD = {"\u2212": "-", "×": "*"}
# BCDice's rounding suffixes after a divisor; C (ceiling) is written U in its result line
_ROUNDING = {"u": "U", "U": "U", "c": "U", "C": "U", "r": "R", "R": "R", "f": "F", "F": "F"}


class _Token(NamedTuple):
    kind: str  # "int", "D", "+", "-", "*", "/", "round", "(", ")", "cmp", "end"
    text: str
    column: int


def _normalise(text: str) -> tuple[list[str], list[int], list[str]]:
    """NFKC one character at a time, so each output character knows its original column."""
    chars: list[str] = []
    cols: list[int] = []
    origs: list[str] = []
    for column, ch in enumerate(text, 1):
        for c in unicodedata.normalize("NFKC", ch):
            if not c.isspace():
                chars.append(c)
                cols.append(column)
                origs.append(ch)
    return chars, cols, origs


def _tokenise(chars: list[str], cols: list[int], origs: list[str]) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(chars)
    while i < n:
        c, col = chars[i], cols[i]
        if c in _DIGITS:
            j = i
            while j < n and chars[j] in _DIGITS:
                j += 1
            if j - i > MAX_DIGITS:
                raise DiceExprError(col, say("expr.number_too_long", digits=j - i, limit=MAX_DIGITS))
            tokens.append(_Token("int", "".join(chars[i:j]), col))
            i = j
            continue
        pair = "".join(chars[i : i + 2])
        if pair in _CMP:
            tokens.append(_Token("cmp", pair, col))
            i += 2
            continue
        if c in _CMP:
            tokens.append(_Token("cmp", c, col))
        elif c in "dD":
            tokens.append(_Token("D", "D", col))
        elif c in _ROUNDING:
            tokens.append(_Token("round", _ROUNDING[c], col))
        elif c in "+-*/()×\u2212":
            folded = _FOLD.get(c, c)
            tokens.append(_Token(folded, folded, col))
        else:
            raise DiceExprError(col, say("expr.unexpected_char", char=repr(origs[i])))
        i += 1
    end = cols[-1] + 1 if cols else 1
    tokens.append(_Token("end", "", end))
    return tokens


# --- parsing -------------------------------------------------------------------------------------


class _Parser:
    """Recursive descent over the token list; recursion depth is bounded by MAX_DEPTH."""

    def __init__(self, tokens: list[_Token]):
        self.tokens = tokens
        self.pos = 0
        self.depth = 0

    def peek(self) -> _Token:
        return self.tokens[self.pos]

    def take(self) -> _Token:
        tok = self.tokens[self.pos]
        if tok.kind != "end":
            self.pos += 1
        return tok

    @staticmethod
    def expected(tok: _Token, what: str) -> DiceExprError:
        found = say("expr.the_end") if tok.kind == "end" else say("expr.token", text=tok.text)
        return DiceExprError(tok.column, say("expr.expected", what=what, found=found))

    def check(self) -> tuple[Node, str | None, Node | None]:
        left = self.sum()
        comparison: str | None = None
        right: Node | None = None
        if self.peek().kind == "cmp":
            comparison = _CMP[self.take().text]
            right = self.sum()
        tok = self.peek()
        if tok.kind != "end":
            raise DiceExprError(tok.column, say("expr.unexpected", text=tok.text))
        return left, comparison, right

    def sum(self) -> Node:
        first = self.term()
        rest: list[tuple[str, Node]] = []
        while self.peek().kind in ("+", "-"):
            op = self.take().kind
            rest.append((op, self.term()))
        return Sum(first, tuple(rest)) if rest else first

    def term(self) -> Node:
        factors = [self.unary()]
        while self.peek().kind in ("*", "/"):
            if self.take().kind == "*":
                factors.append(self.unary())
                continue
            dividend = Product(tuple(factors)) if len(factors) > 1 else factors[0]
            column = self.peek().column
            divisor = self.unary()
            for die in _dice_in(divisor):  # a divisor is a number, so a roll is never divided by 0
                raise DiceExprError(die.column, say("expr.no_dice_in", name=say("expr.divisor")))
            if _value(divisor, _no_dice) == 0:
                raise DiceExprError(column, say("expr.divide_by_zero"))
            rounding = self.take().text if self.peek().kind == "round" else ""
            factors = [Divide(dividend, divisor, rounding, column)]
        return Product(tuple(factors)) if len(factors) > 1 else factors[0]

    def unary(self) -> Node:
        if self.peek().kind == "-":
            minus = self.take()
            return Neg(self.atom(), minus.column)
        return self.atom()

    def atom(self) -> Node:
        tok = self.peek()
        if tok.kind == "int":
            self.take()
            if self.peek().kind == "D":
                return self.dice(tok.column, int(tok.text), tok.column, tok.text)
            return Num(int(tok.text), tok.column)
        if tok.kind == "D":
            return self.dice(tok.column, 1, tok.column, None)
        if tok.kind == "(":
            group = self.group()
            if self.peek().kind == "D":
                return self.dice(tok.column, _const(group, "count"), tok.column, None)
            return group
        raise self.expected(tok, say("expr.want_number_dice_paren"))

    def group(self) -> Group:
        opening = self.take()
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise DiceExprError(
                opening.column, say("expr.too_deep", limit=MAX_DEPTH)
            )
        inner = self.sum()
        if self.peek().kind != ")":
            raise self.expected(self.peek(), say("expr.want_close"))
        self.take()
        self.depth -= 1
        return Group(inner, opening.column)

    def dice(self, column: int, count: int, count_col: int, count_text: str | None) -> Dice:
        _in_range(count, MAX_COUNT, "count", count_col)
        self.take()  # the D
        tok = self.peek()
        sides_text: str | None = None
        if tok.kind == "int":
            self.take()
            sides, sides_text = int(tok.text), tok.text
        elif tok.kind == "(":
            sides = _const(self.group(), "sides")
        else:
            raise self.expected(tok, say("expr.want_number_or_paren_d"))
        _in_range(sides, MAX_SIDES, "sides", tok.column)
        return Dice(count, sides, column, count_text == "2" and sides_text == "9")


def _in_range(value: int, top: int, name: str, column: int) -> None:
    if not 1 <= value <= top:
        raise DiceExprError(column, say("expr.out_of_range", name=say(f"expr.{name}"), top=top, value=value))


def _const(group: Group, name: str) -> int:
    """The value of a dice-free group used as a count or sides."""
    for die in _dice_in(group):
        raise DiceExprError(die.column, say("expr.no_dice_in", name=say(f"expr.{name}")))
    return _value(group, _no_dice)


def _no_dice(die: Dice) -> int:  # pragma: no cover - the callers check first
    raise DiceExprError(die.column, say("expr.no_dice_here"))


def parse(text: str) -> DiceExpr:
    """Parse ``text`` into a :class:`DiceExpr`; any problem is a :class:`DiceExprError`."""
    if not isinstance(text, str):
        raise DiceExprError(1, say("expr.not_text", kind=type(text).__name__))
    if len(text) > MAX_TEXT:
        raise DiceExprError(
            MAX_TEXT + 1, say("expr.too_long", length=len(text), limit=MAX_TEXT)
        )
    chars, cols, origs = _normalise(text)
    if not chars:
        raise DiceExprError(1, say("expr.empty"))
    left, comparison, right = _Parser(_tokenise(chars, cols, origs)).check()
    source = "".join("-" if c == "\u2212" else c for c in chars)
    expr = DiceExpr(source, left, comparison, right)
    drawn = 0
    for die in expr.dice:
        drawn += die.draws
        if drawn > MAX_DICE:
            raise DiceExprError(
                die.column, say("expr.too_many_dice", count=expr.dice_count, limit=MAX_DICE)
            )
    return expr


# --- evaluation ----------------------------------------------------------------------------------

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


def read_2d9(face: int) -> tuple[int, int, int]:
    """A d100 face read as two digits: ``(tens, ones, tens + ones)``; 100 reads ``00``."""
    if not 1 <= face <= 100:
        raise ValueError(f"d100 face must be 1 to 100, got {face}")
    tens, ones = divmod(face % 100, 10)
    return tens, ones, tens + ones


def _divide(dividend: int, divisor: int, node: Divide) -> int:
    """Integer division with BCDice's rounding, exactly (no floats); the parser refused a divisor
    of 0."""
    if node.rounding == "U":
        return -(-dividend // divisor)
    if node.rounding == "R":  # halves away from zero, as Ruby's Float#round
        q, r = divmod(abs(dividend), abs(divisor))
        q += 2 * r >= abs(divisor)
        return q if (dividend < 0) == (divisor < 0) else -q
    return dividend // divisor


def _value(node: Node, draw: Callable[[Dice], int]) -> int:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Dice):
        return draw(node)
    if isinstance(node, Neg):
        return -_value(node.operand, draw)
    if isinstance(node, Group):
        return _value(node.inner, draw)
    if isinstance(node, Sum):
        total = _value(node.first, draw)
        for op, term in node.rest:
            total = total + _value(term, draw) if op == "+" else total - _value(term, draw)
        return total
    if isinstance(node, Divide):
        return _divide(_value(node.dividend, draw), _value(node.divisor, draw), node)
    product = 1
    for factor in node.factors:
        product *= _value(factor, draw)
    return product


def evaluate(expr: DiceExpr, roll: Callable[[int], int]) -> DiceResult:
    """Evaluate ``expr``, calling ``roll(sides)`` once per die, left to right in the text.

    ``roll`` may replay recorded dice, so a face outside ``1..sides`` is reported as a
    :class:`DiceExprError` at the dice term rather than silently accepted.
    """
    rolls: list[DiceRoll] = []

    def face(die: Dice, sides: int) -> int:
        got = roll(sides)
        if isinstance(got, bool) or not isinstance(got, int) or not 1 <= got <= sides:
            raise DiceExprError(die.column, say("expr.bad_face", sides=sides, got=repr(got)))
        return got

    def draw(die: Dice) -> int:
        if die.two_d9:
            f = face(die, 100)
            rolls.append(DiceRoll("2D9", 100, (f,), read_2d9(f)[2]))
        else:
            faces = tuple(face(die, die.sides) for _ in range(die.count))
            rolls.append(DiceRoll(f"{die.count}D{die.sides}", die.sides, faces, sum(faces)))
        return rolls[-1].value

    total = _value(expr.left, draw)
    if expr.comparison is None or expr.right is None:
        return DiceResult(expr, total, tuple(rolls))
    target = _value(expr.right, draw)
    success = _COMPARE[expr.comparison](total, target)
    return DiceResult(expr, total, tuple(rolls), expr.comparison, target, success)


# --- formatting ----------------------------------------------------------------------------------

_SYMBOL = {"<": "<", "<=": "≤", ">": ">", ">=": "≥", "==": "=", "!=": "≠"}
_VERDICT = {"ja": ("失敗", "成功"), "en": ("failure", "success")}
_ARROW = " → "


def _render(node: Node, rolls: Iterator[DiceRoll], tight: bool) -> str:
    """The expression with dice replaced by what they drew.

    A single die shows its face alone, several show ``4D6[3,5,1,6]``, the 2D9 reading shows
    ``d100[51]→5+1``. ``tight`` asks for brackets where a bare ``a+b`` would misread (inside a
    product, after a minus).
    """
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Dice):
        r = next(rolls)
        if node.two_d9:
            tens, ones, _ = read_2d9(r.faces[0])
            text = f"d100[{r.faces[0]}]→{tens}+{ones}"
            return f"({text})" if tight else text
        if len(r.faces) == 1:
            return str(r.faces[0])
        return f"{r.notation}[{','.join(map(str, r.faces))}]"
    if isinstance(node, Neg):
        return "-" + _render(node.operand, rolls, True)
    if isinstance(node, Group):
        return "(" + _render(node.inner, rolls, False) + ")"
    if isinstance(node, Sum):
        text = _render(node.first, rolls, False)  # a sum is only ever inside brackets or on top
        for op, term in node.rest:
            text += op + _render(term, rolls, op == "-")
        return text
    if isinstance(node, Divide):
        return f"{_render(node.dividend, rolls, True)}/{_render(node.divisor, rolls, True)}{node.rounding}"
    return "*".join(_render(f, rolls, True) for f in node.factors)


def format_result(result: DiceResult, lang: str = "ja") -> str:
    """One line: the expression as written, the dice drawn, the total, and any verdict.

    ``1D100<=65 → 55 → 55≤65 → 成功``, ``(3+1)D(6+0)+2 → 4D6[3,5,1,6]+2 → 17``,
    ``2D9 → d100[51]→5+1 → 6``. The middle step is left out when nothing was rolled or it would
    only repeat the next step. ``lang`` is ``"ja"`` or ``"en"`` (only the verdict differs).
    """
    if lang not in _VERDICT:
        raise ValueError(f"unknown language {lang!r}: use 'ja' or 'en'")
    expr = result.expr
    rolls = iter(result.rolls)
    detail = _render(expr.left, rolls, False)
    steps = [expr.source]
    if expr.comparison is None or expr.right is None:
        shown = str(result.total)
    else:
        sym = _SYMBOL[expr.comparison]
        right = _render(expr.right, rolls, False)
        if any(True for _ in _dice_in(expr.right)):
            detail = f"{detail}{sym}{right}"
        shown = f"{result.total}{sym}{result.target}"
    if expr.dice_count and detail != shown:
        steps.append(detail)
    steps.append(shown)
    if result.success is not None:
        steps.append(_VERDICT[lang][result.success])
    return _ARROW.join(steps)


# --- commands as typed in a chat -----------------------------------------------------------------

_REPEAT_WORDS = ("repeat", "rep", "x")
# a comment cannot begin with what continues an expression
_EXPR_START = set(_DIGITS) | set("+-*/×()<>=!≤≥≦≧≠dD\u2212")


class RollCommand(NamedTuple):
    """``x3 1D100<=65 命中判定``: the expression, how many times, and the comment."""

    expr: DiceExpr
    times: int
    comment: str


def _repeat_prefix(text: str) -> tuple[int, int] | None:
    """(times, characters used) for a leading ``x3 ``/``rep3 ``/``repeat3 `` (full width allowed)."""
    folded = unicodedata.normalize("NFKC", text).lower()
    if len(folded) != len(text):  # a character that folds to several: no column mapping, no prefix
        return None
    for word in _REPEAT_WORDS:
        if folded.startswith(word):
            i = len(word)
            j = i
            while j < len(folded) and folded[j] in _DIGITS:
                j += 1
            if j > i and j < len(folded) and folded[j].isspace() and j - i <= MAX_DIGITS:
                return int(folded[i:j]), j
    return None


def parse_command(text: str) -> RollCommand:
    """Parse a roll as typed in a chat; problems are :class:`DiceExprError` located in ``text``."""
    if not isinstance(text, str):
        raise DiceExprError(1, say("expr.not_text", kind=type(text).__name__))
    start = len(text) - len(text.lstrip())
    times = 1
    repeat = _repeat_prefix(text[start:])
    if repeat is not None:
        times, used = repeat
        if not 1 <= times <= MAX_REPEAT:
            raise DiceExprError(start + 1, say("expr.repeat", times=times, limit=MAX_REPEAT))
        start += used
    body = text[start:]
    try:
        expr = parse(body)
        return RollCommand(expr, times, "")
    except DiceExprError as whole:
        error = DiceExprError(whole.column + start, whole.message)
    # the longest leading run of words that parses is the expression; the rest is a comment
    cuts = [i for i in range(len(body) - 1, 0, -1) if body[i].isspace() and not body[i - 1].isspace()]
    for cut in cuts:
        comment = body[cut:].strip()
        if not comment:  # only other spaces (a \r, a full-width space) follow: no comment here
            continue
        if unicodedata.normalize("NFKC", comment[0]) in _EXPR_START:
            continue  # "2D6 + x" is a broken expression, not 2D6 with a comment
        try:
            expr = parse(body[:cut])
        except DiceExprError:
            continue
        return RollCommand(expr, times, comment)
    raise error
