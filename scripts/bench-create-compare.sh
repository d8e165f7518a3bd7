#!/usr/bin/env bash
# Usage: scripts/bench-create-compare.sh BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
#
# Stay creation with an Idempotency-Key (POST /api/v1/properties/{id}/stays, unassigned 2-night stays
# on random future dates) under wrk, for two builds of `frontdesk` side by side in one run: each gets a
# database of its own filled alike (a 400-room hotel), and their wrk runs alternate (baseline,
# candidate, baseline, candidate), so that a noisy machine weighs on both. Prints wrk's latency and
# requests/s for each run. PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (scripts/with-postgres.sh).
#
# Environment (optional): BENCH_SECONDS (10), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_ROUNDS (2).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

(( $# >= 2 )) || { echo "usage: $0 BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]" >&2; exit 2; }
baseline="$1"
candidate="$2"
which_db="${3:-sqlite}"
seconds="${BENCH_SECONDS:-10}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"

if [[ "$which_db" == both ]]; then
    "$0" "$baseline" "$candidate" sqlite
    exec scripts/with-postgres.sh "$0" "$baseline" "$candidate" postgres
fi
command -v wrk >/dev/null || { apt-get update -o DPkg::Lock::Timeout=300 >/dev/null && apt-get install -y wrk >/dev/null; }

work="$(mktemp -d /tmp/frontdesk-bench-create.XXXXXX)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    if [[ "$which_db" == postgres ]]; then
        for name in baseline candidate; do
            psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_$name WITH (FORCE)" || true
        done
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# Starts `frontdesk serve` of one build over a fresh database; prints "BASE COOKIE PROPERTY ROOM_TYPES".
start() {
    local name="$1" bin="$2" database
    case "$which_db" in
        sqlite) database="$work/$name.sqlite" ;;
        postgres)
            database="${FRONTDESK_TEST_POSTGRES_URL%/*}/bench_$name"
            psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_$name" -c "CREATE DATABASE bench_$name"
            psql -X -q -d "$database" -c "CREATE EXTENSION IF NOT EXISTS btree_gist"
            ;;
        *) echo "usage: $0 BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]" >&2; exit 2 ;;
    esac
    local filled property port base cookie types
    filled="$("$bin" demo --database "$database" --rooms 400 --days 60 --occupancy 0.5 2>/dev/null | tail -n 1)"
    property="$(sed -E 's/^frontdesk: property ([0-9]+) .*/\1/' <<<"$filled")"
    echo 'bench-password' | "$bin" user add --database "$database" --email bench@example.com --role manager \
        --name Bench --password-stdin >/dev/null 2>&1
    port="$(free_port)"
    "$bin" serve --database "$database" --port "$port" --web "" >"$work/$name.log" 2>&1 &
    pids+=($!)
    base="http://127.0.0.1:$port"
    cookie="$(bench_sign_in "$base")"
    types="$(room_type_ids "$base" "$cookie" "$property")"
    echo "$base $cookie $property $types"
}

# Not in a subshell, so that the servers' pids reach `cleanup`.
start baseline "$baseline" >"$work/baseline.started"
start candidate "$candidate" >"$work/candidate.started"
read -r base_a cookie_a property_a types_a <"$work/baseline.started"
read -r base_b cookie_b property_b types_b <"$work/candidate.started"
write_booking_script "$work/baseline.lua" "$property_a" "$cookie_a" "$types_a" 100
write_booking_script "$work/candidate.lua" "$property_b" "$cookie_b" "$types_b" 100

for round in $(seq "$rounds"); do
    for name in baseline candidate; do
        base="$base_a"; [[ "$name" == candidate ]] && base="$base_b"
        echo
        echo "== $which_db, round $round: $name"
        wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/$name.lua" "$base" \
            | grep -E 'Latency Distribution|^ +(50|90|99)%|Requests/sec|errors'
    done
done
