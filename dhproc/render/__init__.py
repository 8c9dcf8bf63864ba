"""Pictures of a match from its log: the map as SVG and PNG, and the replay page.

Nothing here knows a rule. The picture of a moment is drawn from the blocks the text report
makes for the log cut at that moment (:mod:`dhproc.render.steps`), so the picture, the text map
and the state tables always agree, and the public view hides in the picture what it hides in the
report.
"""
