#!/usr/bin/env bash
# Usage: scripts/bench-http.sh [sqlite|postgres|both]   (default: both)
#
# Load tests of the HTTP API with wrk (Debian's `wrk`, installed when missing) against a release
# build on loopback, once per database:
#   1. public search: 500 places / 20,000 rooms in one region, ~60 % of their nights taken;
#   2. stay creation: POST /api/v1/properties/{id}/stays, unassigned stays on random future dates;
#   3. board load: GET /api/v1/properties/{id}/board for 2,000 rooms x 730 days;
#   4. the search and the board again, each asked for gzip (`Accept-Encoding: gzip`, as a browser asks),
#      taking turns with the plain reads: what compressing the answers costs the server.
# Prints wrk's report (requests/s, latency percentiles) for each. The database is a temporary SQLite
# file, or a throwaway PostgreSQL server (scripts/with-postgres.sh). wrk and the server share the
# machine's cores.
#
# Environment (optional): BENCH_SECONDS (15), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_PLACE_DAYS
# (120: the days of stays generated for the search's places; fewer fill the database sooner), BENCH_ROUNDS
# (2: the rounds of plain and gzip reads in step 4),
# FRONTDESK_BIN (a build of frontdesk to measure instead of building this checkout's, e.g. an older one).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
seconds="${BENCH_SECONDS:-15}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
place_days="${BENCH_PLACE_DAYS:-120}"
rounds="${BENCH_ROUNDS:-2}"

ensure_wrk

once_per_database "$which_db" "$0"

bin="$(release_binary)"
bench_workspace "$which_db" frontdesk-bench

echo "== $which_db: filling the database" >&2
board_out="$("$bin" demo --database "$database" --rooms 2000 --days 730 --occupancy 0.7 2>/dev/null | tail -n 1)"
echo "$board_out" >&2
board_id="$(sed -E 's/^frontdesk: property ([0-9]+) .*/\1/' <<<"$board_out")"
"$bin" demo --database "$database" --places 500 --rooms 40 --days "$place_days" --occupancy 0.6 2>"$work/places.log" \
    | tail -n 1 >&2 || { echo "filling the places failed:" >&2; grep -v ' info ' "$work/places.log" | tail -n 20 >&2; exit 1; }
echo 'bench-password' | "$bin" user add --database "$database" --email bench@example.com --role manager \
    --name Bench --password-stdin >/dev/null 2>&1

port="$(free_port)"
"$bin" serve --database "$database" --port "$port" --web "" --public-rate-limit 100000000 >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
cookie="$(bench_sign_in "$base")"
room_types="$(room_type_ids "$base" "$cookie" "$board_id")"

arrival="$(date -u -d '+14 days' +%F)"
departure="$(date -u -d '+17 days' +%F)"
from="$(date -u -d '-180 days' +%F)"
to="$(date -u -d '+550 days' +%F)"

write_booking_script "$work/create.lua" "$board_id" "$cookie" "$room_types" 800
write_report_script >"$work/report.lua"

run() {
    local name="$1"; shift
    echo
    echo "== $which_db: $name"
    wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "$@"
}
# Warm up each route once (the page cache, prepared plans).
curl -fs "$base/api/v1/public/search?region=benchmark&arrival=$arrival&departure=$departure&adults=2" >/dev/null
curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$board_id/board?from=$from&to=$to" -o "$work/board.json"
echo "board: $(wc -c <"$work/board.json") bytes, from $from to $to" >&2

run "public search (500 places, 20,000 rooms)" -s "$work/report.lua" \
    "$base/api/v1/public/search?region=benchmark&arrival=$arrival&departure=$departure&adults=2"
run "stay creation" -s "$work/create.lua" "$base"
run "board load (2,000 rooms x 730 days)" -s "$work/report.lua" -H "Cookie: $cookie" \
    "$base/api/v1/properties/$board_id/board?from=$from&to=$to"

# Compression's cost: the same reads plain and asked for gzip, taking turns, round after round.
for round in $(seq "$rounds"); do
    for encoding in identity gzip; do
        run "public search, Accept-Encoding: $encoding (round $round)" -s "$work/report.lua" \
            -H "Accept-Encoding: $encoding" \
            "$base/api/v1/public/search?region=benchmark&arrival=$arrival&departure=$departure&adults=2"
        run "board load, Accept-Encoding: $encoding (round $round)" -s "$work/report.lua" -H "Cookie: $cookie" \
            -H "Accept-Encoding: $encoding" "$base/api/v1/properties/$board_id/board?from=$from&to=$to"
    done
done
