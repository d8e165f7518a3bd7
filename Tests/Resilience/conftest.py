"""Resilience tests: a real `frontdesk serve` over a fresh demo database (SQLite, and PostgreSQL when
FRONTDESK_TEST_POSTGRES_URL names a throwaway server, as scripts/with-postgres.sh sets it), which the tests
may kill with SIGKILL and start again on the same database.

Env: FRONTDESK_BIN (default: `swift build --show-bin-path`/frontdesk), FRONTDESK_TEST_POSTGRES_URL
(optional; a fresh database is created in that server for each test and dropped afterwards; with
FRONTDESK_REQUIRE_POSTGRES set, its absence fails the PostgreSQL case rather than skipping it). A failed
test keeps its folder (SQLite database, server logs) and says where.
"""

import os
import shutil
import signal
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


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def frontdesk_binary():
    explicit = os.environ.get("FRONTDESK_BIN")
    if explicit:
        return explicit
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return str(Path(bin_path) / "frontdesk")


class Server:
    """`frontdesk serve` on a free loopback port over one database; started again (on a new port, so that
    no socket of the old process is in the way) after a kill. Each run logs to its own file."""

    def __init__(self, binary, database, work):
        self.binary = binary
        self.database = database
        self.work = work
        self.process = None
        self.base = None
        self.runs = 0
        self.extra_args = []

    @property
    def log_path(self):
        return os.path.join(self.work, f"server-{self.runs}.log")

    def start(self, timeout=30):
        assert self.process is None or self.process.poll() is not None, "the server is already running"
        self.runs += 1
        port = _free_port()
        log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [
                self.binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", self.database,
                "--web", str(WEB), "--public-rate-limit", "100000", *self.extra_args,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(f"{self.base}/healthz", timeout=1).read()
                return self.base
            except OSError:
                if self.process.poll() is not None:
                    pytest.fail(f"the server stopped (exit {self.process.returncode}): {open(self.log_path).read()}")
                if time.monotonic() > deadline:
                    pytest.fail(f"the server did not answer /healthz within {timeout} s; log {self.log_path}")
                time.sleep(0.05)

    def kill9(self):
        """SIGKILL, and wait until the process is gone."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            print("resilience: server still running 10 s after SIGTERM; killed", file=sys.stderr)
            self.process.kill()
            self.process.wait(timeout=10)


def _psql():
    found = shutil.which("psql")
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin/psql"))
    if not candidates:
        pytest.fail("FRONTDESK_TEST_POSTGRES_URL is set but there is no psql to create a database with")
    return str(candidates[-1])


def _admin_sql(url, statement):
    subprocess.run(
        [_psql(), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement],
        check=True, capture_output=True, text=True, timeout=60,
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(params=["sqlite", "postgres"])
def server(request):
    """A `Server` over a fresh demo database (not started): `request.param` says which kind."""
    yield from _server(request, request.param)


@pytest.fixture
def sqlite_server(request):
    """A `Server` over a fresh SQLite demo database (not started), for what does not depend on the database."""
    yield from _server(request, "sqlite")


def _server(request, kind):
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    admin_url = os.environ.get("FRONTDESK_TEST_POSTGRES_URL")
    if kind == "postgres" and not admin_url:
        if os.environ.get("FRONTDESK_REQUIRE_POSTGRES"):
            pytest.fail("FRONTDESK_REQUIRE_POSTGRES is set but FRONTDESK_TEST_POSTGRES_URL is not")
        pytest.skip("FRONTDESK_TEST_POSTGRES_URL is not set: run through scripts/with-postgres.sh")
    work = tempfile.mkdtemp(prefix=f"frontdesk-resilience-{kind}-")
    created = None
    if kind == "sqlite":
        database = os.path.join(work, "kill9.sqlite")
    else:
        name = f"frontdesk_kill9_{uuid.uuid4().hex[:12]}"
        _admin_sql(admin_url, f"CREATE DATABASE {name}")
        created = name
        parts = urllib.parse.urlsplit(admin_url)
        database = urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
        _admin_sql(database, "CREATE EXTENSION IF NOT EXISTS btree_gist")
    for command in ("migrate", "demo"):
        made = subprocess.run([binary, command, "--database", database], capture_output=True, text=True)
        assert made.returncode == 0, f"frontdesk {command} failed: {made.stdout}{made.stderr}"
    instance = Server(binary, database, work)
    instance.kind = kind
    try:
        yield instance
    finally:
        instance.stop()
        failed = any(getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call"))
        if created:
            try:
                _admin_sql(admin_url, f"DROP DATABASE IF EXISTS {created} WITH (FORCE)")
            except subprocess.CalledProcessError as error:
                print(f"resilience: could not drop {created}: {error.stderr}", file=sys.stderr)
        if failed:
            print(f"resilience: kept {work} (database, server logs)", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
