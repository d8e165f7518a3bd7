"""A salon's set-up in Chromium against a real server, in Japanese, as the demo's manager: Tuesday's
hours become two ranges (an overlap refused first, in Japanese, next to Tuesday), a stylist gets a dated
day off, a service a buffer after and one performer fewer; the API holds each change, and a reload shows
the server's values. The menu and the staff: a service and a member added (a length of 3 minutes and a
name too long refused first, next to the field), changed and removed, one with appointments to come kept,
and the shifts, the services' booking, the texts and the board following without a reload. The page has no
English left, a hotel has no Set-up, and the front desk is neither offered it nor let change it."""

import datetime
import uuid
import zoneinfo

import pytest
from conftest import latin_words, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_staff import sign_in_as

LANGUAGE_NAMES = ["English", "ไทย", "日本語", "한국어", "Tiếng Việt"]
OVERLAP_JA = "時間帯は0:00〜24:00の範囲で、終了を開始より後にし、順番どおり重ならないように設定してください。"
HOURS = "section[aria-labelledby=setup-openingHours]"


@pytest.fixture(autouse=True)
def english_afterwards(driver):
    """The shared browser speaks English again for the tests after these."""
    yield
    driver.execute_script("localStorage.removeItem('frontdesk.language')")


def speak(browser, code):
    Select(browser.find_element(By.ID, "desk-language")).select_by_value(code)
    wait_ready(browser)


def labelled(browser, label):
    return browser.find_element(By.CSS_SELECTOR, f'[aria-label="{label}"]')


def type_into(browser, label, value):
    """Sets a control's value as typing does (time and date inputs' widgets differ by locale)."""
    browser.execute_script(
        "const c = arguments[0]; c.value = arguments[1]; c.dispatchEvent(new Event('input', {bubbles: true}));"
        "c.dispatchEvent(new Event('change', {bubbles: true}));",
        labelled(browser, label),
        value,
    )


def value_of(browser, label):
    return labelled(browser, label).get_attribute("value")


def salon_setup(browser, salon):
    return api(browser, "GET", f"/api/v1/properties/{salon['id']}/salon")["data"]


def weekday_ranges(hours, weekday):
    return next(d["ranges"] for d in hours["weekly"] if d["weekday"] == weekday)


def open_setup(browser, base):
    sign_in(browser, base)
    salon = use_property(browser, "salon")
    speak(browser, "ja")
    browser.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="salon-setup"]').click()
    wait_ready(browser, "salon-setup")
    return salon


def test_a_manager_sets_hours_a_day_off_and_a_service_and_the_page_shows_what_the_server_keeps(desk_server, driver):
    salon = open_setup(driver, desk_server)
    detail = api(driver, "GET", f"/api/v1/properties/{salon['id']}")["data"]
    tuesday = "営業時間の火曜日"

    # An overlapping second range is refused, in Japanese, next to Tuesday; nothing is kept.
    type_into(driver, f"{tuesday} 時間帯1の終了", "13:00")
    labelled(driver, f"{tuesday}に時間帯を追加").click()
    type_into(driver, f"{tuesday} 時間帯2の開始", "12:00")
    type_into(driver, f"{tuesday} 時間帯2の終了", "19:00")
    driver.find_element(By.XPATH, "//button[normalize-space()='営業時間を保存']").click()
    tuesday_error = f'{HOURS} .setup-day[data-weekday="2"] .desk-form-error'
    WebDriverWait(driver, 10).until(lambda b: text_in(b, tuesday_error))
    until_text(driver, tuesday_error, OVERLAP_JA)
    assert weekday_ranges(salon_setup(driver, salon)["openingHours"], 2) == [{"start": 600, "end": 1200}]

    # Corrected, it is kept, and the form shows the server's answer.
    type_into(driver, f"{tuesday} 時間帯2の開始", "14:00")
    driver.find_element(By.XPATH, "//button[normalize-space()='営業時間を保存']").click()
    assert poll(lambda: weekday_ranges(salon_setup(driver, salon)["openingHours"], 2) == [
        {"start": 600, "end": 780}, {"start": 840, "end": 1140}])
    WebDriverWait(driver, 10).until(lambda b: not text_in(b, tuesday_error))

    # A stylist's dated day off, a week after the salon's today.
    today = datetime.date.fromisoformat(api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]["today"])
    day_off = (today + datetime.timedelta(days=7)).isoformat()
    member = detail["staff"][0]
    labelled(driver, f"{member['name']}のシフト").click()
    labelled(driver, f"{member['name']}に日付指定の例外を追加").click()
    type_into(driver, f"{member['name']}の例外1の日付", day_off)
    driver.find_element(By.XPATH, f"//button[normalize-space()='{member['name']}のシフトを保存']").click()
    shifts = lambda: next(s["hours"] for s in salon_setup(driver, salon)["shifts"] if s["staffId"] == member["id"])  # noqa: E731
    assert poll(lambda: shifts()["exceptions"] == [{"date": day_off, "ranges": []}])

    # A service's buffer after, and one performer fewer.
    setup = salon_setup(driver, salon)
    service = next(s for s in detail["services"] if next(b for b in setup["services"] if b["serviceId"] == s["id"])["performers"])
    named = detail["translations"].get(service["name"], {}).get("ja", service["name"])
    booking = lambda: next(b for b in salon_setup(driver, salon)["services"] if b["serviceId"] == service["id"])  # noqa: E731
    dropped = next(m for m in detail["staff"] if m["id"] == booking()["performers"][0])
    kept = [p for p in booking()["performers"] if p != dropped["id"]]
    type_into(driver, f"{named}：後の片付け時間（分）", "15")
    labelled(driver, f"{named}：{dropped['name']}が担当").click()
    driver.find_element(By.XPATH, f"//button[normalize-space()='{named}を保存']").click()
    assert poll(lambda: (booking()["bufferAfterMinutes"], booking()["performers"]) == (15, kept))

    # A reload shows what the server keeps.
    driver.refresh()
    wait_ready(driver, "salon-setup")
    assert [value_of(driver, f"{tuesday} 時間帯{n}の{end}") for n in (1, 2) for end in ("開始", "終了")] == [
        "10:00", "13:00", "14:00", "19:00"]
    assert value_of(driver, f"{member['name']}の例外1の日付") == day_off
    assert value_of(driver, f"{named}：後の片付け時間（分）") == "15"
    assert not labelled(driver, f"{named}：{dropped['name']}が担当").is_selected()
    screenshot(driver, "salon-setup-ja")
    driver.execute_script("document.querySelector('section[aria-labelledby=setup-shifts]').scrollIntoView()")
    screenshot(driver, "salon-setup-ja-shifts")
    driver.execute_script("document.querySelector('section[aria-labelledby=setup-services]').scrollIntoView()")
    screenshot(driver, "salon-setup-ja-services")


def test_the_japanese_set_up_has_no_english_and_a_hotel_has_no_set_up(desk_server, driver):
    salon = open_setup(driver, desk_server)
    detail = api(driver, "GET", f"/api/v1/properties/{salon['id']}")["data"]
    setup = salon_setup(driver, salon)
    for member in driver.find_elements(By.CSS_SELECTOR, "details.setup-member"):
        driver.execute_script("arguments[0].open = true", member)
    texts = api(driver, "GET", f"/api/v1/properties/{salon['id']}/texts")["data"]["texts"]
    stored = [m["name"] for m in detail["staff"]] + [r["name"] for r in setup["resources"]] + [salon["name"]]
    # The salon's own texts as entered, over their wordings, and each language by its own name.
    stored += [text["source"] for text in texts] + LANGUAGE_NAMES
    # The hotels whose guests it may charge to their room, by the names their managers gave them.
    stored += [p["name"] for p in api(driver, "GET", "/api/v1/properties")["data"]["properties"]]
    text = driver.execute_script("return document.getElementById('desk-main').innerText")
    assert latin_words(text, stored) == []

    use_property(driver, "hotel")
    assert not driver.find_elements(By.CSS_SELECTOR, '.desk-nav a[data-route="salon-setup"]')
    go(driver, "#/salon-setup", "today")


def by_label(browser, text):
    """A control by the words of the label around it."""
    return browser.find_element(By.XPATH, f"//label[normalize-space(span)='{text}']//*[self::input or self::select]")


def test_a_resource_refused_by_its_count_is_kept_once_corrected_and_notice_is_set_in_hours(desk_server, driver):
    salon = open_setup(driver, desk_server)
    before = salon_setup(driver, salon)
    n = len(before["resources"]) + 1

    # A new resource with none of it is refused next to its count; with three it is kept and offered to services.
    driver.find_element(By.XPATH, "//button[normalize-space()='設備を追加']").click()
    by_label(driver, f"設備{n}の名前").send_keys("Shampoo bowl")
    by_label(driver, f"設備{n}の台数").clear()
    by_label(driver, f"設備{n}の台数").send_keys("0")
    driver.find_element(By.XPATH, "//button[normalize-space()='設備を保存']").click()
    count_error = f"//label[normalize-space(span)='設備{n}の台数']/following-sibling::p"
    WebDriverWait(driver, 10).until(lambda b: b.find_element(By.XPATH, count_error).text)
    assert driver.find_element(By.XPATH, count_error).text == "1から50までの数を入力してください。"
    assert salon_setup(driver, salon)["resources"] == before["resources"]
    by_label(driver, f"設備{n}の台数").clear()
    by_label(driver, f"設備{n}の台数").send_keys("3")
    driver.find_element(By.XPATH, "//button[normalize-space()='設備を保存']").click()
    added = {"id": max(r["id"] for r in before["resources"]) + 1, "name": "Shampoo bowl", "count": 3}
    assert poll(lambda: salon_setup(driver, salon)["resources"] == before["resources"] + [added])
    WebDriverWait(driver, 10).until(
        lambda b: b.find_elements(By.XPATH, "//select[contains(@aria-label,'：必要な設備')]/option[.='Shampoo bowl']"))

    # Notice is shown in hours where it is whole hours: two hours is sent as 120 minutes.
    notice = labelled(driver, "予約の締切（開始の何前まで）")
    assert Select(labelled(driver, "予約の締切（開始の何前まで）の単位")).first_selected_option.text == "時間"
    notice.clear()
    notice.send_keys("2")
    driver.find_element(By.XPATH, "//button[normalize-space()='ネット予約の設定を保存']").click()
    assert poll(lambda: salon_setup(driver, salon)["window"]["minimumNoticeMinutes"] == 120)
    assert salon_setup(driver, salon)["resources"] == before["resources"] + [added]


def test_the_front_desk_is_not_offered_the_set_up_and_the_server_refuses_it_theirs(desk_server, driver, browser_factory):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    member = {"email": "mika@example.com", "name": "Mika", "role": "front_desk", "password": "front desk 1"}
    assert api(driver, "POST", f"/api/v1/properties/{salon['id']}/staff", member)["status"] == 201

    desk = browser_factory()
    sign_in_as(desk, desk_server, member["email"], member["password"])
    use_property(desk, "salon")
    assert not desk.find_elements(By.CSS_SELECTOR, '.desk-nav a[data-route="salon-setup"]')
    go(desk, "#/salon-setup", "salon-setup")
    until_text(desk, ".setup-page .desk-hint", "Only a manager can see and change the salon's set-up.")
    setup = salon_setup(desk, salon)
    hours = {k: setup[k] for k in ("openingHours", "resources", "window")}
    assert api(desk, "PUT", f"/api/v1/properties/{salon['id']}/salon", hours)["status"] == 403


def press(browser, label):
    labelled(browser, label).click()


def error_under(browser, label):
    """The refusal said under the control named `label` ("" while there is none)."""
    return browser.execute_script(
        "const c = document.querySelector(`[aria-label=\"${arguments[0]}\"]`);"
        "return c?.closest('.setup-field')?.querySelector('.desk-form-error')?.textContent ?? '';",
        label,
    )


def row_message(browser, css):
    return text_in(browser, f"{css} > .desk-form-error")


def desk_has(browser, kind, name):
    """Whether the desk's own copy of the property (what the board and other screens read) lists `name`."""
    return browser.execute_script(f"return window.desk.property.{kind}.some((x) => x.name === arguments[0])", name)


def refusal_ja(browser, reason, **params):
    words = browser.execute_async_script(
        "const [reason, done] = arguments; import('/common/refusals/ja.js').then((m) => done(m.default[reason]));", reason
    )
    for name, value in params.items():
        words = words.replace(f"{{{name}}}", str(value))
    return words


def book_to_come(browser, salon, service_id):
    """An appointment of the service with the salon's first member at noon on one of the next days, whatever the
    hour now: one still to come (the demo's own appointments of today may all be over)."""
    property_ = api(browser, "GET", f"/api/v1/properties/{salon['id']}")["data"]
    zone = zoneinfo.ZoneInfo(property_["timeZone"])
    today = datetime.datetime.now(zone).date()
    for ahead in range(1, 8):
        noon = datetime.datetime.combine(today + datetime.timedelta(days=ahead), datetime.time(12), zone)
        answer = api(
            browser, "POST", f"/api/v1/properties/{salon['id']}/appointments",
            {"staffId": property_["staff"][0]["id"], "serviceId": service_id, "start": noon.isoformat(),
             "customer": {"name": "Yui", "phone": "+81 90 1234 5678"}, "outsideWorkingHours": True},
            {"Idempotency-Key": str(uuid.uuid4())},
        )
        if answer["status"] == 201:
            return answer["data"]
    pytest.fail(f"no day of the next week took an appointment: {answer}")


def test_a_manager_adds_changes_and_removes_a_service_on_the_menu_and_the_page_follows(desk_server, driver):
    salon = open_setup(driver, desk_server)
    services = lambda: api(driver, "GET", f"/api/v1/properties/{salon['id']}")["data"]["services"]  # noqa: E731
    before = services()

    # A length of 3 minutes is refused in Japanese next to the length; nothing is added.
    type_into(driver, "新しいメニュー：名前", "眉カット")
    type_into(driver, "新しいメニュー：所要時間（分）", "3")
    type_into(driver, "新しいメニュー：料金", "2200")
    driver.find_element(By.XPATH, "//button[normalize-space()='メニューを追加']").click()
    WebDriverWait(driver, 10).until(lambda b: error_under(b, "新しいメニュー：所要時間（分）"))
    assert error_under(driver, "新しいメニュー：所要時間（分）") == refusal_ja(driver, "number.range", min=5, max=720)
    assert services() == before

    # Twenty minutes is kept at ¥2,200; its booking, its texts and the desk's property follow without a reload.
    type_into(driver, "新しいメニュー：所要時間（分）", "20")
    driver.find_element(By.XPATH, "//button[normalize-space()='メニューを追加']").click()
    assert poll(lambda: any(s["name"] == "眉カット" for s in services()))
    added = next(s for s in services() if s["name"] == "眉カット")
    assert (added["durationMinutes"], added["price"]) == (20, {"amount": 2200, "currency": "JPY"})
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'.setup-service-part[data-service-id="{added["id"]}"]'))
    assert labelled(driver, "新しいメニュー：名前").get_attribute("value") == ""
    assert driver.find_elements(By.XPATH, "//section[@aria-labelledby='settings-texts']//legend[normalize-space(span[2])='眉カット']")
    assert desk_has(driver, "services", "眉カット")

    # A name of 101 characters is refused next to the name; corrected, the new price is kept.
    type_into(driver, "眉カット：名前", "眉" * 101)
    type_into(driver, "眉カット：料金", "2750")
    press(driver, "眉カットの名前・時間・料金を保存")
    WebDriverWait(driver, 10).until(lambda b: error_under(b, "眉カット：名前"))
    assert error_under(driver, "眉カット：名前") == refusal_ja(driver, "text.tooLong", limit=100)
    type_into(driver, "眉カット：名前", "眉カット")
    press(driver, "眉カットの名前・時間・料金を保存")
    assert poll(lambda: next(s for s in services() if s["id"] == added["id"])["price"]["amount"] == 2750)
    WebDriverWait(driver, 10).until(lambda b: not error_under(b, "眉カット：名前"))

    # A service with appointments to come stays, said in Japanese in its row; the new one goes, asked first.
    setup = salon_setup(driver, salon)
    booked = next(s for s in before if s["name"] == "Cut")
    book_to_come(driver, salon, booked["id"])
    press(driver, "カットを削除")
    driver.find_element(By.XPATH, f'//form[@data-service-id="{booked["id"]}"]//button[normalize-space()="はい"]').click()
    row = f'form.setup-catalogue-row[data-service-id="{booked["id"]}"]'
    WebDriverWait(driver, 10).until(lambda b: row_message(b, row))
    assert row_message(driver, row).startswith("これからの予約が")
    assert any(s["id"] == booked["id"] for s in services())
    press(driver, "眉カットを削除")
    driver.find_element(By.XPATH, f'//form[@data-service-id="{added["id"]}"]//button[normalize-space()="はい"]').click()
    assert poll(lambda: all(s["id"] != added["id"] for s in services()))
    WebDriverWait(driver, 10).until(lambda b: not b.find_elements(By.CSS_SELECTOR, f'[data-service-id="{added["id"]}"]'))
    assert not desk_has(driver, "services", "眉カット")
    assert salon_setup(driver, salon)["resources"] == setup["resources"]


def test_a_manager_adds_changes_and_removes_a_member_and_the_shifts_services_and_board_follow(desk_server, driver):
    salon = open_setup(driver, desk_server)
    staff = lambda: api(driver, "GET", f"/api/v1/properties/{salon['id']}")["data"]["staff"]  # noqa: E731
    before = staff()

    # A name of 101 characters is refused next to the name; corrected, 蓮 joins the board.
    type_into(driver, "新しいスタッフ：名前", "蓮" * 101)
    type_into(driver, "新しいスタッフ：チーム", "Cut & Style")
    driver.find_element(By.XPATH, "//button[normalize-space()='スタッフを追加']").click()
    WebDriverWait(driver, 10).until(lambda b: error_under(b, "新しいスタッフ：名前"))
    assert error_under(driver, "新しいスタッフ：名前") == refusal_ja(driver, "text.tooLong", limit=100)
    assert staff() == before
    type_into(driver, "新しいスタッフ：名前", "蓮")
    driver.find_element(By.XPATH, "//button[normalize-space()='スタッフを追加']").click()
    assert poll(lambda: any(m["name"] == "蓮" for m in staff()))
    ren = next(m for m in staff() if m["name"] == "蓮")

    # Their week and a checkbox a service follow at once, and the board shows their row without a reload.
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, '[aria-label="蓮のシフト"]'))
    assert driver.find_elements(By.CSS_SELECTOR, '[aria-label="カット：蓮が担当"]')
    assert desk_has(driver, "staff", "蓮")
    board_row = "return [...window.deskBoard.data.staff.values()].some((s) => s.name === '蓮')"
    go(driver, "#/board", "board")
    WebDriverWait(driver, 30).until(lambda b: b.execute_script("return !!window.deskBoard?.loaded"))
    assert driver.execute_script(board_row)
    driver.back()
    wait_ready(driver, "salon-setup")

    # Another team, a colour and off the online booking page: the server keeps them.
    type_into(driver, "蓮：チーム", "Color & Spa")
    type_into(driver, "蓮：色", "#3366cc")
    press(driver, "蓮：ネット予約で指名できる")
    press(driver, "蓮の情報を保存")
    page = lambda: api(driver, "GET", f"/api/v1/public/salons/{salon['id']}")["data"]  # noqa: E731
    assert poll(lambda: all(m["id"] != ren["id"] for m in page()["staff"]))
    board = api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]
    teams = {t["rowId"]: t["name"] for t in board["teams"]}
    assert teams[next(m for m in board["staff"] if m["id"] == ren["id"])["teamRowId"]] == "Color & Spa"

    # A member with appointments to come stays, said in Japanese in their row; 蓮 goes, asked first.
    booked = before[0]
    services = api(driver, "GET", f"/api/v1/properties/{salon['id']}")["data"]["services"]
    assert book_to_come(driver, salon, services[0]["id"])["staffId"] == booked["id"]
    press(driver, f"{booked['name']}を削除")
    driver.find_element(By.XPATH, f'//form[@data-staff-id="{booked["id"]}"]//button[normalize-space()="はい"]').click()
    row = f'form.setup-catalogue-row[data-staff-id="{booked["id"]}"]'
    WebDriverWait(driver, 10).until(lambda b: row_message(b, row))
    assert row_message(driver, row).startswith("これからの予約が")
    press(driver, "蓮を削除")
    driver.find_element(By.XPATH, f'//form[@data-staff-id="{ren["id"]}"]//button[normalize-space()="はい"]').click()
    assert poll(lambda: all(m["id"] != ren["id"] for m in staff()))
    WebDriverWait(driver, 10).until(lambda b: not b.find_elements(By.CSS_SELECTOR, '[aria-label="蓮のシフト"]'))
    assert not driver.find_elements(By.CSS_SELECTOR, '[aria-label="カット：蓮が担当"]')
    assert not desk_has(driver, "staff", "蓮")


def test_after_a_reload_each_member_shows_the_team_colour_and_online_booking_the_server_keeps(desk_server, driver):
    salon = open_setup(driver, desk_server)
    member = {"name": "湊", "team": "Front row", "colour": "#AA3366", "bookableOnline": False}
    added = api(driver, "POST", f"/api/v1/properties/{salon['id']}/salon/staff", member)
    assert added["status"] == 201

    driver.refresh()
    wait_ready(driver, "salon-setup")
    assert value_of(driver, "湊：チーム") == "Front row"
    assert value_of(driver, "湊：色") == "#aa3366"
    assert not labelled(driver, "湊：ネット予約で指名できる").is_selected()
    assert api(driver, "DELETE", f"/api/v1/properties/{salon['id']}/salon/staff/{added['data']['id']}")["status"] == 204
