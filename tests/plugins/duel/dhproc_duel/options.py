"""The duel's one interpretation option, declared whole: its values, its clause, its words."""

from dhproc.engine.options import Option, OptionSet

OPTIONS = OptionSet([
    Option("tie", "nobody", choices=("nobody", "both"), source="guess", clause="DUEL-1.3",
           name=("同値の出目", "equal rolls"),
           reason=("同値のときの決まりはない。誰も傷つかないのが素直な読み",
                   "the rules say nothing of equal rolls; nobody hurt is the plain reading")),
])
