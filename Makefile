# tutorhub: the two commands are `make run` and `make test`. `make help` lists the rest.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

# CI's environment may lack rustup's PATH entry.
export PATH := $(HOME)/.cargo/bin:$(PATH)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
# CI builds from a fresh clone once: incremental compilation only costs time there.
ifeq ($(CI),true)
export CARGO_INCREMENTAL := 0
endif

CARGO ?= cargo
# `make run` settings (the same names as the server's environment variables).
DATA_DIR ?= ./data
BIND ?= 127.0.0.1:8080

RELEASE_BIN := target/release/tutorhub
STAGE := scripts/stage.sh
NPM := env -C frontend npm

.PHONY: help deps frontend build run test bench soak lighthouse profile-start openapi clean distclean

help: ## show this help
	@echo "tutorhub -- make targets:"
	@awk 'BEGIN { FS = ":.*## " } /^[a-z-]+:.*## / { printf "  make %-13s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)
	@echo
	@echo "make run settings: DATA_DIR=$(DATA_DIR) BIND=$(BIND) (e.g. make run DATA_DIR=/tmp/th BIND=127.0.0.1:9000)"

deps: ## install Debian packages, npm packages and the schemathesis venv (quick when present)
	@scripts/install-deps.sh

frontend: deps ## build the single-page app into frontend/dist
	$(NPM) run build

build: frontend ## release binary target/release/tutorhub, with frontend/dist embedded
	$(CARGO) build --release -p tutorhub-cli

run: build ## build, seed demo data (idempotent) and serve on http://127.0.0.1:8080
	mkdir -p "$(DATA_DIR)"
	CASES_AUTO_APPROVE=true $(RELEASE_BIN) seed --demo --data-dir "$(DATA_DIR)"
	@echo "tutorhub: http://$(BIND)  (data in $(DATA_DIR); Ctrl-C stops it)"
	CASES_AUTO_APPROVE=true exec $(RELEASE_BIN) serve --bind "$(BIND)" --data-dir "$(DATA_DIR)"

test: export TEST_START := $(shell date +%s)
test: ## everything CI runs: deps, Rust build and tests (SQLite + PostgreSQL), frontend checks and tests, e2e, contract
	@$(STAGE) "1/10 deps" scripts/install-deps.sh
	@$(STAGE) "2/10 rustfmt, no module cycles, clippy, cargo build" scripts/build-rust.sh
	@$(STAGE) "3/10 cargo test (SQLite, PostgreSQL, S3)" env TUTORHUB_REQUIRE_POSTGRES=1 TUTORHUB_REQUIRE_S3=1 scripts/with-postgres.sh scripts/with-s3.sh scripts/cargo-linted.sh test --workspace
	@$(STAGE) "4/10 frontend: API client up to date" $(NPM) run check:api
	@$(STAGE) "5/10 frontend: typecheck" $(NPM) run typecheck
	@$(STAGE) "6/10 frontend: lint and format" $(NPM) run lint:all
	@$(STAGE) "7/10 frontend: unit tests" $(NPM) test
	@$(STAGE) "8/10 frontend: build, entry JavaScript budget" $(NPM) run build:budget
	@$(STAGE) "9/10 e2e: Playwright + Chromium against tutorhub serve" scripts/e2e.sh
	@$(STAGE) "10/10 contract: schemathesis against tutorhub serve" scripts/contract.sh
	@echo
	@echo "make test: all stages ok in $$(( $$(date +%s) - TEST_START )) s"
	@echo "stages: 10 passed, 0 failed"

bench: build ## search at market scale (1,000,000 cases, 200,000 tutors; BENCH_DATABASE=postgres, BENCH_SERVERS=2): hot vs nginx, cold mix, start time, RSS
	scripts/bench.sh

soak: build ## burst and flood scenarios (junk searches, logins, huge bodies, slow clients, reset flood, invitations, daily caps) against the release server; prints peak RSS and answers
	scripts/soak.sh

lighthouse: build ## Lighthouse (mobile) on /, /all-cases, a tutor's and a case's page, two runs each, against the release server
	scripts/lighthouse.sh

profile-start: build ## where each public page's start spends the main thread, by package, and its long tasks (PROFILE_RUNS=3)
	scripts/start-profile.sh

openapi: deps ## regenerate openapi.yaml, the frontend's API client, its form limits and the catalogue's English names from the server
	$(CARGO) run -q -p tutorhub-cli -- openapi > openapi.yaml.tmp
	mv openapi.yaml.tmp openapi.yaml
	$(CARGO) run -q -p tutorhub-cli -- form-limits > frontend/src/api/form-limits.ts.tmp
	mv frontend/src/api/form-limits.ts.tmp frontend/src/api/form-limits.ts
	$(CARGO) run -q -p tutorhub-cli -- catalogue-names > frontend/src/i18n/catalogue-names-en.ts.tmp
	mv frontend/src/i18n/catalogue-names-en.ts.tmp frontend/src/i18n/catalogue-names-en.ts
	$(NPM) run gen:api

clean: ## remove build outputs and test artefacts (keeps ./data, node_modules and the venv)
	$(CARGO) clean
	rm -rf frontend/dist frontend/test-results frontend/playwright-report .tmp/logs .tmp/contract .tmp/soak .tmp/lighthouse .tmp/profile-dist openapi.yaml.tmp

distclean: clean ## clean, and remove node_modules and .tmp (the venv) too
	rm -rf frontend/node_modules .tmp
