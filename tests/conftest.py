"""Hypothesis profiles: `default` keeps `make test` quick; HYPOTHESIS_PROFILE=deep digs further."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("deep", max_examples=3000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter) -> None:
    """The deep profile prints what the generators reached (tests/coverage.py)."""
    if os.environ.get("HYPOTHESIS_PROFILE") != "deep":
        return
    from tests import coverage

    if coverage.COUNTS:
        terminalreporter.write_line(coverage.summary())
