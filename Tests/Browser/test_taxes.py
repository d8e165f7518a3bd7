"""A property's taxes in Chromium against a real server, under network latency: a manager adds a city
tax a guest a night, is refused a name already taken, corrects it, finds it after a reload, and the
guest site quotes it; the Thai settings have no English left."""

import datetime

from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}


def tax_rows(browser):
    return browser.execute_script("return document.querySelectorAll('.settings-tax').length")


def test_a_manager_adds_a_city_tax_after_a_refusal_and_the_guest_site_quotes_it(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    before = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/taxes")["data"]["taxes"]
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        go(driver, "#/settings", "settings")
        assert tax_rows(driver) == len(before)
        driver.find_element(By.ID, "settings-tax-add").click()
        n = len(before)
        # A name the hotel already uses: the server refuses it and says why, in place.
        driver.find_element(By.ID, f"tax-{n}-name").send_keys(before[0]["name"])
        Select(driver.find_element(By.ID, f"tax-{n}-basis")).select_by_value("per_person_night")
        assert not driver.find_element(By.ID, f"tax-{n}-rate").is_displayed()
        driver.find_element(By.ID, f"tax-{n}-amount").send_keys("50")
        driver.find_element(By.ID, f"tax-{n}-exemptChildren").click()
        driver.find_element(By.ID, f"tax-{n}-maxNights").send_keys("2")
        driver.find_element(By.ID, "settings-taxes-save").click()
        WebDriverWait(driver, 10).until(lambda b: "each name once" in text_in(b, "#settings-taxes-error"))
        name = driver.find_element(By.ID, f"tax-{n}-name")
        name.clear()
        name.send_keys("City tax")
        driver.find_element(By.ID, "settings-taxes-save").click()
        WebDriverWait(driver, 10).until(lambda b: text_in(b, "#desk-toast") == "Saved.")
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})
    taxes = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/taxes")["data"]["taxes"]
    city = taxes[-1]
    # Numbered by the server, which keeps the number across later changes.
    assert city.pop("id") > 0
    assert city == {
        "name": "City tax", "basis": "per_person_night", "amount": {"amount": 5000, "currency": "THB"},
        "exemptChildren": True, "exemptInfants": False, "maxNights": 2,
    }
    driver.refresh()
    wait_ready(driver, "settings")
    assert tax_rows(driver) == len(before) + 1
    assert driver.find_element(By.ID, f"tax-{len(before)}-name").get_attribute("value") == "City tax"
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", f"tax-{len(before)}-name")
    screenshot(driver, "settings-taxes")

    # The guest site quotes it: two adults, three nights, two of them taxed.
    today = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"]
    arrival = datetime.date.fromisoformat(today) + datetime.timedelta(days=20)
    departure = arrival + datetime.timedelta(days=3)
    offers = api(driver, "GET", f"/api/v1/public/properties/{hotel['id']}?arrival={arrival}&departure={departure}&adults=2")
    priced = [r for r in offers["data"]["roomTypes"] if r.get("price")]
    assert priced, offers
    lines = {line["name"]: line["amount"]["amount"] for line in priced[0]["price"]["taxes"]}
    assert lines.get("City tax") == 2 * 2 * 5000


def test_the_taxes_in_thai_have_no_english_left(desk_server, browser_factory):
    browser = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    go(browser, "#/settings", "settings")
    taxes = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/taxes")["data"]["taxes"]
    section = browser.find_element(By.CSS_SELECTOR, "section[aria-labelledby=settings-taxes]")
    # The names are stored text; the controls' values are not in the text read.
    left = latin_words(section.text, stored=[t["name"] for t in taxes])
    assert not left, f"English left on the Thai taxes: {left}"
    options = browser.execute_script(
        "return [...document.querySelectorAll('.settings-tax select option')].map((o) => o.textContent).join(' ')"
    )
    assert not latin_words(options), options
    screenshot(browser, "settings-taxes-thai")


def book_tonight_checked_in(browser, hotel):
    """A guest for tonight in the first room free, checked in (which posts the taxes): the stay's id."""
    today = datetime.date.fromisoformat(api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    rooms = api(browser, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
    for room in rooms:
        made = api(browser, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": today.isoformat(),
            "departure": (today + datetime.timedelta(days=2)).isoformat(), "adults": 2,
            "guest": {"name": "Anna Tax", "email": "anna.tax@example.com"},
        })
        if made["status"] == 201:
            checked_in = api(browser, "POST", f"/api/v1/stays/{made['data']['id']}/check-in", {"override": True})
            assert checked_in["status"] == 200, checked_in
            return made["data"]["id"]
    raise AssertionError("no room free tonight")


def test_an_invoice_and_the_ledger_state_a_city_tax_by_its_amount_in_english_and_thai(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    taxes = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/taxes")["data"]["taxes"]
    if not any(t["basis"] == "per_person_night" for t in taxes):
        taxes.append({"name": "City tax", "basis": "per_person_night", "amount": {"amount": 5000, "currency": "THB"}})
        assert api(desk, "PUT", f"/api/v1/properties/{hotel['id']}/taxes", {"taxes": taxes})["status"] == 200
    city = next(t for t in taxes if t["basis"] == "per_person_night")
    stay = book_tonight_checked_in(desk, hotel)
    issued = api(desk, "POST", f"/api/v1/stays/{stay}/documents", {"kind": "invoice"})
    assert issued["status"] == 201, issued
    line = next(t for t in issued["data"]["taxes"] if t["name"] == city["name"])
    assert line["basis"] == "per_person_night" and line["perNight"] == city["amount"] and "basisPoints" not in line

    go(desk, f"#/documents/{issued['data']['id']}", "documents")
    # Selenium reads a no-break space as a space.
    amount = desk.execute_script("return window.desk.i18n.money(arguments[0])", city["amount"]).replace("\xa0", " ")
    sheet = desk.find_element(By.CSS_SELECTOR, ".document-sheet").text
    assert f"{city['name']}, {amount} a guest a night" in sheet, sheet
    assert f"{city['name']} 0%" not in sheet
    screenshot(desk, "invoice-city-tax")
    go(desk, "#/reports?report=ledger", "reports")
    taxes_shown = "section[aria-labelledby=reports-taxes]"
    WebDriverWait(desk, 10).until(
        lambda b: f"{city['name']}, {amount} a guest a night" in text_in(b, taxes_shown).replace("\xa0", " ")
    )

    thai = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(thai, desk_server)
    use_property(thai, "hotel")
    go(thai, f"#/documents/{issued['data']['id']}", "documents")
    amount = thai.execute_script("return window.desk.i18n.money(arguments[0])", city["amount"]).replace("\xa0", " ")
    sheet = thai.find_element(By.CSS_SELECTOR, ".document-sheet").text
    assert f"{amount} ต่อคนต่อคืน" in sheet, sheet
    stored = [t["name"] for t in taxes] + [hotel["name"], "Anna Tax", "anna.tax@example.com"]
    tax_lines = " ".join(row.text for row in thai.find_elements(By.CSS_SELECTOR, ".document-sheet .is-tax"))
    assert not latin_words(tax_lines, stored=stored), tax_lines
    screenshot(thai, "invoice-city-tax-thai")


def test_a_manager_makes_vat_compound_on_the_service_charge_and_check_in_charges_it_on_both(desk_server, browser_factory):
    """Chiang Mai's way: a 10 % service charge first, then 7 % VAT on the price and the service charge,
    set on the desk (1,000 → 1,100 → 1,177), and check-in posts both as the test works them out."""
    desk = browser_factory(viewport=(1024, 900))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    path = f"/api/v1/properties/{hotel['id']}/taxes"
    before = api(desk, "GET", path)["data"]["taxes"]
    shares = [{**t, "compounds": False} for t in before if t["basis"] == "share"]
    assert [t["basisPoints"] for t in shares] == [1000, 700], shares
    assert api(desk, "PUT", path, {"taxes": shares})["status"] == 200
    try:
        go(desk, "#/settings", "settings")
        compounds = desk.find_element(By.ID, "tax-1-compounds")
        assert compounds.is_displayed() and not compounds.is_selected()
        assert not desk.find_element(By.ID, "tax-0-maxNights").is_displayed()
        compounds.click()
        desk.find_element(By.ID, "settings-taxes-save").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#desk-toast") == "Saved.")
        stored = api(desk, "GET", path)["data"]["taxes"]
        assert [t["compounds"] for t in stored] == [False, True]
        assert [t["id"] for t in stored] == [t["id"] for t in shares]

        stay = book_tonight_checked_in(desk, hotel)
        folio = api(desk, "GET", f"/api/v1/stays/{stay}/folio")["data"]
        rooms = sum(e["amount"]["amount"] for e in folio["entries"] if e.get("category") == "room")
        fees = sum(e["amount"]["amount"] for e in folio["entries"] if e.get("category") == "fee")
        charged = rooms + fees
        service = (charged * 1000 + 5000) // 10000
        vat = (charged * 11000 * 700 + 50_000_000) // 100_000_000
        taxes = [e["amount"]["amount"] for e in folio["entries"] if e.get("category") == "tax"]
        assert taxes == [service, vat], (taxes, charged)
    finally:
        assert api(desk, "PUT", path, {"taxes": before})["status"] == 200
