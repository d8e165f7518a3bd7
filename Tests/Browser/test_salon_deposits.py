"""A salon's deposits (予約金) at the desk and on the guest site, in Chromium against a real server. In English, the
manager asks 30 % of the price as the salon's deposit on Set-up; a visit booked after it shows the deposit not
taken, which is taken in cash with its change, then shows it held; its checkout takes the deposit paid off after
the taxes, and its receipt says so. In Japanese, the manager asks a fixed amount instead; a visit's deposit is
taken by card terminal, its checkout would take it off, and cancelling it late keeps the deposit: the desk says
so first, and the fee's receipt has the deposit kept. The Japanese booking page states the deposit the chosen service asks before the customer
confirms. No English word is left on a Japanese page.

The visits are booked on days to come with a late window longer than they are away, so the walk runs at any hour;
every amount expected is read from the API (the appointment's `deposit` and `fees`, the quote, the sales, the
public page's `fees.deposit`), never worked out here."""

import datetime
import urllib.parse

from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import money, quoted
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import words
from test_salon_setup import book_to_come, labelled, type_into
from test_site_salon import first_day_with_times, salon as public_salon, stored_names, visible_text, wait_salon, wait_times

MAIN = "return document.getElementById('desk-main').innerText"
# The words of the checkout's row of the deposit taken off.
DEPOSIT_ROW = "return document.getElementById('checkout-deposit').previousElementSibling.textContent"
# The longest late window (a week): a visit book_to_come books (the first day to come that takes it, at noon) is
# nearer, so cancelling it is late.
LATE_HOURS = 168


def press(browser, text):
    """The button whose words are `text`."""
    browser.find_element(By.XPATH, f"//button[normalize-space()='{text}']").click()


def appointment(browser, appointment_id):
    return api(browser, "GET", f"/api/v1/appointments/{appointment_id}")["data"]


def sale(browser, sale_id):
    return api(browser, "GET", f"/api/v1/sales/{sale_id}")["data"]


def salons_service(browser, salon):
    """A service on the salon's own terms (not one stating its own): its id."""
    setup = api(browser, "GET", f"/api/v1/properties/{salon['id']}/salon")["data"]
    return next(b["serviceId"] for b in setup["services"] if "terms" not in b)


def set_deposit(browser, salon, kind, value):
    """On Set-up, the salon's deposit stated as `kind` ("percent" or "amount") of `value`, and its late window
    made LATE_HOURS; saved, and the terms the server then holds."""
    path = f"/api/v1/properties/{salon['id']}/salon"
    before = api(browser, "GET", path)["data"]["terms"]
    go(browser, "#/salon-setup", "salon-setup")
    deposit = words(browser, "setup.deposit")
    Select(labelled(browser, deposit)).select_by_value(kind)
    unit = words(browser, "setup.feeShare") if kind == "percent" else amount_unit(browser, salon["currency"])
    type_into(browser, words(browser, "setup.feeValueOf", fee=deposit, unit=unit), str(value))
    type_into(browser, words(browser, "setup.lateWithin"), str(LATE_HOURS))
    press(browser, words(browser, "setup.save.terms"))
    stated = {"basisPoints": value * 100} if kind == "percent" else {"amount": {"amount": value, "currency": salon["currency"]}}
    expected = {**before, "deposit": stated, "lateCancellationMinutes": LATE_HOURS * 60}
    assert poll(lambda: api(browser, "GET", path)["data"]["terms"] == expected)
    return expected


def amount_unit(browser, currency):
    """The words of an amount's unit, with its currency's sign as the page writes it."""
    sign = browser.execute_async_script(
        "const [currency, done] = arguments;"
        "import('/common/money.js').then((m) => done(m.currencySign(currency, window.desk.i18n.locale)));",
        currency,
    )
    return words(browser, "setup.feeAmount", sign=sign)


def take_deposit(browser, visit, method, reference=None):
    """On the appointment's page, the deposit asked is taken by `method`; its fact then says it is held."""
    asked = visit["deposit"]["asked"]
    until_text(browser, "#appointment-deposit", words(browser, "appointment.depositNotTaken", amount=money(browser, asked)))
    browser.find_element(By.ID, "appointment-deposit-open").click()
    WebDriverWait(browser, 5).until(lambda b: b.find_elements(By.ID, "deposit-take"))
    assert browser.find_element(By.ID, "deposit-amount").get_attribute("value") == str(asked["amount"])
    Select(browser.find_element(By.ID, "deposit-method")).select_by_value(method)
    if reference:
        browser.find_element(By.ID, "deposit-reference").send_keys(reference)
    tendered = None
    if method == "cash":
        tendered = {**asked, "amount": (asked["amount"] // 10000 + 1) * 10000}
        browser.find_element(By.ID, "deposit-tendered").send_keys(str(tendered["amount"]))
        until_text(browser, "#deposit-change", money(browser, {**asked, "amount": tendered["amount"] - asked["amount"]}))
    return asked, tendered


def test_in_english_a_deposit_set_on_set_up_is_taken_in_cash_and_taken_off_the_checkout(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    terms = set_deposit(driver, salon, "percent", 30)
    assert terms["deposit"] == {"basisPoints": 3000}
    visit = book_to_come(driver, salon, salons_service(driver, salon))
    visit = appointment(driver, visit["id"])
    assert visit["deposit"]["asked"]["amount"] > 0 and visit["deposit"]["held"]["amount"] == 0
    assert "deposit" in visit["actions"]

    # Taken in cash, with more handed over: the change shown, then the deposit held and its receipt offered.
    go(driver, f"#/appointments/{visit['id']}", "appointments")
    asked, tendered = take_deposit(driver, visit, "cash")
    screenshot(driver, "salon-deposit-take-en")
    driver.find_element(By.ID, "deposit-take").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.ID, "appointment-deposit-taken"))
    after = appointment(driver, visit["id"])
    assert after["deposit"]["held"] == asked and "deposit" not in after["actions"]
    until_text(driver, "#appointment-deposit", words(driver, "appointment.depositHeld", amount=money(driver, asked)))
    taken = sale(driver, after["sales"][0]["id"])
    assert [(line["category"], line["description"], line["amount"]) for line in taken["lines"]] == [("deposit", "Deposit", asked)]
    assert taken["total"] == asked and taken["change"]["amount"] == tendered["amount"] - asked["amount"]
    assert taken["reference"] in text_in(driver, "#appointment-deposit-taken")
    assert driver.find_element(By.ID, "appointment-deposit-receipt").get_attribute("href").endswith(f"#/sales/{taken['id']}")

    # The checkout takes the deposit paid off after the taxes: its total is the services' less the deposit.
    driver.find_element(By.ID, "appointment-pay").click()
    wait_ready(driver, "checkout")
    assert quoted(driver) == "current"
    quote = api(driver, "POST", f"/api/v1/properties/{salon['id']}/sales/quote", {"appointmentIds": [visit["id"]], "items": [], "payments": []})["data"]
    [paid_off] = [line for line in quote["lines"] if line["category"] == "deposit"]
    assert paid_off["description"] == "Deposit paid" and paid_off["amount"]["amount"] == -asked["amount"]
    added = sum(tax["amount"]["amount"] for tax in quote["taxes"])
    assert quote["total"]["amount"] == quote["subtotal"]["amount"] + added - asked["amount"] == quote["subtotal"]["amount"] + added + quote["deposits"]["amount"]
    assert driver.execute_script(DEPOSIT_ROW) == words(driver, "folio.line.depositPaid")
    until_text(driver, "#checkout-deposit", money(driver, paid_off["amount"]))
    until_text(driver, "#checkout-total", money(driver, quote["total"]))
    assert driver.find_element(By.ID, "checkout-amount-0").get_attribute("value") == str(quote["total"]["amount"])
    screenshot(driver, "salon-deposit-checkout-en")
    driver.find_element(By.ID, "checkout-complete").click()
    wait_ready(driver, "sales")
    checked_out = sale(driver, driver.execute_script("return location.hash").rsplit("/", 1)[1])
    assert checked_out["total"] == quote["total"] and checked_out["deposits"] == paid_off["amount"]
    assert words(driver, "folio.line.depositPaid") in text_in(driver, "#receipt-lines tfoot .is-deposit")
    until_text(driver, "#receipt-total", money(driver, quote["total"]))
    assert appointment(driver, visit["id"]).get("deposit", {}).get("held", {"amount": 0})["amount"] == 0


def site_words(browser, key, amount):
    """The guest site's Japanese words for `key`, its amount as the site writes money."""
    return browser.execute_async_script(
        "const [key, amount, done] = arguments;"
        "Promise.all([import('/common/i18n.js'), import('/site/messages/ja.js'), import('/site/messages/en.js')])"
        ".then(([m, ja, en]) => { const i18n = m.createI18n('ja', { ja: ja.default, en: en.default });"
        " done(i18n.t(key, { amount: i18n.money(amount) })); });",
        key, amount,
    )


def test_in_japanese_a_deposit_held_is_kept_by_a_late_cancellation_and_stated_on_the_booking_page(desk_server):
    desk = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        set_deposit(desk, salon, "amount", 1500)
        section = desk.find_element(By.CSS_SELECTOR, "section[aria-labelledby=setup-terms]").text
        assert latin_words(section) == []
        service = salons_service(desk, salon)
        visit = appointment(desk, book_to_come(desk, salon, service)["id"])
        staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
        services = [s["name"] for s in desk.execute_script("return window.desk.property.services")]
        stored = [visit["customer"]["name"], *staff, *services]

        # Taken by card terminal with the slip's number.
        go(desk, f"#/appointments/{visit['id']}", "appointments")
        asked, _ = take_deposit(desk, visit, "card_terminal", reference="A-2041")
        assert latin_words(desk.execute_script(MAIN), stored + ["A-2041"]) == []
        screenshot(desk, "salon-deposit-take-ja")
        desk.find_element(By.ID, "deposit-take").click()
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.ID, "appointment-deposit-taken"))
        held = appointment(desk, visit["id"])
        assert held["deposit"]["held"] == asked
        [taken] = held["sales"]
        assert latin_words(desk.execute_script(MAIN), stored + [taken["reference"]]) == []

        # Its checkout, in Japanese, would take the deposit off (not completed: the visit is called off below).
        go(desk, f"#/checkout?appointments={visit['id']}", "checkout")
        assert quoted(desk) == "current"
        quote = api(desk, "POST", f"/api/v1/properties/{salon['id']}/sales/quote", {"appointmentIds": [visit["id"]], "items": [], "payments": []})["data"]
        assert quote["deposits"]["amount"] == -asked["amount"]
        until_text(desk, "#checkout-deposit", money(desk, quote["deposits"]))
        assert desk.execute_script(DEPOSIT_ROW) == words(desk, "folio.line.depositPaid")
        until_text(desk, "#checkout-total", money(desk, quote["total"]))
        products = [p["name"] for p in api(desk, "GET", f"/api/v1/properties/{salon['id']}/products")["data"]["products"]]
        assert latin_words(desk.execute_script(MAIN), stored + products) == []
        go(desk, f"#/appointments/{visit['id']}", "appointments")

        # Cancelling late states the fee and that the deposit held is kept towards it; charged, the fee's sale keeps it.
        fee = held["fees"]["cancellation"]
        assert fee["amount"] >= asked["amount"]
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.ID, "appointment-deposit"))
        press(desk, words(desk, "appointment.to.cancelled"))
        WebDriverWait(desk, 5).until(lambda b: text_in(b, "#fee-notice"))
        until_text(desk, "#fee-notice", words(desk, "appointment.fee.cancelled", fee=money(desk, fee)))
        until_text(desk, "#fee-deposit", words(desk, "appointment.depositKept", deposit=money(desk, asked)))
        assert latin_words(desk.execute_script(MAIN), stored + [taken["reference"]]) == []
        screenshot(desk, "salon-deposit-cancel-ja")
        desk.find_element(By.ID, "fee-charge").click()
        assert poll(lambda: appointment(desk, visit["id"])["state"] == "cancelled")
        after = appointment(desk, visit["id"])
        assert after.get("deposit", {}).get("held", {"amount": 0})["amount"] == 0
        [charged] = [sale(desk, s["id"]) for s in after["sales"] if s["id"] != taken["id"]]
        assert sale(desk, taken["id"]).get("refund") is None
        kept = [line for line in charged["lines"] if line["category"] == "deposit"]
        assert [(line["description"], line["amount"]["amount"]) for line in kept] == [("Deposit kept", -asked["amount"])]
        assert charged["total"]["amount"] == fee["amount"] - asked["amount"] == charged["subtotal"]["amount"] + charged["deposits"]["amount"]

        # The fee's receipt, in Japanese: the fee, the deposit kept after it, what is left to pay.
        go(desk, f"#/sales/{charged['id']}", "sales")
        until_text(desk, "#receipt-lines tbody td", words(desk, "folio.line.lateCancellationFee"))
        assert words(desk, "folio.line.depositKept") in text_in(desk, "#receipt-lines tfoot .is-deposit")
        assert money(desk, kept[0]["amount"]) in text_in(desk, "#receipt-lines tfoot .is-deposit")
        until_text(desk, "#receipt-total", money(desk, charged["total"]))
        issuer = charged["issuer"]
        assert latin_words(desk.execute_script(MAIN), [*stored, charged["reference"], issuer["name"], *issuer["address"].split("\n")]) == []
        screenshot(desk, "salon-deposit-kept-ja")

        # The booking page states the deposit the service asks, before the customer confirms.
        page = public_salon(desk_server, "ja")
        deposit = next(s for s in page["services"] if s["id"] == service)["fees"]["deposit"]
        assert deposit["amount"] == asked["amount"]
        notice = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=page["cancelNoticeMinutes"] + 30)
        day, times = first_day_with_times(desk_server, page, [service], after=notice)
        desk.get(f"{desk_server}/#/salon/{salon['id']}?{urllib.parse.urlencode({'services': service, 'staff': 'any', 'day': day})}")
        wait_salon(desk)
        wait_times(desk)
        desk.find_element(By.CSS_SELECTOR, f'.salon-time[data-start="{times[0]["start"]}"]').click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#salon-deposit"))
        until_text(desk, "#salon-deposit", site_words(desk, "salon.deposit", deposit))
        assert latin_words(visible_text(desk), stored_names(page)) == []
        screenshot(desk, "salon-deposit-site-ja")
    finally:
        desk.quit()
