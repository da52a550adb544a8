#!/usr/bin/env bash
# `npm run test:e2e`: the Playwright suite (needs a build), one project after another, each run
# whatever the others did, so one failure never hides another project's results:
#   chromium  every page and flow, two workers
#   load      the production topology, a request flood and a download burst, which start servers
#             of their own and keep both cores busy: two at a time, with nothing else beside them
#   audit     the independent auditors (the Nu HTML Checker, pa11y, structured data, bf-cache)
# Extra arguments go to every run (a spec file, --grep, --repeat-each…). Exits non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for project in chromium load audit; do
  echo "==> Playwright: $project"
  E2E_PROJECT="$project" npx playwright test --project="$project" --pass-with-no-tests "$@" || failed+=("$project")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "==> Playwright: failures in ${failed[*]}" >&2
  exit 1
fi
