# Sourced by the HTTP benchmarks (bench-http.sh and the bench-*-compare.sh): what they share.

# A free port on loopback.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Installs wrk (Debian's) when it is missing.
ensure_wrk() {
    if ! command -v wrk >/dev/null; then
        apt-get update -o DPkg::Lock::Timeout=300 >/dev/null && apt-get install -y wrk >/dev/null
    fi
}

# The frontdesk to measure: FRONTDESK_BIN, or this checkout's release build (built now).
release_binary() {
    if [[ -n "${FRONTDESK_BIN:-}" ]]; then
        echo "$FRONTDESK_BIN"
    else
        swift build -c release --product frontdesk >&2
        echo "$(swift build -c release --show-bin-path)/frontdesk"
    fi
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

# Runs the calling SCRIPT once per database asked (WHICH: sqlite, postgres or both), with ARGS before the
# database's name: `both` runs it for sqlite, then for postgres; postgres without
# FRONTDESK_TEST_POSTGRES_URL runs it again under scripts/with-postgres.sh. Returns only when WHICH is the
# one database to run now.
once_per_database() {
    local which="$1" script="$2"
    shift 2
    case "$which" in
        both)
            "$script" "$@" sqlite
            exec scripts/with-postgres.sh "$script" "$@" postgres
            ;;
        postgres)
            [[ -n "${FRONTDESK_TEST_POSTGRES_URL:-}" ]] || exec scripts/with-postgres.sh "$script" "$@" postgres
            ;;
    esac
}

# The salon benchmarks' set-up (bench-salon.sh, bench-customers.sh), for the database WHICH (sqlite,
# postgres) and a benchmark salon with APPOINTMENTS over the next month: installs wrk, builds or takes the
# release binary (`bin`), makes `work` and `database` (`bench_workspace`), fills it (30 staff, 40 services,
# 8 resources, a customer for every three appointments) and sets `salon` to its id.
salon_bench_setup() {
    local which="$1" kind="$2" appointments="$3" filled
    ensure_wrk
    bin="$(release_binary)"
    bench_workspace "$which" "$kind"
    echo "== $which: filling the database" >&2
    filled="$("$bin" demo --database "$database" --salon-staff 30 --services 40 --resources 8 \
        --appointments "$appointments" 2>/dev/null | tail -n 1)"
    echo "$filled" >&2
    salon="$(sed -E 's/^frontdesk: salon ([0-9]+) .*/\1/' <<<"$filled")"
}

# Makes `work` (a folder named after KIND), removed on exit with the server whose pid the script puts in
# `server_pid`, and sets `database` for WHICH: a SQLite file in `work`, or the PostgreSQL of
# FRONTDESK_TEST_POSTGRES_URL.
bench_workspace() {
    local which="$1" kind="$2"
    work="$(mktemp -d "/tmp/$kind.XXXXXX")"
    server_pid=
    trap bench_cleanup EXIT
    case "$which" in
        sqlite) database="$work/bench.sqlite" ;;
        postgres) database="$FRONTDESK_TEST_POSTGRES_URL" ;;
        *) echo "usage: $0 [sqlite|postgres|both]" >&2; exit 2 ;;
    esac
}

bench_cleanup() {
    [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}

# The side-by-side comparisons of two builds (bench-*-compare.sh BASELINE_BIN CANDIDATE_BIN [DB]).

# Reads the arguments into `baseline`, `candidate` and `which_db` (sqlite, the default, or postgres);
# `both` runs the script once per database, and postgres without FRONTDESK_TEST_POSTGRES_URL runs it
# under scripts/with-postgres.sh. Installs wrk when missing, and makes `work` (a folder named after
# KIND), removed on exit with the servers and databases `compare_serve` made.
compare_setup() {
    local kind="$1"
    shift
    (( $# >= 2 )) || { echo "usage: $0 BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]" >&2; exit 2; }
    baseline="$1"
    candidate="$2"
    which_db="${3:-sqlite}"
    case "$which_db" in
        sqlite | postgres | both) once_per_database "$which_db" "$0" "$baseline" "$candidate" ;;
        *) echo "usage: $0 BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]" >&2; exit 2 ;;
    esac
    command -v wrk >/dev/null || { apt-get update -o DPkg::Lock::Timeout=300 >/dev/null && apt-get install -y wrk >/dev/null; }
    work="$(mktemp -d "/tmp/frontdesk-bench-$kind.XXXXXX")"
    compare_pids=()
    trap compare_cleanup EXIT
}

compare_cleanup() {
    for pid in "${compare_pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
    if [[ "$which_db" == postgres ]]; then
        for name in baseline candidate; do
            psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_$name WITH (FORCE)" || true
        done
    fi
    rm -rf "$work"
}

# Starts `frontdesk serve` of build BIN, named NAME, over a fresh database filled alike for every
# build (the 400-room demo hotel: 60 days of stays at half occupancy, a quarter of them past) with a
# manager bench@example.com; sets `served_base`, `served_cookie` and `served_property`. Call it in the
# script's own shell, not a subshell, so that the server's pid reaches `compare_cleanup`.
compare_serve() {
    local name="$1" bin="$2" database filled port
    case "$which_db" in
        sqlite) database="$work/$name.sqlite" ;;
        postgres)
            database="${FRONTDESK_TEST_POSTGRES_URL%/*}/bench_$name"
            psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_$name" -c "CREATE DATABASE bench_$name"
            psql -X -q -d "$database" -c "CREATE EXTENSION IF NOT EXISTS btree_gist"
            ;;
    esac
    filled="$("$bin" demo --database "$database" --rooms 400 --days 60 --occupancy 0.5 2>/dev/null | tail -n 1)"
    served_property="$(sed -E 's/^frontdesk: property ([0-9]+) .*/\1/' <<<"$filled")"
    echo 'bench-password' | "$bin" user add --database "$database" --email bench@example.com --role manager \
        --name Bench --password-stdin >/dev/null 2>&1
    port="$(free_port)"
    "$bin" serve --database "$database" --port "$port" --web "" >"$work/$name.log" 2>&1 &
    compare_pids+=($!)
    served_base="http://127.0.0.1:$port"
    served_cookie="$(bench_sign_in "$served_base")"
}
