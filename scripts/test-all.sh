#!/usr/bin/env bash
# Everything `npm test` checks, in order: typecheck, lint, migration drift, unit/API tests (PGlite), the same
# server tests on PostgreSQL when one answers on 127.0.0.1:5432, the production build, and the browser tests.
# Every step runs even after a failure (one run shows all problems); the exit code is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
HEADLESS_SHELL=/usr/bin/chromium-headless-shell
PG_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
results=()
failures=()
logs_dir=$(mktemp -d)
trap 'rm -rf "$logs_dir"' EXIT
passed=0
failed=0
skipped=0
started_all=$(date +%s)

step() {
  local name=$1
  shift
  echo
  echo "==> ${name}: $*"
  local t0=$(date +%s)
  local log="${logs_dir}/step-$((passed + failed)).log"
  # The output goes to the terminal as it comes and to a log, so the summary can repeat why a step failed: CI
  # may show only the end of a long run.
  if "$@" 2>&1 | tee "$log"; then
    results+=("PASS  ${name} ($(($(date +%s) - t0)) s)")
    passed=$((passed + 1))
  else
    results+=("FAIL  ${name} ($(($(date +%s) - t0)) s)$(where_failed "$log")")
    failed=$((failed + 1))
    failures+=("--- ${name}")
    local line
    while IFS= read -r line; do failures+=("${line:0:300}"); done < <(failure_lines "$log")
  fi
}

# A step's log without its colours.
plain_log() {
  sed -E 's/\x1b\[[0-9;]*[A-Za-z]//g' "$1"
}

# The lines of a step's log that say what failed (Vitest, Playwright, node --test, tsc, eslint).
failure_lines() {
  plain_log "$1" |
    grep -E '^ *(FAIL|✗|✘|×|not ok) |Error:|error TS|[0-9]+:[0-9]+ +error |Expected|Received|expected .* to |[0-9]+\) \[chromium\]' |
    awk '!seen[$0]++' | head -n 25
}

# Which tests failed, as file:line (the failing line of a test file when its stack names it), for the step's summary
# line: CI may show only the last lines of a run, and "Expected … Received …" alone does not say which test it was.
where_failed() {
  local where
  where=$(plain_log "$1" |
    grep -E '^ *(FAIL|✘|×) |^ *❯ |^ +at .*\.(test|spec)\.[a-z]+:[0-9]+' |
    grep -oE '(e2e|apps|packages|scripts|bench|src)/[A-Za-z0-9_./-]+\.(test|spec)\.[a-z]+:[0-9]+' |
    awk '!seen[$0]++' | head -n 8 | paste -sd ' ' -)
  if [ -n "$where" ]; then echo " at ${where}"; fi
}

skip() {
  echo
  echo "==> $1: skipped ($2)"
  results+=("SKIP  $1 ($2)")
  skipped=$((skipped + 1))
}

# Side by side (issue 38): steps that each keep one core busy (tsc, ESLint) or mostly wait on a server they started
# (the built-server scripts) run in two lanes at once on the 2-core machines. `queued N NAME CMD…` runs one step into
# its own log (inside a lane, a background subshell); `collect N…` then prints each log in order and records the
# results as step() does.
queued() {
  local n=$1 name=$2
  shift 2
  local t0=$(date +%s)
  echo "$name" > "${logs_dir}/q-${n}.name"
  { echo; echo "==> ${name}: $*"; } > "${logs_dir}/q-${n}.log"
  "$@" >> "${logs_dir}/q-${n}.log" 2>&1
  echo "$? $(($(date +%s) - t0))" > "${logs_dir}/q-${n}.rc"
}

collect() {
  local n name rc secs line
  for n in "$@"; do
    [ -f "${logs_dir}/q-${n}.name" ] || continue
    name=$(cat "${logs_dir}/q-${n}.name")
    cat "${logs_dir}/q-${n}.log"
    read -r rc secs < "${logs_dir}/q-${n}.rc" || { rc=1; secs=0; }
    if [ "$rc" -eq 0 ]; then
      results+=("PASS  ${name} (${secs} s, side by side)")
      passed=$((passed + 1))
    else
      results+=("FAIL  ${name} (${secs} s, side by side)$(where_failed "${logs_dir}/q-${n}.log")")
      failed=$((failed + 1))
      failures+=("--- ${name}")
      while IFS= read -r line; do failures+=("${line:0:300}"); done < <(failure_lines "${logs_dir}/q-${n}.log")
    fi
  done
}

postgres_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432
  else
    node -e "const s=require('node:net').connect(5432,'127.0.0.1');s.on('connect',()=>process.exit(0));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)"
  fi
}

# Browser tests need Debian's Chromium and its headless shell (Playwright's own browser download does not work on
# these machines).
browsers_present() { [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; }
if ! browsers_present; then
  echo "ERROR: $CHROMIUM or $HEADLESS_SHELL is missing; the browser tests need both." >&2
  echo "Install them with:  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell" >&2
  echo "(The other steps run first; the run fails at the browser tests.)" >&2
fi

# The project runs on the Node 24 it installs (devDependency `node`, first on the PATH of every npm script).
node_is_24() { local v; v=$(node --version); echo "node ${v} at $(command -v node)"; [[ $v == v24.* ]]; }
step "runtime (Node 24)" node_is_24
# tsc and ESLint are one thread each: side by side.
queued 1 typecheck npm run --silent typecheck &
{ queued 2 lint npx eslint .; queued 3 "migration drift" npm run --silent db:check-drift; } &
wait
collect 1 2 3

# All Vitest projects (vitest.config.ts at the root lists those that have a config: server, web).
step "unit and API tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run

if postgres_answers; then
  step "server tests on PostgreSQL" env TEST_DATABASE_URL="$PG_URL" npx vitest run --project 'server*'
else
  skip "server tests on PostgreSQL" "no server answers on 127.0.0.1:5432"
fi

step build npm run build
# The built server as real processes, in two lanes (each script starts its own servers on free ports; kill -9 on
# PostgreSQL takes another fixed port than on PGlite).
lane_a() {
  # The Capacitor shell: cap sync copies the built web app into apps/mobile/android, offline; its manifest's permissions.
  queued 10 "mobile shell (cap sync)" node --test apps/mobile/test/shell.test.mjs
  # SIGTERM with a request in flight (PGlite).
  queued 11 "graceful shutdown (built server)" node --test scripts/graceful-shutdown-test.mjs
  # A full flow at LOG_LEVEL=debug: no secret in the whole log; a request id reaches its job and its mail (issue 24).
  queued 12 "no secrets in the logs (built server)" node --test scripts/log-secrets-test.mjs
  # kill -9 in the middle of writes and uploads, restart on the same data: every acknowledged write is found.
  queued 13 "kill -9 (built server, PGlite)" node bench/crash.mjs --rounds=3
}
lane_b() {
  if postgres_answers; then
    # Two servers on one PostgreSQL.
    queued 20 "two servers on one PostgreSQL (built)" env TEST_DATABASE_URL="$PG_URL" node --test scripts/scale-out-test.mjs
  fi
  # Backup while the server runs (and documents come and go), wipe, restore: everything is back (issue 24).
  # (The PostgreSQL half needs PostgreSQL's client tools, pg_dump and pg_restore, which come with a Debian cluster.)
  if postgres_answers && command -v pg_dump >/dev/null 2>&1; then
    queued 21 "backup and restore (built server, PGlite and PostgreSQL)" env TEST_DATABASE_URL="$PG_URL" node --test scripts/backup-restore-test.mjs
  else
    queued 21 "backup and restore (built server, PGlite)" env -u TEST_DATABASE_URL node --test scripts/backup-restore-test.mjs
  fi
  if postgres_answers; then
    queued 22 "kill -9 (built server, PostgreSQL)" env CRASH_DATABASE_URL="$PG_URL" node bench/crash.mjs --rounds=3 --postgres --port=3478
  fi
  # kill -9 while Stripe's webhook events are handled, restart, every event again: each invoice paid once, one receipt
  # each (issue 33; the Stripe stand-in over HTTP).
  queued 23 "kill -9 during Stripe webhooks (built server, PGlite)" node bench/webhook-crash.mjs --rounds=3 --invoices=20
}
lane_a &
lane_b &
wait
collect 10 11 12 13 20 21 22 23
if ! postgres_answers; then skip "two servers on one PostgreSQL (built)" "no server answers on 127.0.0.1:5432"; fi
# design.md §11 as sizes: the login route's JavaScript ≤ 150 kB gzip, no chunk > 250 kB gzip (needs Chromium).
if [ -x "$CHROMIUM" ]; then step "web weight" npx tsx bench/web-weight.ts --check; fi

if ! browsers_present; then
  echo "ERROR: browser tests need $CHROMIUM and $HEADLESS_SHELL: sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell" >&2
  results+=("FAIL  browser tests (Chromium missing: apt-get install -y chromium chromium-headless-shell)")
  failed=$((failed + 1))
elif [ ! -f playwright.config.ts ]; then
  skip "browser tests" "no playwright.config.ts yet"
else
  step "browser tests (Playwright, Chromium)" npx playwright test
fi

if [ "${#failures[@]}" -gt 0 ]; then
  echo
  echo "==> What failed (from each failed step's output)"
  printf '  %s\n' "${failures[@]}"
fi
echo
echo "==> Summary ($(($(date +%s) - started_all)) s)"
printf '  %s\n' "${results[@]}"
echo "test-all: ${passed} passed, ${failed} failed, ${skipped} skipped"
[ "$failed" -eq 0 ]
