#!/usr/bin/env python3
"""The whole layout under a mixed load: PostgreSQL, 1, 2 and 4 instances behind nginx (deploy/run.sh).

    python3 scripts/bench-scale.py [--instances 1,2,4] [--seconds 20] [--workers 12] [--streams 20]
        [--places 500] [--rooms 300] [--pin]

One database for every run (a throwaway PostgreSQL with pg_stat_statements, from scripts/with-postgres.sh):
the demo, --places places of 10 rooms in "Benchmark Province" with 30 days of stays, and a hotel of --rooms
rooms with 120 days of stays. For each number of instances, deploy/run.sh starts them and nginx, --streams
live event streams of that hotel are held open through nginx (each counting the changes it receives), and
--workers threads send for --seconds, through nginx, a mix of what guests and the desk do:
- search 50 %: a guest's search of the province, random dates (1-25 days ahead, 1-4 nights);
- book 10 %: a guest's booking (with an Idempotency-Key) of a random place's room type far ahead; 409 (taken
  meanwhile) is an answer, not an error;
- board 25 %: the desk's board of the hotel, 30 days from a random day;
- change 15 %: the desk's change, a stay booked (201 or 409) or a stay's notes written over the stay as read
  (`If-Match`; 412 when another worker wrote them first), timed with its read.
Each guest request comes from a random client address of 20,000 (X-Forwarded-For), as many guests would.

Prints, for each run, each kind's throughput, p50 and p99 and errors (a 5xx, a failed connection, or a 4xx
other than the 409s above), the changes the streams received, and what a request cost in CPU: the
instances', PostgreSQL's and nginx's CPU seconds over the run (from /proc) divided by the requests answered,
and PostgreSQL's five costliest statements (pg_stat_statements: calls, mean and total time). With --pin, the
instances run on CPU 0 and PostgreSQL on CPU 1 (taskset), to check the cost model as far as two cores allow.

FRONTDESK_BIN names the binary (default: a release build, built now).
"""

import argparse
import concurrent.futures
import datetime
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_support import ROOT, release_binary  # noqa: E402

STAFF = {"email": "scale@example.com", "password": "scale-password"}
MIX = [("search", 50), ("book", 10), ("board", 25), ("change", 15)]
TICKS = os.sysconf("SC_CLK_TCK")


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instances", default="1,2,4")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=12)
    parser.add_argument("--streams", type=int, default=20)
    parser.add_argument("--places", type=int, default=500)
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--pin", action="store_true")
    return parser.parse_args()


def psql(url, sql):
    return subprocess.run(["psql", "-X", "-q", "-A", "-t", "-F", "\t", "-d", url, "-c", sql], check=True,
                          capture_output=True, text=True).stdout


def cpu_seconds(pids):
    """User and system CPU seconds of the processes (and their threads), those still running."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / TICKS


def postgres_pids():
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == "postgres":
                    pids.append(int(entry.name))
            except OSError:
                pass
    return pids


def children(pid):
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Client:
    """HTTP/1.1 keep-alive to nginx, one connection per thread."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.local = threading.local()
        self.cookie = None

    def call(self, method, path, body=None, headers=None):
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = self.local.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if self.cookie:
            all_headers["Cookie"] = self.cookie
        try:
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=all_headers)
            response = connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            self.local.connection = None
            raise
        return response.status, data, {k.lower(): v for k, v in response.getheaders()}


def fill(binary, url, args):
    began = time.perf_counter()
    for extra in ([], ["--places", str(args.places), "--rooms", "10", "--days", "30", "--occupancy", "0.6"],
                  ["--rooms", str(args.rooms), "--days", "120", "--occupancy", "0.6"]):
        out = subprocess.run([binary, "demo", "--database", url] + extra, check=True, capture_output=True,
                             text=True).stdout.strip().splitlines()
        print(f"  {out[-1]}", flush=True)
    subprocess.run([binary, "user", "add", "--database", url, "--email", STAFF["email"], "--role", "manager",
                    "--name", "Scale", "--password-stdin"], input=STAFF["password"] + "\n", check=True,
                   capture_output=True, text=True)
    psql(url, "VACUUM (ANALYZE)")
    print(f"  filled in {time.perf_counter() - began:.0f} s", flush=True)


class Stream(threading.Thread):
    def __init__(self, base, hotel, cookie):
        super().__init__(daemon=True)
        import websocket
        self.websocket = websocket
        parts = urllib.parse.urlsplit(base)
        self.url = f"ws://{parts.netloc}/api/v1/properties/{hotel}/events"
        self.origin, self.cookie = base, cookie
        self.events = 0
        self.stopping = threading.Event()
        self.opened = threading.Event()

    def run(self):
        connection = self.websocket.create_connection(self.url, cookie=self.cookie, origin=self.origin, timeout=1)
        self.opened.set()
        while not self.stopping.is_set():
            try:
                if json.loads(connection.recv()).get("type") == "event":
                    self.events += 1
            except self.websocket.WebSocketTimeoutException:
                continue
            except Exception:
                return
        connection.close()


def run_load(args, base, setup):
    client = Client(base)
    status, _, headers = client.call("POST", "/api/v1/session", STAFF)
    assert status == 200, f"sign-in answered {status}"
    client.cookie = headers["set-cookie"].split(";", 1)[0]
    hotel, room_types, stays, places, today = setup
    streams = [Stream(base, hotel, client.cookie) for _ in range(args.streams)]
    for stream in streams:
        stream.start()
    for stream in streams:
        stream.opened.wait(10)
    kinds = [kind for kind, weight in MIX for _ in range(weight)]
    results = {kind: [] for kind, _ in MIX}
    errors = {kind: [] for kind, _ in MIX}
    deadline = time.monotonic() + args.seconds
    counter = iter(range(10**9))

    def guest():
        return {"X-Forwarded-For": f"10.{random.randrange(80)}.{random.randrange(250)}.{random.randrange(1, 255)}"}

    def one(kind, rng):
        day = today + datetime.timedelta(days=rng.randrange(1, 26))
        if kind == "search":
            return client.call("GET", f"/api/v1/public/search?region=benchmark&adults=2&arrival={day}"
                                      f"&departure={day + datetime.timedelta(days=rng.randrange(1, 5))}",
                               headers=guest()), (200,)
        if kind == "book":
            place, room_type = rng.choice(places)
            arrival = today + datetime.timedelta(days=rng.randrange(40, 300))
            body = {"propertyId": place, "roomTypeId": room_type, "arrival": str(arrival),
                    "departure": str(arrival + datetime.timedelta(days=rng.randrange(1, 4))), "adults": 1,
                    "guest": {"name": "Scale Guest", "email": "scale.guest@example.com"}}
            return client.call("POST", "/api/v1/public/bookings", body,
                               {**guest(), "Idempotency-Key": f"scale-{uuid.uuid4().hex}"}), (201, 409)
        if kind == "board":
            start = today + datetime.timedelta(days=rng.randrange(-30, 60))
            return client.call("GET", f"/api/v1/properties/{hotel}/board?from={start}"
                                      f"&to={start + datetime.timedelta(days=30)}"), (200,)
        if rng.random() < 0.5:
            arrival = today + datetime.timedelta(days=rng.randrange(130, 360))
            body = {"roomTypeId": rng.choice(room_types), "arrival": str(arrival),
                    "departure": str(arrival + datetime.timedelta(days=2)), "adults": 1,
                    "guest": {"name": f"Scale Desk {next(counter)}"}}
            return client.call("POST", f"/api/v1/properties/{hotel}/stays", body), (201, 409)
        # A stay's notes, written over what the desk read (412 when another worker wrote them meanwhile).
        stay = rng.choice(stays)
        tag = client.call("GET", f"/api/v1/stays/{stay}")[2].get("etag", "")
        return client.call("PATCH", f"/api/v1/stays/{stay}", {"notes": f"scale {next(counter)}"},
                           {"If-Match": tag}), (200, 412)

    def worker(seed):
        rng = random.Random(seed)
        while time.monotonic() < deadline:
            kind = rng.choice(kinds)
            began = time.perf_counter()
            try:
                (status, data, _), expected = one(kind, rng)
            except (OSError, http.client.HTTPException) as error:
                errors[kind].append(repr(error))
                continue
            elapsed = (time.perf_counter() - began) * 1000
            if status in expected:
                results[kind].append(elapsed)
            else:
                errors[kind].append(f"{status} {data[:160]!r}")

    with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
        list(pool.map(worker, range(args.workers)))
    time.sleep(1)
    for stream in streams:
        stream.stopping.set()
    received = [stream.events for stream in streams]
    return results, errors, received


def setup_data(base):
    client = Client(base)
    status, _, headers = client.call("POST", "/api/v1/session", STAFF)
    client.cookie = headers["set-cookie"].split(";", 1)[0]
    hotels = json.loads(client.call("GET", "/api/v1/properties")[1])
    hotel = max((p for p in hotels["properties"] if p["name"].startswith("Benchmark Hotel")), key=lambda p: p["id"])["id"]
    detail = json.loads(client.call("GET", f"/api/v1/properties/{hotel}")[1])
    room_types = [t["id"] for t in detail["roomTypes"]]
    today = datetime.date.fromisoformat(json.loads(client.call("GET", f"/api/v1/properties/{hotel}/today")[1])["date"])
    board = json.loads(client.call("GET", f"/api/v1/properties/{hotel}/board?from={today}"
                                          f"&to={today + datetime.timedelta(days=30)}")[1])
    stays = sorted({board["items"][index * 6 + 5] for index in range(len(board["guests"]))})[:500]
    places = []
    for place in range(1, 400):
        status, data, _ = client.call("GET", f"/api/v1/public/properties/{place}")
        if status == 200:
            places += [(place, t["id"]) for t in json.loads(data)["roomTypes"]]
    return hotel, room_types, stays, places, today


def main():
    args = parse()
    if not os.environ.get("FRONTDESK_TEST_POSTGRES_URL"):
        env = {**os.environ, "WITH_POSTGRES_OPTIONS": "-c shared_preload_libraries=pg_stat_statements"}
        os.execvpe(str(ROOT / "scripts/with-postgres.sh"),
                   [str(ROOT / "scripts/with-postgres.sh"), sys.executable] + sys.argv, env)
    binary = os.environ.get("FRONTDESK_BIN") or release_binary()
    admin = os.environ["FRONTDESK_TEST_POSTGRES_URL"]
    url = admin.rsplit("/", 1)[0] + "/bench_scale"
    psql(admin, "DROP DATABASE IF EXISTS bench_scale WITH (FORCE)")
    psql(admin, "CREATE DATABASE bench_scale")
    psql(url, "CREATE EXTENSION IF NOT EXISTS btree_gist")
    psql(url, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
    print(f"bench-scale: filling the database ({os.cpu_count()} CPUs)", flush=True)
    subprocess.run([binary, "migrate", "--database", url], check=True, capture_output=True)
    fill(binary, url, args)
    summary = []
    for count in [int(n) for n in args.instances.split(",")]:
        work = Path(tempfile.mkdtemp(prefix=f"frontdesk-scale-{count}."))
        port = 18000 + random.randrange(0, 40) * 10
        log = open(work / "run.log", "w")
        deploy = subprocess.Popen(
            [str(ROOT / "deploy/run.sh"), str(count)], stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "DATABASE_URL": url, "FRONTDESK_BIN": binary, "DEPLOY_PORT": str(port),
                 "DEPLOY_DIR": str(work), "DEPLOY_DEMO": "0"}, start_new_session=True)
        try:
            while not (work / "ready").exists():
                if deploy.poll() is not None:
                    sys.exit(f"deploy/run.sh stopped: {(work / 'run.log').read_text()[-2000:]}")
                time.sleep(0.2)
            lines = (work / "ready").read_text().split("\n")
            base, nginx = lines[0].split()[1], int(lines[0].split()[2])
            instances = [int(line.split()[3]) for line in lines[1:] if line.startswith("instance")]
            if args.pin:
                for pid in instances:
                    subprocess.run(["taskset", "-a", "-cp", "0", str(pid)], check=True, capture_output=True)
                for pid in postgres_pids():
                    subprocess.run(["taskset", "-a", "-cp", "1", str(pid)], check=True, capture_output=True)
            setup = setup_data(base)
            psql(url, "SELECT pg_stat_statements_reset()")
            before = (cpu_seconds(instances), cpu_seconds(postgres_pids()), cpu_seconds([nginx] + children(nginx)))
            began = time.perf_counter()
            results, errors, received = run_load(args, base, setup)
            wall = time.perf_counter() - began
            after = (cpu_seconds(instances), cpu_seconds(postgres_pids()), cpu_seconds([nginx] + children(nginx)))
            top = psql(url, """
                SELECT calls, round(mean_exec_time::numeric, 3), round(total_exec_time::numeric),
                  regexp_replace(left(query, 90), '\\s+', ' ', 'g')
                FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = 'bench_scale')
                ORDER BY total_exec_time DESC LIMIT 5""")
        finally:
            os.killpg(deploy.pid, signal.SIGTERM)
            deploy.wait(timeout=60)
            log.close()
        answered = sum(len(v) for v in results.values())
        cpu = [a - b for a, b in zip(after, before)]
        print(f"\n### {count} instance{'s' if count > 1 else ''}{' (pinned)' if args.pin else ''}: "
              f"{answered / wall:.0f} requests/s for {wall:.0f} s, {args.workers} workers, {args.streams} streams")
        print("| kind | requests/s | p50 ms | p99 ms | errors |")
        print("|---|---|---|---|---|")
        for kind, _ in MIX:
            values = sorted(results[kind])
            if not values:
                print(f"| {kind} | 0 | - | - | {len(errors[kind])} |")
                continue
            print(f"| {kind} | {len(values) / wall:.0f} | {statistics.median(values):.1f} | "
                  f"{values[min(len(values) - 1, int(len(values) * 0.99))]:.1f} | {len(errors[kind])} |")
        for kind, _ in MIX:
            for error in errors[kind][:3]:
                print(f"  {kind} error: {error}")
        print(f"streams: {min(received)}-{max(received)} changes received each")
        print(f"CPU a request: instances {cpu[0] / answered * 1000:.2f} ms, PostgreSQL {cpu[1] / answered * 1000:.2f} ms,"
              f" nginx {cpu[2] / answered * 1000:.2f} ms (of {cpu[0]:.1f} + {cpu[1]:.1f} + {cpu[2]:.1f} CPU s)")
        print("PostgreSQL's costliest statements (calls, mean ms, total ms, statement):")
        for line in top.strip().splitlines():
            print(f"  {line}")
        sys.stdout.flush()
        summary.append(sum(len(v) for v in errors.values()))
    psql(admin, "DROP DATABASE IF EXISTS bench_scale WITH (FORCE)")
    sys.exit(1 if any(summary) else 0)


if __name__ == "__main__":
    main()
