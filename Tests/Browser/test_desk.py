"""The front desk app (Web/desk/) in Chromium against a real server over a fresh SQLite demo database:
signing in, today's lists, a stay from check-in to check-out, editing on the board by mouse and
keyboard, live updates between two browsers, and languages. Screenshots land in artifacts/."""

import datetime
import json
import time

import pytest
from conftest import screenshot, text_in
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

EMAIL = "frontdesk@example.com"
PASSWORD = "frontdesk-demo"


def wait_ready(browser, screen=None, timeout=30):
    def ready(b):
        state = b.execute_script(
            "return [document.documentElement.dataset.screen, document.documentElement.dataset.ready]"
        )
        if state[1] == "error":
            raise AssertionError(f"the screen failed: {b.find_element(By.ID, 'desk-app').text}")
        return state[1] == "true" and (screen is None or state[0] == screen)

    WebDriverWait(browser, timeout).until(ready)


def sign_in(browser, base):
    browser.get(f"{base}/desk/")
    WebDriverWait(browser, 30).until(
        lambda b: b.execute_script("return document.documentElement.dataset.screen") in ("login", "today", "board")
    )
    if browser.execute_script("return document.documentElement.dataset.screen") == "login":
        browser.find_element(By.ID, "login-email").send_keys(EMAIL)
        browser.find_element(By.ID, "login-password").send_keys(PASSWORD)
        browser.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    wait_ready(browser)


def api(browser, method, path, body=None, headers=None):
    """Calls the API from the page, with its session: `{status, data, etag}`."""
    return browser.execute_async_script(
        """
        const [method, path, body, headers, done] = arguments;
        fetch(path, { method, headers: { 'Content-Type': 'application/json', ...(headers || {}) },
                      body: body === null ? undefined : JSON.stringify(body) })
          .then(async (r) => done({ status: r.status, data: await r.json().catch(() => null), etag: r.headers.get('ETag') }));
        """,
        method,
        path,
        body,
        headers or {},
    )


def text_of(browser, element_id):
    """An element's text by its id, read in the page (screens redraw, so element handles go stale)."""
    return text_in(browser, f"#{element_id}")


def go(browser, hash_, screen):
    browser.execute_script("location.hash = arguments[0]", hash_)
    wait_ready(browser, screen)


def use_property(browser, kind):
    """Switches the app to the demo's hotel or salon."""
    properties = api(browser, "GET", "/api/v1/properties")["data"]["properties"]
    wanted = next(p for p in properties if p["kind"] == kind)
    select = Select(browser.find_element(By.ID, "desk-property"))
    if select.first_selected_option.get_attribute("value") != str(wanted["id"]):
        select.select_by_value(str(wanted["id"]))
        wait_ready(browser)
    return wanted


def open_board(browser):
    go(browser, "#/board", "board")
    WebDriverWait(browser, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))


def poll(condition, timeout=10, interval=0.2):
    deadline = time.time() + timeout
    while True:
        value = condition()
        if value or time.time() > deadline:
            return value
        time.sleep(interval)


# Finds a booked one-run stay on the board and a room where it would (or would not) fit.
FIND_MOVE = """
const [wantConflict] = arguments;
const screen = window.deskBoard;
const items = [...screen.data.items.values()];
const rooms = screen.data.rows.filter((r) => r.id > 0).map((r) => r.id);
const free = (rowId, start, end, except) => !items.some((i) => i.rowId === rowId && i.id !== except && i.start < end && start < i.end);
const today = screen.data.today;
for (const item of items) {
  if (item.style !== 0 || item.rowId < 0 || item.start < today + 2 || item.start > today + 20) continue;
  if (!screen.data.editable(item)) continue;
  const index = rooms.indexOf(item.rowId);
  for (const rowId of [rooms[index + 1], rooms[index - 1]]) {
    if (rowId === undefined) continue;
    const fits = free(rowId, item.start, item.end, item.id);
    if (fits !== wantConflict) {
      return { id: item.id, stayId: item.stayId, rowId: item.rowId, start: item.start, end: item.end, target: rowId };
    }
  }
}
return null;
"""

# Scrolls a bar into view and gives its centre and the centre of the same dates in another row.
AIM = """
const [id, targetRow] = arguments;
const screen = window.deskBoard;
screen.focusItem(screen.data.items.get(id));
screen.board.render(true);
const bar = screen.board.bars.bound.get(id).getBoundingClientRect();
const rows = screen.timeline.queryRows(0, 1e9);
const from = rows.find((r) => r.rowId === screen.data.items.get(id).rowId);
const to = rows.find((r) => r.rowId === targetRow);
return { x: bar.left + bar.width / 2, y: bar.top + bar.height / 2, dy: (to.y + to.height / 2) - (from.y + from.height / 2) };
"""

# Scrolls a bar into view and gives a point just inside its right edge, and a day's width.
RIGHT_EDGE = """
const screen = window.deskBoard;
screen.focusItem(screen.data.items.get(arguments[0]));
screen.board.render(true);
const bar = screen.board.bars.bound.get(arguments[0]).getBoundingClientRect();
return { x: bar.right - 3, y: bar.top + bar.height / 2, day: screen.dayWidth };
"""

# A booked one-run stay that starts more than `after` days from today, is at least `nights` nights
# long, and has its room free on the night after it (so it can move or grow by a night).
FIND_FREE_AFTER = """
const [after, nights] = arguments;
const screen = window.deskBoard;
const items = [...screen.data.items.values()];
const today = screen.data.today;
return items.find((i) => i.style === 0 && i.rowId > 0 && i.start > today + after && i.end - i.start >= nights
  && screen.data.editable(i)
  && !items.some((o) => o.rowId === i.rowId && o.id !== i.id && o.start < i.end + 1 && i.start < o.end)) || null;
"""


def drag(browser, element_point, dx, dy):
    """A mouse drag from a viewport point by (dx, dy), in steps, as a person would."""
    body = browser.find_element(By.TAG_NAME, "body")
    chain = ActionChains(browser, duration=50)
    chain.move_to_element_with_offset(body, 0, 0)
    chain.move_by_offset(element_point["x"] - body.size["width"] / 2, element_point["y"] - body.size["height"] / 2)
    chain.click_and_hold()
    steps = 6
    for _ in range(steps):
        chain.move_by_offset(dx / steps, dy / steps)
    chain.release()
    chain.perform()


def test_signing_in_shows_a_wrong_password_in_place_and_keeps_the_email(desk_server, driver):
    driver.delete_all_cookies()
    driver.get(f"{desk_server}/desk/")
    WebDriverWait(driver, 30).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    driver.find_element(By.ID, "login-email").send_keys(EMAIL)
    driver.find_element(By.ID, "login-password").send_keys("not the password")
    driver.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda b: b.find_element(By.ID, "login-error").text)
    assert "do not match" in driver.find_element(By.ID, "login-error").text
    assert driver.find_element(By.ID, "login-email").get_attribute("value") == EMAIL
    screenshot(driver, "login-refused")
    password = driver.find_element(By.ID, "login-password")
    password.clear()
    password.send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    wait_ready(driver, "today")
    assert driver.find_element(By.CSS_SELECTOR, ".desk-user").text


def test_a_sign_in_whose_property_cannot_be_read_shows_the_form_again_and_the_next_try_opens_the_desk(
    desk_server, browser_factory
):
    # The bar is drawn from the sign-in's answer while the property is read; when that read cannot reach
    # the server, the form comes back as it was, saying so.
    desk = browser_factory()
    desk.get(f"{desk_server}/desk/")
    WebDriverWait(desk, 30).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    desk.execute_cdp_cmd("Network.enable", {})
    desk.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/v1/properties/*"]})
    desk.find_element(By.ID, "login-email").send_keys(EMAIL)
    desk.find_element(By.ID, "login-password").send_keys(PASSWORD)
    desk.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    WebDriverWait(desk, 15).until(lambda b: text_in(b, "#login-error"))
    assert "cannot be reached" in text_in(desk, "#login-error")
    assert desk.find_element(By.ID, "login-email").get_attribute("value") == EMAIL
    assert not desk.find_elements(By.CSS_SELECTOR, ".desk-bar")
    submit = desk.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]")
    assert submit.is_enabled() and submit.text == "Sign in"
    desk.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    submit.click()
    wait_ready(desk, "today")
    assert desk.find_element(By.CSS_SELECTOR, ".desk-user").text == "Front Desk"


def test_todays_lists_match_the_api(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    go(driver, "#/today", "today")
    expected = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    for key in ("arrivals", "departures", "inHouse"):
        driver.find_element(By.CSS_SELECTOR, f"[role=tab][data-list={key}]").click()
        tab = driver.find_element(By.CSS_SELECTOR, f"[role=tab][data-list={key}]")
        assert tab.get_attribute("aria-selected") == "true"
        assert tab.find_element(By.CSS_SELECTOR, ".desk-count").text == str(len(expected[key]))
        shown = [row.get_attribute("data-stay-id") for row in driver.find_elements(By.CSS_SELECTOR, "#today-panel tbody tr")]
        assert shown == [str(entry["stay"]["id"]) for entry in expected[key]]
    assert len(expected["arrivals"]) > 0
    # The search looks through all three lists, by name or by code.
    someone = expected["arrivals"][0]
    search = driver.find_element(By.ID, "today-search")
    search.send_keys(someone["stay"]["confirmationCode"])
    shown = [row.get_attribute("data-stay-id") for row in driver.find_elements(By.CSS_SELECTOR, "#today-panel tbody tr")]
    assert shown == [str(someone["stay"]["id"])]
    search.clear()
    search.send_keys(Keys.SPACE, Keys.BACKSPACE)
    screenshot(driver, "today-1024x768")


def test_a_guest_is_checked_in_pays_and_is_checked_out(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    go(driver, "#/today", "today")
    driver.find_element(By.CSS_SELECTOR, "[role=tab][data-list=arrivals]").click()
    button = driver.find_element(By.CSS_SELECTOR, "#today-panel tr[data-state=booked] button.is-primary")
    row = button.find_element(By.XPATH, "./ancestor::tr")
    stay_id = row.get_attribute("data-stay-id")
    name = row.find_element(By.TAG_NAME, "th").text
    assert button.get_attribute("aria-label") == f"Check in {name}"
    button.click()
    # A room not ready yet is refused in words, with the choice to check in anyway.
    time.sleep(0.5)
    anyway = driver.find_elements(By.XPATH, "//button[text()='Check in anyway']")
    if anyway:
        anyway[0].click()
    poll(lambda: api(driver, "GET", f"/api/v1/stays/{stay_id}")["data"]["state"] == "checked_in")
    assert api(driver, "GET", f"/api/v1/stays/{stay_id}")["data"]["state"] == "checked_in"

    go(driver, f"#/stays/{stay_id}", "stays")
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "[data-form=payment] form"))
    folio = api(driver, "GET", f"/api/v1/stays/{stay_id}/folio")["data"]
    assert folio["balance"]["amount"] > 0
    screenshot(driver, "stay-checked-in")
    payment = driver.find_element(By.CSS_SELECTOR, "[data-form=payment] form")
    payment.find_element(By.XPATH, ".//label[normalize-space()='Cash']").click()
    payment.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    poll(lambda: api(driver, "GET", f"/api/v1/stays/{stay_id}/folio")["data"]["balance"]["amount"] == 0)
    WebDriverWait(driver, 10).until(lambda b: "0.00" in text_of(b, "folio-balance"))
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.XPATH, "//button[text()='Check out']"))
    time.sleep(0.3)
    driver.find_element(By.XPATH, "//button[text()='Check out']").click()
    WebDriverWait(driver, 10).until(lambda b: "Checked out" in text_of(b, "stay-title"))
    assert api(driver, "GET", f"/api/v1/stays/{stay_id}")["data"]["state"] == "checked_out"
    screenshot(driver, "stay-checked-out")


def test_cancel_asks_first_and_a_manager_reinstates_a_mistaken_cancel(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    # A booking a week or more ahead (the board's items: segment, row, arrival, departure, style,
    # stay; style 0 is booked): no Check in nor No-show is offered before its arrival, Cancel is.
    board = api(driver, "GET", "/api/v1/properties/1/board")["data"]
    items = board["items"]
    today = next(day for day in range(board["fromDay"], board["toDay"]) if board["today"] == driver.execute_script(
        "return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", day))
    future = next(
        items[index + 5] for index in range(0, len(items), 6)
        if items[index + 4] == 0 and items[index + 1] > 0 and items[index + 2] > today + 7
    )
    go(driver, f"#/stays/{future}", "stays")
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.XPATH, "//button[text()='Cancel the stay']"))
    assert not driver.find_elements(By.XPATH, "//button[text()='Check in']")
    assert not driver.find_elements(By.XPATH, "//button[text()='Mark as no-show']")

    # Asked first: No keeps the stay as it was.
    driver.find_element(By.XPATH, "//button[text()='Cancel the stay']").click()
    question = WebDriverWait(driver, 5).until(lambda b: b.find_element(By.CSS_SELECTOR, "[role=alertdialog]"))
    assert "reinstate" in question.text
    question.find_element(By.XPATH, ".//button[text()='No, keep it']").click()
    assert not driver.find_elements(By.CSS_SELECTOR, "[role=alertdialog]")
    assert api(driver, "GET", f"/api/v1/stays/{future}")["data"]["state"] == "booked"

    # Yes cancels; the manager then reinstates it, in its room.
    driver.find_element(By.XPATH, "//button[text()='Cancel the stay']").click()
    driver.find_element(By.XPATH, "//*[@role='alertdialog']//button[text()='Yes']").click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{future}")["data"]["state"] == "cancelled")
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.XPATH, "//button[text()='Reinstate']"))
    screenshot(driver, "stay-cancelled")
    driver.find_element(By.XPATH, "//button[text()='Reinstate']").click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{future}")["data"]["state"] == "booked")
    # The stay's history says what was done, by whom.
    WebDriverWait(driver, 10).until(lambda b: "Reinstated" in text_of(b, "stay-history"))
    lines = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#stay-history li")]
    assert any("Front Desk · Cancelled" in line for line in lines), lines
    assert "Front Desk · Reinstated" in lines[-1], lines


def test_a_cancelled_booking_is_found_again_from_todays_search(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    board = api(driver, "GET", "/api/v1/properties/1/board")["data"]
    items = board["items"]
    # The last booked stay on the board: weeks ahead, in no list of today's.
    index = max(i for i in range(0, len(items), 6) if items[i + 4] == 0 and items[i + 1] > 0)
    stay_id = items[index + 5]
    stay = api(driver, "GET", f"/api/v1/stays/{stay_id}")
    cancelled = api(driver, "POST", f"/api/v1/stays/{stay_id}/cancel", headers={"If-Match": stay["etag"]})
    assert cancelled["status"] == 200
    name = stay["data"]["guest"]["name"]
    go(driver, "#/today", "today")
    search = driver.find_element(By.ID, "today-search")
    search.send_keys(stay["data"]["confirmationCode"][-5:])
    link = WebDriverWait(driver, 10).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, f"#today-found a[href='#/stays/{stay_id}']"))[0]
    assert link.text == name
    assert "Cancelled" in link.find_element(By.XPATH, "./..").text
    link.click()
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.XPATH, "//button[text()='Reinstate']"))


def board_with_a_movable_stay(driver, base):
    """Signs in, opens the hotel's board and finds a stay that fits in the next room: that move (FIND_MOVE's
    answer) and where to aim at it (AIM's)."""
    sign_in(driver, base)
    use_property(driver, "hotel")
    open_board(driver)
    move = driver.execute_script(FIND_MOVE, False)
    assert move, "the demo has a stay that fits in the next room"
    return move, driver.execute_script(AIM, move["id"], move["target"])


def test_dragging_a_stay_to_another_room_moves_it_on_the_server(desk_server, driver):
    move, aim = board_with_a_movable_stay(driver, desk_server)
    drag(driver, aim, 0, aim["dy"])
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{move['stayId']}")["data"]["roomId"] == move["target"])
    stay = api(driver, "GET", f"/api/v1/stays/{move['stayId']}")["data"]
    assert (stay["roomId"], stay["nights"]) == (move["target"], move["end"] - move["start"])
    screenshot(driver, "board-after-move")


def touch_drag(browser, point, dy, hold):
    """A finger on a viewport point, held `hold` seconds, then moved by `dy` in steps and lifted, through
    Chromium's own input pipeline (DevTools' Input.dispatchTouchEvent), so the page sees touch pointers."""
    def touch(kind, y=None):
        points = [] if kind == "touchEnd" else [{"x": point["x"], "y": y, "id": 1}]
        browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", point["y"])
    time.sleep(hold)
    steps = 8
    for step in range(1, steps + 1):
        touch("touchMove", point["y"] + dy * step / steps)
        time.sleep(0.02)
    touch("touchEnd")


def test_on_touch_a_long_press_drags_a_stay_while_a_quick_swipe_moves_nothing(desk_server, driver):
    move, aim = board_with_a_movable_stay(driver, desk_server)
    # A swipe that starts on the stay at once is the board's scroll, not a drag.
    touch_drag(driver, aim, aim["dy"], hold=0)
    time.sleep(0.5)
    assert api(driver, "GET", f"/api/v1/stays/{move['stayId']}")["data"]["roomId"] == move["rowId"]
    # Held past the long press, the same gesture moves the stay to the other room.
    aim = driver.execute_script(AIM, move["id"], move["target"])
    touch_drag(driver, aim, aim["dy"], hold=0.7)
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{move['stayId']}")["data"]["roomId"] == move["target"])


def test_a_refused_drop_snaps_back_with_the_servers_reason(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    move = driver.execute_script(FIND_MOVE, True)
    assert move, "the demo has a stay that overlaps one in the next room"
    aim = driver.execute_script(AIM, move["id"], move["target"])
    drag(driver, aim, 0, aim["dy"])
    WebDriverWait(driver, 10).until(lambda b: b.execute_script("return window.deskBoard.status.dataset.refused") == "true")
    status = driver.execute_script("return window.deskBoard.status.textContent")
    assert status.startswith("Not moved:") and len(status) > len("Not moved: ")
    item = driver.execute_script("return window.deskBoard.data.items.get(arguments[0])", move["id"])
    assert item["rowId"] == move["rowId"]
    assert api(driver, "GET", f"/api/v1/stays/{move['stayId']}")["data"]["roomId"] == move["rowId"]


def test_the_keyboard_moves_a_stay_by_a_night_and_undo_moves_it_back(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    found = driver.execute_script(FIND_FREE_AFTER, 2, 1)
    assert found
    driver.execute_script("window.deskBoard.focusItem(window.deskBoard.data.items.get(arguments[0]))", found["id"])
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-id") == str(found["id"])
    ActionChains(driver).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
    from_day = lambda: api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]["arrival"]
    start = driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["start"] + 1)
    assert poll(lambda: from_day() == start)
    driver.find_element(By.CSS_SELECTOR, "button[aria-label='Undo']").click()
    back = driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["start"])
    assert poll(lambda: from_day() == back)


def test_a_tap_while_the_panels_code_cannot_be_fetched_says_so_and_the_next_tap_opens_the_booking(
    desk_server, browser_factory
):
    # The panel's code comes after the board has painted (panel-slot.js): when it cannot be fetched, a tap
    # on a booking says so, and a tap once the server is back opens the booking.
    desk = browser_factory()
    sign_in(desk, desk_server)
    use_property(desk, "hotel")
    desk.execute_cdp_cmd("Network.enable", {})
    desk.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/desk/board/board-panel.js*"]})
    open_board(desk)
    bar = desk.execute_script("return document.querySelector('.board-bar[data-id]')")
    name = desk.execute_script("return window.deskBoard.data.items.get(Number(arguments[0].dataset.id)).name", bar)
    bar.click()
    WebDriverWait(desk, 15).until(lambda b: "cannot be reached" in text_in(b, "#desk-toast"))
    assert not desk.find_element(By.ID, "board-panel").is_displayed()
    desk.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    desk.execute_script("return document.querySelector('.board-bar[data-id]')").click()
    WebDriverWait(desk, 15).until(lambda b: text_in(b, "#board-panel-title") == name)


def test_tab_into_the_board_then_arrows_walk_the_bookings_in_view_and_keep_focus(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    board = driver.execute_script("return window.deskBoard.container")
    for _ in range(30):
        if driver.switch_to.active_element == board:
            break
        ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.switch_to.active_element == board, "Tab reaches the board"
    view = lambda: driver.execute_script(
        "const c = window.deskBoard.container; return [c.scrollLeft, c.scrollTop]")
    before = view()
    focused = lambda: driver.execute_script(
        "const a = document.activeElement; return a.classList.contains('board-bar') ? "
        "window.deskBoard.data.items.get(Number(a.dataset.id)) : null")

    # The first arrow picks a booking in view, in the topmost row with one, without scrolling away.
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    first = focused()
    assert first, "a booking has the focus"
    time.sleep(0.4)  # the panel opens and the board redraws narrower
    assert focused() == first, "the focus stays on the booking after the panel opens"
    after = view()
    assert abs(after[0] - before[0]) < 200 and abs(after[1] - before[1]) < 200, (before, after)
    assert driver.find_element(By.ID, "board-panel-title").text == first["name"]

    # Further arrows go on from it: along its row, then to the row below.
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    time.sleep(0.3)
    second = focused()
    assert second and second["rowId"] == first["rowId"] and second["start"] > first["start"], (first, second)
    ActionChains(driver).send_keys(Keys.ARROW_DOWN).perform()
    time.sleep(0.3)
    third = focused()
    assert third and third["rowId"] != first["rowId"], third
    ActionChains(driver).send_keys(Keys.ESCAPE).perform()


def test_dragging_a_stays_right_edge_adds_a_night(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    found = driver.execute_script(FIND_FREE_AFTER, 3, 2)
    assert found
    edge = driver.execute_script(RIGHT_EDGE, found["id"])
    drag(driver, edge, edge["day"], 0)
    departure = driver.execute_script(
        "return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["end"] + 1)
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]["departure"] == departure)
    stay = api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]
    assert stay["nights"] == found["end"] - found["start"] + 1


# A checked-in one-run stay that arrived before today and whose room is free on the night after it
# (it can grow by a night), or (with `true`) with a room within two rows free from today to its end
# (it can move there); null when none.
FIND_IN_HOUSE = """
const moving = arguments[0] === true;
const screen = window.deskBoard;
const items = [...screen.data.items.values()];
const rooms = screen.data.rows.filter((r) => r.id > 0).map((r) => r.id);
const today = screen.data.today;
const free = (rowId, start, end, except) => !items.some((o) => o.rowId === rowId && o.id !== except && o.start < end && start < o.end);
for (const i of items) {
  if (i.style !== 1 || i.rowId < 0 || i.start >= today || i.end <= today + 1 || !screen.data.editable(i)) continue;
  const found = { id: i.id, stayId: i.stayId, rowId: i.rowId, start: i.start, end: i.end };
  if (!moving) {
    if (free(i.rowId, i.end, i.end + 1, i.id)) return found;
    continue;
  }
  const index = rooms.indexOf(i.rowId);
  // Within two rows, so that the drop is on screen with the bar.
  const nearest = [rooms[index + 1], rooms[index - 1], rooms[index + 2], rooms[index - 2]].filter((r) => r !== undefined);
  const target = nearest.find((r) => free(r, today, i.end, i.id));
  if (target !== undefined) return { ...found, target };
}
return null;
"""


def room_nights_charged(browser, stay_id):
    folio = api(browser, "GET", f"/api/v1/stays/{stay_id}/folio")["data"]
    return sorted(e["night"] for e in folio["entries"] if e.get("category") == "room" and not e["reversed"])


def test_a_night_added_on_the_board_to_a_guest_in_house_is_charged(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    found = driver.execute_script(FIND_IN_HOUSE)
    assert found, "the demo hotel has a guest in house who can stay a night longer"
    before = room_nights_charged(driver, found["stayId"])
    edge = driver.execute_script(RIGHT_EDGE, found["id"])
    drag(driver, edge, edge["day"], 0)
    assert poll(lambda: len(room_nights_charged(driver, found["stayId"])) == len(before) + 1)
    stay = api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]
    assert room_nights_charged(driver, found["stayId"])[-1] == driver.execute_script(
        "return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["end"])
    assert stay["nights"] == found["end"] - found["start"] + 1


def test_dragging_a_guest_in_house_to_another_room_moves_them_from_today_and_says_so(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    found = driver.execute_script(FIND_IN_HOUSE, True)
    assert found, "the demo hotel has a guest in house who can move to a free room"
    aim = driver.execute_script(AIM, found["id"], found["target"])
    drag(driver, aim, 0, aim["dy"])
    assert poll(lambda: len(api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]["segments"]) == 2)
    stay = api(driver, "GET", f"/api/v1/stays/{found['stayId']}")["data"]
    today = driver.execute_script(
        "return new Date(window.deskBoard.data.today * 86400000).toISOString().slice(0, 10)")
    assert [s["roomId"] for s in stay["segments"]] == [found["rowId"], found["target"]]
    assert stay["segments"][1]["arrival"] == today
    assert poll(lambda: "slept" in driver.find_element(By.ID, "desk-toast").text)
    screenshot(driver, "board-in-house-move")


def test_two_browsers_see_each_others_edits(desk_server, driver, browser_factory):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    other = browser_factory()
    sign_in(other, desk_server)
    use_property(other, "hotel")
    open_board(other)
    found = driver.execute_script(FIND_FREE_AFTER, 25, 1)
    assert found
    stay = api(driver, "GET", f"/api/v1/stays/{found['stayId']}")
    body = {"departure": driver.execute_script(
        "return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["end"] + 1)}
    changed = api(driver, "PATCH", f"/api/v1/stays/{found['stayId']}", body, {"If-Match": stay["etag"]})
    assert changed["status"] == 200
    seen = lambda b: b.execute_script(
        "return [...window.deskBoard.data.items.values()].some((i) => i.stayId === arguments[0] && i.end === arguments[1])",
        found["stayId"],
        found["end"] + 1,
    )
    assert poll(lambda: seen(other) and seen(driver), timeout=5)


# Before the page's own scripts: the app's read of the property (after which it opens the live stream) waits
# for `releaseProperty()`; every board read is noted in `boardReads`, and `boardAnswered` says the first has
# its answer.
HOLD_THE_PROPERTY = """
const real = window.fetch.bind(window);
let release;
const held = new Promise((resolve) => (release = resolve));
window.releaseProperty = release;
window.boardReads = [];
window.fetch = (input, init) => {
  const url = new URL(String(input.url ?? input), location.href);
  if (/^\\/api\\/v1\\/properties\\/\\d+$/.test(url.pathname)) return held.then(() => real(input, init));
  const answer = real(input, init);
  if (url.pathname.endsWith("/board")) {
    window.boardReads.push(url.search);
    answer.then(() => (window.boardAnswered = true));
  }
  return answer;
};
"""


def test_the_board_read_as_the_page_opens_catches_up_with_a_change_made_before_the_live_stream(
    desk_server, browser_factory
):
    desk = browser_factory()
    sign_in(desk, desk_server)
    use_property(desk, "hotel")
    open_board(desk)
    found = desk.execute_script(FIND_FREE_AFTER, 10, 1)
    assert found
    desk.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOLD_THE_PROPERTY})
    desk.get("about:blank")
    desk.get(f"{desk_server}/desk/#/board")
    # The page's first board read has answered; the app has not yet read the property nor opened the stream.
    WebDriverWait(desk, 10).until(lambda b: b.execute_script("return window.boardAnswered === true"))
    stay = api(desk, "GET", f"/api/v1/stays/{found['stayId']}")
    body = {"departure": desk.execute_script(
        "return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", found["end"] + 1)}
    assert api(desk, "PATCH", f"/api/v1/stays/{found['stayId']}", body, {"If-Match": stay["etag"]})["status"] == 200
    desk.execute_script("window.releaseProperty()")
    wait_ready(desk, "board")
    lengthened = lambda: desk.execute_script(
        "return !!window.deskBoard && [...window.deskBoard.data.items.values()]"
        ".some((i) => i.stayId === arguments[0] && i.end === arguments[1])",
        found["stayId"],
        found["end"] + 1,
    )
    assert poll(lengthened, timeout=10)
    # The board drawn first was the page's early read; the stream started after the change, so it read again.
    reads = desk.execute_script("return window.boardReads")
    assert reads[0] == "" and len(reads) == 2 and reads[1].startswith("?from="), reads


def test_dragging_on_the_staff_board_books_an_appointment(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    open_board(driver)
    point = driver.execute_script(
        """
        const screen = window.deskBoard;
        const clock = (text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));
        const items = [...screen.data.items.values()];
        // A member of staff with an hour free inside their shifts: the drag starts on empty space.
        let staff = null, start = -1;
        for (const member of screen.data.staff.values()) {
          const off = screen.data.offHours(member.rowId);
          for (let m = clock(member.workStart) + 60; m + 60 <= clock(member.workEnd); m += 15) {
            if (off.some(([a, b]) => a < m + 60 && m < b)) continue;
            if (!items.some((i) => i.rowId === member.rowId && i.start < m + 60 && m < i.end)) { staff = member; start = m; break; }
          }
          if (staff) break;
        }
        const rows = screen.timeline.queryRows(0, 1e9);
        const row = rows.find((r) => r.rowId === staff.rowId);
        const c = screen.container;
        const x = 150 + (start / 60) * 120 + 2;
        c.scrollLeft = Math.max(0, x - 400);
        c.scrollTop = Math.max(0, row.y - 200);
        screen.board.render(true);
        const box = c.getBoundingClientRect();
        return { x: box.left + x - c.scrollLeft, y: box.top + row.y + row.height / 2 - c.scrollTop, staffId: staff.id, staffName: staff.name, start };
        """
    )
    drag(driver, point, 90, 0)
    # The server's declared appointment form, filled from the drag.
    name = '.board-new [data-key="customer.name"] input'
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, name))
    screenshot(driver, "salon-new-appointment")
    staff = driver.find_element(By.CSS_SELECTOR, '.board-new [data-key="staffId"] select')
    assert Select(staff).first_selected_option.text == point["staffName"]
    # The customer's confirmation, offered in the desk's language (sent when their record has an email).
    language = Select(driver.find_element(By.CSS_SELECTOR, '.board-new [data-key="language"] select'))
    assert language.first_selected_option.text == "English"
    driver.find_element(By.CSS_SELECTOR, name).send_keys("Drag Test Customer")
    driver.find_element(By.CSS_SELECTOR, '.board-new [data-key="customer.phone"] input').send_keys("+66 81 234 5678")
    driver.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()

    def booked():
        board = api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]
        return "Drag Test Customer" in board["customers"]

    assert poll(booked)
    board = api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]
    index = board["customers"].index("Drag Test Customer")
    item = board["items"][index * 6 : index * 6 + 6]
    assert item[1] == point["staffId"]
    assert item[2] - board["fromMinute"] == point["start"]
    assert item[3] - item[2] >= 15
    # The phone typed in the form is kept with the customer.
    appointment = api(driver, "GET", f"/api/v1/appointments/{item[0]}")["data"]
    assert appointment["customer"]["phone"] == "+66 81 234 5678"
    use_property(driver, "hotel")


def test_the_language_switch_changes_words_dates_and_money(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    use_property(browser, "hotel")
    go(browser, "#/today", "today")
    english_tab = browser.find_element(By.CSS_SELECTOR, "[role=tab][data-list=arrivals]").text
    Select(browser.find_element(By.ID, "desk-language")).select_by_value("th")
    wait_ready(browser, "today")
    assert browser.execute_script("return document.documentElement.lang") == "th"
    tab = browser.find_element(By.CSS_SELECTOR, "[role=tab][data-list=arrivals]").text
    assert tab != english_tab and "เข้าพัก" in tab
    balance = browser.find_element(By.CSS_SELECTOR, "#today-panel tbody td.desk-number:nth-of-type(5)").text
    assert "฿" in balance
    go(browser, "#/board", "board")
    WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".board-span"))
    months = " ".join(span.text for span in browser.find_elements(By.CSS_SELECTOR, ".board-span"))
    assert "2569" in months or "2570" in months  # the Buddhist era
    screenshot(browser, "board-thai")
    # Japanese on the salon: yen without decimals.
    Select(browser.find_element(By.ID, "desk-language")).select_by_value("ja")
    wait_ready(browser)
    salon = use_property(browser, "salon")
    services = api(browser, "GET", f"/api/v1/properties/{salon['id']}")["data"]["services"]
    price = browser.execute_script(
        "return window.desk.i18n.money(arguments[0])", services[0]["price"]
    )
    assert price.startswith("￥") or price.startswith("¥")
    assert "." not in price


def test_a_manager_sets_a_seasons_rate_and_the_guest_site_quotes_it(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    go(driver, "#/rates", "rates")
    room_type = int(Select(driver.find_element(By.ID, "rates-room-type")).first_selected_option.get_attribute("value"))
    first = (datetime.date.today() + datetime.timedelta(days=200)).isoformat()
    last = (datetime.date.today() + datetime.timedelta(days=202)).isoformat()
    driver.execute_script(
        """
        const [first, last] = arguments;
        for (const [id, value] of [['rates-first', first], ['rates-last', last]]) {
          const input = document.getElementById(id);
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        """,
        first,
        last,
    )
    driver.find_element(By.ID, "rates-amount").send_keys("2345")
    driver.find_element(By.ID, "rates-submit").click()
    # The table now starts at the first night, the three nights in bold at the new rate.
    WebDriverWait(driver, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".rates-table tr.rates-special")) == 3)
    special = [row.get_attribute("data-night") for row in driver.find_elements(By.CSS_SELECTOR, ".rates-table tr.rates-special")]
    assert special[0] == first and special[-1] == last
    assert "2,345.00" in driver.find_element(By.CSS_SELECTOR, ".rates-table tr.rates-special td").text
    screenshot(driver, "rates")
    departure = (datetime.date.today() + datetime.timedelta(days=203)).isoformat()
    rates = api(driver, "GET", f"/api/v1/room-types/{room_type}/rates?from={first}&to={departure}")["data"]
    assert [n["rate"]["amount"] for n in rates["nights"]] == [234500] * 3
    offer = api(driver, "GET", f"/api/v1/public/properties/{hotel['id']}?arrival={first}&departure={departure}&adults=1")["data"]
    priced = next(r for r in offer["roomTypes"] if r["id"] == room_type)
    assert [line["amount"]["amount"] for line in priced["price"]["nights"]] == [234500] * 3


def test_the_move_form_offers_only_rooms_free_for_the_rest_of_the_stay(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    rooms = api(driver, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
    arrival = (datetime.date.today() + datetime.timedelta(days=300)).isoformat()
    departure = (datetime.date.today() + datetime.timedelta(days=303)).isoformat()
    later = (datetime.date.today() + datetime.timedelta(days=302)).isoformat()

    def book(room, start, end, name):
        made = api(
            driver, "POST", f"/api/v1/properties/{hotel['id']}/stays",
            {"roomId": room["id"], "arrival": start, "departure": end, "adults": 1, "guest": {"name": name}},
            {"Idempotency-Key": f"move-form-{name.replace(' ', '-')}"},
        )
        assert made["status"] == 201, made
        return made["data"]

    mover = book(rooms[0], arrival, departure, "Moving Guest")
    book(rooms[1], later, departure, "Last Night Guest")  # takes rooms[1] on the stay's last night only
    go(driver, f"#/stays/{mover['id']}", "stays")
    select = '[data-form="move"] select'
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, select))
    offered = driver.execute_script(
        "return [...document.querySelector(arguments[0]).options].filter((o) => o.value !== '').map((o) => o.text.split(' · ')[0])",
        select,
    )
    assert rooms[0]["number"] not in offered  # the room the guest is in
    assert rooms[1]["number"] not in offered  # taken on one of the nights
    # Every other room is free so far ahead: the demo's stays stop well before.
    assert sorted(offered) == sorted(r["number"] for r in rooms[2:])


def test_a_move_into_a_room_of_another_type_says_the_price_difference_in_the_desks_language(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    rooms = api(browser, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]
    booked_in = rooms[0]
    upgrade = next(r for r in rooms if r["roomTypeId"] != booked_in["roomTypeId"])
    arrival = (datetime.date.today() + datetime.timedelta(days=310)).isoformat()
    departure = (datetime.date.today() + datetime.timedelta(days=312)).isoformat()
    made = api(
        browser, "POST", f"/api/v1/properties/{hotel['id']}/stays",
        {"roomId": booked_in["id"], "arrival": arrival, "departure": departure, "adults": 1,
         "guest": {"name": "Upgrade Guest"}},
        {"Idempotency-Key": "move-upgrade-guest"},
    )
    assert made["status"] == 201, made
    Select(browser.find_element(By.ID, "desk-language")).select_by_value("th")
    wait_ready(browser)
    go(browser, f"#/stays/{made['data']['id']}", "stays")
    select = '[data-form="move"] select'
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, select))
    move_list = Select(browser.find_element(By.CSS_SELECTOR, select))
    option = next(o for o in move_list.options if o.text.split(" · ")[0] == upgrade["number"])
    # The Move list names each room's type and housekeeping status, in the desk's language.
    assert len(option.text.split(" · ")) == 3 and not any(w in option.text for w in ("Clean", "Dirty", "Inspected")), option.text
    move_list.select_by_visible_text(option.text)
    browser.find_element(By.CSS_SELECTOR, '[data-form="move"] button[type=submit]').click()
    assert poll(lambda: api(browser, "GET", f"/api/v1/stays/{made['data']['id']}")["data"]["roomId"] == upgrade["id"])
    toast = WebDriverWait(browser, 10).until(
        lambda b: (t := b.find_element(By.ID, "desk-toast").text) and "จองเป็น" in t and t)
    assert "฿" in toast and "booked" not in toast and "nights" not in toast, toast
    screenshot(browser, "move-upgrade-thai")


# Sets the page's clock (`Date`, `Date.now`) to an instant, keeping it running from there.
FAKE_CLOCK = """
const offset = %d - Date.now();
const RealDate = Date;
class ClockDate extends RealDate {
  constructor(...args) { if (args.length === 0) super(RealDate.now() + offset); else super(...args); }
  static now() { return RealDate.now() + offset; }
}
window.Date = ClockDate;
"""


def test_at_the_hotels_small_hours_move_room_offers_the_hotels_today(desk_server, driver):
    """01:30 in Chiang Mai is still yesterday in UTC: the desk's dates are the hotel's."""
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    today = api(driver, "GET", "/api/v1/properties/1/today")["data"]
    guest = next(entry["stay"] for entry in today["inHouse"] if entry["stay"]["arrival"] < today["date"])
    small_hours = datetime.datetime.fromisoformat(f"{today['date']}T01:30:00+07:00")
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_CLOCK % int(small_hours.timestamp() * 1000)})
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script("return new Date().toISOString().slice(0, 10)") < today["date"]
    go(driver, f"#/stays/{guest['id']}", "stays")
    field = '[data-form="move"] input[type=date]'
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, field))
    assert driver.find_element(By.CSS_SELECTOR, field).get_attribute("value") == today["date"]


# The top bar's height, and how many rooms' rows the board shows whole.
ROOMS_SHOWN = """
window.deskBoard.board.render(true);
const board = window.deskBoard.container.getBoundingClientRect();
const rooms = [...document.querySelectorAll('.board-row-header')].filter((header) => {
  const r = header.getBoundingClientRect();
  return Number(header.dataset.rowId) > 0 && r.top >= board.top && r.bottom <= board.bottom + 1;
});
return { bar: document.querySelector('.desk-bar').getBoundingClientRect().height, rooms: rooms.length };
"""


# The visible buttons, fields and segments under `arguments[0]` shorter than a touch target (44 px).
TOO_SMALL_TO_TOUCH = """
const controls = document.querySelector(arguments[0]).querySelectorAll(
  'button, select, input:not([type=radio]):not([type=checkbox]):not([type=hidden]), [role=radiogroup] label');
return [...controls].filter((c) => c.offsetParent && c.getBoundingClientRect().height < 43.5)
  .map((c) => `${c.tagName} ${c.textContent || c.name || c.id} ${Math.round(c.getBoundingClientRect().height)}`);
"""


@pytest.mark.parametrize("size", [(1024, 768), (1366, 1024)])
def test_every_screen_at_ipad_size(desk_server, browser_factory, size):
    browser = browser_factory(viewport=size)
    sign_in(browser, desk_server)
    name = f"{size[0]}x{size[1]}"
    hotel = use_property(browser, "hotel")
    today = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"])
    screens = (("#/today", "today"), ("#/board", "board"), (f"#/stays/{guest['id']}", "stays"),
               ("#/housekeeping", "housekeeping"), ("#/dashboard", "dashboard"), ("#/rates", "rates"),
               ("#/settings", "settings"), ("#/staff", "staff"), ("#/reports", "reports"), ("#/audit", "audit"),
               ("#/bank", "bank"))
    for language in ("en", "th") if size == (1024, 768) else ("en",):
        Select(browser.find_element(By.ID, "desk-language")).select_by_value(language)
        wait_ready(browser)
        for route, screen in screens:
            go(browser, route, screen)
            time.sleep(0.3)
            screenshot(browser, f"{screen}-{name}" + ("-thai" if language == "th" else ""))
            # Nothing runs off the page: a screen scrolls inside the desk, under its bar.
            wide, tall = browser.execute_script(
                "const page = document.documentElement;"
                "return [page.scrollWidth - window.innerWidth, page.scrollHeight - window.innerHeight]")
            assert wide <= 0, f"{language} {screen}: {wide} px wider than the window"
            assert tall <= 0, f"{language} {screen}: {tall} px taller than the window"
            if screen == "stays":
                # Every control of the stay page's forms is a touch target.
                small = browser.execute_script(TOO_SMALL_TO_TOUCH, ".stay-page")
                assert not small, f"{language}: controls under 44 px: {small}"
    Select(browser.find_element(By.ID, "desk-language")).select_by_value("en")
    wait_ready(browser)
    # The board holds only what is visible: bars, headers and a few dozen more.
    go(browser, "#/board", "board")
    counts = browser.execute_script(
        """
        const screen = window.deskBoard;
        screen.board.render(true);
        const [x, y, w, h] = screen.board.bodyRect();
        return { elements: screen.board.elementCount(), bars: screen.timeline.queryItemIds(x, y, w, h).length,
                 rows: screen.timeline.queryRows(y, h).length, columns: screen.timeline.queryColumns(x, w).length };
        """
    )
    assert counts["elements"] <= counts["bars"] + counts["rows"] + counts["columns"] + 50, json.dumps(counts)
    if size == (1024, 768):
        # An iPad in landscape: the top bar is one line and the board shows at least 15 rooms, in every language.
        for language in ("en", "th", "ja", "ko", "vi"):
            Select(browser.find_element(By.ID, "desk-language")).select_by_value(language)
            wait_ready(browser, "board")
            WebDriverWait(browser, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))
            shown = browser.execute_script(ROOMS_SHOWN)
            assert shown["bar"] <= 60, f"{language}: the top bar wraps ({shown['bar']} px)"
            assert shown["rooms"] >= 15, f"{language}: only {shown['rooms']} rooms show"
            wide = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert wide <= 0, f"{language}: the page is {wide} px wider than the window"
            if language == "th":
                screenshot(browser, "board-1024x768-thai")
        Select(browser.find_element(By.ID, "desk-language")).select_by_value("en")
        wait_ready(browser, "board")
    go(browser, "#/dashboard", "dashboard")
    assert browser.find_element(By.ID, "figure-occupancy").text.endswith("%")
    assert browser.find_elements(By.CSS_SELECTOR, ".dashboard-chart svg rect")
    use_property(browser, "salon")
    go(browser, "#/board", "board")
    time.sleep(0.3)
    screenshot(browser, f"salon-board-{name}")


def test_scrolling_to_the_end_of_the_board_reads_the_next_days(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    open_board(driver)
    first = driver.execute_script("return [window.deskBoard.data.from, window.deskBoard.data.to]")
    driver.execute_script("const c = window.deskBoard.container; c.scrollLeft = c.scrollWidth;")
    assert poll(lambda: driver.execute_script("return window.deskBoard.data.to") > first[1] and not driver.execute_script(
        "return window.deskBoard.extending"))
    to = driver.execute_script("return window.deskBoard.data.to")
    iso = lambda day: driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", day)
    board = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/board?from={iso(first[0])}&to={iso(to)}")["data"]
    expected = sorted(board["items"][i] for i in range(0, len(board["items"]), 6))
    shown = driver.execute_script("return [...window.deskBoard.data.items.keys()].sort((a, b) => a - b)")
    assert shown == expected
    # The engine holds the same runs.
    assert driver.execute_script("return window.deskBoard.timeline.itemCount()") == len(expected)


# The runs the engine holds against the board's data: ids the engine lacks or draws elsewhere, and both counts.
ENGINE_AGAINST_DATA = """
const screen = window.deskBoard, apart = [];
for (const item of screen.data.items.values()) {
  const held = screen.timeline.has(item.id) ? screen.timeline.item(item.id) : null;
  if (!held || held.rowId !== item.rowId || held.start !== item.start || held.end !== item.end) apart.push(item.id);
}
return [apart, screen.timeline.itemCount(), screen.data.items.size];
"""


def slow_requests(driver, pattern, milliseconds):
    """The page's requests whose URL matches `pattern` (a JavaScript regular expression) wait `milliseconds`
    before they go."""
    driver.execute_script(
        """
        const [pattern, delay] = arguments, fetch = window.fetch, slow = new RegExp(pattern);
        window.fetch = (url, ...rest) => slow.test(String(url))
          ? new Promise((resolve) => setTimeout(resolve, delay)).then(() => fetch(url, ...rest))
          : fetch(url, ...rest);
        """,
        pattern,
        milliseconds,
    )


def book_in_a_free_room(driver, hotel, arrival, departure, name):
    """Another desk books a stay in the first of the board's rooms free for the nights: the stay, or None."""
    rooms = driver.execute_script("return [...window.deskBoard.data.rooms.values()].map((r) => r.id)")
    for room in rooms:
        body = {"roomId": room, "arrival": arrival, "departure": departure, "adults": 1, "guest": {"name": name}}
        answer = api(driver, "POST", f"/api/v1/properties/{hotel['id']}/stays", body)
        if answer["status"] == 201:
            return answer["data"]
    return None


def test_a_stay_drawn_from_the_live_stream_is_replaced_by_the_servers_runs_when_the_next_days_load(
    desk_server, driver
):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    open_board(driver)
    first = driver.execute_script("return [window.deskBoard.data.from, window.deskBoard.data.to]")
    iso = lambda day: driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", day)
    # Another desk books a stay across the last day read into the days not read yet.
    stay = book_in_a_free_room(driver, hotel, iso(first[1] - 1), iso(first[1] + 2), "Across The Edge")
    assert stay, "no room free across the board's last day"
    drawn = lambda: driver.execute_script(
        "return [...window.deskBoard.data.items.values()].filter((i) => i.stayId === arguments[0]).map((i) => i.id)",
        stay["id"],
    )
    assert poll(lambda: drawn())
    assert all(run >= 2**29 for run in drawn()), "the live stream's run has an id of the board's own"
    driver.execute_script(
        """
        const data = window.deskBoard.data, load = data.load;
        window.fullReads = 0;
        data.load = function (...args) { window.fullReads++; return load.apply(this, args); };
        const c = window.deskBoard.container; c.scrollLeft = c.scrollWidth;
        """
    )
    assert poll(lambda: driver.execute_script("return window.deskBoard.data.to") > first[1] and not driver.execute_script(
        "return window.deskBoard.extending"))
    # Only the new days were read, and the stay is drawn once, as the server numbers its run.
    assert driver.execute_script("return window.fullReads") == 0
    to = driver.execute_script("return window.deskBoard.data.to")
    board = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/board?from={iso(first[0])}&to={iso(to)}")["data"]
    expected = sorted(board["items"][i] for i in range(0, len(board["items"]), 6))
    shown = driver.execute_script("return [...window.deskBoard.data.items.keys()].sort((a, b) => a - b)")
    assert shown == expected
    assert len(drawn()) == 1 and drawn()[0] < 2**29
    assert driver.execute_script("return window.deskBoard.timeline.itemCount()") == len(expected)


def test_a_stay_booked_while_the_next_days_load_shows_at_once_and_after_they_have(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    open_board(driver)
    first = driver.execute_script("return [window.deskBoard.data.from, window.deskBoard.data.to]")
    iso = lambda day: driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", day)
    # The next days' read takes 3 s: the scroll starts it, and another desk books meanwhile.
    slow_requests(driver, r"/board\?from=", 3000)
    driver.execute_script("const c = window.deskBoard.container; c.scrollLeft = c.scrollWidth;")
    assert poll(lambda: driver.execute_script("return window.deskBoard.extending"), timeout=5)
    stay = book_in_a_free_room(driver, hotel, iso(first[1] - 4), iso(first[1] - 2), "Booked Meanwhile")
    assert stay, "no room free on the board's last days"
    drawn = lambda: driver.execute_script(
        "return [...window.deskBoard.data.items.values()].filter((i) => i.stayId === arguments[0]).length",
        stay["id"],
    )
    # On the board while the days are still being read.
    assert poll(drawn, timeout=2) == 1
    assert driver.execute_script("return window.deskBoard.extending")
    assert poll(lambda: not driver.execute_script("return window.deskBoard.extending"), timeout=15)
    # And once they have been: the board holds the server's runs, the stay's once.
    to = driver.execute_script("return window.deskBoard.data.to")
    board = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/board?from={iso(first[0])}&to={iso(to)}")["data"]
    words = board["items"]
    expected = sorted(tuple(words[i + 1 : i + 4]) + (words[i + 5],) for i in range(0, len(words), 6))
    shown = driver.execute_script(
        "return [...window.deskBoard.data.items.values()].filter((i) => i.stayId).map((i) => [i.rowId, i.start, i.end, i.stayId])"
    )
    assert sorted(map(tuple, shown)) == expected
    assert drawn() == 1
    # The engine took the new days' runs a slice at a time, the live change among them: it holds the same.
    apart, held, items = driver.execute_script(ENGINE_AGAINST_DATA)
    assert apart == [] and held == items


def test_a_stay_booked_at_another_desk_is_drawn_at_once_and_its_guests_name_follows(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    open_board(driver)
    first = driver.execute_script("return [window.deskBoard.data.from, window.deskBoard.data.to]")
    iso = lambda day: driver.execute_script("return new Date(arguments[0] * 86400000).toISOString().slice(0, 10)", day)
    # Reading a stay's guest takes 2 s on this network.
    slow_requests(driver, r"/api/v1/stays/\d+$", 2000)
    stay = book_in_a_free_room(driver, hotel, iso(first[0] + 40), iso(first[0] + 42), "Named Later")
    assert stay, "no room free forty days in"
    runs = lambda: driver.execute_script(
        """const screen = window.deskBoard;
        return screen.data.itemsOfEntity(arguments[0]).map((i) => [i.name, screen.timeline.has(i.id)])""",
        stay["id"],
    )
    # On the board, in the engine, before its name has been read; then named.
    assert poll(runs, timeout=1.5) == [["", True]]
    assert poll(lambda: runs() == [["Named Later", True]], timeout=6)
    apart, held, items = driver.execute_script(ENGINE_AGAINST_DATA)
    assert apart == [] and held == items


def test_zoom_go_to_date_and_collapsing_a_room_type_change_what_the_board_shows(desk_server, driver):
    sign_in(driver, desk_server)
    use_property(driver, "hotel")
    open_board(driver)
    # The date headers end where the header band ends (inside its bottom border), not over the first row.
    band, headers = driver.execute_script(
        """
        const top = document.querySelector('#desk-main .board-top');
        const inside = top.getBoundingClientRect().top + top.clientTop + top.clientHeight;
        const cells = [...document.querySelectorAll('#desk-main .board-column-header')];
        return [inside, cells.map((c) => c.getBoundingClientRect().bottom)];
        """
    )
    assert headers and all(abs(bottom - band) < 0.5 for bottom in headers), (band, headers[:3])
    width = driver.execute_script("return window.deskBoard.dayWidth")
    driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Wider days"]').click()
    assert driver.execute_script("return window.deskBoard.dayWidth") > width
    driver.find_element(By.CSS_SELECTOR, 'button[aria-label="Narrower days"]').click()
    assert driver.execute_script("return window.deskBoard.dayWidth") == width

    # Going to a date two months on scrolls it to the board's left edge (reading those days if need be).
    target = driver.execute_script("return new Date((window.deskBoard.data.today + 61) * 86400000).toISOString().slice(0, 10)")
    driver.execute_script(
        "const i = document.getElementById('board-date'); i.value = arguments[0]; i.dispatchEvent(new Event('change'));",
        target,
    )

    def first_column_day():
        return driver.execute_script(
            """
            const s = window.deskBoard, c = s.container;
            const day = s.data.from + Math.floor((c.scrollLeft + s.dayWidth * 2) / s.dayWidth);
            return new Date(day * 86400000).toISOString().slice(0, 10);
            """
        )

    assert poll(lambda: first_column_day() == target)

    # Collapsing the first room type hides its rooms; expanding shows them again.
    rows = lambda: driver.execute_script("return window.deskBoard.timeline.contentHeight()")
    before = rows()
    toggle = driver.find_element(By.CSS_SELECTOR, "#desk-main [aria-expanded='true']")
    toggle.click()
    assert poll(lambda: rows() < before)
    # The headers are drawn on the next frame after the rows change: wait for the collapsed one.
    assert poll(lambda: driver.find_elements(By.CSS_SELECTOR, "#desk-main [aria-expanded='false']"))
    driver.find_element(By.CSS_SELECTOR, "#desk-main [aria-expanded='false']").click()
    assert poll(lambda: rows() == before)


def test_an_appointments_page_changes_its_time_and_length_through_the_declared_form(desk_server, driver):
    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    board = api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]
    # A booked appointment (style 0) in the demo's day, with a quarter of an hour of its member's shift after it:
    # longer, it is still within their hours.
    shifts = {member["id"]: member["shifts"] for member in board["staff"]}
    items = board["items"]

    def room_to_grow(i):
        start, end = items[i + 2] - board["fromMinute"], items[i + 3] - board["fromMinute"]
        return any(a <= start and end + 15 <= b for a, b in shifts.get(items[i + 1], []))

    index = next(i for i in range(0, len(items), 6) if items[i + 4] == 0 and room_to_grow(i))
    appointment_id = board["items"][index]
    before = api(driver, "GET", f"/api/v1/appointments/{appointment_id}")["data"]
    go(driver, f"#/appointments/{appointment_id}", "appointments")
    length = WebDriverWait(driver, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, '[data-form="appointment-change"] [data-key="durationMinutes"] input')
    )
    assert length.get_attribute("value") == str(before["durationMinutes"])
    length.clear()
    length.send_keys(str(before["durationMinutes"] + 15))
    screenshot(driver, "appointment-change")
    driver.find_element(By.CSS_SELECTOR, '[data-form="appointment-change"] button[type=submit]').click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/appointments/{appointment_id}")["data"]["durationMinutes"] == before["durationMinutes"] + 15)
    after = api(driver, "GET", f"/api/v1/appointments/{appointment_id}")["data"]
    assert after["start"] == before["start"] and after["staffId"] == before["staffId"]
    use_property(driver, "hotel")


def book_free_room(browser, hotel, arrival, nights=2, name="Late Canceller"):
    """A stay from `arrival` in the first room free for it: the stay's id."""
    for room in api(browser, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"]:
        made = api(browser, "POST", f"/api/v1/properties/{hotel['id']}/stays", {
            "roomId": room["id"], "arrival": arrival.isoformat(),
            "departure": (arrival + datetime.timedelta(days=nights)).isoformat(), "adults": 1, "guest": {"name": name},
        })
        if made["status"] == 201:
            return made["data"]["id"]
    raise AssertionError(f"no room free from {arrival}")


def test_cancelling_late_the_desk_charges_the_fee_or_waives_it_for_a_reason(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    today = datetime.date.fromisoformat(api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    # Arriving tomorrow: past the demo hotel's free window, so cancelling now has a fee, which the server states.
    waived = book_free_room(driver, hotel, today + datetime.timedelta(days=1))
    fee = api(driver, "GET", f"/api/v1/stays/{waived}")["data"]["cancellationFee"]
    assert fee["amount"] > 0
    go(driver, f"#/stays/{waived}", "stays")
    driver.find_element(By.XPATH, "//button[text()='Cancel the stay']").click()
    box = WebDriverWait(driver, 5).until(lambda b: b.find_element(By.CSS_SELECTOR, "[role=alertdialog]"))
    amount = driver.execute_script("return window.desk.i18n.money(arguments[0])", fee).replace("\xa0", " ")
    assert f"cancelling now costs {amount}" in box.text
    # Waiving without a reason asks for one; nothing is sent.
    driver.find_element(By.ID, "cancel-waive").click()
    assert driver.find_element(By.ID, "cancel-reason").get_attribute("aria-invalid") == "true"
    assert api(driver, "GET", f"/api/v1/stays/{waived}")["data"]["state"] == "booked"
    driver.find_element(By.ID, "cancel-reason").send_keys("Flight cancelled by the airline")
    driver.find_element(By.ID, "cancel-waive").click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{waived}")["data"]["state"] == "cancelled")
    WebDriverWait(driver, 10).until(lambda b: "Cancellation fee waived: Flight cancelled by the airline" in text_in(b, ".desk-facts"))
    folio = api(driver, "GET", f"/api/v1/stays/{waived}/folio")["data"]
    assert not [e for e in folio["entries"] if e["category"] == "fee"]

    charged = book_free_room(driver, hotel, today + datetime.timedelta(days=1), name="Late Payer")
    fee = api(driver, "GET", f"/api/v1/stays/{charged}")["data"]["cancellationFee"]
    go(driver, f"#/stays/{charged}", "stays")
    driver.find_element(By.XPATH, "//button[text()='Cancel the stay']").click()
    WebDriverWait(driver, 5).until(lambda b: b.find_element(By.ID, "cancel-charge")).click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/stays/{charged}")["data"]["state"] == "cancelled")
    folio = api(driver, "GET", f"/api/v1/stays/{charged}/folio")["data"]
    assert [e["amount"] for e in folio["entries"] if e["description"] == "Late cancellation fee"] == [fee]
    screenshot(driver, "stay-cancelled-with-fee")
