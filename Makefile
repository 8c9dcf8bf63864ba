# The README's two commands: `make demo` and `make test`. Both create .venv on first use and
# reinstall the project into it whenever a source file changes (a real install, so the
# bytecode is compiled: start-up time is part of the product).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.dhproc-installed
SOURCES := pyproject.toml $(shell find dhproc schemas -type f \( -name '*.py' -o -name '*.json' -o -name '*.yaml' \) 2>/dev/null)

.PHONY: demo test bench lint install clean

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python $(SOURCES)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check '.[test]'
	@rm -rf build
	@touch $@

demo: $(STAMP)
	$(BIN)/dhproc resolve examples/dh/match.yaml

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

lint: $(STAMP)
	$(BIN)/python -m compileall -q dhproc
	$(BIN)/python -m pytest -q tests/test_hazards.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis out
