# Jass tutor: `make run` opens the app, `make test` runs every check. Both install what is missing.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Extra arguments: `make test PYTEST_ARGS="-k screenshot"`, `make run ARGS="--version"`.
PYTEST_ARGS ?=
ARGS ?=

PO_FILES := $(wildcard translations/*/LC_MESSAGES/*.po)
# Compiled into the package data, where the app finds them (tutor/data/__init__.py).
MO_FILES := $(patsubst translations/%.po,tutor/data/locale/%.mo,$(PO_FILES))

LANGS := fr de it
DOMAINS := tutor content
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)

.PHONY: help run test check check-install a11y reliability install system-deps extract update compile clean

help:
	@echo "make run      install what is missing, then open Jass tutor (ARGS=... for its options)"
	@echo "make test     install, then lint, type-check and run the tests (PYTEST_ARGS=...)"
	@echo "make check    ruff, mypy and the lesson and puzzle check"
	@echo "make check-install  build the sdist and wheel, install the wheel outside the checkout, run it"
	@echo "make reliability  the long checks outside make test: memory over many games, kill -9"
	@echo "make a11y     a learner's journey with the Orca screen reader (needs Orca: see README)"
	@echo "make install  system Qt libraries, .venv, the package, compiled translations"
	@echo "make extract  write translations/tutor.pot (the app) and content.pot (lessons, puzzles)"
	@echo "make update   extract, then merge the templates into each fr, de, it catalog"
	@echo "make clean    remove .venv, caches and compiled translations"

install: system-deps $(VENV)/.installed compile

system-deps:
	@PYTHON=$(PYTHON) scripts/system-deps.sh

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	  echo "error: Jass tutor needs Python 3.11 or newer, but '$(PYTHON)' is" \
	       "$$($(PYTHON) --version 2>/dev/null || echo 'not found')." \
	       "Run e.g. 'make PYTHON=python3.12 ...'." >&2; exit 1; }
	@echo "==> creating $(VENV) with $$($(PYTHON) --version)"
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }

# Reinstalled only when pyproject.toml changes (the package itself is installed editable).
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "==> installing jass-tutor and its dev tools into $(VENV)"
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $@

# Translation templates: the app's strings, and lesson and puzzle prose from YAML.
extract: $(VENV)/.installed
	@$(BIN)/pybabel -q extract -F babel.cfg -k NP_:1c,2 --project "Jass tutor" \
	  --version $(VERSION) --sort-by-file -w 100 -o translations/tutor.pot .
	@$(BIN)/pybabel -q extract -F babel-content.cfg --project "Jass tutor" \
	  --version $(VERSION) --sort-by-file -w 100 -o translations/content.pot .

update: extract
	@for domain in $(DOMAINS); do for lang in $(LANGS); do \
	  po=translations/$$lang/LC_MESSAGES/$$domain.po; \
	  if [ -f $$po ]; then \
	    $(BIN)/pybabel -q update -D $$domain -l $$lang -d translations \
	      -i translations/$$domain.pot -w 100 --no-fuzzy-matching --ignore-obsolete; \
	  else \
	    $(BIN)/pybabel -q init -D $$domain -l $$lang -d translations \
	      -i translations/$$domain.pot; \
	  fi; done; done

# Translation catalogs: each translations/<lang>/LC_MESSAGES/<domain>.po becomes
# tutor/data/locale/<lang>/LC_MESSAGES/<domain>.mo (the wheel's build does the same: setup.py).
compile: $(MO_FILES)
	@:

tutor/data/locale/%.mo: translations/%.po $(VENV)/.installed
	@mkdir -p $(@D)
	@$(BIN)/pybabel compile --statistics -i $< -o $@

run: install
	@if [ -z "$${DISPLAY:-}" ] && [ -z "$${WAYLAND_DISPLAY:-}" ]; then \
	  echo "==> no display: running under xvfb-run (a virtual screen)"; \
	  exec xvfb-run -a $(BIN)/jass-tutor $(ARGS); \
	else \
	  exec $(BIN)/jass-tutor $(ARGS); \
	fi

check: install
	@echo "==> ruff"
	@$(BIN)/ruff check --output-format=concise engine tutor tests
	@echo "==> mypy --strict engine tutor"
	@$(BIN)/mypy --strict engine tutor
	@echo "==> lessons and puzzles against the engine"
	@$(BIN)/python -m tutor.content check

test: check
	@echo "==> pytest"
	@QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PYTEST_ARGS)

# The app as a learner installs it: sdist, wheel, a fresh virtualenv outside the checkout.
check-install: install
	@$(BIN)/python scripts/check_install.py $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	rm -rf tutor/data/locale dist

# Not part of `make test` (minutes, not seconds): memory over many games in one window (must
# stay under 0.1 MB per game), then the app killed with SIGKILL during play and restarted (both
# databases pass integrity_check, the exact saved game resumes). Figures: README, Reliability.
# Other long checks of issue 19 go here too, one script each.
RELIABILITY_GAMES ?= 150
RELIABILITY_KILLS ?= 50
RELIABILITY_TARGET ?= 300
reliability: install
	@echo "==> memory over $(RELIABILITY_GAMES) fast games to $(RELIABILITY_TARGET) points in one window"
	@QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/memory_games.py \
	  --games $(RELIABILITY_GAMES) --target $(RELIABILITY_TARGET) --max-growth 0.1
	@echo "==> kill -9 during play and restart, $(RELIABILITY_KILLS) times"
	@$(BIN)/python scripts/kill_loop.py --kills $(RELIABILITY_KILLS)

# Not part of `make test`: it needs Orca and the harness of ../shared/a11y (orca-session install).
a11y: install
	@$(BIN)/python scripts/a11y_journey.py
