#!/usr/bin/env bash
# Build Baza and serve it locally:  bash build/play.sh [port]   (default 8000)
set -euo pipefail
cd "$(dirname "$0")/.."

# npm ci only when node_modules does not match package-lock.json yet; the
# stamp lives inside node_modules so that npm ci's wipe also removes it.
if ! cmp -s package-lock.json node_modules/.installed-lock.json; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.installed-lock.json
fi

python3 build/build.py --stale-hot-list warn  # CI still fails on a stale list (tests/run.sh)
exec python3 build/serve.py --port "${1:-${PORT:-8000}}"
