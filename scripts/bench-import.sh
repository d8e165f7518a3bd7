#!/usr/bin/env bash
# Usage: scripts/bench-import.sh [sqlite|postgres|both]   (default: both)
#
# Times moving a hotel in (`frontdesk import`) against a release build, once per database:
#   1. `frontdesk demo --rooms 2000 --days 730 --occupancy 0.4`: the benchmark hotel with about 200,000 stays,
#      loaded the way stays were loaded so far (StayRepository.importStays, row by row); its time is today's way;
#   2. `frontdesk export` of its stays to a CSV file;
#   3. RUNS times (3): a fresh database with the same hotel and no stays (`frontdesk demo ... --without-stays`),
#      then `frontdesk import` of the file into it, timed; then the median and the range.
# The database is a temporary SQLite file, or a throwaway PostgreSQL server (scripts/with-postgres.sh, which runs
# it with fsync off). Environment (optional): RUNS (3), ROOMS (2000), DAYS (730), OCCUPANCY (0.4).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-support.sh

which_db="${1:-both}"
runs="${RUNS:-3}"
rooms="${ROOMS:-2000}"
days="${DAYS:-730}"
occupancy="${OCCUPANCY:-0.4}"

once_per_database "$which_db" "$0"

swift build -c release --product frontdesk >&2
bin="$(swift build -c release --show-bin-path)/frontdesk"
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
seconds_since() { python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$1"; }

echo "== $which_db: $rooms rooms x $days days at occupancy $occupancy"
source_db="$(fresh source)"
"$bin" demo --database "$source_db" --rooms "$rooms" --days "$days" --occupancy "$occupancy" 2>/dev/null |
    sed 's/^/demo (today'"'"'s way, row by row): /'
started="$(date +%s.%N)"
"$bin" export --database "$source_db" --property 1 --output "$work/stays.csv" 2>&1 | grep -v ' info ' || true
echo "export: $(seconds_since "$started") s wall, $(($(wc -l <"$work/stays.csv") - 1)) rows, $(du -h "$work/stays.csv" | cut -f1)"

times=()
for run in $(seq 1 "$runs"); do
    target="$(fresh "target$run")"
    "$bin" demo --database "$target" --rooms "$rooms" --days "$days" --without-stays >/dev/null 2>&1
    started="$(date +%s.%N)"
    line="$("$bin" import --database "$target" --property 1 "$work/stays.csv" 2>&1 | grep -v ' info ')"
    wall="$(seconds_since "$started")"
    echo "import run $run: $line ($wall s wall)"
    times+=("$wall")
    [[ "$which_db" == sqlite ]] && rm -f "$target"*
done
python3 - "${times[@]}" <<'EOF'
import statistics, sys
times = sorted(float(t) for t in sys.argv[1:])
print(f"import: median {statistics.median(times):.1f} s ({times[0]:.1f}-{times[-1]:.1f}) over {len(times)} runs, wall")
EOF
