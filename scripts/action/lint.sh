#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml, docs/ci.md): annotations on the run and the pull request, and
# optionally a SARIF file for code scanning.
#
# From the step's environment (action.yml wires each input into it):
#   SCENEC         the binary the install step wrote to GITHUB_OUTPUT
#   SCENEC_PATHS   files and folders to lint, relative to the repository root (default: .)
#   SCENEC_ARGS    more `scenec lint` flags (--strict, --config FILE, --baseline FILE, …)
#   SCENEC_SARIF   when set, also write SARIF 2.1.0 to this file, and its absolute path as `sarif-file` to
#                  GITHUB_OUTPUT
# Both lists are split at white space and not glob-expanded: scenec walks folders itself, and patterns belong
# to --exclude or .scenec.yml.
#
# Exit status: scenec lint's (1 when a spec has errors, or warnings under --strict or past --max-warnings), after the
# SARIF file is written, so that a later upload step with `if: ${{ !cancelled() }}` still has it.
set -uo pipefail
set -f

scenec="${SCENEC:?SCENEC is not set: the install step runs first}"
read -r -d "" -a paths <<<"${SCENEC_PATHS:-.}"
[ ${#paths[@]} -gt 0 ] || paths=(.)
read -r -d "" -a flags <<<"${SCENEC_ARGS:-}"

"$scenec" lint --format github "${flags[@]}" -- "${paths[@]}"
status=$?

if [ -n "${SCENEC_SARIF:-}" ]; then
  mkdir -p "$(dirname "$SCENEC_SARIF")"
  "$scenec" lint --format sarif "${flags[@]}" -- "${paths[@]}" >"$SCENEC_SARIF"
  sarif_status=$?
  # 0 and 1 both write a complete report; anything else is a usage error or a crash, and the file is not one.
  if [ "$sarif_status" -gt 1 ]; then
    echo "::error title=scenec lint::the SARIF run exited with $sarif_status; $SCENEC_SARIF is incomplete"
    exit "$sarif_status"
  fi
  echo "sarif-file=$(cd "$(dirname "$SCENEC_SARIF")" && pwd)/$(basename "$SCENEC_SARIF")" >>"$GITHUB_OUTPUT"
fi
exit "$status"
