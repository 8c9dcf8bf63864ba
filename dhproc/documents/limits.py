"""The limits of a file dhproc reads: its size, its aliases, how deep it nests, how much it may
expand to, how long a number may be. Apart from loading.py, which imports YAML, so that a command
that reads no file (``dhproc roll --seed``, which takes a seed as a match would) need not."""

MAX_BYTES = 5 * 1024 * 1024
MAX_ALIASES = 100
MAX_DEPTH = 64
# Values a document may expand to through its aliases; a large match has a few thousand.
MAX_VALUES = 200_000
# Characters of text a document may expand to through its aliases: no more than a file may hold.
MAX_EXPANDED_CHARS = MAX_BYTES
# A log holds every event of a long match; it may be larger than a hand-written input.
MAX_LOG_BYTES = 64 * 1024 * 1024
# Digits of an integer literal. Every count, stat, seed and die of every schema fits in 19; a
# longer number is refused where it is written, before Python turns it into an int (which
# refuses over 4,300 digits) or into text for a message.
MAX_INT_DIGITS = 40
