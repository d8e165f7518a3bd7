"""Rate plans and deposits in Chromium against a real server, under network latency: a manager is
refused a plan priced below what a plan may be, corrects it and saves it on Settings; a guest reading
Thai finds the plans under a room with their totals, terms and deposits, books with breakfast, and the
desk shows the plan and the deposit open until it is paid; a plan withdrawn while a guest types is
refused in Thai with a way back to the others; Today marks an arrival whose deposit is open."""

import datetime

from conftest import latin_words, screenshot, text_in
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready
from test_site import wait_page

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}


def plan_rows(browser):
    return browser.execute_script("return document.querySelectorAll('.settings-plan').length")


def open_place(browser, base, place, arrival, nights=2):
    departure = arrival + datetime.timedelta(days=nights)
    browser.get(f"{base}/#/places/{place}?arrival={arrival}&departure={departure}&adults=2")
    wait_page(browser, "places")
    WebDriverWait(browser, 20).until(
        lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete"
    )


def test_a_manager_adds_a_plan_after_a_refusal_and_a_thai_guest_books_one_with_its_deposit(
    desk_server, driver, browser_factory
):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    before = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/rate-plans")["data"]["plans"]
    assert [p["name"] for p in before] == ["Non-refundable", "Bed and breakfast"]
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        go(driver, "#/settings", "settings")
        assert plan_rows(driver) == 2
        driver.find_element(By.ID, "settings-plan-add").click()
        n = 2
        driver.find_element(By.ID, f"plan-{n}-name").send_keys("Long stay")
        adjustment = driver.find_element(By.ID, f"plan-{n}-adjustment")
        adjustment.clear()
        adjustment.send_keys("-95")
        assert not driver.find_element(By.ID, f"plan-{n}-depositPercent").is_displayed()
        Select(driver.find_element(By.ID, f"plan-{n}-deposit")).select_by_value("share")
        driver.find_element(By.ID, f"plan-{n}-depositPercent").send_keys("30")
        Select(driver.find_element(By.ID, f"plan-{n}-terms")).select_by_value("free")
        driver.find_element(By.ID, f"plan-{n}-freeCancellationDays").send_keys("7")
        # The browser lets -95 through (the field's floor is the server's to say); the server refuses it.
        driver.execute_script("document.getElementById(arguments[0]).min = ''", f"plan-{n}-adjustment")
        driver.find_element(By.ID, "settings-plans-save").click()
        WebDriverWait(driver, 10).until(lambda b: "90 % less" in text_in(b, "#settings-plans-error"))
        adjustment = driver.find_element(By.ID, f"plan-{n}-adjustment")
        adjustment.clear()
        adjustment.send_keys("-15")
        driver.find_element(By.ID, "settings-plans-save").click()
        WebDriverWait(driver, 10).until(lambda b: text_in(b, "#desk-toast") == "Saved.")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})
    plans = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/rate-plans")["data"]["plans"]
    assert plans[2] == {
        "id": 3, "name": "Long stay", "adjustmentBasisPoints": -1500, "nonRefundable": False,
        "freeCancellationDays": 7, "lateCancellationBasisPoints": 10000, "deposit": "share",
        "depositBasisPoints": 3000, "active": True,
    }
    driver.refresh()
    wait_ready(driver, "settings")
    assert plan_rows(driver) == 3
    driver.execute_script("document.getElementById('plan-2-name').scrollIntoView()")
    screenshot(driver, "settings-plans")

    # A guest reading Thai sees the plans under each room, priced for the dates, and books breakfast.
    today = datetime.date.fromisoformat(api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    arrival = today + datetime.timedelta(days=27)
    guest = browser_factory(viewport=(1024, 768), language="th-TH")
    open_place(guest, desk_server, hotel["id"], arrival)
    box = guest.find_elements(By.CSS_SELECTOR, ".room-box:has(.room-plans)")[0]
    offers = box.find_elements(By.CSS_SELECTOR, ".room-plan")
    assert len(offers) == 3
    assert "ห้องพักพร้อมอาหารเช้า" in offers[1].text and "ไม่คืนเงิน" in offers[0].text
    assert not latin_words(box.text, stored=["Long stay"]), box.text
    screenshot(guest, "place-plans-thai")
    offers[1].find_element(By.CSS_SELECTOR, ".room-book-plan").click()
    wait_page(guest, "book")
    WebDriverWait(guest, 10).until(lambda b: text_in(b, "#book-deposit"))
    assert "มัดจำ" in text_in(guest, "#book-deposit")
    # The button says a deposit is due now, not that everything is paid at the hotel.
    submit = guest.find_element(By.ID, "book-submit").text
    assert "มัดจำ" in submit and "ที่โรงแรม" not in submit, submit
    page = guest.find_element(By.CSS_SELECTOR, ".book-page").text
    assert not latin_words(page, stored=[hotel["name"]]), page
    guest.find_element(By.ID, "book-name").send_keys("Malee Plan")
    guest.find_element(By.ID, "book-email").send_keys("malee@example.com")
    guest.find_element(By.ID, "book-submit").click()
    wait_page(guest, "bookings")
    code = guest.current_url.rsplit("/", 1)[-1]

    # The desk finds it on the plan, with its first night's deposit open, and records the deposit paid.
    found = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/stays?q={code}")["data"]["results"]
    stay_id = found[0]["stay"]["id"]
    go(driver, f"#/stays/{stay_id}", "stays")
    WebDriverWait(driver, 10).until(lambda b: "still to pay" in text_in(b, "#stay-deposit"))
    assert "Bed and breakfast" in driver.find_element(By.CSS_SELECTOR, ".desk-facts").text
    detail = api(driver, "GET", f"/api/v1/stays/{stay_id}")["data"]
    assert detail["ratePlanId"] == 2 and detail["deposit"]["open"] == detail["deposit"]["amount"]
    screenshot(driver, "stay-deposit-open")
    payment = driver.find_element(By.CSS_SELECTOR, "[data-form=payment] form")
    payment.find_element(By.XPATH, ".//label[normalize-space()='Bank transfer']").click()
    payment.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda b: "paid" in text_in(b, "#stay-deposit"))
    assert api(driver, "GET", f"/api/v1/stays/{stay_id}")["data"]["deposit"]["open"]["amount"] == 0

    # A plan withdrawn while a guest types: the booking is refused in Thai, with the way back.
    open_place(guest, desk_server, hotel["id"], arrival + datetime.timedelta(days=5))
    guest.find_elements(By.CSS_SELECTOR, ".room-plan[data-plan-id='3'] .room-book-plan")[0].click()
    wait_page(guest, "book")
    guest.find_element(By.ID, "book-name").send_keys("Somchai Late")
    guest.find_element(By.ID, "book-email").send_keys("somchai@example.com")
    kept = [{k: v for k, v in p.items()} for p in plans if p["id"] != 3]
    assert api(driver, "PUT", f"/api/v1/properties/{hotel['id']}/rate-plans", {"plans": kept})["status"] == 200
    guest.find_element(By.ID, "book-submit").click()
    WebDriverWait(guest, 10).until(lambda b: text_in(b, "#book-error"))
    refusal = text_in(guest, "#book-error")
    assert "แผนนี้" in refusal and not latin_words(refusal), refusal
    assert guest.find_element(By.ID, "book-name").get_attribute("value") == "Somchai Late"
    guest.find_element(By.CSS_SELECTOR, "#book-error a").click()
    wait_page(guest, "places")
    WebDriverWait(guest, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".room-plan"))
    assert not guest.find_elements(By.CSS_SELECTOR, ".room-plan[data-plan-id='3']")


def test_today_marks_an_arrival_whose_deposit_is_open(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    today = datetime.date.fromisoformat(api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    rooms = api(driver, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
    for room in rooms:
        made = api(
            driver, "POST", f"/api/v1/properties/{hotel['id']}/stays",
            {"roomId": room["id"], "arrival": today.isoformat(), "departure": (today + datetime.timedelta(days=1)).isoformat(),
             "adults": 2, "ratePlanId": 1, "guest": {"name": "Deposit Owed"}},
            {"Idempotency-Key": f"plans-today-{room['id']}"},
        )
        if made["status"] == 201:
            break
    assert made["status"] == 201, made
    go(driver, "#/today", "today")
    # Today draws itself again as the stay just booked reaches it live: the tab is pressed as it then stands.
    WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: b.find_element(By.CSS_SELECTOR, "[role=tab][data-list=arrivals]").click() or True)
    row = f"#today-panel tr[data-stay-id='{made['data']['id']}']"
    WebDriverWait(driver, 10).until(lambda b: "Deposit due" in text_in(b, f"{row} .today-deposit"))
    screenshot(driver, "today-deposit")
