#!/usr/bin/env python3
"""A folio charge's cost to the server, for two builds of `frontdesk` side by side, one request at a time.

    python3 scripts/bench-charge-cpu.py BASELINE_BIN CANDIDATE_BIN [--blocks 6] [--requests 200]

`frontdesk demo` (by the baseline) fills one SQLite database, with a manager bench@example.com; each build
serves a copy of it (migrating it as it starts). Then, in blocks alternating between the builds, each posts
the same charges (`POST /api/v1/stays/{id}/charges`, a minibar at the demo's Thai hotel, whose service charge
and VAT are added, to its stays in house in turn), one at a time on one kept-alive connection, so that both
builds' folios grow alike. Prints each block's server CPU time a request (user and system, from /proc) and
the median of the requests' times: wrk's rounds on a shared machine swing more than either.
"""

import argparse
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_support import free_port, wait_healthy  # noqa: E402


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, name, binary, database, work):
        self.name = name
        self.port = free_port()
        self.log = open(work / f"{name}.log", "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--database", str(database), "--port", str(self.port), "--web", ""],
            stdout=self.log, stderr=subprocess.STDOUT)
        wait_healthy(f"http://127.0.0.1:{self.port}", self.process, attempts=3000)
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        answer = self.call("POST", "/api/v1/session", {"email": "bench@example.com", "password": "bench-password"})
        self.cookie = answer[1].split(";")[0]

    def call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"}
        if getattr(self, "cookie", None):
            headers["Cookie"] = self.cookie
        self.connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        assert response.status < 400, (response.status, data[:300])
        return json.loads(data or b"null"), response.getheader("Set-Cookie") or ""

    def stop(self):
        self.connection.close()
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("baseline")
    parser.add_argument("candidate")
    parser.add_argument("--blocks", type=int, default=6)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="frontdesk-bench-charge-"))
    servers = []
    try:
        source = work / "source.sqlite"
        filled = subprocess.run([args.baseline, "demo", "--database", str(source)], check=True, capture_output=True,
                                text=True).stdout.strip().splitlines()[-1]
        hotel = int(filled.split("hotel ")[1].split()[0])
        subprocess.run([args.baseline, "user", "add", "--database", str(source), "--email", "bench@example.com",
                        "--role", "manager", "--name", "Bench", "--password-stdin"], input="bench-password\n",
                       check=True, capture_output=True, text=True)
        for name, binary in (("baseline", args.baseline), ("candidate", args.candidate)):
            shutil.copyfile(source, work / f"{name}.sqlite")
            servers.append(Server(name, binary, work / f"{name}.sqlite", work))
        today = servers[0].call("GET", f"/api/v1/properties/{hotel}/today")[0]
        stays = sorted({entry["stay"]["id"] for entry in today["inHouse"]})
        currency = servers[0].call("GET", f"/api/v1/properties/{hotel}")[0]["currency"]
        print(f"the demo's hotel {hotel}: {len(stays)} stays in house; {args.requests} charges a block")
        print("| block | baseline CPU a request / median | candidate CPU a request / median |")
        print("|---|---|---|")
        posted = 0
        for block in range(args.blocks):
            cells = []
            for server in servers:
                times = []
                before = cpu_seconds(server.process.pid)
                for index in range(args.requests):
                    stay = stays[(posted + index) % len(stays)]
                    body = {"description": "Minibar", "category": "minibar",
                            "amount": {"amount": 100 * (5 + (posted + index) * 37 % 495), "currency": currency}}
                    started = time.perf_counter()
                    server.call("POST", f"/api/v1/stays/{stay}/charges", body)
                    times.append((time.perf_counter() - started) * 1000)
                used = cpu_seconds(server.process.pid) - before
                cells.append(f"{used * 1000 / args.requests:.2f} ms / {statistics.median(times):.2f} ms")
            posted += args.requests
            print(f"| {block + 1} | " + " | ".join(cells) + " |", flush=True)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
