# Developer and CI entry points.  See docs/setup.md.
#
#   make run     create .venv, install the package with its [web] extra, start the web game
#                (hearts serve)
#   make test    install the package with its [web,test] extras (plus chromium, tmux,
#                PostgreSQL and Redis from Debian when missing), then ruff, mypy and the
#                whole pytest suite
#   make check   fast feedback: ruff, mypy and the tests that need no browser, database
#                server or Redis, but the few marked slow (no Debian packages installed)
#   make lint    ruff and mypy only
#   make bench   hearts bench engine and hearts bench bots
#   make bench-tables  the shared tables' load runs of bench/tables_results.md (about 12 min:
#                one process on SQLite, flat out, two processes with a throw-away Redis and
#                PostgreSQL); output as JSON under bench/out/
#   make clean   remove caches and build output, the compiled engine included (keeps .venv;
#                `make distclean` removes it too)

PYTHON ?= python3
VENV   ?= .venv
HOST   ?= 127.0.0.1
PORT   ?= 8000
# Extra arguments for pytest, e.g. `make test PYTEST_ARGS="-k record -n 0"`.
PYTEST_ARGS ?=
# Parallel pytest workers (pytest-xdist); 0 runs in one process.
PYTEST_WORKERS ?= 2

BIN := $(VENV)/bin
# Every install goes through constraints.txt: the versions the tests last passed with.
PIP_INSTALL := $(BIN)/python -m pip install --quiet -c constraints.txt
# The tests `make check` leaves out (markers set in tests/conftest.py).
CHECK_MARKERS := not e2e and not postgres and not redis and not slow

# Stamp files: pip runs again only when pyproject.toml, setup.py or an engine module is newer
# than the stamp.  The install compiles the engine modules with mypyc into src/hearts/ (see
# setup.py and docs/engine.md); a compiled module is imported before its .py file, so an
# edited engine module must be rebuilt: these prerequisites do that for `make test`/`make run`.
# (Run without make, an edited checkout falls back to the .py sources with a warning:
# src/hearts/_native.py.)  HEARTS_PURE_PYTHON=1 make ... installs without compiling.
ENGINE_SOURCES := $(addprefix src/hearts/,cards.py rules.py deal.py tricks.py actions.py settle.py \
	game.py scoring.py drive.py players/sim.py players/policy.py)
INSTALL_DEPS   := pyproject.toml setup.py constraints.txt $(ENGINE_SOURCES)
# The engine modules checked with `mypy --strict` (issue 23), besides the whole package's mypy run.
STRICT_MODULES := cards.py rules.py deal.py actions.py tricks.py game.py scoring.py settle.py view.py \
	record.py events.py errors.py
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: run test check lint bench bench-tables clean distclean venv install install-test system-deps pytest

run: $(RUN_STAMP)
	$(BIN)/hearts serve --host $(HOST) --port $(PORT)

test: $(TEST_STAMP) system-deps lint pytest

# Lint, type check and every test that needs no browser, database server or Redis
# (about 290 s of CPU, two and a half minutes on two idle cores: docs/setup.md).
check: lint
	@workers="$(PYTEST_WORKERS)"; \
	if [ "$$workers" != 0 ]; then par="-n $$workers"; else par=""; fi; \
	echo "$(BIN)/pytest $$par -m '$(CHECK_MARKERS)' $(PYTEST_ARGS)"; \
	$(BIN)/pytest $$par -m '$(CHECK_MARKERS)' $(PYTEST_ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --strict $(addprefix src/hearts/,$(STRICT_MODULES))

# pytest exit 5 means "no tests collected": not an error here.
pytest: $(TEST_STAMP) system-deps
	@workers="$(PYTEST_WORKERS)"; \
	if [ "$$workers" != 0 ] && $(BIN)/python -c "import xdist" 2>/dev/null; then \
		par="-n $$workers"; else par=""; fi; \
	echo "$(BIN)/pytest $$par $(PYTEST_ARGS)"; \
	rc=0; $(BIN)/pytest $$par $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest: no tests collected (exit 5), treated as success"; rc=0; fi; \
	exit $$rc

bench: $(RUN_STAMP)
	$(BIN)/hearts bench engine
	$(BIN)/hearts bench bots

# A failing run (errors > 0) stops the target; its server logs are kept (paths in the JSON).
bench-tables: $(TEST_STAMP) system-deps
	mkdir -p bench/out
	$(BIN)/python bench/tables_load.py --tables 200 --seconds 120 --think 0.05,0.2 > bench/out/tables_one.json
	$(BIN)/python bench/tables_load.py --tables 200 --seconds 90 --think 0 > bench/out/tables_flat.json
	$(BIN)/python bench/tables_load.py --tables 200 --seconds 120 --think 0.05,0.2 --servers 2 --pg > bench/out/tables_two_pg.json
	$(BIN)/python bench/tables_hotpath.py --tables 200 --moves 40000 > bench/out/tables_hotpath.json
	@echo "figures in bench/out/tables_*.json"

install: $(RUN_STAMP)
install-test: $(TEST_STAMP)

venv: $(BIN)/pip

# Debian's python3 has no ensurepip unless python3-venv is installed (the venv then has no pip):
# install it and retry.
$(BIN)/pip:
	@if ! $(PYTHON) -m venv $(VENV) 2>/dev/null; then \
		echo "python3 -m venv failed; installing Debian's python3-venv"; \
		rm -rf $(VENV); \
		$(APT_GET) update && $(APT_GET) install -y python3-venv python3-pip && \
		$(PYTHON) -m venv $(VENV); \
	fi

$(RUN_STAMP): $(INSTALL_DEPS) | $(BIN)/pip
	$(PIP_INSTALL) -e '.[web]'
	touch $@

# The [web,test] install includes the [web] one, so it refreshes both stamps.
$(TEST_STAMP): $(INSTALL_DEPS) | $(BIN)/pip
	$(PIP_INSTALL) -e '.[web,test]'
	touch $@ $(RUN_STAMP)

# Browser tests drive Debian's chromium through Playwright (executable_path=/usr/bin/chromium);
# `playwright install` is never used.  tmux drives the terminal game in its tests.
# PostgreSQL's server binaries let the storage tests start a throw-away cluster; redis-server
# lets the shared tables' tests run two server processes through a throw-away Redis.
# fonts-noto-cjk gives Chromium Japanese glyphs, so the Japanese page and its screenshots show
# real characters rather than empty boxes.
system-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v tmux >/dev/null 2>&1 \
			|| ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
			|| ! command -v redis-server >/dev/null 2>&1 \
			|| [ ! -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then \
		echo "installing chromium, tmux, postgresql, redis-server and fonts-noto-cjk from Debian"; \
		$(APT_GET) update && $(APT_GET) install -y --no-install-recommends chromium tmux postgresql \
			redis-server fonts-noto-cjk; \
	fi

# Also removes the compiled engine (src/hearts/*.so and the record of its sources): the next
# `make test`/`make run` builds it again.
clean:
	rm -rf build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis artifacts
	find src tests -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -f src/hearts/*.so src/hearts/players/*.so src/hearts/_native_sources.json
	rm -f $(RUN_STAMP) $(TEST_STAMP)

distclean: clean
	rm -rf $(VENV)
