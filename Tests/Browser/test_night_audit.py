"""The night audit in Chromium against a real server, under network latency: the desk sees what
closing the next day will do, is refused when someone else closed it first, closes the next one after
a reload, reads the frozen report (on screen, as CSV, on paper), goes Back, and reads it all in Thai
without English left."""

from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}

CSV_TEXT = """
const done = arguments[arguments.length - 1];
fetch(document.getElementById('audit-csv').href).then((r) => r.text()).then(done);
"""


def reports_shown(browser):
    return browser.execute_script("return Number(document.querySelector('.audit .reports-body')?.dataset.shown ?? 0)")


def rows(browser, section):
    return browser.execute_script(
        "return document.querySelectorAll(`section[aria-labelledby='${arguments[0]}'] tbody tr`).length", section
    )


def press_close_and_confirm(browser):
    browser.find_element(By.ID, "audit-close").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".audit-next .desk-button.is-danger"))
    browser.find_element(By.CSS_SELECTOR, ".audit-next .desk-button.is-danger").click()


def test_the_desk_is_refused_a_day_closed_meanwhile_then_closes_the_next_and_reads_its_report(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    audit = f"/api/v1/properties/{hotel['id']}/night-audit"
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        go(driver, "#/dashboard", "dashboard")
        driver.find_element(By.ID, "dashboard-audit").click()
        wait_ready(driver, "audit")
        status = api(driver, "GET", audit)["data"]
        assert status["nextDay"] < status["today"] and "closedThrough" not in status
        assert rows(driver, "audit-no-shows") == len(status["noShows"])
        assert "No day has been closed yet." in text_in(driver, ".audit-next")

        # Someone at another desk closes the same day first: this desk is told, in its words.
        closed = api(driver, "POST", audit, {"day": status["nextDay"]})
        assert closed["status"] == 201
        press_close_and_confirm(driver)
        WebDriverWait(driver, 10).until(lambda b: "That day is already closed." in text_in(b, ".audit-next"))

        # After a reload the page offers today, and shows the day closed meanwhile.
        driver.refresh()
        wait_ready(driver, "audit")
        WebDriverWait(driver, 10).until(lambda b: reports_shown(b) > 0)
        assert rows(driver, "audit-report-no-shows") == len(closed["data"]["noShows"])
        assert "Closing today before midnight" in text_in(driver, ".audit-next")
        before = reports_shown(driver)
        press_close_and_confirm(driver)
        WebDriverWait(driver, 10).until(lambda b: reports_shown(b) > before)
        report = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/day-closes/{status['today']}")["data"]
        assert report["day"] == status["today"]
        assert rows(driver, "audit-report-in-house") == len(report["inHouse"])
        assert driver.find_element(By.ID, "audit-close").get_attribute("disabled") is not None
        assert "can be closed once it has begun" in text_in(driver, ".audit-next")
        figures = text_in(driver, "section[aria-labelledby=audit-figures]")
        assert f"{report['roomNightsSold']} of {report['rooms'] - report['roomsOutOfService']}" in figures
        screenshot(driver, "night-audit")

        csv = driver.execute_async_script(CSV_TEXT)
        assert csv.startswith(f"\"Day close, {status['today']}\"\r\nRooms sold,{report['roomNightsSold']}\r\n")
        assert "Date,Confirmation,Guest,Entry,Description,Kind or method,Amount\r\n" in csv
        assert csv.count("\r\n") >= len(report["ledger"]["lines"]) + 10

        # On paper: the report, not the next day's panel nor the controls.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            hidden = driver.execute_script(
                "return ['.desk-bar', '.audit-next'].map((css) => getComputedStyle(document.querySelector(css)).display)"
            )
            assert hidden == ["none", "none"]
        finally:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})

    # Back returns to where the desk came from.
    driver.back()
    wait_ready(driver, "dashboard")


def test_the_night_audit_in_thai_has_no_english_left(desk_server, browser_factory):
    browser = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    status = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/night-audit")["data"]
    if "closedThrough" not in status:
        assert api(browser, "POST", f"/api/v1/properties/{hotel['id']}/night-audit", {"day": status["nextDay"]})["status"] == 201
        status = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/night-audit")["data"]
    go(browser, "#/audit", "audit")
    WebDriverWait(browser, 10).until(lambda b: reports_shown(b) > 0)
    report = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/day-closes/{status['closedThrough']}")["data"]
    # What staff and guests typed is stored text: names, codes, rooms, lines' descriptions, taxes' names.
    stored = [hotel["name"]] + [t["name"] for t in report["ledger"]["taxes"]]
    for line in report["noShows"] + report["inHouse"] + report["notCheckedOut"] + status["noShows"] + status["notCheckedOut"]:
        stored += [line["guestName"], line["confirmationCode"]]
    for line in report["ledger"]["lines"]:
        stored += [line["guestName"], line["confirmationCode"], line["description"]]
    left = latin_words(browser.find_element(By.CSS_SELECTOR, ".audit").text, stored=stored)
    assert not left, f"English left on the Thai night audit: {left}"
    screenshot(browser, "night-audit-thai")
