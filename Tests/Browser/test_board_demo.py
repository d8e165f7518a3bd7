"""The board demo (Web/board-demo.html): few elements, exactly the visible bars, and clicks."""

from urllib.parse import urlencode

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

# Scroll the board, then wait until a frame has rendered that very offset (and one more frame).
SCROLL_AND_SETTLE = """
const [x, y, done] = arguments;
const board = document.getElementById('board');
board.scrollLeft = x;
board.scrollTop = y;
const settle = () => requestAnimationFrame(() => requestAnimationFrame(() => {
  const drawn = window.boardDemo.renderedScroll;
  if (drawn && drawn.x === board.scrollLeft && drawn.y === board.scrollTop) {
    done({
      scroll: [board.scrollLeft, board.scrollTop],
      domIds: [...board.querySelectorAll('[data-id]')].map((bar) => Number(bar.dataset.id)).sort((a, b) => a - b),
      engineIds: window.boardDemo.visibleItemIds(),
      elements: board.querySelectorAll('*').length,
    });
  } else {
    settle();
  }
}));
settle();
"""

WAIT_FOR_FRAMES = """
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(window.boardDemo.frames)));
"""


def open_board(driver, web_url, **params):
    driver.get(f"{web_url}/board-demo.html?{urlencode(params)}")
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") in ("true", "error")
    )
    assert driver.execute_script("return document.documentElement.dataset.ready") == "true", driver.find_element(
        By.ID, "board-stats"
    ).text
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.boardDemo.frames") > 0)
    driver.execute_async_script(WAIT_FOR_FRAMES)
    return driver.find_element(By.ID, "board")


def scroll_to(driver, x, y):
    return driver.execute_async_script(SCROLL_AND_SETTLE, x, y)


def test_the_viewport_is_1024_by_768(driver, web_url, viewport):
    open_board(driver, web_url)
    assert driver.execute_script("return [innerWidth, innerHeight]") == list(viewport)


def test_an_empty_month_of_35_rooms_needs_at_most_60_elements(driver, web_url):
    board = open_board(driver, web_url, rooms=35, days=31, stays=0)
    # everything inside the board counts: unused pool nodes are detached, never merely hidden
    elements = driver.execute_script("return arguments[0].querySelectorAll('*').length", board)
    hidden = driver.execute_script(
        "return [...arguments[0].querySelectorAll('*')].filter((e) => getComputedStyle(e).display === 'none').length",
        board,
    )
    assert hidden == 0
    assert elements <= 60, f"{elements} elements in the board"
    assert driver.find_element(By.ID, "board-stats").get_attribute("data-elements") == str(elements)


def test_the_month_shows_every_room_header_and_day_in_view(driver, web_url):
    open_board(driver, web_url, rooms=35, days=31, stays=0)
    days = driver.find_elements(By.CSS_SELECTOR, "#board .board-column-header[role=columnheader]")
    rooms = driver.find_elements(By.CSS_SELECTOR, "#board [role=rowheader]")
    expected_columns = driver.execute_script(
        "const [x, , w] = window.boardDemo.board.bodyRect(); return window.boardDemo.timeline.queryColumns(x, w).length"
    )
    expected_rows = driver.execute_script(
        "const [, y, , h] = window.boardDemo.board.bodyRect(); return window.boardDemo.timeline.queryRows(y, h).length"
    )
    assert driver.find_element(By.CSS_SELECTOR, "#board .board-corner").text == "Rooms"
    assert len(days) == expected_columns
    assert len(rooms) == expected_rows
    assert driver.find_element(By.XPATH, "//button[normalize-space()='Room type 1']").get_attribute("aria-expanded") == "true"


POSITIONS = [(0, 0), (4_800, 12_000), (16_321, 40_007), (30_000, 65_000), (10**7, 10**7), (333, 777)]


@pytest.fixture(scope="module")
def big_board(driver, web_url):
    return open_board(driver, web_url, rooms=2000, days=730, stays=200_000)


@pytest.mark.parametrize("x,y", POSITIONS)
def test_a_big_board_shows_exactly_the_bars_the_engine_says_are_visible(driver, big_board, x, y):
    frame = scroll_to(driver, x, y)
    assert frame["engineIds"], f"the engine sees stays at {frame['scroll']}"
    assert frame["domIds"] == frame["engineIds"], f"at scroll {frame['scroll']}"
    assert frame["elements"] < 400, f"{frame['elements']} elements at scroll {frame['scroll']}"


def test_bars_sit_where_the_engine_puts_them(driver, big_board):
    scroll_to(driver, 7_000, 20_000)
    offsets = driver.execute_script(
        """
        const board = document.getElementById('board');
        const box = board.getBoundingClientRect();
        return [...board.querySelectorAll('[data-id]')].map((bar) => {
          const rect = bar.getBoundingClientRect();
          const item = window.boardDemo.timeline.item(Number(bar.dataset.id));
          return [rect.left - box.left + board.scrollLeft - item.x, rect.top - box.top + board.scrollTop - item.y,
                  rect.width - item.width, rect.height - item.height];
        });
        """
    )
    assert offsets
    assert all(abs(value) < 0.5 for offset in offsets for value in offset), offsets[:5]


def test_clicking_a_bar_shows_its_stay(driver, web_url):
    open_board(driver, web_url, rooms=35, days=31, stays=300)
    # a bar wholly inside the body pane, so no frozen pane covers the click
    stay = driver.execute_script(
        """
        const [x, y, w, h] = window.boardDemo.board.bodyRect();
        const bar = window.boardDemo.timeline.queryItems(x, y, w, h)
          .find((b) => b.x > x + 2 && b.y > y + 2 && b.x + b.width < x + w - 2 && b.y + b.height < y + h - 2);
        return bar && window.boardDemo.timeline.item(bar.id);
        """
    )
    assert stay, "a bar is in view"
    bar = driver.find_element(By.CSS_SELECTOR, f"#board [data-id='{stay['id']}']")
    nights = stay["end"] - stay["start"]
    assert bar.get_attribute("aria-label").startswith(f"Stay {stay['id']}, room {stay['rowId']}, {nights} night")
    bar.click()
    selection = driver.find_element(By.ID, "board-selection")
    WebDriverWait(driver, 5).until(lambda d: selection.text)
    assert selection.text.startswith(f"Stay #{stay['id']} · Room {stay['rowId']} · ")
    assert f"{nights} night" in selection.text
    assert "is-selected" in bar.get_attribute("class")


def test_collapsing_a_room_type_hides_its_rooms(driver, web_url):
    board = open_board(driver, web_url, rooms=35, days=31, stays=300)
    before = driver.execute_script("return arguments[0].scrollHeight", board)
    toggle = driver.find_element(By.XPATH, "//button[normalize-space()='Room type 1']")
    toggle.click()
    WebDriverWait(driver, 5).until(lambda d: toggle.get_attribute("aria-expanded") == "false")
    driver.execute_async_script(WAIT_FOR_FRAMES)
    after = driver.execute_script("return arguments[0].scrollHeight", board)
    assert after < before
    rows = {int(h.get_attribute("data-row-id")) for h in driver.find_elements(By.CSS_SELECTOR, "#board [role=rowheader]")}
    assert not rows & set(range(1, 8)), "rooms 1-7 are hidden"
    frame = scroll_to(driver, 0, 0)
    assert frame["domIds"] == frame["engineIds"]
