#!/usr/bin/env bash
# Usage: scripts/bench-waitlist.sh [sqlite|postgres|both]   (default: both)
#
# What the salon's waitlist rounds cost a server instance (`WaitlistRounds`), at their worst: the benchmark
# salon of bench-salon.sh (30 staff, 40 services, 8 resources, 3,000 appointments over the next month),
# one stylist's shifts taken away, and 50 customers (`Waitlist.roundLimit`) waiting for that stylist over
# 15 days each, so that every round asks the free times of all 750 customer-days and finds nothing to
# offer. The server works the list every second (`frontdesk.waitlist-seconds` 1, against 30 by default).
# Prints the server's CPU time per second of wall time, idle and with the customers waiting (from
# /proc/PID/stat, over BENCH_SECONDS each), and the CPU time of one round worked out from it: at one round
# a second, a round of r seconds of CPU runs once every 1 + r seconds, so r = c / (1 - c).
#
# Environment (optional): BENCH_SECONDS (20), FRONTDESK_BIN (a build of frontdesk to measure instead of
# building this checkout's).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
seconds="${BENCH_SECONDS:-20}"

once_per_database "$which_db" "$0"
salon_bench_setup "$which_db" frontdesk-bench-waitlist 3000
echo 'bench-password' | "$bin" user add --database "$database" --email bench@example.com --role manager \
    --name Bench --password-stdin >/dev/null 2>&1

port="$(free_port)"
FRONTDESK_WAITLIST_SECONDS=1 "$bin" serve --database "$database" --port "$port" --web "" \
    --public-rate-limit 100000000 >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
cookie="$(bench_sign_in "$base")"

python3 - "$base" "$cookie" "$salon" "$server_pid" "$seconds" "$which_db" <<'PY'
import json, os, sys, time, urllib.request, uuid

base, cookie, salon, pid, seconds, which = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]

def call(method, path, body=None, headers=None):
    request = urllib.request.Request(
        base + path, method=method, data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Cookie": cookie, **(headers or {})})
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None

def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def per_second():
    start_cpu, start = cpu(), time.monotonic()
    time.sleep(seconds)
    return (cpu() - start_cpu) / (time.monotonic() - start)

page = call("GET", f"/api/v1/public/salons/{salon}")
service = page["services"][0]
member = service["staffIds"][0]
today = page["today"]
call("PUT", f"/api/v1/properties/{salon}/salon/staff/{member}/shifts", {"weekly": [], "exceptions": []})

idle = per_second()
first = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(today, "%Y-%m-%d")) + 86400 + 43200))
last = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(today, "%Y-%m-%d")) + 15 * 86400 + 43200))
for n in range(50):
    call("POST", f"/api/v1/public/salons/{salon}/waitlist", {
        "serviceId": service["id"], "staffId": member, "from": first, "to": last,
        "customer": {"name": f"Waiting {n}", "email": f"waiting{n}@example.com", "phone": "090 1111 2222"},
    }, {"Idempotency-Key": f"bench-{uuid.uuid4()}"})
time.sleep(2)
waiting = per_second()
entries = call("GET", f"/api/v1/properties/{salon}/waitlist")["entries"]
assert sum(e["state"] == "waiting" for e in entries) == 50, "the customers were offered times: not the worst case"
busy = waiting - idle
round_cpu = busy / (1 - busy) if busy < 1 else float("inf")
print(f"== {which}: waitlist rounds, 50 customers x 15 days, nothing to offer, a round a second")
print(f"server CPU: idle {idle * 100:.1f} % of a core, with the customers waiting {waiting * 100:.1f} %")
print(f"one round: {round_cpu * 1000:.0f} ms of CPU ({round_cpu * 1000 / 750:.2f} ms a customer-day);"
      f" at the default 30 s, {round_cpu / (30 + round_cpu) * 100:.2f} % of a core")
PY
