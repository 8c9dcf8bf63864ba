"""Hypothesis profiles: `default` keeps `make test` quick; `ci` (.ci/run) is `default` without
shrinking, so a failing property turns CI red at once with the example as drawn (shrinking a long
logos continuation case can take minutes, which looked like a hang); HYPOTHESIS_PROFILE=deep digs
further."""

import os

from hypothesis import HealthCheck, Phase, settings

settings.register_profile("default", max_examples=150, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.register_profile("ci", max_examples=150, deadline=None, print_blob=True,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# DEEP_EXAMPLES=300 makes a shorter deep run (same generators, same coverage print)
settings.register_profile("deep", max_examples=int(os.environ.get("DEEP_EXAMPLES", "3000")), deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
# python tests/coverage.py: the deep generators, derandomised, so that the table it prints is the
# same on every run of one commit
settings.register_profile("coverage", max_examples=int(os.environ.get("DEEP_EXAMPLES", "300")), deadline=None,
                          derandomize=True, database=None, phases=[Phase.explicit, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter) -> None:
    """The deep profile prints what the generators reached (tests/coverage.py)."""
    if os.environ.get("HYPOTHESIS_PROFILE") != "deep":
        return
    from tests import coverage

    if coverage.COUNTS:
        terminalreporter.write_line(coverage.summary())


import pytest  # noqa: E402


def pytest_configure(config) -> None:
    config.addinivalue_line("markers", "japanese: runs in the default language (Japanese) even in a "
                                       "module that uses the english fixture")


@pytest.fixture
def english(request, monkeypatch):
    """Messages (and reports the CLI renders without --lang) in English: for tests that assert the
    English wording. A module that asserts English throughout says
    ``pytestmark = pytest.mark.usefixtures("english")``; a test of it marked
    ``@pytest.mark.japanese`` keeps the default, Japanese."""
    if request.node.get_closest_marker("japanese"):
        monkeypatch.delenv("DHPROC_LANG", raising=False)
        yield "ja"
        return
    monkeypatch.setenv("DHPROC_LANG", "en")
    yield "en"
