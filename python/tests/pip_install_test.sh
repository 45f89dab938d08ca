#!/usr/bin/env bash
# The install path of docs/python.md as a test: `pip install --no-build-isolation ./python` into a
# fresh folder (no network: --no-index), then the pytest suite against that installed package,
# with no TETHER_LIBRARY, so the package must load the library pip built into it.
#   pip_install_test.sh PYTHON TARGET_DIR BUILD_DIR
set -euo pipefail
python="$1"; target="$2"; build="$3"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$target" "$build"
TETHER_PY_BUILD_DIR="$build" "$python" -m pip install --quiet --no-build-isolation --no-deps --no-index \
  --target "$target" "$repo/python"
cd "$repo"
unset TETHER_LIBRARY
export PYTHONPATH="$target" PYTHONDONTWRITEBYTECODE=1
"$python" -c "import sys, tether; print('loaded', tether.LIBRARY_PATH); sys.exit(not tether.LIBRARY_PATH.startswith('$target'))"
"$python" -m pytest -q -p no:cacheprovider python/tests
