#!/usr/bin/env bash
# `npm test`: everything the tests need, on a machine that has only Node.
#   1. Debian's packages the tests drive, when missing: chromium (Playwright cannot download
#      browsers here), nginx and openssl (the production topology test), poppler-utils (the
#      books read back), a Java runtime (the Nu HTML Checker)
#   2. npm packages
#   3. lint and type checks, then a production build
#   4. a throwaway PostgreSQL server (Debian's postgresql, installed when missing) so the
#      order store is tested against real PostgreSQL as well as PGlite; stopped afterwards
#   5. unit tests (vitest)
#   6. end-to-end tests (Playwright against the production server, dist/server.mjs, and the
#      nginx + two instances + PostgreSQL topology of deploy/)
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Each needed Debian package whose program is missing, installed in one go.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# pdftotext and pdftoppm read back the stamped PDFs (lib/shop/stamp.test.ts).
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
# Java runs the Nu HTML Checker (vnu-jar, e2e/html-validity.spec.ts).
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> Installing Debian's ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
# Debian starts nginx's own service on install; the tests run their own nginx on other ports.

echo "==> Installing npm packages"
npm install --no-audit --no-fund

echo "==> Lint and types"
npm run lint
npm run typecheck

echo "==> Building for production"
npm run build

echo "==> Starting a throwaway PostgreSQL"
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
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

echo "==> Unit tests"
npx vitest run

echo "==> End-to-end tests"
rm -rf .data/e2e
npx playwright test
