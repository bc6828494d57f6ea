#!/usr/bin/env bash
# `make test`: every check and test suite, in two lanes in parallel (2
# cores): the Go tests (PostgreSQL + SQLite, -race) and then the browser
# tests, beside the frontend's lint and unit tests (the longest single
# suite). Each suite logs to a file; the logs are summarised at the end,
# with the full log of any suite that failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
logs=$(mktemp -d /tmp/console-test.XXXXXX)
pg_dir=""
s3_dir=""
cleanup() {
  [ -n "$pg_dir" ] && bash deploy/test/postgres.sh stop "$pg_dir"
  [ -n "$s3_dir" ] && bash deploy/test/objectstore.sh stop "$s3_dir"
}
trap cleanup EXIT

# Plain output: the summary below reads the runners' closing lines.
export NO_COLOR=1 FORCE_COLOR=0

step() { printf '\n==> %s\n' "$*"; }
die() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

step "PostgreSQL for the tests"
read -r pg_url pg_dir < <(bash deploy/test/postgres.sh) || true
[ -n "${pg_url:-}" ] || die "no PostgreSQL (see the message above)"
export TEST_DATABASE_URL="$pg_url"
echo "using ${pg_url%%\?*}${pg_dir:+ (throwaway cluster in $pg_dir)}"

step "S3-compatible object store for the tests (versitygw, built once and cached)"
read -r s3_url s3_dir < <(bash deploy/test/objectstore.sh) || true
[ -n "${s3_url:-}" ] || die "no object store (see the message above)"
export TEST_FILES_URL="$s3_url"
echo "using s3://…@${s3_url#*@}${s3_dir:+ (in $s3_dir)}"

step "frontend dependencies"
make -s frontend-deps || die "npm ci"

step "generated files"
bash deploy/test/check-generated.sh || die "generated files are stale"

step "gofmt, go vet, go mod tidy"
unformatted=$(cd backend && gofmt -l .)
[ -z "$unformatted" ] || die "gofmt would change: $unformatted"
(cd backend && go vet ./...) || die "go vet"
(cd backend && go mod tidy -diff) || die "go.mod or go.sum is not tidy: run (cd backend && go mod tidy)"

step "build (SPA + binary)"
make -s build || die "build"
(cd frontend && node scripts/size-budget.mjs) || die "the JavaScript size budget (frontend/scripts/size-budget.mjs)"

step "tests: Go (PostgreSQL + SQLite), then browser | frontend lint and unit — in parallel"
(
  cd backend && go test -race -count=1 -timeout 20m -json ./... >"$logs/go.json" 2>"$logs/go.stderr"
) &
go_pid=$!
(
  cd frontend &&
  { echo "--- lint"; npm run --silent lint; } &&
  { echo "--- unit (vitest)"; npx vitest run; }
) >"$logs/frontend.log" 2>&1 &
fe_pid=$!
wait $go_pid; go_rc=$?
(
  cd frontend &&
  { echo "--- browser (playwright-core + /usr/bin/chromium)"; CONSOLE_BIN="$root/backend/bin/console" npx vitest run --config vitest.e2e.config.ts; }
) >>"$logs/browser.log" 2>&1
br_rc=$?
wait $fe_pid; fe_rc=$?
cat "$logs/browser.log" >>"$logs/frontend.log"
[ $br_rc = 0 ] || fe_rc=1
sed -i 's/\x1b\[[0-9;]*m//g' "$logs/frontend.log"

# Go: the package lines and, on failure, every failing test's output.
(cd backend && go run ./internal/testsupport/gotestreport "$logs/go.json") | tee "$logs/go.summary"; report_rc=${PIPESTATUS[0]}
[ -s "$logs/go.stderr" ] && { echo "--- go test stderr"; cat "$logs/go.stderr"; }
[ $report_rc = 0 ] || go_rc=1

echo
if [ $fe_rc = 0 ]; then
  grep -E '^(--- |.*(Test Files|Tests) +[0-9])' "$logs/frontend.log"
else
  echo "--- frontend log (failed)"; cat "$logs/frontend.log"
fi

# One closing line that counts every test of every runner.
fe_pass=$(grep -E '^ +Tests +' "$logs/frontend.log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
fe_fail=$(grep -E '^ +Tests +' "$logs/frontend.log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
go_pass=$(sed -nE 's/^go: ([0-9]+) passed.*/\1/p' "$logs/go.summary"); go_pass=${go_pass:-0}
go_fail=$(sed -nE 's/^go: [0-9]+ passed, ([0-9]+) failed/\1/p' "$logs/go.summary"); go_fail=${go_fail:-0}
[ $go_rc = 0 ] || [ "$go_fail" -gt 0 ] || go_fail=1
[ $fe_rc = 0 ] || [ "$fe_fail" -gt 0 ] || fe_fail=1
echo
echo "total: $((go_pass + fe_pass)) passed, $((go_fail + fe_fail)) failed"
rm -rf "$logs"
[ $go_rc = 0 ] && [ $fe_rc = 0 ]
