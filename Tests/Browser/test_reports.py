"""The desk's reports in Chromium against a real server: the day's lists and the ledger of charges and
payments match the API, come back after a reload, download as CSV, print without the controls, and
read in Thai without English left."""

from conftest import latin_words, redrawn_again, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

# The CSV the page offers, read back from its link.
CSV_TEXT = """
const done = arguments[arguments.length - 1];
fetch(document.getElementById('reports-csv').href).then((r) => r.text()).then(done);
"""


def rows_shown(browser):
    return browser.execute_script("return document.querySelectorAll('.reports-table tbody tr').length")


def shown(browser):
    return browser.execute_script("return Number(document.querySelector('.reports-body')?.dataset.shown ?? 0)")


def show(browser, kind, first=None, last=None):
    """Shows a report: its dates set first, then the kind chosen (which shows it) or Show pressed."""
    if first:
        browser.execute_script("document.getElementById('reports-from').value = arguments[0]", first)
    if last:
        browser.execute_script("document.getElementById('reports-to').value = arguments[0]", last)
    before = shown(browser)
    select = Select(browser.find_element(By.ID, "reports-kind"))
    if select.first_selected_option.get_attribute("value") != kind:
        select.select_by_value(kind)
    else:
        browser.find_element(By.CSS_SELECTOR, ".reports-controls button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: shown(b) > before)


def a_guest_pays_and_buys(browser, hotel):
    """An in-house guest buys from the minibar and pays cash; their stay."""
    today = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = today["inHouse"][0]
    stay = guest["stay"]["id"]
    charge = {"description": "Minibar", "amount": {"amount": 25000, "currency": "THB"}, "category": "minibar"}
    assert api(browser, "POST", f"/api/v1/stays/{stay}/charges", charge)["status"] == 201
    payment = {"amount": {"amount": 40000, "currency": "THB"}, "method": "cash"}
    assert api(browser, "POST", f"/api/v1/stays/{stay}/payments", payment)["status"] == 201
    return guest


def test_the_days_lists_and_the_ledger_match_the_api_reload_download_and_print(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    go(driver, "#/dashboard", "dashboard")
    driver.find_element(By.ID, "dashboard-reports").click()
    wait_ready(driver, "reports")
    # The day the page shows, read from the page: the hotel's midnight may pass between its load and this.
    day = driver.find_element(By.ID, "reports-from").get_attribute("value")
    today = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today?date={day}")["data"]
    WebDriverWait(driver, 10).until(lambda b: rows_shown(b) == len(today["arrivals"]))

    show(driver, "inHouse")
    assert rows_shown(driver) == len(today["inHouse"])
    csv = driver.execute_async_script(CSV_TEXT)
    lines = csv.split("\r\n")
    assert lines[0] == "Guest,Confirmation,Room,Arrival,Departure,Nights,Guests,State,Balance"
    assert len(lines) == len(today["inHouse"]) + 2  # the header, a line a guest, and the last CRLF
    assert today["inHouse"][0]["guestName"] in csv

    guest = a_guest_pays_and_buys(driver, hotel)
    date = today["date"]
    show(driver, "ledger", date, date)
    ledger = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/ledger?from={date}&to={date}")["data"]
    assert rows_shown(driver) == len(ledger["lines"])
    assert "Cash" in text_in(driver, "section[aria-labelledby=reports-payments]")
    assert guest["stay"]["confirmationCode"] in text_in(driver, ".reports-table")
    csv = driver.execute_async_script(CSV_TEXT)
    assert csv.count("\r\n") == len(ledger["lines"]) + 1
    assert f"{guest['stay']['confirmationCode']}," in csv and ",Minibar,Minibar,250.00\r\n" in csv

    # Every stay and the guest list, as files to take elsewhere.
    files = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        Promise.all(['reports-export-stays', 'reports-export-guests'].map((id) =>
          fetch(document.getElementById(id).href).then((r) => r.text()))).then(done);
        """
    )
    assert files[0].startswith("confirmation_code,guest_name,") and guest["stay"]["confirmationCode"] in files[0]
    assert files[1].startswith("name,email,phone,nationality,") and guest["guestName"] in files[1]

    # A reload comes back to the same report.
    driver.refresh()
    wait_ready(driver, "reports")
    assert Select(driver.find_element(By.ID, "reports-kind")).first_selected_option.get_attribute("value") == "ledger"
    WebDriverWait(driver, 10).until(lambda b: rows_shown(b) == len(ledger["lines"]))
    screenshot(driver, "reports-ledger")

    # On paper: the lines and totals, not the bar nor the controls.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = driver.execute_script(
            "return ['.desk-bar', '.reports-controls'].map((css) => getComputedStyle(document.querySelector(css)).display)"
        )
        assert hidden == ["none", "none"]
        assert driver.execute_script("return getComputedStyle(document.querySelector('.reports-table')).display") != "none"
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_reports_in_thai_have_no_english_left(desk_server, browser_factory):
    browser = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    a_guest_pays_and_buys(browser, hotel)
    go(browser, "#/reports", "reports")
    date = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"]
    today = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    ledger = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/ledger?from={date}&to={date}")["data"]
    # What staff and guests typed is stored text: names, codes, rooms, a charge's description, a tax's name.
    stored = [hotel["name"]] + [t["name"] for t in ledger["taxes"]]
    for entry in today["inHouse"]:
        stored += [entry["guestName"], entry["stay"]["confirmationCode"], entry.get("roomNumber", "")]
    for line in ledger["lines"]:
        stored += [line["guestName"], line["confirmationCode"], line["description"]]
    for kind in ("inHouse", "ledger"):
        show(browser, kind, date, date)
        left = latin_words(browser.find_element(By.CSS_SELECTOR, ".reports").text, stored=stored)
        assert not left, f"English left on the Thai {kind} report: {left}"
    screenshot(browser, "reports-ledger-thai")


def registration_field(browser, key):
    return browser.find_element(By.CSS_SELECTOR, f"form[data-form=registration] [id$='-registration-guest-{key}']")


def type_registration(browser, key, text):
    """Types into a registration field; a date is set whole, as its picker would."""

    def act():
        field = registration_field(browser, key)
        if field.get_attribute("type") != "date":
            return field.send_keys(text)
        browser.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
            field, text,
        )

    redrawn_again(act)


def test_a_guests_registration_is_kept_refused_then_corrected_and_listed_for_the_police_in_thai(
    desk_server, browser_factory
):
    browser = browser_factory(viewport=(1024, 768))
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    today = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    arrival = today["arrivals"][0]
    go(browser, f"#/stays/{arrival['stay']['id']}", "stays")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "form[data-form=registration]"))
    type_registration(browser, "nationality", "jp")
    type_registration(browser, "documentNumber", "TK/1234567")
    type_registration(browser, "birthDate", "1990-04-01")
    browser.find_element(By.CSS_SELECTOR, "form[data-form=registration] button[type=submit]").click()
    # The server refuses the slash and says why, in place; the correction is kept.
    WebDriverWait(browser, 10).until(
        lambda b: "at most 40 letters, digits, spaces and dashes" in text_in(b, "form[data-form=registration]")
    )
    document = registration_field(browser, "documentNumber")
    document.clear()
    document.send_keys("TK 1234567")
    browser.find_element(By.CSS_SELECTOR, "form[data-form=registration] button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: "Japan (JP)" in text_in(b, ".desk-facts"))
    assert "TK 1234567" in text_in(browser, ".desk-facts")

    thai = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(thai, desk_server)
    use_property(thai, "hotel")
    go(thai, "#/reports?report=registration", "reports")
    WebDriverWait(thai, 10).until(lambda b: shown(b) > 0)
    row = thai.execute_script(
        "return [...document.querySelectorAll('.reports-table tbody tr')].map((tr) => tr.textContent)"
        ".find((text) => text.includes(arguments[0]))",
        arrival["stay"]["confirmationCode"],
    )
    assert row and "ญี่ปุ่น (JP)" in row and "TK 1234567" in row
    csv = thai.execute_async_script(CSV_TEXT)
    assert f",JP,TK 1234567,1990-04-01,{arrival['stay']['arrival']}," in csv
    stored = ["JP", "TK 1234567", hotel["name"]]
    for entry in today["arrivals"]:
        stored += [entry["guestName"], entry["stay"]["confirmationCode"], entry.get("roomNumber", "")]
    left = latin_words(thai.find_element(By.CSS_SELECTOR, ".reports").text, stored=stored)
    assert not left, f"English left on the Thai registration list: {left}"
    screenshot(thai, "reports-registration-thai")
