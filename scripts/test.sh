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

npx react-router build >/tmp/haat-build.log 2>&1 || { cat /tmp/haat-build.log; exit 1; }

# Vitest's own summary (Test Files / Tests / Duration) is the last thing printed.
exec npx vitest run "$@"
