"""The guest hears from the business, through a real SMTP server on loopback (aiosmtpd): a Thai guest
books from a phone and finds the confirmation in their mailbox, in Thai, with the code and a link that
opens the booking; cancelling it there sends the cancellation. A salon's customer booking in Japanese
gets theirs in Japanese. Each message is read with Python's `email` package, as a mail program would."""

import datetime
import urllib.parse
import uuid

import pytest
from conftest import latin_words, screenshot, text_in
from frontdesk_server import serving_demo
from mail_sink import MailSink, text_of
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_site import wait_page
from test_site_salon import SALON, api, days_of, free_times, salon

PHONE = (375, 812)
HOTEL = 1


@pytest.fixture(scope="module")
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


@pytest.fixture(scope="module")
def mail_server(sink):
    """A demo server that sends its mail to the sink."""
    with serving_demo("mail_server", env=sink.environment()) as base:
        yield base


def to(address):
    return lambda message: address in str(message["To"])


def test_a_thai_guest_books_from_a_phone_and_the_confirmation_in_thai_opens_the_booking(
    mail_server, sink, browser_factory
):
    arrival = datetime.date.today() + datetime.timedelta(days=21)
    departure = arrival + datetime.timedelta(days=2)
    phone = browser_factory(viewport=PHONE, language="th-TH")
    phone.get(f"{mail_server}/#/places/{HOTEL}?arrival={arrival}&departure={departure}&adults=2")
    wait_page(phone, "places")
    WebDriverWait(phone, 20).until(
        lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete"
    )
    book = phone.find_elements(By.CSS_SELECTOR, ".room-book")[0]
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", book)
    book.click()
    wait_page(phone, "book")
    phone.find_element(By.ID, "book-name").send_keys("สมศรี ใจดี")
    phone.find_element(By.ID, "book-email").send_keys("somsri+trip@example.com")
    submit = phone.find_element(By.ID, "book-submit")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
    submit.click()
    WebDriverWait(phone, 15).until(lambda b: b.find_elements(By.ID, "confirmation-code"))
    code = phone.find_element(By.ID, "confirmation-code").text

    [confirmation] = sink.wait_for(to("somsri+trip@example.com"))
    assert confirmation.get_content_type() == "multipart/alternative"
    assert [part.get_content_type() for part in confirmation.iter_parts()] == ["text/plain", "text/html"]
    assert not confirmation.defects
    assert confirmation["Content-Language"] == "th"
    assert code in str(confirmation["Subject"]) and "ยืนยันการจอง" in str(confirmation["Subject"])
    assert confirmation["Message-ID"].startswith("<") and confirmation["Message-ID"].endswith("@frontdesk.test>")
    text = text_of(confirmation)
    assert code in text and "สมศรี ใจดี" in text and "รหัสการจอง" in text
    html = text_of(confirmation, "html")
    assert code in html and 'lang="th"' in html
    # Nothing English in the Thai message, but its facts' own words and the link.
    place = api(mail_server, "GET", f"/api/v1/public/properties/{HOTEL}?lang=th")[1]
    stored = [place["property"]["name"], *(t["name"] for t in place["roomTypes"]), code]
    link = next(line for line in text.splitlines() if line.startswith("http"))
    assert latin_words(text.replace(link, ""), stored=stored) == []

    # The link opens the booking on another phone, in Thai, code and address filled in; cancelling it there
    # sends the cancellation.
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(link).fragment.split("?", 1)[1])
    assert query == {"code": [code], "email": ["somsri+trip@example.com"], "lang": ["th"]}
    other = browser_factory(viewport=PHONE, language="en-GB")
    other.get(link)
    wait_page(other, "manage")
    WebDriverWait(other, 15).until(lambda b: b.find_elements(By.ID, "manage-cancel"))
    assert other.execute_script("return document.documentElement.lang") == "th"
    screenshot(other, "messages-manage-link-thai")
    other.find_element(By.ID, "manage-cancel").click()
    other.switch_to.alert.accept()
    WebDriverWait(other, 10).until(lambda b: "ยกเลิก" in text_in(b, ".manage-state"))
    [cancellation] = sink.wait_for(lambda m: to("somsri+trip@example.com")(m) and "ยกเลิกการจอง" in str(m["Subject"]))
    assert code in text_of(cancellation)
    assert cancellation["Message-ID"] != confirmation["Message-ID"]


def test_a_salon_customer_booking_in_japanese_gets_the_confirmation_in_japanese(mail_server, sink):
    page = salon(mail_server, "ja")
    service = max(page["services"], key=lambda s: len(s["staffIds"]))
    start = next(t for day in list(days_of(page))[1:] for t in free_times(mail_server, day, [service["id"]]))["start"]
    status, visit = api(
        mail_server, "POST", f"/api/v1/public/salons/{SALON}/visits?lang=ja",
        {"services": [service["id"]], "start": start, "acceptTerms": True,
         "customer": {"name": "山田 花子", "email": "hanako.messages@example.com", "phone": "090 1234 5678"}},
        {"Idempotency-Key": f"messages-{uuid.uuid4()}"},
    )
    assert status == 201, visit
    [confirmation] = sink.wait_for(to("hanako.messages@example.com"))
    assert str(confirmation["Subject"]).startswith("ご予約確定")
    text = text_of(confirmation)
    assert visit["code"] in text and service["name"] in text and "山田 花子 様" in text
    assert f"#/visit?code={visit['code']}" in text
