#!/usr/bin/env bash
# Fails when a generated file no longer matches its source: the Go server
# interface and models (from backend/api/openapi.yaml), Wire's injector, and
# the SPA's API types and route tree. `make generate` fixes it.
set -euo pipefail
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
stale=0

# Same configuration, output redirected to the temporary directory.
sed "s|^output:.*|output: $tmp/api.gen.go|" backend/api/oapi-codegen.yaml >"$tmp/oapi-codegen.yaml"
(cd backend && go tool oapi-codegen -config "$tmp/oapi-codegen.yaml" api/openapi.yaml)
if ! diff -q "$tmp/api.gen.go" backend/internal/adapters/http/api/api.gen.go >/dev/null; then
  echo "stale: backend/internal/adapters/http/api/api.gen.go (from backend/api/openapi.yaml)"; stale=1
fi
if ! (cd backend && go tool wire diff ./internal/wiring/ >"$tmp/wire.diff" 2>&1); then
  echo "stale: backend/internal/wiring/wire_gen.go"; cat "$tmp/wire.diff"; stale=1
fi
(cd frontend && npm run --silent check:generated) || stale=1

if [ "$stale" = 1 ]; then
  echo "Generated files are stale: run 'make generate' and commit the result." >&2
  exit 1
fi
echo "generated files: up to date"
