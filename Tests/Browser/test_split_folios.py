"""A stay's bill split between a company and the guest at the desk, in Thai over a slow network: the desk
adds a company (its tax ID refused by its check digit, then corrected), sends the rooms to it, moves a night
already posted there, and the stay's next night lands on the company's folio by itself; the company's folio
is invoiced to the company; the guest pays their own folio and checks out while the company's stays open;
the company's month, with this stay and another, is one invoice numbered with the hotel's invoices. No
English is left on the Thai pages."""

import datetime

from conftest import latin_words, redrawn_again, screenshot
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_desk import api, go, poll, sign_in, use_property, wait_ready

# The words of the split that must not be left in English on a Thai page.
ENGLISH = ("Folio", "Split", "Move", "Company", "company", "Guest", "Due", "Save", "Remove", "Add", "Tax ID", "Invoice")

COMPANY = "บริษัท ล้านนา เทรดดิ้ง จำกัด"


def folio(desk, stay):
    return api(desk, "GET", f"/api/v1/stays/{stay}/folio")["data"]


def test_the_desk_splits_a_bill_between_a_company_and_the_guest_in_thai(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 900), language="th-TH")
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"])
    stay = guest["id"]
    # A phone's network: every request takes its time.
    desk.execute_cdp_cmd("Network.enable", {})
    desk.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 100_000})
    go(desk, f"#/stays/{stay}", "stays")

    desk.find_element(By.ID, "folio-split").click()
    poll(lambda: desk.find_elements(By.ID, "split-add"))
    desk.find_element(By.ID, "split-add").click()
    # The company is new: added from the form, its tax ID refused by its check digit, then corrected.
    desk.find_element(By.ID, "split-company-new").click()
    desk.find_element(By.ID, "company-name").send_keys(COMPANY)
    desk.find_element(By.ID, "company-address").send_keys("9 ถนนนิมมานเหมินท์\nเชียงใหม่ 50200")
    tax_id = desk.find_element(By.ID, "company-taxId")
    tax_id.send_keys("0505561009999")
    desk.find_element(By.ID, "company-save").click()
    error = desk.find_element(By.ID, "company-taxId-error")
    assert poll(lambda: error.text != ""), "the tax ID is refused under it"
    assert not latin_words(error.text), error.text
    tax_id.clear()
    tax_id.send_keys("0505561009996")
    desk.find_element(By.ID, "company-save").click()
    assert poll(lambda: desk.find_elements(By.ID, "split-company-2") and not desk.find_elements(By.ID, "company-name"))
    assert Select(desk.find_element(By.ID, "split-company-2")).first_selected_option.text == COMPANY
    # The rooms go to the company's folio; the rest stays the guest's.
    Select(desk.find_element(By.ID, "split-route-room")).select_by_value("2")
    form_text = desk.find_element(By.CSS_SELECTOR, ".stay-split-form").text
    left = [word for word in ENGLISH if word in form_text]
    assert not left, f"English left on the Thai split: {left}"
    screenshot(desk, "split-form-thai")
    desk.find_element(By.ID, "split-save").click()
    assert poll(lambda: desk.find_elements(By.ID, "folio-tab-2"), timeout=15), "a tab a folio"
    split = folio(desk, stay)
    company = next(part for part in split["folios"] if part["number"] == 2)
    assert company["payer"] == "company" and split["routes"] == {"room": 2}

    # A night already posted stays the guest's until moved: moved from its row, as a reversal and its copy.
    night = next(e for e in split["entries"] if e.get("category") == "room" and not e["reversed"])
    Select(desk.find_element(By.CSS_SELECTOR, f'select.folio-move[data-entry-id="{night["id"]}"]')).select_by_value("2")
    assert poll(lambda: any(e.get("movedFrom") == night["id"] for e in folio(desk, stay)["entries"]), timeout=15)
    moved = folio(desk, stay)
    assert next(e for e in moved["entries"] if e["id"] == night["id"])["reversed"]
    assert next(e for e in moved["entries"] if e.get("movedFrom") == night["id"])["folio"] == 2

    # One more night: its room charge lands on the company's folio by the route.
    detail = api(desk, "GET", f"/api/v1/stays/{stay}")
    departure = datetime.date.fromisoformat(detail["data"]["departure"]) + datetime.timedelta(days=1)
    longer = api(desk, "PATCH", f"/api/v1/stays/{stay}", {"departure": departure.isoformat()},
                 headers={"If-Match": detail["etag"]})
    assert longer["status"] == 200, longer
    after = folio(desk, stay)
    last_night = (departure - datetime.timedelta(days=1)).isoformat()
    added = [e for e in after["entries"] if e.get("night") == last_night and e.get("category") == "room"]
    assert [e["folio"] for e in added] == [2], added
    parts = {part["number"]: part for part in after["folios"]}
    assert sum(part["balance"]["amount"] for part in parts.values()) == after["balance"]["amount"]
    assert after["dueAtDesk"]["amount"] == parts[1]["balance"]["amount"]

    # The company's folio, invoiced to the company.
    poll(lambda: desk.find_elements(By.ID, "folio-tab-2"))
    # The stay's longer nights reach the page as a live change, which redraws it.
    redrawn_again(lambda: desk.find_element(By.ID, "folio-tab-2").click())
    assert poll(lambda: desk.find_elements(By.ID, "folio-company-note")), "the company's folio says who pays it"
    section = desk.find_element(By.CSS_SELECTOR, "section.folio").text
    left = [word for word in ENGLISH if word in section]
    assert not left, f"English left on the Thai folio: {left}"
    screenshot(desk, "split-folio-thai")
    desk.find_element(By.ID, "issue-invoice").click()
    wait_ready(desk, "documents")
    sheet = desk.find_element(By.CSS_SELECTOR, ".document-sheet").text
    assert COMPANY in sheet and "0505561009996" in sheet, sheet
    invoice = api(desk, "GET", f"/api/v1/stays/{stay}/documents")["data"]["documents"][-1]
    assert invoice["folio"] == 2 and invoice["buyer"]["name"] == COMPANY
    assert invoice["totalCharges"] == parts[2]["totalCharges"]

    # The guest pays their own folio and checks out; the company's stays open for its monthly invoice.
    owed = folio(desk, stay)["dueAtDesk"]
    if owed["amount"] > 0:
        assert api(desk, "POST", f"/api/v1/stays/{stay}/payments", {"amount": owed, "method": "cash"})["status"] == 201
    go(desk, f"#/stays/{stay}", "stays")
    poll(lambda: desk.find_elements(By.CSS_SELECTOR, '[data-step="check-out"]'))
    desk.find_element(By.CSS_SELECTOR, '[data-step="check-out"]').click()
    assert poll(lambda: api(desk, "GET", f"/api/v1/stays/{stay}")["data"]["state"] == "checked_out", timeout=15)
    final = folio(desk, stay)
    assert next(p for p in final["folios"] if p["number"] == 2)["balance"]["amount"] > 0
    assert final["dueAtDesk"]["amount"] == 0

    # Another stay of the company's leaving the same day: booked for the night before, a meeting room charged
    # to the company by the route.
    left = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/stays/{stay}")["data"]["departure"])
    month = left.isoformat()[:7]
    other = None
    for room in api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]:
        made = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": (left - datetime.timedelta(days=1)).isoformat(),
            "departure": left.isoformat(), "adults": 1,
            "guest": {"name": "สมชาย ใจดี", "email": "somchai@example.com"}})
        if made["status"] == 201:
            other = made["data"]["id"]
            break
    assert other, "a room for the second stay"
    assert api(desk, "PUT", f"/api/v1/stays/{other}/folio/split", {
        "folios": [{"number": 2, "companyId": company["companyId"]}], "routes": {"room": 2, "other": 2}})["status"] == 200
    charged = api(desk, "POST", f"/api/v1/stays/{other}/charges", {
        "description": "ห้องประชุม", "category": "other", "amount": {"amount": 200_000, "currency": "THB"}})["data"]
    assert [e["folio"] for e in charged["entries"] if e.get("description") == "ห้องประชุม"] == [2]

    # The company's account: this month's folios, then its invoice, in Thai.
    go(desk, f"#/stays/{stay}", "stays")
    poll(lambda: desk.find_elements(By.ID, "folio-tab-2"))
    redrawn_again(lambda: desk.find_element(By.ID, "folio-tab-2").click())
    poll(lambda: desk.find_elements(By.ID, "folio-company-link"))
    redrawn_again(lambda: desk.find_element(By.ID, "folio-company-link").click())
    wait_ready(desk, "companies")
    desk.execute_script("location.hash = arguments[0]", f"#/companies/{company['companyId']}?month={month}")
    assert poll(lambda: desk.find_elements(By.CSS_SELECTOR, f'#company-folios tr[data-stay-id="{stay}"]'), timeout=15)
    page = desk.find_element(By.CSS_SELECTOR, ".companies-page").text
    left_words = [word for word in ("Companies", "Month", "Issue", "invoice", "Invoice", "Save", "Back") if word in page]
    assert not left_words, f"English left on the Thai company page: {left_words}"
    desk.find_element(By.ID, "company-issue").click()
    wait_ready(desk, "company-invoices")
    issued = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/companies/{company['companyId']}/account?month={month}")["data"]["invoices"][0]
    # Numbered with the hotel's invoices: after the stay's own.
    assert issued["reference"].startswith("INV-") and issued["number"] > invoice["number"]
    sheet = desk.find_element(By.CSS_SELECTOR, ".document-sheet").text
    assert COMPANY in sheet and issued["reference"] in sheet and guest["confirmationCode"] in sheet, sheet
    assert sorted(s["stayId"] for s in issued["stays"]) == sorted([stay, other])
    assert issued["totalCharges"]["amount"] == sum(s["totalCharges"]["amount"] for s in issued["stays"])
    screenshot(desk, "company-invoice-thai")


def test_the_desk_checks_a_group_in_together_and_cancels_one_room_by_its_terms(desk_server, browser_factory):
    """A group of three rooms booked at the desk for tonight: its page checks two in together, one refused
    on its own row (its room not ready) while the others go on; the third room is cancelled alone; each stay
    links back to the group."""
    desk = browser_factory(viewport=(1024, 900), language="ja-JP")
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    today = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    rooms = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
    free = []
    for room in rooms:
        probe = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": today.isoformat(), "departure": (today + datetime.timedelta(days=2)).isoformat(),
            "adults": 1, "guest": {"name": "Probe"}})
        if probe["status"] == 201:
            assert api(desk, "POST", f"/api/v1/stays/{probe['data']['id']}/cancel", {},
                       headers={"If-Match": probe["etag"]})["status"] == 200
            free.append(room)
        if len(free) == 3:
            break
    assert len(free) == 3, "three rooms free tonight"
    stays = [{"roomId": room["id"], "arrival": today.isoformat(),
              "departure": (today + datetime.timedelta(days=2)).isoformat(), "adults": 1} for room in free]
    made = api(desk, "POST", f"/api/v1/properties/{hotel['id']}/groups",
               {"name": "山田家", "guest": {"name": "山田 太郎", "email": "taro@example.com"}, "rooms": stays})
    assert made["status"] == 201, made
    group = made["data"]
    # Two rooms are ready, one is not yet: its check-in is refused on its row.
    for room, status in zip(free, ("clean", "clean", "dirty")):
        assert api(desk, "PATCH", f"/api/v1/rooms/{room['id']}/housekeeping", {"status": status})["status"] == 200

    go(desk, f"#/stays/{group['stays'][0]['id']}", "stays")
    desk.find_element(By.ID, "stay-group").click()
    wait_ready(desk, "groups")
    assert desk.find_element(By.ID, "group-title").text == "山田家"
    desk.find_element(By.ID, "group-check-in").click()
    assert poll(lambda: sum(s["state"] == "checked_in" for s in api(desk, "GET", f"/api/v1/groups/{group['id']}")["data"]["stays"]) == 2, timeout=15)
    third = f'[data-stay-id="{group["stays"][2]["id"]}"] .group-outcome'
    assert poll(lambda: desk.execute_script("return document.querySelector(arguments[0])?.textContent", third)), "refused on its row"
    page = desk.find_element(By.CSS_SELECTOR, ".group-page").text
    assert not latin_words(page, [group["stays"][0]["confirmationCode"]] + [r["number"] for r in rooms]), page
    screenshot(desk, "group-ja")
    # The third room, still booked, is cancelled alone.
    poll(lambda: desk.find_elements(By.CSS_SELECTOR, f'[data-stay-id="{group["stays"][2]["id"]}"] input[type=checkbox]'))
    desk.find_element(By.CSS_SELECTOR, f'[data-stay-id="{group["stays"][2]["id"]}"] input[type=checkbox]').click()
    desk.find_element(By.ID, "group-cancel").click()
    assert poll(lambda: [s["state"] for s in api(desk, "GET", f"/api/v1/groups/{group['id']}")["data"]["stays"]]
                == ["checked_in", "checked_in", "cancelled"], timeout=15)


def test_the_desk_books_a_group_by_room_type_in_thai_and_assigns_its_rooms_one_by_one(desk_server, browser_factory):
    """At the desk, in Thai: a group of two rooms of a type for a month ahead, booked from its form (a
    refusal first: no dates), then each room assigned from those free of its type on its nights."""
    desk = browser_factory(viewport=(1024, 900), language="th-TH")
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    today = datetime.date.fromisoformat(api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    detail = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]
    room_type = detail["roomTypes"][0]
    go(desk, "#/today", "today")
    desk.find_element(By.ID, "today-new-group").click()
    wait_ready(desk, "groups")
    desk.find_element(By.ID, "group-guest").send_keys("สมชาย ทัวร์")
    desk.find_element(By.ID, "group-name").send_keys("ทริปบริษัท")
    count = desk.find_element(By.ID, f"group-count-{room_type['id']}")
    count.clear()
    count.send_keys("2")
    # No dates yet: refused, in Thai, and nothing booked.
    desk.find_element(By.ID, "group-book").click()
    error = desk.find_element(By.ID, "group-error")
    assert poll(lambda: error.text != ""), "a refusal without dates"
    assert not latin_words(error.text), error.text
    arrival = today + datetime.timedelta(days=30)
    for key, day in (("arrival", arrival), ("departure", arrival + datetime.timedelta(days=2))):
        desk.execute_script("arguments[0].value = arguments[1]", desk.find_element(By.ID, f"group-{key}"), day.isoformat())
    form_text = desk.find_element(By.CSS_SELECTOR, ".group-form").text
    assert not latin_words(form_text, [r["name"] for r in detail["roomTypes"]]), form_text
    desk.find_element(By.ID, "group-book").click()
    wait_ready(desk, "groups")
    assert poll(lambda: desk.find_elements(By.CSS_SELECTOR, "select.group-assign"), timeout=15)
    group_id = int(desk.execute_script("return location.hash.split('/')[2]"))
    group = api(desk, "GET", f"/api/v1/groups/{group_id}")["data"]
    assert group["name"] == "ทริปบริษัท" and len(group["stays"]) == 2
    assert all(s.get("roomId") is None for s in group["stays"])
    # Each room assigned from the free rooms of its type.
    def choose_first_free(css):
        # The page redraws as each room is assigned: the choice is made once its free rooms have come.
        try:
            options = desk.find_elements(By.CSS_SELECTOR, f"{css} option")
            if len(options) < 2:
                return False
            Select(desk.find_element(By.CSS_SELECTOR, css)).select_by_index(1)
            return True
        except (StaleElementReferenceException, NoSuchElementException):
            return False

    for stay in group["stays"]:
        select = f'select.group-assign[data-stay-id="{stay["id"]}"]'
        assert poll(lambda: choose_first_free(select), timeout=15), "free rooms offered"
        assert poll(lambda: api(desk, "GET", f"/api/v1/stays/{stay['id']}")["data"].get("roomId"), timeout=15)
    assigned = api(desk, "GET", f"/api/v1/groups/{group_id}")["data"]["stays"]
    assert len({s.get("roomId") for s in assigned} - {None}) == 2
    assert all(s["roomTypeId"] == room_type["id"] for s in assigned)
    screenshot(desk, "group-new-thai")
