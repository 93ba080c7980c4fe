#!/usr/bin/env bash
# Whole-process CPU time (user + system) of libyaml's event parse (the floor) and of compiles by several builds,
# alternating in every round so that a loaded machine's drift falls on each alike; prints each round and the medians.
# usage: scripts/cpu-rounds.sh ROUNDS SPEC FLOOR_BENCH BENCH...   (each BENCH a scenec-bench binary)
set -eu
rounds=$1 spec=$2 floor=$3
shift 3
cpu() { # prints the CPU seconds of one run of "$@"
  local start end
  /usr/bin/time -f "%U %S" -o /tmp/cpu-rounds.$$ "$@" >/dev/null
  awk '{ printf "%.3f", $1 + $2 }' /tmp/cpu-rounds.$$
}
declare -A times
for round in $(seq "$rounds"); do
  line="round $round: floor $(cpu "$floor" --profile-floor "$spec")"
  times[floor]+="$(cpu "$floor" --profile-floor "$spec") "
  for bench in "$@"; do
    t=$(cpu "$bench" --profile-compile "$spec")
    times[$bench]+="$t "
    line+="  $bench $t"
  done
  echo "$line"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
f=$(echo "${times[floor]}" | median)
echo "median floor $f"
for bench in "$@"; do
  m=$(echo "${times[$bench]}" | median)
  echo "median $bench $m ($(awk -v a="$m" -v b="$f" 'BEGIN { printf "%.2f", a / b }')× the floor)"
done
rm -f /tmp/cpu-rounds.$$
