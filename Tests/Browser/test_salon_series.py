"""A salon's repeat bookings (定期予約) at the desk in Chromium against a real server, in English and in Japanese.
A member's time on a day to come is taken a week later by another booking; the New appointment panel, opened at
that time a week earlier, repeats it every week three times: Check times shows the second visit taken with the
nearest free times, the first of which is picked. The third's time is taken meanwhile: Book 3 visits is refused
beside it, which is then booked over anyway, and the three are booked as one series at the times chosen. Moved
a quarter of an hour with all later visits from the second, the third would land on another booking: said with
its date, they are moved anyway. Cancelling "this and all later visits" from the second visit leaves the first
booked and cancels the others.
No English word is left on the Japanese panel or page.

The day, member and hour are found with the plan API, relative to the server's today; the times expected are
the plan's (its visits and the taken one's first alternative), never worked out here."""

import datetime
import uuid
import zoneinfo

from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, open_board, poll, sign_in, use_property, wait_ready
from test_salon_from_empty import words

PANEL = "return document.getElementById('board-panel').innerText"
MAIN = "return document.getElementById('desk-main').innerText"


def plan(browser, salon, staff_id, service_id, start, times=3):
    answer = api(
        browser, "POST", f"/api/v1/properties/{salon['id']}/appointments/series/plan",
        {"staffId": staff_id, "serviceId": service_id, "start": start.isoformat(), "repeat": {"everyWeeks": 1, "times": times}},
    )
    assert answer["status"] == 200, answer
    return answer["data"]["visits"]


def free_weeks(browser, salon, service):
    """A member, and a start on a day to come, whose three weekly visits are all free: the plan API's word."""
    property_ = api(browser, "GET", f"/api/v1/properties/{salon['id']}")["data"]
    zone = zoneinfo.ZoneInfo(property_["timeZone"])
    today = datetime.date.fromisoformat(api(browser, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]["today"])
    for ahead in range(3, 12):
        for hour in (11, 15, 16):
            start = datetime.datetime.combine(today + datetime.timedelta(days=ahead), datetime.time(hour), zone)
            for member in property_["staff"]:
                visits = plan(browser, salon, member["id"], service["id"], start)
                if all(not v["taken"] and not v["outsideHours"] for v in visits):
                    return member, start, zone
    raise AssertionError("no member has three free weeks at 11:00, 15:00 or 16:00 from 3 to 11 days ahead")


def book_one(browser, salon, staff_id, service_id, start, name):
    answer = api(
        browser, "POST", f"/api/v1/properties/{salon['id']}/appointments",
        {"staffId": staff_id, "serviceId": service_id, "start": start, "customer": {"name": name}},
        {"Idempotency-Key": str(uuid.uuid4())},
    )
    assert answer["status"] == 201, answer
    return answer["data"]


def booked_for(browser, salon, zone, starts, name):
    """The appointments of the customer `name` on the days of `starts`, as the API reads them, soonest first."""
    found = []
    for day in sorted({datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).astimezone(zone).date() for s in starts}):
        board = api(browser, "GET", f"/api/v1/properties/{salon['id']}/board?from={day}&to={day + datetime.timedelta(days=1)}")["data"]
        ids = [board["items"][i * 6] for i, customer in enumerate(board["customers"]) if customer == name]
        found += [api(browser, "GET", f"/api/v1/appointments/{i}")["data"] for i in ids]
    return sorted(found, key=lambda a: a["start"])


def when(browser, instant_text, zone):
    """A visit's day and time as the desk writes them, in the salon's zone."""
    return browser.execute_script(
        "return new Intl.DateTimeFormat(window.desk.i18n.locale, {weekday: 'short', day: 'numeric', month: 'short', year: 'numeric',"
        " hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: arguments[1]}).format(new Date(arguments[0]))",
        instant_text, str(zone),
    )


def worded(browser, reason, **params):
    """A refusal as the page words it (Web/common/refusals.js, in the desk's language)."""
    return browser.execute_async_script(
        "const [reason, params, done] = arguments;"
        "import('/common/refusals.js').then((m) => done(m.refusalText(window.desk.i18n, reason, params)));",
        reason, {name: str(value) for name, value in params.items()},
    )


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def set_control(browser, css, value):
    """Sets a control's value as typing does (a datetime-local input's widget differs by locale)."""
    browser.execute_script(
        "const c = document.querySelector(arguments[0]); c.value = arguments[1];"
        "c.dispatchEvent(new Event('input', {bubbles: true})); c.dispatchEvent(new Event('change', {bubbles: true}));",
        css, value,
    )


def book_series(browser, salon, name, stored=None):
    """The walk of one language: a series booked from the panel around a taken week, then cancelled from its
    second visit on. `stored` (the names a manager entered), when given, checks for English words left."""
    service = browser.execute_script("return window.desk.property.services")[0]
    member, start, zone = free_weeks(browser, salon, service)
    first = plan(browser, salon, member["id"], service["id"], start)
    blocker = book_one(browser, salon, member["id"], service["id"], first[1]["start"], f"{name} blocker")
    visits = plan(browser, salon, member["id"], service["id"], start)
    assert [v["taken"] for v in visits] == [False, True, False] and visits[1]["alternatives"], visits
    expected = [visits[0]["start"], visits[1]["alternatives"][0], visits[2]["start"]]

    # The New appointment panel at the member's row, its start set to the chosen day and hour.
    open_board(browser)
    browser.execute_script(
        "const [rowId, length] = arguments; window.deskBoard.editor.create({ rowId, start: 600, end: 600 + length }); return true;",
        member["id"], service["durationMinutes"],
    )
    name_input = '.board-new [data-key="customer.name"] input'
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, name_input))
    set_control(browser, '.board-new [data-key="start"] input', start.strftime("%Y-%m-%dT%H:%M"))
    browser.find_element(By.CSS_SELECTOR, name_input).send_keys(name)
    # The customers on record come up under the name as it is typed (the blocker's own record, "… blocker"):
    # once they are there, Escape puts them away, as the receptionist does before ticking Repeat. A tick
    # while they were still coming landed on nothing on a loaded machine.
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "[role=listbox]:not([hidden]) [role=option]"))
    browser.find_element(By.CSS_SELECTOR, name_input).send_keys(Keys.ESCAPE)

    # Repeat every week, three times: checked, the second visit is taken and offers the nearest free times.
    browser.find_element(By.ID, "new-repeat").click()
    set_control(browser, "#new-repeat-weeks", "1")
    set_control(browser, "#new-repeat-times", "3")
    until_text(browser, "#new-repeat-rule", words(browser, "series.rule", count=1, times=3))
    # Ticking Repeat turns Save into Check times once the panel has redrawn: wait for it, not read it.
    until_text(browser, ".board-new button[type=submit]", words(browser, "series.check"))
    browser.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#series-visits > li")) == 3)
    rows = browser.find_elements(By.CSS_SELECTOR, "#series-visits > li")
    assert [r.get_attribute("data-start") for r in rows] == [v["start"] for v in visits]
    assert [r.get_attribute("class").split()[-1] for r in rows] == ["is-free", "is-marked", "is-free"]
    assert words(browser, "series.taken") in rows[1].text
    offered = [b.get_attribute("data-start") for b in rows[1].find_elements(By.CSS_SELECTOR, ".board-series-alternative")]
    assert offered == visits[1]["alternatives"]
    until_text(browser, "#series-book", words(browser, "series.book", count=2))
    if stored is not None:
        assert latin_words(browser.execute_script(PANEL), stored + [name]) == []
    screenshot(browser, f"salon-series-plan-{browser.execute_script('return window.desk.i18n.code')}")

    # The first free time nearby is picked for the second visit.
    rows[1].find_elements(By.CSS_SELECTOR, ".board-series-alternative")[0].click()
    until_text(browser, "#series-visit-1-status", words(browser, "series.chosen.alternative", time=when(browser, expected[1], zone)))
    until_text(browser, "#series-book", words(browser, "series.book", count=3))

    # Meanwhile the third visit's time is taken: the refusal is said beside it, which then asks again;
    # booked over anyway, the three visits are booked as one series at the times chosen.
    late = book_one(browser, salon, member["id"], service["id"], visits[2]["start"], f"{name} meanwhile")
    browser.find_element(By.ID, "series-book").click()
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#series-visit-2-error"))
    until_text(browser, "#series-visit-2-error", worded(browser, "appointment.taken"))
    until_text(browser, "#series-book", words(browser, "series.book", count=2))
    if stored is not None:
        assert latin_words(browser.execute_script(PANEL), stored + [name]) == []
    browser.find_element(By.ID, "series-visit-2-anyway").click()
    until_text(browser, "#series-book", words(browser, "series.book", count=3))
    browser.find_element(By.ID, "series-book").click()
    assert poll(lambda: len(booked_for(browser, salon, zone, expected, name)) == 3)
    series = booked_for(browser, salon, zone, expected, name)
    assert [instant(a["start"]) for a in series] == [instant(s) for s in expected]
    assert len({a.get("seriesId") for a in series}) == 1 and series[0].get("seriesId")
    assert all(a["staffId"] == member["id"] and a["state"] == "booked" for a in series)
    assert all(api(browser, "GET", f"/api/v1/appointments/{a['id']}")["data"]["state"] == "booked" for a in (blocker, late))
    WebDriverWait(browser, 5).until(lambda b: b.execute_script("return document.getElementById('board-panel').hidden"))

    # From the second visit's page, which says it is one of a series: moved a quarter of an hour later with
    # all later visits, the third lands on the booking made meanwhile; said with its date, it is moved anyway.
    go(browser, f"#/appointments/{series[1]['id']}", "appointments")
    until_text(browser, "#appointment-series", words(browser, "series.part"))
    quarter = datetime.timedelta(minutes=15)
    moved = [(instant(a["start"]) + quarter) for a in series[1:]]
    change = '[data-form="appointment-change"]'
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, f"{change} [data-key=start] input"))
    set_control(browser, f"{change} [data-key=start] input", moved[0].astimezone(zone).strftime("%Y-%m-%dT%H:%M"))
    browser.find_element(By.CSS_SELECTOR, f"{change} button[type=submit]").click()
    WebDriverWait(browser, 5).until(lambda b: text_in(b, "#series-which"))
    until_text(browser, "#series-which", words(browser, "series.changeWhich"))
    browser.find_element(By.ID, "series-following").click()
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#series-refused"))
    third = moved[1].astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    until_text(browser, "#series-refused", words(browser, "series.laterTaken", when=when(browser, third, zone)))
    if stored is not None:
        assert latin_words(browser.execute_script(MAIN), stored + [name]) == []
    assert [instant(api(browser, "GET", f"/api/v1/appointments/{a['id']}")["data"]["start"]) for a in series[1:]] == [instant(a["start"]) for a in series[1:]]
    browser.find_element(By.ID, "series-move-anyway").click()
    starts = lambda: [instant(api(browser, "GET", f"/api/v1/appointments/{a['id']}")["data"]["start"]) for a in series]  # noqa: E731
    assert poll(lambda: starts() == [instant(series[0]["start"]), *moved]), starts()
    WebDriverWait(browser, 10).until(lambda b: not text_in(b, "#series-refused") and text_in(b, "#appointment-series"))

    # Cancelling asks which visits: "this and all later" cancels the second and the third, the first stays booked.
    browser.find_element(By.XPATH, f"//button[normalize-space()='{words(browser, 'appointment.to.cancelled')}']").click()
    WebDriverWait(browser, 5).until(lambda b: text_in(b, "#series-which"))
    until_text(browser, "#series-which", words(browser, "series.cancelWhich"))
    until_text(browser, "#series-this", words(browser, "series.thisOnly"))
    if stored is not None:
        assert latin_words(browser.execute_script(MAIN), stored + [name]) == []
    screenshot(browser, f"salon-series-cancel-{browser.execute_script('return window.desk.i18n.code')}")
    browser.find_element(By.XPATH, f"//button[normalize-space()='{words(browser, 'series.following')}']").click()
    # Days ahead, cancelling is free; were the salon's late window longer, its fee would be asked first.
    if browser.find_elements(By.ID, "fee-charge"):
        browser.find_element(By.ID, "fee-charge").click()
    states = lambda: [api(browser, "GET", f"/api/v1/appointments/{a['id']}")["data"]["state"] for a in series]  # noqa: E731
    assert poll(lambda: states() == ["booked", "cancelled", "cancelled"]), states()
    wait_ready(browser, "appointments")


def test_in_english_a_series_books_around_a_taken_week_and_is_cancelled_from_its_second_visit(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    book_series(driver, salon, "Series Regular")
    use_property(driver, "hotel")


def test_in_japanese_the_same_with_no_english_word_left(desk_server):
    desk = make_driver((1024, 768), "ja-JP")
    try:
        sign_in(desk, desk_server)
        salon = use_property(desk, "salon")
        property_ = api(desk, "GET", f"/api/v1/properties/{salon['id']}")["data"]
        stored = [m["name"] for m in property_["staff"]] + [s["name"] for s in desk.execute_script("return window.desk.property.services")]
        book_series(desk, salon, "定期 花子", stored)
    finally:
        desk.quit()
