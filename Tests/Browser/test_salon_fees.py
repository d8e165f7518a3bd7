"""A salon's fees for appointments not kept, at the desk in Chromium against a real server, in Japanese. The
manager states the salon's no-show fee on Set-up (a share over 100 % refused next to the field, then 80 %
kept), and a service's own terms stay its own when its booking is saved with a longer late window. A no-show
waived needs a reason: refused without one, kept with one, in the notes and with no fee. A no-show marked
from the board's panel states its fee first, is charged, and the panel lists the fee's receipt with what is
owed; the customer's record says what they owe, its link opens the receipt, where more than is owed is
refused and the rest is taken in cash with the change the server gives; then nothing is owed anywhere.

The visits are booked on days to come, so the walk runs at any hour; every amount expected is read from the
API (the appointment's `fees`, the sale's `due` and `change`), never worked out here."""

import datetime
import zoneinfo

from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import money
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import words
from test_salon_setup import book_to_come, error_under, labelled

MAIN = "return document.getElementById('desk-main').innerText"


def worded(browser, reason, **params):
    """A refusal as the page words it (Web/common/refusals.js, in the desk's language)."""
    return browser.execute_async_script(
        "const [reason, params, done] = arguments;"
        "import('/common/refusals.js').then((m) => done(m.refusalText(window.desk.i18n, reason, params)));",
        reason, {name: str(value) for name, value in params.items()},
    )


def press(browser, text):
    """The button whose words are `text`."""
    browser.find_element(By.XPATH, f"//button[normalize-space()='{text}']").click()


def service_name(browser, service_id):
    """A service's name as the desk words it."""
    return browser.execute_script("return window.desk.property.services.find((s) => s.id === arguments[0]).name", service_id)


def appointment(browser, appointment_id):
    return api(browser, "GET", f"/api/v1/appointments/{appointment_id}")["data"]


def test_in_japanese_a_no_show_is_charged_by_the_salons_terms_and_paid_in_cash_at_its_receipt(desk_server):
    desk = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        setup_path = f"/api/v1/properties/{salon['id']}/salon"
        before = api(desk, "GET", setup_path)["data"]
        # A service on the salon's terms, and one with terms of its own (the demo's Perm).
        salons = next(b for b in before["services"] if "terms" not in b)
        own = next(b for b in before["services"] if "terms" in b)
        waived, charged = (book_to_come(desk, salon, salons["serviceId"]) for _ in range(2))

        # Set-up: the salon's no-show fee over 100 % is refused next to it; 80 % is kept.
        go(desk, "#/salon-setup", "salon-setup")
        no_show = words(desk, "setup.feeValueOf", fee=words(desk, "setup.noShowFee"), unit=words(desk, "setup.feeShare"))
        assert Select(labelled(desk, words(desk, "setup.noShowFee"))).first_selected_option.get_attribute("value") == "percent"
        labelled(desk, no_show).clear()
        labelled(desk, no_show).send_keys("120")
        press(desk, words(desk, "setup.save.terms"))
        WebDriverWait(desk, 10).until(lambda b: error_under(b, no_show))
        assert error_under(desk, no_show) == worded(desk, "number.range", min=1, max=10000, value=12000)
        labelled(desk, no_show).clear()
        labelled(desk, no_show).send_keys("80")
        press(desk, words(desk, "setup.save.terms"))
        assert poll(lambda: api(desk, "GET", setup_path)["data"]["terms"] == {**before["terms"], "noShowFee": {"basisPoints": 8000}})
        desk.execute_script("document.querySelector('section[aria-labelledby=setup-terms]').scrollIntoView()")
        screenshot(desk, "salon-fees-setup-ja")

        # A service's own terms: not the salon's, and kept whole when its booking is saved with a longer window.
        perm = service_name(desk, own["serviceId"])
        assert not labelled(desk, words(desk, "setup.salonTermsOf", service=perm)).is_selected()
        window = words(desk, "setup.ofService", service=perm, field=words(desk, "setup.lateWithin"))
        assert labelled(desk, window).get_attribute("value") == str(own["terms"]["lateCancellationMinutes"] // 60)
        labelled(desk, window).clear()
        labelled(desk, window).send_keys("72")
        press(desk, words(desk, "setup.saveService", service=perm))
        kept = {**own["terms"], "lateCancellationMinutes": 72 * 60}
        assert poll(lambda: next(b for b in api(desk, "GET", setup_path)["data"]["services"] if b["serviceId"] == own["serviceId"]).get("terms") == kept)
        terms = desk.find_element(By.CSS_SELECTOR, "section[aria-labelledby=setup-terms]").text
        assert latin_words(terms) == []
        screenshot(desk, "salon-fees-setup-service-ja")

        # A no-show waived: its fee stated, refused without a reason, kept with one, in the notes and without a fee.
        fee = appointment(desk, waived["id"])["fees"]["noShow"]
        assert fee["amount"] > 0
        go(desk, f"#/appointments/{waived['id']}", "appointments")
        press(desk, words(desk, "appointment.to.no_show"))
        WebDriverWait(desk, 5).until(lambda b: text_in(b, "#fee-notice"))
        until_text(desk, "#fee-notice", words(desk, "appointment.fee.no_show", fee=money(desk, fee)))
        desk.find_element(By.ID, "fee-waive").click()
        desk.find_element(By.ID, "fee-waive-confirm").click()
        reason_error = "return document.getElementById('fee-reason').closest('.appointment-waive').querySelector('.desk-form-error').textContent"
        WebDriverWait(desk, 10).until(lambda b: b.execute_script(reason_error))
        assert desk.execute_script(reason_error) == worded(desk, "text.required")
        assert appointment(desk, waived["id"])["state"] == "booked"
        screenshot(desk, "salon-fees-waive-ja")
        desk.find_element(By.ID, "fee-reason").send_keys("ご家族の急病のため")
        desk.find_element(By.ID, "fee-waive-confirm").click()
        assert poll(lambda: appointment(desk, waived["id"])["state"] == "no_show")
        after = appointment(desk, waived["id"])
        assert "ご家族の急病のため" in after["notes"] and not after.get("sales")

        # A no-show from the board's panel: its fee stated and charged; the panel lists the fee's receipt, owed.
        fee = appointment(desk, charged["id"])["fees"]["noShow"]
        start = datetime.datetime.fromisoformat(charged["start"].replace("Z", "+00:00"))
        go(desk, f"#/board?date={start.astimezone(zoneinfo.ZoneInfo(salon['timeZone'])).date()}", "board")
        WebDriverWait(desk, 30).until(lambda b: b.execute_script(
            "const s = window.deskBoard; return !!s && s.loaded && s.data.items.has(arguments[0])", charged["id"]))
        desk.execute_script("const s = window.deskBoard; s.panel.show(s.data.items.get(arguments[0]))", charged["id"])
        panel_button = f"//aside[@id='board-panel']//button[normalize-space()='{words(desk, 'appointment.to.no_show')}']"
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.XPATH, panel_button))[0].click()
        WebDriverWait(desk, 5).until(lambda b: text_in(b, "#board-panel #fee-notice"))
        until_text(desk, "#fee-notice", words(desk, "appointment.fee.no_show", fee=money(desk, fee)))
        screenshot(desk, "salon-fees-panel-ja")
        desk.find_element(By.ID, "fee-charge").click()
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#board-panel-sales a"))
        sale = appointment(desk, charged["id"])["sales"][0]
        assert appointment(desk, charged["id"])["state"] == "no_show"
        assert sale["total"] == fee and sale["due"] == fee
        assert desk.find_element(By.CSS_SELECTOR, "#board-panel-sales a").get_attribute("href").endswith(f"#/sales/{sale['id']}")
        assert words(desk, "sale.owed", amount=money(desk, fee)) in text_in(desk, "#board-panel-sales")
        screenshot(desk, "salon-fees-panel-charged-ja")

        # The customer's record says what they owe; its link opens the fee's receipt.
        customer = charged["customerId"]
        go(desk, f"#/customers/{customer}", "customers")
        owing = api(desk, "GET", f"/api/v1/customers/{customer}")["data"]["owing"]
        assert [s["id"] for s in owing] == [sale["id"]]
        until_text(desk, "#customer-owes", words(desk, "customer.owes", amount=money(desk, fee)))
        screenshot(desk, "salon-fees-customer-ja")
        desk.find_element(By.CSS_SELECTOR, f'#customer-owing a[href="#/sales/{sale["id"]}"]').click()
        wait_ready(desk, "sales")

        # The receipt: its line in Japanese, what is owed, more than that refused, then cash with its change.
        until_text(desk, "#receipt-lines tbody td", words(desk, "folio.line.noShowFee"))
        until_text(desk, "#receipt-owed", words(desk, "sale.owed", amount=money(desk, fee)))
        assert Select(desk.find_element(By.ID, "receipt-pay-method")).first_selected_option.get_attribute("value") == "cash"
        assert desk.find_element(By.ID, "receipt-pay-amount").get_attribute("value") == str(fee["amount"])
        amount = desk.find_element(By.ID, "receipt-pay-amount")
        amount.clear()
        amount.send_keys(str(fee["amount"] + 1000))
        desk.find_element(By.ID, "receipt-pay").click()
        amount_error = "return document.getElementById('receipt-pay-amount').closest('.checkout-field').querySelector('.desk-form-error').textContent"
        WebDriverWait(desk, 10).until(lambda b: b.execute_script(amount_error))
        assert desk.execute_script(amount_error) == worded(desk, "sale.overpaid", due=fee["amount"], currency=fee["currency"])
        amount = desk.find_element(By.ID, "receipt-pay-amount")
        amount.clear()
        amount.send_keys(str(fee["amount"]))
        tendered = {**fee, "amount": (fee["amount"] // 10000 + 1) * 10000}
        desk.find_element(By.ID, "receipt-pay-tendered").send_keys(str(tendered["amount"]))
        until_text(desk, "#receipt-pay-change", money(desk, {**fee, "amount": tendered["amount"] - fee["amount"]}))
        screenshot(desk, "salon-fees-receipt-owed-ja")
        desk.find_element(By.ID, "receipt-pay").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#receipt-change") and not b.find_elements(By.ID, "receipt-owed"))
        paid = api(desk, "GET", f"/api/v1/sales/{sale['id']}")["data"]
        assert paid["due"]["amount"] == 0 and paid["change"]["amount"] == tendered["amount"] - fee["amount"]
        until_text(desk, "#receipt-change", money(desk, paid["change"]))
        assert not desk.find_elements(By.ID, "receipt-collect")
        staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
        issuer = paid["issuer"]
        stored = [paid["reference"], paid["customerName"], issuer["name"], *issuer["address"].split("\n"), *staff]
        assert latin_words(desk.execute_script(MAIN), stored) == []
        screenshot(desk, "salon-fees-receipt-paid-ja")

        # Nothing is owed any more.
        go(desk, f"#/customers/{customer}", "customers")
        assert not desk.find_elements(By.ID, "customer-owing")
        assert api(desk, "GET", f"/api/v1/customers/{customer}")["data"]["owing"] == []
    finally:
        desk.quit()
