#!/usr/bin/env bash
# `npm test`: lint (with the layering rules), the import-cycle check, type check, the production
# build (with canary credentials, then scanned for them), unit and integration tests (some start
# that build), and the Playwright tests in Debian's Chromium.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh || exit 1

passed=0; failed=0; failures=()
# Each step's output is also kept, so that the last lines printed can name what failed: a reader
# who sees only the tail of a long run still learns which test broke and why.
logs=$(mktemp -d)
step() {
  local name=$1; shift
  echo; echo "=== $name"
  local start=$SECONDS
  if "$@" 2>&1 | tee "$logs/$name.log"; then passed=$((passed + 1)); echo "=== $name: ok ($((SECONDS - start)) s)";
  else failed=$((failed + 1)); failures+=("$name"); echo "=== $name: FAILED ($((SECONDS - start)) s)"; fi
}

step dependencies node scripts/check-deps.mjs
# The three static checks each keep about one core busy, so they run side by side (about 48 s
# instead of 65 s on two cores); each one's output is printed whole, in this order, once all end.
parallel_steps() {
  local dir; dir=$(mktemp -d)
  local names=() pids=() i=0
  while [ $# -gt 0 ]; do
    local name=$1 command=$2; shift 2
    names+=("$name")
    ( start=$SECONDS; bash -c "$command" > "$logs/$name.log" 2>&1; rc=$?; echo "$rc $((SECONDS - start))" > "$dir/$i.rc" ) &
    pids+=($!); i=$((i + 1))
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  for i in "${!names[@]}"; do
    local rc elapsed; read -r rc elapsed < "$dir/$i.rc"
    echo; echo "=== ${names[$i]}"; cat "$logs/${names[$i]}.log"
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); echo "=== ${names[$i]}: ok ($elapsed s)";
    else failed=$((failed + 1)); failures+=("${names[$i]}"); echo "=== ${names[$i]}: FAILED ($elapsed s)"; fi
  done
  rm -rf "$dir"
}

parallel_steps \
  lint 'npx eslint . --max-warnings=0' \
  cycles 'npx tsx scripts/check-cycles.ts' \
  typecheck 'npx next typegen >/dev/null && npx tsc --noEmit'
# The build comes first: the integration suites start it the way production does. The type check
# above covered what the build's own check would (the same tsconfig), so the build skips it.
step build-with-canaries env SKIP_BUILD_TYPECHECK=1 bash scripts/build-canary-check.sh
step unit-and-integration env REQUIRE_BUILD=1 npx vitest run
if [ -f .next/BUILD_ID ]; then
  step e2e npx playwright test
  step e2e-fleet npx playwright test -c playwright.fleet.config.ts
else
  failed=$((failed + 1)); failures+=("e2e (no build)")
fi

echo
for name in "${failures[@]}"; do
  [ -f "$logs/$name.log" ] || continue
  echo "--- what failed in $name:"
  sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" \
    | grep -E '^ *(FAIL|✘|×) |[0-9]+\) \[|Error:|Counterexample|Expected|Received|Timed out' | head -40
done
# A failed browser test leaves the page as it was (its accessibility tree) in error-context.md:
# what the guest saw is what tells a race from a wrong page, and a clean clone keeps no artifacts.
if [[ " ${failures[*]} " == *" e2e"* ]]; then
  find test-results* -name error-context.md 2>/dev/null | head -3 | while read -r context; do
    echo "--- the page when it failed: $context"
    sed -n '/^# Page snapshot/,$p' "$context" | head -80
  done
fi
rm -rf "$logs"
[ $failed -eq 0 ] || echo "failed steps: ${failures[*]}"
echo "steps: $passed passed, $failed failed"
[ $failed -eq 0 ]
