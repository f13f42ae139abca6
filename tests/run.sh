#!/usr/bin/env bash
# Runs every test of Baza:  bash tests/run.sh
#
# Works on a fresh Debian machine as root without stdin (CI: .ci/run). It
# installs what is missing (.venv, node_modules, Pyodide wheels, Chromium),
# then runs, without stopping at the first failure:
#   lint     ruff check (settings in pyproject.toml)
#   js       oxlint over the JavaScript (parse errors and its default rules)
#   types    mypy: game/ strictly, ui/ at mypy's default (pyproject.toml)
#   cpython  pytest game, ui and docs (doctests) tests/engine tests/bots tests/build
#            tests/ui on the developer's CPython (property tests derandomized;
#            BAZA_PROFILE=long bash tests/run.sh for a deeper, random run)
#   pyodide  game doctests and tests/engine inside Pyodide, on the
#            browser's Python 3.14
#   browser  pytest tests/browser                the built page in Chromium
# and exits non-zero if any of them failed.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive PIP_DISABLE_PIP_VERSION_CHECK=1
start=$SECONDS
say() { printf '\n=== %s\n' "$*"; }

# --- Setup: every step is skipped when its stamp shows it is already done.

say "setup: Python tools (.venv from requirements-dev.txt)"
if [ ! -x .venv/bin/python ]; then
  # Debian's python3 has no venv module until python3-venv is installed.
  python3 -m venv .venv 2>/dev/null || {
    rm -rf .venv; apt-get update -q && apt-get install -y -q python3-venv && python3 -m venv .venv; }
fi
if ! cmp -s requirements-dev.txt .venv/installed-requirements.txt; then
  .venv/bin/pip install -q -r requirements-dev.txt
  cp requirements-dev.txt .venv/installed-requirements.txt
fi

say "setup: PyScript and Pyodide (npm ci from package-lock.json)"
if ! cmp -s package-lock.json node_modules/.installed-lock.json; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.installed-lock.json
fi

say "setup: wheels for Pyodide (tests/pyodide/requirements.txt)"
wheels=.cache/pyodide-wheels
if ! cmp -s tests/pyodide/requirements.txt "$wheels/requirements.txt"; then
  # Pyodide 314 is CPython 3.14 on wasm32: ask PyPI for wheels of that
  # platform (pure-Python ones, or Pyodide builds), never for this machine's.
  rm -rf "$wheels" "$wheels.tmp"
  .venv/bin/pip download -q --no-deps --only-binary=:all: -d "$wheels.tmp" \
    --python-version 3.14 --implementation cp --abi cp314 --abi none \
    --platform pyemscripten_2026_0_wasm32 --platform any -r tests/pyodide/requirements.txt
  cp tests/pyodide/requirements.txt "$wheels.tmp/"
  mv "$wheels.tmp" "$wheels"
fi

say "setup: Chromium"
if [ -z "${CHROMIUM:-}" ]; then
  CHROMIUM=$(command -v chromium || true)
  if [ -z "$CHROMIUM" ]; then
    apt-get update -q && apt-get install -y -q chromium
    CHROMIUM=$(command -v chromium)
  fi
fi
export CHROMIUM
"$CHROMIUM" --version 2>/dev/null  # (Debian's wrapper script prints noise on stderr)

# --- Tests. A test folder with no test file yet (or no folder: git keeps no
# empty ones) is skipped; a folder with test files where pytest collects
# nothing (exit 5) fails like any other error.
has_tests() { [ -n "$(find "$1" -name 'test_*.py' -o -name '*_test.py' 2>/dev/null | head -n 1)" ]; }
failed=()
run() { # run NAME COMMAND...: run a test part, remember it if it fails
  say "test: $1"
  "${@:2}" || { echo "!!! $1 failed (exit $?)"; failed+=("$1"); }
}

run lint .venv/bin/ruff check --quiet .
# Every script of the build, the page, the benches and the Pyodide runner parsed and linted (oxlint, npm).
run js node_modules/.bin/oxlint --deny-warnings --quiet build assets bench examples tests/pyodide
run types .venv/bin/mypy

cpython_dirs=(game ui build/runtime)  # the docstring examples of the engine's API, of the table's and of the runtime surgery's
for dir in tests/engine tests/bots tests/ui tests/build; do
  if has_tests "$dir"; then cpython_dirs+=("$dir"); else echo "(no tests in $dir yet)"; fi
done
if [ ${#cpython_dirs[@]} -gt 0 ]; then
  run cpython .venv/bin/python -m pytest "${cpython_dirs[@]}" docs --doctest-modules --doctest-glob='*.md' \
    -q -p no:cacheprovider
fi
if has_tests tests/engine; then
  run pyodide node tests/pyodide/run.mjs -q
fi
run browser .venv/bin/python -m pytest tests/browser -q -p no:cacheprovider

say "run.sh finished in $((SECONDS - start)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED parts: ${failed[*]}"
  exit 1
fi
echo "all test parts passed"
