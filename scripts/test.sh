#!/usr/bin/env bash
# Everything `make test` checks, in order; stops at the first failure and says where.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

step="setting up"
passed=()
trap 'status=$?; if (( status != 0 )); then echo; echo "test.sh: FAILED during: $step (exit $status)"; fi' EXIT

begin() { step="$1"; step_started=$SECONDS; echo; echo "==> $step"; }
# Each step's time goes in the summary: the run has a budget (45 minutes on a clean clone).
done_step() { passed+=("$step ($((SECONDS - step_started)) s)"); }

as_root() { if (( EUID == 0 )); then "$@"; else sudo "$@"; fi; }

begin "installing missing test tools"
packages=()
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "chromium and chromedriver: present"
else
    packages+=(chromium chromium-driver)
fi
# Thai and CJK fonts, so that the screenshots in Tests/Browser/artifacts/ show words, not boxes.
if fc-list 2>/dev/null | grep -qi 'tlwg' && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
    echo "Thai and CJK fonts: present"
else
    packages+=(fonts-thai-tlwg fonts-noto-cjk)
fi
# nginx is the load balancer in front of several instances (deploy/, Tests/Resilience/test_instances.py).
if command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]]; then
    echo "nginx: present"
else
    packages+=(nginx)
fi
# zbarimg decodes every code to pay that the tests draw, from the PNG rsvg-convert makes of its SVG.
if command -v zbarimg >/dev/null && command -v rsvg-convert >/dev/null; then
    echo "zbarimg and rsvg-convert: present"
else
    packages+=(zbar-tools librsvg2-bin)
fi
if (( ${#packages[@]} )); then
    echo "installing Debian's ${packages[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "${packages[@]}"
fi
# aiosmtpd is the tests' real SMTP server on loopback (Tests/support/smtp_sink.py).
if python3 -c 'import selenium, pytest, xdist, schemathesis, aiosmtpd' 2>/dev/null; then
    echo "selenium, pytest, pytest-xdist, schemathesis and aiosmtpd: present"
else
    echo "installing selenium, pytest, pytest-xdist, schemathesis and aiosmtpd from PyPI"
    # A Debian-managed python3 refuses plain pip installs (PEP 668); then install past it.
    export PIP_ROOT_USER_ACTION=ignore # we install as root on purpose (CI images)
    python3 -m pip install --quiet selenium pytest pytest-xdist schemathesis aiosmtpd ||
        python3 -m pip install --quiet --break-system-packages selenium pytest pytest-xdist schemathesis aiosmtpd
fi
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    echo "postgresql: present"
else
    echo "postgresql: missing; scripts/with-postgres.sh installs Debian's postgresql before swift test"
fi
done_step

begin "swift build"
swift build
done_step

begin "swift test with a throwaway PostgreSQL (Swift Testing and XCTest)"
# The tests' SQLite files go in a folder of this run's own, removed once they pass (kept on failure).
test_tmp="$(mktemp -d /tmp/frontdesk-swift-test.XXXXXX)"
swift_log="$test_tmp/swift-test.log"
if ! TMPDIR="$test_tmp" FRONTDESK_REQUIRE_POSTGRES=1 scripts/with-postgres.sh swift test 2>&1 | tee "$swift_log"; then
    # The failures again, last: a long log is often read only from its end.
    echo
    echo "test.sh: the failed tests and what they recorded:"
    grep -E "recorded an issue|✘ Test .* failed|error: -\[|XCTAssert" "$swift_log" | grep -v "known issue" | head -40 || true
    exit 1
fi
rm -rf "$test_tmp"
done_step

begin "swift test again with the clock at this commit's instant (scripts/test-dates.sh)"
# The commit's hash picks a date and an edge of a day (a midnight, 23:55 in a salon, ...), and the database
# (the first pass ran both): every commit meets another, and a failure repeats with the command the script
# prints (about 2 minutes).
case "$(git rev-parse HEAD 2>/dev/null | tail -c 2)" in
    [02468ace]) dated_database=sqlite ;;
    *) dated_database=postgres ;;
esac
SUITES=swift DATES_DATABASE="$dated_database" scripts/test-dates.sh "$(scripts/test-dates.sh --for-commit HEAD)"
done_step

begin "command line tests with a throwaway PostgreSQL (pytest Tests/CLI)"
# `frontdesk import` and `frontdesk export` as a hotel's staff run them, on SQLite and on PostgreSQL (about 15 s).
FRONTDESK_BIN="$(swift build --show-bin-path)/frontdesk" FRONTDESK_REQUIRE_POSTGRES=1 \
    scripts/with-postgres.sh python3 -m pytest -q --tb=short Tests/CLI
done_step

begin "building Web/timeline.wasm"
scripts/build-wasm.sh
done_step

begin "Web tests (node --test Tests/Web)"
mapfile -t web_tests < <(find Tests/Web -name '*.test.mjs' 2>/dev/null | sort)
if (( ${#web_tests[@]} == 0 )); then
    echo "skipped: no Tests/Web/*.test.mjs yet"
    step="Web tests (skipped: none yet)"
else
    FRONTDESK_BIN="$(swift build --show-bin-path)/frontdesk" TIMELINE_WASM="$root/Web/timeline.wasm" \
        node --test "${web_tests[@]}"
fi
done_step

begin "browser tests (pytest Tests/Browser)"
if [[ -z "$(find Tests/Browser -name 'test_*.py' 2>/dev/null)" ]]; then
    echo "skipped: no Tests/Browser/test_*.py yet"
    step="browser tests (skipped: none yet)"
else
    # Any non-zero exit fails, including 5 (no tests collected) once test files exist.
    # Two files at a time (pytest-xdist, a file's tests together with its server): most of a browser test
    # is waiting on an emulated network or a timer, which two Chromiums share the machine's cores for.
    # The slowest tests are listed, for whoever next trims the run to its budget.
    python3 -m pytest -q -n 2 --dist loadfile --durations=12 Tests/Browser
fi
done_step

begin "kill -9 resilience tests with a throwaway PostgreSQL (pytest Tests/Resilience)"
# Loads the server with Idempotency-Keys, SIGKILLs it, restarts it on the same database and retries the
# keys in flight, on SQLite and on PostgreSQL; two instances behind nginx (deploy/run.sh): what a client
# holds on one holds on the other, and one killed under load loses nothing; a graceful stop, PostgreSQL
# restarted under the server, HTTP's edges (slowloris, timeouts), the mail outbox and webhooks' retries
# (about 150 s in all on 2026-12-04: each test's database is a copy of one demo a run and kind).
FRONTDESK_BIN="$(swift build --show-bin-path)/frontdesk" FRONTDESK_REQUIRE_POSTGRES=1 \
    scripts/with-postgres.sh python3 -m pytest -q --tb=short Tests/Resilience
done_step

begin "API fuzz test with a throwaway PostgreSQL (pytest Tests/Fuzz, schemathesis)"
# Every operation of /openapi.json with positive and negative data against a real server on SQLite and on
# PostgreSQL, bounded in examples and seconds (15 positive and 6 negative an operation), the two databases'
# runs side by side (pytest-xdist; about 230 s in all): no 5xx, no crash, no answer the document does not
# describe.
FRONTDESK_BIN="$(swift build --show-bin-path)/frontdesk" FRONTDESK_REQUIRE_POSTGRES=1 \
    scripts/with-postgres.sh python3 -m pytest -q -n 2 --tb=short Tests/Fuzz
done_step

begin "format check (make format-check)"
make --no-print-directory format-check
done_step

begin "documentation links (scripts/check-doc-links.py)"
python3 scripts/check-doc-links.py
done_step

begin "the architecture page against the code (scripts/check-architecture.py)"
python3 scripts/check-architecture.py
done_step

echo
echo "test.sh: OK (${#passed[@]} steps in $SECONDS s): $(IFS=';'; echo "${passed[*]}" | sed 's/;/; /g')"
