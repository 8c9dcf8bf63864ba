"""Dice: the seeded stream (rng, ``dhproc-rng/1``: a contract, since logs replay on it), a turn's
recorded and drawn dice (stream), dhproc's dice expressions (expr), and BCDice's commands and the
result lines its bots post (bcdice, bot_text). Above the catalogue and the errors, below
everything that rolls: nothing here knows a match or a ruleset."""
