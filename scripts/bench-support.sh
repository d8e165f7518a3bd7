# Sourced by the HTTP benchmarks (bench-http.sh, bench-create-compare.sh): what they share.

# A free port on loopback.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits for BASE/healthz, then signs in as bench@example.com; prints the session cookie.
bench_sign_in() {
    local base="$1" cookie
    for _ in $(seq 100); do curl -fs "$base/healthz" >/dev/null && break; sleep 0.1; done
    cookie="$(curl -fs -D - -o /dev/null -H 'Content-Type: application/json' \
        -d '{"email": "bench@example.com", "password": "bench-password"}' "$base/api/v1/session" \
        | sed -nE 's/^[Ss]et-[Cc]ookie: ([^;]*);.*/\1/p')"
    [[ -n "$cookie" ]] || { echo "could not sign in at $base" >&2; return 1; }
    echo "$cookie"
}

# The ids of a property's room types, comma-separated.
room_type_ids() {
    local base="$1" cookie="$2" property="$3"
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$property" \
        | python3 -c 'import json, sys; print(",".join(str(t["id"]) for t in json.load(sys.stdin)["roomTypes"]))'
}

# Writes a wrk script to FILE that books unassigned 2-night stays of random room types (TYPES) at
# PROPERTY, each with an Idempotency-Key, arriving FIRST_DAY to FIRST_DAY + 2,000 days from now, and
# reports refusals and socket errors at the end.
write_booking_script() {
    local file="$1" property="$2" cookie="$3" types="$4" first_day="$5"
    cat >"$file" <<EOS
local types = {$types}
local counter = 0
math.randomseed(os.time() + math.floor(os.clock() * 1000000))
request = function()
    counter = counter + 1
    local arrival = os.time() + ($first_day + math.random(0, 2000)) * 86400
    local body = string.format(
        '{"roomTypeId": %d, "arrival": "%s", "departure": "%s", "adults": 1, "guest": {"name": "Bench %d"}}',
        types[math.random(#types)], os.date("!%Y-%m-%d", arrival), os.date("!%Y-%m-%d", arrival + 2 * 86400), counter)
    return wrk.format("POST", "/api/v1/properties/$property/stays", {
        ["Content-Type"] = "application/json", ["Cookie"] = "$cookie",
        ["Idempotency-Key"] = string.format("bench-%d-%d", math.random(1, 1000000000), counter)
    }, body)
end
EOS
    write_report_script >>"$file"
}

# A wrk `done` that reports answers of 400 or more and socket errors.
write_report_script() {
    cat <<'EOS'
done = function(summary, latency, requests)
    local errors = summary.errors
    io.write(string.format("status>=400 or socket errors: %d\n",
        errors.status + errors.connect + errors.read + errors.write + errors.timeout))
end
EOS
}
