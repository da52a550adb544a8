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
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=()
for project in chromium load audit; do
  echo "==> Playwright: $project"
  E2E_PROJECT="$project" npx playwright test --project="$project" --pass-with-no-tests "$@" 2>&1 | tee "$logs/$project.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failed+=("$project")
done
if [ ${#failed[@]} -gt 0 ]; then
  # Repeated last: a CI log is often read from its tail, and a failure in the first project is
  # otherwise some thousand lines above it.
  for project in "${failed[@]}"; do
    echo "==> Playwright: what failed in $project"
    # Each failure's heading and the first lines of its error (long lines cut), then the summary's names.
    awk '/^  [0-9]+\) \[/ { n = 8 } n > 0 && NF { print substr($0, 1, 240); n-- }' "$logs/$project.log" | head -n 60
    sed -n '/^  [0-9][0-9]* \(failed\|flaky\|interrupted\)$/,/^  [0-9][0-9]* passed/p' "$logs/$project.log" | head -n 30
  done
  echo "==> Playwright: failures in ${failed[*]}" >&2
  exit 1
fi
