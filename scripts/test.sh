#!/usr/bin/env bash
# README's test command: installs what the tests need when it is missing, checks the formatting, then runs
# `swift test` on an optimised build.
#
#   scripts/test.sh [swift test arguments…]
#
# The tests hold scenec's outputs to real consumers, so they need them installed: rsvg-convert (SVG frames),
# rlottie 0.1 (built against with cc and pkg-config), headless Chromium (Web Animations timing, lottie-web, the
# web player), ffmpeg (moving pictures), and from PyPI the SARIF and Lottie schemas, the players rlottie 0.2,
# ThorVG and lottie-web, and pre-commit (which runs .pre-commit-hooks.yaml). Each is installed only when missing,
# so on a prepared machine this is `swift test`. Root (or sudo) is needed only when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/requirements.sh

ensure_debian_packages libyaml-dev pkg-config gcc librsvg2-bin librlottie-dev zlib1g-dev chromium ffmpeg
ensure_python_packages "${TEST_PYTHON_PACKAGES[@]}"

# The formatting check runs first: any `swift format lint --strict` finding (scripts/format-lint.sh lists them;
# `swift format -i -r Sources Tests Fuzz Package.swift` fixes most) fails the run before the tests.
scripts/format-lint.sh --summary

# The release (scripts/package.sh) is built before the suite on a full run, so that its static build does not
# compete with the tests for the cores; ReleasePackageTests unpacks it (run alone, the test packages by itself).
if [ $# -eq 0 ]; then
  scripts/package.sh .build/package/dist >/dev/null
  export SCENEC_PACKAGE_DIR=.build/package/dist
fi

# Release, not debug: most CLI suites run the real `scenec` binary, which unoptimised is several times slower.
# On this 2-core machine (2026-12-04) the 530 tests took 528 s in debug and 214–223 s in release (126 s once the
# preview screenshots shared one Chromium per case); the release build from an empty folder took 242–340 s (four
# fresh clones), the debug one 181 s (fresh-clone CI, 2026-12-03). The checks are the same in both: the sources
# hold no `assert` (which release drops), only preconditions and overflow traps, which release keeps; `swift test`
# keeps testable imports on in release. SCENEC_TEST_CONFIGURATION=debug runs the unoptimised build instead (faster
# to rebuild after a small change).
exec swift test -c "${SCENEC_TEST_CONFIGURATION:-release}" "$@"
