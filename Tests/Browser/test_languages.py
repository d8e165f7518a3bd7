"""Every word in the page's language, in Chromium against a real server: a Thai and a Japanese desk
read a stay, its folio (a payment the server named itself included) and the server's refusal of a
check-out with an open balance without one English word; a Thai and a Japanese guest meet the
results, the booking form and the server's refusal of a phone number in their language. The demo's
hotels have worded their room types, summaries, amenities and taxes in every language (Settings), so
those must read in the page's language too; only the hotels' names, what staff and guests typed, and
"Wi-Fi" (which Japanese writes so) may show as stored."""

import pytest
from conftest import latin_words, make_driver, screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready
from test_site import next_month_dates, wait_page

GENERATED = ("Payment (", "no longer in the stay", "Room charge without a night", ": the stay's nights changed", ": the charges it is on changed")


def strings_in(value):
    """Every string in a JSON value, as what the server holds."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


@pytest.mark.parametrize("language", ["th-TH", "ja-JP"])
def test_a_stay_its_folio_and_a_refusal_read_in_the_desks_language(desk_server, language):
    desk = make_driver((1024, 768), language)
    try:
        sign_in(desk, desk_server)
        hotel = use_property(desk, "hotel")
        today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
        # A stay of its own for each language: the tests share one server.
        stay = [e["stay"] for e in today["inHouse"] if e["stay"]["roomId"]][["th-TH", "ja-JP"].index(language)]
        folio = api(desk, "GET", f"/api/v1/stays/{stay['id']}/folio")["data"]
        paid = api(desk, "POST", f"/api/v1/stays/{stay['id']}/payments",
                   {"amount": {"amount": 100, "currency": folio["currency"]}, "method": "cash"},
                   {"Idempotency-Key": f"language-{language}"})
        assert paid["status"] in (200, 201), paid
        go(desk, f"#/stays/{stay['id']}", "stays")
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".folio-entry.is-payment"))
        desk.find_element(By.CSS_SELECTOR, 'button[data-step="check-out"]').click()
        WebDriverWait(desk, 10).until(lambda b: b.find_element(By.ID, "stay-message").text.strip())
        refusal = desk.find_element(By.ID, "stay-message").text
        assert "balance" not in refusal
        stored = strings_in(api(desk, "GET", f"/api/v1/stays/{stay['id']}")["data"])
        # What staff typed on the folio; room nights and taxes carry the names the hotel worded.
        stored += [e["description"] for e in api(desk, "GET", f"/api/v1/stays/{stay['id']}/folio")["data"]["entries"]
                   if not any(g in e["description"] for g in GENERATED) and e.get("category") not in ("room", "tax", "fee")]
        worded = ("roomTypes", "services", "summary", "amenities", "translations")
        stored += strings_in({k: v for k, v in api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"].items() if k not in worded})
        stored += strings_in(api(desk, "GET", "/api/v1/session")["data"])  # who posted, as staff are named
        text = desk.execute_script("return document.getElementById('desk-main').innerText")
        screenshot(desk, f"desk-stay-refusal-{language[:2]}")
        assert latin_words(text, stored) == []
        assert {"th-TH": "ยอดค้าง", "ja-JP": "未精算"}[language] in refusal
    finally:
        desk.quit()


@pytest.mark.parametrize("language", ["th-TH", "ja-JP"])
def test_a_guest_meets_results_the_booking_form_and_a_refusal_in_the_pages_language(desk_server, language):
    guest = make_driver((1024, 768), language)
    try:
        arrival, departure = next_month_dates({"th-TH": 9, "ja-JP": 10}[language])
        guest.get(f"{desk_server}/#/search?region=Chiang%20Mai&arrival={arrival}&departure={departure}&adults=2")
        wait_page(guest, "search")
        WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
        place_id = guest.find_element(By.CSS_SELECTOR, "#results-list .result").get_attribute("data-place-id")
        detail = api(guest, "GET", f"/api/v1/public/properties/{place_id}?arrival={arrival}&departure={departure}")["data"]
        search = api(guest, "GET", f"/api/v1/public/search?region=Chiang%20Mai&arrival={arrival}&departure={departure}")["data"]
        stored = ["Frontdesk Stays", "Wi-Fi", detail["property"]["name"], *(r["property"]["name"] for r in search["results"])]
        main = "return document.getElementById('site-main').innerText"
        assert latin_words(guest.execute_script(main), stored) == []
        guest.find_elements(By.CSS_SELECTOR, "#results-list .result a")[0].click()
        WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".room-book"))
        guest.find_element(By.CSS_SELECTOR, ".room-book").click()
        WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.ID, "book-submit"))
        guest.find_element(By.ID, "book-name").send_keys("Somchai Jaidee")
        guest.find_element(By.ID, "book-email").send_keys("somchai@example.com")
        guest.find_element(By.ID, "book-phone").send_keys("call me maybe")
        guest.find_element(By.ID, "book-submit").click()
        WebDriverWait(guest, 10).until(lambda b: b.find_element(By.ID, "book-phone-error").text.strip())
        assert guest.find_element(By.ID, "book-phone-error").text == {
            "th-TH": "หมายเลขโทรศัพท์มีได้เฉพาะตัวเลข ช่องว่าง และ + - ( )",
            "ja-JP": "電話番号に使えるのは数字、空白、+ - ( ) だけです。",
        }[language]
        assert latin_words(guest.execute_script(main), stored) == []
        screenshot(guest, f"site-book-refusal-{language[:2]}")
    finally:
        guest.quit()
