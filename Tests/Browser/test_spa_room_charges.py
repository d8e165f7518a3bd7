"""A Tokyo hotel with a spa, one owner's, in Japanese: the manager links the demo's salon to the Tokyo hotel
from the salon's set-up; a guest staying at the hotel opens their booking on a phone, finds the spa there and
books a head spa for their stay, charged to their room; the spa's desk sees the visit as the hotel guest's,
"before check-in", then "in the house" once the hotel checks them in; its checkout offers to charge the room,
already chosen, over a slow network; the receipt names the room; the hotel's folio shows the visit once, and
the guest pays it at check-out with the rest. Each business's day counts it once: the spa's takings and its
payment charged to a room, the hotel's line of the spa's. No English is left on a Japanese page. Every date is
the server's today; every amount is read from the server. On the spa's board, a guest in the house is found
by their room's number typed as the customer's name, and booked for their stay."""

import datetime
import uuid

from conftest import latin_words, screenshot, text_in
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_checkout import LATENCY, MAIN, quoted
from test_customers import BOOKING, SUGGESTIONS, booked_on, booking_field, open_booking_form
from test_desk import api, go, sign_in, use_property, wait_ready
from test_site import wait_page
from test_site_salon import PHONE, first_day_with_times, salon as public_salon, service_id, stored_names, visible_text, wait_salon

GUEST = "山田 花子"


def folio_rows_naming(browser, text):
    """How many of the folio's rows name `text` (the stay's history, below it, names its lines too)."""
    return browser.execute_script(
        "return [...document.querySelectorAll('section.folio tbody tr')].filter((r) => r.innerText.includes(arguments[0])).length",
        text,
    )


def test_a_hotel_guest_books_the_spa_for_their_stay_and_it_is_paid_with_the_room(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 900), language="ja-JP")
    sign_in(desk, desk_server)
    salon = use_property(desk, "salon")
    hotel_id = api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["chargesHotelId"]
    hotel = api(desk, "GET", f"/api/v1/properties/{hotel_id}")["data"]
    assert hotel["kind"] == "hotel" and hotel["currency"] == salon["currency"]

    # The manager links the spa to the hotel from the set-up (the demo had; it is undone first).
    assert api(desk, "PUT", f"/api/v1/properties/{salon['id']}/room-charges", {})["status"] == 200
    desk.refresh()
    wait_ready(desk)
    go(desk, "#/salon-setup", "salon-setup")
    Select(desk.find_element(By.ID, "room-charges-hotel")).select_by_value(str(hotel_id))
    section = desk.find_element(By.CSS_SELECTOR, '[aria-labelledby="setup-roomCharges"]')
    hotels = [p["name"] for p in api(desk, "GET", "/api/v1/properties")["data"]["properties"]]
    assert latin_words(section.text, hotels) == [], section.text
    section.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(desk, 15).until(
        lambda b: api(b, "GET", f"/api/v1/properties/{salon['id']}")["data"].get("chargesHotelId") == hotel_id)
    WebDriverWait(desk, 15).until(
        lambda b: b.execute_script("return (window.desk.property.paymentMethods ?? []).some((m) => m.chargesRoom)"))

    # A guest booked at the hotel from today for two nights, in its first room.
    today = api(desk, "GET", f"/api/v1/properties/{hotel_id}/today")["data"]["date"]
    room = hotel["rooms"][0]
    email = f"hanako.{uuid.uuid4().hex[:8]}@example.com"
    departure = (datetime.date.fromisoformat(today) + datetime.timedelta(days=2)).isoformat()
    booked = api(desk, "POST", f"/api/v1/properties/{hotel_id}/stays", {
        "roomId": room["id"], "arrival": today, "departure": departure, "adults": 1,
        "guest": {"name": GUEST, "email": email, "phone": "+81 90 1111 2222"}})
    assert booked["status"] == 201, booked
    stay = booked["data"]
    code = stay["confirmationCode"]

    # The guest, on a phone: their booking's page offers the spa, whose page books for their stay.
    page = public_salon(desk_server, "ja")
    head_spa = service_id(page, "ヘッドスパ")
    day, times = first_day_with_times(desk_server, page, [head_spa])
    assert day < departure, f"no time for a head spa during the stay ({day})"
    phone = browser_factory(viewport=PHONE, language="ja-JP")
    phone.get(f"{desk_server}/#/manage?code={code}&email={email}")
    WebDriverWait(phone, 20).until(lambda b: b.find_elements(By.ID, "manage-spa"))
    assert latin_words(phone.find_element(By.ID, "manage-spa").text, [salon["name"]]) == []
    phone.find_element(By.CSS_SELECTOR, f'#manage-spa a[data-salon="{salon["id"]}"]').click()
    wait_salon(phone)
    phone.find_element(By.CSS_SELECTOR, f'.salon-service[data-service-id="{head_spa}"]').click()
    phone.find_element(By.CSS_SELECTOR, '.salon-stylist[data-staff="any"]').click()
    WebDriverWait(phone, 10).until(lambda b: "staff=any" in b.current_url)
    phone.find_element(By.CSS_SELECTOR, f'#salon-day [data-day="{day}"]').click()
    WebDriverWait(phone, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'.salon-time[data-start="{times[0]["start"]}"]'))
    phone.find_element(By.CSS_SELECTOR, f'.salon-time[data-start="{times[0]["start"]}"]').click()
    WebDriverWait(phone, 20).until(lambda b: b.find_elements(By.ID, "salon-stay"))
    # Their name and email come from their booking; the visit goes on their room unless they untick it.
    assert phone.find_element(By.ID, "salon-name").get_attribute("value") == GUEST
    assert phone.find_element(By.ID, "salon-email").get_attribute("value") == email
    assert phone.find_element(By.ID, "salon-stay").is_selected()
    assert code in phone.find_element(By.CSS_SELECTOR, ".salon-stay").text
    phone.find_element(By.ID, "salon-phone").send_keys("+81 90 1111 2222")
    phone.find_element(By.ID, "salon-accept").click()
    assert latin_words(visible_text(phone), [*stored_names(page), GUEST, email, code]) == []
    screenshot(phone, "spa-for-stay-ja")
    phone.find_element(By.ID, "salon-submit").click()
    wait_page(phone, "visit", timeout=30)

    # The spa's desk: the visit is the hotel guest's, still to check in.
    customer = next(c for c in api(desk, "GET", f"/api/v1/properties/{salon['id']}/customers?q=山田")["data"]["customers"]
                    if c["name"] == GUEST and c.get("email") in (email, None))
    record = api(desk, "GET", f"/api/v1/customers/{customer['id']}")["data"]
    visit = record["upcoming"][0]["appointmentId"]
    assert api(desk, "GET", f"/api/v1/appointments/{visit}")["data"]["roomGuest"]["stayId"] == stay["id"]
    go(desk, f"#/appointments/{visit}", "appointments")
    guest_line = desk.find_element(By.ID, "appointment-room-guest")
    assert room["number"] in guest_line.text and "チェックイン前" in guest_line.text, guest_line.text

    # The hotel checks them in; the spa's desk now sees them in the house.
    api(desk, "PATCH", f"/api/v1/rooms/{room['id']}/housekeeping", {"status": "clean"})
    assert api(desk, "POST", f"/api/v1/stays/{stay['id']}/check-in", {"override": True})["status"] == 200
    desk.refresh()
    wait_ready(desk, "appointments")
    WebDriverWait(desk, 15).until(lambda b: "ご滞在中" in b.find_element(By.ID, "appointment-room-guest").text)

    # The checkout, over a slow line: charged to the room, the guest already chosen.
    desk.execute_cdp_cmd("Network.enable", {})
    desk.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    desk.find_element(By.ID, "appointment-pay").click()
    wait_ready(desk, "checkout")
    assert quoted(desk) == "current"
    # The payment's fields are drawn again as the quote comes back: each look finds them as they now stand.
    chosen = lambda b: Select(b.find_element(By.ID, "checkout-stayId-0")).first_selected_option
    WebDriverWait(desk, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: Select(b.find_element(By.ID, "checkout-method-0")).first_selected_option.get_attribute("value") == "room"
        and chosen(b).get_attribute("value") == str(stay["id"]) and room["number"] in chosen(b).text)
    staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
    products = [p["name"] for p in api(desk, "GET", f"/api/v1/properties/{salon['id']}/products")["data"]["products"]]
    assert latin_words(desk.execute_script(MAIN), [GUEST, salon["name"], *staff, *products]) == []
    screenshot(desk, "checkout-room-ja")
    WebDriverWait(desk, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: b.find_element(By.ID, "checkout-complete").is_enabled())
    WebDriverWait(desk, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: b.find_element(By.ID, "checkout-complete").click() or True)
    wait_ready(desk, "sales")
    sale = api(desk, "GET", f"/api/v1/sales/{desk.execute_script('return location.hash').rsplit('/', 1)[1]}")["data"]
    assert [p["method"] for p in sale["payments"]] == ["room"] and sale["payments"][0]["stayId"] == stay["id"]
    receipt = desk.execute_script(MAIN)
    assert "お部屋付け" in receipt and f"{room['number']} · {code}" in receipt, receipt
    desk.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})

    # The hotel's folio shows the visit once, outside its own taxes; the guest pays it with the rest and leaves.
    folio = api(desk, "GET", f"/api/v1/stays/{stay['id']}/folio")["data"]
    spa_lines = [e for e in folio["entries"] if e.get("category") == "salon"]
    assert [e["amount"]["amount"] for e in spa_lines] == [sale["total"]["amount"]]
    assert sale["reference"] in spa_lines[0]["description"]
    Select(desk.find_element(By.ID, "desk-property")).select_by_value(str(hotel_id))
    wait_ready(desk)
    go(desk, f"#/stays/{stay['id']}", "stays")
    WebDriverWait(desk, 15).until(lambda b: sale["reference"] in b.execute_script(MAIN))
    assert folio_rows_naming(desk, sale["reference"]) == 1
    assert "スパ・サロン" in text_in(desk, "section.folio")
    due = folio["dueAtDesk"]
    assert api(desk, "POST", f"/api/v1/stays/{stay['id']}/payments", {"amount": due, "method": "cash"})["status"] == 201
    assert api(desk, "POST", f"/api/v1/stays/{stay['id']}/check-out")["status"] == 200
    desk.refresh()
    wait_ready(desk, "stays")
    WebDriverWait(desk, 15).until(lambda b: folio_rows_naming(b, sale["reference"]) == 1)
    screenshot(desk, "folio-spa-ja")

    # Each business's day counts the visit once: the spa's takings, paid by a room's bill; the hotel's line.
    spa_day = api(desk, "GET", f"/api/v1/properties/{salon['id']}/ledger?from={sale['date']}&to={sale['date']}")["data"]
    charged = [p for p in spa_day["payments"] if p["method"] == "room"]
    assert sum(p["amount"]["amount"] for p in charged) >= sale["total"]["amount"]
    # The hotel's day the line was posted on (today's, unless midnight passed while the test ran).
    day = spa_lines[0]["businessDay"]
    hotel_day = api(desk, "GET", f"/api/v1/properties/{hotel_id}/ledger?from={day}&to={day}")["data"]
    lines = [line for line in hotel_day["lines"] if line.get("category") == "salon" and sale["reference"] in line["description"]]
    assert len(lines) == 1 and lines[0]["amount"]["amount"] == sale["total"]["amount"]


def test_the_spas_desk_books_a_hotel_guest_found_by_their_room_on_the_board(desk_server, browser_factory):
    desk = browser_factory(viewport=(1280, 900), language="ja-JP")
    sign_in(desk, desk_server)
    salon = use_property(desk, "salon")
    hotel_id = api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"].get("chargesHotelId")
    if not hotel_id:
        hotel_id = next(p["id"] for p in api(desk, "GET", "/api/v1/properties")["data"]["properties"]
                        if p["kind"] == "hotel" and p["currency"] == salon["currency"])
        assert api(desk, "PUT", f"/api/v1/properties/{salon['id']}/room-charges", {"hotelId": hotel_id})["status"] == 200
        desk.refresh()
        wait_ready(desk)
    hotel = api(desk, "GET", f"/api/v1/properties/{hotel_id}")["data"]
    today = api(desk, "GET", f"/api/v1/properties/{hotel_id}/today")["data"]["date"]
    room = hotel["rooms"][-1]
    name = "佐藤 健"
    departure = (datetime.date.fromisoformat(today) + datetime.timedelta(days=1)).isoformat()
    booked = api(desk, "POST", f"/api/v1/properties/{hotel_id}/stays", {
        "roomId": room["id"], "arrival": today, "departure": departure, "adults": 1,
        "guest": {"name": name, "email": f"ken.{uuid.uuid4().hex[:8]}@example.com", "phone": "+81 80 3333 4444"}})
    assert booked["status"] == 201, booked
    stay = booked["data"]
    api(desk, "PATCH", f"/api/v1/rooms/{room['id']}/housekeeping", {"status": "clean"})
    assert api(desk, "POST", f"/api/v1/stays/{stay['id']}/check-in", {"override": True})["status"] == 200

    # On the board's booking form, the room's number typed as the name finds the guest in the house.
    day, stylist = open_booking_form(desk, salon)
    booking_field(desk, "customer.name").send_keys(room["number"])
    option = f'{SUGGESTIONS}:not([hidden]) [role="option"][data-stay-id="{stay["id"]}"]'
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, option))
    line = text_in(desk, option)
    assert room["number"] in line and name in line and "ご滞在中" in line, line
    desk.find_element(By.CSS_SELECTOR, option).click()
    WebDriverWait(desk, 10).until(lambda b: room["number"] in text_in(b, f"{BOOKING} .customer-picker-who"))
    assert booking_field(desk, "customer.name").get_attribute("value") == name
    panel = desk.execute_script("return document.getElementById('board-panel').innerText")
    staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
    assert latin_words(panel, [name, "+81 80 3333 4444", *staff]) == [], panel
    desk.find_element(By.CSS_SELECTOR, f"{BOOKING} button[type=submit]").click()

    # Booked for the stay: the appointment's page names the room, the guest in the house.
    appointment = booked_on(desk, salon, day, name)
    assert appointment["stayId"] == stay["id"] and appointment["roomGuest"]["inHouse"], appointment
    go(desk, f"#/appointments/{appointment['id']}", "appointments")
    text = desk.find_element(By.ID, "appointment-room-guest").text
    assert room["number"] in text and "ご滞在中" in text, text
