#!/usr/bin/env bash
# `npm test`: everything the tests need, on a machine that has only Node.
#   1. Debian's Chromium when /usr/bin/chromium is missing (Playwright cannot download browsers here)
#   2. npm packages
#   3. a production build
#   4. unit tests (vitest)
#   5. end-to-end tests (Playwright against `next start`)
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if [ ! -x /usr/bin/chromium ]; then
  echo "==> Installing Debian's chromium"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi

echo "==> Installing npm packages"
npm install --no-audit --no-fund

echo "==> Building for production"
npm run build

echo "==> Unit tests"
npx vitest run

echo "==> End-to-end tests"
rm -rf .data/e2e
npx playwright test
