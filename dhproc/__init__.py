"""dhproc: the game keeper's batch processor for ダンゲロス-style battles.

The public face is :mod:`dhproc.api`; the command line in :mod:`dhproc.cli` is a thin layer on it.
"""

__version__ = "0.3.0"
