#!/usr/bin/env bash
# `npm run test:stress`: the specs whose outcome depends on time (they compare or bound durations,
# kill a server mid-traffic, or leave mid-response), each run 5 times while a CPU hog keeps both
# cores busy, as a busy CI machine would. Run it before calling a timing-sensitive test fixed.
# Needs a build.
# Extra arguments go to Playwright (for example --repeat-each=10).
set -uo pipefail
cd "$(dirname "$0")/.."
TIMED_SPECS=(e2e/library-lookup.spec.ts e2e/faults.spec.ts e2e/log-pipe.spec.ts e2e/loading.spec.ts e2e/restart.spec.ts e2e/chrome.spec.ts)
# Of those files, the tests whose outcome depends on time (their titles).
TIMED_TESTS='does not wait for the lookup|without waiting for the backend|slow:|recovers|SMTP is down|database is down|exits at once|log reader|by the load event|first interaction|restart|section'

hogs=()
for _ in $(seq "$(nproc 2>/dev/null || echo 2)"); do
  node -e 'for (;;) {}' &
  hogs+=($!)
done
trap 'kill "${hogs[@]}" 2>/dev/null' EXIT
echo "==> CPU hog: ${#hogs[@]} busy processes"

started=$(date +%s)
status=0
echo "==> Timed specs, 5 times each"
E2E_PROJECT=chromium npx playwright test --project=chromium --repeat-each=5 --grep "$TIMED_TESTS" "${TIMED_SPECS[@]}" "$@" || status=1
echo "==> The cluster kill test, 5 times"
# E2E_PROJECT=load: the run starts only what the load specs share (e2e/support/suite-servers.ts), not the page tests' five sites.
E2E_PROJECT=load npx playwright test --project=load --workers=1 --repeat-each=5 --grep 'killed mid-traffic' e2e/cluster.spec.ts "$@" || status=1
echo "==> The document store: visitors who leave mid-response, 5 times"
# The front door with a stand-in for Next (a vitest run has no repeat flag: five runs).
for _ in 1 2 3 4 5; do
  npx vitest run --project integration lib/server/front-door-single-flight.integration.test.ts || status=1
done
E2E_PROJECT=load npx playwright test --project=load --workers=1 --repeat-each=5 e2e/document-store-soak.spec.ts "$@" || status=1
echo "==> Slow request bodies against one server (/api/health answered throughout), 5 times"
E2E_PROJECT=load npx playwright test --project=load --workers=1 --repeat-each=5 --grep 'from one client leave' e2e/security-review-3-slow-bodies.spec.ts "$@" || status=1
echo "==> The download kill tests (a server, a cluster instance killed after a claim), 5 times"
E2E_PROJECT=load npx playwright test --project=load --workers=1 --repeat-each=5 --grep 'finding 6' e2e/security-review-3-downloads.spec.ts "$@" || status=1
echo "==> test:stress finished in $(( $(date +%s) - started )) s: $([ $status -eq 0 ] && echo green || echo RED)"
exit $status
