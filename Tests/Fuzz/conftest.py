"""Fuzz tests of the JSON API with schemathesis against a real server over a fresh demo database.

A `frontdesk serve` runs on a free loopback port over a fresh demo database: a SQLite file, and, when
FRONTDESK_TEST_POSTGRES_URL is set (scripts/with-postgres.sh sets it), a fresh PostgreSQL database made in
that server (`CREATE DATABASE fuzz_<random>`, dropped afterwards).

Env: FRONTDESK_BIN (default .build/debug/frontdesk; this never runs `swift build`),
FRONTDESK_TEST_POSTGRES_URL (optional). Server logs are kept in Tests/Fuzz/artifacts/ (not committed).
"""

import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from frontdesk_server import (  # noqa: E402
    free_port,
    fresh_postgres_database,
    frontdesk_binary,
    serve_command,
    stop,
    wait_until_serving,
)

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
HARNESS_EMAIL = "fuzz-harness@example.com"
HARNESS_PASSWORD = "fuzz-harness-" + uuid.uuid4().hex


def stable_copy(binary, folder, wait_seconds=600):
    """A copy of `binary` in `folder`, taken while it is not being written: the binary may be rebuilt
    while the tests run, and a copy keeps the server (and restarts after a crash) on one build."""
    dest = os.path.join(folder, "frontdesk")
    deadline = time.monotonic() + wait_seconds
    while True:
        try:
            before = os.stat(binary)
            time.sleep(1)
            if (before.st_mtime_ns, before.st_size) == (os.stat(binary).st_mtime_ns, os.stat(binary).st_size):
                shutil.copy2(binary, dest)
                after = os.stat(binary)
                if (before.st_mtime_ns, before.st_size) == (after.st_mtime_ns, after.st_size):
                    probe = subprocess.run([dest, "--help"], capture_output=True, timeout=60)
                    if probe.returncode == 0:
                        with open(dest, "rb") as f:
                            digest = hashlib.sha256(f.read()).hexdigest()[:12]
                        built = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(before.st_mtime))
                        stable_copy.build = f"{binary}, built {built} UTC, sha256 {digest}"
                        return dest
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{binary} did not stay unchanged long enough to copy it")
        time.sleep(2)


class Server:
    """One `frontdesk serve` process over one database; restartable (same database) after a crash."""

    def __init__(self, binary, database, label, log_path):
        self.binary = binary
        self.database = database
        self.label = label
        self.log_path = log_path
        self.process = None
        self.port = None
        self.base_url = None
        self.restarts = 0
        self.build = binary
        self.harness_login = None  # (email, password) of a manager the fuzzer does not sign in as
        self._log = None

    def start(self):
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self._log = open(self.log_path, "a")
        self._log.write(f"\n===== frontdesk serve on port {self.port} (start #{self.restarts + 1}) =====\n")
        self._log.flush()
        self.process = subprocess.Popen(
            serve_command(self.binary, self.port, self.database), stdout=self._log, stderr=subprocess.STDOUT
        )
        wait_until_serving(self.base_url, self.process, self.log_path)

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def exit_status(self):
        return None if self.process is None else self.process.poll()

    def tail(self, lines=25):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def read_new_log(self):
        """What the server has written to its log since the last call."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(getattr(self, "_log_offset", 0))
                text = f.read()
                self._log_offset = f.tell()
            return text.decode("utf-8", "replace")
        except OSError:
            return ""

    def restart(self):
        self.stop()
        self.restarts += 1
        self.start()

    def stop(self):
        stop(self.process, "fuzz_server")
        self.process = None
        if self._log:
            self._log.close()
            self._log = None


@pytest.fixture(scope="session", params=["sqlite", "postgres"])
def fuzz_server(request):
    """A running `frontdesk serve` over a fresh demo database of the parameter's kind: a `Server`."""
    kind = request.param
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: build it first (swift build), or set FRONTDESK_BIN")
    work = tempfile.mkdtemp(prefix=f"frontdesk-fuzz-{kind}-")
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"server-{kind}.log"
    log_path.write_text("")
    databases = contextlib.ExitStack()
    if kind == "sqlite":
        database = os.path.join(work, "fd.sqlite")
    else:
        database = databases.enter_context(fresh_postgres_database("fuzz"))
    server = None
    try:
        binary = stable_copy(binary, work)
        demo = subprocess.run([binary, "demo", "--database", database], capture_output=True, text=True)
        if demo.returncode != 0:
            pytest.fail(f"frontdesk demo failed ({demo.returncode}):\n{demo.stdout}\n{demo.stderr}")
        # The harness's own manager, apart from the demo's login: the fuzzer may lock the demo's account
        # out with wrong passwords (sign-in is throttled per account and per address).
        added = subprocess.run(
            [binary, "user", "add", "--email", HARNESS_EMAIL, "--role", "manager", "--password-stdin",
             "--database", database],
            input=HARNESS_PASSWORD + "\n", capture_output=True, text=True,
        )
        if added.returncode != 0:
            pytest.fail(f"frontdesk user add failed ({added.returncode}):\n{added.stdout}\n{added.stderr}")
        server = Server(binary, database, kind, str(log_path))
        server.build = getattr(stable_copy, "build", binary)
        server.harness_login = (HARNESS_EMAIL, HARNESS_PASSWORD)
        server.start()
        yield server
    finally:
        if server is not None:
            server.stop()
        databases.close()
        shutil.rmtree(work, ignore_errors=True)
