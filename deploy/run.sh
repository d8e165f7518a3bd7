#!/usr/bin/env bash
# Usage: deploy/run.sh [INSTANCES]
#
# Frontdesk scaled out on loopback: INSTANCES (default 2) `frontdesk serve` processes on one PostgreSQL,
# behind Debian's nginx on http://127.0.0.1:8080/ (nginx.conf.template). Runs until Ctrl-C or SIGTERM,
# then stops everything it started. See deploy/README.md.
#
# Environment (all optional):
#   DATABASE_URL        the postgres:// database the instances share; without it, a throwaway PostgreSQL
#                       (scripts/with-postgres.sh), removed when this stops
#   FRONTDESK_BIN       the frontdesk binary (default: a release build, built now)
#   DEPLOY_PORT         nginx's port (8080); the instances listen on the ports after it
#   DEPLOY_DIR          where the logs, pid files and nginx's configuration go (default: a new temporary folder)
#   DEPLOY_DEMO         1 (default) makes the demo hotels and salon on an empty database; 0 leaves it empty
#   DEPLOY_NGINX_WORKERS nginx's worker processes (default 1)
# Once everything answers, DEPLOY_DIR/ready lists the balancer's and each instance's URL and pid.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { echo "deploy: $*" >&2; }
die() { log "error: $*"; exit 1; }

instances="${1:-2}"
[[ "$instances" =~ ^[1-9][0-9]?$ ]] || die "INSTANCES is 1 to 99, got '$instances'"

if [[ -z "${DATABASE_URL:-}" ]]; then
    if [[ -n "${FRONTDESK_TEST_POSTGRES_URL:-}" ]]; then
        export DATABASE_URL="$FRONTDESK_TEST_POSTGRES_URL"
    else
        log "no DATABASE_URL: starting a throwaway PostgreSQL"
        exec "$root/scripts/with-postgres.sh" "$0" "$@"
    fi
fi
[[ "$DATABASE_URL" == postgres://* || "$DATABASE_URL" == postgresql://* ]] ||
    die "several instances share a PostgreSQL database: DATABASE_URL must be a postgres:// URL"

as_root() { if (( EUID == 0 )); then "$@"; else sudo "$@"; fi; }
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if [[ ! -x "$nginx_bin" ]]; then
    log "installing Debian's nginx"
    as_root apt-get update -o DPkg::Lock::Timeout=300 >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        -o DPkg::Lock::Timeout=300 nginx >&2
    # Debian's package starts its default site on port 80 where it can: this layout runs its own nginx.
    as_root service nginx stop >/dev/null 2>&1 || true
fi

bin="${FRONTDESK_BIN:-}"
if [[ -z "$bin" ]]; then
    log "building frontdesk (release)"
    (cd "$root" && swift build -c release --product frontdesk >&2)
    bin="$(cd "$root" && swift build -c release --show-bin-path)/frontdesk"
fi

port="${DEPLOY_PORT:-8080}"
dir="${DEPLOY_DIR:-$(mktemp -d /tmp/frontdesk-deploy.XXXXXX)}"
mkdir -p "$dir"
rm -f "$dir/ready"
pids=()
stop() {
    trap - EXIT INT TERM
    log "stopping"
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -f "$dir/ready"
}
trap stop EXIT
trap 'exit 0' INT TERM

# One instance brings the schema up to date first (the others would wait on its lock anyway).
"$bin" migrate --database "$DATABASE_URL" >&2
if [[ "${DEPLOY_DEMO:-1}" == 1 ]]; then
    "$bin" demo --if-empty --database "$DATABASE_URL" >&2
fi

servers=""
ready=""
for i in $(seq 1 "$instances"); do
    p=$((port + i))
    "$bin" serve --host 127.0.0.1 --port "$p" --database "$DATABASE_URL" --web "$root/Web" \
        --trusted-proxies 127.0.0.1 >"$dir/instance-$i.log" 2>&1 &
    pids+=($!)
    servers+="        server 127.0.0.1:$p max_fails=1 fail_timeout=2s;"$'\n'
    ready+="instance $i http://127.0.0.1:$p $!"$'\n'
done
for i in $(seq 1 "$instances"); do
    p=$((port + i))
    for _ in $(seq 1 600); do
        curl -fsS "http://127.0.0.1:$p/healthz" >/dev/null 2>&1 && break
        kill -0 "${pids[$((i - 1))]}" 2>/dev/null || die "instance $i stopped: $(tail -n 20 "$dir/instance-$i.log")"
        sleep 0.1
    done
done

python3 - "$root/deploy/nginx.conf.template" "$dir/nginx.conf" <<PY
import sys
text = open(sys.argv[1]).read()
for name, value in {"DIR": "$dir", "WORKERS": "${DEPLOY_NGINX_WORKERS:-1}", "LISTEN": "127.0.0.1:$port",
                    "SERVERS": """${servers%$'\n'}"""}.items():
    text = text.replace(f"@{name}@", value)
open(sys.argv[2], "w").write(text)
PY
"$nginx_bin" -c "$dir/nginx.conf" -p "$dir" >"$dir/nginx.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    kill -0 "${pids[-1]}" 2>/dev/null || die "nginx stopped: $(cat "$dir/nginx.log" "$dir/nginx-error.log" 2>/dev/null)"
    sleep 0.1
done

printf 'balancer http://127.0.0.1:%s %s\n%s' "$port" "${pids[-1]}" "$ready" >"$dir/ready"
log "Frontdesk on http://127.0.0.1:$port/ through nginx: $instances instances on one PostgreSQL"
log "logs, pids and nginx.conf in $dir"
# Runs until stopped; an instance that dies is left dead (nginx skips it), as a test of losing one wants.
wait "${pids[-1]}"
