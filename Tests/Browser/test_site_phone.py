"""The guest site on a phone (375x812), in Chromium against a real server: the bar keeps the whole brand,
the results start in the first screen, a place's menu shows all its sections and a bar at the bottom keeps
the price and a way to the rooms; and a Korean guest's whole flow, from the search to the confirmation,
has no English word outside the names the hotels entered. Screenshots of each step land in artifacts/."""

import datetime

import pytest
from conftest import latin_words, screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_site import api, next_month_dates, wait_page
from test_site_salon import SALON
from test_site_salon import api as salon_api

PHONE = (375, 812)
FITS = "const e = document.querySelector(arguments[0]); return e.scrollWidth <= e.clientWidth"


def stored_text(browser, place_id):
    """The one text a Korean page may show as the hotel entered it: its name. The demo's hotels have
    worded their summaries, amenities, room types and taxes in Korean (Settings), so those must show
    so."""
    return [api(browser, "GET", f"/api/v1/public/properties/{place_id}")["data"]["property"]["name"]]


def visible_text(browser):
    """The page's words but the language menu's, which names each language in its own."""
    return browser.execute_script(
        "return [...document.querySelectorAll('.site-bar a, #site-main, .site-footer')].map((e) => e.innerText).join('\\n')"
    )


@pytest.mark.parametrize("language", ["en-GB", "ko-KR", "vi-VN", "th-TH"])
def test_on_a_phone_the_brand_is_whole_the_results_start_high_and_a_place_keeps_a_way_to_its_rooms(
    desk_server, browser_factory, language
):
    browser = browser_factory(viewport=PHONE, language=language)
    arrival, departure = next_month_dates(12)
    browser.get(f"{desk_server}/#/search?region=Chiang%20Mai&arrival={arrival}&departure={departure}&adults=2")
    wait_page(browser, "search")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    assert browser.execute_script(FITS, ".site-brand")
    first = browser.execute_script("return document.querySelector('#results-list .result').getBoundingClientRect().top")
    assert first < 400, first
    # The folded search and price open in place.
    browser.find_element(By.ID, "search-summary").click()
    assert browser.find_element(By.ID, "search-region").is_displayed()
    browser.find_element(By.ID, "results-filter-toggle").click()
    assert browser.find_element(By.CSS_SELECTOR, "#results-price .price-slider, #results-price [role=group]").is_displayed()

    browser.find_elements(By.CSS_SELECTOR, "#results-list .result a")[0].click()
    WebDriverWait(browser, 10).until(
        lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete"
    )
    width = browser.execute_script("return document.documentElement.clientWidth")
    for right in browser.execute_script(
        "return [...document.querySelectorAll('.place-menu-link')].map((a) => a.getBoundingClientRect().right)"
    ):
        assert right <= width, (right, width)
    bar = browser.find_element(By.ID, "place-book-bar")
    assert bar.is_displayed()
    bottom = browser.execute_script("return document.getElementById('place-book-bar').getBoundingClientRect().bottom")
    assert bottom == pytest.approx(PHONE[1], abs=1)
    browser.find_element(By.ID, "place-book-rooms").click()
    WebDriverWait(browser, 5).until(
        lambda b: b.execute_script("return document.activeElement?.classList.contains('room-book')")
    )
    WebDriverWait(browser, 5).until(
        lambda b: "is-hidden" in b.find_element(By.ID, "place-book-bar").get_attribute("class")
    )


def test_a_korean_guest_books_on_a_phone_without_meeting_an_english_word(desk_server, browser_factory):
    browser = browser_factory(viewport=PHONE, language="ko-KR")
    browser.get(f"{desk_server}/")
    wait_page(browser, "home")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".home-destination"))
    assert latin_words(visible_text(browser), ["Frontdesk Stays"]) == []
    screenshot(browser, "site-ko-phone-home")
    next(d for d in browser.find_elements(By.CSS_SELECTOR, ".home-destination") if "치앙마이" in d.text).click()
    arrival, departure = next_month_dates(14)
    WebDriverWait(browser, 5).until(lambda b: b.find_elements(By.CSS_SELECTOR, f'.search-dates-dialog [data-day="{arrival}"]'))
    browser.find_element(By.CSS_SELECTOR, f'.search-dates-dialog [data-day="{arrival}"]').click()
    browser.find_element(By.CSS_SELECTOR, f'.search-dates-dialog [data-day="{departure}"]').click()
    screenshot(browser, "site-ko-phone-calendar")
    assert latin_words(browser.find_element(By.CSS_SELECTOR, ".search-dates-dialog").text) == []
    browser.find_element(By.ID, "search-dates-done").click()
    browser.find_element(By.CSS_SELECTOR, ".search-submit").click()
    wait_page(browser, "search")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    results = api(
        browser, "GET", f"/api/v1/public/search?region=%EC%B9%98%EC%95%99%EB%A7%88%EC%9D%B4&arrival={arrival}&departure={departure}&adults=2"
    )["data"]["results"]
    stored = ["Frontdesk Stays", *(result["property"]["name"] for result in results)]
    assert "치앙마이" in browser.find_element(By.CSS_SELECTOR, ".result-where").text
    assert browser.find_element(By.CSS_SELECTOR, ".result-room").text in {
        "스탠다드 더블", "슈페리어 더블", "디럭스 트윈", "가든 스위트", "패밀리룸", "풀빌라"
    }
    assert latin_words(visible_text(browser), stored) == []
    screenshot(browser, "site-ko-phone-results")

    place_id = browser.find_element(By.CSS_SELECTOR, "#results-list .result").get_attribute("data-place-id")
    browser.find_elements(By.CSS_SELECTOR, "#results-list .result a")[0].click()
    WebDriverWait(browser, 10).until(
        lambda b: b.execute_script("return document.querySelector('.place-page')?.dataset.state") == "complete"
    )
    stored += stored_text(browser, place_id)
    assert latin_words(visible_text(browser), stored) == []
    screenshot(browser, "site-ko-phone-place")
    browser.find_element(By.ID, "place-book-rooms").click()
    screenshot(browser, "site-ko-phone-rooms")
    browser.find_element(By.CSS_SELECTOR, ".room-book").click()
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "book-submit"))
    assert latin_words(visible_text(browser), stored) == []
    screenshot(browser, "site-ko-phone-book")
    browser.find_element(By.ID, "book-name").send_keys("김민지")
    browser.find_element(By.ID, "book-email").send_keys("minji@example.com")
    browser.find_element(By.ID, "book-phone").send_keys("+82 10 1234 5678")
    browser.find_element(By.ID, "book-submit").click()
    wait_page(browser, "bookings")
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "confirmation-code"))
    code = browser.find_element(By.ID, "confirmation-code").text
    overflow = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    assert browser.execute_script(overflow) <= 0
    assert latin_words(visible_text(browser), stored + [code, "minji@example.com"]) == []
    screenshot(browser, "site-ko-phone-confirmation")
    assert datetime.date.fromisoformat(arrival) > datetime.date.today()


LAYOUT_SHIFTS = """
const done = arguments[arguments.length - 1];
const seen = [];
new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({ type: 'layout-shift', buffered: true });
setTimeout(() => done(seen.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0)), 100);
"""


@pytest.mark.parametrize("language", ["th-TH", "ja-JP"])
def test_on_a_phone_nothing_moves_as_results_and_a_place_arrive_and_the_map_opens_over_the_list_on_asking(
    desk_server, browser_factory, language
):
    browser = browser_factory(viewport=PHONE, language=language)
    # A phone on a slow network: the page is drawn long before the search answers.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 150, "downloadThroughput": 200_000, "uploadThroughput": 93_750},
    )
    arrival, departure = next_month_dates(12)
    browser.get(f"{desk_server}/#/search?region=Chiang%20Mai&arrival={arrival}&departure={departure}&adults=2")
    wait_page(browser, "search", timeout=40)
    WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    shifts = browser.execute_async_script(LAYOUT_SHIFTS)
    assert shifts <= 0.05, f"the results page moved by {shifts:.3f}"
    # The map is not drawn, nor its code fetched, until the guest asks for it.
    assert not browser.find_elements(By.CSS_SELECTOR, ".results-map .map-pin")
    assert not browser.execute_script("return performance.getEntriesByType('resource').some((r) => r.name.includes('/site/map.js'))")
    toggle = browser.find_element(By.CSS_SELECTOR, ".results-map-open")
    words = toggle.text
    assert words and not latin_words(words), words
    places = len(browser.find_elements(By.CSS_SELECTOR, "#results-list .result"))
    toggle.click()
    WebDriverWait(browser, 20).until(lambda b: len(b.find_elements(By.CSS_SELECTOR, ".results-map .map-pin")) == places)
    covered = browser.execute_script("return document.querySelector('.results-map').getBoundingClientRect().toJSON()")
    assert covered["top"] == 0 and covered["height"] == PHONE[1], covered
    screenshot(browser, f"phone-results-map-{language}")
    back = browser.find_element(By.CSS_SELECTOR, ".results-map-close")
    assert back.text and not latin_words(back.text), back.text
    back.click()
    assert not browser.find_element(By.CSS_SELECTOR, ".results-map").is_displayed()
    assert browser.find_element(By.CSS_SELECTOR, "#results-list .result a").is_displayed()

    # A place opened from a link (its name not yet known) keeps its title's room until it comes.
    place = browser.find_element(By.CSS_SELECTOR, "#results-list .result").get_attribute("data-place-id")
    browser.get(f"{desk_server}/?fresh#/places/{place}?arrival={arrival}&departure={departure}&adults=2")
    wait_page(browser, "places", timeout=40)
    WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.ID, "place-name"))
    shifts = browser.execute_async_script(LAYOUT_SHIFTS)
    assert shifts <= 0.05, f"the place's page moved by {shifts:.3f}"


# What a first screen waited for, from the page's own timings: each request's depth is one more than the
# deepest request that had ended before it started (the document is the first), so that a request started
# only once another had answered counts one round trip after it. Only what started before the site marked its
# first page drawn (its pictures asked for by then).
ROUND_TRIPS = """
const done = arguments[arguments.length - 1];
setTimeout(() => {
  const until = performance.getEntriesByName('frontdesk-first-screen')[0]?.startTime ?? performance.now();
  const navigation = performance.getEntriesByType('navigation')[0];
  const ended = [{ end: navigation.responseEnd, depth: 1, url: location.pathname }];
  for (const entry of performance.getEntriesByType('resource').filter((e) => e.startTime <= until).sort((a, b) => a.startTime - b.startTime)) {
    const before = ended.filter((e) => e.end <= entry.startTime).reduce((a, b) => (b.depth > a.depth ? b : a), { depth: 0 });
    ended.push({ end: entry.responseEnd, depth: before.depth + 1, url: entry.name, after: before.url });
  }
  done({ depth: Math.max(...ended.map((e) => e.depth)), requests: ended.map((e) => [e.depth, e.url, e.after || '']),
    untaken: globalThis.frontdeskEarly?.untaken() ?? ['no early script'] });
}, 200);
"""


@pytest.mark.parametrize("page", ["home", "search", "places", "salon"])
def test_a_first_screen_on_a_phone_costs_three_round_trips_and_takes_every_read_the_page_started(
    desk_server, browser_factory, page
):
    """The document, then its modules, words and data together, then the largest picture: with a 300 ms
    round trip and bandwidth to spare, no request of the first screen waits on more than two others. Opened
    again, the page asks for its data and nothing else."""
    browser = browser_factory(viewport=PHONE, language="th-TH")
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    arrival, departure = next_month_dates(12)
    dates = f"arrival={arrival}&departure={departure}&adults=2"
    if page == "places":
        found = salon_api(desk_server, "GET", f"/api/v1/public/search?region=Chiang%20Mai&{dates}")[1]
        path = f"/#/places/{found['results'][0]['property']['id']}?{dates}"
    else:
        path = {"home": "/#/", "search": f"/#/search?region=Chiang%20Mai&{dates}", "salon": f"/#/salon/{SALON}"}[page]
    browser.get(f"{desk_server}{path}")
    wait_page(browser, page, timeout=40)
    # The first screen is drawn, its pictures with it.
    ready = {
        "home": "#site-main form",
        "search": "#results-list .result",
        "places": "#place-name",
        "salon": "#salon-service-list li",
    }[page]
    drawn = "return document.querySelector(arguments[0]) && [...document.images].every((image) => image.complete)"
    WebDriverWait(browser, 30).until(lambda b: b.execute_script(drawn, ready))
    seen = browser.execute_async_script(ROUND_TRIPS)
    chain = "\n".join(f"{depth} {url} (after {after})" for depth, url, after in seen["requests"])
    assert seen["depth"] <= 3, f"the {page} page's first screen took {seen['depth']} round trips:\n{chain}"
    assert seen["untaken"] == [], f"the {page} page started reads it did not take: {seen['untaken']}"
    # A warm visit (the page opened again, as a new document): what crosses the network for its first screen is
    # the page's data and the page itself (asked again, answered 304 while nothing changed), every file coming
    # from the cache.
    browser.get(f"{desk_server}/?again{path.removeprefix('/')}")
    wait_page(browser, page, timeout=40)
    WebDriverWait(browser, 30).until(lambda b: b.execute_script(drawn, ready))
    fetched = browser.execute_script(
        "const drawn = performance.getEntriesByName('frontdesk-first-screen')[0].startTime;"
        "return performance.getEntriesByType('resource').filter((e) => e.startTime < drawn && e.transferSize > 0)"
        ".map((e) => new URL(e.name).pathname).filter((path) => !path.startsWith('/api/'))"
    )
    assert fetched == [], f"a warm visit to the {page} page asked for more than its data: {fetched}"
