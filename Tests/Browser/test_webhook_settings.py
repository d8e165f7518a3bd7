"""A property's webhooks (Web/desk/settings/settings-webhooks.js) in Chromium against a real server over the demo database, as
the demo's manager: on the hotel's Settings an ftp:// URL and a loopback address (which the test server does not
allow) are refused under the URL, no event under the events; a public address with two events is added, its secret
shown once and gone after a reload while the webhook stays listed; Remove asks first, and once accepted the API
lists none. In Japanese, the salon's set-up offers no stay.* event and the section has no English word, a webhook
added and its secret shown included; the hotel's Settings names LINE, Kakao, Zalo and JSON and no other English
word. The front desk, whom the server serves no webhooks, sees no section."""

from conftest import latin_words, screenshot, text_in, until_text
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready
from test_staff import sign_in_as

EVENTS = ["booking.created", "booking.changed", "booking.cancelled", "stay.checked_in", "stay.checked_out", "payment.received"]
SALON_EVENTS = [code for code in EVENTS if not code.startswith("stay.")]
# Names of brands and formats, written as they are in every language.
NAMES = ["LINE", "Kakao", "Zalo", "JSON"]


def webhooks_of(browser, place):
    return api(browser, "GET", f"/api/v1/properties/{place['id']}/webhooks")["data"]["webhooks"]


def offered(browser):
    """The events the Add form offers, by code, and which are ticked."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#settings-webhooks input[type=checkbox]')]"
        ".map((box) => [box.id.replace('webhooks-event-', ''), box.checked]);"
    )


def rows(browser):
    """The listed webhooks: id and text."""
    return browser.execute_script(
        "return [...document.querySelectorAll('#settings-webhooks li[data-webhook-id]')]"
        ".map((li) => [Number(li.dataset.webhookId), li.innerText]);"
    )


def add(browser, url):
    field = browser.find_element(By.ID, "webhooks-url")
    field.clear()
    field.send_keys(url)
    browser.find_element(By.ID, "webhooks-add").click()


def refused(browser, words):
    """Waits for the refusal under the URL, which holds `words`; the field is marked invalid."""
    WebDriverWait(browser, 10).until(lambda b: words in text_in(b, "#webhooks-url-error"))
    assert browser.find_element(By.ID, "webhooks-url").get_attribute("aria-invalid") == "true"
    until_text(browser, "#settings-webhooks-error", "")


def secret_shown(browser):
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "webhooks-secret"))
    return browser.find_element(By.ID, "webhooks-secret").get_attribute("value")


def test_a_hotel_manager_adds_a_webhook_sees_its_secret_once_and_removes_it(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    go(browser, "#/settings", "settings")
    until_text(browser, "#settings-webhooks-title", "Webhooks")
    assert offered(browser) == [[code, True] for code in EVENTS]
    assert rows(browser) == [] and webhooks_of(browser, hotel) == []

    # Not http or https, then a loopback address: refused under the URL, nothing added.
    add(browser, "ftp://x")
    refused(browser, "Give an http or https address")
    add(browser, "http://127.0.0.1:9/h")
    refused(browser, "127.0.0.1 is a private, local or reserved address")
    assert webhooks_of(browser, hotel) == []

    # A public address with no event: refused under the events.
    for code in EVENTS:
        browser.find_element(By.ID, f"webhooks-event-{code}").click()
    add(browser, "https://93.184.215.14/hooks")
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#webhooks-events-error") == "Choose at least one event.")
    until_text(browser, "#webhooks-url-error", "")

    # With two events: its secret is shown, the refusal goes and the form starts again.
    for code in ("booking.created", "payment.received"):
        browser.find_element(By.ID, f"webhooks-event-{code}").click()
    browser.find_element(By.ID, "webhooks-add").click()
    secret = secret_shown(browser)
    assert secret.startswith("whsec_") and len(secret) > 40, secret
    until_text(browser, "label[for=webhooks-secret]", "Copy this secret now: it is not shown again.")
    assert browser.find_element(By.ID, "webhooks-secret").get_attribute("readonly") is not None
    assert browser.find_element(By.ID, "webhooks-copy").is_displayed()
    until_text(browser, "#webhooks-events-error", "")
    assert browser.find_element(By.ID, "webhooks-url").get_attribute("value") == ""
    assert offered(browser) == [[code, True] for code in EVENTS]
    [stored] = webhooks_of(browser, hotel)
    assert stored["url"] == "https://93.184.215.14/hooks" and stored["events"] == ["booking.created", "payment.received"]
    assert "secret" not in stored
    [(row_id, text)] = rows(browser)
    assert row_id == stored["id"]
    assert "https://93.184.215.14/hooks" in text and "Booking made and Payment received" in text and "Delivering" in text, text
    screenshot(browser, "desk-webhooks-added")

    # A reload: the secret is not shown again; the webhook stays.
    browser.refresh()
    wait_ready(browser, "settings")
    assert not browser.find_elements(By.ID, "webhooks-secret")
    assert [row_id for row_id, _ in rows(browser)] == [stored["id"]]

    # Remove asks first: dismissed, nothing goes; accepted, the webhook goes.
    remove = f"#settings-webhooks li[data-webhook-id='{stored['id']}'] button"
    browser.find_element(By.CSS_SELECTOR, remove).click()
    assert "https://93.184.215.14/hooks" in browser.switch_to.alert.text
    browser.switch_to.alert.dismiss()
    assert len(rows(browser)) == 1 and len(webhooks_of(browser, hotel)) == 1
    browser.find_element(By.CSS_SELECTOR, remove).click()
    browser.switch_to.alert.accept()
    WebDriverWait(browser, 10).until(lambda b: rows(b) == [])
    WebDriverWait(browser, 5).until(lambda b: text_in(b, "#desk-toast") == "Webhook removed.")
    until_text(browser, "#settings-webhooks ul", "No webhooks yet.")
    assert webhooks_of(browser, hotel) == []


def test_in_japanese_the_salons_webhooks_have_no_english_word_and_no_stay_events(desk_server, browser_factory):
    browser = browser_factory(language="ja-JP")
    sign_in(browser, desk_server)
    salon = use_property(browser, "salon")
    go(browser, "#/salon-setup", "salon-setup")
    until_text(browser, "#settings-webhooks-title", "ウェブフック")
    # A salon's visits are never checked in or out.
    assert offered(browser) == [[code, True] for code in SALON_EVENTS]
    assert not browser.find_elements(By.CSS_SELECTOR, "[id^='webhooks-event-stay.']")

    # A private address is refused in Japanese, naming the host as typed.
    add(browser, "http://127.0.0.1:9/h")
    refused(browser, "127.0.0.1")
    assert latin_words(text_in(browser, "#webhooks-url-error"), ["127.0.0.1"]) == [], text_in(browser, "#webhooks-url-error")
    add(browser, "https://93.184.215.14/salon")
    assert secret_shown(browser).startswith("whsec_")
    [stored] = webhooks_of(browser, salon)
    assert stored["events"] == sorted(SALON_EVENTS)
    assert [row_id for row_id, _ in rows(browser)] == [stored["id"]]
    screenshot(browser, "desk-webhooks-ja")
    section = browser.execute_script("return document.getElementById('settings-webhooks').innerText")
    # The URL as entered, and any error of the receiver's as the server said it.
    errors = browser.execute_script("return [...document.querySelectorAll('#settings-webhooks q')].map((q) => q.textContent)")
    assert latin_words(section, [stored["url"], *errors, *NAMES]) == [], section
    # Its events in the order offered, whatever order the server keeps them in.
    assert "新規予約、予約の変更、予約のキャンセル、支払いの受領" in section, section

    # The hotel's section names the brands and the format, and nothing else in English.
    use_property(browser, "hotel")
    go(browser, "#/settings", "settings")
    section = browser.execute_script("return document.getElementById('settings-webhooks').innerText")
    assert "LINE" in section and "チェックイン" in section, section
    assert latin_words(section, NAMES) == [], section


def test_the_front_desk_sees_no_webhooks_section(desk_server, browser_factory):
    manager = browser_factory()
    sign_in(manager, desk_server)
    hotel = use_property(manager, "hotel")
    member = {"email": "webhooks-desk@example.com", "name": "Desk Clerk", "role": "front_desk", "password": "at the desk"}
    assert api(manager, "POST", f"/api/v1/properties/{hotel['id']}/staff", member)["status"] == 201
    clerk = browser_factory()
    sign_in_as(clerk, desk_server, member["email"], member["password"])
    go(clerk, "#/settings", "settings")
    assert clerk.find_elements(By.ID, "settings-messages") and not clerk.find_elements(By.ID, "settings-webhooks")
    assert api(clerk, "GET", f"/api/v1/properties/{hotel['id']}/webhooks")["status"] == 403
