"""What a client sends at the edge of HTTP never hangs the server or keeps it from stopping: raw sockets
against a real `frontdesk serve` (SQLite), each refusal an answer with the API's error body."""

import json
import socket
import time
import urllib.request

import pytest


@pytest.fixture
def running(sqlite_server):
    """The connection handling is the same on both databases: SQLite only."""
    sqlite_server.extra_args = ["--request-head-timeout", "2"]
    sqlite_server.start()
    return sqlite_server


def _address(server):
    host, port = server.base.removeprefix("http://").split(":")
    return host, int(port)


def exchange(server, data, wait=5.0):
    """Sends `data` and reads until the server closes the connection or `wait` passes; gives the bytes
    and whether the server closed."""
    with socket.create_connection(_address(server), timeout=wait) as connection:
        connection.sendall(data)
        received = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                return received, False
            if not chunk:
                return received, True
            received += chunk
        return received, False


def status_and_error(response):
    head, _, body = response.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    return status, json.loads(body)["error"] if body else None


def sign_in(server):
    request = urllib.request.Request(
        f"{server.base}/api/v1/session",
        data=json.dumps({"email": "frontdesk@example.com", "password": "frontdesk-demo"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return response.headers["Set-Cookie"].split(";")[0]


def upgrade(path, cookie=None, extra=b""):
    lines = [
        f"GET {path} HTTP/1.1".encode(), b"Host: 127.0.0.1", b"Upgrade: websocket", b"Connection: Upgrade",
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", b"Sec-WebSocket-Version: 13",
    ]
    if cookie:
        lines.append(f"Cookie: {cookie}".encode())
    return b"\r\n".join(lines) + b"\r\n" + extra + b"\r\n"


def test_a_request_line_of_100000_characters_is_answered_431_and_closed(running):
    response, closed = exchange(running, b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert closed
    status, error = status_and_error(response)
    assert status == 431 and error["code"] == "request_too_large"


def test_a_malformed_request_is_answered_400_and_closed(running):
    response, closed = exchange(running, b"GAR BAGE\x01\r\n\r\n")
    assert closed
    assert status_and_error(response)[0] == 400


def test_half_a_request_is_answered_408_when_its_time_is_up(running):
    started = time.monotonic()
    response, closed = exchange(running, b"GET /healthz HTTP/1.1\r\nHost: x\r\n", wait=10)
    assert closed and 1.5 < time.monotonic() - started < 6
    status, error = status_and_error(response)
    assert status == 408 and error["code"] == "request_timeout"


def test_a_kept_alive_connection_sending_half_its_next_request_is_closed_when_its_time_is_up(running):
    started = time.monotonic()
    response, closed = exchange(
        running, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n", wait=10
    )
    assert response.startswith(b"HTTP/1.1 200")
    assert closed and time.monotonic() - started < 6


def test_a_websocket_upgrade_with_a_body_is_refused_400(running):
    cookie = sign_in(running)
    response, closed = exchange(running, upgrade("/api/v1/properties/1/events", cookie, b"Content-Length: 5\r\n") + b"hello")
    assert closed
    assert status_and_error(response)[0] == 400


@pytest.mark.parametrize(
    "path, signed_in, status, field",
    [
        ("/api/v1/properties/1/events", False, 401, None),
        ("/api/v1/properties/999/events", True, 404, "id"),
        ("/api/v1/properties/1/events?after=soon", True, 400, "after"),
    ],
)
def test_a_refused_websocket_upgrade_says_why_with_its_status(running, path, signed_in, status, field):
    cookie = sign_in(running) if signed_in else None
    response, _ = exchange(running, upgrade(path, cookie), wait=3)
    got, error = status_and_error(response)
    assert got == status
    assert error is not None and error.get("field") == field


def test_a_websocket_upgrade_that_is_allowed_streams(running):
    response, closed = exchange(running, upgrade("/api/v1/properties/1/events", sign_in(running)), wait=1)
    assert not closed
    assert response.startswith(b"HTTP/1.1 101")
    assert b'{"type":"hello"' in response


@pytest.mark.parametrize("holding", ["half a request", "a live event stream"])
def test_sigterm_stops_the_server_at_once_whatever_a_client_holds_open(running, holding):
    connection = socket.create_connection(_address(running))
    try:
        if holding == "half a request":
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        else:
            connection.sendall(upgrade("/api/v1/properties/1/events", sign_in(running)))
            assert connection.recv(100).startswith(b"HTTP/1.1 101")
        time.sleep(0.3)
        started = time.monotonic()
        running.process.terminate()
        running.process.wait(timeout=8)
        assert time.monotonic() - started < 3
    finally:
        connection.close()


def test_a_slowloris_from_one_address_leaves_the_server_answering_everyone_else(sqlite_server):
    """300 connections from one address each holding half a request: past the address's limit (here
    64) they are closed at once, and /healthz answers a client from another loopback address in well
    under the head timeout, while the half requests are still held."""
    sqlite_server.extra_args = ["--request-head-timeout", "20", "--connections-per-address", "64"]
    sqlite_server.start()
    host, port = _address(sqlite_server)
    held = []
    try:
        for _ in range(300):
            connection = socket.create_connection((host, port), timeout=5)
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            held.append(connection)
        time.sleep(0.5)
        # The server closed those past the limit: they read an end of stream, the first 64 wait.
        closed = 0
        for connection in held:
            connection.settimeout(0.05)
            try:
                closed += connection.recv(1) == b""
            except ConnectionResetError:
                closed += 1
            except socket.timeout:
                pass
        assert closed == 300 - 64
        started = time.monotonic()
        with socket.create_connection((host, port), timeout=5, source_address=("127.0.0.2", 0)) as other:
            other.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = b""
            while chunk := other.recv(65536):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 200"), answer[:80]
        assert time.monotonic() - started < 2
    finally:
        for connection in held:
            connection.close()
