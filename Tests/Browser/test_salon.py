"""The desk at a salon in Chromium: its words are a salon's (an appointment has arrived, not "in
house"; its panel gives a time, not dates; Arrived and Done come before Cancel and No-show), and the screens
follow the property their content belongs to (a hotel's Today is not shown for a salon, a hotel's
stay opened while the salon is chosen opens at the hotel)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, open_board, poll, sign_in, use_property, wait_ready

SHOW_BOOKED = """
const screen = window.deskBoard;
const item = [...screen.data.items.values()].find((i) => screen.styleName(i.style) === arguments[0]);
if (!item) return null;
screen.panel.show(item);
return item.id;
"""


def test_a_salon_speaks_of_arrivals_and_screens_follow_their_property(desk_server, driver):
    sign_in(driver, desk_server)
    hotel = use_property(driver, "hotel")
    salon = next(p for p in api(driver, "GET", "/api/v1/properties")["data"]["properties"] if p["kind"] == "salon")
    go(driver, "#/today", "today")

    # Choosing the salon on Today shows the salon's board, not a hotel's Today.
    Select(driver.find_element(By.ID, "desk-property")).select_by_value(str(salon["id"]))
    wait_ready(driver, "board")
    assert driver.execute_script("return location.hash") == "#/board"
    assert not driver.find_elements(By.CSS_SELECTOR, '.desk-nav a[data-route="today"]')
    # The hotel's screens are not the salon's, even typed in.
    go(driver, "#/housekeeping", "board")
    assert driver.execute_script("return location.hash") == "#/board"

    # A booked appointment's panel: a time, and what the server says may be done to it, the day's steps
    # (Arrived, Done) before calling it off (Cancel, No-show).
    WebDriverWait(driver, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))
    appointment = driver.execute_script(SHOW_BOOKED, "booked")
    assert appointment, "the demo salon has a booked appointment"
    assert poll(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".desk-panel .desk-row button")) >= 4)
    labels = [dt.text for dt in driver.find_elements(By.CSS_SELECTOR, ".desk-panel dt")]
    assert "Time" in labels and "Dates" not in labels, labels
    buttons = [b.text for b in driver.find_elements(By.CSS_SELECTOR, ".desk-panel .desk-row button")]
    assert buttons[:4] == ["Arrived", "Done", "Cancel", "No-show"], buttons
    driver.find_elements(By.CSS_SELECTOR, ".desk-panel .desk-row button")[0].click()
    assert poll(lambda: api(driver, "GET", f"/api/v1/appointments/{appointment}")["data"]["state"] == "checked_in")
    # Arrived, in the panel, the legend and the appointment's page; never "In house".
    assert poll(lambda: "Arrived" in driver.find_element(By.CSS_SELECTOR, ".desk-panel").text)
    go(driver, f"#/appointments/{appointment}", "appointments")
    page = driver.find_element(By.ID, "appointment-title").text
    assert "Arrived" in page and "In house" not in page, page

    # A hotel stay opened while the salon is chosen opens at the hotel, with the hotel's rooms.
    stay = api(driver, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["inHouse"][0]["stay"]
    go(driver, f"#/stays/{stay['id']}", "stays")
    assert Select(driver.find_element(By.ID, "desk-property")).first_selected_option.get_attribute("value") == str(hotel["id"])
    room = next(r for r in api(driver, "GET", f"/api/v1/properties/{hotel['id']}")["data"]["rooms"] if r["id"] == stay["roomId"])
    assert room["number"] in driver.find_element(By.CSS_SELECTOR, ".desk-facts").text
    # And Back returns to the salon's appointment, at the salon.
    driver.back()
    wait_ready(driver, "appointments")
    assert Select(driver.find_element(By.ID, "desk-property")).first_selected_option.get_attribute("value") == str(salon["id"])
    use_property(driver, "hotel")


BREAK_POINT = """
const screen = window.deskBoard;
// A member at work today with a break (an hour off between two shifts), and where it is on the screen.
for (const member of screen.data.staff.values()) {
  const off = screen.data.offHours(member.rowId);
  const gap = off.find(([a, b]) => a > 0 && b < screen.data.length);
  if (!gap) continue;
  const rows = screen.timeline.queryRows(0, 1e9);
  const row = rows.find((r) => r.rowId === member.rowId);
  const c = screen.container;
  const x = 150 + (gap[0] / 60) * 120 + 2;
  c.scrollLeft = Math.max(0, x - 400);
  c.scrollTop = Math.max(0, row.y - 200);
  screen.board.render(true);
  const box = c.getBoundingClientRect();
  return {
    x: box.left + x - c.scrollLeft, y: box.top + row.y + row.height / 2 - c.scrollTop, staffId: member.id,
    gap, shifts: member.shifts, shaded: !!screen.board.options.offHours,
  };
}
return null;
"""


def test_the_board_shades_hours_off_and_a_booking_in_a_break_asks_first(desk_server, driver):
    from test_desk import drag

    sign_in(driver, desk_server)
    salon = use_property(driver, "salon")
    open_board(driver)
    WebDriverWait(driver, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))
    point = driver.execute_script(BREAK_POINT)
    assert point, "the demo's stylists have a lunch break"
    # The shading is the server's shifts: the gap between them is the member's break, 13:00-14:00.
    assert point["shaded"] and point["gap"] == [point["shifts"][0][1], point["shifts"][1][0]], point
    setup = api(driver, "GET", f"/api/v1/properties/{salon['id']}/salon")["data"]
    assert any(s["staffId"] == point["staffId"] for s in setup["shifts"])

    # A drag in the break: the server refuses, the form says why; asked for, it books.
    drag(driver, point, 90, 0)
    name = '.board-new [data-key="customer.name"] input'
    WebDriverWait(driver, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, name))
    driver.find_element(By.CSS_SELECTOR, name).send_keys("Lunch Break Regular")
    driver.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()
    WebDriverWait(driver, 10).until(lambda b: "outside working hours" in b.find_element(By.CSS_SELECTOR, ".board-new").text)
    driver.find_element(By.CSS_SELECTOR, '.board-new [data-key="outsideWorkingHours"] input').click()
    driver.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()
    assert poll(lambda: "Lunch Break Regular" in api(driver, "GET", f"/api/v1/properties/{salon['id']}/board")["data"]["customers"])
    use_property(driver, "hotel")
