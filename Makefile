# The README's two commands: `make demo` and `make test`. Both create .venv on first use and
# reinstall the project into it whenever a source file changes (a real install, so the
# bytecode is compiled: start-up time is part of the product).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.dhproc-installed
SOURCES := pyproject.toml $(shell find dhproc schemas -type f \( -name '*.py' -o -name '*.json' -o -name '*.yaml' -o -name '*.js' -o -name '*.css' \) 2>/dev/null)

.PHONY: demo test bench lint install clean fuzz replay-all

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check '.[test,dask]'
	@rm -rf build
	@touch $@

demo: $(STAMP)
	$(BIN)/dhproc resolve examples/dh/match.yaml

# -n auto: one worker per core (the suite is CPU-bound; two cores halve it). A single test
# file run by hand stays serial: `.venv/bin/python -m pytest tests/test_cli.py`.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# Mutation fuzzing of every ruleset's files (docs/robustness.md); failing cases land in
# tests/regressions/. FUZZ_SECONDS=600 for the long run.
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 1
fuzz: $(STAMP)
	$(BIN)/python tools/fuzz.py --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

# The replay corpus under every Python 3.10-3.13 present (a throwaway venv each).
replay-all: $(STAMP)
	BUILDER=$(BIN)/python .ci/replay-all

lint: $(STAMP)
	$(BIN)/python -m compileall -q dhproc
	$(BIN)/python -m pytest -q tests/test_hazards.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis out
