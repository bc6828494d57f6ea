# One command runs the console, one runs every test. See README.md.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BIN       := backend/bin/console
SPA_SITE  := backend/internal/platform/spa/site/app
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -X github.com/rouder/console/internal/platform/config.Version=$(VERSION)
GO_FILES  := $(shell find backend -name '*.go' -not -path '*/node_modules/*' 2>/dev/null)
FE_SRC    := $(shell find frontend/src frontend/public frontend/index.html frontend/answer.html frontend/vite.config.ts frontend/tsr.config.json frontend/package.json -type f 2>/dev/null)

.PHONY: help run build test test-cluster bench screenshots generate check-generated frontend-deps clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

run: build ## build everything and start the console with demo data on http://localhost:8080/home/
	SEED_DEMO=true DATA_DIR=$${DATA_DIR:-./var} PORT=$${PORT:-8080} SUPPORT_MAIL_ADDRESS=$${SUPPORT_MAIL_ADDRESS:-support@rouder.example} $(BIN)

build: $(BIN) ## build the SPA and the single binary that embeds it

test: ## run every test: vet, Go on PostgreSQL and SQLite, frontend checks, browser tests
	@bash deploy/test/run-all.sh

test-cluster: ## two instances behind nginx on PostgreSQL and S3, with their fault tests (docs/operations.md)
	@bash deploy/test/cluster.sh

bench: build ## benchmarks at realistic scale, each beside its reference and goal (docs/benchmarks.md)
	@read -r url dir < <(bash deploy/test/postgres.sh) && trap 'bash $(CURDIR)/deploy/test/postgres.sh stop "$$dir"' EXIT && \
	  cd backend && TEST_DATABASE_URL="$$url" go test -run '^$$' -bench PublicSurveyAnswer -benchtime 1x ./internal/adapters/http/ && \
	  TEST_DATABASE_URL="$$url" go test -run '^$$' -bench . -skip 'Export|Reports|MasterImport|Notifications' -benchtime 20x ./internal/adapters/store/ && \
	  TEST_DATABASE_URL="$$url" go test -run '^$$' -bench 'Export|Reports|MasterImport|Notifications' -benchtime 1x -timeout 60m ./internal/adapters/store/
	cd frontend && node scripts/size-budget.mjs
	cd frontend && CONSOLE_BIN=$(CURDIR)/$(BIN) npx vitest run --config vitest.perf.config.ts

screenshots: build ## refresh docs/screenshots/ from the browser tests, and the first pages of the demo reports
	cd frontend && SCREENSHOT_DIR=$(CURDIR)/docs/screenshots npm run e2e
	@dir=$$(mktemp -d) && cd backend && REPORT_SAMPLE_DIR=$$dir go test -count=1 -run 'ReportOnTheDemo' ./internal/adapters/http/ >/dev/null && \
	  for f in $$dir/*.pdf; do pdftoppm -png -r 50 -f 1 -l 3 "$$f" "$(CURDIR)/docs/screenshots/$$(basename $$f .pdf)"; done; rm -rf "$$dir"

generate: frontend-deps ## rewrite generated code: OpenAPI server + TS types, Wire, routes
	cd backend && go generate ./api/ && go tool wire ./internal/wiring/
	cd frontend && npm run generate

check-generated: frontend-deps ## fail when generated files are stale
	@bash deploy/test/check-generated.sh

frontend-deps: frontend/node_modules/.installed

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund
	@touch $@

frontend/dist/index.html: frontend/node_modules/.installed $(FE_SRC) backend/api/openapi.yaml
	cd frontend && npm run build

# The about screen's licence list is made with the build, from the Go modules the binary links and
# the npm packages the bundle is made of (backend/cmd/licenses).
$(SPA_SITE)/index.html: frontend/dist/index.html backend/go.sum
	rm -rf $(SPA_SITE) && cp -r frontend/dist $(SPA_SITE) && rm -rf $(SPA_SITE)/.vite
	cd backend && go run ./cmd/licenses -frontend ../frontend -out ../$(SPA_SITE)/licenses.json

# The PDF reports' Japanese font (IPAex Gothic, 6 MB, not kept in the repository) is embedded in the
# binary when the machine has Debian's fonts-ipaexfont-gothic; otherwise the binary reads it at run time
# from PDF_FONT_PATH or the Debian path (backend/internal/adapters/pdf/fonts.go).
PDF_FONT_SRC := $(firstword $(wildcard /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf /usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf))
PDF_FONT := backend/internal/adapters/pdf/fonts/ipaexg.ttf

$(BIN): $(SPA_SITE)/index.html $(GO_FILES) backend/go.mod backend/go.sum backend/internal/adapters/store/migrations/*.sql
	@if [ -n "$(PDF_FONT_SRC)" ]; then cp "$(PDF_FONT_SRC)" $(PDF_FONT); else rm -f $(PDF_FONT); \
	  echo "note: fonts-ipaexfont-gothic is not installed: the binary will look for the PDF font at run time"; fi
	cd backend && go build -trimpath $$([ -f ../$(PDF_FONT) ] && echo -tags embedfont) -ldflags "$(LDFLAGS)" -o bin/console ./cmd/console

clean: ## remove build output (keeps ./var, the local database)
	rm -rf backend/bin $(SPA_SITE) frontend/dist $(PDF_FONT)
