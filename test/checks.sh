#!/usr/bin/env bash
# `npm test`'s checks before the suite, in two lanes at once: the typed lint in one, the format check, the
# type check and the build in the other. Each is one core's work (the lint alone about as long as the other
# three together), so on two cores they take the time of the longer lane, not of all four. Each lane's
# output is printed when it is done, with how long each check took; any failure fails the run, after both
# lanes have said what they found. The suite runs after this, on the built app, with both cores to itself.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d -t card-desk-checks.XXXXXX)
trap 'rm -rf "$logs"' EXIT

# Runs the npm scripts named, one after another, into the lane's log; the lane fails at the first failure.
lane() {
  local log=$1
  shift
  for script in "$@"; do
    local started
    started=$(date +%s)
    if npm run --silent "$script" >>"$log" 2>&1; then
      echo "npm run $script: ok in $(($(date +%s) - started)) s" >>"$log"
    else
      echo "npm run $script: FAILED after $(($(date +%s) - started)) s (above)" >>"$log"
      return 1
    fi
  done
}

lane "$logs/lint" lint &
lint=$!
lane "$logs/other" format:check typecheck build
other=$?
wait "$lint"
lint=$?
cat "$logs/other" "$logs/lint"
[ "$other" -eq 0 ] && [ "$lint" -eq 0 ]
