"""From files to a checked match: the JSON Schemas and their quick check (validation, fastcheck),
the match assembled from its files (assembly: listed and sibling turn files, folders, numbering,
each turn's dice, the ruleset's own checks), 行動提出 read from chat posts (posts), and a turn
listed in a match file (turnlist). Above the engine, whose registry finds each match's ruleset
(and a plug-in's schemas); below the rulesets' own commands, which read files."""
