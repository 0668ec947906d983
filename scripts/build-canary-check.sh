#!/usr/bin/env bash
# The partner credentials must never reach the browser: builds the site with random canary
# credentials and fails if any build artifact holds them, or if any public env name or next.config env entry could carry a secret.
set -euo pipefail
cd "$(dirname "$0")/.."
key_canary="canary-key-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
id_canary="canary-partner-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"

if grep -rEn 'NEXT_PUBLIC_[A-Z_]*(KEY|SECRET|TOKEN|PASS|PARTNER)' app components lib proxy.ts next.config.mjs 2>/dev/null; then
  echo "a NEXT_PUBLIC_ variable looks like a secret"; exit 1
fi
if grep -En '^\s*env\s*:' next.config.mjs; then echo "next.config has an env entry"; exit 1; fi

PARTNER_API_URL=http://127.0.0.1:9 PARTNER_API_KEY="$key_canary" PARTNER_ID="$id_canary" \
  SESSION_SECRET="$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')" \
  npx next build
# The compiled site server the integration and browser tests start, as production does.
npm run build:server --silent

for canary in "$key_canary" "$id_canary"; do
  if grep -rlF "$canary" .next/; then echo "canary found in the build output"; exit 1; fi
done
echo "no canary in .next/ ($(find .next -type f | wc -l) files scanned)"
