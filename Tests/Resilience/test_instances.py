"""Several instances on one PostgreSQL behind nginx, as deploy/run.sh starts them.

What a client holds on one instance holds on the others: a session, an Idempotency-Key, a salon time held
for a customer, the guest site's rate limit and the sign-in lockout. Each test sends its requests to
different instances directly (all on loopback, the balancer's address, which the instances trust to name
the client in X-Forwarded-For: each test is a client of its own). The last test loads the balancer with
bookings and live streams and kills one instance with SIGKILL: no acknowledged booking is lost, every
booking in flight resolves on a retry with its key, and each stream reconnects through the balancer and
catches up with every change, in order, without a gap.

About 25 s, most of it the load; needs PostgreSQL (scripts/with-postgres.sh) and nginx (deploy/run.sh
installs Debian's).
"""

import concurrent.futures
import datetime
import json
import math
import os
import random
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

import pytest
import websocket

from frontdesk_server import fresh_postgres_database, frontdesk_binary, stop
from test_kill9 import STAFF, Api

ROOT = Path(__file__).resolve().parents[2]
INSTANCES = 2
HOTEL = 1  # the demo's hotel
SALON = 2  # the demo's salon
# The guest site's requests a client may make a minute (frontdesk serve's default).
PUBLIC_RATE = 120
SIGN_IN_LIMIT = 5  # wrong passwords per account (SignInLimits.perAccount)
# The load on the balancer when an instance is killed: bookings from threads, and live streams held open.
BOOKINGS = 120
THREADS = 6
STREAMS = 4
KILL_AT = 0.4
RETRY_WINDOW = 30.0


def free_ports(count):
    """A first port of `count` free consecutive loopback ports (the balancer's, then each instance's)."""
    for _ in range(200):
        first = random.randrange(20000, 60000)
        sockets = []
        try:
            for port in range(first, first + count):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    pytest.fail("no free consecutive ports")


class Deployment:
    def __init__(self, work):
        lines = (work / "ready").read_text().split("\n")
        self.balancer = lines[0].split()[1]
        self.instances = [(line.split()[2], int(line.split()[3])) for line in lines[1:] if line.startswith("instance")]
        self.work = work

    def api(self, index=None):
        return Api(self.balancer if index is None else self.instances[index][0])


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    binary = frontdesk_binary()
    work = tmp_path_factory.mktemp("deploy")
    with fresh_postgres_database("frontdesk_instances") as url:
        port = free_ports(INSTANCES + 1)
        log = open(work / "run.log", "w")
        process = subprocess.Popen(
            [str(ROOT / "deploy" / "run.sh"), str(INSTANCES)], stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "DATABASE_URL": url, "FRONTDESK_BIN": binary, "DEPLOY_PORT": str(port),
                 "DEPLOY_DIR": str(work)},
        )
        try:
            deadline = time.monotonic() + 180
            while not (work / "ready").exists():
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"deploy/run.sh did not get ready: {(work / 'run.log').read_text()[-3000:]}")
                time.sleep(0.1)
            yield Deployment(work)
        finally:
            stop(process, "deploy/run.sh")
            log.close()


def client_address():
    """An address of the test's own, so that the limits count it alone."""
    return f"10.{random.randrange(0, 256)}.{random.randrange(0, 256)}.{random.randrange(1, 255)}"


def test_a_session_signed_in_at_one_instance_serves_at_the_other_and_ends_there(deployment):
    first, second = deployment.api(0), deployment.api(1)
    first.sign_in()
    second.cookie = first.cookie
    answer = second.call("GET", "/api/v1/session")
    assert answer.status == 200 and answer.data["email"] == STAFF["email"], answer
    assert second.call("DELETE", "/api/v1/session").status == 204
    assert first.call("GET", "/api/v1/session").status == 401


def test_an_idempotency_key_sent_to_both_instances_adds_one_customer(deployment):
    apis = [deployment.api(0), deployment.api(1)]
    apis[0].sign_in()
    apis[1].cookie = apis[0].cookie
    name = f"Instances {uuid.uuid4().hex[:8]}"
    key = f"instances-{uuid.uuid4().hex}"
    body = {"name": name, "email": f"{uuid.uuid4().hex[:8]}@example.com"}
    path = f"/api/v1/properties/{SALON}/customers"
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(
            lambda i: apis[i % 2].call("POST", path, body, {"Idempotency-Key": key}), range(4)))
    assert all(a.status == 201 for a in answers), [str(a) for a in answers]
    assert len({a.data["id"] for a in answers}) == 1, [a.data for a in answers]
    assert sum(a.headers.get("idempotent-replayed") == "true" for a in answers) == 3
    found = apis[1].call("GET", f"{path}?q={urllib.parse.quote(name)}")
    assert found.status == 200 and [c["name"] for c in found.data["customers"]] == [name], found
    # The same key with another body is refused at either instance.
    other = apis[1].call("POST", path, {**body, "name": name + " B"}, {"Idempotency-Key": key})
    assert other.status == 422, other


def salon_time(api):
    """A service the salon books online and a free start for it with its member, on the first day with one."""
    salon = api.call("GET", f"/api/v1/public/salons/{SALON}")
    assert salon.status == 200, salon
    service = salon.data["services"][0]["id"]
    for offset in range(1, 15):
        day = (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()
        times = api.call("GET", f"/api/v1/public/salons/{SALON}/free-times?services={service}&day={day}")
        assert times.status == 200, times
        if times.data["times"]:
            return service, day, times.data["times"][-1]
    pytest.fail("the demo salon has no free time in two weeks")


def test_a_time_held_at_one_instance_is_held_from_customers_of_the_other(deployment):
    address = client_address()
    headers = {"X-Forwarded-For": address}
    first, second = deployment.api(0), deployment.api(1)
    service, day, free = salon_time(first)
    request = {"services": [service], "staffId": free["staffId"], "start": free["start"]}
    path = f"/api/v1/public/salons/{SALON}/holds"
    held = first.call("POST", path, request, headers)
    assert held.status == 201, held
    taken = second.call("POST", path, request, headers)
    assert taken.status == 409, taken
    times = second.call(
        "GET", f"/api/v1/public/salons/{SALON}/free-times?services={service}&day={day}&staffId={free['staffId']}",
        headers=headers)
    assert free["start"] not in [t["start"] for t in times.data["times"]], times
    # Released at the other instance, the time is free again everywhere.
    assert second.call("DELETE", f"{path}/{held.data['token']}", headers=headers).status == 204
    again = first.call("POST", path, request, headers)
    assert again.status == 201, again
    first.call("DELETE", f"{path}/{again.data['token']}", headers=headers)


def test_the_guest_sites_rate_limit_counts_a_client_on_every_instance_together(deployment):
    headers = {"X-Forwarded-For": client_address()}
    apis = [deployment.api(0), deployment.api(1)]
    began = time.monotonic()
    statuses = [apis[i % 2].call("GET", "/api/v1/public/regions?q=", headers=headers) for i in range(PUBLIC_RATE + 20)]
    took = time.monotonic() - began
    allowed = [a for a in statuses if a.status != 429]
    refused = [a for a in statuses if a.status == 429]
    # A sliding minute: when a whole minute turns during the run, the share of it gone by since lets more
    # through (at most the rate times the run's part of a minute). Counted per instance, twice the rate would.
    slack = math.ceil(PUBLIC_RATE * took / 60) + 1
    assert PUBLIC_RATE <= len(allowed) <= PUBLIC_RATE + slack, ([a.status for a in statuses], took)
    assert all(a.status == 200 for a in allowed)
    assert refused and all(1 <= int(a.headers["retry-after"]) <= 120 for a in refused)
    # Another client, through the balancer, is not held up by this one.
    other = deployment.api().call("GET", "/api/v1/public/regions?q=", headers={"X-Forwarded-For": client_address()})
    assert other.status == 200, other


def test_wrong_passwords_sent_to_both_instances_lock_the_account_on_both(deployment):
    headers = {"X-Forwarded-For": client_address()}
    apis = [deployment.api(0), deployment.api(1)]
    account = {"email": f"guess-{uuid.uuid4().hex[:8]}@example.com", "password": "wrong-password"}
    for attempt in range(SIGN_IN_LIMIT):
        answer = apis[attempt % 2].call("POST", "/api/v1/session", account, headers)
        assert answer.status == 401, answer
    for api in apis:
        answer = api.call("POST", "/api/v1/session", account, headers)
        assert answer.status == 429 and int(answer.headers["retry-after"]) > 0, answer
        assert answer.data["error"]["field"] == "password"


class Stream:
    """The hotel's live events through the balancer, reconnecting with `?after=` its last event when its
    instance goes; `seqs` is every event received, in order."""

    def __init__(self, deployment, cookie):
        parts = urllib.parse.urlsplit(deployment.balancer)
        self.url = f"ws://{parts.netloc}/api/v1/properties/{HOTEL}/events"
        self.origin = deployment.balancer
        self.cookie = cookie
        self.seqs = []
        self.first = None
        self.reconnects = 0
        self.problems = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self):
        after = f"?after={self.seqs[-1] if self.seqs else self.first}" if self.first is not None else ""
        connection = websocket.create_connection(
            self.url + after, cookie=self.cookie, origin=self.origin, timeout=5)
        hello = json.loads(connection.recv())
        if self.first is None:
            self.first = hello["seq"]
        elif hello["seq"] != (self.seqs[-1] if self.seqs else self.first):
            self.problems.append(f"reconnected after {self.seqs[-1:]} but the stream goes on after {hello['seq']}")
        return connection

    def run(self):
        connection = self.connect()
        while not self.stopping.is_set():
            try:
                message = json.loads(connection.recv())
            except websocket.WebSocketTimeoutException:
                continue
            except (websocket.WebSocketException, OSError):
                self.reconnects += 1
                deadline = time.monotonic() + 10
                while True:
                    try:
                        connection = self.connect()
                        break
                    except (websocket.WebSocketException, OSError, ValueError):
                        if time.monotonic() > deadline:
                            self.problems.append("could not reconnect within 10 s")
                            return
                        time.sleep(0.2)
                continue
            if message.get("type") == "event":
                self.seqs.append(message["seq"])
        connection.close()


def test_killing_an_instance_under_load_loses_no_acknowledged_booking_and_streams_catch_up(deployment):
    api = deployment.api()
    api.sign_in()
    rooms = api.call("GET", f"/api/v1/properties/{HOTEL}")
    assert rooms.status == 200, rooms
    room_ids = [room["id"] for room in rooms.data["rooms"]]
    streams = [Stream(deployment, api.cookie) for _ in range(STREAMS)]
    for stream in streams:
        stream.thread.start()
    while any(stream.first is None for stream in streams if stream.thread.is_alive()):
        time.sleep(0.05)
    # One-night stays far ahead, each in a room and on a night of its own.
    start = datetime.date.today() + datetime.timedelta(days=300)
    run = uuid.uuid4().hex[:8]
    jobs = []
    for index in range(BOOKINGS):
        arrival = start + datetime.timedelta(days=2 * (index // len(room_ids)))
        body = {
            "roomId": room_ids[index % len(room_ids)], "arrival": arrival.isoformat(),
            "departure": (arrival + datetime.timedelta(days=1)).isoformat(), "adults": 1,
            "guest": {"name": f"Instances {run} {index:03d}", "email": f"instances.{run}.{index}@example.com"},
        }
        jobs.append({"key": f"instances-{run}-{index:03d}", "body": body, "answer": None})
    answered = threading.Semaphore(0)
    killed = threading.Event()

    def send(job):
        try:
            answer = api.call("POST", f"/api/v1/properties/{HOTEL}/stays", job["body"], {"Idempotency-Key": job["key"]})
        except OSError as error:
            job["error"] = repr(error)
            return
        if answer.status == 201:
            job["answer"] = answer
        else:
            job["error"] = str(answer)
        answered.release()

    def killer():
        for _ in range(int(BOOKINGS * KILL_AT)):
            answered.acquire()
        os.kill(deployment.instances[0][1], signal.SIGKILL)
        killed.set()

    threading.Thread(target=killer, daemon=True).start()
    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(send, jobs))
    assert killed.wait(30), "the instance was never killed"
    acknowledged = [job for job in jobs if job["answer"]]
    # What had no answer (or a 502 as the instance went) is sent again with its key, through the balancer.
    deadline = time.monotonic() + RETRY_WINDOW
    while (left := [job for job in jobs if not job["answer"]]) and time.monotonic() < deadline:
        for job in left:
            send(job)
        time.sleep(0.2)
    assert not left, [(job["key"], job.get("error")) for job in left]
    ids = {}
    for job in jobs:
        stay = job["answer"].data
        ids.setdefault(stay["id"], []).append(job["key"])
        read = api.call("GET", f"/api/v1/stays/{stay['id']}")
        assert read.status == 200 and read.data["arrival"] == job["body"]["arrival"], (job["key"], str(read))
    assert len(ids) == len(jobs), "a key made two stays, or two keys one"
    assert len(acknowledged) >= BOOKINGS * KILL_AT
    # Every stream, wherever its instance was, received every change after it began, in order.
    latest = json.loads(websocket.create_connection(
        streams[0].url, cookie=api.cookie, origin=streams[0].origin, timeout=5).recv())["seq"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
            (s.seqs[-1] if s.seqs else s.first) < latest for s in streams if s.thread.is_alive()):
        time.sleep(0.1)
    for stream in streams:
        stream.stopping.set()
    for stream in streams:
        stream.thread.join(10)
        assert not stream.problems, stream.problems
        assert stream.seqs == list(range(stream.first + 1, latest + 1)), (stream.first, latest, stream.seqs[:5])
    assert any(stream.reconnects for stream in streams), "no stream was on the instance killed"
