#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer (the parallel linter), each in its
# own scratch folder so they never share objects with a normal build:
#
#   scripts/sanitizers.sh [address|thread]…      # default: both
#
# Extra arguments for `swift test` can be given in SWIFT_TEST_ARGS (e.g. "--filter LintCommandTests").
# The subprocess tests (HostileInputTests, FailureModeTests, …) run the scenec binary built with the same
# sanitizer, beside the test bundle. Exit status: non-zero if any run fails.
set -uo pipefail
cd "$(dirname "$0")/.."

kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
base=${SANITIZER_SCRATCH:-/tmp/scenec-sanitizers}
status=0
for kind in "${kinds[@]}"; do
  scratch="$base-$kind"
  log="$scratch.log"
  echo "sanitizers: swift test --sanitize=$kind (scratch $scratch, log $log)" >&2
  start=$(date +%s)
  # halt_on_error: the first report fails the run; leaks are not checked (the Swift runtime keeps metadata alive).
  # The hostile-input tests' bounds are scaled (HostileInputTests.swift): a sanitized debug binary runs 10-40x
  # slower than release and AddressSanitizer's shadow memory roughly triples the peak RSS.
  for attempt in 1 2 3; do  # a source edited during the build (other work in the tree) fails it; try again
    HOSTILE_TIME_FACTOR=${HOSTILE_TIME_FACTOR:-40} HOSTILE_MEMORY_FACTOR=${HOSTILE_MEMORY_FACTOR:-3} ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 \
      TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
      swift test --scratch-path "$scratch" --sanitize="$kind" ${SWIFT_TEST_ARGS:-} >"$log" 2>&1
    code=$?
    [ "$code" -ne 0 ] && grep -aq 'modified during the build' "$log" && continue
    break
  done
  summary=$(grep -aE 'Test run with .* (passed|failed)|Executed [0-9]+ tests' "$log" | tail -2 | tr '\n' ' ')
  reports=$(grep -acE '^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)' "$log")
  echo "sanitizers: $kind: exit $code in $(( $(date +%s) - start )) s, $reports sanitizer report(s); $summary" >&2
  if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then
    status=1
    grep -aE -A12 '^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer)' "$log" | head -60 >&2
  fi
done
exit $status
