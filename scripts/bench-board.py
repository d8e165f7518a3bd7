#!/usr/bin/env python3
"""The hotel board's reads, for two builds of `frontdesk` side by side in one run.

    python3 scripts/bench-board.py BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
        [--rooms 2000] [--days 730] [--occupancy 0.4] [--reads 15]

Fills one database with a hotel of --rooms rooms and --days days of stays (`frontdesk demo --rooms`)
with the baseline build and gives each build a copy of it (a file copy on SQLite, `CREATE DATABASE ...
TEMPLATE` on PostgreSQL; each build migrates its copy as it starts). Then, alternating between the
builds round by round so that a noisy machine weighs on both, it times on loopback:

- cold 120 / cold 14: `GET /api/v1/properties/{id}/board` for 120 or 14 days, each read over days
  no read asked before, so that no cache answers it;
- after a change: a stay booked at the property (`POST .../stays`, 2 nights inside the days shown), then
  the 120-day board the desk has open read again: the change's cost to the next read.

Prints each figure's median and 90th percentile in milliseconds (the client's whole request: the server's
time and the 1.7 MB on loopback), and checks that both builds answer the same boards.
PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by scripts/with-postgres.sh when unset).
"""

import argparse
import datetime
import http.cookiejar
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_support import ROOT, free_port, wait_healthy  # noqa: E402


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("baseline")
    parser.add_argument("candidate")
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--days", type=int, default=730)
    parser.add_argument("--occupancy", type=float, default=0.4)
    parser.add_argument("--reads", type=int, default=15, help="reads of each kind per build and round")
    parser.add_argument("--rounds", type=int, default=2)
    return parser.parse_args()


def psql(url, *commands):
    subprocess.run(["psql", "-X", "-q", "-d", url] + [arg for c in commands for arg in ("-c", c)], check=True)


class Server:
    def __init__(self, name, binary, database, work):
        self.name = name
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(work / f"{name}.log", "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--database", database, "--port", str(port), "--web", ""],
            stdout=self.log, stderr=subprocess.STDOUT)
        wait_healthy(self.base, self.process, attempts=3000)
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.call("POST", "/api/v1/session", {"email": "bench@example.com", "password": "bench-password"})
        self.property = 1
        self.room_types = [t["id"] for t in self.call("GET", f"/api/v1/properties/{self.property}")["roomTypes"]]
        self.today = datetime.date.fromisoformat(self.call("GET", f"/api/v1/properties/{self.property}/today")["date"])

    def call(self, method, path, body=None, raw=False):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with self.opener.open(request, timeout=60) as response:
            answer = response.read()
        return answer if raw else json.loads(answer or b"null")

    def board(self, start, days):
        end = start + datetime.timedelta(days=days)
        began = time.perf_counter()
        body = self.call("GET", f"/api/v1/properties/{self.property}/board?from={start}&to={end}", raw=True)
        return (time.perf_counter() - began) * 1000, body

    def book(self, arrival, counter):
        self.call("POST", f"/api/v1/properties/{self.property}/stays", {
            "roomTypeId": self.room_types[counter % len(self.room_types)], "arrival": str(arrival),
            "departure": str(arrival + datetime.timedelta(days=2)), "adults": 1,
            "guest": {"name": f"Bench {self.name} {counter}"}})

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        self.log.close()


def run(args, database):
    work = Path(tempfile.mkdtemp(prefix="frontdesk-bench-board."))
    servers = []
    try:
        if database == "sqlite":
            source = str(work / "hotel.sqlite")
            targets = {name: str(work / f"{name}.sqlite") for name in ("baseline", "candidate")}
        else:
            url = os.environ["FRONTDESK_TEST_POSTGRES_URL"]
            prefix = url.rsplit("/", 1)[0]
            psql(url, "DROP DATABASE IF EXISTS bench_board", "CREATE DATABASE bench_board")
            psql(f"{prefix}/bench_board", "CREATE EXTENSION IF NOT EXISTS btree_gist")
            source = f"{prefix}/bench_board"
            targets = {name: f"{prefix}/bench_board_{name}" for name in ("baseline", "candidate")}
        began = time.perf_counter()
        filled = subprocess.run(
            [args.baseline, "demo", "--database", source, "--rooms", str(args.rooms), "--days", str(args.days),
             "--occupancy", str(args.occupancy)], check=True, capture_output=True, text=True).stdout.strip()
        subprocess.run([args.baseline, "user", "add", "--database", source, "--email", "bench@example.com",
                        "--role", "manager", "--name", "Bench", "--password-stdin"],
                       input="bench-password\n", check=True, capture_output=True, text=True)
        print(f"{database}: {filled.splitlines()[-1]} ({time.perf_counter() - began:.0f} s to fill)", flush=True)
        for name, target in targets.items():
            if database == "sqlite":
                shutil.copyfile(source, target)
            else:
                psql(url, f"DROP DATABASE IF EXISTS bench_board_{name}",
                     f"CREATE DATABASE bench_board_{name} TEMPLATE bench_board")
        servers = [Server(name, binary, targets[name], work)
                   for name, binary in (("baseline", args.baseline), ("candidate", args.candidate))]
        figures = {server.name: {"cold 120": [], "cold 14": [], "after a change": []} for server in servers}
        today = servers[0].today
        shown = today - datetime.timedelta(days=30)
        first = {}
        for server in servers:
            # The same board from both builds (JSON objects compared, as key order may differ).
            first[server.name] = json.loads(server.board(shown + datetime.timedelta(days=3), 60)[1])
        same = first["baseline"] == first["candidate"]
        offset = 0
        for round_ in range(args.rounds):
            for server in servers:
                for index in range(args.reads):
                    start = today + datetime.timedelta(days=offset + index)
                    figures[server.name]["cold 120"].append(server.board(start - datetime.timedelta(days=30), 120)[0])
                    figures[server.name]["cold 14"].append(server.board(start, 14)[0])
                server.board(shown, 120)
                for index in range(args.reads):
                    server.book(today + datetime.timedelta(days=index % 60), round_ * args.reads + index)
                    figures[server.name]["after a change"].append(server.board(shown, 120)[0])
            offset += args.reads
        print(f"{database}: both builds answer the same board: {'yes' if same else 'NO'}")
        print(f"| read | {database}: baseline median / p90 | candidate median / p90 | ratio of medians |")
        print("|---|---|---|---|")
        for kind in ("cold 120", "cold 14", "after a change"):
            cells = []
            for server in servers:
                values = sorted(figures[server.name][kind])
                cells.append((statistics.median(values), values[int(len(values) * 0.9) - 1]))
            ratio = cells[0][0] / cells[1][0]
            print(f"| {kind} | {cells[0][0]:.1f} / {cells[0][1]:.1f} ms | {cells[1][0]:.1f} / {cells[1][1]:.1f} ms"
                  f" | {ratio:.1f}x |", flush=True)
        return same
    finally:
        for server in servers:
            server.stop()
        if database == "postgres":
            url = os.environ["FRONTDESK_TEST_POSTGRES_URL"]
            for name in ("bench_board", "bench_board_baseline", "bench_board_candidate"):
                psql(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        shutil.rmtree(work, ignore_errors=True)


def main():
    args = parse()
    databases = ["sqlite", "postgres"] if args.database == "both" else [args.database]
    if "postgres" in databases and not os.environ.get("FRONTDESK_TEST_POSTGRES_URL"):
        os.execvp(str(ROOT / "scripts/with-postgres.sh"),
                  [str(ROOT / "scripts/with-postgres.sh"), sys.executable] + sys.argv)
    ok = all([run(args, database) for database in databases])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
