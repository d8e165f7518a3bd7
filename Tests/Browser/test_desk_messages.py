"""The messages sent to a guest or a customer, on the desk's stay and appointment pages, in Chromium against a
real server over the demo database, which has no mail server: a booking made on the guest site (in Thai) shows its
confirmation to the guest's email as not sent for want of a mail server, in English and then in Japanese without an
English word, and a manager is offered no Send again for it; a salon visit booked online shows the same on its
appointment's page. The states such a server never reaches (sent, failed, on its way) are drawn in the page from
made-up messages: their words, Send again only for a sent or a failed one, and the server's refusal shown in place.
A guest who asks for no email is recorded with Stop emails: their next booking writes no message, until Send emails
again."""

import datetime
import uuid

from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, sign_in, use_property, wait_ready

NOT_SENT = "Not sent: no mail server set up"
ROWS = "#{} li[data-message-id]"
# The rows of a section as the page shows them: id, state, text, and whether they offer Send again.
READ_ROWS = """
return [...document.querySelectorAll(arguments[0])].map((row) => ({
  id: Number(row.dataset.messageId), state: row.dataset.state, text: row.textContent,
  stateWords: row.querySelector('.message-state')?.textContent, resend: !!row.querySelector('button'),
}));
"""


def rows(browser, section):
    return browser.execute_script(READ_ROWS, ROWS.format(section))


def book_online(browser, hotel, email):
    """A stay booked on the guest site as a Thai guest books it, a month from the hotel's today: its id."""
    today = datetime.date.fromisoformat(api(browser, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]["date"])
    arrival, departure = (today + datetime.timedelta(days=n) for n in (30, 32))
    place = api(browser, "GET", f"/api/v1/public/properties/{hotel['id']}?arrival={arrival}&departure={departure}&adults=1")
    room_type = next(t["id"] for t in place["data"]["roomTypes"] if t.get("available"))
    body = {
        "propertyId": hotel["id"], "roomTypeId": room_type, "arrival": arrival.isoformat(),
        "departure": departure.isoformat(), "adults": 1, "guest": {"name": "สมหญิง ใจดี", "email": email},
    }
    booked = api(browser, "POST", "/api/v1/public/bookings?lang=th", body, {"Idempotency-Key": f"messages-{uuid.uuid4()}"})
    assert booked["status"] == 201, booked
    code = booked["data"]["confirmationCode"]
    found = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/stays?q={code}")["data"]["results"]
    return found[0]["stay"]["id"]


def test_a_stay_booked_online_shows_its_confirmation_not_sent_without_a_mail_server(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    assert browser.execute_script("return window.desk.may('managing')")  # Send again is a manager's
    email = f"somying.{uuid.uuid4().hex[:8]}@example.com"
    stay_id = book_online(browser, hotel, email)

    go(browser, f"#/stays/{stay_id}", "stays")
    [confirmation] = rows(browser, "stay-messages")
    assert confirmation["state"] == "unsent"
    assert "Booking confirmation" in confirmation["text"] and email in confirmation["text"]
    assert confirmation["stateWords"] == NOT_SENT
    # Still waiting for a mail server: nothing to send again.
    assert not confirmation["resend"]

    Select(browser.find_element(By.ID, "desk-language")).select_by_value("ja")
    wait_ready(browser, "stays")
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#stay-messages h2") == "送信メッセージ")
    screenshot(browser, "desk-stay-messages-ja")
    section = text_in(browser, "#stay-messages")
    assert "メールサーバー" in section
    assert latin_words(section, [email]) == []


def test_a_visit_booked_online_shows_its_confirmation_and_the_states_a_mail_server_brings(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    salon = use_property(browser, "salon")
    page = api(browser, "GET", f"/api/v1/public/salons/{salon['id']}")["data"]
    service = page["services"][0]["id"]
    day = datetime.date.fromisoformat(page["today"]) + datetime.timedelta(days=14)
    start = next(
        t["start"]
        for n in range(7)
        for t in api(browser, "GET", f"/api/v1/public/salons/{salon['id']}/free-times?day={day + datetime.timedelta(days=n)}"
                     f"&services={service}")["data"]["times"]
    )
    email = f"kyaku.{uuid.uuid4().hex[:8]}@example.com"
    visit = api(
        browser, "POST", f"/api/v1/public/salons/{salon['id']}/visits?lang=ja",
        {"services": [service], "start": start, "acceptTerms": True,
         "customer": {"name": "Hana Sato", "email": email, "phone": "090 1234 5678"}},
        {"Idempotency-Key": f"messages-{uuid.uuid4()}"},
    )
    assert visit["status"] == 201, visit
    appointment_id = visit["data"]["services"][0]["appointmentId"]

    go(browser, f"#/appointments/{appointment_id}", "appointments")
    [confirmation] = rows(browser, "appointment-messages")
    assert email in confirmation["text"] and confirmation["stateWords"] == NOT_SENT and not confirmation["resend"]

    # What a mail server would bring, drawn by the same module; the failed one carries the real message's id,
    # which the server refuses to send again while it waits (`message.queued`).
    browser.execute_async_script(
        """
        const [id, done] = arguments;
        import("/desk/shared/message-list.js").then(({ messageSection }) => {
          const at = "2026-11-28T04:00:00Z";
          const made = (state, extra) => ({ kind: "cancellation", recipient: "a@example.com", language: "en", state,
                                            attempts: 0, createdAt: at, ...extra });
          const read = { messages: [
            made("failed", { id, attempts: 5, lastError: "550 5.1.1 mailbox unavailable" }),
            made("sent", { id: id + 1000, attempts: 1, sentAt: at }),
            made("queued", { id: id + 2000, attempts: 2, lastError: "421 try later", nextAttemptAt: "2026-11-28T05:30:00Z" }),
          ] };
          const reload = async () => { throw new Error("nothing was sent again"); };
          document.getElementById("desk-main").append(
            messageSection(read, window.desk, { id: "made-up-messages", mayResend: true, reload }));
          done();
        });
        """,
        confirmation["id"],
    )
    failed, sent, queued = rows(browser, "made-up-messages")
    assert failed["stateWords"] == "Failed" and "550 5.1.1 mailbox unavailable" in failed["text"] and failed["resend"]
    assert sent["stateWords"] == "Sent" and sent["resend"]
    # The salon's clock (Tokyo): 05:30 UTC is 14:30.
    assert queued["stateWords"] == "On its way · next try at 14:30 · 2 attempts: 421 try later" and not queued["resend"]
    button = browser.find_element(By.CSS_SELECTOR, f'#made-up-messages li[data-message-id="{confirmation["id"]}"] button')
    assert button.get_attribute("aria-label") == "Send again: Cancellation · a@example.com"
    button.click()
    WebDriverWait(browser, 10).until(lambda b: text_in(b, "#made-up-messages [role=alert]"))
    assert text_in(browser, "#made-up-messages [role=alert]").startswith("This message is still on its way")
    assert button.is_enabled()


# A room free for two nights from `after` days past the board's today: the new booking's target.
FREE_ROOM = """
const [after] = arguments;
const screen = window.deskBoard;
const items = [...screen.data.items.values()];
const start = screen.data.today + after;
const row = screen.data.rows.find((r) => r.id > 0 && !items.some((i) => i.rowId === r.id && i.start < start + 2 && start < i.end));
return row ? { rowId: row.id, start, end: start + 2 } : null;
"""


def test_a_booking_made_on_the_board_confirms_to_the_guest_in_the_language_chosen(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    go(browser, "#/board", "board")
    WebDriverWait(browser, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))
    target = browser.execute_script(FREE_ROOM, 40)
    assert target, "no room free on the board forty days out"
    # The new booking's form, as a drag over empty nights opens it.
    browser.execute_script("window.deskBoard.editor.create(arguments[0])", target)
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "new-language"))
    language = Select(browser.find_element(By.ID, "new-language"))
    # The desk's own language first; the guest's chosen instead.
    assert language.first_selected_option.get_attribute("value") == "en"
    assert [o.get_attribute("value") for o in language.options] == ["", "en", "th", "ja", "ko", "vi"]
    email = f"kenji.{uuid.uuid4().hex[:8]}@example.com"
    browser.find_element(By.ID, "new-name").send_keys("Kenji Mori")
    browser.find_element(By.ID, "new-email").send_keys(email)
    language.select_by_value("ja")
    screenshot(browser, "board-new-stay-confirmation-language")
    browser.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()

    def booked():
        found = api(browser, "GET", f"/api/v1/properties/{hotel['id']}/stays?q={email}")["data"]["results"]
        return found[0]["stay"]["id"] if found else None

    stay_id = WebDriverWait(browser, 10).until(lambda b: booked())
    messages = api(browser, "GET", f"/api/v1/stays/{stay_id}/messages")["data"]["messages"]
    assert [(m["kind"], m["language"], m["recipient"]) for m in messages] == [("confirmation", "ja", email)]
    # The stay's page lists it, in the desk's English.
    go(browser, f"#/stays/{stay_id}", "stays")
    [confirmation] = rows(browser, "stay-messages")
    assert "Booking confirmation" in confirmation["text"] and email in confirmation["text"]

    # "Don't send" books without a message.
    go(browser, "#/board", "board")
    WebDriverWait(browser, 30).until(lambda b: b.execute_script("return !!window.deskBoard && window.deskBoard.loaded"))
    target = browser.execute_script(FREE_ROOM, 44)
    browser.execute_script("window.deskBoard.editor.create(arguments[0])", target)
    WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.ID, "new-language"))
    quiet = f"quiet.{uuid.uuid4().hex[:8]}@example.com"
    browser.find_element(By.ID, "new-name").send_keys("Quiet Guest")
    browser.find_element(By.ID, "new-email").send_keys(quiet)
    Select(browser.find_element(By.ID, "new-language")).select_by_value("")
    browser.find_element(By.CSS_SELECTOR, ".board-new button[type=submit]").click()
    email = quiet
    stay_id = WebDriverWait(browser, 10).until(lambda b: booked())
    assert api(browser, "GET", f"/api/v1/stays/{stay_id}/messages")["data"]["messages"] == []


def test_a_guest_who_asks_for_no_email_is_recorded_and_their_next_booking_sends_none(desk_server, browser_factory):
    browser = browser_factory()
    sign_in(browser, desk_server)
    hotel = use_property(browser, "hotel")
    email = f"no.mail.{uuid.uuid4().hex[:8]}@example.com"
    stay_id = book_online(browser, hotel, email)
    go(browser, f"#/stays/{stay_id}", "stays")
    line = "#stay-messages .message-consent"
    WebDriverWait(browser, 10).until(lambda b: text_in(b, line))
    assert text_in(browser, line).startswith(f"Emails about their bookings go to {email}.")

    browser.find_element(By.CSS_SELECTOR, f"{line} button").click()
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, line).get_attribute("data-granted") == "false")
    assert text_in(browser, line).startswith(f"{email} asked for no emails")
    # The server keeps it: the guest's next booking writes no message, and its page says why.
    second = book_online(browser, hotel, email)
    go(browser, f"#/stays/{second}", "stays")
    WebDriverWait(browser, 10).until(lambda b: text_in(b, line))
    assert rows(browser, "stay-messages") == []
    assert "Send emails again" in text_in(browser, line)

    browser.find_element(By.CSS_SELECTOR, f"{line} button").click()
    WebDriverWait(browser, 10).until(
        lambda b: b.find_element(By.CSS_SELECTOR, line).get_attribute("data-granted") == "true")
    third = book_online(browser, hotel, email)
    go(browser, f"#/stays/{third}", "stays")
    WebDriverWait(browser, 10).until(lambda b: len(rows(b, "stay-messages")) == 1)
