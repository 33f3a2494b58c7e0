# tabletop: `make play` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The compiled engine (tabletop.native): rebuilt when a source it is built against changes.
NATIVE := src/tabletop/_native/manifest.json
NATIVE_SOURCES := $(wildcard src/tabletop/core/*.py src/tabletop/cards/*.py \
	src/tabletop/games/radiant_arena/*.py src/tabletop/games/radiant_perim/*.py \
	src/tabletop/games/lightseekers/*.py src/tabletop/games/hoshi_battle/*.py \
	src/tabletop/agents/arena.py src/tabletop/agents/arena_draft.py \
	src/tabletop/agents/heuristic.py src/tabletop/agents/base.py)

.PHONY: play test bench bench-agents lint soak clean native golden screenshots

$(STAMP): pyproject.toml examples/goofspiel/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[test,research,postgres]'
	# the template game, installed from outside the engine as a contributor's game would be
	$(PY) -m pip install -q -e examples/goofspiel
	touch $(STAMP)

# Compile the four games' rules, the rules kernel and the core's State, events and chance
# with mypyc (about three minutes on two idle cores); without a C compiler the engine runs
# as plain Python, the same games, slower (docs/performance.md).
$(NATIVE): $(STAMP) $(NATIVE_SOURCES)
	@echo "compiling the engine with mypyc (tabletop.native)..."
	@TABLETOP_NATIVE=off $(PY) -c "from tabletop.native import build; print('compiled:', build())" > $(VENV)/native.log 2>&1 \
		&& tail -1 $(VENV)/native.log \
		|| { tail -20 $(VENV)/native.log; echo "warning: the compiled engine could not be built (see $(VENV)/native.log); tabletop runs as plain Python"; }

native: $(NATIVE)  ## compile the engine's hot path (make play, test and bench do it)

play: $(STAMP) $(NATIVE)  ## the web server at 127.0.0.1:8000 (lobby and tables); opens a browser if any
	$(VENV)/bin/tabletop serve --host 127.0.0.1 --port 8000

test: $(STAMP) $(NATIVE)  ## the whole test suite
	$(PY) -m pytest -n 2

bench: $(STAMP) $(NATIVE)  ## benchmarks; figures go into docs/performance.md
	$(PY) bench/run.py
	$(PY) bench/draft.py
	$(PY) bench/web_load.py
	$(PY) bench/research.py

bench-agents: $(STAMP)  ## agent strength and speed (long: about 3 hours on 2 cores); docs/agents.md
	$(PY) bench/agents.py --out bench-agents.jsonl

soak: $(STAMP)  ## long runs: 1000 four-player games, every record replayed
	$(VENV)/bin/tabletop simulate radiant-perim --games 1000 --players 4 --workers 2 --out /tmp/tabletop-soak.jsonl
	$(VENV)/bin/tabletop replay /tmp/tabletop-soak.jsonl

golden: $(STAMP)  ## regenerate the golden playthroughs (tests/golden) after a RULES_VERSION bump
	$(PY) -m tabletop.testing.golden --dir tests/golden

screenshots: $(STAMP) $(NATIVE)  ## the tables' screenshots in docs/web (1280x800, 390x844), shown in docs/web.md
	TABLETOP_WEB_SHOTS=docs/web $(PY) -m pytest -n 0 tests/interfaces/web/test_web_table.py -k fits_a_desk_and_a_phone

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench examples
	# every layer, strictly: core, cards, games (all four), agents, sim, interfaces (cli,
	# env, web), testing, and the compiled engine's builder
	$(VENV)/bin/mypy --strict src/tabletop

clean:
	rm -rf $(VENV) build src/tabletop/_native *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
