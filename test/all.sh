#!/usr/bin/env bash
# `npm test`: every check. The app is built first (the e2e and packaging tests run what was built); then the
# static checks (format, type check, typed lint with the layers) run beside the test suite rather than
# before it: they are mostly one core's work for a minute or two, and the suite spends much of its time
# waiting on servers and browsers. Their output is printed when both are done, and any failure fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
npm run --silent build || exit 1
checks_log=$(mktemp -t card-desk-checks.XXXXXX)
trap 'rm -f "$checks_log"' EXIT
(
  status=0
  for script in format:check typecheck lint; do
    started=$(date +%s)
    if npm run --silent "$script" >>"$checks_log" 2>&1; then
      echo "npm run $script: ok in $(($(date +%s) - started)) s" >>"$checks_log"
    else
      echo "npm run $script: FAILED (above)" >>"$checks_log"
      status=1
    fi
  done
  exit "$status"
) &
checks=$!
bash test/run-with-keychain.sh vitest run "$@"
tests=$?
wait "$checks"
static=$?
echo
echo "── format, type check, lint ──"
cat "$checks_log"
if [ "$static" -ne 0 ] || [ "$tests" -ne 0 ]; then
  echo "npm test failed: $([ "$static" -ne 0 ] && echo 'static checks ')$([ "$tests" -ne 0 ] && echo 'tests')"
  exit 1
fi
