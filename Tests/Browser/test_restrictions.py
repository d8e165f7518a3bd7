"""Restrictions in Chromium against a real server: a manager, under network latency, is refused a
maximum stay shorter than the minimum, corrects it and sets a minimum stay on Rates; a guest reading
Thai finds the room type closed for a one-night stay with the reason in Thai, and the place's calendar
refuses that departure and says why, without English left."""

import datetime

from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready
from test_site import wait_page

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}


def set_date(browser, element_id, value):
    browser.execute_script("document.getElementById(arguments[0]).value = arguments[1]", element_id, value)


def free_for_three_nights(driver, hotel, today):
    """A night within the rates page's four weeks and a room type the guest site sells for three nights from it
    (one of its rooms free on all three), as the API says: the demo's stays move with the clock."""
    for offset in range(25, 4, -1):
        arrival = datetime.date.fromisoformat(today) + datetime.timedelta(days=offset)
        query = f"arrival={arrival}&departure={arrival + datetime.timedelta(days=3)}&adults=2"
        place = api(driver, "GET", f"/api/v1/public/properties/{hotel['id']}?{query}")["data"]
        for room_type in place["roomTypes"]:
            if room_type["available"] > 0:
                return arrival, str(room_type["id"])
    raise AssertionError("no room of the demo hotel is free for three nights in the next four weeks")


def test_a_minimum_stay_set_on_rates_closes_a_one_night_stay_on_the_guest_site_in_thai(desk_server, driver, browser_factory):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    today = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"]
    arrival, room_type = free_for_three_nights(driver, hotel, today)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        go(driver, "#/rates", "rates")
        Select(driver.find_element(By.ID, "rates-room-type")).select_by_value(room_type)
        for element_id in ("restrict-first", "restrict-last"):
            set_date(driver, element_id, arrival.isoformat())
        driver.find_element(By.ID, "restrict-min").send_keys("3")
        driver.find_element(By.ID, "restrict-max").send_keys("2")
        driver.find_element(By.ID, "restrict-submit").click()
        WebDriverWait(driver, 10).until(lambda b: "shorter than the minimum" in text_in(b, "#restrict-error"))
        driver.find_element(By.ID, "restrict-max").clear()
        driver.find_element(By.ID, "restrict-submit").click()
        WebDriverWait(driver, 10).until(lambda b: text_in(b, "#desk-toast") == "Restrictions set.")
        WebDriverWait(driver, 10).until(
            lambda b: "At least 3 nights" in text_in(b, f"tr[data-night='{arrival.isoformat()}']")
        )
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})
    rates = api(driver, "GET", f"/api/v1/room-types/{room_type}/rates?from={arrival}&to={arrival + datetime.timedelta(days=1)}")
    assert rates["data"]["nights"][0]["restriction"] == {"minStay": 3}
    screenshot(driver, "rates-restrictions")
    # The same for the hotel's other room types, so that no room of it takes a shorter stay that day.
    others = [t["id"] for t in api(driver, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["roomTypes"]]
    for other in others:
        body = {"from": arrival.isoformat(), "to": (arrival + datetime.timedelta(days=1)).isoformat(), "minStay": 3}
        assert api(driver, "PUT", f"/api/v1/room-types/{other}/restrictions", body)["status"] == 200

    # A guest reading Thai asks for one night from that day.
    guest = browser_factory(viewport=(1024, 768), language="th-TH")
    guest.get(f"{desk_server}/#/places/{hotel['id']}?arrival={arrival}&departure={arrival + datetime.timedelta(days=1)}&adults=2")
    wait_page(guest, "places")
    WebDriverWait(guest, 20).until(lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete")
    box = guest.find_element(By.CSS_SELECTOR, f".room-box[data-room-type-id='{room_type}'] .room-unavailable")
    assert "อย่างน้อย 3 คืน" in box.text, box.text
    assert not latin_words(box.text), box.text

    # The place's calendar refuses the one-night departure and says why.
    guest.find_element(By.ID, "place-change-dates").click()
    WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f".cal-day[data-day='{arrival}']"))
    guest.execute_script("document.querySelector(`.cal-day[data-day='${arguments[0]}']`).click()", arrival.isoformat())
    departure = (arrival + datetime.timedelta(days=1)).isoformat()
    guest.execute_script("document.querySelector(`.cal-day[data-day='${arguments[0]}']`).click()", departure)
    WebDriverWait(guest, 10).until(lambda b: "อย่างน้อย 3 คืน" in text_in(b, ".cal-hint"))
    hint = text_in(guest, ".cal-hint")
    assert not latin_words(hint), hint
    assert guest.execute_script(
        "return document.querySelector(`.cal-day[data-day='${arguments[0]}']`).getAttribute('aria-disabled')", departure
    ) == "true"
    # Three nights are fine: Done takes the guest to the place for those dates, priced.
    later = (arrival + datetime.timedelta(days=3)).isoformat()
    guest.execute_script("document.querySelector(`.cal-day[data-day='${arguments[0]}']`).click()", later)
    guest.find_element(By.ID, "search-dates-done").click()
    WebDriverWait(guest, 20).until(lambda b: f"departure={later}" in b.current_url)
    WebDriverWait(guest, 20).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, f".room-box[data-room-type-id='{room_type}'] .price")
    )
    screenshot(guest, "place-restriction-thai")
