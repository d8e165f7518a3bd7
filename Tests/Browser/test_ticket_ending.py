"""A customer's ticket books ended at her request (中途解約) in Chromium against a real server, in Japanese, on a
network of 150 ms. She holds three books sold today: a prepaid balance of ¥11,000 for ¥10,000 valid six months (no
instrument, no course: the salon's own terms), a course of ten head spas for ¥55,000 valid a year (the Specified
Commercial Transactions Act's: within its cooling-off the salon keeps nothing), and five cuts for ¥30,000 valid a
year (a prepaid payment instrument that is no course: not refunded). Her record offers to end the first two only,
and says for the course that the salon may keep ¥0. The balance is ended keeping ¥11,000 (refused under the fee, in
Japanese), then ¥1,000: the server stores it but its answer is lost on the way (the desk says the server could not
be reached); pressed again, the server says it is ended already, and the record shows it ended, with the reason and
its receipt. The receipt: the fee, the balance's unused ¥10,000 taken off, ¥9,000 paid back in cash. Back, the
record again. No English is left on the parts of the pages the ending adds.

Every amount expected is read from the server (its books and sales), the walk's own offers' prices aside."""

import uuid

from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import MAIN, money
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import refusal, words

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}
BALANCE, COURSE, CUTS = "前払い11,000円", "ヘッドスパ10回", "カット5回"
REASON = "転居のため"

# The page's fetch loses the answer of the first ending it sends, after the server has stored it.
LOSE_ONE_ANSWER = """
const fetch = window.fetch;
let lost = false;
window.fetch = (url, ...rest) => {
  if (lost || !/\\/ending$/.test(String(url))) return fetch(url, ...rest);
  lost = true;
  return fetch(url, ...rest).then(() => { throw new TypeError("Failed to fetch"); });
};
"""


def type_into(browser, control_id, value):
    """Sets the control's value as typing does."""
    browser.execute_script(
        "const c = document.getElementById(arguments[0]); c.value = arguments[1];"
        "c.dispatchEvent(new Event('input', {bubbles: true})); c.dispatchEvent(new Event('change', {bubbles: true}));",
        control_id, value,
    )


def offers(service_id):
    return [
        {"name": BALANCE, "kind": "amount", "units": 11000, "price": {"amount": 10000, "currency": "JPY"}, "months": 6},
        {"name": COURSE, "kind": "visits", "serviceIds": [service_id], "units": 10, "price": {"amount": 55000, "currency": "JPY"}, "months": 12},
        {"name": CUTS, "kind": "visits", "serviceIds": [service_id], "units": 5, "price": {"amount": 30000, "currency": "JPY"}, "months": 12},
    ]


def test_in_japanese_a_balance_is_ended_and_paid_back_less_its_fee_and_a_course_keeps_nothing_in_its_cooling_off(desk_server):
    desk = make_driver((1024, 900), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        assert salon["currency"] == "JPY"
        base = f"/api/v1/properties/{salon['id']}"
        service = desk.execute_script("return window.desk.property.services[0]")
        kept = api(desk, "GET", f"{base}/ticket-offers")["data"]["offers"]
        put = api(desk, "PUT", f"{base}/ticket-offers", {"offers": kept + offers(service["id"])})
        assert put["status"] == 200, put
        on_sale = {o["name"]: o for o in put["data"]["offers"]}
        customer = api(desk, "POST", f"{base}/customers", {"name": "森 さくら", "reading": "もり さくら"})["data"]
        sold = api(
            desk, "POST", f"{base}/sales",
            {"customerId": customer["id"], "tickets": [{"offerId": on_sale[n]["id"]} for n in (BALANCE, COURSE, CUTS)],
             "payments": [{"method": "cash", "amount": {"amount": 95000, "currency": "JPY"}}]},
            {"Idempotency-Key": str(uuid.uuid4())},
        )
        assert sold["status"] == 201, sold
        books = {b["name"]: b for b in api(desk, "GET", f"/api/v1/customers/{customer['id']}/ticket-books")["data"]["ticketBooks"]}
        # The server's terms: the balance up to all of it, the course nothing in its cooling-off, the cuts not at all.
        assert books[BALANCE]["endingFeeLimit"] == {"amount": 10000, "currency": "JPY"}
        assert books[COURSE]["endingFeeLimit"] == {"amount": 0, "currency": "JPY"} and books[COURSE]["coolingOffUntil"]
        assert "endingFeeLimit" not in books[CUTS] and books[CUTS]["instrument"]

        desk.execute_cdp_cmd("Network.enable", {})
        desk.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
        go(desk, f"#/customers/{customer['id']}", "customers")
        WebDriverWait(desk, 20).until(lambda b: b.find_elements(By.ID, f"ticket-end-open-{books[BALANCE]['id']}"))
        assert desk.find_elements(By.ID, f"ticket-end-open-{books[COURSE]['id']}")
        assert not desk.find_elements(By.ID, f"ticket-end-open-{books[CUTS]['id']}")
        assert desk.find_element(By.ID, f"ticket-end-open-{books[BALANCE]['id']}").text == words(desk, "ticket.end")

        # The course: the salon may keep nothing of its ¥55,000 within its cooling-off. Closed again.
        course = books[COURSE]["id"]
        desk.find_element(By.ID, f"ticket-end-open-{course}").click()
        until_text(desk, f"#ticket-end-{course}-limit", words(
            desk, "ticket.endLimit", limit=money(desk, books[COURSE]["endingFeeLimit"]), unused=money(desk, books[COURSE]["unused"])))
        desk.find_element(By.ID, f"ticket-end-open-{course}").click()
        assert not desk.find_elements(By.ID, f"ticket-end-{course}-form")

        # The balance: a fee over what the server allows is refused under the fee, in Japanese.
        balance = books[BALANCE]["id"]
        desk.find_element(By.ID, f"ticket-end-open-{balance}").click()
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.ID, f"ticket-end-{balance}-form"))
        type_into(desk, f"ticket-end-{balance}-fee", "11000")
        type_into(desk, f"ticket-end-{balance}-reason", REASON)
        assert Select(desk.find_element(By.ID, f"ticket-end-{balance}-method")).first_selected_option.get_attribute("value") == "cash"
        desk.find_element(By.ID, f"ticket-end-{balance}-confirm").click()
        limit = money(desk, books[BALANCE]["endingFeeLimit"])
        until_text(desk, f"#ticket-end-{balance}-fee-error", refusal(desk, "ja", "ticket.feeOverLimit").replace("{limit}", limit))
        form = text_in(desk, f"#ticket-end-{balance}-form")
        assert latin_words(form) == [], form
        screenshot(desk, "ticket-ending-refused-ja")
        assert "ending" not in api(desk, "GET", f"/api/v1/customers/{customer['id']}/ticket-books")["data"]["ticketBooks"][0]

        # ¥1,000 kept: stored, but its answer lost on the way.
        desk.execute_script(LOSE_ONE_ANSWER)
        type_into(desk, f"ticket-end-{balance}-fee", "1000")
        desk.find_element(By.ID, f"ticket-end-{balance}-confirm").click()
        until_text(desk, f"#ticket-end-{balance}-message", words(desk, "error.network"))
        ended = poll(lambda: next(
            (b for b in api(desk, "GET", f"/api/v1/customers/{customer['id']}/ticket-books")["data"]["ticketBooks"]
             if b["id"] == balance and b.get("ending")), None))
        assert ended["ending"]["reason"] == REASON and ended["remaining"] == 0 and ended["unused"]["amount"] == 0
        # Pressed again: ended already, and the record says so.
        desk.find_element(By.ID, f"ticket-end-{balance}-confirm").click()
        date = desk.execute_script("return window.desk.i18n.date(arguments[0])", ended["ending"]["day"])
        said = f'{words(desk, "ticket.endedOn", date=date, reason=REASON)} {words(desk, "ticket.endedReceipt")}'
        until_text(desk, f"#ticket-ended-{balance}", said, timeout=20)
        assert not desk.find_elements(By.ID, f"ticket-end-open-{balance}")
        record = text_in(desk, "#customer-tickets")
        assert latin_words(record, [BALANCE, COURSE, CUTS]) == [], record
        screenshot(desk, "ticket-ended-record-ja")

        # Its receipt: the fee, what was left of the balance taken off, the rest paid back in cash.
        desk.find_element(By.CSS_SELECTOR, f"#ticket-ended-{balance} a").click()
        wait_ready(desk, "sales")
        sale = api(desk, "GET", f"/api/v1/sales/{ended['ending']['saleId']}")["data"]
        until_text(desk, "#receipt-number", sale["reference"])
        assert [(line["category"], line["amount"]["amount"]) for line in sale["lines"]] == [("prepaid", -10000), ("fee", 1000)]
        assert [(p["method"], p["amount"]["amount"]) for p in sale["payments"]] == [("cash", -9000)]
        until_text(desk, "#receipt-total", money(desk, sale["total"]))
        receipt = desk.execute_script(MAIN)
        assert words(desk, "ticket.endedLine", name=BALANCE) in receipt and words(desk, "folio.line.endingFee") in receipt
        assert words(desk, "document.paidBack") in receipt and words(desk, "document.thanks") not in receipt
        assert money(desk, {"amount": -9000, "currency": "JPY"}) in text_in(desk, "#receipt-payments")
        issuer = sale["issuer"]
        assert latin_words(receipt, [BALANCE, sale["reference"], customer["name"], issuer["name"], *issuer["address"].split("\n")]) == []
        screenshot(desk, "ticket-ending-receipt-ja")

        # Back: her record, the balance ended.
        desk.back()
        WebDriverWait(desk, 20).until(lambda b: b.find_elements(By.ID, f"ticket-ended-{balance}"))
        assert desk.find_elements(By.ID, f"ticket-end-open-{course}")
    finally:
        desk.quit()
