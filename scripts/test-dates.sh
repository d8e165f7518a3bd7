#!/usr/bin/env bash
# Usage: scripts/test-dates.sh [INSTANT ...]        (make test-dates AT="2027-02-28T16:59:30Z ...")
#        scripts/test-dates.sh --for-commit REV      prints the instant CI tries for commit REV
#
# Runs the Swift suite, the command-line tests and the browser modules that read "today" with every
# process under a fake clock (the tests, the servers, PostgreSQL and Chromium), once
# per INSTANT (UTC, ISO 8601). The clock starts at the instant and runs on, so an instant 30 s before a
# midnight crosses it during the run. Without instants, the edges where dates break:
#   each property's midnight ±30 s (Chiang Mai's at 17:00 UTC, Tokyo's at 15:00), the last day of a month,
#   31 December at 23:30 in Chiang Mai, 29 February 2028, a Sunday and a Monday, a salon's day at 23:55,
#   and the days 1 to 3 of a month.
# SUITES (default "swift cli browser") picks which run; DATES_DATABASE (sqlite or postgres; default both) narrows
# the Swift suite to one database. Stops at the first instant that fails, and prints
# the command that repeats it. Needs `swift build --build-tests` done (make test does it): nothing is
# built or compiled under the moved clock.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

defaults=(
    2027-01-31T16:59:30Z # Chiang Mai, 23:59:30 on Sunday 31 January: the last day of a month
    2027-01-31T17:00:30Z # Chiang Mai, 00:00:30 on Monday 1 February
    2027-03-02T14:59:30Z # Tokyo, 23:59:30 on 2 March
    2027-03-02T15:00:30Z # Tokyo, 00:00:30 on 3 March
    2026-12-31T16:30:00Z # Chiang Mai, 23:30 on 31 December
    2028-02-29T05:00:00Z # 29 February 2028, noon in Chiang Mai
    2027-04-30T14:55:00Z # Tokyo, 23:55 on 30 April: a salon's day about to end, the last of a month
    2027-05-01T01:00:00Z # Tokyo, 10:00 on Saturday 1 May
)

# One instant a commit: its hash picks a day in the three years from 1 June 2026 and one of the times of
# day above, so that every commit meets another date and a failure can be repeated.
instant_for_commit() {
    local hash
    hash="$(git rev-parse "$1")"
    python3 - "$hash" <<'PY'
import datetime, sys
n = int(sys.argv[1][:12], 16)
times = ["16:59:30", "17:00:30", "14:59:30", "15:00:30", "14:55:00", "16:30:00", "05:00:00"]
day = datetime.date(2026, 6, 1) + datetime.timedelta(days=n % 1096)
print(f"{day.isoformat()}T{times[(n // 1096) % len(times)]}Z")
PY
}

if [[ "${1:-}" == "--for-commit" ]]; then
    instant_for_commit "${2:-HEAD}"
    exit 0
fi

instants=("$@")
(( ${#instants[@]} )) || instants=("${defaults[@]}")
suites="${SUITES:-swift cli browser}"
# The browser modules whose pages show or compare dates from the server's today.
browser_modules=(
    Tests/Browser/test_hotel_day.py Tests/Browser/test_night_audit.py Tests/Browser/test_site.py
    Tests/Browser/test_salon.py Tests/Browser/test_salon_series.py Tests/Browser/test_ticket_books.py
    Tests/Browser/test_ticket_ending.py
)

# Our own preload library moves the wall clock alone (scripts/fakeclock/fakeclock.c says why not libfaketime).
fakeclock="$root/.build/fakeclock.so"
mkdir -p "$root/.build"
cc -shared -fPIC -O2 -o "$fakeclock" scripts/fakeclock/fakeclock.c -ldl
bin="$(swift build --show-bin-path)"

# Runs a command with the wall clock moved to start at the instant: one offset for every process it starts,
# so the server, PostgreSQL, Chromium and the tests agree on the time.
at() {
    local instant="$1"; shift
    LD_PRELOAD="$fakeclock" FRONTDESK_FAKECLOCK_OFFSET=$(( $(date -u -d "$instant" +%s) - $(date -u +%s) )) "$@"
}

for instant in "${instants[@]}"; do
    date -u -d "$instant" >/dev/null 2>&1 || { echo "test-dates: not an instant: $instant" >&2; exit 2; }
    echo
    echo "==> the clock at $instant ($(TZ=Asia/Bangkok date -d "$instant" '+%a %F %T') in Chiang Mai," \
        "$(TZ=Asia/Tokyo date -d "$instant" '+%a %F %T') in Tokyo)"
    repeat="make test-dates AT=$instant${SUITES:+ SUITES=\"$SUITES\"}${DATES_DATABASE:+ DATES_DATABASE=$DATES_DATABASE}"
    echo "    to repeat: $repeat"
    trap 'status=$?; if (( status != 0 )); then echo; echo "test-dates: FAILED at $instant; to repeat: $repeat"; fi' EXIT
    start=$SECONDS
    if [[ " $suites " == *" swift "* ]]; then
        # The test binary itself, as `swift test` runs it: SwiftPM and the compiler stay off the moved clock
        # (under it, clang pruned its module cache as a month old, and the manifests no longer compiled).
        test_tmp="$(mktemp -d /tmp/frontdesk-swift-test.XXXXXX)"
        TMPDIR="$test_tmp" FRONTDESK_REQUIRE_POSTGRES=1 FRONTDESK_TEST_DATABASE="${DATES_DATABASE:-}" at "$instant" \
            scripts/with-postgres.sh "$bin/FrontdeskPackageTests.xctest" --testing-library swift-testing
        rm -rf "$test_tmp"
    fi
    if [[ " $suites " == *" cli "* ]]; then
        FRONTDESK_BIN="$bin/frontdesk" FRONTDESK_REQUIRE_POSTGRES=1 at "$instant" scripts/with-postgres.sh \
            python3 -m pytest -q --tb=short Tests/CLI
    fi
    if [[ " $suites " == *" browser "* ]]; then
        FRONTDESK_BIN="$bin/frontdesk" at "$instant" python3 -m pytest -q --tb=short "${browser_modules[@]}"
    fi
    echo "test-dates: passed at $instant in $((SECONDS - start)) s"
done
trap - EXIT
