#!/usr/bin/env bash
# `npm test`: lint (with the layering rules), the import-cycle check, type check, unit and
# integration tests, the production build (with canary credentials, then scanned for them), and the
# Playwright tests in Debian's Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh || exit 1

passed=0; failed=0; failures=()
step() {
  local name=$1; shift
  echo; echo "=== $name"
  local start=$SECONDS
  if "$@"; then passed=$((passed + 1)); echo "=== $name: ok ($((SECONDS - start)) s)";
  else failed=$((failed + 1)); failures+=("$name"); echo "=== $name: FAILED ($((SECONDS - start)) s)"; fi
}

step dependencies node scripts/check-deps.mjs
step lint npx eslint . --max-warnings=0
step cycles npx tsx scripts/check-cycles.ts
step typecheck bash -c 'npx next typegen >/dev/null && npx tsc --noEmit'
step unit-and-integration npx vitest run
step build-with-canaries bash scripts/build-canary-check.sh
if [ -f .next/BUILD_ID ]; then
  step e2e npx playwright test
  step e2e-fleet npx playwright test -c playwright.fleet.config.ts
else
  failed=$((failed + 1)); failures+=("e2e (no build)")
fi

echo
[ $failed -eq 0 ] || echo "failed steps: ${failures[*]}"
echo "steps: $passed passed, $failed failed"
[ $failed -eq 0 ]
