# Two commands do all set-up on a fresh Debian machine (as root, or with sudo):
#   make play   - install what is missing, vendor the runtime, serve the app on 127.0.0.1
#   make test   - install what the tests need (Chromium, Firefox, WebKit too), then run every test
#   make site   - write site/ (and site.zip): exactly what a static web host needs
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test test-fast bench vendor site deps system-deps sync

play: vendor
	@echo "Serving the board games at http://127.0.0.1:$(PORT)/  (Ctrl-C stops)"
	python3 -m http.server $(PORT) --bind 127.0.0.1

test: deps vendor
	$(PY) -m ruff check .
	@# the engine and tool tests (no browser) spread over the machine's cores (pytest-xdist)
	$(PY) -m pytest -q -n auto tests
	@# A test whose Chromium renderer crashed ("Target crashed", "Page crashed": Chromium's own fault, about
	@# once a full run until the page hid JSPI, see docs/start-up.md) is run once more, and listed as rerun;
	@# any other failure, or a second crash, fails.
	$(PY) -m pytest -q -rfER --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed" e2e

# Engine and app-logic tests only (no browser): quick feedback while coding.
test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -n auto tests

bench: deps vendor
	$(PY) tools/bench_load.py
	$(PY) tools/bench_draw.py
	$(PY) tools/bench_engine.py
	$(PY) tools/bench_ai.py
	$(PY) tools/bench_review.py
	$(PY) tools/bench_lighthouse.py

vendor: node_modules/.installed
	python3 tools/vendor.py

# The folder to deploy (copy it to any static host, under any path) and its zip.
site: vendor
	python3 tools/build_site.py --zip

# Rewrite the [files] of pyscript.toml and worker.toml after adding or removing a Python module.
sync:
	python3 tools/sync_files.py

deps: system-deps $(VENV)/.installed node_modules/.installed

system-deps:
	@command -v node >/dev/null && command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; }
	@python3 -c "import venv, ensurepip" 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv; }
	@# the other two browser engines of e2e/test_other_engines.py: Firefox, and WebKit on a virtual display
	@[ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && command -v Xvfb >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y firefox-esr webkit2gtk-driver xvfb; }

$(VENV)/.installed: requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --no-audit --no-fund
	touch $@
