#!/usr/bin/env bash
# Usage: scripts/bench-checkout-compare.sh BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
#
# Checking out and posting, the tax engine's callers, under wrk for two builds of `frontdesk` side by side
# in one run:
#   1. a salon's sale quoted: POST /api/v1/properties/{id}/sales/quote at the demo salon (Japan's consumption
#      tax inside its prices), one of the day's appointments (its services) with 0 to 3 products, a third of
#      them with a discount of 10 %, a quarter with a cash payment (the desk's checkout as the customer pays);
#   2. a sale over the counter: POST /api/v1/properties/{id}/sales, 1 to 4 products paid in cash to the
#      yen (the total quoted once beforehand), each with an Idempotency-Key; each a receipt numbered in turn;
#   3. stay creation at the demo's Thai hotel (its service charge and VAT on the price): POST
#      /api/v1/properties/{id}/stays, unassigned 2-night stays on random future dates, priced with its taxes;
#   4. a charge posted to a stay's folio at that hotel: POST /api/v1/stays/{id}/charges (minibar, a
#      random amount), cycling through the stays in house today, answered with the folio after.
# One database is filled by the baseline (`frontdesk demo`, and a manager bench@example.com) and each build
# gets a copy of it (a file copy on SQLite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL), which it migrates
# as it starts. Their wrk runs alternate (baseline, candidate, baseline, candidate) per endpoint, so that a
# noisy machine weighs on both. Prints wrk's latency and requests/s for each run, and the server's CPU time a
# request (from /proc); answers of 400 or more count as errors. Each build's folios grow by the charges it posts (a faster build posts more of them).
# PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by scripts/with-postgres.sh when unset).
#
# Environment (optional): BENCH_SECONDS (8), BENCH_CONNECTIONS (8), BENCH_THREADS (2), BENCH_ROUNDS (2),
# BENCH_ENDPOINTS ("quote sale stay charge": those to run, in that order).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

compare_setup checkout "$@"
seconds="${BENCH_SECONDS:-8}"
connections="${BENCH_CONNECTIONS:-8}"
threads="${BENCH_THREADS:-2}"
rounds="${BENCH_ROUNDS:-2}"
endpoints="${BENCH_ENDPOINTS:-quote sale stay charge}"

checkout_cleanup() {
    compare_cleanup
    if [[ "$which_db" == postgres ]]; then
        psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_source WITH (FORCE)" || true
    fi
}
trap checkout_cleanup EXIT

# The database of NAME (source, baseline, candidate).
database_of() {
    case "$which_db" in
        sqlite) echo "$work/$1.sqlite" ;;
        postgres) echo "${FRONTDESK_TEST_POSTGRES_URL%/*}/bench_$1" ;;
    esac
}

echo "== $which_db: filling the database with the baseline" >&2
source_db="$(database_of source)"
if [[ "$which_db" == postgres ]]; then
    psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_source" \
        -c "CREATE DATABASE bench_source"
    psql -X -q -d "$source_db" -c "CREATE EXTENSION IF NOT EXISTS btree_gist"
fi
filled="$("$baseline" demo --database "$source_db" 2>/dev/null | tail -n 1)"
echo "$filled" >&2
hotel="$(sed -nE 's/.*hotel ([0-9]+) .*/\1/p' <<<"$filled")"
salon="$(sed -nE 's/.*salon ([0-9]+),.*/\1/p' <<<"$filled")"
[[ -n "$hotel" && -n "$salon" ]] || { echo "no hotel or salon in: $filled" >&2; exit 1; }
echo 'bench-password' | "$baseline" user add --database "$source_db" --email bench@example.com --role manager \
    --name Bench --password-stdin >/dev/null 2>&1
[[ "$which_db" == postgres ]] && psql -X -q -d "$source_db" -c "VACUUM (ANALYZE)"
for name in baseline candidate; do
    if [[ "$which_db" == sqlite ]]; then
        cp "$source_db" "$(database_of "$name")"
    else
        psql -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS bench_$name" \
            -c "CREATE DATABASE bench_$name TEMPLATE bench_source"
    fi
done

# Starts `frontdesk serve` of build BIN, named NAME, over its copy; writes the wrk scripts NAME.*.lua and
# prints "BASE". Not in a subshell, so that the server's pid reaches `compare_cleanup`.
start() {
    local name="$1" bin="$2" port base cookie
    port="$(free_port)"
    "$bin" serve --database "$(database_of "$name")" --port "$port" --web "" >"$work/$name.log" 2>&1 &
    compare_pids+=($!)
    base="http://127.0.0.1:$port"
    cookie="$(bench_sign_in "$base")"
    # The day's appointments at the salon that can be checked out (quoted once each, which also warms the
    # route up), its products and 64 counter sales' totals; the hotel's currency, room types and stays in house.
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$salon/board" -o "$work/$name.board.json"
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$salon/products" -o "$work/$name.products.json"
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$hotel" -o "$work/$name.hotel.json"
    curl -fs -H "Cookie: $cookie" "$base/api/v1/properties/$hotel/today" -o "$work/$name.today.json"
    python3 - "$work" "$name" "$base" "$cookie" "$salon" "$hotel" <<'PY'
import json, random, sys, urllib.error, urllib.request

work, name, base, cookie, salon, hotel = sys.argv[1:]
random.seed(7)


def post(path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError:
        return None


board = json.load(open(f"{work}/{name}.board.json"))
products = [p for p in json.load(open(f"{work}/{name}.products.json"))["products"] if p.get("active", True)]
# Six integers an appointment (its id first), booked, checked in or completed; those that a quote refuses left out.
appointments = [board["items"][index] for index in range(0, len(board["items"]), 6)
                if board["items"][index + 4] in (0, 1, 2)]
appointments = [a for a in appointments if post(f"/api/v1/properties/{salon}/sales/quote", {"appointmentIds": [a]})]
assert appointments and products, (len(appointments), len(products))
currency = products[0]["price"]["currency"]


def items(low, high):
    return [{"productId": p["id"], "quantity": random.randint(1, 3)}
            for p in random.sample(products, random.randint(low, min(high, len(products))))]


quotes = []
for index in range(64):
    order = {"appointmentIds": [appointments[index % len(appointments)]]}
    chosen = items(0, 3)
    if chosen:
        order["items"] = chosen
    if index % 3 == 0:
        order["discount"] = {"basisPoints": 1000}
    if index % 4 == 1:
        order["payments"] = [{"method": "cash", "amount": {"amount": 5000, "currency": currency},
                              "tendered": {"amount": 10000, "currency": currency}}]
    quotes.append(order)
sales = []
for index in range(64):
    order = {"items": items(1, 4)}
    total = post(f"/api/v1/properties/{salon}/sales/quote", order)["total"]
    order["payments"] = [{"method": "cash", "amount": total}]
    sales.append(order)
today = json.load(open(f"{work}/{name}.today.json"))
hotel_currency = json.load(open(f"{work}/{name}.hotel.json"))["currency"]
in_house = sorted({entry["stay"]["id"] for entry in today["inHouse"]})
assert in_house, "no stay in house today"
print(f"{name}: {len(appointments)} appointments today, {len(products)} products, {len(in_house)} stays in house",
      file=sys.stderr)


def lua_strings(bodies):
    return "{" + ", ".join(json.dumps(json.dumps(b)) for b in bodies) + "}"


def script(file, prelude, request):
    with open(f"{work}/{name}.{file}.lua", "w") as out:
        out.write(prelude + """
local counter = 0
init = function(args)
    math.randomseed(os.time() + math.floor(os.clock() * 1000000))
    counter = math.random(1, 1000000)
end
request = function()
    counter = counter + 1
""" + request + "\nend\n")


headers = '{["Content-Type"] = "application/json", ["Cookie"] = "%s"}' % cookie
keyed = ('{["Content-Type"] = "application/json", ["Cookie"] = "%s", ["Idempotency-Key"] = '
         'string.format("bench-%%d-%%d", math.random(1, 1000000000), counter)}' % cookie)
script("quote", f"local bodies = {lua_strings(quotes)}\n",
       f'    return wrk.format("POST", "/api/v1/properties/{salon}/sales/quote", {headers},'
       ' bodies[counter % #bodies + 1])')
script("sale", f"local bodies = {lua_strings(sales)}\n",
       f'    return wrk.format("POST", "/api/v1/properties/{salon}/sales", {keyed}, bodies[counter % #bodies + 1])')
charge = ('{"description": "Minibar", "category": "minibar", "amount": {"amount": %d, "currency": "'
          + hotel_currency + '"}}')
script("charge", "local stays = {" + ", ".join(map(str, in_house)) + "}\n",
       f"    local body = string.format('{charge}', math.random(5, 500) * 100)\n"
       f'    return wrk.format("POST", "/api/v1/stays/" .. stays[counter % #stays + 1] .. "/charges", {keyed}, body)')
PY
    write_booking_script "$work/$name.stay.lua" "$hotel" "$cookie" "$(room_type_ids "$base" "$cookie" "$hotel")" 100
    for file in quote sale charge; do write_report_script >>"$work/$name.$file.lua"; done
    echo "$base"
}

# The server's CPU time so far (user and system), in clock ticks: under wrk, what a request costs it, which
# varies less from run to run than its latency.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

start baseline "$baseline" >"$work/baseline.started"
start candidate "$candidate" >"$work/candidate.started"
read -r base_a <"$work/baseline.started"
read -r base_b <"$work/candidate.started"

for endpoint in $endpoints; do
    case "$endpoint" in
        quote) title="POST /api/v1/properties/$salon/sales/quote (the demo salon)" ;;
        sale) title="POST /api/v1/properties/$salon/sales (products, cash)" ;;
        stay) title="POST /api/v1/properties/$hotel/stays (the demo's Thai hotel)" ;;
        charge) title="POST /api/v1/stays/{id}/charges (the Thai hotel's stays in house)" ;;
        *) echo "unknown endpoint $endpoint (quote, sale, stay, charge)" >&2; exit 2 ;;
    esac
    for round in $(seq "$rounds"); do
        for name in baseline candidate; do
            base="$base_a" pid="${compare_pids[0]}"
            [[ "$name" == candidate ]] && base="$base_b" pid="${compare_pids[1]}"
            echo
            echo "== $which_db, $title, round $round: $name"
            before="$(cpu_ticks "$pid")"
            out="$(wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/$name.$endpoint.lua" "$base")"
            after="$(cpu_ticks "$pid")"
            grep -E 'Latency Distribution|^ +(50|90|99)%|Requests/sec|errors' <<<"$out"
            requests="$(sed -nE 's/^ *([0-9]+) requests in.*/\1/p' <<<"$out")"
            awk -v ticks="$((after - before))" -v n="${requests:-0}" -v hz="$(getconf CLK_TCK)" \
                'BEGIN { if (n > 0) printf "  server CPU      %.2f ms a request (%d requests)\n", ticks * 1000 / hz / n, n }'
        done
    done
done
