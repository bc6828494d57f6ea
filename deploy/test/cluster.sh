#!/usr/bin/env bash
# `make test-cluster`: the console as a production installation runs it,
# on loopback — a throwaway PostgreSQL (its own, since a test stops and
# starts it), the S3-compatible object store, the built binary as two
# instances and Debian's nginx in front with deploy/nginx/console-proxy.conf
# — and the tests that need all of it (backend/internal/clustertest: a
# browser round, shared sessions and limits, faults under load, the timers
# across a leader's death). The Go test starts the instances, nginx and an
# SMTP server itself, because it kills and restarts them. Fails with a
# clear message when a part is missing; never skips.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
pg_dir=""
s3_dir=""
cleanup() {
  [ -n "$pg_dir" ] && bash "$root/deploy/test/postgres.sh" stop "$pg_dir"
  [ -n "$s3_dir" ] && bash "$root/deploy/test/objectstore.sh" stop "$s3_dir"
}
trap cleanup EXIT
die() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

nginx_bin=${NGINX:-/usr/sbin/nginx}
[ -x "$nginx_bin" ] || die "nginx not found at $nginx_bin (Debian: apt-get install nginx; or set NGINX)"
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || die "Chromium not found (apt-get install chromium)"

read -r pg_url pg_dir < <(bash deploy/test/postgres.sh --throwaway) || true
[ -n "${pg_dir:-}" ] || die "no throwaway PostgreSQL (see the message above)"
# A TEST_FILES_URL from the caller is used as it is; otherwise one is started.
read -r s3_url s3_dir < <(bash deploy/test/objectstore.sh) || true
[ -n "${s3_url:-}" ] || die "no object store (see the message above)"

make -s frontend-deps || die "npm ci"
make -s build || die "build"

cd backend
go vet -tags cluster ./internal/clustertest/ || die "go vet (cluster tests)"
CONSOLE_BIN="$root/backend/bin/console" TEST_DATABASE_URL="$pg_url" CLUSTER_PG_DIR="$pg_dir" \
  TEST_FILES_URL="$s3_url" NGINX="$nginx_bin" \
  go test -tags cluster -count=1 -v -timeout 20m ./internal/clustertest/ 2>&1 | tee /tmp/console-cluster.log |
  grep -E '^(=== RUN|--- |\s+--- |PASS|FAIL|ok|panic)|figure:|cluster_test.go|load_test.go'
rc=${PIPESTATUS[0]}
[ "$rc" = 0 ] || { echo "--- full log: /tmp/console-cluster.log"; exit 1; }
