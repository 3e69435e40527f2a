# The two commands: `make serve` and `make test`. Both create .venv when it is missing.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 5006
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHROMIUM := /usr/bin/chromium
# Two pytest workers, each taking whole files (a file's server and browser stay in one process);
# `make test PYTEST_WORKERS=` runs the suite in one process.
PYTEST_WORKERS ?= -n 2 --dist loadfile
NGINX    := /usr/sbin/nginx

.PHONY: serve test lint install install-test chromium nginx bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test chromium nginx

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y chromium; \
	fi

# nginx for the test of two server processes behind it (tests/common/test_nginx.py); where apt
# cannot install it the test skips.
nginx:
	@if [ ! -x $(NGINX) ]; then \
		echo "Installing Debian's nginx for the load-balancer test"; \
		( $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y nginx ) \
			|| echo "nginx could not be installed: tests/common/test_nginx.py will skip"; \
	fi

serve: install
	$(BIN)/wargame-viewer serve --address localhost --port $(PORT)

test: install-test
	$(BIN)/ruff check viewer apps tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest tests $(PYTEST_WORKERS) --durations=15

lint: install-test
	$(BIN)/ruff check viewer apps tests bench
	$(BIN)/mypy

bench: install-test
	$(BIN)/python bench/render.py
	$(BIN)/python bench/supply.py
	$(BIN)/python bench/world.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/paint.py
	$(BIN)/python bench/sessions.py

clean:
	rm -rf $(VENV) build dist *.egg-info
