#!/usr/bin/env bash
# The install step of the GitHub Action (action.yml, docs/ci.md): puts a release's bin/scenec on the job's PATH.
#
# Which release, from the step's environment (action.yml wires each input into it; composite actions get no INPUT_*):
#   SCENEC_TARBALL       a release tarball's path or URL: used as given
#   SCENEC_FROM_SOURCE   'true': build the tarball from the action's own checkout with scripts/package.sh (needs
#                        Swift 6 on the runner, and root or sudo for the Debian packages it installs when missing)
#   otherwise            download SERVER/REPOSITORY/releases/download/vVERSION/scenec-VERSION-linux-ARCH.tar.gz,
#                        where VERSION is SCENEC_VERSION or else the one in the action's sources at the ref used
#                        (so `uses: OWNER/scenec@v0.1.0` installs 0.1.0), and REPOSITORY is SCENEC_REPOSITORY or
#                        else the action's own: the runner leaves github.action_repository empty in composite actions
#                        (actions/runner#2525), so it is read from the action's folder, .../_actions/OWNER/NAME/REF,
#                        and is the workflow's repository when the action is used from a checkout (`uses: ./`).
#
# It unpacks into RUNNER_TEMP/scenec, appends the bin folder to GITHUB_PATH (for the job's later steps) and writes
# `scenec=PATH` (the binary, which the lint step runs) and `version=…` to GITHUB_OUTPUT.
set -euo pipefail

fail() {
  echo "::error title=scenec install::$1"
  exit 1
}

[ "$(uname -s)" = Linux ] || fail "the scenec release runs on Linux runners; this one is $(uname -s)"
action_path="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: run this as a step of action.yml}"
install_root="${RUNNER_TEMP:?RUNNER_TEMP is not set}/scenec"
download="$install_root/download"
rm -rf "$install_root"
mkdir -p "$download"

if [ -n "${SCENEC_TARBALL:-}" ]; then
  source="$SCENEC_TARBALL"
elif [ "${SCENEC_FROM_SOURCE:-false}" = true ]; then
  echo "scenec: building the release from $action_path with scripts/package.sh"
  source="$("$action_path/scripts/package.sh" "$install_root/dist" | sed -n 1p)"
else
  version="${SCENEC_VERSION:-}"
  if [ -z "$version" ]; then
    version="$(sed -n 's/^ *public static let version = "\([^"]*\)".*/\1/p' \
      "$action_path/Sources/SceneCLI/SceneCLI.swift" 2>/dev/null || true)"
    [ -n "$version" ] || fail "no version given and none in $action_path/Sources/SceneCLI/SceneCLI.swift"
  fi
  repository="${SCENEC_REPOSITORY:-}"
  if [ -z "$repository" ]; then
    case "$action_path" in
      */_actions/*/*/*) repository="$(echo "${action_path#*/_actions/}" | cut -d/ -f1-2)" ;;
      *) repository="${GITHUB_REPOSITORY:-}" ;;
    esac
    [ -n "$repository" ] || fail "cannot tell which repository's releases to use: set the action's 'repository'"
  fi
  source="${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/v$version/scenec-$version-linux-$(uname -m).tar.gz"
fi

tarball="$download/scenec.tar.gz"
case "$source" in
  *://*)
    echo "scenec: downloading $source"
    curl --fail --silent --show-error --location --retry 3 --output "$tarball" "$source" ||
      fail "cannot download $source"
    ;;
  *)
    [ -f "$source" ] || fail "no release tarball at $source"
    cp "$source" "$tarball"
    ;;
esac

tar -xzf "$tarball" -C "$install_root" || fail "$source is not a gzip tarball"
# The tarball holds one folder, scenec-VERSION/, with bin/ and share/ side by side.
binary="$(find "$install_root" -mindepth 3 -maxdepth 3 -path '*/bin/scenec' -type f | sed -n 1p)"
[ -n "$binary" ] && [ -x "$binary" ] || fail "$source holds no scenec-VERSION/bin/scenec"
version_line="$("$binary" --version)" || fail "$binary does not run on this runner"
echo "$version_line"

dirname "$binary" >>"$GITHUB_PATH"
{
  echo "scenec=$binary"
  echo "version=$(echo "$version_line" | cut -d' ' -f2)"
} >>"$GITHUB_OUTPUT"
