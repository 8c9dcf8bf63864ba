"""The duel's JSON Schemas (data: ``dhproc schema duel.setup`` prints them)."""
