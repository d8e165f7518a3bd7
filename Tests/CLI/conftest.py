"""Tests of the `frontdesk` executable's commands, run as a hotel's staff would run them, on SQLite and on
PostgreSQL (a fresh database in the server FRONTDESK_TEST_POSTGRES_URL names, as scripts/with-postgres.sh sets
it; skipped without it unless FRONTDESK_REQUIRE_POSTGRES is set).

Env: FRONTDESK_BIN (default: `swift build --show-bin-path`/frontdesk).
"""

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from frontdesk_server import fresh_postgres_database, frontdesk_binary  # noqa: E402


class Frontdesk:
    """Runs `frontdesk` and gives its exit code, standard output and standard error."""

    def __init__(self, binary):
        self.binary = binary

    def __call__(self, *args, stdin=None, env=None):
        """Bytes in and out, decoded as UTF-8 without turning CRLF into LF (files end their lines in CRLF);
        `env` adds to the environment."""
        done = subprocess.run(
            [self.binary, *map(str, args)], input=stdin.encode() if stdin is not None else None,
            capture_output=True, timeout=120, env={**os.environ, **(env or {})},
        )
        return done.returncode, done.stdout.decode(), done.stderr.decode()


@pytest.fixture(scope="session")
def frontdesk():
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    return Frontdesk(binary)


@pytest.fixture(params=["sqlite", "postgres"])
def databases(request, tmp_path):
    """Two fresh, empty databases of the kind `request.param` names: a function that makes them."""
    with contextlib.ExitStack() as stack:
        made = iter(range(2))

        def database():
            index = next(made)
            if request.param == "sqlite":
                return str(tmp_path / f"hotel-{index}.sqlite")
            return stack.enter_context(fresh_postgres_database("frontdesk_cli"))

        yield database
