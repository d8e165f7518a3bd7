"""A Tokyo salon's ticket books across a real 31 March, the law's reference date, in Chromium against a server
whose clock is moved (our preload library, scripts/fakeclock/fakeclock.c; Chromium keeps the real clock). On
20 March 2027 a book of ten blow-dries for ¥45,000 is sold and three visits are paid with it (through the API:
test_ticket_books walks the same at the checkout). The server is stopped and started again on 2 April over the
same database: the desk's report, in Japanese, lists 31 March as a reference date past, with the seven visits
left, ¥31,500, under the ¥10,000,000 threshold; and the next reference date, 30 September, as the book stands."""

import datetime
import os
import shutil
import subprocess
import tempfile

import pytest
from conftest import latin_words, make_driver, screenshot, text_in, until_text
from test_checkout import money
from test_desk import api, go, sign_in, use_property
from test_salon_from_empty import words
from test_ticket_books import CUSTOMER, PRICE, VISITS, book_visits, the_service

from frontdesk_server import clock_at, frontdesk_binary, serving

# Noon in Tokyo (UTC+9): the sale, eleven days before the reference date; the report, two days after it.
SOLD = datetime.datetime(2027, 3, 20, 3, 0, tzinfo=datetime.timezone.utc)
REPORTED = datetime.datetime(2027, 4, 2, 3, 0, tzinfo=datetime.timezone.utc)


@pytest.fixture(scope="module")
def clocked():
    """A demo database made on SOLD's day, and how to serve it with the clock at an instant: `serve(instant)`,
    a context giving its base URL."""
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    root = tempfile.mkdtemp(prefix="frontdesk-reference-date-")
    database = os.path.join(root, "salon.sqlite")

    def serve(instant):
        # `serving` removes its folder when the server stops; the database stays in `root` for the next.
        return serving(binary, database, tempfile.mkdtemp(dir=root), "reference_date_server",
                       env=clock_at(root, instant))

    try:
        subprocess.run([binary, "demo", "--database", database], check=True, capture_output=True,
                       env={**os.environ, **clock_at(root, SOLD)})
        yield serve
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_a_book_sold_in_march_shows_its_seven_visits_left_on_31_march_in_the_report(clocked):
    desk = make_driver((1024, 900), "ja-JP")
    try:
        with clocked(SOLD) as base:
            sign_in(desk, base)
            salon = use_property(desk, "salon")
            path = f"/api/v1/properties/{salon['id']}"
            assert api(desk, "GET", f"/api/v1/public/salons/{salon['id']}")["data"]["today"] == "2027-03-20"
            service, performers = the_service(desk, salon)
            offers = api(desk, "GET", f"{path}/ticket-offers")["data"]["offers"]
            offer = {"name": "ブロー10回", "kind": "visits", "serviceIds": [service["id"]], "units": VISITS,
                     "price": {"amount": PRICE, "currency": "JPY"}, "months": 12}
            put = api(desk, "PUT", f"{path}/ticket-offers", {"offers": [*offers, offer]})
            assert put["status"] == 200, put
            [offer] = [o for o in put["data"]["offers"] if o["name"] == offer["name"]]
            customer = api(desk, "POST", f"{path}/customers", CUSTOMER)["data"]
            first, *with_book = book_visits(desk, salon, service["id"], performers, customer["id"], 4)

            # The first visit sells the book, paid in cash; the next three are paid with it.
            order = {"appointmentIds": [first], "items": [], "tickets": [{"offerId": offer["id"]}], "payments": []}
            total = api(desk, "POST", f"{path}/sales/quote", order)["data"]["total"]
            sold = api(desk, "POST", f"{path}/sales", {**order, "payments": [{"method": "cash", "amount": total}]})
            assert sold["status"] == 201, sold
            [book] = sold["data"]["tickets"]
            for visit in with_book:
                drawn = api(desk, "POST", f"{path}/sales", {
                    "appointmentIds": [visit], "items": [], "payments": [],
                    "draws": [{"ticketBookId": book["ticketBookId"], "appointmentId": visit}]})
                assert drawn["status"] == 201 and drawn["data"]["total"]["amount"] == 0, drawn
            balances = api(desk, "GET", f"{path}/ticket-balances")["data"]
            assert balances["nextReferenceDate"]["date"] == "2027-03-31"
            assert balances["nextReferenceDate"]["unused"] == {"amount": 31500, "currency": "JPY"}

        # Two days past the reference date, the same database served again.
        with clocked(REPORTED) as base:
            sign_in(desk, base)
            salon = use_property(desk, "salon")
            balances = api(desk, "GET", f"/api/v1/properties/{salon['id']}/ticket-balances")["data"]
            assert balances["date"] == "2027-04-02"
            [march] = [d for d in balances["referenceDates"] if d["date"] == "2027-03-31"]
            assert march["unused"] == {"amount": PRICE * 7 // VISITS, "currency": "JPY"} == {"amount": 31500, "currency": "JPY"}
            assert not march["overThreshold"]
            assert balances["nextReferenceDate"]["date"] == "2027-09-30"

            go(desk, "#/reports?report=ledger&from=2027-04-02&to=2027-04-02", "reports")
            until_text(desk, "#reports-prepaid-unused", money(desk, balances["unused"]))
            date = lambda day: desk.execute_script("return window.desk.i18n.date(arguments[0])", day)  # noqa: E731
            rows = desk.execute_script(
                "return [...document.querySelectorAll('#reports-prepaid tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent))")
            assert rows[0][0] == words(desk, "reports.referenceDateNext", date=date("2027-09-30"))
            [row] = [row for row in rows[1:] if row[0] == date("2027-03-31")]
            assert row[1] == money(desk, march["unused"]) and row[3] == words(desk, "reports.prepaidUnder")
            assert latin_words(text_in(desk, "#reports-prepaid")) == []
            screenshot(desk, "ticket-balance-31-march-ja")
    finally:
        desk.quit()
