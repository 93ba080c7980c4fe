#!/usr/bin/env bash
# The hostile-input limits on the optimised binary: builds scenec in release and runs HostileInputTests against
# it (SCENEC_BINARY), so the 5 s bound applies exactly (the debug binary that `swift test` uses gets a scaled
# bound; see HostileInputTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${HOSTILE_SCRATCH:-/tmp/scenec-hostile-release}
swift build -c release --scratch-path "$scratch" --product scenec
SCENEC_BINARY="$scratch/release/scenec" SCENEC_BINARY_KIND=release \
  swift test --scratch-path "$scratch-tests" --filter HostileInputTests "$@"
