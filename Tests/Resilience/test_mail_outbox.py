"""Nothing a guest is owed by mail is lost or sent twice as two messages, through a real SMTP server
(aiosmtpd) that goes away and comes back.

- With the mail server down, guests book through the guest site; the server is killed (SIGKILL) and
  started again, and then the mail server returns: every booking's confirmation arrives, and a booking's
  confirmation that arrives twice (sent, then the server died before it noted so) arrives with the same
  Message-ID both times.
- Two server instances on one PostgreSQL send from one outbox: each confirmation arrives once. Guests
  book one room type at once through both: each gets a room (two stays written into one room at once
  once deadlocked on PostgreSQL's guard against double booking, and the guest got a 500).
"""

import concurrent.futures
import datetime
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from mail_sink import MailSink  # noqa: E402
from test_kill9 import Api  # noqa: E402

BOOKINGS = 24
# Retries start a second apart, and a message taken by an instance that died is free again 5 s later.
FAST_MAIL = {"FRONTDESK_MAIL_RETRY_SECONDS": "1", "FRONTDESK_MAIL_LEASE_SECONDS": "5"}


def book(api, place, room_type, arrival, email):
    """A guest's booking for one night with its Idempotency-Key: its confirmation code."""
    body = {
        "propertyId": place, "roomTypeId": room_type, "arrival": arrival.isoformat(),
        "departure": (arrival + datetime.timedelta(days=1)).isoformat(), "adults": 1,
        "guest": {"name": "Mail Test", "email": email},
    }
    answer = api.call("POST", "/api/v1/public/bookings?lang=ja", body, {"Idempotency-Key": f"mail-{uuid.uuid4()}"})
    assert answer.status == 201, answer
    return answer.code


def free_room_types(api, arrival):
    """(place, room type) pairs with a free room for the night, across the demo's places."""
    departure = arrival + datetime.timedelta(days=1)
    found = []
    for place in range(1, 40):
        answer = api.call("GET", f"/api/v1/public/properties/{place}?arrival={arrival}&departure={departure}&adults=1")
        if answer.status != 200:
            continue
        # Up to six guests at once on one room type: they race for its first free room.
        found += [(place, t["id"]) for t in answer.data["roomTypes"] for _ in range(min(t.get("available") or 0, 6))]
    return found


def book_many(bases, label):
    """BOOKINGS bookings spread over the servers at `bases`: {recipient: confirmation code}."""
    arrival = datetime.date.today() + datetime.timedelta(days=90 + sum(map(ord, label)) % 30)
    slots = free_room_types(Api(bases[0]), arrival)
    assert len(slots) >= BOOKINGS, f"only {len(slots)} free rooms on {arrival}"

    def one(index):
        email = f"mail.{label}.{index}@example.com"
        place, room_type = slots[index]
        return email, book(Api(bases[index % len(bases)]), place, room_type, arrival, email)

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return dict(pool.map(one, range(BOOKINGS)))


def delivered(sink, codes, timeout=90):
    """The messages to the bookings' guests once each has its confirmation: {recipient: [messages]}."""
    deadline = time.monotonic() + timeout
    while True:
        by_recipient = {}
        for message in sink.messages():
            recipient = str(message["To"]).split("<")[-1].rstrip(">")
            if recipient in codes:
                by_recipient.setdefault(recipient, []).append(message)
        if len(by_recipient) == len(codes) or time.monotonic() > deadline:
            return by_recipient
        time.sleep(0.2)


def test_confirmations_held_while_the_mail_server_is_down_arrive_once_after_a_kill(server):
    sink = MailSink().start()
    try:
        sink.stop()  # the mail server is down from the start (its port is kept)
        server.env = {**sink.environment(), **FAST_MAIL}
        base = server.start()
        codes = book_many([base], server.kind)
        time.sleep(1.5)  # a few attempts fail against the closed port
        server.kill9()
        sink.start()
        server.start()
        by_recipient = delivered(sink, codes)
        missing = sorted(set(codes) - set(by_recipient))
        assert not missing, f"no confirmation reached {missing}"
        time.sleep(6)  # past a lease: a message taken by the killed server is not sent again as another
        for recipient, messages in delivered(sink, codes).items():
            assert codes[recipient] in str(messages[0]["Subject"])
            assert len({m["Message-ID"] for m in messages}) == 1, f"{recipient} got {len(messages)} different messages"
    finally:
        sink.stop()


def test_two_instances_on_one_postgresql_send_each_confirmation_once(postgres_server):
    sink = MailSink().start()
    second = None
    try:
        postgres_server.env = {**sink.environment(), **FAST_MAIL}
        first = postgres_server.start()
        second = type(postgres_server)(postgres_server.binary, postgres_server.database, postgres_server.work)
        second.env = postgres_server.env
        second.runs = 100  # its own log files
        other = second.start()
        codes = book_many([first, other], "two")
        by_recipient = delivered(sink, codes)
        assert sorted(by_recipient) == sorted(codes)
        time.sleep(3)
        counts = {r: len(m) for r, m in delivered(sink, codes).items()}
        assert all(count == 1 for count in counts.values()), counts
    finally:
        if second:
            second.stop()
        sink.stop()
