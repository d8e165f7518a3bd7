"""A salon's customers (顧客) and their records (カルテ) in Chromium against a real server, under network
latency. A customer whose name reads タナカ in katakana has a completed colour visit, its formula written
by the stylist; at the desk the receptionist types たなか in hiragana, finds her, opens her record and
reads the formula on her last visit, edits her details (a wrong email refused under its field, a birthday
to come refused by the server under its own, then both put right and kept), and a reload and Back keep
the record; her visit's page links back to the record and shows the formula in its form. Walked in
Japanese, with no English left on the pages, and in English, where a save after someone else's is told
to reload, a duplicate added through the screen's own form is merged in, the record is exported, and
then erased at her request.

On the board, a regular booked by name is booked on her record: dragging on the first stylist's row on a
day they work opens the booking form, and what is typed into the name (her reading in hiragana) or the
phone suggests the salon's customers. In Japanese she is chosen with the keyboard, her allergy is shown
as a warning and the appointment is made on her record, no new one; in English she is chosen with a click,
the choice undone, and the booking makes a new customer's record.

One server is shared by the walks, each with a customer of its own; every time is read from the clock
and the salon's zone, so the walks run on any day at any hour."""

import datetime
import urllib.parse
import uuid
import zoneinfo

import pytest
from conftest import latin_words, make_driver, redrawn_again, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, drag, go, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import refusal, words
from test_staff import sign_in_as

LATENCY = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}
FORMULA = "6N + 3% OX 1:1"
FORM = '[data-form="customer"]'

CSV_TEXT = """
const done = arguments[arguments.length - 1];
fetch(document.getElementById('customer-export').href).then((r) => r.text()).then(done);
"""


def book_a_completed_visit(browser, salon, customer, days_ago):
    """A cut for `customer` `days_ago` days before the salon's today at 11:00 its time, completed, its
    formula written: the appointment's id."""
    zone = zoneinfo.ZoneInfo(salon["timeZone"])
    day = datetime.datetime.now(zone).date() - datetime.timedelta(days=days_ago)
    start = datetime.datetime.combine(day, datetime.time(11, 0), zone).astimezone(datetime.timezone.utc)
    set_up = api(browser, "GET", f"/api/v1/properties/{salon['id']}/salon")["data"]
    property_ = api(browser, "GET", f"/api/v1/properties/{salon['id']}")["data"]
    service = property_["services"][0]
    performers = next((s["performers"] for s in set_up["services"] if s["serviceId"] == service["id"]), [])
    staff = performers[0] if performers else property_["staff"][0]["id"]
    booked = api(browser, "POST", f"/api/v1/properties/{salon['id']}/appointments", {
        "serviceId": service["id"], "staffId": staff, "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "customer": {"id": customer["id"]}, "outsideWorkingHours": True,
    }, {"Idempotency-Key": f"customer-visit-{customer['id']}"})
    assert booked["status"] == 201, booked
    appointment = booked["data"]
    assert appointment["customerId"] == customer["id"], appointment
    path = f"/api/v1/appointments/{appointment['id']}"
    done = api(browser, "PATCH", path, {"state": "completed"}, {"If-Match": booked["etag"]})
    assert done["status"] == 200, done
    written = api(browser, "PATCH", path, {"visitNotes": FORMULA}, {"If-Match": done["etag"]})
    assert written["status"] == 200 and written["data"]["visitNotes"] == FORMULA, written
    return appointment["id"]


def add_customer(browser, salon, **details):
    added = api(browser, "POST", f"/api/v1/properties/{salon['id']}/customers", details)
    assert added["status"] == 201, added
    return added["data"]


def customer_of(browser, customer_id):
    return api(browser, "GET", f"/api/v1/customers/{customer_id}")


def shown(browser, marker):
    """Waits until the customers screen is ready with `marker` on it: going from one of its pages to another
    is the same screen, which `wait_ready` alone would find ready before the address was followed."""
    WebDriverWait(browser, 30).until(
        lambda b: b.execute_script(
            "const page = document.documentElement.dataset;"
            "return page.screen === 'customers' && page.ready === 'true' && !!document.querySelector(arguments[0]);",
            marker,
        )
    )


def record_shown(browser, customer_id):
    shown(browser, f'.customer-page[data-customer-id="{customer_id}"]')


def open_record(browser, customer_id):
    browser.execute_script("location.hash = arguments[0]", f"#/customers/{customer_id}")
    record_shown(browser, customer_id)


def find_by_reading(browser, customer, typed):
    """From the bar: Customers, the reading typed into the focused search, her line clicked: her record."""
    browser.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="customers"]').click()
    shown(browser, "#customers-search")
    assert browser.execute_script("return document.activeElement.id") == "customers-search"
    browser.find_element(By.ID, "customers-search").send_keys(typed)
    # She is among those seen lately before anything is typed: the list to read is the search's answer.
    found = f'#customers-results a[data-customer-id="{customer["id"]}"]'
    WebDriverWait(browser, 10).until(
        lambda b: b.execute_script("return location.hash").startswith("#/customers?q=")
        and b.find_elements(By.CSS_SELECTOR, found)
    )
    line = text_in(browser, found)
    assert customer["name"] in line and customer["reading"] in line and customer["phone"] in line, line
    assert words(browser, "customers.lastVisit", date="").strip() in line, line
    screenshot(browser, f"customers-search-{browser.execute_script('return window.desk.i18n.code')}")
    browser.find_element(By.CSS_SELECTOR, found).click()
    record_shown(browser, customer["id"])
    assert browser.execute_script("return location.hash") == f"#/customers/{customer['id']}"


def formula_shown(browser, appointment_id):
    return text_in(browser, f'#customer-visits [data-appointment-id="{appointment_id}"] .customer-visit-formula')


def field(browser, key):
    return browser.find_element(By.CSS_SELECTOR, f'{FORM} [data-key="{key}"] input')


def set_value(browser, key, value):
    """Sets a form control's value as typing does (a date input's widget differs by locale)."""
    browser.execute_script(
        "const c = arguments[0]; c.value = arguments[1]; c.dispatchEvent(new Event('input', {bubbles: true}));",
        field(browser, key),
        value,
    )


def error_under(browser, key):
    return text_in(browser, f'{FORM} [data-key="{key}"] .free-form-row-error')


def save(browser):
    browser.find_element(By.CSS_SELECTOR, f"{FORM} button[type=submit]").click()


@pytest.fixture
def ja_desk(desk_server):
    browser = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(browser, desk_server)
        yield browser
    finally:
        browser.quit()


def test_in_japanese_a_reading_in_hiragana_finds_the_record_and_its_last_formula(desk_server, ja_desk):
    desk = ja_desk
    salon = use_property(desk, "salon")
    assert desk.execute_script("return window.desk.i18n.code") == "ja"
    customer = add_customer(desk, salon, name="田中 花子", reading="タナカ ハナコ", phone="090-1111-2222", allergies="ジアミン系カラー剤")
    visit = book_a_completed_visit(desk, salon, customer, days_ago=7)
    desk.execute_cdp_cmd("Network.enable", {})
    desk.execute_cdp_cmd("Network.emulateNetworkConditions", LATENCY)
    try:
        find_by_reading(desk, customer, "たなか")
        WebDriverWait(desk, 10).until(lambda b: FORMULA in formula_shown(b, visit))
        assert "ジアミン系カラー剤" in text_in(desk, "#customer-allergies")
        assert text_in(desk, "#customer-title").startswith("田中 花子")
        staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
        stored = [customer["name"], customer["phone"], FORMULA, *staff]
        assert latin_words(desk.execute_script("return document.getElementById('desk-main').innerText"), stored) == []
        screenshot(desk, "customer-record-ja")
        desk.execute_script("document.getElementById('customer-visits').scrollIntoView()")
        screenshot(desk, "customer-visits-ja")

        # Her email mistyped: refused under it, in Japanese, before anything is sent.
        desk.find_element(By.ID, "customer-edit").click()
        WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'{FORM} [data-key="email"] input'))
        field(desk, "email").send_keys("hanako-at-example.com")
        save(desk)
        WebDriverWait(desk, 10).until(lambda b: error_under(b, "email"))
        assert error_under(desk, "email") == refusal(desk, "ja", "email.invalid")
        # Put right, with a birthday still to come: the server refuses it, under the birthday, in Japanese.
        field(desk, "email").clear()
        field(desk, "email").send_keys("hanako@example.com")
        next_year = datetime.date.today().replace(day=1) + datetime.timedelta(days=400)
        set_value(desk, "birthday", next_year.isoformat())
        save(desk)
        WebDriverWait(desk, 10).until(lambda b: error_under(b, "birthday"))
        screenshot(desk, "customer-refused-ja")
        assert error_under(desk, "birthday") == refusal(desk, "ja", "guest.birthDate")
        assert error_under(desk, "email") == ""
        assert latin_words(desk.execute_script("return document.getElementById('desk-main').innerText"), stored + ["hanako@example.com"]) == []
        assert customer_of(desk, customer["id"])["data"]["email"] == ""
        set_value(desk, "birthday", "1990-04-01")
        save(desk)
        WebDriverWait(desk, 10).until(lambda b: not b.find_elements(By.CSS_SELECTOR, FORM))
        kept = customer_of(desk, customer["id"])["data"]
        assert (kept["email"], kept.get("birthday")) == ("hanako@example.com", "1990-04-01")
        assert "hanako@example.com" in text_in(desk, ".customer-facts")
    finally:
        desk.execute_cdp_cmd("Network.emulateNetworkConditions", {**LATENCY, "latency": 0})

    # A reload keeps the record; its visit's page links back to it and holds the formula in its form.
    desk.refresh()
    record_shown(desk, customer["id"])
    assert FORMULA in formula_shown(desk, visit)
    # Her data as the desk hands it to her: in Japanese, the formula with it.
    exported = desk.execute_async_script(CSV_TEXT)
    # (fetch's text() drops the byte order mark the file starts with)
    assert exported.lstrip("\ufeff").startswith("項目,内容") and "施術メモ" in exported and FORMULA in exported, exported
    services = [s["name"] for s in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["services"]]
    assert latin_words(exported, stored + services + ["hanako@example.com"]) == []
    desk.find_element(By.CSS_SELECTOR, f'#customer-visits [data-appointment-id="{visit}"] a').click()
    wait_ready(desk, "appointments")
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, '[data-form="visit-notes"] textarea'))
    assert desk.find_element(By.CSS_SELECTOR, '[data-form="visit-notes"] textarea').get_attribute("value") == FORMULA
    assert desk.find_element(By.ID, "appointment-customer").get_attribute("href").endswith(f"#/customers/{customer['id']}")
    # The customer's allergies are on the visit too, before anything is mixed.
    assert "ジアミン系カラー剤" in text_in(desk, "#appointment-allergies")
    # Her email address is said with whether mail goes to it (the messages' consent line).
    assert "hanako@example.com" in text_in(desk, "#appointment-messages .message-consent")
    page = desk.execute_script("return document.getElementById('desk-main').innerText")
    assert latin_words(page, stored + ["hanako@example.com"]) == []
    # Back: the record again; Back once more: the search as it was left.
    desk.back()
    record_shown(desk, customer["id"])
    assert FORMULA in formula_shown(desk, visit)
    desk.back()
    shown(desk, "#customers-search")
    assert desk.find_element(By.ID, "customers-search").get_attribute("value") == "たなか"
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'#customers-results a[data-customer-id="{customer["id"]}"]'))


def test_in_english_a_record_is_edited_after_a_stale_save_merged_exported_and_erased(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    customer = add_customer(driver, salon, name="田中 由美", reading="タナカ ユミ", phone="080-3333-4444")
    visit = book_a_completed_visit(driver, salon, customer, days_ago=8)
    find_by_reading(driver, customer, "たなか")
    WebDriverWait(driver, 10).until(lambda b: FORMULA in formula_shown(b, visit))
    assert "Stylist's notes" in text_in(driver, f'#customer-visits [data-appointment-id="{visit}"]')
    until_text(driver, "#customer-figures .customer-figure dd", "1")

    # Someone saves the record from elsewhere while the form is open: the save is told to reload.
    driver.find_element(By.ID, "customer-edit").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'{FORM} [data-key="name"] input'))
    read = customer_of(driver, customer["id"])
    assert api(driver, "PATCH", f"/api/v1/customers/{customer['id']}", {"notes": "Prefers mornings"}, {"If-Match": read["etag"]})["status"] == 200
    driver.find_element(By.CSS_SELECTOR, f'{FORM} [data-key="allergies"] textarea').send_keys("PPD")
    save(driver)
    WebDriverWait(driver, 10).until(lambda b: "reload it" in text_in(b, "#customer-message"))
    driver.find_element(By.CSS_SELECTOR, "#customer-message button").click()
    WebDriverWait(driver, 10).until(lambda b: "Prefers mornings" in text_in(b, ".customer-facts"))
    driver.find_element(By.ID, "customer-edit").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'{FORM} [data-key="allergies"] textarea'))
    driver.find_element(By.CSS_SELECTOR, f'{FORM} [data-key="allergies"] textarea').send_keys("PPD")
    save(driver)
    WebDriverWait(driver, 10).until(lambda b: "PPD" in text_in(b, "#customer-allergies"))
    assert customer_of(driver, customer["id"])["data"]["notes"] == "Prefers mornings"

    # A duplicate added through the screen's own form, from what was searched, then merged into her record.
    driver.execute_script("location.hash = '#/customers'")
    shown(driver, "#customers-search")
    driver.find_element(By.ID, "customers-search").send_keys("Yumi T")
    WebDriverWait(driver, 10).until(lambda b: "Yumi T" in text_in(b, "#customers-results"))
    driver.find_element(By.ID, "customers-add").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'{FORM} [data-key="name"] input'))
    assert field(driver, "name").get_attribute("value") == "Yumi T"
    field(driver, "email").send_keys("yumi@example.com")
    save(driver)
    WebDriverWait(driver, 10).until(lambda b: text_in(b, "#customer-title") == "Yumi T")
    duplicate = int(driver.execute_script("return location.hash").rsplit("/", 1)[1])
    open_record(driver, customer["id"])
    driver.find_element(By.ID, "customer-merge").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.ID, "customer-merge-search"))
    driver.find_element(By.ID, "customer-merge-search").send_keys("Yumi")
    other = f'#customer-merge-results button[data-customer-id="{duplicate}"]'
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, other))
    assert not driver.find_elements(By.CSS_SELECTOR, f'#customer-merge-results [data-customer-id="{customer["id"]}"]')
    # The results redraw as the search settles: the button is found again if it was replaced meanwhile.
    redrawn_again(lambda: driver.find_element(By.CSS_SELECTOR, other).click())
    driver.switch_to.alert.accept()
    WebDriverWait(driver, 10).until(lambda b: "yumi@example.com" in text_in(b, ".customer-facts"))
    screenshot(driver, "customer-merged-en")
    assert customer_of(driver, duplicate)["status"] == 404

    # The export is the record as a file; erased at her request, the record says so and cannot be edited.
    assert FORMULA in driver.execute_async_script(CSV_TEXT)
    driver.find_element(By.ID, "customer-erase").click()
    driver.switch_to.alert.accept()
    WebDriverWait(driver, 10).until(lambda b: b.execute_script("return location.hash") == "#/customers")
    assert customer_of(driver, customer["id"])["data"]["erased"] is True
    # The salon's whole list, as a file: the erased person is not on it.
    shown(driver, "#customers-export")
    whole = driver.execute_async_script(CSV_TEXT.replace("customer-export", "customers-export"))
    assert whole.lstrip("\ufeff").startswith("id,name,reading,") and customer["name"] not in whole
    open_record(driver, customer["id"])
    assert driver.find_elements(By.ID, "customer-erased") and not driver.find_elements(By.ID, "customer-edit")
    assert poll(lambda: formula_shown(driver, visit) == "")
    use_property(driver, "hotel")


# MARK: - a regular booked on the board

BOOKING = '.board-new [data-form="appointment"]'
SUGGESTIONS = f'{BOOKING} [role="listbox"]'

# Where on the screen a minute of the shown day lies on a member's row, scrolled into view.
ROW_POINT = """
const [rowId, minute] = arguments;
const screen = window.deskBoard;
const row = screen.timeline.queryRows(0, 1e9).find((r) => r.rowId === rowId);
const c = screen.container;
const x = 150 + (minute / 60) * 120 + 2;
c.scrollLeft = Math.max(0, x - 400);
c.scrollTop = Math.max(0, row.y - 200);
screen.board.render(true);
const box = c.getBoundingClientRect();
return { x: box.left + x - c.scrollLeft, y: box.top + row.y + row.height / 2 - c.scrollTop };
"""


def a_free_hour_of_the_first_stylist(browser, salon):
    """The first day after the salon's today on which the board's first stylist works, and the first hour
    and a half free within their shifts that day: `(day, stylist, minute of the day)`."""
    path = f"/api/v1/properties/{salon['id']}/board"
    today = datetime.date.fromisoformat(api(browser, "GET", path)["data"]["today"])
    for ahead in range(1, 15):
        day = today + datetime.timedelta(days=ahead)
        board = api(browser, "GET", f"{path}?from={day}&to={day + datetime.timedelta(days=1)}")["data"]
        stylist = next(s for team in board["teams"] for s in board["staff"] if s["teamRowId"] == team["rowId"])
        words_ = board["items"]
        busy = [
            (words_[i + 2] - board["fromMinute"], words_[i + 3] - board["fromMinute"])
            for i in range(0, len(words_), 6)
            if words_[i + 1] == stylist["rowId"] and words_[i + 4] not in (3, 4)
        ]
        for start, end in stylist["shifts"]:
            for minute in range(start, end - 90 + 1, 15):
                if not any(a < minute + 90 and minute < b for a, b in busy):
                    return day, stylist, minute
    pytest.fail("the board's first stylist works on none of the next two weeks")


def open_booking_form(browser, salon):
    """The board of a day the first stylist works, and a drag on their row in a free hour: the booking
    form, with the name field in focus. The day and the stylist."""
    day, stylist, minute = a_free_hour_of_the_first_stylist(browser, salon)
    go(browser, f"#/board?date={day}", "board")
    day_number = (day - datetime.date(1970, 1, 1)).days
    WebDriverWait(browser, 30).until(
        lambda b: b.execute_script("return !!window.deskBoard?.loaded && window.deskBoard.data.day === arguments[0]", day_number)
    )
    drag(browser, browser.execute_script(ROW_POINT, stylist["rowId"], minute), 90, 0)
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'{BOOKING} [data-key="customer.name"] input'))
    return day, stylist


def booking_field(browser, key):
    return browser.find_element(By.CSS_SELECTOR, f'{BOOKING} [data-key="{key}"] input')


def suggested(browser, customer):
    """Waits for `customer` among the suggestions: their line."""
    option = f'{SUGGESTIONS}:not([hidden]) [role="option"][data-customer-id="{customer["id"]}"]'
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, option))
    return text_in(browser, option)


def booked_on(browser, salon, day, name):
    """The appointment booked under `name` on `day`, once the board has it."""
    path = f"/api/v1/properties/{salon['id']}/board?from={day}&to={day + datetime.timedelta(days=1)}"
    assert poll(lambda: name in api(browser, "GET", path)["data"]["customers"]), name
    board = api(browser, "GET", path)["data"]
    appointment_id = board["items"][board["customers"].index(name) * 6]
    return api(browser, "GET", f"/api/v1/appointments/{appointment_id}")["data"]


def found(browser, salon, typed):
    path = f"/api/v1/properties/{salon['id']}/customers?q={urllib.parse.quote(typed)}"
    return [c["id"] for c in api(browser, "GET", path)["data"]["customers"]]


def test_in_japanese_a_regular_typed_in_hiragana_is_chosen_with_the_keyboard_and_booked_on_her_record(desk_server, ja_desk):
    desk = ja_desk
    salon = use_property(desk, "salon")
    allergy = "ジアミン系カラー剤"
    customer = add_customer(desk, salon, name="森本 千尋", reading="モリモト チヒロ", phone="090-5151-2626", allergies=allergy)
    book_a_completed_visit(desk, salon, customer, days_ago=10)
    day, stylist = open_booking_form(desk, salon)
    name = booking_field(desk, "customer.name")
    assert desk.execute_script("return document.activeElement") == name
    name.send_keys("もりもと")
    line = suggested(desk, customer)
    assert all(part in line for part in (customer["name"], customer["reading"], customer["phone"])), line
    assert words(desk, "customers.lastVisit", date="").strip() in line, line
    assert name.get_attribute("role") == "combobox" and name.get_attribute("aria-expanded") == "true"
    assert name.get_attribute("aria-controls") == desk.find_element(By.CSS_SELECTOR, SUGGESTIONS).get_attribute("id")
    assert len(desk.find_elements(By.CSS_SELECTOR, f'{SUGGESTIONS} [role="option"]')) <= 5
    screenshot(desk, "board-customer-suggested-ja")

    # Escape closes the suggestions; Down opens them again, the arrows walk them and Enter chooses her.
    name.send_keys(Keys.ESCAPE)
    assert name.get_attribute("aria-expanded") == "false"
    assert not desk.find_element(By.CSS_SELECTOR, SUGGESTIONS).is_displayed()
    options = [o.get_attribute("data-customer-id") for o in desk.find_elements(By.CSS_SELECTOR, f'{SUGGESTIONS} [role="option"]')]
    for _ in range(options.index(str(customer["id"])) + 1):
        name.send_keys(Keys.ARROW_DOWN)
    active = desk.find_element(By.ID, name.get_attribute("aria-activedescendant"))
    assert active.get_attribute("aria-selected") == "true" and active.get_attribute("data-customer-id") == str(customer["id"])
    name.send_keys(Keys.ENTER)

    # The booking is hers: said above the name, the form filled from her record, her allergy a warning.
    WebDriverWait(desk, 10).until(lambda b: allergy in text_in(b, f"{BOOKING} .customer-picker-allergies"))
    assert text_in(desk, f"{BOOKING} .customer-picker-who") == words(
        desk, "board.existingCustomer", customer=f"{customer['name']} ({customer['reading']})"
    )
    assert [booking_field(desk, key).get_attribute("value") for key in ("customer.name", "customer.reading", "customer.phone")] == [
        customer["name"], customer["reading"], customer["phone"],
    ]
    assert not desk.find_element(By.CSS_SELECTOR, SUGGESTIONS).is_displayed()
    staff = [m["name"] for m in api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]]
    panel = desk.execute_script("return document.getElementById('board-panel').innerText")
    assert latin_words(panel, [customer["name"], customer["phone"], *staff]) == [], panel
    screenshot(desk, "board-customer-chosen-ja")
    desk.find_element(By.CSS_SELECTOR, f"{BOOKING} button[type=submit]").click()

    # On her record, under her name: no second record of her.
    appointment = booked_on(desk, salon, day, customer["name"])
    assert appointment["customerId"] == customer["id"] and appointment["staffId"] == stylist["id"], appointment
    assert found(desk, salon, "もりもと") == [customer["id"]]
    assert [v["appointmentId"] for v in customer_of(desk, customer["id"])["data"]["upcoming"]] == [appointment["id"]]


def test_in_english_a_customer_chosen_with_a_click_and_undone_is_booked_as_a_new_one(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    customer = add_customer(driver, salon, name="藤井 愛子", reading="フジイ アイコ", phone="070-5858-6363")
    day, _ = open_booking_form(driver, salon)

    # Her phone's first digits typed: she is suggested under the phone, and a click chooses her.
    phone = booking_field(driver, "customer.phone")
    phone.send_keys("070 5858")
    suggested(driver, customer)
    assert driver.find_elements(By.CSS_SELECTOR, f'{BOOKING} [data-key="customer.phone"] [role="listbox"]')
    driver.find_element(By.CSS_SELECTOR, f'{SUGGESTIONS} [data-customer-id="{customer["id"]}"]').click()
    chosen = f"{BOOKING} .customer-picker-who"
    WebDriverWait(driver, 10).until(lambda b: text_in(b, chosen) == "Existing customer: 藤井 愛子 (フジイ アイコ)")
    assert booking_field(driver, "customer.name").get_attribute("value") == customer["name"]
    screenshot(driver, "board-customer-chosen-en")

    # Not her after all: undone, the form is as it was typed, and the booking makes a new customer's record.
    driver.find_element(By.CSS_SELECTOR, f"{BOOKING} .customer-picker-chosen button").click()
    assert not driver.find_elements(By.CSS_SELECTOR, f"{BOOKING} .customer-picker-who")
    assert booking_field(driver, "customer.name").get_attribute("value") == ""
    assert booking_field(driver, "customer.phone").get_attribute("value") == "070 5858"
    assert driver.execute_script("return document.activeElement") == booking_field(driver, "customer.name")
    booking_field(driver, "customer.name").send_keys("Aiko Fujisawa")
    booking_field(driver, "customer.phone").send_keys(Keys.CONTROL, "a")
    booking_field(driver, "customer.phone").send_keys("080-4141-2727")
    driver.find_element(By.CSS_SELECTOR, f"{BOOKING} button[type=submit]").click()

    appointment = booked_on(driver, salon, day, "Aiko Fujisawa")
    assert appointment["customerId"] != customer["id"], appointment
    made = customer_of(driver, appointment["customerId"])["data"]
    assert (made["name"], made["phone"]) == ("Aiko Fujisawa", "080-4141-2727"), made
    assert customer_of(driver, customer["id"])["data"]["upcoming"] == []
    use_property(driver, "hotel")


def test_a_housekeeper_is_offered_no_customer_export_the_server_would_refuse(desk_server, browser_factory):
    manager = browser_factory(viewport=(1024, 768))
    sign_in(manager, desk_server)
    salon = use_property(manager, "salon")
    email = f"cleaner-{uuid.uuid4().hex[:6]}@example.com"
    added = api(manager, "POST", f"/api/v1/properties/{salon['id']}/staff",
                {"email": email, "name": "Cleaner", "role": "housekeeping", "password": "clean-rooms-1"})
    assert added["status"] == 201, added
    customer = api(manager, "GET", f"/api/v1/properties/{salon['id']}/customers")["data"]["customers"][0]
    go(manager, f"#/customers/{customer['id']}", "customers")
    shown(manager, "#customer-export")

    housekeeper = browser_factory(viewport=(1024, 768), language="ja-JP")
    sign_in_as(housekeeper, desk_server, email, "clean-rooms-1")
    use_property(housekeeper, "salon")
    assert api(housekeeper, "GET", f"/api/v1/customers/{customer['id']}/export")["status"] == 403
    go(housekeeper, f"#/customers/{customer['id']}", "customers")
    record_shown(housekeeper, customer["id"])
    assert not housekeeper.find_elements(By.ID, "customer-export")
    go(housekeeper, "#/customers", "customers")
    shown(housekeeper, "#customers-search")
    assert not housekeeper.find_elements(By.ID, "customers-export")
