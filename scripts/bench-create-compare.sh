#!/usr/bin/env bash
# Usage: scripts/bench-create-compare.sh BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
#
# Stay creation with an Idempotency-Key (POST /api/v1/properties/{id}/stays, unassigned 2-night stays
# on random future dates) under wrk, for two builds of `frontdesk` side by side in one run: each gets a
# database of its own filled alike (a 400-room hotel), and their wrk runs alternate (baseline,
# candidate, baseline, candidate), so that a noisy machine weighs on both. Prints wrk's latency and
# requests/s for each run. PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by
# scripts/with-postgres.sh when unset).
#
# Environment (optional): BENCH_SECONDS (10), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_ROUNDS (2).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

compare_setup create "$@"
seconds="${BENCH_SECONDS:-10}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"

# Starts `frontdesk serve` of one build over a fresh database; prints "BASE COOKIE PROPERTY ROOM_TYPES".
start() {
    local name="$1" bin="$2" base cookie property types
    compare_serve "$name" "$bin"
    base="$served_base" cookie="$served_cookie" property="$served_property"
    types="$(room_type_ids "$base" "$cookie" "$property")"
    echo "$base $cookie $property $types"
}

# Not in a subshell, so that the servers' pids reach `compare_cleanup`.
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
