#!/usr/bin/env bash
# Prints how `scenec export lottie` scales (issue 14): CPU seconds and peak memory at 1x, 4x and 16x of
#   - layers:    one repeated layer (repeat N) with an animation per instance;
#   - timelines: N autoplay timelines on one layer;
#   - frames:    a spring with damping 0.001 (sampled every frame) exported over N frames.
# Linear costs grow about 4x per row. Usage: scripts/export-scaling.sh [SCENEC] (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
if [ -z "$binary" ]; then
  swift build -c release --product scenec >/dev/null
  binary=.build/release/scenec
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

layers() {
  printf 'scene: scale\nsize: [100, 100]\nlayers:\n  - {id: dot, repeat: %s, frame: [i / 100, 10, 2, 2], backgroundColor: red}\n' "$1"
  printf 'timelines:\n  t: {target: dot, autoplay: true, keyPath: position.y, from: 0, to: 50 + i / 100, duration: 1}\n'
}
timelines() {
  printf 'scene: scale\nsize: [100, 100]\nlayers:\n  - {id: a, frame: [10, 10, 20, 20], backgroundColor: red}\ntimelines:\n'
  for ((k = 0; k < $1; k++)); do
    printf '  t%s: {target: a, autoplay: true, keyPath: position.x, from: 0, to: %s, duration: 1}\n' "$k" $((k % 50))
  done
}
spring() {
  printf 'scene: scale\nsize: [100, 100]\nlayers:\n  - {id: a, frame: [10, 10, 20, 20], backgroundColor: red}\n'
  printf 'timelines:\n  t: {target: a, autoplay: true, keyPath: position.x, from: 0, to: 50, spring: {damping: 0.001}}\n'
}
measure() {  # label file args…
  local label=$1 file=$2
  shift 2
  /usr/bin/time -o "$work/time" -f '%U %S %M' "$binary" export lottie "$file" "$@" -o /dev/null 2>/dev/null
  read -r user system peak <"$work/time"
  printf '%-28s %8.2f s CPU %8.1f MiB\n' "$label" "$(echo "$user + $system" | bc)" "$(echo "scale=1; $peak / 1024" | bc)"
}

for n in 625 2500 10000; do
  layers "$n" >"$work/layers-$n.yaml"
  measure "layers $n" "$work/layers-$n.yaml" --max-export-samples 1000000
done
for n in 312 1250 5000; do
  timelines "$n" >"$work/timelines-$n.yaml"
  measure "timelines $n" "$work/timelines-$n.yaml"
done
spring >"$work/spring.yaml"
for n in 1500 6000 24000; do measure "spring, $n frames" "$work/spring.yaml" --max-export-frames "$n"; done
