"""A property's staff in Chromium against a real server: the hotel's manager adds a housekeeper (a refusal
first, then the correction, under network latency), who signs in on another browser and finds only the
hotel, with the housekeeping screen's buttons and no desk work; the manager sets the housekeeper a new
password (their session ends) and takes them off the staff. And the page in Thai, without English."""

import datetime

from conftest import latin_words, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}


def sign_in_as(browser, base, email, password):
    browser.get(f"{base}/desk/")
    WebDriverWait(browser, 30).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    browser.find_element(By.ID, "login-email").send_keys(email)
    browser.find_element(By.ID, "login-password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    wait_ready(browser)


def staff_row(browser, name):
    rows = browser.find_elements(By.XPATH, f"//table[contains(@class,'staff-table')]//tr[th[normalize-space()='{name}']]")
    return rows[0] if rows else None


def add_staff(browser, email, name, role, password):
    form = browser.find_element(By.CSS_SELECTOR, "form.staff-add")
    for field, value in (("email", email), ("name", name), ("password", password)):
        control = form.find_element(By.NAME, field)
        control.clear()
        control.send_keys(value)
    Select(form.find_element(By.CSS_SELECTOR, "select")).select_by_value(role)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def test_a_manager_adds_a_housekeeper_who_finds_only_their_work_then_resets_and_removes_them(
    desk_server, browser_factory
):
    manager = browser_factory(viewport=(1024, 768))
    sign_in(manager, desk_server)
    hotel = use_property(manager, "hotel")
    manager.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="staff"]').click()
    wait_ready(manager, "staff")
    manager.execute_cdp_cmd("Network.enable", {})
    manager.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)

    # A password too short is refused where the manager typed it; the corrected one adds her.
    add_staff(manager, "noi@example.com", "Noi Saetang", "housekeeping", "short")
    WebDriverWait(manager, 10).until(lambda b: text_in(b, "form.staff-add .desk-form-error"))
    until_text(manager, "form.staff-add .desk-form-error", "A password has at least 8 characters.")
    assert staff_row(manager, "Noi Saetang") is None
    add_staff(manager, "noi@example.com", "Noi Saetang", "housekeeping", "clean rooms")
    WebDriverWait(manager, 10).until(lambda b: staff_row(b, "Noi Saetang") is not None)
    row = staff_row(manager, "Noi Saetang")
    assert Select(row.find_element(By.CSS_SELECTOR, "select")).first_selected_option.text == "Housekeeping"
    # A reload comes back to the same list.
    manager.refresh()
    wait_ready(manager, "staff")
    assert staff_row(manager, "Noi Saetang") is not None
    screenshot(manager, "staff-list")

    phone = browser_factory(viewport=(375, 812))
    sign_in_as(phone, desk_server, "noi@example.com", "clean rooms")
    options = [o.get_attribute("value") for o in phone.find_elements(By.CSS_SELECTOR, "#desk-property option")]
    assert options == [str(hotel["id"])]
    assert not phone.find_elements(By.CSS_SELECTOR, '.desk-nav a[data-route="staff"]')
    go(phone, "#/housekeeping", "housekeeping")
    assert phone.find_elements(By.XPATH, "//button[normalize-space()='Mark clean' or normalize-space()='Mark dirty']")
    go(phone, "#/today", "today")
    assert not phone.find_elements(By.XPATH, "//button[normalize-space()='Check in']")
    room = api(phone, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"][0]["id"]
    arrival = datetime.date.today() + datetime.timedelta(days=60)
    booking = {"roomId": room, "arrival": arrival.isoformat(), "departure": (arrival + datetime.timedelta(days=1)).isoformat(),
               "adults": 1, "guest": {"name": "Ann Lee"}}
    refused = api(phone, "POST", f"/api/v1/properties/{hotel['id']}/stays", booking)
    assert refused["status"] == 403, refused
    # She opens a guest's stay (to see who is in a room) but reads no money: no folio, no deposit.
    board = api(phone, "GET", f"/api/v1/properties/{hotel['id']}/board")["data"]
    stay_id = board["items"][5]
    go(phone, f"#/stays/{stay_id}", "stays")
    assert phone.find_elements(By.CSS_SELECTOR, ".desk-facts")
    assert not phone.find_elements(By.CSS_SELECTOR, ".folio, #stay-deposit")
    assert api(phone, "GET", f"/api/v1/stays/{stay_id}/folio")["status"] == 403

    # A new password ends her session: her next step asks her to sign in again.
    row = staff_row(manager, "Noi Saetang")
    row.find_element(By.CSS_SELECTOR, "input[type=password]").send_keys("new clean rooms")
    row.find_element(By.XPATH, ".//button[normalize-space()='Set password']").click()
    WebDriverWait(manager, 10).until(lambda b: "New password set for Noi Saetang" in text_in(b, "#desk-toast"))
    phone.execute_script("location.hash = '#/board'")
    WebDriverWait(phone, 30).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    sign_in_as(phone, desk_server, "noi@example.com", "new clean rooms")

    # Taken off the staff, after the manager says yes.
    row = staff_row(manager, "Noi Saetang")
    row.find_element(By.XPATH, ".//button[normalize-space()='Remove']").click()
    row = staff_row(manager, "Noi Saetang")
    row.find_element(By.XPATH, ".//button[normalize-space()='Yes']").click()
    WebDriverWait(manager, 10).until(lambda b: staff_row(b, "Noi Saetang") is None)
    assert api(phone, "GET", f"/api/v1/properties/{hotel['id']}")["status"] == 404
    # On no property's staff now, her desk says so and lets her sign out.
    phone.refresh()
    wait_ready(phone, "none")
    assert "You work at no property yet" in phone.find_element(By.ID, "desk-app").text
    phone.find_element(By.XPATH, "//button[normalize-space()='Sign out']").click()
    WebDriverWait(phone, 10).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    manager.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})


def test_the_staff_page_in_thai_has_no_english_left_and_words_a_refusal(desk_server, browser_factory):
    manager = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(manager, desk_server)
    hotel = use_property(manager, "hotel")
    go(manager, "#/staff", "staff")
    # Someone already on the staff: the refusal in Thai.
    add_staff(manager, "frontdesk@example.com", "", "viewer", "")
    WebDriverWait(manager, 10).until(lambda b: text_in(b, "form.staff-add .desk-form-error"))
    until_text(manager, "form.staff-add .desk-form-error", "frontdesk@example.com ทำงานที่นี่อยู่แล้ว")
    staff = api(manager, "GET", f"/api/v1/properties/{hotel['id']}/staff")["data"]["staff"]
    stored = [m["name"] for m in staff] + [m["email"] for m in staff] + ["frontdesk@example.com"]
    words = manager.find_element(By.CSS_SELECTOR, ".staff-page").text
    left = latin_words(words, stored=stored + [hotel["name"]])
    assert not left, f"English left on the Thai staff page: {left}"
    screenshot(manager, "staff-thai")
