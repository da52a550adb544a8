#!/usr/bin/env bash
# `npm run test:e2e`: the Playwright suite (needs a build), as two runs one after the other, each
# whatever the other did, so one failure never hides another run's results:
#   chromium + audit  every page and flow, then the independent auditors (the Nu HTML Checker,
#                     pa11y, structured data, bf-cache), against the same servers, two workers
#   load              the production topology, a request flood and a download burst, which start
#                     servers of their own and keep both cores busy: nothing else runs beside them
# Extra arguments go to both runs (a spec file, --grep, --repeat-each…). Exits non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for run in "chromium audit" "load"; do
  projects=()
  for project in $run; do projects+=(--project="$project"); done
  echo "==> Playwright: $run"
  # E2E_PROJECT names the servers the run needs (playwright.config.ts): its first project's.
  E2E_PROJECT="${run%% *}" npx playwright test "${projects[@]}" --pass-with-no-tests "$@" || failed+=("$run")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "==> Playwright: failures in ${failed[*]}" >&2
  exit 1
fi
