"""A salon's waitlist, in Chromium against a real server over a fresh SQLite demo database that sends its
mail to a real SMTP sink on loopback and makes its offers every second (FRONTDESK_WAITLIST_SECONDS=1):
a stylist's day is booked full; a Japanese customer on a phone finds no free time that day with her,
joins the waitlist (an address mistyped first is refused under its field, in Japanese); a visit that day
is cancelled, and the time it frees is offered to her by email, in Japanese, held for her; its link opens
the offer on her phone, which asks her to accept the cancellation terms before booking it, and then shows
the visit's code. The desk's Waitlist lists her with the offer she took, in English and in Thai without an
English word left; a customer added there by phone is taken off again after asking. A link that is not an
offer's says so. Every expectation is read from the API (the salon's today, free times, the offer made), so
the test runs on any day at any hour."""

import datetime
import re
import urllib.parse
import uuid
import zoneinfo

import pytest
from conftest import latin_words, redrawn_again, screenshot, text_in, until_text
from frontdesk_server import serving_demo
from mail_sink import MailSink, text_of
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import sign_in, use_property, wait_ready
from test_site import wait_page
from test_site_salon import (
    SALON, api, choose_day, days_of, free_times, refusal, salon, service_id, staff_api, stored_names, visible_text,
    wait_salon,
)

PHONE = (375, 812)
CUSTOMER = {"name": "山田 花子", "email": "hanako.waitlist@example.com", "phone": "090-1234-5678"}
FILLER = "filler.waitlist@example.com"


@pytest.fixture(scope="module")
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


@pytest.fixture(scope="module")
def waitlist_server(sink):
    """A demo server that sends its mail to the sink and makes the waitlist's offers every second."""
    with serving_demo("waitlist_server", env={**sink.environment(), "FRONTDESK_WAITLIST_SECONDS": "1"}) as base:
        yield base


def to(address):
    return lambda message: address in str(message["To"])


def book_the_day_full(base, day, service, staff):
    """Books every free time of `staff` for `service` on `day`: the visits' codes, in the day's order."""
    codes = []
    while times := free_times(base, day, [service], staff):
        status, visit = api(
            base, "POST", f"/api/v1/public/salons/{SALON}/visits?lang=ja",
            {"services": [service], "staffId": staff, "start": times[0]["start"], "acceptTerms": True,
             "customer": {"name": "満席 太郎", "email": FILLER, "phone": "090 0000 0000"}},
            {"Idempotency-Key": f"waitlist-fill-{uuid.uuid4()}"},
        )
        assert status == 201, visit
        codes.append(visit["code"])
        assert len(codes) < 40, "the day does not fill"
    return codes


def entry_of(base, entry_id):
    """The desk's waitlist entry `entry_id`, as the demo's manager reads it."""
    waitlist = staff_api(base, f"/api/v1/properties/{SALON}/waitlist")
    return next(e for e in waitlist["entries"] if e["id"] == entry_id)


def salon_clock(instant, zone):
    """An instant as the salon's clock reads it: "11:00"."""
    moment = datetime.datetime.fromisoformat(instant.replace("Z", "+00:00"))
    return moment.astimezone(zoneinfo.ZoneInfo(zone)).strftime("%H:%M")


def desk_text(browser):
    """What the desk shows but the property and language menus (each language named in its own)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('.desk-nav, #desk-main')].map((e) => e.innerText).join('\\n')"
    )


def test_a_customer_on_the_waitlist_takes_the_time_a_cancellation_frees_and_the_desk_lists_it(
    waitlist_server, sink, browser_factory
):
    base = waitlist_server
    page = salon(base, "ja")
    cut = service_id(page, "カット")
    staff = next(s for s in page["staff"] if s["id"] in next(v for v in page["services"] if v["id"] == cut)["staffIds"])
    # Two days on at least, so that a visit that day can still be cancelled online.
    day = next(d for d in list(days_of(page))[2:] if free_times(base, d, [cut], staff["id"]))
    filled = book_the_day_full(base, day, cut, staff["id"])
    stored = stored_names(page) + [CUSTOMER["email"]]

    # She finds no time with her stylist that day, and joins the waitlist.
    phone = browser_factory(viewport=PHONE, language="ja-JP")
    phone.get(f"{base}/#/salon/{SALON}")
    wait_salon(phone)
    phone.find_element(By.CSS_SELECTOR, f'.salon-service[data-service-id="{cut}"]').click()
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'.salon-stylist[data-staff="{staff["id"]}"]'))
    phone.find_element(By.CSS_SELECTOR, f'.salon-stylist[data-staff="{staff["id"]}"]').click()
    WebDriverWait(phone, 10).until(lambda b: f"staff={staff['id']}" in b.current_url)
    choose_day(phone, day)
    assert phone.find_elements(By.ID, "salon-no-times")
    join = phone.find_element(By.ID, "salon-waitlist-open")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", join)
    join.click()
    assert staff["name"] in text_in(phone, "#salon-waitlist-what")
    phone.find_element(By.ID, "salon-waitlist-name").send_keys(CUSTOMER["name"])
    phone.find_element(By.ID, "salon-waitlist-phone").send_keys(CUSTOMER["phone"])
    phone.find_element(By.ID, "salon-waitlist-email").send_keys("hanako.waitlist@")
    phone.find_element(By.ID, "salon-waitlist-submit").click()
    WebDriverWait(phone, 10).until(lambda b: text_in(b, "#salon-waitlist-email-error"))
    assert phone.find_element(By.ID, "salon-waitlist-email").get_attribute("aria-invalid") == "true"
    assert latin_words(text_in(phone, "#salon-waitlist-email-error")) == []
    phone.find_element(By.ID, "salon-waitlist-email").send_keys("example.com")
    assert latin_words(visible_text(phone), stored + ["hanako.waitlist@example.com"]) == []
    screenshot(phone, "waitlist-ja-join")
    phone.find_element(By.ID, "salon-waitlist-submit").click()
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "salon-waitlist-done"))
    assert CUSTOMER["email"] in text_in(phone, "#salon-waitlist-done")
    assert latin_words(visible_text(phone), stored) == []
    entry_id = int(phone.find_element(By.ID, "salon-waitlist-done").get_attribute("data-entry-id"))
    entry = entry_of(base, entry_id)
    assert (entry["serviceId"], entry["staffId"], entry["from"], entry["to"]) == (cut, staff["id"], day, day)
    assert entry["state"] == "waiting" and entry["language"] == "ja"
    assert entry["customer"] == {**entry["customer"], **CUSTOMER}

    # A visit that day is cancelled: the time it frees is offered to her, by email, in Japanese.
    cancelled = filled[len(filled) // 2]
    status, _ = api(base, "POST", f"/api/v1/public/visits/{cancelled}/cancel?lang=ja", {"email": FILLER})
    assert status == 200
    [offer_mail] = sink.wait_for(to(CUSTOMER["email"]), timeout=30)
    link = re.search(r"https?://\S+#/offer\?\S+", text_of(offer_mail)).group(0)
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).fragment.split("?", 1)[1])
    assert query["lang"] == ["ja"] and query["token"][0]
    [offer] = [o for o in entry_of(base, entry_id)["offers"] if o["state"] == "open"]
    assert offer["staffId"] == staff["id"]

    # The link opens the offer on her phone: the time held for her, counting down; the terms asked first.
    phone.get(link)
    wait_page(phone, "offer")
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "offer-book"))
    zone = page["salon"]["timeZone"]
    assert text_in(phone, "#offer-time").startswith(salon_clock(offer["start"], zone))
    until_text(phone, "#offer-stylist", staff["name"])
    held = text_in(phone, "#offer-hold")
    assert salon_clock(offer["expiresAt"], zone) in held
    WebDriverWait(phone, 5).until(lambda b: text_in(b, "#offer-hold") != held)
    # Until when it may be cancelled online once booked, as the booking page says it.
    assert "キャンセル" in text_in(phone, "#offer-terms")
    assert latin_words(visible_text(phone), stored) == []
    screenshot(phone, "waitlist-ja-offer")
    book = phone.find_element(By.ID, "offer-book")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", book)
    book.click()
    until_text(phone, "#offer-acceptTerms-error", refusal(phone, "ja", "visit.terms"))
    phone.find_element(By.ID, "offer-accept").click()
    phone.find_element(By.ID, "offer-book").click()
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "offer-booked"))
    code = text_in(phone, "#confirmation-code")
    assert latin_words(visible_text(phone), stored + [code]) == []
    assert phone.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    screenshot(phone, "waitlist-ja-booked")
    status, visit = api(base, "GET", f"/api/v1/public/visits/{code}?email={urllib.parse.quote(CUSTOMER['email'])}")
    assert status == 200 and visit["state"] == "booked"
    assert (visit["start"], visit["staff"]["id"]) == (offer["start"], staff["id"])

    # A link that is no offer's says so.
    phone.get(f"{base}/#/offer?token=not-an-offer&lang=ja")
    wait_page(phone, "offer")
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "offer-refused"))
    until_text(phone, "#offer-refused", "このリンクは無効です。")

    # The desk lists her with the offer she took, in English and in Thai.
    desk = browser_factory()
    sign_in(desk, base)
    use_property(desk, "salon")
    desk.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="waitlist"]').click()
    wait_ready(desk, "waitlist")
    listed = f'.waitlist-entry[data-entry-id="{entry_id}"]'
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, listed))
    assert desk.find_element(By.CSS_SELECTOR, listed).get_attribute("data-state") == "booked"
    taken = text_in(desk, f'{listed} .waitlist-offer[data-state="accepted"]')
    assert salon_clock(offer["start"], zone) in taken and staff["name"] in taken
    # Its email went out: the desk says so, as the mail server took it.
    email = f'{listed} .waitlist-offer[data-state="accepted"] .waitlist-offer-email'
    assert desk.find_element(By.CSS_SELECTOR, email).get_attribute("data-message-state") == "sent"
    until_text(desk, email, "Email: Sent")
    assert CUSTOMER["email"] in text_in(desk, listed) and CUSTOMER["name"] in text_in(desk, listed)
    assert not desk.find_elements(By.CSS_SELECTOR, f"{listed} .waitlist-remove")
    screenshot(desk, "waitlist-desk-en")

    # A customer who calls is added at the desk, their offers in Thai, and taken off again after asking.
    desk.find_element(By.ID, "waitlist-add").click()
    Select(desk.find_element(By.ID, "waitlist-service")).select_by_value(str(cut))
    desk.find_element(By.ID, "waitlist-name").send_keys("Somchai Jaidee")
    desk.find_element(By.ID, "waitlist-email").send_keys("somchai.waitlist@example.com")
    desk.find_element(By.ID, "waitlist-phone").send_keys("081 234 5678")
    Select(desk.find_element(By.ID, "waitlist-language")).select_by_value("th")
    desk.find_element(By.ID, "waitlist-submit").click()
    called = '.waitlist-entry:has(.waitlist-email[href="mailto:somchai.waitlist@example.com"])'
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f"{called} .waitlist-remove"))
    [added] = [e for e in staff_api(base, f"/api/v1/properties/{SALON}/waitlist")["entries"] if e["customer"]["name"] == "Somchai Jaidee"]
    assert (added["language"], added["serviceId"]) == ("th", cut)
    redrawn_again(lambda: desk.find_element(By.CSS_SELECTOR, f"{called} .waitlist-remove").click())
    WebDriverWait(desk, 10).until(expected_conditions.alert_is_present()).accept()
    WebDriverWait(desk, 10).until(
        lambda b: b.execute_script("return document.querySelector(arguments[0])?.dataset.state", called) == "withdrawn"
    )
    assert entry_of(base, added["id"])["state"] == "withdrawn"

    Select(desk.find_element(By.ID, "desk-language")).select_by_value("th")
    wait_ready(desk, "waitlist")
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, listed))
    # What the salon and its customers entered stays as they wrote it: its stylists' names, names and addresses.
    names = [s["name"] for s in staff_api(base, f"/api/v1/properties/{SALON}")["staff"]]
    customers = [e["customer"] for e in staff_api(base, f"/api/v1/properties/{SALON}/waitlist")["entries"]]
    assert latin_words(desk_text(desk), names + [v for c in customers for v in (c["name"], c["email"])]) == []
    screenshot(desk, "waitlist-desk-th")
