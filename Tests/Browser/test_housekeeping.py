"""Housekeeping in Chromium against a real server: a departure leaves its room dirty on a housekeeper's
phone (in Thai), the phone marks it clean and the desk's board follows live; a room taken out of
service is drawn on the board, refuses a booking, and is put back in service from the board."""

import datetime
import re

import pytest
from conftest import screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, open_board, poll, sign_in, use_property
from test_staff import sign_in_as

# Words of the housekeeping screen's English that must not be left on the Thai page.
ENGLISH = ("Mark", "Clean", "Dirty", "Inspected", "Floor", "Housekeeper", "Departure", "Arrival", "Vacant", "Nobody",
           "Out of service", "Room ")


# Scrolls the board down until the room's header is drawn.
SCROLL_TO_ROOM = """
const screen = window.deskBoard;
const container = screen.container;
for (let y = 0; y < container.scrollHeight; y += container.clientHeight / 2) {
  container.scrollTop = y;
  screen.board.render(true);
  if (container.querySelector(`.board-row-header[data-row-id="${arguments[0]}"]`)) return true;
}
return false;
"""


def room_card(browser, room_id):
    return browser.find_element(By.CSS_SELECTOR, f'.housekeeping-room[data-room-id="{room_id}"]')


def card_status(browser, room_id):
    return browser.execute_script(
        "return document.querySelector(`.housekeeping-room[data-room-id=\"${arguments[0]}\"]`)?.dataset.housekeeping",
        room_id,
    )


def header_status(browser, room_id):
    return browser.execute_script(
        "return document.querySelector(`.board-row-header[data-row-id=\"${arguments[0]}\"]`)?.dataset.housekeeping",
        room_id,
    )


def test_a_departure_is_cleaned_from_a_phone_in_thai_and_the_board_follows(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    phone = browser_factory(viewport=(375, 812), language="th-TH")
    sign_in(phone, desk_server)
    use_property(phone, "hotel")
    go(phone, "#/housekeeping", "housekeeping")

    # A guest in the house pays and leaves: the room they slept in is dirty.
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"])
    room_id = guest["roomId"]
    balance = api(desk, "GET", f"/api/v1/stays/{guest['id']}/folio")["data"]["balance"]
    if balance["amount"] > 0:
        paid = api(desk, "POST", f"/api/v1/stays/{guest['id']}/payments", {"amount": balance, "method": "cash"})
        assert paid["status"] == 201, paid
    api(desk, "PATCH", f"/api/v1/rooms/{room_id}/housekeeping", {"status": "clean"})
    open_board(desk)
    assert desk.execute_script(SCROLL_TO_ROOM, room_id), "the room's row is not on the board"
    assert poll(lambda: header_status(desk, room_id) == "clean")
    out = api(desk, "POST", f"/api/v1/stays/{guest['id']}/check-out", {})
    assert out["status"] == 200, out
    assert poll(lambda: card_status(phone, room_id) == "dirty"), "the phone's list did not hear the check-out"
    assert poll(lambda: header_status(desk, room_id) == "dirty"), "the board's room did not turn dirty"

    card = room_card(phone, room_id)
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    screenshot(phone, "housekeeping-phone-thai")
    words = phone.find_element(By.CSS_SELECTOR, ".housekeeping").text
    left = [word for word in ENGLISH if word in words]
    assert not left, f"English left on the Thai housekeeping screen: {left}"
    mark_clean = card.find_element(By.XPATH, ".//button[normalize-space()='ทำเครื่องหมายว่าสะอาด']")
    assert mark_clean.size["height"] >= 44
    mark_clean.click()
    assert poll(lambda: api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
                and next(r for r in api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
                         if r["id"] == room_id)["housekeeping"] == "clean")
    assert poll(lambda: header_status(desk, room_id) == "clean"), "the board did not follow the phone"


def test_a_room_out_of_service_is_on_the_board_refuses_a_booking_and_returns_to_service(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    go(desk, "#/housekeeping", "housekeeping")
    listing = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/housekeeping")["data"]
    # A room nobody sleeps in tonight or tomorrow night.
    board = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/board?from={listing['date']}&to="
                f"{(datetime.date.fromisoformat(listing['date']) + datetime.timedelta(days=2)).isoformat()}")["data"]
    taken = {board["items"][i + 1] for i in range(0, len(board["items"]), 6)}
    line = next(l for l in listing["rooms"] if l["room"]["id"] not in taken and not l.get("block"))
    room = line["room"]
    card = room_card(desk, room["id"])
    desk.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
    card.find_element(By.XPATH, ".//button[normalize-space()='Out of service…']").click()
    form = card.find_element(By.CSS_SELECTOR, ".housekeeping-block-form")
    # Without a reason the form is not sent: nothing is stored.
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert desk.execute_script("return arguments[0].matches(':invalid')", form.find_element(By.NAME, "reason"))
    after = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/housekeeping")["data"]["rooms"]
    assert not next(l for l in after if l["room"]["id"] == room["id"]).get("block")
    form.find_element(By.CSS_SELECTOR, "input[name=reason]").send_keys("Leaking tap")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert poll(lambda: card_status(desk, room["id"]) == "out_of_service")
    screenshot(desk, "housekeeping-1024x768")

    tonight = listing["date"]
    tomorrow = (datetime.date.fromisoformat(tonight) + datetime.timedelta(days=1)).isoformat()
    refused = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays",
                  {"roomId": room["id"], "arrival": tonight, "departure": tomorrow, "adults": 1,
                   "guest": {"name": "Walk In"}}, {"Idempotency-Key": f"walk-in-{room['id']}"})
    assert refused["status"] == 409 and "out of service" in refused["data"]["error"]["message"], refused

    open_board(desk)
    block = desk.execute_script(
        "return [...window.deskBoard.data.items.values()].find((i) => i.blockId && i.rowId === arguments[0]) ?? null",
        room["id"],
    )
    assert block and block["name"] == "Leaking tap" and block["style"] == 5, block
    desk.execute_script("window.deskBoard.panel.show(arguments[0])", block)
    panel = desk.find_element(By.ID, "board-panel")
    assert "Leaking tap" in panel.text
    screenshot(desk, "board-block-panel-1024x768")
    panel.find_element(By.XPATH, ".//button[normalize-space()='Return to service']").click()
    assert poll(lambda: not desk.execute_script(
        "return [...window.deskBoard.data.items.values()].some((i) => i.blockId && i.rowId === arguments[0])", room["id"]))
    booked = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays",
                 {"roomId": room["id"], "arrival": tonight, "departure": tomorrow, "adults": 1,
                  "guest": {"name": "Walk In"}}, {"Idempotency-Key": f"walk-in-again-{room['id']}"})
    assert booked["status"] == 201, booked


# Money as the desk shows it in either language: a currency's code or sign before or after digits.
MONEY = re.compile(r"(THB|฿)\s?[\d,]+(\.\d+)?|[\d,]+(\.\d+)?\s?(THB|บาท)")


@pytest.mark.parametrize("language", ["en-GB", "th-TH"])
def test_a_housekeeper_reads_the_day_the_dashboard_and_a_stay_without_any_money(desk_server, browser_factory, language):
    manager = browser_factory(viewport=(1024, 768))
    sign_in(manager, desk_server)
    hotel = use_property(manager, "hotel")
    email = f"maid-{language.lower()}@example.com"
    added = api(manager, "POST", f"/api/v1/properties/{hotel['id']}/staff",
                {"email": email, "name": f"Maid {language}", "role": "housekeeping", "password": "clean-rooms-1"})
    assert added["status"] == 201, added
    # A guest in house with a charge and a payment on the folio: money the manager's screens show.
    today = api(manager, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e for e in today["inHouse"] if e["stay"]["roomId"])
    assert "balance" in guest
    paid = api(manager, "POST", f"/api/v1/stays/{guest['stay']['id']}/payments",
               {"amount": {"amount": 12_300, "currency": "THB"}, "method": "cash"})
    assert paid["status"] == 201, paid

    maid = browser_factory(viewport=(1024, 768), language=language)
    sign_in_as(maid, desk_server, email, "clean-rooms-1")
    use_property(maid, "hotel")
    nav = maid.find_element(By.CSS_SELECTOR, ".desk-nav")
    assert not nav.find_elements(By.CSS_SELECTOR, "[data-route=rates]"), "no rates for housekeeping"

    go(maid, "#/today", "today")
    maid.find_element(By.ID, "today-tab-inHouse").click()
    WebDriverWait(maid, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'tr[data-stay-id="{guest["stay"]["id"]}"]'))
    page = maid.find_element(By.ID, "desk-main").text
    assert not MONEY.search(page), MONEY.search(page)
    screenshot(maid, f"housekeeper-today-{language}")

    go(maid, "#/dashboard", "dashboard")
    WebDriverWait(maid, 10).until(lambda b: b.find_elements(By.ID, "figure-occupancy"))
    assert not maid.find_elements(By.ID, "figure-adr") and not maid.find_elements(By.ID, "figure-revenue")
    assert not maid.find_elements(By.ID, "dashboard-reports")
    assert not MONEY.search(maid.find_element(By.ID, "desk-main").text)

    go(maid, f"#/stays/{guest['stay']['id']}", "stays")
    WebDriverWait(maid, 10).until(lambda b: b.find_elements(By.ID, "stay-history"))
    page = maid.find_element(By.ID, "desk-main").text
    assert not MONEY.search(page), MONEY.search(page)
    screenshot(maid, f"housekeeper-stay-{language}")

    go(maid, "#/settings", "settings")
    assert not maid.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=settings-taxes]")
    assert not MONEY.search(maid.find_element(By.ID, "desk-main").text)
