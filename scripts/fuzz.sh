#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/) with -sanitize=fuzzer,address and runs each for a share of SECONDS.
#
#   scripts/fuzz.sh [SECONDS] [TARGET…]      # default: 240 s over all nine targets
#   (yaml checker compiler sampler export-svg export-lottie machine http plan-roundtrip)
#
# Seeds: specs/*.yaml, Tests/SceneCheckerTests/Fixtures/*.yaml, and Fuzz/regressions/<target>/ (copied into the
# working corpus .fuzz/corpus/<target>/, which grows across runs); dictionary: Fuzz/scenec.dict. The http target
# (request heads, not specs) takes only its regressions as seeds and Fuzz/http.dict.
# A crash leaves .fuzz/crash-<target>-*; copy it into Fuzz/regressions/<target>/ once fixed (the replay step
# below, which CI runs too, replays every regression file through the sanitized build).
# Environment: FUZZ_JOBS=N runs N fuzzing processes per target on a shared corpus (default 1); FUZZ_SCRATCH (default /tmp/scenec-fuzz-build).
# Exit status: 0 no crash; 1 a crash (or a regression replay failed); 3 the fuzzer runtime is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-240}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(yaml checker compiler sampler export-svg export-lottie machine http plan-roundtrip)
scratch=${FUZZ_SCRATCH:-/tmp/scenec-fuzz-build}
work=.fuzz

resource_dir=$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -1)
if ! ls "$resource_dir"/../clang/lib/*/libclang_rt.fuzzer*.a "$resource_dir"/clang/lib/*/libclang_rt.fuzzer*.a \
  "$resource_dir"/../clang/lib/*/*/libclang_rt.fuzzer*.a >/dev/null 2>&1; then
  if ! find "$(dirname "$(dirname "$(command -v swiftc)")")" -name 'libclang_rt.fuzzer*.a' 2>/dev/null | grep -q .; then
    echo "fuzz: skipped: this toolchain has no libFuzzer runtime (libclang_rt.fuzzer*.a); -sanitize=fuzzer needs it" >&2
    exit 3
  fi
fi

mkdir -p "$work"
echo "fuzz: building ${targets[*]} (release, -sanitize=fuzzer,address) in $scratch" >&2
for target in "${targets[@]}"; do
  built=no
  for attempt in 1 2 3; do  # a source edited during the build (other work in the tree) fails it; try again
    if swift build -c release --scratch-path "$scratch" --product "fuzz-$target" \
      -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >"$work/build-$target.log" 2>&1; then
      built=yes
      break
    fi
    grep -q 'modified during the build' "$work/build-$target.log" || break
  done
  if [ "$built" != yes ]; then
    grep -E 'error' "$work/build-$target.log" | head -20 >&2 || true
    echo "fuzz: building fuzz-$target failed (log $work/build-$target.log)" >&2
    exit 1
  fi
done

share=$(( seconds / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1
jobs=${FUZZ_JOBS:-1}
# Allocation stacks are kept short: unwinding them on every malloc halved throughput.
asan_options=detect_leaks=0:allocator_may_return_null=1:malloc_context_size=2
status=0
for target in "${targets[@]}"; do
  corpus="$work/corpus/$target"
  mkdir -p "$corpus"
  dictionary=Fuzz/scenec.dict
  if [ "$target" = http ]; then
    dictionary=Fuzz/http.dict
  else
    cp -n specs/*.yaml Tests/SceneCheckerTests/Fixtures/*.yaml "$corpus"/ 2>/dev/null || true
  fi
  find "Fuzz/regressions/$target" -type f ! -name '*.md' -exec cp -n {} "$corpus"/ \; 2>/dev/null || true
  log="$work/$target.log"
  echo "fuzz: $target for ${share}s ($jobs process(es)), log $log" >&2
  # N independent processes on one corpus folder (each reloads the others' finds); libFuzzer's -fork mode spends
  # much of its time merging.
  : >"$log"
  pids=()
  for ((job = 0; job < jobs; job++)); do
    ASAN_OPTIONS=$asan_options "$scratch/release/fuzz-$target" "$corpus" -dict="$dictionary" \
      -max_total_time="$share" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$work/crash-$target-" \
      >"$log.$job" 2>&1 &
    pids+=($!)
  done
  code=0
  for pid in "${pids[@]}"; do
    wait "$pid" || code=$?
  done
  for ((job = 0; job < jobs; job++)); do
    cat "$log.$job" >>"$log"
    rm -f "$log.$job"
  done
  runs=$( (grep -E '^stat::number_of_executed_units' "$log" || true) | awk '{s+=$2} END {print s+0}')
  cov=$( (grep -oE 'cov: [0-9]+' "$log" || true) | tail -1 | awk '{print $2}')
  ft=$( (grep -oE 'ft: [0-9]+' "$log" || true) | tail -1 | awk '{print $2}')
  echo "fuzz: $target: exit $code, $runs executions, cov ${cov:-?}, features ${ft:-?}, corpus $(ls "$corpus" | wc -l) files" >&2
  if [ "$code" -ne 0 ]; then
    status=1
    echo "fuzz: $target FOUND A CRASH (exit $code):" >&2
    grep -E 'ERROR|SUMMARY|Fatal error|Test unit written|Base64' "$log" | head -20 >&2 || true
  fi
done

# Every regression input once through the sanitized target just built (libFuzzer runs files given as arguments
# once each, under AddressSanitizer): each must run without a crash. A plain build replays them too
# (`swift build --product fuzz-TARGET`, then `.build/debug/fuzz-TARGET FILE…`), but a third build of every module
# only for this cost CI about a minute.
if compgen -G "Fuzz/regressions/*/*" >/dev/null; then
  for target in "${targets[@]}"; do
    files=$(find "Fuzz/regressions/$target" -type f ! -name '*.md' 2>/dev/null | sort || true)
    [ -n "$files" ] || continue  # with no file arguments the binary would start fuzzing instead
    # shellcheck disable=SC2086
    if ! ASAN_OPTIONS=$asan_options "$scratch/release/fuzz-$target" -timeout=10 -rss_limit_mb=2048 $files \
      >"$work/replay-$target.log" 2>&1; then
      grep -E 'ERROR|SUMMARY|Fatal error|Running:' "$work/replay-$target.log" | tail -5 >&2 || true
      echo "fuzz: a regression input crashes fuzz-$target (log $work/replay-$target.log)" >&2
      status=1
    else
      echo "fuzz: $target: $(echo "$files" | wc -l) regression input(s) replayed, no crash" >&2
    fi
  done
fi
exit $status
