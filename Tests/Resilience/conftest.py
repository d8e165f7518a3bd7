"""Resilience tests: a real `frontdesk serve` over a fresh demo database (SQLite, and PostgreSQL when
FRONTDESK_TEST_POSTGRES_URL names a throwaway server, as scripts/with-postgres.sh sets it), which the tests
may kill with SIGKILL and start again on the same database.

Env: FRONTDESK_BIN (default: `swift build --show-bin-path`/frontdesk), FRONTDESK_TEST_POSTGRES_URL
(optional; a fresh database is created in that server for each test and dropped afterwards; with
FRONTDESK_REQUIRE_POSTGRES set, its absence fails the PostgreSQL case rather than skipping it). A failed
test keeps its folder (SQLite database, server logs) and says where.
"""

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from frontdesk_server import (  # noqa: E402
    free_port,
    fresh_demo,
    fresh_postgres_demo,
    frontdesk_binary,
    serve_command,
    stop,
    wait_until_serving,
)


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
        # Settings from the environment (`FRONTDESK_SMTP_HOST`, ...), added to the test's own.
        self.env = {}

    @property
    def log_path(self):
        return os.path.join(self.work, f"server-{self.runs}.log")

    def start(self, timeout=30):
        assert self.process is None or self.process.poll() is not None, "the server is already running"
        self.runs += 1
        port = free_port()
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                serve_command(self.binary, port, self.database, *self.extra_args), stdout=log, stderr=subprocess.STDOUT,
                env={**os.environ, **self.env},
            )
        self.base = f"http://127.0.0.1:{port}"
        wait_until_serving(self.base, self.process, self.log_path, timeout)
        return self.base

    def kill9(self):
        """SIGKILL, and wait until the process is gone."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        stop(self.process, "resilience")


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
def postgres_server(request):
    """A `Server` over a fresh PostgreSQL demo database (not started), for what is PostgreSQL's own."""
    yield from _server(request, "postgres")


@pytest.fixture
def sqlite_server(request):
    """A `Server` over a fresh SQLite demo database (not started), for what does not depend on the database."""
    yield from _server(request, "sqlite")


def _server(request, kind):
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    work = tempfile.mkdtemp(prefix=f"frontdesk-resilience-{kind}-")
    with contextlib.ExitStack() as databases:
        # The demo is made once a run for each kind of database, and each test serves a copy of its own.
        if kind == "sqlite":
            database = os.path.join(work, "kill9.sqlite")
            fresh_demo(binary, database)
        else:
            database = databases.enter_context(fresh_postgres_demo(binary, "frontdesk_kill9"))
        instance = Server(binary, database, work)
        instance.kind = kind
        try:
            yield instance
        finally:
            instance.stop()
            failed = any(
                getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call")
            )
            if failed:
                print(f"resilience: kept {work} (database, server logs)", file=sys.stderr)
            else:
                shutil.rmtree(work, ignore_errors=True)
