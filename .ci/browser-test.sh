#!/usr/bin/env bash
# The game viewer of report.html in a real browser: installs what it needs (Debian's
# Chromium; playwright-core from tests/browser/package-lock.json, which drives it and never
# downloads a browser), plays a small real tournament (two engines at depths 1 and 2, with
# quotes and angle brackets in their names, on four openings: 8 games), and runs
# tests/browser/viewer.test.mjs on its report (node's test runner). Read top to bottom.
#
# Usage: .ci/browser-test.sh [GOMOKU_ARENA_BINARY]   (default: target/release/gomoku-arena)
# A screenshot of the viewer is left in $SCREENSHOT (default /tmp/gomoku-viewer.png).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${1:-${CARGO_TARGET_DIR:-target}/release/gomoku-arena}
[ -x "$BIN" ] || { echo "no gomoku-arena binary at $BIN (cargo build --release -p gomoku-arena)" >&2; exit 1; }

echo "-- Chromium (Debian's package)"
if ! [ -x /usr/bin/chromium ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium > /dev/null
fi
/usr/bin/chromium --version

echo "-- playwright-core (npm ci from the committed lock file; no browser download)"
command -v npm > /dev/null || {
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm > /dev/null
}
(cd tests/browser && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)

echo "-- a small real run and its report"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cat > "$WORK/viewer.ron" <<EOF
Tournament(
    name: "viewer <check> & \"quotes\"",
    participants: [
        Variant(base: "$ROOT/configs/engines/seed-d2.ron", name: "d1 \"<b>bold</b>\" </script>", overrides: (depth: 1)),
        Variant(base: "$ROOT/configs/engines/seed-d2.ron", name: "d2 'it's' <!-- & -->", overrides: (depth: 2)),
    ],
    board: (size: 15),
    openings: (file: "$ROOT/openings/freestyle15.txt", format: Pos, limit: 4, transform: true),
    seed: 11,
    threads: 2,
    output: "out",
    standings_every: 0,
)
EOF
"$BIN" tournament "$WORK/viewer.ron" --quiet
test -f "$WORK/out/report/report.html"

echo "-- the viewer in Chromium"
GOMOKU_RUN="$WORK/out" node --test tests/browser/viewer.test.mjs
echo "viewer screenshot: ${SCREENSHOT:-/tmp/gomoku-viewer.png}"
