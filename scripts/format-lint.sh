#!/usr/bin/env bash
# The formatting check: `swift format lint --strict` (the toolchain's swift-format, with the committed
# .swift-format) over the sources, the tests, the fuzz targets and Package.swift, then a check that no Swift line
# there is over 120 columns (swift-format cannot wrap a string literal or a comment, so it lets those through).
# Exits non-zero on any finding.
#
#   scripts/format-lint.sh            # lint; each finding as file:line:col: error: [Rule] …
#   scripts/format-lint.sh --summary  # lint; one line per rule with its count (what scripts/test.sh prints)
#
# `swift format -i -r Sources Tests Fuzz Package.swift` fixes every finding except the few rules that are lint-only
# (names, synthesized initializers, forEach loops), and the long lines: split a string literal with `+` (or end a
# line of a multi-line literal with `\`), rewrap a comment.
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Sources Tests Fuzz Package.swift)
# Every Swift line over 120 columns (characters, not bytes: `µs`, `×` and `θ` are one column each), as
# file:line:col: error: [LineLength] ….
long_lines() {
  find "${paths[@]}" -name '*.swift' -print0 | sort -z |
    xargs -0 env LC_ALL=C.UTF-8 grep -HnE '^.{121,}$' |
    sed -E 's/^([^:]+):([0-9]+):.*/\1:\2:121: error: [LineLength] line over 120 columns/' || true
}

if [[ "${1:-}" != "--summary" ]]; then
  status=0
  swift format lint --strict --parallel -r "${paths[@]}" || status=$?
  long=$(long_lines)
  if [[ -n "$long" ]]; then
    echo "$long" >&2
    status=1
  fi
  exit "$status"
fi

findings=$(mktemp)
trap 'rm -f "$findings"' EXIT
status=0
swift format lint --strict --parallel -r "${paths[@]}" >"$findings" 2>&1 || status=$?
long=$(long_lines)
if [[ -n "$long" ]]; then
  echo "$long" >>"$findings"
  status=1
fi
if [[ $status -eq 0 ]]; then
  echo "format-lint: clean" >&2
  exit 0
fi
count=$(grep -c ': error: ' "$findings" || true)
echo "format-lint: $count finding(s) (scripts/format-lint.sh lists them):" >&2
grep -oE ': error: \[[A-Za-z]+\]' "$findings" | sort | uniq -c | sort -rn | sed 's/: error: //' >&2 || cat "$findings" >&2
exit "$status"
