"""A salon's ticket books (回数券) in Chromium against a real server, in Japanese. The manager puts a book of ten
blow-dries, ブロー10回, on sale on Set-up for ¥45,000, valid twelve months (a validity of no months refused first,
under its field); a customer's first visit is checked out with the book sold to her, paid in cash, and its receipt
lists the book with all ten left; each of her next three visits is checked out paying with the book (its
checkbox), nothing then left to pay, and the last receipt says seven of ten are left. Her record lists the book
as seven of ten left, and the reports say what the salon owes in books not used yet: the seven blow-dries left,
¥31,500, now and on the law's next reference date (31 March or 30 September). No English is left on the parts of the pages the books add.

The visits are booked through the API on the days after the server's today (its salon page's `today`), at noon
in the salon's zone; every amount expected is read from the server (its quotes, sales and books), the prices of
the walk's own offer aside."""

import datetime
import uuid
import zoneinfo

import pytest
from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import MAIN, money, quoted
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import words
from test_salon_setup import error_under, labelled, type_into

OFFER = "ブロー10回"
VISITS = 10
PRICE = 45000
MONTHS = 12
CUSTOMER = {"name": "森 さくら", "reading": "もり さくら", "phone": "090 4444 5555"}
# The demo's service the book pays for, by its stored name.
SERVICE = "Cut & blow"


def the_service(browser, salon):
    """The demo's blow-dry as the desk names it (in its language), its id, and a member who performs it."""
    service = browser.execute_script(
        "return window.desk.property.services.find((s) => (s.storedName ?? s.name) === arguments[0])", SERVICE
    )
    assert service, f"the demo salon has no {SERVICE}"
    setup = api(browser, "GET", f"/api/v1/properties/{salon['id']}/salon")["data"]
    performers = next(b["performers"] for b in setup["services"] if b["serviceId"] == service["id"])
    return service, performers


def book_visits(browser, salon, service_id, performers, customer_id, count):
    """`count` appointments of the service for the customer, each at noon on one of the days after the server's
    today (a day on which a performer is free then): their ids, in order."""
    today = datetime.date.fromisoformat(api(browser, "GET", f"/api/v1/public/salons/{salon['id']}")["data"]["today"])
    zone = zoneinfo.ZoneInfo(salon["timeZone"])
    booked = []
    for ahead in range(1, 30):
        noon = datetime.datetime.combine(today + datetime.timedelta(days=ahead), datetime.time(12), zone)
        for staff in performers:
            answer = api(
                browser, "POST", f"/api/v1/properties/{salon['id']}/appointments",
                {"staffId": staff, "serviceId": service_id, "start": noon.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                 "customer": {"id": customer_id}, "outsideWorkingHours": True},
                {"Idempotency-Key": str(uuid.uuid4())},
            )
            if answer["status"] == 201:
                assert answer["data"]["customerId"] == customer_id, answer
                booked.append(answer["data"]["id"])
                break
        if len(booked) == count:
            return booked
    pytest.fail(f"only {len(booked)} of {count} visits could be booked in the next weeks")


def offers_of(browser, salon):
    return api(browser, "GET", f"/api/v1/properties/{salon['id']}/ticket-offers")["data"]["offers"]


def books_of(browser, customer_id):
    return api(browser, "GET", f"/api/v1/customers/{customer_id}/ticket-books")["data"]["ticketBooks"]


def sale_shown(browser):
    """The receipt the checkout gave way to: its sale, as the server keeps it."""
    wait_ready(browser, "sales")
    sale_id = browser.execute_script("return location.hash").rsplit("/", 1)[1]
    sale = api(browser, "GET", f"/api/v1/sales/{sale_id}")["data"]
    until_text(browser, "#receipt-number", sale["reference"])
    return sale


def put_offer_on_sale(desk, salon, service):
    """On Set-up, the manager fills in a new ticket book: ten visits of the blow-dry, its price, a validity of no
    months (refused under its field), then twelve; the offer the server then keeps."""
    go(desk, "#/salon-setup", "salon-setup")
    new = words(desk, "setup.newTicket")
    label = lambda key, **params: words(desk, key, offer=new, **params)  # noqa: E731
    type_into(desk, label("setup.ticketNameOf"), OFFER)
    Select(labelled(desk, label("setup.ticketKindOf"))).select_by_value("visits")
    type_into(desk, label("setup.ticketVisitsOf"), str(VISITS))
    type_into(desk, label("setup.ticketPriceOf"), str(PRICE))
    labelled(desk, label("setup.ticketServiceOf", service=service["name"])).click()
    type_into(desk, label("setup.ticketMonthsOf"), "0")
    add = desk.find_element(By.XPATH, f"//button[normalize-space()='{words(desk, 'setup.addTicket')}']")
    add.click()
    # A book valid for no months is refused under its field; nothing is put on sale.
    WebDriverWait(desk, 10).until(lambda b: error_under(b, label("setup.ticketMonthsOf")) != "")
    assert not [o for o in offers_of(desk, salon) if o["name"] == OFFER]
    type_into(desk, label("setup.ticketMonthsOf"), str(MONTHS))
    add.click()
    assert poll(lambda: [o for o in offers_of(desk, salon) if o["name"] == OFFER and o["active"]])
    [offer] = [o for o in offers_of(desk, salon) if o["name"] == OFFER]
    assert (offer["kind"], offer["serviceIds"], offer["units"], offer["price"], offer["months"]) == (
        "visits", [service["id"]], VISITS, {"amount": PRICE, "currency": salon["currency"]}, MONTHS
    )
    # Its row, drawn from the server's answer, and a blank form for the next one.
    row = f'form.is-ticket[data-offer-id="{offer["id"]}"]'
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, row))
    assert labelled(desk, words(desk, "setup.ticketNameOf", offer=OFFER)).get_attribute("value") == OFFER
    assert labelled(desk, label("setup.ticketNameOf")).get_attribute("value") == ""
    section = text_in(desk, "section[aria-labelledby=setup-ticketOffers]")
    services = desk.execute_script("return window.desk.property.services.map((s) => s.name)")
    assert latin_words(section, [OFFER, *services]) == []
    screenshot(desk, "ticket-offer-ja")
    return offer


def test_in_japanese_a_book_of_ten_blow_dries_is_sold_drawn_three_times_and_seven_are_left(desk_server):
    desk = make_driver((1024, 900), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        base = f"/api/v1/properties/{salon['id']}"
        service, performers = the_service(desk, salon)
        offer = put_offer_on_sale(desk, salon, service)

        customer = api(desk, "POST", f"{base}/customers", CUSTOMER)
        assert customer["status"] == 201, customer
        customer = customer["data"]
        first, *with_book = book_visits(desk, salon, service["id"], performers, customer["id"], 4)
        staff = [m["name"] for m in api(desk, "GET", base)["data"]["staff"]]
        products = [p["name"] for p in api(desk, "GET", f"{base}/products")["data"]["products"]]
        stored = [customer["name"], OFFER, *staff, *products]

        # Her first visit, checked out with the book sold to her, all paid in cash.
        go(desk, f"#/checkout?appointments={first}", "checkout")
        assert quoted(desk) == "current"
        Select(desk.find_element(By.ID, "checkout-ticket-offer")).select_by_value(str(offer["id"]))
        desk.find_element(By.ID, "checkout-add-ticket").click()
        order = {"appointmentIds": [first], "items": [], "tickets": [{"offerId": offer["id"]}], "payments": []}
        quote = api(desk, "POST", f"{base}/sales/quote", order)["data"]
        [sold] = [line for line in quote["lines"] if line["category"] == "prepaid"]
        assert sold["amount"] == {"amount": PRICE, "currency": salon["currency"]} and sold["description"] == OFFER
        WebDriverWait(desk, 10).until(lambda b: quoted(b) == "current" and text_in(b, "#checkout-total") == money(b, quote["total"]))
        assert words(desk, "ticket.sold", name=OFFER) in text_in(desk, "#checkout-totals .is-prepaid")
        assert OFFER in text_in(desk, "#checkout-tickets-sold")
        Select(desk.find_element(By.ID, "checkout-method-0")).select_by_value("cash")
        WebDriverWait(desk, 10).until(
            lambda b: quoted(b) == "current" and b.find_element(By.ID, "checkout-amount-0").get_attribute("value") == str(quote["total"]["amount"])
        )
        assert latin_words(desk.execute_script(MAIN), stored) == []
        screenshot(desk, "ticket-sold-checkout-ja")
        WebDriverWait(desk, 10).until(lambda b: b.find_element(By.ID, "checkout-complete").is_enabled())
        desk.find_element(By.ID, "checkout-complete").click()
        sale = sale_shown(desk)
        until_text(desk, "#receipt-total", money(desk, quote["total"]))
        [ticket] = sale["tickets"]
        assert (ticket["name"], ticket["kind"], ticket["units"], ticket["remaining"]) == (OFFER, "visits", VISITS, VISITS)
        book_id = ticket["ticketBookId"]
        receipt_books = text_in(desk, "#receipt-tickets")
        assert OFFER in receipt_books and words(desk, "ticket.visitsLeft", remaining=VISITS, units=VISITS) in receipt_books
        assert desk.execute_script("return window.desk.i18n.date(arguments[0])", ticket["lastDay"]) in receipt_books
        [book] = books_of(desk, customer["id"])
        assert (book["id"], book["remaining"], book["usable"]) == (book_id, VISITS, True)

        # Each of her next visits is paid with the book: ticked, nothing is left to pay.
        for n, visit in enumerate(with_book, start=1):
            go(desk, f"#/checkout?appointments={visit}", "checkout")
            assert quoted(desk) == "current"
            box = f"checkout-ticket-{visit}-{book_id}"
            WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.ID, box))
            left = VISITS - n + 1
            assert text_in(desk, f'label:has(#{box})') == words(desk, "checkout.payWithTicket", service=service["name"], name=OFFER, remaining=left)
            desk.find_element(By.ID, box).click()
            drawn = api(desk, "POST", f"{base}/sales/quote", {
                "appointmentIds": [visit], "items": [], "draws": [{"ticketBookId": book_id, "appointmentId": visit}], "payments": [],
            })["data"]
            assert drawn["total"]["amount"] == 0 and drawn["due"]["amount"] == 0
            assert [t["remaining"] for t in drawn["tickets"]] == [left - 1]
            WebDriverWait(desk, 10).until(
                lambda b: quoted(b) == "current" and b.find_element(By.ID, "checkout-complete").is_enabled()
            )
            until_text(desk, "#checkout-due", money(desk, drawn["due"]))
            assert words(desk, "ticket.paidWith", name=OFFER) in text_in(desk, "#checkout-totals .is-prepaid")
            assert words(desk, "ticket.visitsLeft", remaining=left - 1, units=VISITS) in text_in(desk, "#checkout-tickets-balance")
            if n == 1:
                assert latin_words(desk.execute_script(MAIN), stored) == []
                screenshot(desk, "ticket-drawn-checkout-ja")
            desk.find_element(By.ID, "checkout-complete").click()
            sale = sale_shown(desk)
            [paid] = [line for line in sale["lines"] if line["category"] == "prepaid"]
            assert paid["ticketBookId"] == book_id and paid["amount"]["amount"] < 0
            assert [t["remaining"] for t in sale["tickets"]] == [left - 1]

        # The last receipt: seven of ten left, as the server's book has it.
        [book] = books_of(desk, customer["id"])
        assert book["remaining"] == VISITS - len(with_book) == 7
        until_text(desk, "#receipt-tickets-list .ticket-left", words(desk, "ticket.visitsLeft", remaining=7, units=VISITS))
        issuer = sale["issuer"]
        receipt_stored = [*stored, service["name"], sale["reference"], issuer["name"], *issuer["address"].split("\n")]
        assert latin_words(desk.execute_script(MAIN), receipt_stored) == []
        screenshot(desk, "ticket-receipt-ja")

        # Her record: the book, seven of ten left, sold today and valid until its last day.
        go(desk, f"#/customers/{customer['id']}", "customers")
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'#customer-tickets [data-ticket-book-id="{book_id}"]'))
        record = text_in(desk, "#customer-tickets")
        assert OFFER in record and words(desk, "ticket.visitsLeft", remaining=7, units=VISITS) in record
        date = lambda day: desk.execute_script("return window.desk.i18n.date(arguments[0])", day)  # noqa: E731
        assert date(book["soldOn"]) in record and date(book["lastDay"]) in record
        assert words(desk, "ticket.notUsable") not in record
        assert latin_words(record, [OFFER]) == []
        screenshot(desk, "ticket-record-ja")

        # The reports: what the salon owes in books not used yet, the seven blow-dries left of ¥45,000's ten.
        balances = api(desk, "GET", f"{base}/ticket-balances")["data"]
        assert balances["unused"] == {"amount": PRICE * 7 // VISITS, "currency": salon["currency"]} == {"amount": 31500, "currency": "JPY"}
        assert balances["books"] == 1
        # The ledger of the sales' day first, its books' lines named as such: the last sale's among them.
        day = sale["date"]
        go(desk, f"#/reports?report=ledger&from={day}&to={day}", "reports")
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'.reports-table a[href="#/sales/{sale["id"]}"]'))
        ledger = api(desk, "GET", f"{base}/ledger?from={day}&to={day}")["data"]
        assert [line for line in ledger["lines"] if line.get("category") == "prepaid"]
        assert words(desk, "category.prepaid") in text_in(desk, ".reports-table")
        until_text(desk, "#reports-prepaid-unused", money(desk, balances["unused"]))
        until_text(desk, "#reports-prepaid-books", "1")
        # A salon in yen: the law's reference dates, each against the threshold.
        dates = balances["referenceDates"]
        assert dates and balances["threshold"]["currency"] == "JPY"
        rows = desk.execute_script("return [...document.querySelectorAll('#reports-prepaid tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent))")
        # The next reference date first, as the books stand today: the book of twelve months is valid then.
        upcoming = balances["nextReferenceDate"]
        assert upcoming["date"][5:] in ("03-31", "09-30") and upcoming["unused"] == balances["unused"]
        assert rows[0][0] == words(desk, "reports.referenceDateNext", date=date(upcoming["date"]))
        assert rows[0][1] == money(desk, balances["unused"])
        rows = rows[1:]
        assert [row[0] for row in rows] == [date(d["date"]) for d in dates]
        assert all(row[3] == words(desk, "reports.prepaidUnder") for row, d in zip(rows, dates) if not d["overThreshold"])
        assert latin_words(text_in(desk, "#reports-prepaid")) == []
        screenshot(desk, "ticket-balances-ja")
    finally:
        desk.quit()
