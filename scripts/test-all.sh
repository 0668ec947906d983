#!/usr/bin/env bash
# `npm test`: lint (with the layering rules), the import-cycle check, type check, the production
# build (with canary credentials, then scanned for them), unit and integration tests (some start
# that build), and the Playwright tests in Debian's Chromium.
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
# The build comes first: the integration suites start it the way production does.
step build-with-canaries bash scripts/build-canary-check.sh
step unit-and-integration env REQUIRE_BUILD=1 npx vitest run
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
