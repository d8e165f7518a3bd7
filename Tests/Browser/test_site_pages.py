"""The guest site's results a page at a time, in Chromium against a real server holding 45 places in one
province: the list shows the first page with every place on the map, "Show more" brings the next page
(kept across a reload), a new sort or price range asks for the list again, a stopped server leaves the
list with a way to try again, and all of it in Thai."""

import datetime

import pytest
from conftest import latin_words, make_driver, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_offline import RestartableServer
from test_site import api, count_of, raise_the_floor, settled_places, shown_places, wait_page

PLACES = 45
PAGE = 20


@pytest.fixture(scope="module")
def province():
    """A server over 45 places of 3 rooms in "Benchmark Province", with 20 days of stays, a fifth of nights taken."""
    server = RestartableServer(demo=["--places", str(PLACES), "--rooms", "3", "--days", "20", "--occupancy", "0.2"])
    server.start()
    yield server
    server.close()


def dates():
    arrival = datetime.date.today() + datetime.timedelta(days=4)
    return arrival.isoformat(), (arrival + datetime.timedelta(days=2)).isoformat()


def open_results(browser, base, extra=""):
    arrival, departure = dates()
    query = f"region=Benchmark%20Province&arrival={arrival}&departure={departure}&adults=2"
    browser.get(f"{base}/#/search?{query}{extra}")
    wait_page(browser, "search")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    return query


def every_place(browser, query):
    """The server's whole list for the query, in its order."""
    answer = api(browser, "GET", f"/api/v1/public/search?{query}&limit=100")["data"]
    assert answer["count"] <= 100
    return answer


def slow(browser, latency):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1},
    )


def test_the_first_page_lists_twenty_with_every_place_on_the_map_and_more_comes_on_asking(province, browser_factory):
    guest = browser_factory()
    slow(guest, 200)
    query = open_results(guest, province.base)
    whole = every_place(guest, query)
    order = [r["property"]["id"] for r in whole["results"]]
    assert len(order) > PAGE
    assert shown_places(guest) == order[:PAGE]
    assert count_of(guest) == whole["count"]
    WebDriverWait(guest, 10).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".map-pin")) == whole["count"])
    until_text(guest, "#results-shown", f"Showing {PAGE} of {whole['count']}")

    guest.find_element(By.ID, "results-more").click()
    assert settled_places(guest) == order[: 2 * PAGE]
    assert "pages=2" in guest.current_url
    screenshot(guest, "site-results-more")

    # A reload comes back to the two pages.
    guest.refresh()
    wait_page(guest, "search")
    WebDriverWait(guest, 10).until(lambda b: shown_places(b) == order[: 2 * PAGE])

    # A new sort asks for its first page.
    Select(guest.find_element(By.ID, "results-sort")).select_by_value("distance")
    nearest = [r["property"]["id"] for r in every_place(guest, query + "&sort=distance")["results"]]
    WebDriverWait(guest, 10).until(lambda b: settled_places(b) == nearest[:PAGE])
    assert "pages=" not in guest.current_url and "sort=distance" in guest.current_url

    # The last page: nothing more to ask for.
    while guest.find_element(By.ID, "results-more").is_displayed():
        guest.find_element(By.ID, "results-more").click()
        settled_places(guest)
    assert shown_places(guest) == nearest
    assert not guest.find_element(By.ID, "results-shown").is_displayed()


def test_a_price_range_let_go_asks_for_its_list_and_a_stopped_server_leaves_a_way_to_try_again(
    province, browser_factory
):
    guest = browser_factory()
    query = open_results(guest, province.base)
    total = count_of(guest)
    low = raise_the_floor(guest, 30)
    floor = int(low.get_attribute("aria-valuenow"))
    in_range = every_place(guest, f"{query}&minPrice={floor}")
    assert count_of(guest) == in_range["count"] < total
    assert settled_places(guest) == [r["property"]["id"] for r in in_range["results"]][:PAGE]
    assert f"minPrice={floor}" in guest.current_url

    province.stop()
    try:
        low.send_keys(Keys.PAGE_UP)
        WebDriverWait(guest, 15).until(lambda b: b.find_elements(By.ID, "results-retry"))
        assert "The server cannot be reached" in text_in(guest, "#results-status")
        assert shown_places(guest)  # the last list stays
        screenshot(guest, "site-results-offline")
    finally:
        province.start()
    floor = int(low.get_attribute("aria-valuenow"))
    guest.find_element(By.ID, "results-retry").click()
    in_range = every_place(guest, f"{query}&minPrice={floor}")
    WebDriverWait(guest, 10).until(
        lambda b: settled_places(b) == [r["property"]["id"] for r in in_range["results"]][:PAGE]
    )
    assert not guest.find_elements(By.ID, "results-retry")
    assert count_of(guest) == in_range["count"]

    # A reload keeps the range; narrowing its other end keeps this one.
    guest.refresh()
    wait_page(guest, "search")
    WebDriverWait(guest, 10).until(
        lambda b: settled_places(b) == [r["property"]["id"] for r in in_range["results"]][:PAGE]
    )
    high = guest.find_element(By.CSS_SELECTOR, ".ps-thumb.is-high")
    high.click()
    high.send_keys(Keys.PAGE_DOWN)
    ceiling = int(high.get_attribute("aria-valuenow"))
    WebDriverWait(guest, 10).until(lambda b: f"maxPrice={ceiling}" in b.current_url)
    assert f"minPrice={floor}" in guest.current_url
    both = every_place(guest, f"{query}&minPrice={floor}&maxPrice={ceiling}")
    assert settled_places(guest) == [r["property"]["id"] for r in both["results"]][:PAGE]


def test_the_pages_speak_thai(province):
    guest = make_driver((1024, 768), "th-TH")
    try:
        query = open_results(guest, province.base)
        whole = every_place(guest, query)
        until_text(guest, "#results-more", "แสดงที่พักเพิ่ม")
        until_text(guest, "#results-shown", f"แสดง {PAGE} จาก {whole['count']} แห่ง")
        # What the guest typed and what the places are called stay as they are.
        stored = ["Benchmark Province"]
        stored += [name for r in whole["results"] for name in (r["property"]["name"], r["property"]["city"], r["roomType"])]
        assert latin_words(guest.execute_script("return document.getElementById('site-main').innerText"), stored) == []
        screenshot(guest, "site-results-pages-th")
    finally:
        guest.quit()
