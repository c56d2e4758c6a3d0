#!/usr/bin/env bash
# Usage: scripts/soak.sh [RUNS]
#
# The suite's soak test (issue 9, "A suite that never hangs"), not run in CI:
# runs the README's test command, scripts/test.sh, RUNS times in a row
# (default 3) and prints each run's result and time, then the total. Exits
# non-zero if any run failed. Each run's full output goes to
# test-output/soak/run-N.log; a failed run's summary lines are shown here.
#
# scripts/test.sh bounds itself (40 minutes a run at most), so this ends too.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
logs=test-output/soak
mkdir -p "$logs"
passed=0
results=()

for ((run = 1; run <= runs; run++)); do
  log="$logs/run-$run.log"
  echo "== Soak run $run of $runs (output in $log)"
  started=$SECONDS
  bash scripts/test.sh >"$log" 2>&1
  status=$?
  elapsed=$((SECONDS - started))
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    line="run $run: pass in ${elapsed} s"
  else
    line="run $run: FAIL (exit $status) after ${elapsed} s"
  fi
  echo "$line"
  results+=("$line")
  if [ "$status" -ne 0 ]; then
    # What failed, in the words of the test runners and of scripts/test.sh.
    grep -E '^(FAILED|ERROR) |^error: |Test run with .* (failed|issues)|^Executed .* with [1-9][0-9]* failures?' "$log" \
      | sed 's/^/    /' | head -20
  fi
done

echo
echo "== Soak: $passed of $runs runs passed"
printf '  %s\n' "${results[@]}"
[ "$passed" -eq "$runs" ]
