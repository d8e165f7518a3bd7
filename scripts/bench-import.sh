#!/usr/bin/env bash
# Usage: scripts/bench-import.sh [sqlite|postgres|both]   (default: both)
#
# Times moving a hotel in (`frontdesk import`) against a release build, once per database:
#   1. `frontdesk demo --rooms 2000 --days 730 --occupancy 0.4`: the benchmark hotel with about 200,000 stays,
#      loaded the way stays were loaded so far (StayRepository.importStays, row by row); its time is today's way;
#   2. `frontdesk export` of its stays to a CSV file;
#   3. RUNS times (3): a fresh database with the same hotel and no stays (`frontdesk demo ... --without-stays`),
#      then `frontdesk import` of the file into it, timed; then the median and the range;
#   4. PostgreSQL only, after each import: the database's own per-row work for exactly the rows it stored (its
#      checks), side by side. The imported guests, stays, runs of nights (stay_segments) and payments
#      (folio_entries), found by the import's audit row, are copied out (`\copy`, not timed); a second fresh
#      database of the same hotel loads them into temporary tables, then in one transaction that is rolled
#      back inserts each table's rows from its copy, parents first (`INSERT INTO t SELECT * FROM copy`, timed
#      by psql's `\timing`), with every constraint, trigger and index in force: the foreign keys, the exclusion
#      constraint `stay_segments_no_overlap`, the blocks' statement trigger. Prints the per-table times, their
#      sum, and the import's wall time over that sum; at the end the medians of both and of the ratio. A fresh
#      database rather than the rows deleted and inserted again where they were: there each insert meets its
#      deleted twin in every unique and exclusion index (stays and runs took 15.7 s there, 12.7 s in a fresh
#      database), and deleting the guests checks each against every stay (no index on stays.guest_id).
# The database is a temporary SQLite file, or a throwaway PostgreSQL server (scripts/with-postgres.sh, which runs
# it with fsync off); each database is dropped after its run. Environment (optional): RUNS (3), ROOMS (2000),
# DAYS (730), OCCUPANCY (0.4); CSV, a file step 2 wrote for the same ROOMS and DAYS, skips steps 1 and 2 (the
# row-by-row load takes minutes on PostgreSQL); FRONTDESK_BIN, the build to measure instead of this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
runs="${RUNS:-3}"
rooms="${ROOMS:-2000}"
days="${DAYS:-730}"
occupancy="${OCCUPANCY:-0.4}"

once_per_database "$which_db" "$0"

bin="$(release_binary)"
work="$(mktemp -d /tmp/frontdesk-bench-import.XXXXXX)"
trap 'rm -rf "$work"' EXIT

psql_bin() { compgen -G '/usr/lib/postgresql/*/bin/psql' | sort -V | tail -n 1; }
# A fresh database of the kind asked for: a path, or a URL to a new database in the throwaway server.
fresh() {
    case "$which_db" in
        sqlite) echo "$work/$1.sqlite" ;;
        postgres)
            local name="bench_import_$1" base="${FRONTDESK_TEST_POSTGRES_URL%/*}"
            "$(psql_bin)" -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE IF EXISTS $name" \
                -c "CREATE DATABASE $name" >&2
            "$(psql_bin)" -X -q -d "$base/$name" -c "CREATE EXTENSION IF NOT EXISTS btree_gist" >&2
            echo "$base/$name"
            ;;
        *) echo "usage: $0 [sqlite|postgres|both]" >&2; exit 2 ;;
    esac
}
# Removes a database `fresh` made.
drop() {
    case "$which_db" in
        sqlite) rm -f "$1"* ;;
        postgres) "$(psql_bin)" -X -q -d "$FRONTDESK_TEST_POSTGRES_URL" -c "DROP DATABASE ${1##*/} WITH (FORCE)" >&2 ;;
    esac
}
seconds_since() { python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$1"; }

# The tables an import writes, parents first: the order the copies go back in.
imported_tables=(guests stays stay_segments folio_entries)

# PostgreSQL: the database's own work for the rows the import into TARGET stored, in a fresh database of the
# same hotel (step 4 above). Prints one line: each table's rows:seconds in `imported_tables`' order, then the
# sum of the seconds.
database_checks() {
    local target="$1" psql first last checks
    psql="$(psql_bin)"
    read -r first last < <("$psql" -X -q -At -F ' ' -d "$target" -c "
        SELECT after::jsonb->>'firstStayID', after::jsonb->>'lastStayID' FROM audit_log
        WHERE entity = 'stays' AND action = 'imported' ORDER BY id DESC LIMIT 1")
    local imported="SELECT id FROM stays WHERE id BETWEEN $first AND $last"
    {
        echo "\\copy (SELECT * FROM guests WHERE id IN (SELECT guest_id FROM stays WHERE id BETWEEN $first AND $last) ORDER BY id) TO '$work/guests.copy'"
        echo "\\copy (SELECT * FROM stays WHERE id IN ($imported) ORDER BY id) TO '$work/stays.copy'"
        for table in stay_segments folio_entries; do
            echo "\\copy (SELECT * FROM $table WHERE stay_id IN ($imported) ORDER BY id) TO '$work/$table.copy'"
        done
    } | "$psql" -X -q -v ON_ERROR_STOP=1 -d "$target" >&2
    checks="$(fresh checks)"
    "$bin" demo --database "$checks" --rooms "$rooms" --days "$days" --without-stays >/dev/null 2>&1
    {
        for table in "${imported_tables[@]}"; do
            echo "CREATE TEMP TABLE copy_$table (LIKE $table);"
            echo "\\copy copy_$table FROM '$work/$table.copy'"
        done
        echo "ANALYZE;"
        echo "BEGIN;"
        echo "\\timing on"
        for table in "${imported_tables[@]}"; do echo "INSERT INTO $table SELECT * FROM copy_$table;"; done
        echo "\\timing off"
        echo "ROLLBACK;"
    } | "$psql" -X -v ON_ERROR_STOP=1 -d "$checks" | python3 -c '
import re, sys
inserts = re.findall(r"^INSERT 0 ([0-9]+)\nTime: ([0-9.]+) ms", sys.stdin.read(), re.M)
print(" ".join(f"{rows}:{float(ms) / 1000:.2f}" for rows, ms in inserts), f"{sum(float(ms) for _, ms in inserts) / 1000:.2f}")'
    drop "$checks"
    rm -f "$work"/*.copy
}

echo "== $which_db: $rooms rooms x $days days at occupancy $occupancy"
if [[ -n "${CSV:-}" ]]; then
    cp "$CSV" "$work/stays.csv"
    echo "file: $CSV, $(($(wc -l <"$work/stays.csv") - 1)) rows"
else
    source_db="$(fresh source)"
    "$bin" demo --database "$source_db" --rooms "$rooms" --days "$days" --occupancy "$occupancy" 2>/dev/null |
        sed 's/^/demo (today'"'"'s way, row by row): /'
    started="$(date +%s.%N)"
    "$bin" export --database "$source_db" --property 1 --output "$work/stays.csv" 2>&1 | grep -v ' info ' || true
    echo "export: $(seconds_since "$started") s wall, $(($(wc -l <"$work/stays.csv") - 1)) rows, $(du -h "$work/stays.csv" | cut -f1)"
    drop "$source_db"
fi

times=()
sums=()
for run in $(seq 1 "$runs"); do
    target="$(fresh "target$run")"
    "$bin" demo --database "$target" --rooms "$rooms" --days "$days" --without-stays >/dev/null 2>&1
    started="$(date +%s.%N)"
    line="$("$bin" import --database "$target" --property 1 "$work/stays.csv" 2>&1 | grep -v ' info ')"
    wall="$(seconds_since "$started")"
    echo "import run $run: $line ($wall s wall)"
    times+=("$wall")
    if [[ "$which_db" == postgres ]]; then
        read -r -a checked < <(database_checks "$target")
        sum="${checked[-1]}"
        sums+=("$sum")
        per_table="$(for i in "${!imported_tables[@]}"; do
            printf '%s %s rows %s s, ' "${imported_tables[$i]}" "${checked[$i]%:*}" "${checked[$i]#*:}"
        done)"
        echo "checks run $run: ${per_table}sum $sum s; import / checks $(python3 -c "print(f'{$wall / $sum:.2f}')")"
    fi
    drop "$target"
done
python3 - "${#times[@]}" "${times[@]}" "${sums[@]}" <<'EOF'
import statistics, sys
runs = int(sys.argv[1])
times = [float(t) for t in sys.argv[2:2 + runs]]
sums = [float(t) for t in sys.argv[2 + runs:]]
def summary(values, digits=1):
    ordered = sorted(values)
    return f"median {statistics.median(ordered):.{digits}f} ({ordered[0]:.{digits}f}-{ordered[-1]:.{digits}f})"
print(f"import: {summary(times)} s over {runs} runs, wall")
if sums:
    print(f"checks: {summary(sums)} s; import / checks: {summary([t / s for t, s in zip(times, sums)], 2)}")
EOF
