# Frontdesk: see README.md. `make run` serves the app with a demo database; `make test` checks everything.
ROWS ?= 2000
DAYS ?= 730
STAYS ?= 200000
VIEWPORT ?= 1024x768
HOST ?= 127.0.0.1
PORT ?= 8080

DATABASE ?= frontdesk.sqlite
BIN = .build/debug

# Tracked and new (not ignored) Swift files that still exist.
SWIFT_FILES = $(wildcard $(shell git ls-files --cached --others --exclude-standard '*.swift'))

AT ?=

.PHONY: all run test test-dates wasm bench bench-scale bench-salon bench-waitlist bench-salon-board bench-http bench-desk bench-site bench-pages format format-check

all: test

run: wasm
	swift build --product frontdesk
	"$(BIN)/frontdesk" demo --if-empty --database "$(DATABASE)"
	@echo ""
	@echo "Frontdesk on http://$(HOST):$(PORT)/"
	@echo "  Front desk:     http://$(HOST):$(PORT)/desk/"
	@echo "  API:            http://$(HOST):$(PORT)/api/v1/ (sign in: POST /api/v1/session)"
	@echo "  Demo login:     frontdesk@example.com / frontdesk-demo (demo database only)"
	@echo "  Board engine:   http://$(HOST):$(PORT)/board-demo.html?rooms=2000&days=730&stays=200000"
	@echo ""
	"$(BIN)/frontdesk" serve --host $(HOST) --port $(PORT) --database "$(DATABASE)"

test:
	scripts/test.sh

# The Swift suite, the CLI tests and the date-reading browser modules with the clock at each instant of AT
# (UTC, ISO 8601), or at the edges where dates break; SUITES="swift" runs the Swift suite alone.
test-dates: wasm
	swift build --build-tests
	scripts/test-dates.sh $(AT)

wasm:
	scripts/build-wasm.sh

bench-salon:
	scripts/bench-salon.sh both

# PostgreSQL, 1, 2 and 4 instances behind nginx (deploy/), under a mix of guests' and the desk's requests.
bench-scale:
	python3 scripts/bench-scale.py

bench-waitlist:
	scripts/bench-waitlist.sh both

bench-salon-board:
	python3 scripts/bench-desk-board.py --salon --viewport $(VIEWPORT)

bench-http:
	scripts/bench-http.sh both

bench-desk:
	python3 scripts/bench-desk-board.py --rooms $(ROWS) --days $(DAYS) --viewport $(VIEWPORT)

bench-site:
	python3 scripts/bench-site.py

# BENCH_PAGES_OLD=/path/to/old/frontdesk,/path/to/old/Web measures an older build beside this one.
bench-pages:
	python3 scripts/bench-pages.py

bench: wasm
	swift run -c release frontdesk bench timeline --rows $(ROWS) --days $(DAYS) --stays $(STAYS) --viewport $(VIEWPORT)
	node scripts/bench-wasm.mjs --rows $(ROWS) --days $(DAYS) --stays $(STAYS) --viewport $(VIEWPORT)

format:
	@if [ -z "$(SWIFT_FILES)" ]; then echo "format: no Swift files"; \
	else swift format format --parallel --in-place $(SWIFT_FILES); fi

format-check:
	@if [ -z "$(SWIFT_FILES)" ]; then echo "format-check: no Swift files"; \
	elif swift format lint --strict --parallel $(SWIFT_FILES); then \
		echo "format-check: $(words $(SWIFT_FILES)) Swift files clean"; \
	else echo "format-check: fix the findings above (\`make format\` fixes layout, not every lint rule)"; exit 1; fi
