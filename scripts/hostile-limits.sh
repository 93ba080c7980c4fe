#!/usr/bin/env bash
# The hostile-input limits on the optimised binary: builds scenec in release and runs HostileInputTests against
# it (SCENEC_BINARY), so the 5 s bound applies exactly, to CPU and wall time (the debug binary that a plain
# `swift test` uses gets scaled bounds; see HostileInputTests.swift). Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${HOSTILE_SCRATCH:-/tmp/scenec-hostile-release}
swift build -c release --scratch-path "$scratch" --product scenec
SCENEC_BINARY="$scratch/release/scenec" SCENEC_BINARY_KIND=release HOSTILE_WALL_FACTOR=1 \
  swift test --scratch-path "$scratch-tests" --filter HostileInputTests "$@"
