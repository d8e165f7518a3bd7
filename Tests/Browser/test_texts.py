"""A place's own texts in other languages, in Chromium against a real server: a manager words a room
type on Settings, and the desk's board, a stay's folio and the guest site read it in Thai at once; a
wording emptied reads as entered; a save while the server is stopped says so in the page's language,
keeps what was typed, and saves once the server is back."""

from conftest import screenshot
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_offline import restartable  # noqa: F401 (a fixture)
from test_site import next_month_dates, wait_page

WORDED = "ห้องซูพีเรียร์ริมสวน"


def text_fieldset(browser, source):
    """The Settings fieldset of one of the place's texts, by the text as entered."""
    return next(
        fieldset for fieldset in browser.find_elements(By.CSS_SELECTOR, ".settings-text")
        if fieldset.find_element(By.TAG_NAME, "legend").text.endswith(source)
    )


def test_a_manager_words_a_room_type_and_the_desk_and_guests_read_it_in_their_language(desk_server, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, desk_server)
    hotel = use_property(desk, "hotel")
    go(desk, "#/settings", "settings")
    superior = text_fieldset(desk, "Superior Double")
    thai = superior.find_element(By.CSS_SELECTOR, 'input[lang="th"]')
    assert thai.get_attribute("value") == "ซูพีเรียร์ ดับเบิล", "the demo's own wording"
    thai.clear()
    thai.send_keys(WORDED)
    superior.find_element(By.CSS_SELECTOR, 'input[lang="ko"]').clear()
    desk.find_element(By.CSS_SELECTOR, ".settings-texts button[type=submit]").click()

    def stored():
        texts = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/texts")["data"]["texts"]
        return next(t for t in texts if t["source"] == "Superior Double")["wordings"]

    assert poll(lambda: stored().get("th") == WORDED), stored()
    assert "ko" not in stored(), "an emptied wording is none"
    assert stored().get("ja") == "スーペリアダブル", "the other wordings are kept"
    screenshot(desk, "settings-texts-1024x768")

    # The desk in Thai: the board's group and a Superior Double stay's room nights read as worded.
    Select(desk.find_element(By.ID, "desk-language")).select_by_value("th")
    wait_ready(desk)
    go(desk, "#/board", "board")
    headers = lambda: [h.text for h in desk.find_elements(By.CSS_SELECTOR, ".board-row-header")]  # noqa: E731
    assert poll(lambda: WORDED in headers()), headers()
    assert "Superior Double" not in headers()
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    property_ = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]
    superior_id = next(t["id"] for t in property_["roomTypes"] if t["name"] == "Superior Double")
    stay = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomTypeId"] == superior_id)
    go(desk, f"#/stays/{stay['id']}", "stays")
    WebDriverWait(desk, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".folio-entry"))
    page = desk.find_element(By.ID, "desk-main").text
    assert WORDED in page and "Superior Double" not in page

    # A guest reading Thai sees the new wording; one reading Korean, the room type as entered.
    arrival, departure = next_month_dates(12)
    for language, name in (("th-TH", WORDED), ("ko-KR", "Superior Double")):
        guest = browser_factory(viewport=(1024, 768), language=language)
        guest.get(f"{desk_server}/#/places/{hotel['id']}?arrival={arrival}&departure={departure}&adults=2")
        wait_page(guest, "places")
        WebDriverWait(guest, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".room-box h3"))
        rooms = [h.text for h in guest.find_elements(By.CSS_SELECTOR, ".room-box h3")]
        assert name in rooms, (language, rooms)
        summary = guest.find_element(By.CSS_SELECTOR, ".place-summary").text
        assert summary != "" and "garden hotel" not in summary, "the summary is worded too"


def test_a_wording_saved_while_the_server_is_stopped_is_kept_and_saved_when_it_returns(restartable, browser_factory):
    desk = browser_factory(viewport=(1024, 768), language="th-TH")
    sign_in(desk, restartable.base)
    hotel = use_property(desk, "hotel")
    go(desk, "#/settings", "settings")
    pool = text_fieldset(desk, "Pool").find_element(By.CSS_SELECTOR, 'input[lang="vi"]')
    pool.clear()
    pool.send_keys("Hồ bơi nước mặn")
    restartable.stop()
    save = desk.find_element(By.CSS_SELECTOR, ".settings-texts button[type=submit]")
    save.click()
    error = desk.find_element(By.ID, "settings-texts-error")
    assert poll(lambda: error.text.strip()), "the failed save says so"
    assert "ติดต่อเซิร์ฟเวอร์ไม่ได้" in error.text and "fetch" not in error.text.lower(), error.text
    assert pool.get_attribute("value") == "Hồ bơi nước mặn", "what was typed is kept"
    restartable.start()
    poll(lambda: save.is_enabled())
    save.click()
    texts = lambda: api(desk, "GET", f"/api/v1/properties/{hotel['id']}/texts")["data"]  # noqa: E731
    assert poll(lambda: (texts() or {}).get("texts") and next(
        t for t in texts()["texts"] if t["source"] == "Pool")["wordings"].get("vi") == "Hồ bơi nước mặn")
