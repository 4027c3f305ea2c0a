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

# The lock: every runtime, development and build dependency at an exact version with its
# hashes (pip-tools' pip-compile, `make lock`); constraints.txt: the runtime ones alone, for
# pip and pipx users (README, Start). pyproject.toml keeps compatible ranges.
LOCK := requirements.txt
CONSTRAINTS := constraints.txt
PIP_TOOLS := pip-tools==7.6.2
PIP := $(BIN)/python -m pip --disable-pip-version-check
# The lock is made from the package index alone, whatever this machine's pip is set to use.
LOCK_ENV := env -u PIP_FIND_LINKS -u PIP_EXTRA_INDEX_URL -u PIP_INDEX_URL -u PIP_CONSTRAINT \
	PIP_CONFIG_FILE=/dev/null

LANGS := fr de it
DOMAINS := tutor content
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)

.PHONY: help run test test-latest lock check check-install a11y reliability install system-deps \
	extract update compile clean

help:
	@echo "make run      install what is missing, then open Jass tutor (ARGS=... for its options)"
	@echo "make test     install, then lint, type-check and run the tests (PYTEST_ARGS=...)"
	@echo "make check    ruff, mypy and the lesson and puzzle check"
	@echo "make check-install  build the sdist and wheel, install the wheel outside the checkout, run it"
	@echo "make lock     resolve the newest releases pyproject.toml allows into $(LOCK), $(CONSTRAINTS)"
	@echo "make test-latest  the test suite in a throwaway virtualenv on the newest releases"
	@echo "make reliability  the long checks outside make test: memory over many games, kill -9"
	@echo "make a11y     a learner's journey with the Orca screen reader (needs Orca: see docs/contributing.md)"
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

# Reinstalled only when pyproject.toml or the lock changes: the locked versions, every file
# checked against its hash, then the package itself, editable, built with the locked setuptools.
$(VENV)/.installed: pyproject.toml $(LOCK) | $(BIN)/python
	@echo "==> installing the locked dependencies ($(LOCK)) and jass-tutor into $(VENV)"
	@$(PIP) install --quiet --require-hashes --no-deps -r $(LOCK)
	@$(PIP) install --quiet --no-deps --no-build-isolation -e .
	@touch $@

# The newest releases pyproject.toml's ranges allow, resolved into the lock (with hashes) and
# the runtime constraints; pip-tools runs from a throwaway virtualenv. LOCK_ARGS=... passes
# options to pip-compile (e.g. LOCK_ARGS="--upgrade-package babel==2.18.0").
LOCK_ARGS ?= --upgrade
lock:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(PYTHON) -m venv "$$tmp/venv" && \
	  $(LOCK_ENV) "$$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
	    $(PIP_TOOLS) && \
	  echo "==> $(LOCK): pip-compile $(LOCK_ARGS)" && \
	  $(LOCK_ENV) "$$tmp/venv/bin/pip-compile" --quiet $(LOCK_ARGS) --generate-hashes \
	    --strip-extras --extra dev --all-build-deps --unsafe-package jass-tutor \
	    --no-emit-index-url --no-emit-find-links --output-file $(LOCK) pyproject.toml && \
	  echo "==> $(CONSTRAINTS): the runtime dependencies at the versions of $(LOCK)" && \
	  $(LOCK_ENV) "$$tmp/venv/bin/pip-compile" --quiet --constraint $(LOCK) --strip-extras \
	    --no-emit-index-url --no-emit-find-links --no-annotate \
	    --output-file $(CONSTRAINTS) pyproject.toml

# The whole suite against the newest releases, in a throwaway virtualenv: what the next
# `make lock` would bring. Not part of `make test` or CI; its last result is in docs/contributing.md.
test-latest:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(PYTHON) -m venv "$$tmp/venv" && \
	  echo "==> installing the newest releases into a throwaway virtualenv" && \
	  $(LOCK_ENV) "$$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade \
	    pip && \
	  $(LOCK_ENV) "$$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade \
	    -e '.[test]' && \
	  for po in $(PO_FILES); do \
	    mo=tutor/data/locale/$${po#translations/}; mkdir -p "$$(dirname "$$mo")"; \
	    "$$tmp/venv/bin/pybabel" compile -i "$$po" -o "$${mo%.po}.mo" >/dev/null || exit 1; \
	  done && \
	  echo "==> pytest with:" $$("$$tmp/venv/bin/python" -m pip freeze --exclude-editable \
	    --disable-pip-version-check | tr '\n' ' ') && \
	  QT_QPA_PLATFORM=offscreen "$$tmp/venv/bin/python" -m pytest -p no:cacheprovider \
	    $(PYTEST_ARGS)

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
# databases pass integrity_check, the exact saved game resumes). Figures: docs/reliability.md.
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
	@echo "==> the second audit's attacks (issue 38), each in a process of its own, under a timeout"
	@QT_QPA_PLATFORM=offscreen $(BIN)/python scripts/fault_audit.py

# Not part of `make test`: it needs Orca and the harness of ../shared/a11y (orca-session install).
a11y: install
	@$(BIN)/python scripts/a11y_journey.py
