"""Exact odds: finite distributions of dice and of the checks rulesets build from them."""
