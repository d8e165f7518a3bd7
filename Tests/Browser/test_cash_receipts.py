"""Paid at the counter, as each country asks, in Chromium against a real server with two empty salons:
- Korea's cash receipts: at a Seoul salon, in Korean, a walk-in customer buys a ₩120,000 treatment set in cash
  and gives no number; the receipt says a cash receipt is due, the day close lists it as anonymous (to the
  tax office's 010-000-1234) due within 5 days, a mistyped approval number is refused under it in Korean, and
  the right one empties the list.
- A code to pay: at a Bangkok salon paid by PromptPay, in Thai, a QR payment at the checkout shows the code
  for its amount, which Debian's zbarimg reads back as PromptPay's payload with that amount; paid in cash,
  its receipt stands as Thailand's abbreviated tax invoice (the seller's tax ID and office, VAT included)."""

import datetime
import os
import re
import tempfile

import pytest
from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import money, quoted
from test_desk import api, go, wait_ready
from test_salon_from_empty import frontdesk
from test_pay_codes import decoded
from test_staff import sign_in_as

from frontdesk_server import frontdesk_binary, serving

OWNER = {"email": "dain@example.com", "password": "salon owner 2"}


@pytest.fixture(scope="module")
def salons_server():
    """`frontdesk serve` over a database holding two empty salons, Seoul's in won and Bangkok's in baht, and
    their owner's login: its base URL and the salons' ids."""
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    work = tempfile.mkdtemp(prefix="frontdesk-seoul-salon-")
    database = os.path.join(work, "seoul.sqlite")
    added = frontdesk(
        binary, "property", "add", "--kind", "salon", "--name", "살롱 다인", "--time-zone", "Asia/Seoul",
        "--currency", "KRW", "--region", "서울", "--city", "성수", "--database", database,
    )
    seoul = int(re.search(r"added property (\d+)", added).group(1))
    added = frontdesk(
        binary, "property", "add", "--kind", "salon", "--name", "ร้านมะลิ", "--time-zone", "Asia/Bangkok",
        "--currency", "THB", "--region", "กรุงเทพ", "--city", "สุขุมวิท", "--database", database,
    )
    bangkok = int(re.search(r"added property (\d+)", added).group(1))
    frontdesk(
        binary, "user", "add", "--email", OWNER["email"], "--role", "manager", "--database", database,
        "--property", str(seoul), "--property", str(bangkok), "--password-stdin", stdin=OWNER["password"] + "\n",
    )
    with serving(binary, database, work, "salons_server") as base:
        yield base, {"seoul": seoul, "bangkok": bangkok}


def at_salon(browser_factory, base, salon, language, product):
    """The owner's desk in `language` (a browser's, `ko-KR`), at `salon` (its id), selling `product` (a name
    and a price in minor units): the desk, and the product as the server keeps it."""
    desk = browser_factory(viewport=(1024, 900), language=language)
    sign_in_as(desk, base, OWNER["email"], OWNER["password"])
    select = Select(desk.find_element(By.ID, "desk-property"))
    if select.first_selected_option.get_attribute("value") != str(salon):
        select.select_by_value(str(salon))
        wait_ready(desk)
    name, price = product
    currency = api(desk, "GET", f"/api/v1/properties/{salon}")["data"]["currency"]
    put = api(desk, "PUT", f"/api/v1/properties/{salon}/products",
              {"products": [{"name": name, "price": {"amount": price, "currency": currency}}]})
    assert put["status"] == 200, put
    return desk, put["data"]["products"][0]


def test_a_seoul_salons_cash_sale_without_a_number_lists_an_anonymous_cash_receipt_due(salons_server, browser_factory):
    base, salons = salons_server
    salon = salons["seoul"]
    desk, product = at_salon(browser_factory, base, salon, "ko-KR", ("헤어 트리트먼트 세트", 120_000))

    # The checkout: the set, paid in cash with ₩150,000 handed over; the customer gives no number.
    go(desk, "#/checkout", "checkout")
    Select(desk.find_element(By.ID, "checkout-product")).select_by_value(str(product["id"]))
    desk.find_element(By.ID, "checkout-add-product").click()
    WebDriverWait(desk, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#checkout-lines tbody tr")) == 1)
    assert Select(desk.find_element(By.ID, "checkout-method-0")).first_selected_option.get_attribute("value") == "cash"
    desk.find_element(By.ID, "checkout-tendered-0").send_keys("150000")
    WebDriverWait(desk, 10).until(
        lambda b: quoted(b) == "current" and text_in(b, "#checkout-change") == money(b, {"amount": 30_000, "currency": "KRW"}))
    desk.find_element(By.ID, "checkout-complete").click()
    wait_ready(desk, "sales")
    due_note = desk.execute_script("return window.desk.i18n.t('cashReceipt.dueNote')")
    WebDriverWait(desk, 10).until(lambda b: text_in(b, ".is-cash-receipt") == due_note)

    # The day close lists it, anonymous, due 5 days after today.
    today = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/properties/{salon}/cash-receipts")["data"]["today"])
    go(desk, "#/audit", "audit")
    WebDriverWait(desk, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#cash-receipts-due tbody tr"))
    row = desk.find_element(By.CSS_SELECTOR, "#cash-receipts-due tbody tr")
    due_by = desk.execute_script("return window.desk.i18n.date(arguments[0])", (today + datetime.timedelta(days=5)).isoformat())
    assert "RCT-000001" in row.text and money(desk, {"amount": 120_000, "currency": "KRW"}) in row.text, row.text
    assert due_by in row.text, (due_by, row.text)
    identifier = row.find_element(By.CSS_SELECTOR, "input[id^='cash-receipt-identifier-']")
    assert identifier.get_attribute("placeholder") == "010-000-1234"
    section = desk.find_element(By.ID, "cash-receipts").text
    assert not latin_words(section, stored=["RCT-000001"]), latin_words(section, stored=["RCT-000001"])
    screenshot(desk, "cash-receipts-ko")

    # A mistyped approval number is refused under it, in Korean; the right one is recorded.
    approval = row.find_element(By.CSS_SELECTOR, "input[id^='cash-receipt-approval-']")
    approval.send_keys("8201-163")
    row.find_element(By.CSS_SELECTOR, "button[id^='cash-receipt-record-']").click()
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#cash-receipts .desk-form-error") != "")
    refusal = text_in(desk, "#cash-receipts .desk-form-error")
    assert "8" in refusal and "12" in refusal and not latin_words(refusal), refusal
    approval.clear()
    approval.send_keys("820116333")
    row.find_element(By.CSS_SELECTOR, "button[id^='cash-receipt-record-']").click()
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.ID, "cash-receipts-none"))
    assert api(desk, "GET", f"/api/v1/properties/{salon}/cash-receipts")["data"]["payments"] == []


def test_a_bangkok_salons_qr_payment_shows_the_promptpay_code_for_its_amount(salons_server, browser_factory):
    base, salons = salons_server
    salon = salons["bangkok"]
    desk, product = at_salon(browser_factory, base, salon, "th-TH", ("น้ำมันบำรุงผม", 45_050))
    issuer = {"name": "บริษัท มะลิ จำกัด", "address": "12 ถนนสุขุมวิท", "taxId": "0505561001235", "branch": ""}
    assert api(desk, "PUT", f"/api/v1/properties/{salon}/issuer", issuer)["status"] == 200
    # Set-up: where the salon is paid by a code.
    go(desk, "#/salon-setup", "salon-setup")
    Select(desk.find_element(By.ID, "pay-account-kind")).select_by_value("promptpay_mobile")
    desk.find_element(By.ID, "pay-account-number").send_keys("081-234-5678")
    desk.find_element(By.ID, "pay-account-holder").send_keys("ร้านมะลิ")
    desk.find_element(By.ID, "settings-payments-save").click()
    WebDriverWait(desk, 10).until(
        lambda b: (api(b, "GET", f"/api/v1/properties/{salon}/receiving-account")["data"].get("account") or {}).get("number")
        == "081-234-5678")
    desk.refresh()
    wait_ready(desk)

    # The checkout: the oil, paid by a QR payment; its code shows under it, for its amount.
    go(desk, "#/checkout", "checkout")
    Select(desk.find_element(By.ID, "checkout-product")).select_by_value(str(product["id"]))
    desk.find_element(By.ID, "checkout-add-product").click()
    Select(desk.find_element(By.ID, "checkout-method-0")).select_by_value("qr")
    WebDriverWait(desk, 15).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#checkout-pay-code-0 img"))
    caption = desk.find_element(By.CSS_SELECTOR, "#checkout-pay-code-0 figcaption").text
    assert "450.50" in caption and "ร้านมะลิ" in caption, caption
    svg = desk.execute_script(
        "const src = document.querySelector('#checkout-pay-code-0 img').src;"
        "return decodeURIComponent(src.slice(src.indexOf(',') + 1));"
    )
    payload = decoded(svg)
    assert payload.startswith("000201010212") and "0113006681234567" in payload and "5406450.50" in payload, payload
    assert not latin_words(desk.find_element(By.CSS_SELECTOR, ".checkout-payment").text), "English left on the Thai checkout"
    screenshot(desk, "checkout-code-thai")
    # Paid in cash instead, no code is drawn; the receipt stands as Thailand's abbreviated tax invoice.
    Select(desk.find_element(By.ID, "checkout-method-0")).select_by_value("cash")
    WebDriverWait(desk, 15).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#checkout-pay-code-0 img") and quoted(b) == "current")
    desk.find_element(By.ID, "checkout-complete").click()
    wait_ready(desk, "sales")
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#receipt-title") == "ใบกำกับภาษีอย่างย่อ / ใบเสร็จรับเงิน")
    assert text_in(desk, "#receipt-vat-included") == "ราคารวมภาษีมูลค่าเพิ่มแล้ว"
    assert text_in(desk, "#receipt-branch") == "สำนักงานใหญ่" and "0505561001235" in text_in(desk, "#receipt-tax-id")
    sheet = desk.find_element(By.ID, "receipt").text
    left = latin_words(sheet, stored=["0505561001235", "RCT-000001"])
    assert not left, f"English left on the Thai receipt: {left}"

    # The customer's company asks for a full tax invoice: its tax ID with a wrong check digit is refused under
    # it in Thai, taking no number; corrected, the sheet is the tax invoice, naming its buyer and the receipt
    # it replaces, numbered in the head office's tax invoices; it is offered no more.
    desk.find_element(By.ID, "receipt-tax-invoice-open").click()
    desk.find_element(By.ID, "buyer-name").send_keys("บริษัท สยามเทรดดิ้ง จำกัด")
    desk.find_element(By.ID, "buyer-address").send_keys("9 ถนนสีลม กรุงเทพฯ")
    tax_id = desk.find_element(By.ID, "buyer-taxId")
    tax_id.send_keys("0105556000001")  # its check digit is 9
    desk.find_element(By.ID, "buyer-issue").click()
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#buyer-taxId-error") != "")
    refusal = text_in(desk, "#buyer-taxId-error")
    assert "13" in refusal and not latin_words(refusal), refusal
    sale_id = desk.execute_script("return location.hash").split("/")[-1]
    assert "taxInvoice" not in api(desk, "GET", f"/api/v1/sales/{sale_id}")["data"]
    tax_id.clear()
    tax_id.send_keys("0105556000009")
    desk.find_element(By.ID, "buyer-issue").click()
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#receipt-title") == "ใบกำกับภาษี")
    assert text_in(desk, "#receipt-number") == "TAX-00000-000001"
    assert text_in(desk, "#receipt-replaces") == "RCT-000001"
    assert text_in(desk, "#receipt-buyer-name") == "บริษัท สยามเทรดดิ้ง จำกัด"
    assert text_in(desk, "#receipt-buyer-tax-id") == "0105556000009"
    assert not desk.find_elements(By.ID, "receipt-tax-invoice-open")
    sheet = desk.find_element(By.ID, "receipt").text
    left = latin_words(sheet, stored=["0505561001235", "0105556000009", "RCT-000001", "TAX-00000-000001"])
    assert not left, f"English left on the Thai tax invoice: {left}"
    # Read again after a reload, as issued.
    desk.refresh()
    wait_ready(desk, "sales")
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#receipt-number") == "TAX-00000-000001")
    screenshot(desk, "salon-tax-invoice-thai")
