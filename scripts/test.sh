#!/usr/bin/env bash
# Builds tether and runs every test with ctest.
#   scripts/test.sh            release build (double), the README's test command
#   scripts/test.sh --sanitize AddressSanitizer + UndefinedBehaviorSanitizer
#   scripts/test.sh --float    float as the real type
#   scripts/test.sh --tsan     ThreadSanitizer: only the library, the scene loader and the tests
#                              that step on worker threads (test_thread_determinism, shortened)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --all

mode="${1:-release}"
case "$mode" in
  release) dir=build/release; flags=(-DCMAKE_BUILD_TYPE=Release) ;;
  --sanitize) dir=build/asan; flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DTETHER_SANITIZE=ON) ;;
  --float) dir=build/float; flags=(-DCMAKE_BUILD_TYPE=Release -DTETHER_USE_FLOAT=ON) ;;
  --tsan) dir=build/tsan
    flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DTETHER_TSAN=ON -DTETHER_BUILD_VIEWER=OFF -DTETHER_BUILD_PEER_BENCH=OFF
           -DTETHER_BUILD_PYTHON=OFF -DTETHER_BUILD_SAMPLES=OFF) ;;
  *) echo "usage: scripts/test.sh [--sanitize|--float|--tsan]" >&2; exit 2 ;;
esac

if [ "$mode" = --tsan ]; then
  # The threads' races are what this build looks for: the threaded test (every parallel loop of
  # the step, pool and user scheduler, 1, 2 and 4 workers) at 60 frames per scene instead of 300
  # (ThreadSanitizer runs 5 to 15 times slower), and the worker-count checks of test_bad_input.
  cmake -S . -B "$dir" -G Ninja "${flags[@]}" >/dev/null
  cmake --build "$dir" --target test_thread_determinism test_bad_input
  export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
  "$dir/tests/test_thread_determinism" --frames 60
  "$dir/tests/test_bad_input"
  exit 0
fi

cmake -S . -B "$dir" -G Ninja "${flags[@]}" >/dev/null
cmake --build "$dir"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$dir" --output-on-failure -j "$(nproc)"
