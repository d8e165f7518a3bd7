"""A desk's live stream across a restart of its PostgreSQL: the stream stays open while the database is
away, and every change made once it is back arrives in order, none missed (`scripts/with-postgres.sh`
says where its server's data is, so that the test can restart it)."""

import base64
import json
import os
import shlex
import socket
import struct
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest


def _postgres_control():
    """Stops the throwaway PostgreSQL for `seconds`, then starts it again as it was."""
    data, pg_ctl = os.environ.get("FRONTDESK_TEST_POSTGRES_DATA"), os.environ.get("FRONTDESK_TEST_PG_CTL")
    if not data or not pg_ctl:
        if os.environ.get("FRONTDESK_REQUIRE_POSTGRES"):
            pytest.fail("FRONTDESK_TEST_POSTGRES_DATA and FRONTDESK_TEST_PG_CTL are not set (scripts/with-postgres.sh)")
        pytest.skip("no throwaway PostgreSQL to restart")

    def run(*arguments):
        command = [pg_ctl, "-D", data, *arguments]
        command = ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command
        # Logging to its file as before: the server it starts must not hold this test's pipes open.
        done = subprocess.run(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=90,
            cwd=os.path.dirname(data),
        )
        assert done.returncode == 0, f"pg_ctl {arguments[0]} failed"

    def restart(seconds):
        # The options it was started with, as PostgreSQL wrote them down.
        options = shlex.split(Path(data, "postmaster.opts").read_text())[1:]
        options = [o for i, o in enumerate(options) if o != "-D" and (i == 0 or options[i - 1] != "-D")]
        run("-m", "fast", "-w", "stop")
        time.sleep(seconds)
        run("-l", os.path.join(os.path.dirname(data), "log"), "-w", "-t", "60", "-o", shlex.join(options), "start")

    return restart


def _request(base, method, path, body=None, cookie=None):
    request = urllib.request.Request(
        f"{base}{path}", method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", **({"Cookie": cookie} if cookie else {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, json.loads(response.read() or b"null")


class EventSocket:
    """A WebSocket client of the event stream, enough for text frames from the server."""

    def __init__(self, base, path, cookie):
        host, port = base.removeprefix("http://").split(":")
        self.connection = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.connection.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-Fetch-Site: same-origin\r\n"
            f"Cookie: {cookie}\r\n\r\n".encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.connection.recv(4096)
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.connection.recv(65536)
            if not chunk:
                raise ConnectionError("the stream closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def next(self, timeout):
        """The next text message as JSON; raises on a close frame (with its code) or when none comes."""
        self.connection.settimeout(timeout)
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                raise ConnectionError(f"the server closed the stream with code {code}")
            if opcode == 0x9:  # a ping: answer it, masked as a client must
                mask = os.urandom(4)
                self.connection.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
                continue
            if opcode == 0x1:
                return json.loads(payload)

    def close(self):
        self.connection.close()


def test_the_live_stream_stays_open_across_a_postgresql_restart_and_misses_nothing(postgres_server):
    """The stream wakes every five seconds: with the database away for seven, it reads it while it is
    gone, and waits for it rather than ending the stream (1011)."""
    restart = _postgres_control()
    base = postgres_server.start()
    status, headers, _ = _request(base, "POST", "/api/v1/session", {"email": "frontdesk@example.com", "password": "frontdesk-demo"})
    cookie = headers["Set-Cookie"].split(";")[0]
    _, _, properties = _request(base, "GET", "/api/v1/properties", cookie=cookie)
    hotel = next(p for p in properties["properties"] if p["kind"] == "hotel")
    _, _, prop = _request(base, "GET", f"/api/v1/properties/{hotel['id']}", cookie=cookie)
    rooms = [room["id"] for room in prop["rooms"]][:6]

    stream = EventSocket(base, f"/api/v1/properties/{hotel['id']}/events", cookie)
    try:
        hello = stream.next(10)
        assert hello["type"] == "hello"
        # Away longer than the stream's five-second wake-up: it reads the database while it is gone.
        restart(7)
        # Changes once the database is back (the first may meet a connection the restart closed: retried).
        for index, room in enumerate(rooms):
            change = {"status": "clean", "housekeeper": f"After the restart {index}"}
            deadline = time.monotonic() + 30
            while True:
                try:
                    _request(base, "PATCH", f"/api/v1/rooms/{room}/housekeeping", change, cookie)
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
        seen = []
        while len(seen) < len(rooms):
            message = stream.next(30)
            if message["type"] == "event":
                seen.append(message)
        seqs = [message["seq"] for message in seen]
        assert seqs == list(range(hello["seq"] + 1, hello["seq"] + 1 + len(rooms))), seqs
        assert [message["entityId"] for message in seen] == rooms
    finally:
        stream.close()
