#!/usr/bin/env bash
# README's test command: installs what the tests need when it is missing, checks the formatting, then runs
# `swift test`.
#
#   scripts/test.sh [swift test arguments…]
#
# The tests hold scenec's outputs to real consumers, so they need them installed: rsvg-convert (SVG frames),
# rlottie 0.1 (built against with cc and pkg-config), headless Chromium (Web Animations timing, lottie-web, the
# web player), ffmpeg (moving pictures), and from PyPI the SARIF and Lottie schemas and the players rlottie 0.2,
# ThorVG and lottie-web. Each is installed only when missing, so on a prepared machine this is `swift test`.
# Root (or sudo) is needed only when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/requirements.sh

ensure_debian_packages libyaml-dev pkg-config gcc librsvg2-bin librlottie-dev zlib1g-dev chromium ffmpeg
ensure_python_packages "${TEST_PYTHON_PACKAGES[@]}"

# The formatting check runs first: any `swift format lint --strict` finding (scripts/format-lint.sh lists them;
# `swift format -i -r Sources Tests Fuzz Package.swift` fixes most) fails the run before the tests.
scripts/format-lint.sh --summary

exec swift test "$@"
