"""The guest site when a guest goes back, reloads, changes language or loses the server, in Chromium
against a real server: Back from the results finds the search filled in; a reload or a language switch
on the booking form keeps what was typed; a place page opened while the server is stopped says so in
the page's language and opens by itself when the server returns; the calendar starts at the hotels'
today, not the guest's."""

import datetime
import time

from conftest import screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_offline import restartable  # noqa: F401 (a fixture)
from test_site import api, guest, open_dates, search_chiang_mai, wait_page  # noqa: F401 (guest: a fixture)


def value_of(browser, element_id):
    return browser.execute_script("return document.getElementById(arguments[0])?.value ?? null", element_id)


def test_back_from_the_results_finds_the_destination_dates_and_party_filled_in(desk_server, guest):
    arrival, departure = search_chiang_mai(guest, desk_server, infants=1)
    guest.back()
    wait_page(guest, "home")
    assert value_of(guest, "search-region") == "Chiang Mai"
    assert "3 nights" in guest.find_element(By.ID, "search-dates").text
    assert guest.find_element(By.ID, "search-guests").text == "2 guests, Infants 1"
    # Searching again from there goes on as before.
    guest.find_element(By.CSS_SELECTOR, ".search-submit").click()
    wait_page(guest, "search")
    assert f"arrival={arrival}" in guest.current_url and f"departure={departure}" in guest.current_url


def open_booking_form(guest, base, arrival_day):
    search_chiang_mai(guest, base, arrival_day=arrival_day)
    guest.find_elements(By.CSS_SELECTOR, "#results-list .result a")[0].click()
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".room-book"))
    guest.find_element(By.CSS_SELECTOR, ".room-book").click()
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.ID, "book-submit"))


def test_a_reload_and_a_language_switch_keep_what_was_typed_in_the_booking_form(desk_server, guest):
    open_booking_form(guest, desk_server, arrival_day=22)
    typed = {"book-name": "Kept Across Reloads", "book-email": "kept@example.com", "book-phone": "+66 81 234 5678",
             "book-requests": "A quiet room, please"}
    for element_id, text in typed.items():
        guest.find_element(By.ID, element_id).send_keys(text)
    guest.refresh()
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.ID, "book-submit"))
    assert {k: value_of(guest, k) for k in typed} == typed
    Select(guest.find_element(By.ID, "site-language")).select_by_value("th")
    WebDriverWait(guest, 10).until(lambda b: b.execute_script("return document.documentElement.lang") == "th")
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.ID, "book-submit"))
    assert {k: value_of(guest, k) for k in typed} == typed
    assert "ยกเลิกฟรี" in guest.find_element(By.ID, "book-terms").text
    screenshot(guest, "site-book-kept-th")
    # Booked, the form is emptied: the next booking in this tab starts afresh.
    guest.find_element(By.ID, "book-submit").click()
    wait_page(guest, "bookings")
    Select(guest.find_element(By.ID, "site-language")).select_by_value("en")
    open_booking_form(guest, desk_server, arrival_day=24)
    assert value_of(guest, "book-name") == ""


def test_a_place_opened_while_the_server_is_stopped_says_so_and_opens_when_it_returns(restartable, browser_factory):  # noqa: F811
    guest = browser_factory(language="ja-JP")
    search_chiang_mai_ja = f"{restartable.base}/#/search?region=Chiang%20Mai"
    first = datetime.date.today().replace(day=1) + datetime.timedelta(days=32)
    arrival, departure = first.replace(day=5).isoformat(), first.replace(day=8).isoformat()
    guest.get(f"{search_chiang_mai_ja}&arrival={arrival}&departure={departure}&adults=2")
    wait_page(guest, "search")
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    restartable.stop()
    try:
        guest.find_elements(By.CSS_SELECTOR, "#results-list .result a")[0].click()
        WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.ID, "site-offline"))
        page = guest.find_element(By.CSS_SELECTOR, ".place-page")
        assert page.get_attribute("data-state") == "failed"
        text = page.text
        assert "サーバー" in guest.find_element(By.ID, "site-offline").text
        assert "Loading" not in text and "読み込み中" not in text
        assert "fetch" not in text.lower()
        screenshot(guest, "site-place-offline-ja")
        time.sleep(3)  # still down: the page keeps saying so
        assert guest.find_elements(By.ID, "site-offline")
    finally:
        restartable.start()
    WebDriverWait(guest, 15).until(
        lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete"
    )
    assert not guest.find_elements(By.ID, "site-offline")
    assert guest.find_elements(By.CSS_SELECTOR, ".room-book")


def test_the_calendar_starts_at_the_hotels_today_wherever_the_guest_is(desk_server, browser_factory):
    guest = browser_factory()
    # A zone whose day differs from the hotels' at this hour: 14 hours ahead of UTC from 11:00 to 17:00
    # UTC (when it is already tomorrow there but not in Bangkok), else 11 hours behind (still yesterday).
    hour = datetime.datetime.now(datetime.timezone.utc).hour
    zone = "Pacific/Kiritimati" if 11 <= hour < 17 else "Pacific/Pago_Pago"
    guest.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
    guest.get(f"{desk_server}/")
    wait_page(guest, "home")
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".home-destination"))
    hotels_today = api(guest, "GET", "/api/v1/public/regions?q=")["data"]["today"]
    guests_today = guest.execute_script(
        "const d = new Date(); return new Date(d - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10)"
    )
    assert guests_today != hotels_today, (zone, guests_today, hotels_today)
    open_dates(guest)
    today = guest.find_element(By.CSS_SELECTOR, '.search-dates-dialog [aria-current="date"]')
    assert today.get_attribute("data-day") == hotels_today
    # A day the hotels have not reached or have left is not offered.
    yesterday = (datetime.date.fromisoformat(hotels_today) - datetime.timedelta(days=1)).isoformat()
    for day in guest.find_elements(By.CSS_SELECTOR, f'.search-dates-dialog [data-day="{yesterday}"]'):
        assert day.get_attribute("aria-disabled") == "true"
