"""Online check-in before arrival, in Chromium against a real server: the desk books a stay for two
adults a few days ahead and copies its check-in link; a Thai guest opens it on a phone over a slow
network, is refused the second adult's missing passport under that field, in Thai, corrects it and is
checked in, and a reload shows what was kept. The desk's police registration list for the arrival day
then lists both adults, Today marks the arrival as checked in online and the stay shows what was sent.
A link with one character changed is refused in Thai and changes nothing."""

import datetime

from conftest import latin_words, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property
from test_reports import CSV_TEXT, shown
from test_site import wait_page

PHONE = (375, 812)
# A phone on a slow mobile network: every answer late, and modules trickling in.
SLOW = {"offline": False, "latency": 250, "downloadThroughput": 200_000, "uploadThroughput": 100_000}

BOOKER = {"name": "สมชาย ใจดี", "nationality": "TH", "documentNumber": "AA1234567", "birthDate": "1988-03-14"}
COMPANION = {"name": "สมศรี ใจดี", "nationality": "TH", "documentNumber": "AB7654321", "birthDate": "1992-08-15"}


def book_two_adults(desk, hotel, arrival, departure):
    """A stay for two adults in the first room free for the nights: its detail."""
    for room in api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]:
        made = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": arrival, "departure": departure, "adults": 2,
            "guest": {"name": BOOKER["name"]},
        })
        if made["status"] == 201:
            return made["data"]
    raise AssertionError(f"no room free from {arrival} to {departure}")


def guest_field(phone, index, key):
    return phone.find_element(By.ID, f"check-in-guest-{index}-{key}")


def set_value(phone, element, value):
    """Sets a date or time whole, as its picker would."""
    phone.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))", element, value
    )


def value_of(phone, element_id):
    return phone.execute_script("return document.getElementById(arguments[0])?.value ?? null", element_id)


def visible_text(phone):
    """The page's words but the language menu's (each language named in its own), and of each list of
    countries the one chosen alone: innerText reads every option of a select."""
    return phone.execute_script(
        """
        const selects = [...document.querySelectorAll('#site-main select')];
        selects.forEach((select) => (select.hidden = true));
        const text = [...document.querySelectorAll('.site-bar a, #site-main, .site-footer')].map((e) => e.innerText);
        selects.forEach((select) => (select.hidden = false));
        return [...text, ...selects.map((select) => select.selectedOptions[0]?.text ?? '')].join('\\n');
        """
    )


def submit(phone):
    button = phone.find_element(By.ID, "check-in-submit")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_a_thai_guest_checks_in_online_from_a_phone_and_the_desk_registers_both_adults(desk_server, browser_factory):
    desk = browser_factory()
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    today = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    arrival = (today + datetime.timedelta(days=4)).isoformat()
    departure = (today + datetime.timedelta(days=6)).isoformat()
    stay = book_two_adults(desk, hotel, arrival, departure)
    code = stay["confirmationCode"]

    # The desk copies the booked stay's link, to paste into LINE.
    link = api(desk, "GET", f"/api/v1/stays/{stay['id']}/check-in-link")
    assert link["status"] == 200, link
    url = link["data"]["url"]
    assert "#/check-in/" in url and link["data"]["expiresOn"] >= arrival
    go(desk, f"#/stays/{stay['id']}", "stays")
    desk.find_element(By.ID, "stay-check-in-link").click()
    WebDriverWait(desk, 10).until(lambda b: b.execute_script("return document.getElementById('stay-check-in-link-url')?.value") == url)
    token = url.split("#/check-in/", 1)[1].split("?", 1)[0]

    phone = browser_factory(viewport=PHONE, language="th-TH")
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW)
    phone.get(f"{desk_server}/#/check-in/{token}?lang=th")
    wait_page(phone, "check-in", timeout=30)
    assert phone.execute_script("return document.documentElement.lang") == "th"
    assert value_of(phone, "check-in-guest-0-name") == BOOKER["name"]  # the booking's guest, as booked
    assert value_of(phone, "check-in-guest-1-name") == ""
    place = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]
    stored = ["Frontdesk Stays", place["name"], code]
    assert latin_words(visible_text(phone), stored) == []
    screenshot(phone, "check-in-th-phone-form")

    # Everything but the second adult's passport.
    for index, guest in enumerate((BOOKER, COMPANION)):
        if index == 1:
            guest_field(phone, 1, "name").send_keys(guest["name"])
        Select(guest_field(phone, index, "nationality")).select_by_value(guest["nationality"])
        set_value(phone, guest_field(phone, index, "birthDate"), guest["birthDate"])
    guest_field(phone, 0, "documentNumber").send_keys(BOOKER["documentNumber"])
    set_value(phone, phone.find_element(By.ID, "check-in-arrivalTime"), "15:30")
    phone.find_element(By.ID, "check-in-requests").send_keys("ขอเตียงเสริมหนึ่งเตียง")
    submit(phone)

    # Refused under that field, in Thai; what was typed stays.
    WebDriverWait(phone, 15).until(lambda b: text_in(b, "#check-in-guest-1-documentNumber-error"))
    until_text(phone, "#check-in-guest-1-documentNumber-error", "ช่องนี้ต้องไม่ว่าง")
    document = guest_field(phone, 1, "documentNumber")
    assert document.get_attribute("aria-invalid") == "true"
    assert phone.execute_script("return document.activeElement.id") == "check-in-guest-1-documentNumber"
    assert value_of(phone, "check-in-guest-1-name") == COMPANION["name"]
    assert latin_words(visible_text(phone), stored + [BOOKER["documentNumber"]]) == []
    screenshot(phone, "check-in-th-phone-refused")

    document.send_keys(COMPANION["documentNumber"])
    submit(phone)
    WebDriverWait(phone, 15).until(lambda b: text_in(b, "#check-in-done"))
    assert "เช็คอินออนไลน์เรียบร้อยแล้ว" in text_in(phone, "#check-in-done")
    until_text(phone, "#check-in-guest-1-documentNumber-error", "")
    screenshot(phone, "check-in-th-phone-done")

    # A reload shows what the hotel keeps, still open to correction.
    phone.refresh()
    wait_page(phone, "check-in", timeout=30)
    WebDriverWait(phone, 15).until(lambda b: text_in(b, "#check-in-done"))
    for index, guest in enumerate((BOOKER, COMPANION)):
        for key, value in guest.items():
            assert value_of(phone, f"check-in-guest-{index}-{key}") == value, (index, key)
    assert value_of(phone, "check-in-arrivalTime") == "15:30"
    assert value_of(phone, "check-in-requests") == "ขอเตียงเสริมหนึ่งเตียง"
    assert phone.find_element(By.ID, "check-in-submit").is_enabled()
    stored += [BOOKER["documentNumber"], COMPANION["documentNumber"]]
    assert latin_words(visible_text(phone), stored) == []
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", {**SLOW, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    # The police registration list of the arrival day has both adults, on screen and in the file.
    go(desk, f"#/reports?report=registration&from={arrival}", "reports")
    WebDriverWait(desk, 10).until(lambda b: shown(b) > 0)
    rows = desk.execute_script(
        "return [...document.querySelectorAll('.reports-table tbody tr')].map((tr) => tr.textContent)"
        ".filter((text) => text.includes(arguments[0]))",
        code,
    )
    assert len(rows) == 2, rows
    for row, guest in zip(rows, (BOOKER, COMPANION)):
        assert guest["name"] in row and guest["documentNumber"] in row and "Thailand (TH)" in row, row
    csv = desk.execute_async_script(CSV_TEXT)
    for guest in (BOOKER, COMPANION):
        assert f"{guest['name']},TH,{guest['documentNumber']},{guest['birthDate']},{arrival},{departure}," in csv

    # Today, on the arrival day, marks the arrival; the stay shows what was sent.
    go(desk, f"#/today?date={arrival}", "today")
    badge = f"tr[data-stay-id='{stay['id']}'] .online-check-in-badge"
    WebDriverWait(desk, 10).until(lambda b: text_in(b, badge))
    until_text(desk, badge, "Checked in online · arriving 15:30")
    go(desk, f"#/stays/{stay['id']}", "stays")
    WebDriverWait(desk, 10).until(lambda b: text_in(b, "#stay-companions"))
    section = text_in(desk, "#stay-online-check-in")
    assert COMPANION["name"] in section and COMPANION["documentNumber"] in section and "15:30" in section
    screenshot(desk, "check-in-desk-stay")

    # A link with one character changed is refused, in Thai, and changes nothing.
    before = api(desk, "GET", f"/api/v1/stays/{stay['id']}")["data"]
    head, mac = token.rsplit(".", 1)
    forged = f"{head}.{'B' if mac[0] == 'A' else 'A'}{mac[1:]}"
    phone.get(f"{desk_server}/#/check-in/{forged}?lang=th")
    WebDriverWait(phone, 15).until(lambda b: text_in(b, "#check-in-refused"))
    until_text(phone, "#check-in-refused", "ลิงก์เช็คอินนี้ไม่ถูกต้อง")
    assert not phone.find_elements(By.ID, "check-in-submit")
    assert latin_words(visible_text(phone), ["Frontdesk Stays"]) == []
    screenshot(phone, "check-in-th-phone-forged")
    sent = phone.execute_async_script(
        """
        const [path, body, done] = arguments;
        fetch(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
          .then((r) => done(r.status));
        """,
        f"/api/v1/public/check-in/{forged}?lang=th",
        {"guests": [{**BOOKER, "name": "Mallory"}, {**COMPANION, "documentNumber": "ZZ0000000"}], "requests": "forged"},
    )
    assert sent == 404
    after = api(desk, "GET", f"/api/v1/stays/{stay['id']}")["data"]
    assert after["guest"] == before["guest"] and after["onlineCheckIn"] == before["onlineCheckIn"]
    assert after["onlineCheckIn"]["companions"] == [COMPANION]
