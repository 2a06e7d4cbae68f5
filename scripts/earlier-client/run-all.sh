#!/usr/bin/env bash
# One run of the check "the earlier app's own client runs unchanged against /api" (issue 14, item 4).
#
#   scripts/earlier-client/run-all.sh           build Nirog, start it on a fresh PGlite dir with demo
#                                              data, start serve.mjs, walk every route × role, fill every
#                                              form that writes (forms.mjs; NO_FORMS=1 skips), stop all
#   SKIP_BUILD=1 ./run-all.sh                  use backend/dist as it is (no npm run build)
#   WALK_ARGS="--roles patient --routes /,/medicine" ./run-all.sh     a subset
#
# env (defaults): NIROG_PORT=4400 SERVE_PORT=4500 PGLITE_DIR=/tmp/earlier-walk-pglite
#   UPLOAD_DIR=/tmp/earlier-walk-uploads BUILD_TRIES=6 BUILD_WAIT=180 (seconds between tries)
#   ALLOW_STALE_BUILD=1 (go on with whatever backend/dist holds when every build try failed)
#   KEEP_DATA=1 (keep the PGlite/uploads dirs after the run), WALK_ARGS (extra walk.mjs arguments;
#   add --out DIR to keep a partial run away from the main report)
# The CRA build of the earlier client (./build) is not redone here: see BUILD.md.
# Exit code: walk.mjs's (0 = the walk ran; the findings are in report.md), non-zero on setup failure.
set -uo pipefail

SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MAIN="$(cd "$SCRIPTS/../.." && pwd)"
# The earlier client's checkout (src-repo), its build (build), reports and logs live here.
HERE="${EARLIER_CLIENT_DIR:-/tmp/earlier-client}"
export EARLIER_CLIENT_DIR="$HERE"
NODE="$MAIN/node_modules/.bin/node"
NIROG_PORT="${NIROG_PORT:-4400}"
SERVE_PORT="${SERVE_PORT:-4500}"
PGLITE_DIR="${PGLITE_DIR:-/tmp/earlier-walk-pglite}"
UPLOAD_DIR="${UPLOAD_DIR:-/tmp/earlier-walk-uploads}"
BUILD_TRIES="${BUILD_TRIES:-6}"
BUILD_WAIT="${BUILD_WAIT:-180}"
LOGS="$HERE/logs"
mkdir -p "$LOGS"

NIROG_PID=""
SERVE_PID=""
stop() {
  local pid
  for pid in $SERVE_PID $NIROG_PID; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null
    fi
  done
  SERVE_PID=""; NIROG_PID=""
}
trap stop EXIT
trap 'echo "interrupted"; exit 130' INT TERM

say() { echo "[run-all $(date +%H:%M:%S)] $*"; }

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$NIROG_PORT" "$SERVE_PORT"; do
  if port_busy "$p"; then say "port $p is already in use; stop whatever listens there (or set NIROG_PORT / SERVE_PORT)"; exit 2; fi
done
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || { say "no /usr/bin/chromium (apt-get install -y chromium, or set CHROMIUM_PATH)"; exit 2; }
[ -f "$HERE/build/index.html" ] || { say "no $HERE/build/index.html: build the earlier client first (BUILD.md)"; exit 2; }

# 1. Build Nirog (another engineer's half-finished change may break it for a while: wait and retry).
if [ "${SKIP_BUILD:-0}" != "1" ]; then
  built=0
  for try in $(seq 1 "$BUILD_TRIES"); do
    say "npm run build in $MAIN (try $try/$BUILD_TRIES), log $LOGS/nirog-build.log"
    if (cd "$MAIN" && export PATH="$MAIN/node_modules/.bin:$PATH" && npm run build) >"$LOGS/nirog-build.log" 2>&1; then
      built=1; break
    fi
    say "build failed:"; grep -E "error|Error" "$LOGS/nirog-build.log" | head -5
    [ "$try" -lt "$BUILD_TRIES" ] && { say "waiting ${BUILD_WAIT}s before retrying"; sleep "$BUILD_WAIT"; }
  done
  if [ "$built" != 1 ]; then
    if [ "${ALLOW_STALE_BUILD:-0}" = "1" ]; then say "every build try failed; ALLOW_STALE_BUILD=1: going on with backend/dist as emitted"
    else say "every build try failed (see $LOGS/nirog-build.log); set ALLOW_STALE_BUILD=1 to walk whatever backend/dist holds"; exit 3; fi
  fi
  echo "built=$built at $(date -u +%FT%TZ) commit $(cd "$MAIN" && git rev-parse --short HEAD) dirty=$(cd "$MAIN" && git status --porcelain | wc -l)" >"$LOGS/nirog-build.state"
fi

# 2. Nirog on a fresh embedded PGlite with demo data; PUBLIC_URL is serve.mjs's origin.
rm -rf "$PGLITE_DIR" "$UPLOAD_DIR"
say "starting Nirog on 127.0.0.1:$NIROG_PORT (data $PGLITE_DIR), log $LOGS/nirog.log"
(cd "$MAIN" && exec env PORT="$NIROG_PORT" HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$SERVE_PORT" \
  PGLITE_DATA_DIR="$PGLITE_DIR" UPLOAD_DIR="$UPLOAD_DIR" "$NODE" backend/dist/main.js) >"$LOGS/nirog.log" 2>&1 &
NIROG_PID=$!
for i in $(seq 1 180); do
  if ! kill -0 "$NIROG_PID" 2>/dev/null; then say "Nirog exited during start:"; tail -30 "$LOGS/nirog.log"; exit 4; fi
  curl -sf "http://127.0.0.1:$NIROG_PORT/healthz" >/dev/null 2>&1 && break
  sleep 1
done
curl -sf "http://127.0.0.1:$NIROG_PORT/healthz" >/dev/null 2>&1 || { say "Nirog not healthy after 180 s"; tail -30 "$LOGS/nirog.log"; exit 4; }
say "Nirog up (pid $NIROG_PID) after ${i}s"

# 3. serve.mjs: the earlier client's build + proxy to Nirog, same origin.
say "starting serve.mjs on 127.0.0.1:$SERVE_PORT, log $LOGS/serve.log"
"$NODE" "$SCRIPTS/serve.mjs" --port "$SERVE_PORT" --upstream "http://127.0.0.1:$NIROG_PORT" --quiet >"$LOGS/serve.log" 2>&1 &
SERVE_PID=$!
for i in $(seq 1 30); do
  curl -sf "http://127.0.0.1:$SERVE_PORT/" >/dev/null 2>&1 && break
  kill -0 "$SERVE_PID" 2>/dev/null || { say "serve.mjs exited:"; cat "$LOGS/serve.log"; exit 5; }
  sleep 0.5
done

# 4. The walk (a full run starts from an empty shots/).
[ -z "${WALK_ARGS:-}" ] && rm -rf "$HERE/shots"
say "walk.mjs (log $LOGS/walk.log)"
# shellcheck disable=SC2086
"$NODE" "$SCRIPTS/walk.mjs" --base "http://127.0.0.1:$SERVE_PORT" --out "$HERE" ${WALK_ARGS:-} 2>&1 | tee "$LOGS/walk.log"
rc=${PIPESTATUS[0]}

# 5. The forms that write (forms.mjs), after the walk: each filled and sent as a user would.
if [ "${NO_FORMS:-0}" != "1" ] && [ -z "${WALK_ARGS:-}" ]; then
  say "forms.mjs (log $LOGS/forms.log)"
  "$NODE" "$SCRIPTS/forms.mjs" --base "http://127.0.0.1:$SERVE_PORT" --out "$HERE" 2>&1 | tee "$LOGS/forms.log"
  frc=${PIPESTATUS[0]}
  [ "$frc" = 0 ] || rc=$frc
fi

# 6. Stop everything (and drop the throwaway data unless KEEP_DATA=1).
stop
[ "${KEEP_DATA:-0}" = "1" ] || rm -rf "$PGLITE_DIR" "$UPLOAD_DIR"
say "walk exit code $rc"
say "report: $HERE/report.md and $HERE/forms.md (and .json, screenshots in $HERE/shots/)"
exit "$rc"
