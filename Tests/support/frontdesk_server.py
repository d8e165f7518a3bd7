"""What the Python test suites (Browser, Resilience, Fuzz) share to run a real `frontdesk serve`: the
binary, a free loopback port, the command line, waiting for /healthz, stopping, and throwaway PostgreSQL
databases in the server scripts/with-postgres.sh starts (FRONTDESK_TEST_POSTGRES_URL)."""

import atexit
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "Web"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def frontdesk_binary():
    """FRONTDESK_BIN, or the debug build's `frontdesk`."""
    explicit = os.environ.get("FRONTDESK_BIN")
    if explicit:
        return explicit
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return str(Path(bin_path) / "frontdesk")


def serve_command(binary, port, database, *extra):
    """`frontdesk serve` on loopback with the web app; the tests call the public API more often than a
    guest would, so its rate limit is out of the way."""
    return [
        binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", database, "--web", str(WEB),
        "--public-rate-limit", "100000", *extra,
    ]


def wait_until_serving(base, process, log_path, timeout=60):
    """Waits for /healthz; fails the test with the server's log if it stops or does not answer."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
            return
        except OSError:
            if process.poll() is not None:
                pytest.fail(f"the server stopped (exit {process.returncode}): {Path(log_path).read_text()}")
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer /healthz within {timeout} s; log {log_path}")
            time.sleep(0.05)


def clock_at(work, instant):
    """What to add to a process's environment for its wall clock to stand at `instant` (an aware datetime) and
    run on from there: our preload library (scripts/fakeclock/fakeclock.c), compiled into `work` once."""
    library = os.path.join(work, "fakeclock.so")
    if not os.path.exists(library):
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", library, str(ROOT / "scripts/fakeclock/fakeclock.c"), "-ldl"],
                       check=True)
    return {"LD_PRELOAD": library, "FRONTDESK_FAKECLOCK_OFFSET": str(int(instant.timestamp() - time.time()))}


@contextlib.contextmanager
def serving(binary, database, work, name, env=None):
    """`frontdesk serve` over `database` on a free loopback port for the block: its base URL. Then the
    server stops and `work`, the folder of the database and the server's log, goes. `env` adds to the
    server's environment (its settings: `FRONTDESK_SMTP_HOST`, ...)."""
    port = free_port()
    log_path = os.path.join(work, "server.log")
    log = open(log_path, "w")
    server = subprocess.Popen(
        serve_command(binary, port, database), stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, **(env or {})},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(base, server, log_path)
        yield base
    finally:
        stop(server, name)
        log.close()
        shutil.rmtree(work, ignore_errors=True)


# Demo databases made this run, by binary and the days they were made on (`demo_days`): each test module
# serves a copy of its own, and `frontdesk demo` (about 5 seconds) runs once for all of them.
_DEMO_TEMPLATES = {}


def demo_days():
    """The demo's "todays" now: its hotels' (Bangkok's, Hanoi's: UTC+7, turning at 17:00 UTC) and its salon's
    (Tokyo's, Seoul's: UTC+9, at 15:00 UTC). A demo made on other days is made again."""
    now = time.time()
    return tuple(time.strftime("%Y-%m-%d", time.gmtime(now + hours * 3600)) for hours in (7, 9))


def fresh_demo(binary, database):
    """Writes a demo database at `database`: a copy of the one made on today's days, made first if none is."""
    key = (binary, demo_days())
    template = _DEMO_TEMPLATES.get(key)
    if template is None:
        folder = tempfile.mkdtemp(prefix="frontdesk-demo-template-")
        template = os.path.join(folder, "demo.sqlite")
        subprocess.run([binary, "demo", "--database", template], check=True, capture_output=True)
        _DEMO_TEMPLATES[key] = template
    # The demo's process has ended, and with it SQLite's write-ahead log (checkpointed on close); any left over
    # goes with the copy.
    for suffix in ("", "-wal"):
        if os.path.exists(template + suffix):
            shutil.copyfile(template + suffix, database + suffix)


@atexit.register
def _remove_demo_templates():
    for template in _DEMO_TEMPLATES.values():
        shutil.rmtree(os.path.dirname(template), ignore_errors=True)


@contextlib.contextmanager
def serving_demo(name, env=None):
    """A fresh SQLite demo database (`frontdesk demo`, a copy of this run's: `fresh_demo`) served for the
    block (`serving`, named `name`, with `env`): its base URL."""
    binary = frontdesk_binary()
    work = tempfile.mkdtemp(prefix=f"frontdesk-{name}-")
    database = os.path.join(work, "desk.sqlite")
    fresh_demo(binary, database)
    with serving(binary, database, work, name, env=env) as base:
        yield base


def stop(process, name="frontdesk"):
    """SIGTERM, and SIGKILL with a warning if it has not stopped 10 s later."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        print(f"{name}: still running 10 s after SIGTERM; killed", file=sys.stderr)
        process.kill()
        process.wait(timeout=10)


def _psql():
    found = shutil.which("psql") or next(iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"), reverse=True)), None)
    if not found:
        pytest.fail("FRONTDESK_TEST_POSTGRES_URL is set but there is no psql to create a database with")
    return found


def run_sql(url, statement):
    subprocess.run(
        [_psql(), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement],
        check=True, capture_output=True, text=True, timeout=60,
    )


def postgres_admin_url():
    """FRONTDESK_TEST_POSTGRES_URL; the test is skipped without it, or fails when FRONTDESK_REQUIRE_POSTGRES
    says PostgreSQL must be covered."""
    url = os.environ.get("FRONTDESK_TEST_POSTGRES_URL")
    if not url:
        if os.environ.get("FRONTDESK_REQUIRE_POSTGRES"):
            pytest.fail("FRONTDESK_REQUIRE_POSTGRES is set but FRONTDESK_TEST_POSTGRES_URL is not")
        pytest.skip("FRONTDESK_TEST_POSTGRES_URL is not set: run through scripts/with-postgres.sh")
    return url


# PostgreSQL demo databases made this run, by binary and demo days: template databases, which each test's
# database is created from (`CREATE DATABASE … TEMPLATE`, a file copy) instead of running `frontdesk demo`
# (about 9 seconds on PostgreSQL) again. Named per process: pytest-xdist's workers make their own.
_POSTGRES_DEMO_TEMPLATES = {}


@contextlib.contextmanager
def fresh_postgres_demo(binary, prefix):
    """A new PostgreSQL database holding the demo made on today's days (`demo_days`): its URL; dropped
    afterwards. The first one of a run is made by `frontdesk demo` and kept as the others' template."""
    admin = postgres_admin_url()
    key = (binary, demo_days())
    template = _POSTGRES_DEMO_TEMPLATES.get(key)
    if template is None:
        template = f"frontdesk_demo_template_{uuid.uuid4().hex[:12]}"
        run_sql(admin, f"CREATE DATABASE {template}")
        url = urllib.parse.urlunsplit(urllib.parse.urlsplit(admin)._replace(path=f"/{template}"))
        run_sql(url, "CREATE EXTENSION IF NOT EXISTS btree_gist")
        subprocess.run([binary, "demo", "--database", url], check=True, capture_output=True)
        _POSTGRES_DEMO_TEMPLATES[key] = template
    with fresh_postgres_database(prefix, template=template) as url:
        yield url


@atexit.register
def _drop_postgres_demo_templates():
    admin = os.environ.get("FRONTDESK_TEST_POSTGRES_URL")
    for template in _POSTGRES_DEMO_TEMPLATES.values():
        with contextlib.suppress(Exception):
            run_sql(admin, f"DROP DATABASE IF EXISTS {template} WITH (FORCE)")


@contextlib.contextmanager
def fresh_postgres_database(prefix, template=None):
    """A new database (with btree_gist) in the test PostgreSQL server, a copy of `template` if one is named:
    its URL; dropped afterwards."""
    admin = postgres_admin_url()
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    run_sql(admin, f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
    url = urllib.parse.urlunsplit(urllib.parse.urlsplit(admin)._replace(path=f"/{name}"))
    try:
        run_sql(url, "CREATE EXTENSION IF NOT EXISTS btree_gist")
        yield url
    finally:
        try:
            run_sql(admin, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        except subprocess.CalledProcessError as error:
            print(f"could not drop {name}: {error.stderr}", file=sys.stderr)
