#!/usr/bin/env bash
# Byte-for-byte comparison of two scenec builds' outputs, for changes that must not change any: `lint` (stdout,
# stderr, exit status) and `compile -o` (the plan) of every spec, test fixture and fuzz regression, plus the
# benchmark's many-small and deep-nesting specs.
# usage: scripts/compare-outputs.sh BASE_BIN_DIR NEW_BIN_DIR [WORK_DIR]
#   each BIN_DIR holds `scenec` and `scenec-bench` (e.g. a copy of main's .build/release and this tree's).
set -u
base=${1:?base binary folder}
new=${2:?new binary folder}
work=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work/specs"
"$base/scenec-bench" --write-many-small 20 "$work/specs/many-small-20.yaml"
"$base/scenec-bench" --write-many-small 1 "$work/specs/many-small-1.yaml"
"$base/scenec-bench" --write-scaling nesting 960 "$work/specs/nesting-960.yaml"
nesting_flags=(--max-nesting 968 --max-depth 1936)
files=()
while IFS= read -r file; do files+=("$file"); done < <(
  cd "$root" && find specs Tests Fuzz/regressions -name '*.yaml' | sort)
differences=0
run() { # label binary_dir out_prefix args...
  local bin=$1 prefix=$2
  shift 2
  "$bin/scenec" "$@" >"$prefix.out" 2>"$prefix.err"
  echo $? >"$prefix.rc"
}
compare() { # spec_path extra_flags...
  local spec=$1
  shift
  local tag
  tag=$(echo "$spec" | tr '/' '_')
  for variant in base new; do
    local bin=$base
    [ "$variant" = new ] && bin=$new
    run "$bin" "$work/$variant.lint.$tag" lint "$@" "$spec"
    rm -f "$work/$variant.plan.$tag.json"
    run "$bin" "$work/$variant.compile.$tag" compile "$@" "$spec" -o "$work/$variant.plan.$tag.json"
  done
  for kind in lint.$tag.out lint.$tag.err lint.$tag.rc compile.$tag.out compile.$tag.err compile.$tag.rc \
    plan.$tag.json; do
    if [ -e "$work/base.$kind" ] || [ -e "$work/new.$kind" ]; then
      if ! cmp -s "$work/base.$kind" "$work/new.$kind"; then
        echo "DIFFERENT: $spec ($kind)"
        differences=$((differences + 1))
      fi
    fi
  done
}
cd "$root"
for file in "${files[@]}"; do compare "$file"; done
compare "$work/specs/many-small-20.yaml"
compare "$work/specs/many-small-1.yaml"
compare "$work/specs/nesting-960.yaml" "${nesting_flags[@]}"
echo "$((${#files[@]} + 3)) specs compared, $differences differences (outputs in $work)"
[ "$differences" -eq 0 ]
