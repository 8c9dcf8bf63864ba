"""From files to a checked match: the JSON Schemas and their quick check (validation, fastcheck)
and a turn listed in a match file (turnlist). Above the engine, whose registry finds each
match's ruleset (and the schemas of a plug-in ruleset); below the rulesets' own commands, which
read files."""
