#!/usr/bin/env bash
# In-process compile ÷ libyaml-floor ratios of several scenec-bench builds, alternating: each round runs
# `scenec-bench --profile-ratio SPEC INNER` (INNER=7 unless set) with every build in turn and keeps its paired median
# (each compile over the floor measured just before it), so that a machine whose speed drifts moves all builds
# alike. Prints each build's ratios and their median. A process's first round is cold (fresh pages, first calls):
# with three inner rounds, as before 2026-12-05, it weighed in every median (2.07× where seven rounds read 1.95×).
# usage: [INNER=N] scripts/ratio-pairs.sh ROUNDS SPEC BENCH...   (each BENCH a scenec-bench binary)
set -eu
rounds=$1 spec=$2
shift 2
declare -A ratios
for _ in $(seq "$rounds"); do
  for bench in "$@"; do
    ratio=$("$bench" --profile-ratio "$spec" "${INNER:-7}" | tail -1 | sed -E 's/.*paired ([0-9.]+)×.*/\1/')
    ratios[$bench]+="$ratio "
  done
done
for bench in "$@"; do
  median=$(echo "${ratios[$bench]}" | tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
  echo "$bench: ${ratios[$bench]}median ${median}×"
done
