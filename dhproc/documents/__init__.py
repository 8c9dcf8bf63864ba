"""YAML files read with the place of every value: a Document and the Anchor that locates a value
in it (``file:line:col``), the limits of a file, YAML's own layout and words said in dhproc's
words, and editing a YAML list in place keeping its layout. Below the match model and the engine,
which name Anchor and Document; what the values must be (schemas, a checked match) is inputs/."""
