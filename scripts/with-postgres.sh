#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh COMMAND [ARGS...]
#
# Runs COMMAND with a throwaway PostgreSQL server on loopback and exports
#   FRONTDESK_TEST_POSTGRES_URL=postgres://frontdesk@127.0.0.1:PORT/frontdesk_test
#   FRONTDESK_TEST_POSTGRES_DATA and FRONTDESK_TEST_PG_CTL (its data folder and pg_ctl, to restart it)
# (trust auth, no password; btree_gist already created in frontdesk_test).
# Exits with COMMAND's exit code. The server and its temporary folder are always removed
# afterwards, also on failure and Ctrl-C (not on SIGKILL: then stop it by hand with
# `runuser -u postgres -- /usr/lib/postgresql/*/bin/pg_ctl -D /tmp/with-postgres.*/data stop`
# and remove the folder).
#
# Installs Debian's `postgresql` with apt-get when no /usr/lib/postgresql/*/bin/initdb exists.
# Never touches any other cluster (e.g. Debian's default `main` on 5432): it starts its own
# server from its own data folder on a free port and stops only that one.
#
# Environment (optional):
#   WITH_POSTGRES_LIBDIR  where to look for VERSION/bin/initdb (default /usr/lib/postgresql)
#   WITH_POSTGRES_OPTIONS more server settings, as `-c name=value ...` (benchmarks load pg_stat_statements)
set -euo pipefail

log() { echo "with-postgres: $*" >&2; }
die() { log "error: $*"; exit 1; }

(( $# > 0 )) || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }

as_root() { if (( EUID == 0 )); then "$@"; else sudo "$@"; fi; }
# PostgreSQL refuses to run as root; as root run its programs as the `postgres` user.
as_pg() { if (( EUID == 0 )); then runuser -u postgres -- "$@"; else "$@"; fi; }

libdir="${WITH_POSTGRES_LIBDIR:-/usr/lib/postgresql}"
find_bindir() {
    # The newest installed major version that has initdb.
    local initdb
    initdb="$(compgen -G "$libdir/*/bin/initdb" | sort -V | tail -n 1 || true)"
    [[ -n "$initdb" ]] && dirname "$initdb"
}

if ! bindir="$(find_bindir)"; then
    log "no $libdir/*/bin/initdb: installing Debian's postgresql with apt-get (takes ~10-20 s)"
    t0=$SECONDS
    as_root apt-get update -o DPkg::Lock::Timeout=300 >&2
    # Recommends (sysstat, logrotate, e2fsprogs) are not needed here. Debian's package may also
    # create (and, unless policy-rc.d forbids it, start) a default cluster `main` on 5432: we
    # leave it alone and never use it.
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        -o DPkg::Lock::Timeout=300 postgresql >&2
    bindir="$(find_bindir)" || die "postgresql installed, but still no $libdir/*/bin/initdb"
    log "installed postgresql in $((SECONDS - t0)) s"
fi

# The folder must be reachable by `postgres`, and the socket path (DIR/.s.PGSQL.PORT) must
# stay under ~100 characters: fall back to /tmp when TMPDIR is unsuitable.
parent="${TMPDIR:-/tmp}"
if (( ${#parent} > 60 )) || ! { (( EUID != 0 )) || runuser -u postgres -- test -w "$parent" -a -x "$parent"; }; then
    parent=/tmp
fi
dir=""
port=""
starting=0

# shellcheck disable=SC2317 # (invoked by the traps below)
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if (( starting )) && [[ ! -f "$dir/data/postmaster.pid" ]]; then
        # Interrupted inside `pg_ctl start`: a postmaster it forked may not have written its
        # pid file yet. Give it a moment, so that we can stop it rather than orphan it.
        for _ in {1..30}; do
            if [[ -f "$dir/data/postmaster.pid" ]] || ! grep -qsF -e "$dir/data" /proc/[0-9]*/cmdline; then
                break
            fi
            sleep 0.1
        done
    fi
    if [[ -n "$dir" && -f "$dir/data/postmaster.pid" ]]; then
        log "stopping server on port $port"
        as_pg "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 ||
            log "warning: pg_ctl stop failed (server may already be gone)"
    fi
    if [[ -n "$dir" && -d "$dir" ]]; then rm -rf -- "$dir"; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

dir="$(mktemp -d "$parent/with-postgres.XXXXXX")"
(( EUID != 0 )) || chown postgres:postgres "$dir"
# Run PostgreSQL's programs from inside the folder: `postgres` may not be able to enter our cwd.
cd_pg() { (cd "$dir" && as_pg "$@"); }

log "initdb ($bindir) in $dir"
if ! cd_pg "$bindir/initdb" -D "$dir/data" -A trust -U frontdesk -E UTF8 --locale=C \
    --no-sync --no-instructions >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    die "initdb failed"
fi

free_port() {
    if command -v python3 >/dev/null; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    else
        # Nothing accepting a connection on it: free as far as we can tell.
        local p
        for (( p = 55432 + RANDOM % 1000; p < 60000; p++ )); do
            if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
        done
        return 1
    fi
}

# Another process may take the port between our check and the server's bind: then retry.
# max_connections: swift test runs dozens of tests at once, each with its own store, whose pool opens up to
# 8 connections while its application starts (migrations, the clean-up, the message and webhook services)
# and serves; the default 100 is too few, and 300 was reached (304 counted, 28 Nov 2026). Idle connections
# cost little memory, so the ceiling sits well above what a run needs.
for attempt in 1 2 3 4 5; do
    port="$(free_port)" || die "no free port found"
    log "starting server on 127.0.0.1:$port"
    rm -f "$dir/log"
    starting=1
    if cd_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 -o "-p $port -k '$dir' \
        -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
        -c TimeZone=UTC -c max_connections=1000 ${WITH_POSTGRES_OPTIONS:-}" start >"$dir/pg_ctl.log" 2>&1; then
        starting=0
        break
    fi
    if grep -q "Address already in use" "$dir/log" 2>/dev/null && (( attempt < 5 )); then
        log "port $port was taken meanwhile; trying another"
        continue
    fi
    cat "$dir/pg_ctl.log" >&2
    log "server log:"
    cat "$dir/log" >&2 2>/dev/null || true
    die "server did not start"
done

pg() { local program="$1"; shift; cd_pg "$bindir/$program" -h 127.0.0.1 -p "$port" -U frontdesk "$@"; }
pg createdb frontdesk_test || die "createdb frontdesk_test failed"
pg psql -X -q -v ON_ERROR_STOP=1 -d frontdesk_test -c 'CREATE EXTENSION IF NOT EXISTS btree_gist' ||
    die "CREATE EXTENSION btree_gist failed (it ships with Debian's postgresql-NN package)"

export FRONTDESK_TEST_POSTGRES_URL="postgres://frontdesk@127.0.0.1:$port/frontdesk_test"
# Where the server's data is and its pg_ctl, for a test that restarts it under a running frontdesk.
export FRONTDESK_TEST_POSTGRES_DATA="$dir/data" FRONTDESK_TEST_PG_CTL="$bindir/pg_ctl"
log "ready: FRONTDESK_TEST_POSTGRES_URL=$FRONTDESK_TEST_POSTGRES_URL"
log "running: $*"
status=0
"$@" || status=$?
log "command exited with $status"
exit "$status"
