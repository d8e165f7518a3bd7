"""A property's events reach a webhook receiver on loopback as a hotel would have them: a guest's booking on
the site, a payment at the desk and the guest's cancellation, each POSTed as JSON, in order, and each
request's signature checked as the receiver's documentation would tell them to (HMAC-SHA256 of
"<t>.<body>" with the webhook's secret). The receiver is down for its first requests: they are sent again,
in the same order, and none is lost. A receiver that redirects is not followed, and says so."""

import datetime
import hashlib
import hmac
import http.server
import json
import threading
import time
import uuid

from test_kill9 import Api, iso

SLOW_SECONDS = 2.0

HOTEL = 1


class Receiver:
    """An HTTP server on loopback that keeps what it is sent, and when (`received`, monotonic seconds);
    answers 503 to its first `refuse` requests, and each after `delay` seconds."""

    def __init__(self, refuse=0, redirect_to=None, delay=0):
        self.requests = []
        self.received = []
        self.refused = 0
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.received.append(time.monotonic())
                if delay:
                    time.sleep(delay)
                if redirect_to:
                    self.send_response(302)
                    self.send_header("Location", redirect_to)
                    self.end_headers()
                    return
                if outer.refused < refuse:
                    outer.refused += 1
                    self.send_response(503)
                    self.end_headers()
                    return
                outer.requests.append((dict(self.headers), body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def verified(headers, body, secret):
    """The receiver's check: the signature is HMAC-SHA256 of "<t>.<body>", and t is within five minutes."""
    fields = dict(part.split("=", 1) for part in headers["Frontdesk-Signature"].split(","))
    expected = hmac.new(secret.encode(), f"{fields['t']}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"]) and abs(time.time() - int(fields["t"])) < 300


def wait_for(condition, timeout=30):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def add_webhook(api, url, events):
    answer = api.call("POST", f"/api/v1/properties/{HOTEL}/webhooks", {"url": url, "events": events})
    assert answer.status == 201, answer
    return answer.data


def book(api, days_ahead):
    """A guest's booking of a night on the site: the answer, and the stay as the desk finds it."""
    arrival = datetime.date.today() + datetime.timedelta(days=days_ahead)
    departure = arrival + datetime.timedelta(days=1)
    place = api.call("GET", f"/api/v1/public/properties/{HOTEL}?arrival={arrival}&departure={departure}&adults=1")
    room_type = next(t["id"] for t in place.data["roomTypes"] if t.get("available"))
    booked = api.call(
        "POST", "/api/v1/public/bookings",
        {"propertyId": HOTEL, "roomTypeId": room_type, "arrival": iso(arrival), "departure": iso(departure),
         "adults": 1, "guest": {"name": "Hook Test", "email": "hook@example.com"}},
        {"Idempotency-Key": f"hook-{uuid.uuid4()}"},
    )
    assert booked.status == 201, booked
    return booked, api.call("GET", f"/api/v1/properties/{HOTEL}/stays?q={booked.code}").data["results"][0]["stay"]


def test_a_hotels_events_reach_its_receiver_signed_in_order_through_a_receiver_that_was_down(sqlite_server):
    sqlite_server.env = {"FRONTDESK_ALLOW_PRIVATE_ADDRESSES": "true", "FRONTDESK_MAIL_RETRY_SECONDS": "1"}
    base = sqlite_server.start()
    api = Api(base)
    api.sign_in()
    receiver = Receiver(refuse=2)
    try:
        webhook = add_webhook(api, receiver.url, ["booking.created", "booking.cancelled", "payment.received"])
        secret = webhook["secret"]
        # A guest books on the site; the desk takes a payment; the guest cancels.
        booked, stay = book(api, days_ahead=70)
        currency = api.call("GET", f"/api/v1/stays/{stay['id']}/folio").data["currency"]
        paid = api.call("POST", f"/api/v1/stays/{stay['id']}/payments",
                        {"amount": {"amount": 50_000, "currency": currency}, "method": "cash"})
        assert paid.status == 201, paid
        cancelled = api.call("POST", f"/api/v1/public/bookings/{booked.code}/cancel", {"email": "hook@example.com"})
        assert cancelled.status == 200, cancelled

        wait_for(lambda: len(receiver.requests) >= 3)
        time.sleep(1)
        assert receiver.refused == 2
        bodies = [json.loads(body) for _, body in receiver.requests]
        assert [b["type"] for b in bodies] == ["booking.created", "payment.received", "booking.cancelled"], bodies
        assert all(verified(headers, body, secret) for headers, body in receiver.requests)
        assert not verified(receiver.requests[0][0], receiver.requests[0][1] + b" ", secret)
        assert bodies[0]["entity"] == "stay" and bodies[0]["entityId"] == stay["id"] and bodies[0]["propertyId"] == HOTEL
        assert bodies[0]["data"]["confirmationCode"] == booked.code
        ids = [headers["Frontdesk-Delivery"] for headers, _ in receiver.requests]
        assert ids == [b["id"] for b in bodies] and len(set(ids)) == 3
        listed = api.call("GET", f"/api/v1/properties/{HOTEL}/webhooks").data["webhooks"]
        assert listed[0]["attempts"] == 0 and "lastError" not in listed[0] and "secret" not in listed[0]
    finally:
        receiver.stop()


def test_a_receiver_that_redirects_is_not_followed_and_the_desk_reads_why(sqlite_server):
    sqlite_server.env = {"FRONTDESK_ALLOW_PRIVATE_ADDRESSES": "true", "FRONTDESK_MAIL_RETRY_SECONDS": "60"}
    base = sqlite_server.start()
    api = Api(base)
    api.sign_in()
    receiver = Receiver(redirect_to="http://169.254.169.254/latest/meta-data/")
    try:
        add_webhook(api, receiver.url, ["booking.changed", "booking.created", "booking.cancelled"])
        book(api, days_ahead=75)

        def failed():
            listed = api.call("GET", f"/api/v1/properties/{HOTEL}/webhooks").data["webhooks"]
            return "not followed" in listed[0].get("lastError", "")

        wait_for(failed)
        assert receiver.requests == []
    finally:
        receiver.stop()


def test_two_instances_send_each_event_once_in_order_none_after_removal_and_no_receiver_waits_on_another(
    postgres_server,
):
    """Two instances on one PostgreSQL. Three receivers of the hotel's bookings: one quick, one that takes
    SLOW_SECONDS to answer each request, and one removed after its first events. Each receiver left is sent
    every event once, in order; the removed one nothing after its DELETE was answered; and the quick one is
    not held back by the slow one (each event reaches it well within the slow receiver's own time)."""
    env = {"FRONTDESK_ALLOW_PRIVATE_ADDRESSES": "true", "FRONTDESK_MAIL_RETRY_SECONDS": "1"}
    postgres_server.env = env
    first = postgres_server.start()
    second = type(postgres_server)(postgres_server.binary, postgres_server.database, postgres_server.work)
    second.env = env
    second.runs = 100  # its own log files
    receivers = []
    try:
        other = second.start()
        apis = [Api(first), Api(other)]
        for api in apis:
            api.sign_in()
        quick, slow, removed = Receiver(), Receiver(delay=SLOW_SECONDS), Receiver()
        receivers = [quick, slow, removed]
        for receiver in receivers:
            add_webhook(apis[0], receiver.url, ["booking.created"])
        hooks = apis[0].call("GET", f"/api/v1/properties/{HOTEL}/webhooks").data["webhooks"]
        removed_id = next(h["id"] for h in hooks if h["url"] == removed.url)

        booked_at = []
        for index in range(3):
            book(apis[index % 2], days_ahead=80 + index)
            booked_at.append(time.monotonic())
        wait_for(lambda: len(removed.requests) >= 3)
        answer = apis[1].call("DELETE", f"/api/v1/webhooks/{removed_id}")
        assert answer.status == 204, answer
        removed_at = time.monotonic()
        for index in range(3, 6):
            book(apis[index % 2], days_ahead=80 + index)
            booked_at.append(time.monotonic())

        wait_for(lambda: len(quick.requests) >= 6 and len(slow.requests) >= 6, timeout=60)
        time.sleep(SLOW_SECONDS + 1)  # a second copy would be on its way by now
        for receiver in (quick, slow):
            ids = [headers["Frontdesk-Delivery"] for headers, _ in receiver.requests]
            seqs = [int(i.split("-")[1]) for i in ids]
            assert len(ids) == 6 and len(set(ids)) == 6, ids
            assert seqs == sorted(seqs), ids
        assert [t for t in removed.received if t > removed_at] == [], "events reached a removed webhook"
        assert len(removed.requests) == 3
        # Each booking reached the quick receiver within its own round trip, whatever the slow one took.
        waits = [got - made for got, made in zip(quick.received, booked_at)]
        assert max(waits) < SLOW_SECONDS, waits
    finally:
        second.stop()
        for receiver in receivers:
            receiver.stop()
