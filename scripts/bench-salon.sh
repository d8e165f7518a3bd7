#!/usr/bin/env bash
# Usage: scripts/bench-salon.sh [sqlite|postgres|both]   (default: both)
#
# Load test of a salon's free times with wrk against a release build on loopback, once per database: a
# salon of 30 staff, 40 services and 8 resources with 3,000 appointments over the next month
# (`frontdesk demo --salon-staff 30`), asked the free times of one day for random visits (one or two
# services, anyone or a member, a day of the next four weeks), as the booking page asks them. Prints
# wrk's report (requests/s, latency percentiles).
#
# Environment (optional): BENCH_SECONDS (15), BENCH_CONNECTIONS (8), BENCH_THREADS (2), FRONTDESK_BIN (a
# build of frontdesk to measure instead of building this checkout's).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
seconds="${BENCH_SECONDS:-15}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"

once_per_database "$which_db" "$0"
salon_bench_setup "$which_db" frontdesk-bench-salon 3000

port="$(free_port)"
"$bin" serve --database "$database" --port "$port" --web "" --public-rate-limit 100000000 >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done

# The page's own data: its services (with who performs each) and the salon's today.
curl -fs "$base/api/v1/public/salons/$salon" >"$work/page.json"
python3 - "$work/page.json" >"$work/visits.lua" <<'PY'
import json, sys
page = json.load(open(sys.argv[1]))
services = [(s["id"], s["staffIds"]) for s in page["services"]]
print("local services = {" + ", ".join(str(i) for i, _ in services) + "}")
print("local performers = {" + ", ".join("{" + ", ".join(map(str, p)) + "}" for _, p in services) + "}")
print(f'local today = "{page["today"]}"')
PY
cat >>"$work/visits.lua" <<'EOS'
local y, m, d = today:match("(%d+)-(%d+)-(%d+)")
local midnight = os.time({year = tonumber(y), month = tonumber(m), day = tonumber(d), hour = 12})
math.randomseed(os.time() + math.floor(os.clock() * 1000000))
request = function()
    local first = math.random(#services)
    local path = string.format("/api/v1/public/salons/%s/free-times?day=%s&services=%d", SALON,
        os.date("%Y-%m-%d", midnight + math.random(1, 28) * 86400), services[first])
    if math.random(2) == 1 then
        -- Two services, done by anyone who performs both.
        path = path .. "&services=" .. services[math.random(#services)]
    elseif math.random(2) == 1 then
        local who = performers[first]
        path = path .. "&staffId=" .. who[math.random(#who)]
    end
    return wrk.format("GET", path)
end
EOS
sed -i "1i local SALON = \"$salon\"" "$work/visits.lua"
write_report_script >>"$work/visits.lua"

# Warm up: the page cache and prepared plans.
curl -fs "$base/api/v1/public/salons/$salon/free-times?day=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["today"])' "$work/page.json")&services=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["services"][0]["id"])' "$work/page.json")" >/dev/null

echo
echo "== $which_db: free times of a day (30 staff, 40 services, 8 resources, 3,000 appointments)"
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/visits.lua" "$base"
