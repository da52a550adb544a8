#!/usr/bin/env bash
# `npm run test:e2e`: the Playwright suite (needs a build) in two runs, the second whatever the
# first did, so one failure never hides another project's results:
#   chromium     every page and flow, two workers
#   load, audit  the production topology, a request flood and a download burst, which start servers
#                of their own and keep both cores busy, beside the independent auditors (the Nu HTML
#                Checker, pa11y, structured data, bf-cache), two tests at a time: the auditors fill
#                the time a worker would wait for the flood (a run of their own each: 20 s longer)
# Extra arguments go to every run (a spec file, --grep, --repeat-each…). Exits non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for projects in chromium load,audit; do
  echo "==> Playwright: $projects"
  # shellcheck disable=SC2046 # one --project per name
  E2E_PROJECT="$projects" npx playwright test $(printf -- '--project=%s ' ${projects//,/ }) --pass-with-no-tests "$@" || failed+=("$projects")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "==> Playwright: failures in ${failed[*]}" >&2
  exit 1
fi
