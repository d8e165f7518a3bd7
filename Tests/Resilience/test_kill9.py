"""Bookings survive the server being killed (SIGKILL) mid-load.

The requirement: load the server with bookings that carry an Idempotency-Key, kill it with SIGKILL, start
it again on the same database and retry every key that was in flight (sent, no answer yet). Within a minute
each resolves to its stay (201) or to a clean refusal (a 4xx other than `in_progress`); nothing acknowledged
before the kill is lost (its booking reads back with the same dates, its key replays the same answer); and
no key makes a second stay (a replay answers the confirmation code of any earlier answer for that key, and
each key has at most one stay on the board: one when it answered 201, none when it was refused).

Per database (SQLite; PostgreSQL under scripts/with-postgres.sh), `CYCLES` times: ~170 public bookings and
staff stays from `THREADS` threads, in a shuffled order, on dates of the cycle's own (60 days out and more,
clear of the demo's stays), a few of which must be refused (one room type booked three past its free rooms,
two staff stays in one room on overlapping nights, a party too big for its room). The kill comes once
`KILL_AT` of them are answered; after the restart the requests never sent go out alongside the retries, and
each group that must be refused is checked to get exactly its refusals. A cycle stops the test at its first
failed check, so a failing run waits out the retry window once per database (~60 s), and a passing run takes
a few seconds a cycle.
"""

import concurrent.futures
import dataclasses
import datetime
import http.client
import json
import random
import threading
import time
import urllib.parse

CYCLES = 2
THREADS = 8
# The share of a cycle's requests answered when the server is killed.
KILL_AT = 0.4
# How long the retried keys have to resolve after the server is back, and the pause between rounds.
RETRY_WINDOW = 60.0
RETRY_PAUSE = 0.5
STAFF = {"email": "frontdesk@example.com", "password": "frontdesk-demo"}
HOTEL = 1  # the demo's Chiang Mai hotel, where the staff book


@dataclasses.dataclass
class Answer:
    status: int
    headers: dict
    data: object

    @property
    def error_code(self):
        if isinstance(self.data, dict) and isinstance(self.data.get("error"), dict):
            return self.data["error"].get("code")
        return None

    @property
    def code(self):
        """The confirmation code a 201 answers with."""
        return self.data.get("confirmationCode") if isinstance(self.data, dict) else None

    @property
    def replayed(self):
        return self.headers.get("idempotent-replayed") == "true"

    def __str__(self):
        if self.status == 201:
            return f"201 {self.code}"
        return f"{self.status} {self.error_code or json.dumps(self.data)[:120]}"


class Api:
    """HTTP/1.1 with a keep-alive connection per thread; `cookie` is the staff session once signed in."""

    def __init__(self, base):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port = parts.hostname, parts.port
        self.cookie = None
        self.local = threading.local()

    def call(self, method, path, body=None, headers=None, timeout=30.0):
        """The answer; raises OSError or http.client.HTTPException when there is none."""
        connection = getattr(self.local, "connection", None)
        if connection is None:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
            self.local.connection = connection
        connection.timeout = timeout
        if connection.sock is not None:
            connection.sock.settimeout(timeout)
        all_headers = {"Content-Type": "application/json", **(headers or {})}
        if self.cookie:
            all_headers["Cookie"] = self.cookie
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            connection.close()
            self.local.connection = None
            raise
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = raw.decode(errors="replace")
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)

    def sign_in(self):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        connection.request(
            "POST", "/api/v1/session", body=json.dumps(STAFF), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        response.read()
        assert response.status == 200, f"staff sign-in answered {response.status}"
        cookies = [v.split(";", 1)[0] for k, v in response.getheaders() if k.lower() == "set-cookie"]
        assert cookies, "staff sign-in set no cookie"
        self.cookie = "; ".join(cookies)
        connection.close()


@dataclasses.dataclass
class Job:
    key: str
    kind: str  # "public" or "staff"
    path: str
    body: bytes
    guest: str
    email: str
    property_id: int
    room_type_id: int
    arrival: str
    departure: str
    group: str = ""  # "overbook", "clash" or "too-big": some of these must be refused
    sent: bool = False
    before: Answer = None  # the answer before the kill
    lost: str = ""  # why there was no answer before the kill
    late: bool = False  # first sent after the restart (the load carries on)
    after: Answer = None  # the answer after the restart: to the last retry, or to a late first try
    retry_error: str = ""  # the last try after the restart that got no answer
    retries: int = 0

    @property
    def answer(self):
        """The answer that counts: before the kill, else after the restart."""
        return self.before or self.after

    @property
    def in_flight(self):
        return self.sent and not self.late and self.before is None

    def send(self, api, timeout=30.0):
        return api.call("POST", self.path, self.body, {"Idempotency-Key": self.key}, timeout=timeout)


def iso(day):
    return day.isoformat()


def discover_places(api, arrival, departure):
    """Every bookable place's room types with their free rooms for the dates: {place: [(id, capacity, free)]}."""
    places = {}
    misses = 0
    for place in range(1, 200):
        answer = api.call(
            "GET", f"/api/v1/public/properties/{place}?arrival={arrival}&departure={departure}&adults=1"
        )
        if answer.status == 404:
            misses += 1
            if places and misses >= 5:
                break
            continue
        assert answer.status == 200, f"GET public property {place}: {answer}"
        misses = 0
        places[place] = [(t["id"], t["capacity"], t.get("available") or 0) for t in answer.data["roomTypes"]]
    assert HOTEL in places and len(places) >= 20, f"the demo's places: {sorted(places)}"
    return places


def make_jobs(label, cycle, start, places, hotel_rooms):
    """A cycle's requests, shuffled: two bookings per room type of every place, one room type booked three
    past its free rooms, a party too big for its room, staff stays in the hotel's rooms and a clashing pair."""
    jobs = []

    def identity():
        """A new job's Idempotency-Key and its guest's unique name and email."""
        index = len(jobs)
        key = f"kill9-{label}-c{cycle}-{index:03d}-{random.getrandbits(32):08x}"
        return key, f"Kill Nine {label} C{cycle} N{index:03d}", f"kill9.{label}.c{cycle}.n{index:03d}@example.com"

    def public(room_type, capacity, arrival, nights, place, group="", adults=None):
        key, guest, email = identity()
        departure = arrival + datetime.timedelta(days=nights)
        body = {
            "propertyId": place, "roomTypeId": room_type, "arrival": iso(arrival), "departure": iso(departure),
            "adults": adults or min(2, capacity), "guest": {"name": guest, "email": email},
        }
        jobs.append(Job(key, "public", "/api/v1/public/bookings", json.dumps(body).encode(), guest, email,
                        place, room_type, iso(arrival), iso(departure), group))

    def staff(room, room_type, arrival, nights, group=""):
        key, guest, email = identity()
        departure = arrival + datetime.timedelta(days=nights)
        body = {
            "roomId": room, "arrival": iso(arrival), "departure": iso(departure), "adults": 1,
            "guest": {"name": guest, "email": email},
        }
        jobs.append(Job(key, "staff", f"/api/v1/properties/{HOTEL}/stays", json.dumps(body).encode(), guest,
                        email, HOTEL, room_type, iso(arrival), iso(departure), group))

    day = lambda offset: start + datetime.timedelta(days=offset)  # noqa: E731
    for place, room_types in places.items():
        for room_type, capacity, free in room_types:
            if free >= 2:
                public(room_type, capacity, day(0), 2, place)
                public(room_type, capacity, day(3), 2, place)
    # One room type booked three past its free rooms for the same nights: exactly `free` of these get a stay.
    place, (room_type, capacity, free) = min(
        ((p, t) for p, types in places.items() if p != HOTEL for t in types if t[2] >= 2), key=lambda pt: pt[1][2]
    )
    for _ in range(free + 3):
        public(room_type, capacity, day(20), 3, place, group="overbook")
    overbook = (place, room_type, free)
    # A party larger than the room sleeps: refused (400).
    room_type, capacity, _ = places[HOTEL][0]
    public(room_type, capacity, day(8), 1, HOTEL, group="too-big", adults=capacity + 1)
    # The front desk: a stay in each of 16 rooms, and two stays for one room on the same nights (one refused).
    for index, (room, room_type) in enumerate(hotel_rooms[:16]):
        staff(room, room_type, day(10 + index % 4), 2)
    room, room_type = hotel_rooms[-1]
    staff(room, room_type, day(25), 2, group="clash")
    staff(room, room_type, day(26), 2, group="clash")
    random.shuffle(jobs)
    return jobs, overbook


def send_all(api, jobs, record, stop=None):
    """Sends the jobs from THREADS threads, each job once, until they are done or `stop` is set; `record(job,
    answer, error)` keeps what came back (one of the two is None)."""
    pending = list(reversed(jobs))
    lock = threading.Lock()

    def worker():
        while stop is None or not stop.is_set():
            with lock:
                if not pending:
                    return
                job = pending.pop()
                job.sent = True
            try:
                answer = job.send(api)
            except (OSError, http.client.HTTPException) as error:
                record(job, None, f"{type(error).__name__}: {error}")
                continue
            record(job, answer, None)

    threads = [threading.Thread(target=worker, name=f"load-{n}", daemon=True) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    return threads, lock


def load_and_kill(server, api, jobs):
    """Sends the jobs until KILL_AT of them are answered, then SIGKILLs the server and stops sending;
    returns how many requests were in flight at that instant."""
    killed = threading.Event()
    answered = [0]

    def record(job, answer, error):
        if answer is None:
            job.lost = error
        else:
            job.before = answer
            answered[0] += 1  # only read for a threshold: an increment lost to a race costs nothing

    threads, lock = send_all(api, jobs, record, stop=killed)
    target = int(len(jobs) * KILL_AT)
    deadline = time.monotonic() + 60
    while answered[0] < target and time.monotonic() < deadline and any(t.is_alive() for t in threads):
        time.sleep(0.002)
    assert answered[0] >= target, f"harness: only {answered[0]} of {len(jobs)} answered in 60 s, none killed"
    with lock:
        in_flight = sum(1 for job in jobs if job.sent and job.before is None and not job.lost)
        killed.set()
    server.kill9()
    for thread in threads:
        thread.join(timeout=40)
    assert not any(t.is_alive() for t in threads), "harness: a load thread still waits 40 s after the kill"
    return in_flight


def resolved(answer):
    """A stay, or a clean refusal."""
    if answer is None:
        return False
    return answer.status == 201 or (400 <= answer.status < 500 and answer.error_code != "in_progress")


def retry_in_flight(api, in_flight, started):
    """Retries every key that had no answer, all at once in rounds, until each resolves or RETRY_WINDOW
    (from the restart) runs out. Returns the seconds it took."""

    def retry(job):
        remaining = started + RETRY_WINDOW - time.monotonic()
        try:
            job.after = job.send(api, timeout=max(1.0, min(10.0, remaining)))
            job.retry_error = ""
        except (OSError, http.client.HTTPException) as error:
            job.retry_error = f"{type(error).__name__}: {error}"
        job.retries += 1

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        while True:
            waiting = [job for job in in_flight if not resolved(job.after)]
            if not waiting or time.monotonic() > started + RETRY_WINDOW:
                break
            list(pool.map(retry, waiting))
            if any(not resolved(job.after) for job in in_flight):
                time.sleep(RETRY_PAUSE)
    return time.monotonic() - started


def stays_by_guest(api, places, start, end):
    """{guest name: {stay id}} from the staff board of every place over the nights."""
    found = {}
    for place in places:
        answer = api.call("GET", f"/api/v1/properties/{place}/board?from={iso(start)}&to={iso(end)}")
        assert answer.status == 200, f"board of {place}: {answer}"
        items, guests = answer.data["items"], answer.data["guests"]
        for index, guest in enumerate(guests):
            found.setdefault(guest, set()).add(items[index * 6 + 5])
    return found


def check_acknowledged(api, job):
    """Problems with a booking answered 201 (before a kill, or to a retry after one): it must read back as
    it was answered."""
    acknowledged = job.before or job.after
    expected = acknowledged.data
    if job.kind == "public":
        answer = api.call("GET", f"/api/v1/public/bookings/{acknowledged.code}?email={urllib.parse.quote(job.email)}")
        if answer.status != 200:
            return [f"{job.key}: acknowledged {acknowledged.code} reads {answer}"]
        got = answer.data
        if (got["confirmationCode"], got["propertyId"], got["roomTypeId"], got["arrival"], got["departure"]) != (
            acknowledged.code, job.property_id, job.room_type_id, job.arrival, job.departure,
        ):
            return [f"{job.key}: acknowledged {acknowledged.code} now reads {got}"]
    else:
        answer = api.call("GET", f"/api/v1/stays/{expected['id']}")
        if answer.status != 200:
            return [f"{job.key}: acknowledged stay {expected['id']} reads {answer}"]
        got = answer.data
        if (got["confirmationCode"], got["arrival"], got["departure"], got["state"]) != (
            expected["confirmationCode"], job.arrival, job.departure, "booked",
        ):
            return [f"{job.key}: acknowledged stay {expected} now reads {got}"]
    return []


def run_cycle(server, api, label, cycle, start, places, hotel_rooms, earlier):
    jobs, (over_place, over_type, over_free) = make_jobs(label, cycle, start, places, hotel_rooms)
    in_flight_at_kill = load_and_kill(server, api, jobs)
    killed_at = time.monotonic()
    sent = [job for job in jobs if job.sent]
    answered = [job for job in sent if job.before is not None]
    in_flight = [job for job in sent if job.in_flight]
    acknowledged = [job for job in answered if job.before.status == 201]
    unsent = [job for job in jobs if not job.sent]

    base = server.start()
    api = Api(base)
    api.sign_in()
    restarted = time.monotonic()
    # The rest of the load goes on while the keys in flight are retried.
    for job in unsent:
        job.late = True

    def record_late(job, answer, error):
        job.after, job.retry_error = answer, error or ""

    late_threads, _ = send_all(api, unsent, record_late)
    took = retry_in_flight(api, in_flight, restarted)
    for thread in late_threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in late_threads), "harness: the load after the restart still runs after 60 s"

    problems = []
    if not in_flight:
        problems.append("harness: no request was in flight at the kill")
    for job in answered:
        if job.before.status >= 500:
            problems.append(f"{job.key}: before the kill answered {job.before}")

    # Every retried key resolves: a stay, or a clean refusal. So does every key first sent after the restart.
    stuck = {job.key for job in in_flight if job.after is not None and job.after.error_code == "in_progress"}
    for job in in_flight + unsent:
        what = "a first try after the restart" if job.late else "the retry"
        if job.after is None:
            problems.append(f"{job.key}: no answer to {what} ({job.retries} retries; {job.retry_error})")
        elif job.after.error_code == "in_progress":
            problems.append(f"{job.key}: still in_progress {RETRY_WINDOW:.0f} s after the restart ({job.retries} tries)")
        elif job.after.error_code == "idempotency_mismatch":
            problems.append(f"harness: {job.key} retried with another body: {job.after}")
        elif not resolved(job.after):
            problems.append(f"{job.key}: {what} answered {job.after}")

    # Nothing acknowledged is lost: the booking reads back, and its key replays the same answer.
    for job in jobs + earlier:
        if job.answer is not None and job.answer.status == 201:
            problems += check_acknowledged(api, job)
    for job in jobs:
        if not resolved(job.answer):
            continue
        replay = job.send(api)
        if (replay.status, replay.code, replay.error_code, replay.replayed) != (
            job.answer.status, job.answer.code, job.answer.error_code, True,
        ):
            when = "before the kill" if job.before else "after the restart"
            problems.append(f"{job.key}: answered {job.answer} {when}, then replays {replay}")

    # No key made two stays, nor a stay it did not answer for; no confirmation code answers two keys.
    board = stays_by_guest(api, places, start, start + datetime.timedelta(days=40))
    stays_of_stuck = 0
    codes = {}
    for job in jobs:
        stays = board.get(job.guest, set())
        answer = job.answer
        if len(stays) > 1:
            problems.append(f"{job.key}: {len(stays)} stays {sorted(stays)} for one key (answered {answer})")
        elif answer is not None and answer.status == 201 and len(stays) != 1:
            problems.append(f"{job.key}: answered {answer} but has {len(stays)} stays")
        elif resolved(answer) and answer.status != 201 and stays:
            problems.append(f"{job.key}: refused ({answer}) but has stay {sorted(stays)}")
        if job.key in stuck and stays:
            stays_of_stuck += 1
        if answer is not None and answer.status == 201:
            codes.setdefault(answer.code, []).append(job.key)
    problems += [f"confirmation code {code} answers keys {keys}" for code, keys in codes.items() if len(keys) > 1]

    # The refusals are the ones there must be, and only those: a group is checked once all its keys resolved.
    spare = [job for job in jobs if not job.group and resolved(job.answer) and job.answer.status != 201]
    if spare:
        problems.append(f"bookings with rooms to spare were refused: {[f'{j.key}: {j.answer}' for j in spare]}")
    groups = {"overbook": (over_free, "conflict"), "clash": (1, "conflict"), "too-big": (0, "invalid")}
    for group, (stays, refusal) in groups.items():
        answers = [job.answer for job in jobs if job.group == group]
        if not all(resolved(answer) for answer in answers):
            continue
        made = sum(1 for answer in answers if answer.status == 201)
        refusals = sorted({answer.error_code for answer in answers if answer.status != 201})
        if made != stays or refusals not in ([], [refusal]):
            problems.append(f"{group}: {made} stays (not {stays}), refusals {refusals} (not {refusal})")
    if sum(1 for job in jobs if job.group == "overbook" and job.answer and job.answer.status == 201) > over_free:
        problems.append(f"place {over_place} room type {over_type}: more stays than its {over_free} rooms")

    def tally(chosen):
        counts = {}
        for job in chosen:
            answer = job.after if job.in_flight or job.late else job.before
            name = "no answer" if answer is None else "201" if answer.status == 201 else str(answer)
            if answer is not None and answer.replayed:
                name += " (replayed)"
            if job.group and answer is not None and answer.status != 201:
                name += f" [{job.group}]"
            counts[name] = counts.get(name, 0) + 1
        return ", ".join(f"{n} x {name}" for name, n in sorted(counts.items(), key=lambda kv: -kv[1])) or "none"

    summary = (
        f"[{label} cycle {cycle + 1}] {len(jobs)} requests; SIGKILL with {in_flight_at_kill} in flight after "
        f"{len(answered)} answers ({tally(answered)}); restart took {restarted - killed_at:.1f} s; "
        f"{len(in_flight)} keys without an answer retried for {took:.1f} s: {tally(in_flight)}; "
        f"stuck in_progress: {len(stuck)}, {stays_of_stuck} of them with a stay on the board; "
        f"{len(unsent)} sent after the restart: {tally(unsent)}; "
        f"acknowledged bookings checked: {sum(1 for j in jobs + earlier if j.answer and j.answer.status == 201)}"
    )
    print(summary)
    problems.sort(key=lambda p: p.startswith("harness"), reverse=True)
    assert not problems, f"{summary}\n{len(problems)} problems:\n  " + "\n  ".join(problems[:25])
    return api, jobs


def test_keys_in_flight_at_a_kill_resolve_and_nothing_acknowledged_is_lost(server):
    started = time.monotonic()
    base = server.start()
    api = Api(base)
    api.sign_in()
    today = datetime.date.today()
    first = today + datetime.timedelta(days=60)
    places = discover_places(api, iso(first), iso(first + datetime.timedelta(days=30)))
    rooms = api.call("GET", f"/api/v1/properties/{HOTEL}")
    assert rooms.status == 200, f"GET property {HOTEL}: {rooms}"
    hotel_rooms = [(room["id"], room["roomTypeId"]) for room in rooms.data["rooms"]]
    random.seed(f"{server.kind}-{today}")
    earlier = []
    for cycle in range(CYCLES):
        start = first + datetime.timedelta(days=45 * cycle)
        api, jobs = run_cycle(server, api, server.kind, cycle, start, places, hotel_rooms, earlier)
        earlier += jobs
    print(f"[{server.kind}] {CYCLES} kill cycles in {time.monotonic() - started:.1f} s")
