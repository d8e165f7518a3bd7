#!/usr/bin/env python3
"""The hotel board's reads, or the guest search, for two builds of `frontdesk` side by side in one run.

    python3 scripts/bench-compare.py board|search BASELINE_BIN CANDIDATE_BIN [sqlite|postgres|both]
        [--rooms 2000] [--days 730] [--occupancy 0.4] [--reads 15] [--places 500] [--regions 1]
        [--place-rooms 40] [--seconds 8] [--adults 2]

Fills one database with the baseline build and gives each build a copy of it (a file copy on SQLite,
`CREATE DATABASE ... TEMPLATE` on PostgreSQL, vacuumed and analysed first; each build migrates its copy
as it starts). Then it alternates between the builds round by round, so that a noisy machine weighs on
both:

- board: a hotel of --rooms rooms and --days days of stays (`frontdesk demo --rooms`); timed on loopback:
  cold 120 / cold 14, `GET /api/v1/properties/{id}/board` for 120 or 14 days, each over days no read
  asked before, so that no cache answers it; after a change, a stay booked (`POST .../stays`, 2 nights
  inside the days shown) and then the 120-day board the desk has open read again. Prints each figure's
  median and 90th percentile in milliseconds (the whole request: the server's time and the 1.7 MB on
  loopback), and checks that both builds answer the same boards.
- search: --places places of --place-rooms rooms in "Benchmark Province" with 30 days of stays (`frontdesk
  demo --places`), or spread over --regions regions (`--regions`, filled by the candidate, as a baseline
  may not know the option); `wrk -t2 -c8` for --seconds a round against `GET /api/v1/public/search`, each
  request for random dates (arrival 1 to 25 days ahead, 1 to 4 nights) and, with --regions, a random
  region, from a Lua script, as the guest site's first request asks (a build that pages answers its first
  page); prints wrk's p50, p99 and requests/s, and before them the median and 95th percentile of
  --sequential searches one at a time (3 nights two weeks ahead, one kept-alive connection) with the server's
  CPU time a search (from /proc); checks that
  both builds answer the same results, on every page, for 20 random dates (and regions).

PostgreSQL needs FRONTDESK_TEST_POSTGRES_URL (started by scripts/with-postgres.sh when unset).
"""

import argparse
import datetime
import http.client
import http.cookiejar
import json
import math
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
    parser.add_argument("kind", choices=["board", "search"])
    parser.add_argument("baseline")
    parser.add_argument("candidate")
    parser.add_argument("database", nargs="?", default="sqlite", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--days", type=int, default=730)
    parser.add_argument("--occupancy", type=float, default=0.4)
    parser.add_argument("--reads", type=int, default=15, help="reads of each kind per build and round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--places", type=int, default=500)
    parser.add_argument("--regions", type=int, default=1, help="regions the places are spread over (search)")
    parser.add_argument("--place-rooms", type=int, default=40, help="rooms a place (search)")
    parser.add_argument("--seconds", type=int, default=8, help="wrk's run a build and round (search)")
    parser.add_argument("--adults", type=int, default=2,
                        help="the party searched for (search): 7 is more than any one room sleeps, so that every place"
                             " weighs its sets of rooms")
    parser.add_argument("--sequential", type=int, default=30, help="searches one at a time a build and round (search)")
    return parser.parse_args()


def psql(url, *commands):
    subprocess.run(["psql", "-X", "-q", "-d", url] + [arg for c in commands for arg in ("-c", c)], check=True)


class Server:
    def __init__(self, name, binary, database, work, hotel=True):
        self.name = name
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(work / f"{name}.log", "w")
        self.process = subprocess.Popen(
            [binary, "serve", "--database", database, "--port", str(port), "--web", "",
             "--public-rate-limit", "100000000"],
            stdout=self.log, stderr=subprocess.STDOUT)
        try:
            wait_healthy(self.base, self.process, attempts=3000)
        except SystemExit:
            self.log.close()
            print((work / f"{name}.log").read_text()[-2000:], file=sys.stderr)
            raise
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        if not hotel:
            return
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
    work = Path(tempfile.mkdtemp(prefix=f"frontdesk-bench-{args.kind}."))
    servers = []
    try:
        if database == "sqlite":
            source = str(work / "source.sqlite")
            targets = {name: str(work / f"{name}.sqlite") for name in ("baseline", "candidate")}
        else:
            url = os.environ["FRONTDESK_TEST_POSTGRES_URL"]
            prefix = url.rsplit("/", 1)[0]
            psql(url, "DROP DATABASE IF EXISTS bench_source", "CREATE DATABASE bench_source")
            psql(f"{prefix}/bench_source", "CREATE EXTENSION IF NOT EXISTS btree_gist")
            source = f"{prefix}/bench_source"
            targets = {name: f"{prefix}/bench_{name}" for name in ("baseline", "candidate")}
        began = time.perf_counter()
        size = (["--rooms", str(args.rooms), "--days", str(args.days), "--occupancy", str(args.occupancy)]
                if args.kind == "board" else ["--places", str(args.places), "--rooms", str(args.place_rooms),
                                              "--days", "30", "--occupancy", "0.6"])
        filler = args.baseline
        if args.kind == "search" and args.regions > 1:
            size += ["--regions", str(args.regions)]
            filler = args.candidate
        filled = subprocess.run([filler, "demo", "--database", source] + size,
                                check=True, capture_output=True, text=True).stdout.strip()
        subprocess.run([filler, "user", "add", "--database", source, "--email", "bench@example.com",
                        "--role", "manager", "--name", "Bench", "--password-stdin"],
                       input="bench-password\n", check=True, capture_output=True, text=True)
        if database == "postgres":
            # As autovacuum would in time, whichever build filled it: the planner's statistics, and pages
            # marked all-visible for index-only scans.
            psql(source, "VACUUM (ANALYZE)")
        print(f"{database}: {filled.splitlines()[-1]} ({time.perf_counter() - began:.0f} s to fill)", flush=True)
        for name, target in targets.items():
            if database == "sqlite":
                shutil.copyfile(source, target)
            else:
                psql(url, f"DROP DATABASE IF EXISTS bench_{name}", f"CREATE DATABASE bench_{name} TEMPLATE bench_source")
        servers = [Server(name, binary, targets[name], work, hotel=args.kind == "board")
                   for name, binary in (("baseline", args.baseline), ("candidate", args.candidate))]
        return (board if args.kind == "board" else search)(args, database, servers, work)
    finally:
        for server in servers:
            server.stop()
        if database == "postgres":
            url = os.environ["FRONTDESK_TEST_POSTGRES_URL"]
            for name in ("bench_source", "bench_baseline", "bench_candidate"):
                psql(url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        shutil.rmtree(work, ignore_errors=True)


def board(args, database, servers, work):
    figures = {server.name: {"cold 120": [], "cold 14": [], "after a change": []} for server in servers}
    today = servers[0].today
    shown = today - datetime.timedelta(days=30)
    # The same board from both builds (JSON objects compared, as key order may differ).
    first = [json.loads(server.board(shown + datetime.timedelta(days=3), 60)[1]) for server in servers]
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
    print(f"{database}: both builds answer the same board: {'yes' if first[0] == first[1] else 'NO'}")
    print(f"| read | {database}: baseline median / p90 | candidate median / p90 | ratio of medians |")
    print("|---|---|---|---|")
    for kind in ("cold 120", "cold 14", "after a change"):
        cells = []
        for server in servers:
            values = sorted(figures[server.name][kind])
            cells.append((statistics.median(values), values[int(len(values) * 0.9) - 1]))
        print(f"| {kind} | {cells[0][0]:.1f} / {cells[0][1]:.1f} ms | {cells[1][0]:.1f} / {cells[1][1]:.1f} ms"
              f" | {cells[0][0] / cells[1][0]:.1f}x |", flush=True)
    return first[0] == first[1]


SEARCH_LUA = """
math.randomseed(os.time() + math.floor(os.clock() * 1000000))
regions = REGIONS
request = function()
    local arrival = os.time() + math.random(1, 25) * 86400
    local departure = arrival + math.random(1, 4) * 86400
    local region = "benchmark"
    if regions > 1 then region = string.format("benchmark%%20province%%20%03d", math.random(1, regions)) end
    return wrk.format("GET", "/api/v1/public/search?region=" .. region .. "&adults=ADULTS&arrival="
        .. os.date("!%Y-%m-%d", arrival) .. "&departure=" .. os.date("!%Y-%m-%d", departure))
end
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format("p50 %.1f p99 %.1f rps %.1f errors %d\\n", latency:percentile(50) / 1000,
        latency:percentile(99) / 1000, summary.requests / (summary.duration / 1000000),
        e.status + e.connect + e.read + e.write + e.timeout))
end
"""


def every_result(server, path):
    """A search's results on every page, in order (a build that answers all at once ignores the paging)."""
    answer = json.loads(server.call("GET", f"{path}&limit=100", raw=True))
    results = answer["results"]
    while "pins" in answer and len(results) < answer["count"]:
        answer = json.loads(server.call("GET", f"{path}&limit=100&offset={len(results)}", raw=True))
        results += answer["results"]
    return results


def sequential(server, path, count):
    """`count` searches for `path` one after another on one kept-alive connection (after one to warm up): the
    median and 95th percentile of their times, in milliseconds, as a guest's phone meets them one at a time."""
    host, port = server.base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    times = []
    cpu = 0.0
    for index in range(count + 1):
        if index == 1:
            cpu = -server_cpu(server)
        started = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
        if index:
            times.append((time.perf_counter() - started) * 1000)
    cpu += server_cpu(server)
    connection.close()
    times.sort()
    return statistics.median(times), times[math.ceil(len(times) * 0.95) - 1], cpu * 1000 / count


def server_cpu(server):
    """The server's CPU time so far (user and system), in seconds: one at a time, what a request costs it,
    which varies less than its latency on a shared machine."""
    fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def search(args, database, servers, work):
    if not shutil.which("wrk"):
        subprocess.run(["apt-get", "install", "-y", "wrk"], check=True, capture_output=True)
    script = work / "search.lua"
    script.write_text(SEARCH_LUA.replace("REGIONS", str(args.regions)).replace("ADULTS", str(args.adults)))
    today = datetime.date.today()
    same = True
    for index in range(20):
        arrival = today + datetime.timedelta(days=1 + (index * 7) % 25)
        region = "benchmark" if args.regions == 1 else f"benchmark%20province%20{1 + index * 37 % args.regions:03d}"
        path = (f"/api/v1/public/search?region={region}&adults={args.adults}&arrival={arrival}"
                f"&departure={arrival + datetime.timedelta(days=1 + index % 4)}")
        answers = [every_result(server, path) for server in servers]
        same = same and answers[0] == answers[1]
    print(f"{database}: both builds answer the same results for 20 dates: {'yes' if same else 'NO'}"
          f" ({len(answers[0])} and {len(answers[1])} places found in the last)")
    figures = {server.name: [] for server in servers}
    for _ in range(args.rounds):
        for server in servers:
            out = subprocess.run(["wrk", "-t2", "-c8", f"-d{args.seconds}s", "--latency", "-s", str(script),
                                  server.base], check=True, capture_output=True, text=True).stdout
            line = next(line for line in out.splitlines() if line.startswith("p50 "))
            values = line.split()
            figures[server.name].append({"p50": float(values[1]), "p99": float(values[3]), "rps": float(values[5]),
                                         "errors": int(values[7])})
    # One at a time: 3 nights two weeks ahead, as a guest's first search asks.
    arrival = today + datetime.timedelta(days=14)
    path = (f"/api/v1/public/search?region=benchmark&adults={args.adults}&arrival={arrival}"
            f"&departure={arrival + datetime.timedelta(days=3)}")
    print(f"| round | {database}: baseline median / p95 of {args.sequential} searches one at a time, server CPU a"
          " search | candidate |")
    print("|---|---|---|")
    for round_ in range(args.rounds):
        cells = [sequential(server, path, args.sequential) for server in servers]
        print(f"| {round_ + 1} | " + " | ".join(f"{m:.1f} / {p95:.1f} ms, CPU {c:.2f} ms" for m, p95, c in cells)
              + " |", flush=True)
    print(f"| round | {database}: baseline p50 / p99 / requests/s | candidate p50 / p99 / requests/s |")
    print("|---|---|---|")
    for round_ in range(args.rounds):
        cells = [figures[server.name][round_] for server in servers]
        print(f"| {round_ + 1} | " + " | ".join(
            f"{c['p50']:.1f} / {c['p99']:.1f} ms / {c['rps']:.0f}" + (f" ({c['errors']} errors)" if c["errors"] else "")
            for c in cells) + " |", flush=True)
    return same


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
