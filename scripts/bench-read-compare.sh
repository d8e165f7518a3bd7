#!/usr/bin/env bash
# Usage: scripts/bench-read-compare.sh BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
#
# Two signed-in reads under wrk, for two builds of `frontdesk` side by side in one run:
#   1. the front desk's day: GET /api/v1/properties/{id}/today (arrivals, departures and in-house
#      guests with their balances; about 300 stays on the demo hotel below);
#   2. one stay with its guest: GET /api/v1/stays/{id}, cycling through the ids of today's stays;
#   3. the accounts' ledger of the last 30 days: GET /api/v1/properties/{id}/ledger (every folio line
#      of those days, with a salon's sale lines read from their own table alongside).
# Each build gets a database of its own filled alike (the 400-room hotel of bench-create-compare.sh:
# 60 days of stays at half occupancy, a quarter of them past), and their wrk runs alternate
# (baseline, candidate, baseline, candidate) per endpoint, so that a noisy machine weighs on both.
# Prints wrk's latency and requests/s for each run; answers of 400 or more count as errors.
# PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by scripts/with-postgres.sh when unset).
#
# Environment (optional): BENCH_SECONDS (8), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_ROUNDS (2).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

compare_setup read "$@"
seconds="${BENCH_SECONDS:-8}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"

# Starts `frontdesk serve` of one build over a fresh database; prints "BASE COOKIE PROPERTY STAY_IDS"
# (STAY_IDS: today's arrivals, departures and in-house stays, comma-separated).
start() {
    local name="$1" bin="$2" base cookie property stays
    compare_serve "$name" "$bin"
    base="$served_base" cookie="$served_cookie" property="$served_property"
    # Also warms the route up (the page cache, prepared plans).
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$property/today" -o "$work/$name.today.json"
    stays="$(python3 -c '
import json, sys
day = json.load(open(sys.argv[1]))
lists = {key: day[key] for key in ("arrivals", "departures", "inHouse")}
counts = ", ".join("%d %s" % (len(v), k) for k, v in lists.items())
print("%s: today (%s) has %s: %d stays, %s bytes" % (sys.argv[2], day["date"], counts,
      sum(map(len, lists.values())), sys.argv[3]), file=sys.stderr)
print(",".join(sorted({str(entry["stay"]["id"]) for v in lists.values() for entry in v}, key=int)))
' "$work/$name.today.json" "$name" "$(wc -c <"$work/$name.today.json")")"
    [[ -n "$stays" ]] || { echo "$name: no stays today at $base" >&2; return 1; }
    curl -fs -H "Cookie: $cookie" "$base/api/v1/stays/${stays%%,*}" >/dev/null
    echo "$base $cookie $property $stays"
}

# Writes a wrk script to FILE that GETs /api/v1/stays/{id} for the ids in IDS (comma-separated) in
# turn, each thread from a random place in the list, and reports refusals and socket errors.
write_stay_script() {
    local file="$1" ids="$2" cookie="$3"
    cat >"$file" <<EOS
local ids = {$ids}
local requests = {}
local next_index = 1
init = function(args)
    math.randomseed(os.time() + math.floor(os.clock() * 1000000))
    for i, id in ipairs(ids) do
        requests[i] = wrk.format("GET", "/api/v1/stays/" .. id, {["Cookie"] = "$cookie"})
    end
    next_index = math.random(#requests)
end
request = function()
    next_index = next_index % #requests + 1
    return requests[next_index]
end
EOS
    write_report_script >>"$file"
}

# Not in a subshell, so that the servers' pids reach `compare_cleanup`.
echo "== $which_db: filling the databases" >&2
start baseline "$baseline" >"$work/baseline.started"
start candidate "$candidate" >"$work/candidate.started"
read -r base_a cookie_a property_a stays_a <"$work/baseline.started"
read -r base_b cookie_b property_b stays_b <"$work/candidate.started"
write_report_script >"$work/report.lua"
write_stay_script "$work/baseline.stay.lua" "$stays_a" "$cookie_a"
write_stay_script "$work/candidate.stay.lua" "$stays_b" "$cookie_b"

ledger_from="$(date -u -d '30 days ago' +%F)"
ledger_to="$(date -u +%F)"
for endpoint in today stay ledger; do
    for round in $(seq "$rounds"); do
        for name in baseline candidate; do
            base="$base_a" cookie="$cookie_a" property="$property_a" stays="$stays_a"
            [[ "$name" == candidate ]] && base="$base_b" cookie="$cookie_b" property="$property_b" stays="$stays_b"
            echo
            if [[ "$endpoint" == today ]]; then
                echo "== $which_db, GET /api/v1/properties/$property/today, round $round: $name"
                args=(-s "$work/report.lua" -H "Cookie: $cookie" "$base/api/v1/properties/$property/today")
            elif [[ "$endpoint" == ledger ]]; then
                echo "== $which_db, GET /api/v1/properties/$property/ledger (30 days), round $round: $name"
                args=(-s "$work/report.lua" -H "Cookie: $cookie"
                    "$base/api/v1/properties/$property/ledger?from=$ledger_from&to=$ledger_to")
            else
                echo "== $which_db, GET /api/v1/stays/{id} ($(awk -F, '{print NF}' <<<"$stays") ids), round $round: $name"
                args=(-s "$work/$name.stay.lua" "$base")
            fi
            wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "${args[@]}" \
                | grep -E 'Latency Distribution|^ +(50|90|99)%|Requests/sec|errors'
        done
    done
done
