#!/usr/bin/env bash
# The formatting check: `swift format lint --strict` (the toolchain's swift-format, with the committed
# .swift-format) over the sources, the tests, the fuzz targets and Package.swift. Exits non-zero on any finding.
#
#   scripts/format-lint.sh            # lint; each finding as file:line:col: error: [Rule] …
#   scripts/format-lint.sh --summary  # lint; one line per rule with its count (what scripts/test.sh prints)
#
# `swift format -i -r Sources Tests Fuzz Package.swift` fixes every finding except the few rules that are lint-only
# (names, synthesized initializers, forEach loops), which need a hand.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Sources Tests Fuzz Package.swift)
if [[ "${1:-}" != "--summary" ]]; then
  exec swift format lint --strict --parallel -r "${paths[@]}"
fi

findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
status=0
swift format lint --strict --parallel -r "${paths[@]}" >"$findings" 2>&1 || status=$?
if [[ $status -eq 0 ]]; then
  echo "format-lint: clean" >&2
  exit 0
fi
count=$(grep -c ': error: ' "$findings" || true)
echo "format-lint: $count finding(s) (scripts/format-lint.sh lists them):" >&2
grep -oE ': error: \[[A-Za-z]+\]' "$findings" | sort | uniq -c | sort -rn | sed 's/: error: //' >&2 || cat "$findings" >&2
exit "$status"
