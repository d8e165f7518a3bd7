"""The messages a property sends (Web/desk/settings/settings-messages.js) in Chromium against a real server over the demo
database, as the demo's manager: on the salon's set-up a reminder 100 hours before a visit is refused next to its
field, 6 is kept, a Japanese line is kept, and leaving the page and coming Back, or reloading it, shows what the
server holds, as the API reads it; on the hotel's Settings the cancellation is turned off and the message before
arrival set to 3 days. In Japanese the section has no English word, its refusal included."""

from conftest import latin_words, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

LANGUAGE_NAMES = ["English", "ไทย", "日本語", "한국어", "Tiếng Việt"]
JAPANESE_LINE = "駐車場はございません。近くのコインパーキングをご利用ください。"


def settings_of(browser, place):
    return api(browser, "GET", f"/api/v1/properties/{place['id']}/message-settings")["data"]


def type_number(browser, element_id, value):
    field = browser.find_element(By.ID, element_id)
    field.clear()
    field.send_keys(str(value))


def save(browser):
    """Presses Save with the toast emptied, so that a "Saved." seen after it is this save's."""
    browser.execute_script("document.getElementById('desk-toast').textContent = ''")
    browser.find_element(By.ID, "messages-save").click()


def saved(browser):
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#desk-toast") == "Saved.")


def shown(browser):
    """The section's controls as the page shows them."""
    return browser.execute_script(
        """
        const by = (id) => document.getElementById(id);
        return { confirmation: by('messages-confirmation').checked, cancellation: by('messages-cancellation').checked,
                 reminderOn: by('messages-reminder-hours-on').checked, reminder: by('messages-reminder-hours').value,
                 ja: by('messages-note-ja').value, en: by('messages-note-en').value };
        """
    )


def test_a_salon_manager_sets_the_reminder_and_a_japanese_line_which_outlive_a_reload(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    salon = use_property(browser, "salon")
    before = settings_of(browser, salon)
    go(browser, "#/salon-setup", "salon-setup")
    until_text(browser, "#settings-messages-title", "Messages to customers")
    # A salon's message ahead is the reminder: no message before arrival here.
    assert not browser.find_elements(By.ID, "messages-pre-arrival-days")
    # Each language's line is labelled with its own name, in its language.
    langs = browser.execute_script(
        "return [...document.querySelectorAll('#settings-messages textarea')].map((t) => [t.lang, t.maxLength, t.labels[0].textContent]);"
    )
    assert langs == [[c, 500, n] for c, n in zip(["en", "th", "ja", "ko", "vi"], LANGUAGE_NAMES)]

    # 100 hours is refused next to the reminder's field; nothing is kept.
    assert browser.find_element(By.ID, "messages-reminder-hours-on").is_selected()
    type_number(browser, "messages-reminder-hours", 100)
    save(browser)
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#messages-reminder-hours-error") == "Enter a number from 1 to 72.")
    assert browser.find_element(By.ID, "messages-reminder-hours").get_attribute("aria-invalid") == "true"
    until_text(browser, "#settings-messages-error", "")
    screenshot(browser, "desk-message-settings-refused")
    assert settings_of(browser, salon) == before

    # Corrected to 6: kept, and the refusal goes.
    type_number(browser, "messages-reminder-hours", 6)
    save(browser)
    saved(browser)
    until_text(browser, "#messages-reminder-hours-error", "")
    assert settings_of(browser, salon)["reminderHours"] == 6

    # A line for Japanese customers.
    browser.find_element(By.ID, "messages-note-ja").send_keys(JAPANESE_LINE)
    save(browser)
    saved(browser)

    # Away and Back, then a reload: the page shows what the server keeps.
    expected = {"confirmation": True, "cancellation": True, "reminderOn": True, "reminder": "6", "ja": JAPANESE_LINE, "en": ""}
    go(browser, "#/board", "board")
    browser.back()
    wait_ready(browser, "salon-setup")
    assert shown(browser) == expected
    browser.refresh()
    wait_ready(browser, "salon-setup")
    assert shown(browser) == expected
    # The hotel's message ahead went back as it was.
    assert settings_of(browser, salon) == {**before, "reminderHours": 6, "notes": {"ja": JAPANESE_LINE}}


def test_a_hotel_manager_turns_the_cancellation_off_and_sends_three_days_before_arrival(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    before = settings_of(browser, hotel)
    go(browser, "#/settings", "settings")
    until_text(browser, "#settings-messages-title", "Messages to guests")
    assert not browser.find_elements(By.ID, "messages-reminder-hours")

    cancellation = browser.find_element(By.ID, "messages-cancellation")
    assert cancellation.is_selected()
    cancellation.click()
    assert browser.find_element(By.ID, "messages-pre-arrival-days-on").is_selected()
    type_number(browser, "messages-pre-arrival-days", 3)
    save(browser)
    saved(browser)
    screenshot(browser, "desk-message-settings-hotel")
    assert settings_of(browser, hotel) == {**before, "cancellation": False, "preArrivalDays": 3}


def test_the_section_in_japanese_has_no_english_word(desk_server, browser_factory):
    browser = browser_factory(language="ja-JP")
    sign_in(browser, desk_server)
    use_property(browser, "salon")
    go(browser, "#/salon-setup", "salon-setup")
    until_text(browser, "#settings-messages-title", "お客様へのメッセージ")
    # A refusal too is worded in Japanese, next to its field.
    type_number(browser, "messages-reminder-hours", 100)
    browser.find_element(By.ID, "messages-save").click()
    WebDriverWait(browser, 10).until(lambda b: "72" in text_in(b, "#messages-reminder-hours-error"))
    screenshot(browser, "desk-message-settings-ja")
    section = browser.execute_script("return document.getElementById('settings-messages').innerText")
    assert latin_words(section, LANGUAGE_NAMES) == [], section
