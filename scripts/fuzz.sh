#!/usr/bin/env bash
# Fuzzes tether with libFuzzer (clang), everything built with AddressSanitizer and
# UndefinedBehaviorSanitizer (docs/hardening.md).
#   scripts/fuzz.sh TARGET SECONDS   TARGET: scene, narrowphase, meshfile, api or all (each for SECONDS)
# Builds build/fuzz, reads the seed corpus tests/fuzz/corpus/TARGET and writes new inputs to
# build/fuzz/fuzz/corpus_TARGET (the repository's corpus is not changed). A crash, leak,
# sanitizer report or broken invariant stops the fuzzer, leaves the input as
# build/fuzz/crash-*, and fails the script; add it to tests/fuzz/corpus/TARGET once fixed, so
# the replay test keeps it fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-}"
seconds="${2:-}"
case "$target" in
  scene|narrowphase|meshfile|api) targets=("$target") ;;
  all) targets=(scene narrowphase meshfile api) ;;
  *) echo "usage: scripts/fuzz.sh scene|narrowphase|meshfile|api|all SECONDS" >&2; exit 2 ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "scripts/fuzz.sh: SECONDS must be a whole number >= 1, got '$seconds'" >&2
  exit 2
fi
if ! command -v clang >/dev/null; then
  echo "scripts/fuzz.sh: needs clang with libFuzzer (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 1
fi

dir=build/fuzz
CC=clang cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTETHER_FUZZ=ON \
  -DTETHER_BUILD_TESTS=OFF -DTETHER_BUILD_VIEWER=OFF -DTETHER_BUILD_PEER_BENCH=OFF >/dev/null
cmake --build "$dir" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for t in "${targets[@]}"; do
  mkdir -p "$dir/fuzz/corpus_$t"
  echo "fuzzing $t for $seconds s"
  # -seed fixed so that a CI failure can be reproduced; -timeout flags an input that hangs.
  "$dir/fuzz/fuzz_$t" -max_total_time="$seconds" -seed=1 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$dir/" -dict="fuzz/$t.dict" "$dir/fuzz/corpus_$t" "tests/fuzz/corpus/$t"
done
