#!/usr/bin/env bash
# Random-scene soak (docs/hardening.md): builds the release tree and runs tether-soak for
# MINUTES of CPU time with SEED (default 1); extra arguments go to tether-soak
# (--strict makes a runaway a failure). Every failure prints how to reproduce its scene.
#   scripts/soak.sh MINUTES [SEED] [--strict] [--reach-open] [--no-contacts] [--no-world-joints] [--explain] [--joint-solver xpbd|si|pointmass]
#                   [--tree] [--substeps N] [--iterations N]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-}"
if ! [[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "usage: scripts/soak.sh MINUTES [SEED] [tether-soak options: --strict, --reach-open, --no-contacts, --no-world-joints, --explain, --joint-solver S, --tree, --substeps N, --iterations N]" >&2
  exit 2
fi
seed="${2:-1}"
shift $(( $# < 2 ? $# : 2 ))
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release --target tether-soak
seconds=$(python3 -c "print(float('$minutes') * 60)")
build/release/fuzz/tether-soak --seconds "$seconds" --seed "$seed" "$@"
