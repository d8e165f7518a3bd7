"""A salon's checkout (お会計) in Chromium against a real server. In Japanese, a booked visit is checked out
from its page with a product added and cash handed over: the change shown is the server's (what was handed
over less the total of its own quote), the receipt carries its RCT- number, the total and the change, no
English word is left on either page, on paper only the receipt shows, and Back returns to the visit, which
now lists its sale and no longer offers a checkout. In English, under network latency, cash handed over
short of the amount is refused under its field and Complete waits, the amount is put right and the visit
checked out, and the sale is refunded with a reason, its RFD- number shown. In Japanese again, the salon's
day is closed (日締め) from the bar, and its takings by stylist and in all are its receipts' as the server
keeps them.

Each walk checks out a visit of its own, the first the server still offers to check out; every expected
amount is read from the server's quote, never worked out here."""

import datetime
import itertools
import uuid

from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready
from test_night_audit import press_close_and_confirm, reports_shown
from test_salon_from_empty import refusal

import pytest

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}
MAIN = "return document.getElementById('desk-main').innerText"


def a_visit_to_check_out(browser, salon):
    """The first booked appointment on the salon's board that the server offers to check out (`pay`)."""
    board = api(browser, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]
    for appointment_id in board["items"][0::6]:
        visit = api(browser, "GET", f"/api/v1/appointments/{appointment_id}")["data"]
        if visit["state"] == "booked" and "pay" in visit["actions"] and visit.get("customer"):
            return visit
    pytest.fail("no booked appointment on the salon's board may be checked out")


def quoted(browser):
    """Waits until the checkout shows the server's quote of the form as it is (or its refusal): its state."""
    WebDriverWait(browser, 20).until(
        lambda b: b.execute_script("return document.querySelector('.checkout-page')?.dataset.quote") in ("current", "refused")
    )
    return browser.execute_script("return document.querySelector('.checkout-page').dataset.quote")


def money(browser, amount):
    """An amount as the page writes money."""
    return browser.execute_script("return window.desk.i18n.money(arguments[0])", amount)


def error_under(browser, control_id):
    return browser.execute_script(
        "return document.getElementById(arguments[0]).closest('.checkout-field').querySelector('.desk-form-error').textContent",
        control_id,
    )


def complete_enabled(browser):
    return browser.find_element(By.ID, "checkout-complete").is_enabled()


def test_in_japanese_a_visit_is_checked_out_in_cash_with_a_product_and_its_receipt_printed(desk_server):
    desk = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        visit = a_visit_to_check_out(desk, salon)
        product = next(p for p in api(desk, "GET", f"/api/v1/properties/{salon['id']}/products")["data"]["products"] if p["active"])
        go(desk, f"#/appointments/{visit['id']}", "appointments")
        desk.find_element(By.ID, "appointment-pay").click()
        wait_ready(desk, "checkout")
        assert quoted(desk) == "current"

        # A product added (one), paid in cash with more handed over than the total.
        Select(desk.find_element(By.ID, "checkout-product")).select_by_value(str(product["id"]))
        desk.find_element(By.ID, "checkout-quantity").clear()
        desk.find_element(By.ID, "checkout-quantity").send_keys("1")
        desk.find_element(By.ID, "checkout-add-product").click()
        WebDriverWait(desk, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#checkout-lines tbody tr")) == 2)
        assert quoted(desk) == "current"
        Select(desk.find_element(By.ID, "checkout-method-0")).select_by_value("cash")
        seller = int(Select(desk.find_element(By.ID, "checkout-seller")).first_selected_option.get_attribute("value") or 0) or None
        order = {"appointmentIds": [visit["id"]], "items": [{"productId": product["id"], "quantity": 1, "staffId": seller}], "payments": []}
        path = f"/api/v1/properties/{salon['id']}/sales/quote"
        total = api(desk, "POST", path, order)["data"]["total"]
        tendered = {**total, "amount": (total["amount"] // 10000 + 1) * 10000}
        expected = api(desk, "POST", path, {**order, "payments": [{"method": "cash", "amount": total, "tendered": tendered}]})["data"]
        assert expected["change"]["amount"] == tendered["amount"] - total["amount"]
        desk.find_element(By.ID, "checkout-tendered-0").send_keys(str(tendered["amount"]))
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#checkout-change") == money(b, expected["change"]) and quoted(b) == "current")
        assert desk.find_element(By.ID, "checkout-amount-0").get_attribute("value") == str(total["amount"])
        until_text(desk, "#checkout-total", money(desk, expected["total"]))
        until_text(desk, "#checkout-due", money(desk, expected["due"]))
        until_text(desk, "#checkout-included-tax", money(desk, expected["includedTaxes"][0]["amount"]))
        staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
        products = [p["name"] for p in api(desk, "GET", f"/api/v1/properties/{salon['id']}/products")["data"]["products"]]
        stored = [visit["customer"]["name"], *staff, *products]
        assert latin_words(desk.execute_script(MAIN), stored) == []
        screenshot(desk, "checkout-ja")
        assert complete_enabled(desk)
        desk.find_element(By.ID, "checkout-complete").click()

        # The receipt, in the checkout's place.
        wait_ready(desk, "sales")
        sale = api(desk, "GET", f"/api/v1/sales/{desk.execute_script('return location.hash').rsplit('/', 1)[1]}")["data"]
        assert sale["reference"].startswith("RCT-")
        until_text(desk, "#receipt-number", sale["reference"])
        until_text(desk, "#receipt-total", money(desk, expected["total"]))
        until_text(desk, "#receipt-change", money(desk, expected["change"]))
        until_text(desk, "#receipt-customer", f"{visit['customer']['name']} 様")
        assert money(desk, expected["includedTaxes"][0]["amount"]) in text_in(desk, "#receipt-included-tax")
        issuer = sale["issuer"]
        assert latin_words(desk.execute_script(MAIN), [*stored, sale["reference"], issuer["name"], *issuer["address"].split("\n")]) == []
        screenshot(desk, "receipt-ja")

        # On paper: the receipt, not the desk's bar nor its buttons.
        desk.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            shown = desk.execute_script(
                "return ['.desk-bar', '#receipt-print', '#receipt-refund-open', '#receipt'].map((css) =>"
                " document.querySelector(css).checkVisibility())"
            )
            assert shown == [False, False, False, True]
            screenshot(desk, "receipt-ja-print")
        finally:
            desk.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

        # Back: the visit, with its sale, no longer offered to check out.
        desk.back()
        wait_ready(desk, "appointments")
        WebDriverWait(desk, 10).until(lambda b: sale["reference"] in text_in(b, "#appointment-sales"))
        assert not desk.find_elements(By.ID, "appointment-pay")
    finally:
        desk.quit()


def test_in_english_cash_short_of_the_amount_is_refused_put_right_and_the_sale_refunded(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    visit = a_visit_to_check_out(driver, salon)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        go(driver, f"#/checkout?appointments={visit['id']}", "checkout")
        assert quoted(driver) == "current"
        amount = driver.find_element(By.ID, "checkout-amount-0").get_attribute("value")
        until_text(driver, "#checkout-due", money(driver, {"amount": 0, "currency": salon["currency"]}))

        # Less handed over than the cash paid: the server's refusal under the field, and nothing to complete.
        driver.find_element(By.ID, "checkout-tendered-0").send_keys(str(int(amount) - 100))
        assert quoted(driver) == "refused"
        assert error_under(driver, "checkout-tendered-0") == refusal(driver, "en", "sale.tenderedShort")
        assert not complete_enabled(driver)
        driver.find_element(By.ID, "checkout-tendered-0").clear()
        driver.find_element(By.ID, "checkout-tendered-0").send_keys(amount)
        WebDriverWait(driver, 10).until(lambda b: quoted(b) == "current" and complete_enabled(b))
        assert error_under(driver, "checkout-tendered-0") == ""
        until_text(driver, "#checkout-change", money(driver, {"amount": 0, "currency": salon["currency"]}))
        driver.find_element(By.ID, "checkout-complete").click()
        wait_ready(driver, "sales")
        assert text_in(driver, "#receipt-number").startswith("RCT-")

        # Refunded, with a reason: the refund's number shows, and the visit may be checked out again.
        driver.find_element(By.ID, "receipt-refund-open").click()
        driver.find_element(By.ID, "receipt-refund-reason").send_keys("Charged to the wrong customer")
        driver.find_element(By.ID, "receipt-refund-confirm").click()
        WebDriverWait(driver, 10).until(lambda b: text_in(b, "#receipt-refund-number").startswith("RFD-"))
        assert "Charged to the wrong customer" in text_in(driver, "#receipt-refund")
        assert not driver.find_elements(By.ID, "receipt-refund-open")
        screenshot(driver, "receipt-refunded-en")
        assert "pay" in api(driver, "GET", f"/api/v1/appointments/{visit['id']}")["data"]["actions"]
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})


def takings_of(desk, sales, day):
    """Each stylist's takings on `day` and their total, from the receipts as the server keeps them: a receipt's
    lines and subtotal on its day, less them on the day it was refunded. Keyed by the stylist's name, or by the
    page's words for products sold by no one in particular."""
    no_one = desk.execute_script("return window.desk.i18n.t('dayClose.noOne')")
    by_stylist, total = {}, 0
    for sale in sales:
        sign = (sale["date"] == day) - (sale.get("refund", {}).get("date") == day)
        for line in sale["lines"]:
            name = line.get("staffName") or no_one
            by_stylist[name] = by_stylist.get(name, 0) + sign * line["amount"]["amount"]
        total += sign * sale["subtotal"]["amount"]
    return by_stylist, total


def test_in_japanese_the_salons_day_is_closed_with_its_takings_by_stylist_as_its_receipts_say(desk_server):
    desk = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        base = f"/api/v1/properties/{salon['id']}"
        # A visit checked out with a product sold by no one in particular, paid in cash.
        visit = a_visit_to_check_out(desk, salon)
        product = next(p for p in api(desk, "GET", f"{base}/products")["data"]["products"] if p["active"])
        order = {"appointmentIds": [visit["id"]], "items": [{"productId": product["id"], "quantity": 1}], "payments": []}
        total = api(desk, "POST", f"{base}/sales/quote", order)["data"]["total"]
        sold = api(desk, "POST", f"{base}/sales", {**order, "payments": [{"method": "cash", "amount": total}]})
        assert sold["status"] == 201
        # The days before the sale's are closed first; the sale's day is the next to close.
        status = api(desk, "GET", f"{base}/night-audit")["data"]
        while status["nextDay"] < sold["data"]["date"]:
            assert api(desk, "POST", f"{base}/night-audit", {"day": status["nextDay"]})["status"] == 201
            status = api(desk, "GET", f"{base}/night-audit")["data"]
        day = status["nextDay"]
        assert day == sold["data"]["date"] and day <= status["today"]

        desk.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="audit"]').click()
        wait_ready(desk, "audit")
        before = reports_shown(desk)
        press_close_and_confirm(desk)
        WebDriverWait(desk, 10).until(lambda b: reports_shown(b) > before)

        close = api(desk, "GET", f"{base}/day-closes/{day}")["data"]
        sale_ids = sorted({line["saleId"] for line in close["ledger"]["lines"]})
        sales = [api(desk, "GET", f"/api/v1/sales/{sale_id}")["data"] for sale_id in sale_ids]
        by_stylist, takings = takings_of(desk, sales, day)
        shown = desk.execute_script(
            "return [...document.querySelectorAll('#close-by-stylist tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent))"
        )
        currency = salon["currency"]
        assert {name: amount for name, amount in shown} == {
            name: money(desk, {"amount": amount, "currency": currency}) for name, amount in by_stylist.items() if amount
        }
        until_text(desk, "#close-takings", money(desk, {"amount": takings, "currency": currency}))
        assert desk.find_elements(By.CSS_SELECTOR, f'.audit .reports-table a[href="#/sales/{sold["data"]["id"]}"]')

        # Stored text: names staff entered or customers gave, receipts' numbers, lines' descriptions.
        figures = close["salon"]
        stored = [salon["name"], *(t["name"] for t in close["ledger"].get("includedTaxes", []))]
        stored += [entry["name"] for entry in figures["byStylist"] + figures["byService"]]
        for line in close["ledger"]["lines"]:
            stored += [line["guestName"], line["confirmationCode"], line["description"]]
        assert latin_words(desk.execute_script(MAIN), stored) == []
        screenshot(desk, "day-close-ja")
    finally:
        desk.quit()


def issuer_field(browser, key):
    return browser.find_element(By.CSS_SELECTOR, f'form[data-form="issuer"] [data-key="{key}"] input')


def a_visit_of_two_services_booked_online(browser, salon):
    """Two services a member does one after the other, booked online by a new customer under one code: the
    visit's appointment ids, in order."""
    page = api(browser, "GET", f"/api/v1/public/salons/{salon['id']}")["data"]
    services = [s["id"] for s in page["services"]]
    day = datetime.date.fromisoformat(page["today"]) + datetime.timedelta(days=10)
    for first, second in itertools.permutations(services, 2):
        for n in range(7):
            times = api(browser, "GET", f"/api/v1/public/salons/{salon['id']}/free-times?day={day + datetime.timedelta(days=n)}"
                        f"&services={first}&services={second}")["data"]["times"]
            if times:
                visit = api(
                    browser, "POST", f"/api/v1/public/salons/{salon['id']}/visits?lang=ja",
                    {"services": [first, second], "start": times[0]["start"], "acceptTerms": True,
                     "customer": {"name": "佐藤 花", "email": f"hana.{uuid.uuid4().hex[:8]}@example.com", "phone": "090 2222 3333"}},
                    {"Idempotency-Key": f"two-services-{uuid.uuid4()}"},
                )
                assert visit["status"] == 201, visit
                return [s["appointmentId"] for s in visit["data"]["services"]]
    pytest.fail("no free time for two services one after the other")


def test_in_japanese_the_salons_tax_and_registration_number_set_on_the_desk_are_on_the_one_receipt_of_a_two_service_visit(desk_server):
    desk = make_driver((1024, 900), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        base = f"/api/v1/properties/{salon['id']}"
        go(desk, "#/salon-setup", "salon-setup")
        # The salon's taxes: the kinds a salon may have, as the server says (shares of its prices, no nights).
        offered = [o.get_attribute("value") for o in Select(desk.find_element(By.ID, "tax-0-basis")).options]
        assert offered == api(desk, "GET", f"{base}/taxes")["data"]["bases"] == ["share", "included_share"]
        name = desk.find_element(By.ID, "tax-0-name")
        name.clear()
        name.send_keys("消費税（内税）")
        Select(desk.find_element(By.ID, "tax-0-basis")).select_by_value("included_share")
        rate = desk.find_element(By.ID, "tax-0-rate")
        rate.clear()
        rate.send_keys("10")
        desk.find_element(By.ID, "settings-taxes-save").click()
        until_text(desk, "#desk-toast", "保存しました。")
        # Who issues its receipts: its registration number (登録番号), as the desk types it.
        number = issuer_field(desk, "taxId")
        number.clear()
        number.send_keys("T" + "9" * 13)
        desk.find_element(By.CSS_SELECTOR, 'form[data-form="issuer"] button[type="submit"]').click()
        WebDriverWait(desk, 10).until(lambda b: api(b, "GET", base)["data"]["issuer"]["taxId"] == "T" + "9" * 13)
        screenshot(desk, "salon-setup-tax-issuer-ja")

        # A customer's visit of two services, booked online: one お会計 takes both.
        ids = a_visit_of_two_services_booked_online(desk, salon)
        go(desk, f"#/appointments/{ids[1]}", "appointments")
        desk.find_element(By.ID, "appointment-pay").click()
        wait_ready(desk, "checkout")
        assert quoted(desk) == "current"
        WebDriverWait(desk, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#checkout-lines tbody tr")) == 2)
        order = {"appointmentIds": ids, "items": [], "payments": []}
        expected = api(desk, "POST", f"{base}/sales/quote", order)["data"]
        Select(desk.find_element(By.ID, "checkout-method-0")).select_by_value("cash")
        until_text(desk, "#checkout-total", money(desk, expected["total"]))
        assert complete_enabled(desk)
        desk.find_element(By.ID, "checkout-complete").click()
        wait_ready(desk, "sales")
        sale = api(desk, "GET", f"/api/v1/sales/{desk.execute_script('return location.hash').rsplit('/', 1)[1]}")["data"]
        assert sorted(line["appointmentId"] for line in sale["lines"] if line.get("appointmentId")) == sorted(ids)
        # The receipt states the registration number and the consumption tax inside the total, as set.
        until_text(desk, "#receipt-number", sale["reference"])
        assert "T" + "9" * 13 in text_in(desk, "#receipt-tax-id")
        included = text_in(desk, "#receipt-included-tax")
        assert "消費税（内税）" in included and money(desk, expected["includedTaxes"][0]["amount"]) in included, included
        staff = [m["name"] for m in api(desk, "GET", base)["data"]["staff"]]
        services = [s["name"] for s in api(desk, "GET", base)["data"]["services"]]
        issuer = sale["issuer"]
        stored = [*staff, *services, sale["reference"], issuer["name"], *issuer["address"].split("\n")]
        assert latin_words(desk.execute_script(MAIN), stored) == []
        screenshot(desk, "receipt-two-services-ja")
    finally:
        desk.quit()
