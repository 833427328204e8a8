#!/usr/bin/env bash
# npm test: unit, database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), API and
# browser tests in one Vitest run, against a fresh production build.
set -uo pipefail
cd "$(dirname "$0")/.."

# The journeys run in Chromium's headless shell (tests/support/browser.ts); CHROMIUM_PATH points
# them at another Chromium.
if [ ! -x /usr/bin/chromium-headless-shell ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "Installing Chromium's headless shell from Debian's packages for the browser tests..."
    (apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null) || {
      echo "Could not install chromium-headless-shell"; exit 1; }
  else
    echo "Chromium is missing: install Debian's 'chromium-headless-shell' package (or set CHROMIUM_PATH)"
    exit 1
  fi
fi

# The production build runs while Vitest starts and its global setups make the database templates:
# the journeys and process tests wait for its status (untilBuilt in tests/support/server-process.ts)
# and fail with its output should it fail.
HAAT_BUILD_DIR="$(mktemp -d "${TMPDIR:-/tmp}/haat-build-XXXXXX")"
export HAAT_BUILD_DIR
(
  npx react-router build >"$HAAT_BUILD_DIR/build.log" 2>&1
  echo $? >"$HAAT_BUILD_DIR/status.partial"
  mv "$HAAT_BUILD_DIR/status.partial" "$HAAT_BUILD_DIR/status"
) &

# Vitest's own summary (Test Files / Tests / Duration) is the last thing printed.
npx vitest run "$@"
status=$?
wait
rm -rf "$HAAT_BUILD_DIR"
exit $status
