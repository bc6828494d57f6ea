#!/usr/bin/env bash
# Starts an S3-compatible object store for the tests and prints one line,
# "FILES_URL DIR": the Versity S3 gateway (github.com/versity/versitygw,
# Apache-2.0) over a plain directory, on a free loopback port, with a
# bucket "console-test". `objectstore.sh stop DIR` stops and removes it.
# With TEST_FILES_URL set, prints that instead (nothing to stop).
# The gateway is built once from the Go module proxy and kept in the cache
# (the way the frontend build is reused). Fails with a clear message; never skips.
set -euo pipefail

VERSION=v1.8.0
cache="${XDG_CACHE_HOME:-$HOME/.cache}/rouder/versitygw-$VERSION"

if [ "${1:-}" = "stop" ]; then
  dir="$2"
  [ -d "$dir" ] || exit 0
  [ -f "$dir/pid" ] && kill "$(cat "$dir/pid")" 2>/dev/null || true
  rm -rf "$dir"
  exit 0
fi

if [ -n "${TEST_FILES_URL:-}" ]; then echo "$TEST_FILES_URL"; exit 0; fi

if [ ! -x "$cache/versitygw" ]; then
  command -v go >/dev/null || { echo "No Go toolchain to build the test object store (versitygw $VERSION)." >&2; exit 1; }
  echo "building the test object store (versitygw $VERSION, once; cached in $cache)…" >&2
  mkdir -p "$cache"
  GOBIN="$cache" GOFLAGS=-mod=mod go install "github.com/versity/versitygw/cmd/versitygw@$VERSION" >&2 \
    || { echo "Could not build versitygw $VERSION from the Go module proxy." >&2; exit 1; }
fi

dir=$(mktemp -d /tmp/console-s3.XXXXXX)
mkdir -p "$dir/root/console-test" "$dir/meta"
port=$(( 57000 + RANDOM % 3000 ))
access=console-test
secret="secret-$RANDOM$RANDOM"
nohup "$cache/versitygw" --port "127.0.0.1:$port" --access "$access" --secret "$secret" \
  posix --sidecar "$dir/meta" "$dir/root" >"$dir/log" 2>&1 &
echo $! >"$dir/pid"
for _ in $(seq 1 150); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "s3://$access:$secret@127.0.0.1:$port/console-test?tls=false $dir"
    exit 0
  fi
  if ! kill -0 "$(cat "$dir/pid")" 2>/dev/null; then break; fi
  sleep 0.2
done
echo "The test object store did not start:" >&2
cat "$dir/log" >&2
kill "$(cat "$dir/pid")" 2>/dev/null || true
rm -rf "$dir"
exit 1
