#!/usr/bin/env bash
# Usage: scripts/bench-move-compare.sh BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
#
# Room moves under wrk, for two builds of `frontdesk` side by side in one run: PATCH /api/v1/stays/{id}
# with `{"roomId": R}` (the board's drag of a booked stay to another room), each stay going back and
# forth between its own room and another free room of its type. The stays are booked ones of a single
# run arriving 2 days ahead or later (read from the board), up to BENCH_PAIRS of them, each paired with
# a room free on all of its nights (and then held for it, so that no two moves ever meet); each wrk
# thread takes its own slice of them (thread i the pairs i, i + threads, ...). Every PATCH sends
# `If-Match` with the stay's ETag (older builds refuse `If-Match: *` with 428): the version the thread
# last saw it answer, each stay's room and version being read afresh before every wrk run (which stops
# with answers unread), so that a lost or misread answer shows as 412s rather than passing unseen.
# Each build gets a database of its own filled alike (the 400-room hotel of bench-create-compare.sh:
# 60 days of stays at half occupancy, a quarter of them past), and their wrk runs alternate
# (baseline, candidate, baseline, candidate), so that a noisy machine weighs on both.
# Prints wrk's latency and requests/s for each run; answers of 400 or more count as errors.
# PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by scripts/with-postgres.sh when unset).
#
# Environment (optional): BENCH_SECONDS (10), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_ROUNDS (2),
# BENCH_PAIRS (200; at least 4 per connection are needed, so that a stay is never moved twice at once).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

compare_setup move "$@"
seconds="${BENCH_SECONDS:-10}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"
max_pairs="${BENCH_PAIRS:-200}"

# Starts `frontdesk serve` of one build over a fresh database; prints "BASE COOKIE PROPERTY" and writes
# the stays to move to $work/NAME.pairs.json as [stayId, itsRoom, otherRoom] each.
start() {
    local name="$1" bin="$2" base cookie property
    compare_serve "$name" "$bin"
    base="$served_base" cookie="$served_cookie" property="$served_property"
    # Pairs each chosen stay with a room of its type free on all its nights (and holds it for it),
    # then moves the first one there and back (which also warms the route up).
    python3 - "$base" "$cookie" "$property" "$max_pairs" "$name" >"$work/$name.pairs.json" <<'EOS'
import collections, datetime, json, sys, urllib.request
base, cookie, property, limit, name = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]

def call(path, method="GET", body=None, headers={}):
    request = urllib.request.Request(base + path, method=method, data=body and json.dumps(body).encode(),
                                     headers={"Cookie": cookie, "Content-Type": "application/json", **headers})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer), answer.headers

today = datetime.date.fromisoformat(call(f"/api/v1/properties/{property}/board")[0]["today"])
board, _ = call(f"/api/v1/properties/{property}/board?from={today}&to={today + datetime.timedelta(days=366)}")
room_type = {room["id"]: room["roomTypeId"] for room in call(f"/api/v1/properties/{property}")[0]["rooms"]}
items = [board["items"][i:i + 6] for i in range(0, len(board["items"]), 6)]
runs = collections.Counter(item[5] for item in items)
held = collections.defaultdict(set)  # room id -> the nights (day numbers) taken in it
for _, row, arrival, departure, _, _ in items:
    if row > 0:
        held[row].update(range(arrival, departure))
pairs = []
for _, row, arrival, departure, style, stay in sorted(items, key=lambda item: (item[2], item[5])):
    if len(pairs) >= limit:
        break
    # Booked (style 0), in a room, one run (never moved), arriving 2 days ahead or later.
    if style != 0 or row <= 0 or runs[stay] != 1 or arrival < board["fromDay"] + 2:
        continue
    nights = set(range(arrival, departure))
    other = next((room for room in sorted(room_type)
                  if room != row and room_type[room] == room_type[row] and not held[room] & nights), None)
    if other is not None:
        held[other] |= nights
        pairs.append([stay, row, other])
if pairs:
    stay, room, other = pairs[0]
    etag = call(f"/api/v1/stays/{stay}")[1]["ETag"]
    for target in (other, room):
        moved, headers = call(f"/api/v1/stays/{stay}", "PATCH", {"roomId": target}, {"If-Match": etag})
        assert moved["roomId"] == target, moved
        etag = headers["ETag"]
print(f"{name}: {len(pairs)} stays to move, {len(board['items']) // 6} runs on the board from {today}",
      file=sys.stderr)
json.dump(pairs, sys.stdout)
EOS
    echo "$base $cookie $property"
}

# Reads each stay of $work/NAME.pairs.json afresh from BASE (its room and version: a wrk run stops
# with moves whose answers it never read) and prints them as a Lua table of
# {stayId, itsRoom, otherRoom, version}.
stays_to_move() {
    local name="$1" base="$2" cookie="$3"
    python3 - "$base" "$cookie" "$work/$name.pairs.json" <<'EOS'
import json, sys, urllib.request
base, cookie, file = sys.argv[1], sys.argv[2], sys.argv[3]
moves = []
for stay, room, other in json.load(open(file)):
    request = urllib.request.Request(f"{base}/api/v1/stays/{stay}", headers={"Cookie": cookie})
    with urllib.request.urlopen(request) as answer:
        at, version = json.load(answer)["roomId"], int(answer.headers["ETag"].strip('"'))
    assert at in (room, other), (stay, at, room, other)
    moves.append((stay, at, other if at == room else room, version))
print("{" + ", ".join("{%d, %d, %d, %d}" % move for move in moves) + "}")
EOS
}

# Writes a wrk script to FILE that moves the stays of PAIRS (a Lua table of {stayId, itsRoom,
# otherRoom, version}) back and forth between their two rooms, each thread its own slice of them, with
# If-Match the version each last answered, and reports refusals and socket errors.
write_move_script() {
    local file="$1" pairs="$2" cookie="$3"
    cat >"$file" <<EOS
local moves = $pairs
local threads = $threads
local counter = 0
setup = function(thread)
    thread:set("thread_index", counter)
    counter = counter + 1
end
-- This thread's stays: { id, rooms = {its room, the other}, at = 1 or 2, version }, and by id.
local mine = {}
local by_id = {}
local next_index = 0
init = function(args)
    for i, pair in ipairs(moves) do
        if (i - 1) % threads == thread_index then
            local stay = { id = pair[1], rooms = { pair[2], pair[3] }, at = 1, version = pair[4] }
            mine[#mine + 1] = stay
            by_id[stay.id] = stay
        end
    end
end
request = function()
    next_index = next_index % #mine + 1
    local stay = mine[next_index]
    stay.at = 3 - stay.at
    return wrk.format("PATCH", "/api/v1/stays/" .. stay.id, {
        ["Content-Type"] = "application/json", ["Cookie"] = "$cookie",
        ["If-Match"] = '"' .. stay.version .. '"'
    }, '{"roomId": ' .. stay.rooms[stay.at] .. '}')
end
response = function(status, headers, body)
    if status ~= 200 then return end
    local id = tonumber(string.match(body, '"id":%s*(%d+)'))
    local stay = id and by_id[id]
    if not stay then return end
    for key, value in pairs(headers) do
        if string.lower(key) == "etag" then stay.version = tonumber(string.match(value, "%d+")) end
    end
end
EOS
    write_report_script >>"$file"
}

# Not in a subshell, so that the servers' pids reach `compare_cleanup`.
echo "== $which_db: filling the databases" >&2
start baseline "$baseline" >"$work/baseline.started"
start candidate "$candidate" >"$work/candidate.started"
read -r base_a cookie_a property_a <"$work/baseline.started"
read -r base_b cookie_b property_b <"$work/candidate.started"
for name in baseline candidate; do
    count="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))))' "$work/$name.pairs.json")"
    (( count >= 4 * connections )) || {
        echo "$name: only $count stays to move; need at least $((4 * connections)) for $connections connections" >&2
        exit 1
    }
done

for round in $(seq "$rounds"); do
    for name in baseline candidate; do
        base="$base_a" cookie="$cookie_a" property="$property_a"
        [[ "$name" == candidate ]] && base="$base_b" cookie="$cookie_b" property="$property_b"
        # Lets the moves of the previous run that wrk stopped waiting for finish, then reads the stays.
        sleep 0.5
        write_move_script "$work/$name.lua" "$(stays_to_move "$name" "$base" "$cookie")" "$cookie"
        echo
        echo "== $which_db, PATCH /api/v1/stays/{id} {\"roomId\"} at property $property ($count stays), round $round: $name"
        wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/$name.lua" "$base" \
            | grep -E 'Latency Distribution|^ +(50|90|99)%|Requests/sec|errors'
    done
done
