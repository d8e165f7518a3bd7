"""Vietnam's VAT by the date of the service and its e-invoice, in Chromium against a real server whose clock
stands at 10:00 in Hanoi on 2026-12-31 (our preload library, scripts/fakeclock/fakeclock.c; Chromium keeps
the real clock, as a guest's phone would). The reduced 8 % ends with 2026: a stay from New Year's Eve to
2 January is taxed 8 % for its first night and 10 % for its second. In Vietnamese, the manager sets who
issues the papers (a tax code of the wrong length refused under it, then corrected), the desk issues the
stay's invoice and downloads its e-invoice for the licensed provider (a provider's code refused, then
corrected), and the XML holds every field the layout makes mandatory, each checked against this test's own
arithmetic from the law."""

import datetime
import os
import re
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, poll, sign_in, wait_ready
from test_documents import ENGLISH, field, sheet_text

from conftest import screenshot
from frontdesk_server import clock_at, frontdesk_binary, serving

# 10:00 in Hanoi (UTC+7) on the last day of the reduced rate.
NEW_YEARS_EVE = datetime.datetime(2026, 12, 31, 3, 0, tzinfo=datetime.timezone.utc)


@pytest.fixture(scope="module")
def hanoi_server():
    """`frontdesk demo` and `frontdesk serve` with the wall clock moved to NEW_YEARS_EVE: its base URL."""
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    work = tempfile.mkdtemp(prefix="frontdesk-hanoi-")
    env = clock_at(work, NEW_YEARS_EVE)
    database = os.path.join(work, "hanoi.sqlite")
    subprocess.run([binary, "demo", "--database", database], check=True, capture_output=True,
                   env={**os.environ, **env})
    with serving(binary, database, work, "hanoi_server", env=env) as base:
        yield base


def tags(tag, xml):
    """The text of each `<tag>` in `xml`, in order."""
    return re.findall(rf"<{tag}>([^<]*)</{tag}>", xml)


def english_left(text, stored):
    """The desk's English words left on a Vietnamese page, once the stored text is taken out (Vietnamese is
    written in Latin letters, so the check is by the words the English desk uses)."""
    for phrase in sorted(stored, key=len, reverse=True):
        text = text.replace(phrase, " ")
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


def test_a_hanoi_stay_over_new_year_is_taxed_eight_then_ten_percent_and_its_einvoice_holds_every_field(
    hanoi_server, browser_factory
):
    desk = browser_factory(viewport=(1024, 900), language="vi-VN")
    sign_in(desk, hanoi_server)
    properties = api(desk, "GET", "/api/v1/properties")["data"]["properties"]
    hotel = next(p for p in properties if p.get("city") == "Hanoi" and p["kind"] == "hotel")
    assert api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"] == "2026-12-31"
    Select(desk.find_element(By.ID, "desk-property")).select_by_value(str(hotel["id"]))
    wait_ready(desk)

    # Who issues the papers: a tax code of nine digits is refused under it, in Vietnamese; ten are kept.
    go(desk, "#/settings", "settings")
    for key, value in (("name", "Công ty TNHH Di sản Hoàn Kiếm"), ("taxId", "010123456")):
        field(desk, key).clear()
        field(desk, key).send_keys(value)
    address = field(desk, "address", "textarea")
    address.clear()
    address.send_keys("12 Hàng Bạc\nHoàn Kiếm, Hà Nội")
    desk.find_element(By.CSS_SELECTOR, 'form[data-form="issuer"] button[type="submit"]').click()
    error = desk.find_element(By.CSS_SELECTOR, '[data-key="taxId"] .free-form-row-error')
    assert poll(lambda: error.is_displayed() and "10" in error.text), error.text
    assert not english_left(error.text, ()), error.text
    field(desk, "taxId").clear()
    field(desk, "taxId").send_keys("0101234567")
    desk.find_element(By.CSS_SELECTOR, 'form[data-form="issuer"] button[type="submit"]').click()
    assert poll(lambda: api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["issuer"].get("taxId") == "0101234567")

    # A couple from New Year's Eve to 2 January, checked in today.
    detail = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]
    made = None
    for room in detail["rooms"]:
        made = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": "2026-12-31", "departure": "2027-01-02", "adults": 2,
            "guest": {"name": "Nguyễn Văn An", "email": "an.nguyen@example.com"},
        })
        if made["status"] == 201:
            break
    assert made and made["status"] == 201, made
    stay = made["data"]
    assert api(desk, "POST", f"/api/v1/stays/{stay['id']}/check-in", {"override": True})["status"] == 200

    # The law's arithmetic: each night, its 5 % service charge, then the VAT of its date on both (đồng have
    # no minor unit, and these amounts divide exactly).
    folio = api(desk, "GET", f"/api/v1/stays/{stay['id']}/folio")["data"]
    nights = {e["night"]: e["amount"]["amount"] for e in folio["entries"] if e.get("category") == "room"}
    assert sorted(nights) == ["2026-12-31", "2027-01-01"], folio["entries"]
    first, second = nights["2026-12-31"], nights["2027-01-01"]
    service = [first * 5 // 100, second * 5 // 100]
    vat8, vat10 = (first + service[0]) * 8 // 100, (second + service[1]) * 10 // 100
    total = first + second + sum(service) + vat8 + vat10
    taxes = sorted(e["amount"]["amount"] for e in folio["entries"] if e.get("category") == "tax")
    assert taxes == sorted([sum(service), vat8, vat10]) or taxes == sorted([*service, vat8, vat10]), taxes
    assert folio["totalCharges"]["amount"] == total, (folio["totalCharges"], total)

    # The desk issues the invoice from the stay page; it reads in Vietnamese.
    go(desk, f"#/stays/{stay['id']}", "stays")
    desk.find_element(By.ID, "issue-invoice").click()
    wait_ready(desk, "documents")
    invoice = api(desk, "GET", f"/api/v1/stays/{stay['id']}/documents")["data"]["documents"][-1]
    assert invoice["eInvoice"] is True and invoice["totalCharges"]["amount"] == total
    text = sheet_text(desk)
    assert "Công ty TNHH Di sản Hoàn Kiếm" in text and "0101234567" in text, text
    stored = [hotel["name"], invoice["guestName"], *invoice["rooms"], invoice["reference"],
              *(line["description"] for line in invoice["charges"]), *(tax["name"] for tax in invoice["taxes"])]
    assert not english_left(text, stored), english_left(text, stored)

    # Its e-invoice for the provider: a code of two digits refused under it, then the provider's own.
    desk.execute_script(
        "const made = URL.createObjectURL.bind(URL);"
        "URL.createObjectURL = (blob) => { window.downloaded = blob; return made(blob); };")
    provider = desk.find_element(By.ID, "document-einvoice-provider")
    provider.send_keys("12")
    desk.find_element(By.ID, "document-einvoice").click()
    WebDriverWait(desk, 10).until(lambda b: b.find_element(By.ID, "document-einvoice-error").text != "")
    refusal = desk.find_element(By.ID, "document-einvoice-error").text
    assert not english_left(refusal, ()), refusal
    assert desk.execute_script("return window.downloaded === undefined")
    provider.clear()
    provider.send_keys("0100109106")
    desk.find_element(By.ID, "document-einvoice").click()
    WebDriverWait(desk, 10).until(lambda b: b.execute_script("return window.downloaded !== undefined"))
    assert desk.find_element(By.ID, "document-einvoice-error").text == ""
    xml = desk.execute_async_script("const done = arguments[0]; window.downloaded.text().then(done);")
    screenshot(desk, "einvoice-hanoi-vi")

    # Every mandated field of the general part, the seller, the lines and the totals.
    for tag in ("PBan", "THDon", "KHMSHDon", "KHHDon", "SHDon", "NLap", "DVTTe", "TGia", "HTTToan", "MSTTCGP",
                "Ten", "MST", "DChi", "TChat", "THHDVu", "ThTien", "TSuat", "TThue", "TgTCThue", "TgTThue",
                "TgTTTBSo", "TgTTTBChu"):
        assert tags(tag, xml), f"{tag} is missing"
    assert tags("KHMSHDon", xml) == ["1"] and tags("KHHDon", xml)[0].startswith("C26"), xml
    assert tags("NLap", xml) == ["2026-12-31"] and tags("DVTTe", xml) == ["VND"]
    assert tags("MSTTCGP", xml) == ["0100109106"] and tags("MST", xml)[0] == "0101234567"
    assert tags("DChi", xml)[0] == "12 Hàng Bạc, Hoàn Kiếm, Hà Nội"
    # The rooms by their nights, then each rate's tax and the invoice's totals.
    assert "Tiền phòng đêm 31/12/2026" in tags("THHDVu", xml) and "Tiền phòng đêm 01/01/2027" in tags("THHDVu", xml)
    assert {"8%", "10%"} == set(tags("TSuat", xml)), tags("TSuat", xml)
    assert tags("TThue", xml) == [str(vat8), str(vat10)]
    assert tags("TgTCThue", xml) == [str(total - vat8 - vat10)] and tags("TgTThue", xml) == [str(vat8 + vat10)]
    assert tags("TgTTTBSo", xml) == [str(total)]
    assert tags("TgTTTBChu", xml)[0].endswith("đồng")
