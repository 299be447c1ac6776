# moonbase: `make play` starts the game, `make test` runs every check. Both set up .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
BENCH  := $(VENV)/.bench-installed

.PHONY: play test check lint typecheck unit playthroughs bench clean system messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,server,rl,fast,lab]'
	$(BIN)/python -m moonbase.fast
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/moonbase

# The server's tests run a real PostgreSQL (Debian's package; as root it runs as `postgres`);
# the browser client's tests drive Debian's Chromium.
system:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
		else \
			echo "PostgreSQL is not installed: run 'sudo apt-get install postgresql' (its tests are skipped)"; \
		fi; \
	fi
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "Chromium is not installed: run 'sudo apt-get install chromium' (the browser tests are skipped)"; \
		fi; \
	fi

test: $(STAMP) system
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy --strict src
	$(BIN)/python -m pytest -n auto -q

# The quick loop while working: lint, types, and the tests that need no browser, database,
# peer library or long harness run; the first failure stops it. `make test` runs everything.
check: lint typecheck
	$(BIN)/python -m pytest -n auto -q -x -m "not slow" --ignore=tests/web --ignore=tests/server \
		--ignore=tests/conformance --ignore=tests/adapters --ignore=tests/lab --ignore=benchmarks

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

unit: $(STAMP)
	$(BIN)/python -m pytest -n auto -q

# Bring every translation catalog in step with the texts marked in the source.
messages: $(STAMP)
	$(BIN)/python -m moonbase.i18n.catalogs

playthroughs: $(STAMP)
	$(BIN)/python tests/playthroughs/regenerate.py

$(BENCH): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,server,rl,fast,lab,bench]'
	touch $(BENCH)

bench: $(BENCH)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/peers.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
