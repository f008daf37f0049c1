#!/usr/bin/env bash
# Runs the README's test command (`npm test`, what .ci/run runs) with two CPU hogs beside it, as on a
# loaded CI machine, RUNS times in a row (default 3); stops at the first failing run. The hogs are
# Debian's stress-ng (two busy workers) when it is installed, else two `node -e 'for(;;);'` loops.
#   bash test/under-load.sh [RUNS] [-- command to run instead of npm test]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
[ "${1:-}" = "--" ] && shift
command=("$@")
[ "${#command[@]}" -eq 0 ] && command=(npm test)

hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_hogs EXIT
if command -v stress-ng >/dev/null; then
  stress-ng --cpu 2 --cpu-method loop --quiet &
  hogs+=($!)
  echo "CPU hogs: stress-ng --cpu 2 (pid ${hogs[*]})"
else
  for _ in 1 2; do
    node -e 'for (;;);' &
    hogs+=($!)
  done
  echo "CPU hogs: two node busy loops (pids ${hogs[*]})"
fi

for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  echo "=== run $run of $runs under load: ${command[*]}"
  if ! "${command[@]}"; then
    echo "=== run $run FAILED after $(($(date +%s) - started)) s under load"
    exit 1
  fi
  for pid in "${hogs[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "=== a CPU hog (pid $pid) stopped: the run was not under load"; exit 1; }
  done
  echo "=== run $run passed in $(($(date +%s) - started)) s under load"
done
echo "All $runs runs passed with two CPU hogs beside them."
