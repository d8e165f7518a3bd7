"""Codes to pay in Chromium against a real server: a manager sets the hotel's PromptPay number on the desk
(a landline refused in place, then a mobile number), and a Thai guest opening their booking on a slow
network sees the code for the deposit its plan asks, which Debian's zbarimg reads back as PromptPay's
payload with the deposit's amount and the booking's code; no English is left on the guest's page. The guest
pays, and the desk, in Thai, imports the bank's statement: the deposit is settled, a second import changes
nothing, and the guest's page asks for nothing more."""

import datetime
import pathlib
import subprocess
import tempfile
import urllib.parse

from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property
from test_site import wait_page

SLOW = {"offline": False, "latency": 300, "downloadThroughput": 400 * 1024, "uploadThroughput": 200 * 1024}


def decoded(svg):
    """What zbarimg reads in `svg`, drawn 400 pixels wide by rsvg-convert."""
    with tempfile.TemporaryDirectory() as folder:
        source, image = pathlib.Path(folder, "code.svg"), pathlib.Path(folder, "code.png")
        source.write_text(svg, encoding="utf-8")
        subprocess.run(["rsvg-convert", "--format=png", "-w", "400", "-o", str(image), str(source)], check=True)
        read = subprocess.run(["zbarimg", "--raw", "-q", str(image)], check=True, capture_output=True, text=True)
        return read.stdout.rstrip("\n")


def test_a_thai_guest_sees_the_promptpay_code_for_the_deposit_with_its_amount_and_booking_code(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 900))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    path = f"/api/v1/properties/{hotel['id']}/receiving-account"
    try:
        go(desk, "#/settings", "settings")
        Select(desk.find_element(By.ID, "pay-account-kind")).select_by_value("promptpay_mobile")
        assert not desk.find_element(By.ID, "pay-account-bankBin").is_displayed()
        number = desk.find_element(By.ID, "pay-account-number")
        number.send_keys("02-123-4567")
        desk.find_element(By.ID, "pay-account-holder").send_keys("Baan Suan Co., Ltd.")
        desk.find_element(By.ID, "settings-payments-save").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#settings-payments-error"))
        assert api(desk, "GET", path)["data"].get("account") is None
        number.clear()
        number.send_keys("081-234-5678")
        desk.find_element(By.ID, "settings-payments-save").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#desk-toast") == "Saved.")
        assert api(desk, "GET", path)["data"]["account"]["number"] == "081-234-5678"

        # A booking on the plan that asks its first night as a deposit, ten days ahead.
        today = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
        arrival = today + datetime.timedelta(days=10)
        rooms = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
        made = None
        for room in rooms:
            made = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
                "roomId": room["id"], "arrival": arrival.isoformat(), "ratePlanId": 2,
                "departure": (arrival + datetime.timedelta(days=2)).isoformat(), "adults": 2,
                "guest": {"name": "Somchai Jaidee", "email": "somchai.pay@example.com"},
            })
            if made["status"] == 201:
                break
        assert made and made["status"] == 201, made
        code = made["data"]["confirmationCode"]
        deposit = api(desk, "GET", f"/api/v1/stays/{made['data']['id']}")["data"]["deposit"]["open"]
        assert deposit["amount"] > 0

        guest = browser_factory(viewport=(390, 844), language="th-TH")
        guest.get(desk_server + "/")
        guest.execute_cdp_cmd("Network.enable", {})
        guest.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW)
        email = urllib.parse.quote("somchai.pay@example.com")
        guest.get(f"{desk_server}/#/manage?code={code}&email={email}")
        wait_page(guest, "manage")
        WebDriverWait(guest, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#pay-code img"))
        caption = guest.find_element(By.CSS_SELECTOR, "#pay-code figcaption").text
        # The amount in Thai digits' grouping (baht, no satang in a first night's price), and the code.
        assert f"{deposit['amount'] // 100:,}" in caption and code in caption, caption
        svg = guest.execute_script(
            "const src = document.querySelector('#pay-code img').src;"
            "return decodeURIComponent(src.slice(src.indexOf(',') + 1));"
        )
        payload = decoded(svg)
        baht = f"{deposit['amount'] // 100}.{deposit['amount'] % 100:02d}"
        assert payload.startswith("000201010212") and "A000000677010111" in payload, payload
        assert f"54{len(baht):02d}{baht}" in payload and code in payload, payload
        page = guest.find_element(By.CSS_SELECTOR, ".manage-pay").text
        left = latin_words(page, stored=[code, "Baan Suan Co., Ltd.", hotel["name"]])
        assert not left, f"English left on the Thai code to pay: {left}"
        screenshot(guest, "manage-pay-code-thai")

        # The guest paid by the code; the desk, in Thai, imports Kasikornbank's statement: a column named
        # wrong is refused in Thai, then corrected; the deposit is settled, and a second import changes nothing.
        thai_day = f"{today.day:02d}/{today.month:02d}/{today.year + 543}"
        paid = f"{deposit['amount'] // 100:,}.{deposit['amount'] % 100:02d}"
        typed = code.lower().replace("-", "")  # as the guest's banking app let them type it
        statement = pathlib.Path(tempfile.mkdtemp(), "kbank.csv")
        statement.write_text(
            "เลขที่บัญชี,123-4-56789-0\n"
            "วันที่,เวลา,รายการ,ถอน,ฝาก,ยอดคงเหลือ,เลขที่อ้างอิง\n"
            f'{thai_day},09:12,"พร้อมเพย์ {typed}",,"{paid}","50,000.00",KB0001\n'
            f'{thai_day},10:40,โอนเงิน,,"300.00","50,300.00",KB0002\n',
            encoding="utf-8",
        )
        Select(desk.find_element(By.ID, "desk-language")).select_by_value("th")
        go(desk, "#/bank", "bank")
        folio_before = api(desk, "GET", f"/api/v1/stays/{made['data']['id']}/folio")["data"]
        for field, value in [("bank-name", "กสิกรไทย"), ("bank-dateColumn", "วันที่"), ("bank-amountColumn", "เงินฝาก"),
                             ("bank-textColumn", "รายการ"), ("bank-referenceColumn", "เลขที่อ้างอิง")]:
            desk.find_element(By.ID, field).send_keys(value)
        Select(desk.find_element(By.ID, "bank-dateOrder")).select_by_value("dmy")
        desk.find_element(By.ID, "bank-file").send_keys(str(statement))
        desk.find_element(By.ID, "bank-import").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#bank-message"))
        refusal = text_in(desk, "#bank-message")
        assert "เงินฝาก" in refusal and not latin_words(refusal), refusal
        assert api(desk, "GET", f"/api/v1/stays/{made['data']['id']}")["data"]["deposit"]["open"]["amount"] > 0
        desk.find_element(By.ID, "bank-edit-format").click()
        column = desk.find_element(By.ID, "bank-amountColumn")
        column.clear()
        column.send_keys("ฝาก")
        desk.find_element(By.ID, "bank-import").click()
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#bank-settled a"))
        assert desk.find_element(By.CSS_SELECTOR, "#bank-settled a").text == code
        assert api(desk, "GET", f"/api/v1/stays/{made['data']['id']}")["data"]["deposit"]["open"]["amount"] == 0
        waiting = desk.find_element(By.ID, "bank-waiting-lines").text
        assert "KB0002" in waiting and "KB0001" not in waiting, waiting
        page = desk.find_element(By.ID, "desk-main").text
        left = latin_words(page, stored=["KB0001", "KB0002", code, typed])
        assert not left, f"English left on the Thai bank statements: {left}"
        screenshot(desk, "bank-statement-thai")
        summary = text_in(desk, "#bank-summary")
        desk.find_element(By.ID, "bank-import").click()
        WebDriverWait(desk, 10).until(lambda b: text_in(b, "#bank-summary") not in ("", summary))
        assert not desk.find_elements(By.ID, "bank-settled")
        folio_after = api(desk, "GET", f"/api/v1/stays/{made['data']['id']}/folio")["data"]
        assert len(folio_after["entries"]) == len(folio_before["entries"]) + 1
        # Paid, the guest's page asks for nothing more.
        guest.refresh()
        wait_page(guest, "manage")
        WebDriverWait(guest, 20).until(lambda b: text_in(b, "#confirmation-code") == code)
        assert not guest.find_elements(By.CSS_SELECTOR, "#pay-code img")
    finally:
        assert api(desk, "PUT", path, {})["status"] == 200
