"""The issue's walk: a salon set up from empty through the desk's screens alone takes an online booking from
a phone. Its owner, given only a salon (`frontdesk property add`) and a login (`frontdesk user add`), sets on
Set-up its opening hours, two stylists, a menu of two services (a length of 3 minutes refused first, next to
the field, in the page's language), their buffers and who performs them, and its online window; the board
shows the stylists at once. A customer on a phone over a slow line finds the salon, books both services with
"anyone" at the first free time (her choices kept through a reload and Back, the terms refused until
accepted), the visit lands on the one stylist who performs both, its second service after the first's buffer
and its own, on the owner's board; she cancels it from the manage page and it leaves the board. Walked in
Japanese at a Tokyo salon and in Thai at a Bangkok one (baht with satang), with no English on any page.

One server is shared by both walks, each on a salon of its own. Every expectation is read from the API (the
salon's today, its free times), so the walks run on any day at any hour."""

import datetime
import json
import os
import re
import subprocess
import tempfile
import urllib.parse
import urllib.request
from dataclasses import dataclass

import pytest
from conftest import latin_words, screenshot, text_in
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, poll, wait_ready
from test_salon_setup import LANGUAGE_NAMES, type_into
from test_site import wait_page
from test_site_salon import PHONE, fill_form, instant, shown_starts, visible_text, wait_salon, wait_times
from test_staff import sign_in_as

from frontdesk_server import frontdesk_binary, serving

OWNER = {"email": "owner@example.com", "password": "salon owner 1"}


@dataclass
class Salon:
    """A salon as `frontdesk property add` makes it, and how its walk sets it up and books it."""

    language: str
    browser_language: str
    name: str
    time_zone: str
    currency: str
    region: str
    city: str
    search: str
    stylists: tuple
    team: str
    # Each service: its name, its length, its price as typed and as kept (minor units).
    services: tuple
    customer: tuple
    id: int = 0


SALONS = {
    "ja": Salon(
        language="ja", browser_language="ja-JP", name="Salon Sakura", time_zone="Asia/Tokyo", currency="JPY",
        region="Tokyo", city="Shibuya", search="東京", stylists=("さくら", "ゆい"), team="スタイリスト",
        services=(("カット", 45, "5500", 5500), ("ヘッドスパ", 30, "4400", 4400)),
        customer=("山田花子", "090-1234-5678", "hanako@example.com"),
    ),
    "th": Salon(
        language="th", browser_language="th-TH", name="Salon Mali", time_zone="Asia/Bangkok", currency="THB",
        region="Bangkok", city="Sukhumvit", search="กรุงเทพ", stylists=("มะลิ", "ดาว"), team="ช่างผม",
        services=(("ตัดผม", 45, "450.50", 45050), ("สปาศีรษะ", 30, "390", 39000)),
        customer=("สมศรี ใจดี", "081 234 5678", "somsri@example.com"),
    ),
}


def frontdesk(binary, *arguments, stdin=None):
    """Runs a command of the executable: what it printed on standard output."""
    done = subprocess.run([binary, *arguments], input=stdin, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.fail(f"frontdesk {' '.join(arguments[:2])} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


@pytest.fixture(scope="module")
def empty_server():
    """`frontdesk serve` over a database holding only the two salons, empty, and their owner's login."""
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    work = tempfile.mkdtemp(prefix="frontdesk-empty-salon-")
    database = os.path.join(work, "empty.sqlite")
    for salon in SALONS.values():
        added = frontdesk(
            binary, "property", "add", "--kind", "salon", "--name", salon.name, "--time-zone", salon.time_zone,
            "--currency", salon.currency, "--region", salon.region, "--city", salon.city, "--database", database,
        )
        salon.id = int(re.search(r"added property (\d+)", added).group(1))
    frontdesk(
        binary, "user", "add", "--email", OWNER["email"], "--role", "manager", "--database", database,
        *(argument for salon in SALONS.values() for argument in ("--property", str(salon.id))), "--password-stdin",
        stdin=OWNER["password"] + "\n",
    )
    with serving(binary, database, work, "empty_server") as base:
        yield base


def words(browser, key, **params):
    """The desk's words for `key` in the language it speaks."""
    return browser.execute_script("return window.desk.i18n.t(arguments[0], arguments[1])", key, params)


def refusal(browser, language, reason, **params):
    """A refusal as Web/common/refusals/{language}.js words it, its numbers as the page writes them."""
    text = browser.execute_async_script(
        "const [language, reason, done] = arguments;"
        "import(`/common/refusals/${language}.js`).then((m) => done(m.default[reason]));",
        language, reason,
    )
    for name, value in params.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def control(desk, key, **params):
    """The desk's control whose accessible name is `key`'s words."""
    return desk.find_element(By.CSS_SELECTOR, f'[aria-label="{words(desk, key, **params)}"]')


def shows(desk, key, **params):
    return bool(desk.find_elements(By.CSS_SELECTOR, f'[aria-label="{words(desk, key, **params)}"]'))


def enter(desk, key, value, **params):
    """Types `value` into the control named by `key`'s words."""
    type_into(desk, words(desk, key, **params), value)


def press(desk, key, **params):
    """Presses the button whose text, or accessible name, is `key`'s words."""
    text = words(desk, key, **params)
    desk.find_element(By.XPATH, f"//button[normalize-space()='{text}' or @aria-label='{text}']").click()


def error_under(desk, key, **params):
    """The refusal said under the control named by `key`'s words ("" while there is none)."""
    return desk.execute_script(
        "const c = document.querySelector(`[aria-label=\"${arguments[0]}\"]`);"
        "return c?.closest('.setup-field')?.querySelector('.desk-form-error')?.textContent ?? '';",
        words(desk, key, **params),
    )


def open_set_up(desk, base, salon):
    """The owner signs in, chooses the salon (an empty board) and opens Set-up, in their browser's language."""
    sign_in_as(desk, base, OWNER["email"], OWNER["password"])
    Select(desk.find_element(By.ID, "desk-property")).select_by_value(str(salon.id))
    wait_ready(desk, "board")
    assert desk.execute_script("return window.desk.i18n.code") == salon.language
    desk.find_element(By.CSS_SELECTOR, '.desk-nav a[data-route="salon-setup"]').click()
    wait_ready(desk, "salon-setup")


def set_hours(desk, salon):
    """Open 10:00-20:00 every day (an empty salon is open all day)."""
    for day in desk.find_elements(By.CSS_SELECTOR, "section[aria-labelledby=setup-openingHours] .setup-week .setup-range"):
        start, end = day.find_elements(By.CSS_SELECTOR, ".setup-clock")
        desk.execute_script("arguments[0].value = '10:00'; arguments[1].value = '20:00';", start, end)
    press(desk, "setup.save.openingHours")
    weekly = lambda: api(desk, "GET", f"/api/v1/properties/{salon.id}/salon")["data"]["openingHours"]["weekly"]  # noqa: E731
    assert poll(lambda: all(day["ranges"] == [{"start": 600, "end": 1200}] for day in weekly()))


def add_stylists(desk, salon):
    new = words(desk, "setup.newMember")
    for stylist in salon.stylists:
        enter(desk, "setup.memberNameOf", stylist, name=new)
        enter(desk, "setup.teamOf", salon.team, name=new)
        press(desk, "setup.addMember")
        WebDriverWait(desk, 10).until(lambda b: shows(b, "setup.shiftsOf", name=stylist))


def add_menu(desk, salon):
    """Both services; the first refused at 3 minutes, next to its length, then kept at its own."""
    new = words(desk, "setup.newService")
    (first, first_minutes, first_price, _), (second, second_minutes, second_price, _) = salon.services
    enter(desk, "setup.serviceNameOf", first, service=new)
    enter(desk, "setup.lengthOf", "3", service=new)
    enter(desk, "setup.priceOf", first_price, service=new)
    press(desk, "setup.addService")
    WebDriverWait(desk, 10).until(lambda b: error_under(b, "setup.lengthOf", service=new))
    assert error_under(desk, "setup.lengthOf", service=new) == refusal(desk, salon.language, "number.range", min=5, max=720)
    assert api(desk, "GET", f"/api/v1/properties/{salon.id}")["data"]["services"] == []
    enter(desk, "setup.lengthOf", str(first_minutes), service=new)
    press(desk, "setup.addService")
    WebDriverWait(desk, 10).until(lambda b: shows(b, "setup.saveMenuItem", service=first))
    enter(desk, "setup.serviceNameOf", second, service=new)
    enter(desk, "setup.lengthOf", str(second_minutes), service=new)
    enter(desk, "setup.priceOf", second_price, service=new)
    press(desk, "setup.addService")
    WebDriverWait(desk, 10).until(lambda b: shows(b, "setup.saveMenuItem", service=second))
    services = api(desk, "GET", f"/api/v1/properties/{salon.id}")["data"]["services"]
    assert [(s["name"], s["durationMinutes"], s["price"]["amount"]) for s in services] == [
        (name, minutes, amount) for name, minutes, _, amount in salon.services]
    return {s["name"]: s["id"] for s in services}


def set_bookings(desk, salon, ids, stylist):
    """The first service keeps its stylist 10 minutes after; the second 5 before, and only the first stylist does it."""
    (first, *_), (second, *_) = salon.services
    enter(desk, "setup.bufferAfterOf", "10", service=first)
    press(desk, "setup.saveService", service=first)
    enter(desk, "setup.bufferBeforeOf", "5", service=second)
    control(desk, "setup.performedBy", service=second, name=salon.stylists[1]).click()
    press(desk, "setup.saveService", service=second)
    path = f"/api/v1/properties/{salon.id}/salon"
    bookings = lambda: {b["serviceId"]: b for b in api(desk, "GET", path)["data"]["services"]}  # noqa: E731
    assert poll(lambda: (bookings()[ids[first]]["bufferAfterMinutes"], bookings()[ids[second]]["bufferBeforeMinutes"]) == (10, 5))
    assert bookings()[ids[second]]["performers"] == [stylist]


def set_window(desk, salon):
    """Booked online at least two hours ahead, cancelled online until an hour before."""
    for field, hours in (("setup.minimumNotice", "2"), ("setup.cancelNotice", "1")):
        enter(desk, field, hours)
        Select(control(desk, "setup.unitOf", field=words(desk, field))).select_by_value("60")
    press(desk, "setup.save.window")
    window = lambda: api(desk, "GET", f"/api/v1/properties/{salon.id}/salon")["data"]["window"]  # noqa: E731
    assert poll(lambda: (window()["minimumNoticeMinutes"], window()["cancelNoticeMinutes"]) == (120, 60))


def set_up(desk, base, salon):
    """The owner sets the salon up on Set-up, from empty: its first stylist's id and its services' ids by name."""
    open_set_up(desk, base, salon)
    set_hours(desk, salon)
    # The stylists first: every member performs a service added after them.
    add_stylists(desk, salon)
    ids = add_menu(desk, salon)
    staff = api(desk, "GET", f"/api/v1/properties/{salon.id}")["data"]["staff"]
    stylist = next(m["id"] for m in staff if m["name"] == salon.stylists[0])
    set_bookings(desk, salon, ids, stylist)
    set_window(desk, salon)
    stored = [salon.name, *salon.stylists, *ids, *LANGUAGE_NAMES]
    assert latin_words(desk.execute_script("return document.getElementById('desk-main').innerText"), stored) == []
    screenshot(desk, f"salon-from-empty-{salon.language}-setup")

    # Reloaded, the page shows what the server keeps; Back, the board has a row a stylist.
    desk.refresh()
    wait_ready(desk, "salon-setup")
    second = salon.services[1][0]
    assert control(desk, "setup.serviceNameOf", service=second).get_attribute("value") == second
    desk.back()
    wait_ready(desk, "board")
    WebDriverWait(desk, 30).until(lambda b: b.execute_script("return !!window.deskBoard?.loaded"))
    rows = desk.execute_script("return [...window.deskBoard.data.staff.values()].map((s) => s.name)")
    assert sorted(rows) == sorted(salon.stylists)
    return stylist, ids


def first_free_time(base, salon, services):
    """The first day from the salon's today with free times for both services with anyone, and those times."""
    page = api_public(base, f"/api/v1/public/salons/{salon.id}?lang={salon.language}")
    day = datetime.date.fromisoformat(page["today"])
    while day.isoformat() <= page["lastDay"]:
        query = "&".join([f"day={day.isoformat()}", *(f"services={s}" for s in services)])
        times = api_public(base, f"/api/v1/public/salons/{salon.id}/free-times?{query}")["times"]
        if times:
            return day.isoformat(), times
        day += datetime.timedelta(days=1)
    pytest.fail(f"no free times until {page['lastDay']}")


def api_public(base, path):
    """The guest API's answer, read from outside the pages."""
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return json.loads(answer.read())


def visit_of(base, salon, code):
    return api_public(base, f"/api/v1/public/visits/{code}?email={urllib.parse.quote(salon.customer[2])}")


def guest_stored(salon):
    """What the guest site may show in Latin letters: its own name and the salon's words as entered."""
    return ["Frontdesk Stays", salon.name, salon.city, *salon.stylists, *(s[0] for s in salon.services)]


def book(phone, base, salon, services):
    """The customer books both services with anyone at the day's last free time (the first ones move as the
    clock passes a step of the salon's grid while she chooses): the visit's code, its day and the free time
    taken."""
    phone.get(f"{base}/")
    wait_page(phone, "home")
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd(
        "Network.emulateNetworkConditions", {"offline": False, "latency": 200, "downloadThroughput": -1, "uploadThroughput": -1}
    )
    stored = guest_stored(salon)
    phone.find_element(By.ID, "home-salons").click()
    wait_page(phone, "salons")
    phone.find_element(By.ID, "salons-query").send_keys(salon.search)
    phone.find_element(By.ID, "salons-submit").click()
    card = f'.salon-card[data-salon-id="{salon.id}"] a'
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, card))
    phone.find_element(By.CSS_SELECTOR, card).click()
    wait_salon(phone)

    for service in services:
        phone.find_element(By.CSS_SELECTOR, f'.salon-service[data-service-id="{service}"]').click()
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, '.salon-stylist[data-staff="any"]'))
    phone.find_element(By.CSS_SELECTOR, '.salon-stylist[data-staff="any"]').click()
    WebDriverWait(phone, 10).until(lambda b: "staff=any" in b.current_url)
    day, times = first_free_time(base, salon, services)
    phone.find_element(By.CSS_SELECTOR, f'#salon-day [data-day="{day}"]').click()
    wait_times(phone)
    # The times the server offers, read a moment before the page's: the same, but for any the clock took meanwhile.
    shown = shown_starts(phone)
    assert shown and shown == [t["start"] for t in times][-len(shown):]

    # Reloaded, her choices stay; Back takes the day away and she chooses it again.
    phone.refresh()
    wait_salon(phone)
    wait_times(phone)
    assert phone.find_element(By.CSS_SELECTOR, '.salon-stylist[data-staff="any"]').get_attribute("aria-pressed") == "true"
    assert shown_starts(phone)[-1] == times[-1]["start"]
    phone.back()
    WebDriverWait(phone, 10).until(lambda b: "day=" not in b.current_url)
    phone.find_element(By.CSS_SELECTOR, f'#salon-day [data-day="{day}"]').click()
    WebDriverWait(phone, 10).until(lambda b: f"day={day}" in b.current_url)
    wait_times(phone)
    # The day's times drawn again (over 200 ms of latency): the last one chosen once it is there.
    last = f'.salon-time[data-start="{times[-1]["start"]}"]'
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, last))
    assert latin_words(visible_text(phone), stored) == []

    phone.find_element(By.CSS_SELECTOR, last).click()
    name, number, email = salon.customer
    fill_form(phone, name, number, email)
    phone.find_element(By.ID, "salon-submit").click()
    WebDriverWait(phone, 10).until(lambda b: text_in(b, "#salon-acceptTerms-error") == refusal(b, salon.language, "visit.terms"))
    phone.find_element(By.ID, "salon-accept").click()
    phone.find_element(By.ID, "salon-submit").click()
    wait_page(phone, "visit")
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "confirmation-code"))
    code = phone.find_element(By.ID, "confirmation-code").text
    assert phone.find_element(By.ID, "visit-stylist").text == salon.stylists[0]
    assert latin_words(visible_text(phone), stored + [code, email]) == []
    screenshot(phone, f"salon-from-empty-{salon.language}-booked")
    return code, day, times[-1]


def cancel(phone, base, salon, code):
    """The customer finds her visit on the manage page and cancels it."""
    email = salon.customer[2]
    phone.get(f"{base}/#/visit")
    wait_page(phone, "visit")
    phone.find_element(By.ID, "visit-code").send_keys(code)
    phone.find_element(By.ID, "visit-email").send_keys(email)
    phone.find_element(By.ID, "visit-find").click()
    WebDriverWait(phone, 10).until(lambda b: b.find_elements(By.ID, "visit-cancel"))
    assert latin_words(visible_text(phone), guest_stored(salon) + [code, email]) == []
    phone.find_element(By.ID, "visit-cancel").click()
    # The page asks the server what cancelling costs now before it asks her.
    WebDriverWait(phone, 10).until(expected_conditions.alert_is_present()).accept()
    WebDriverWait(phone, 10).until(
        lambda b: b.execute_script("return document.getElementById('visit-state')?.dataset.state") == "cancelled"
    )


@pytest.mark.parametrize("language", ["ja", "th"])
def test_a_salon_set_up_from_empty_on_the_desk_takes_a_booking_from_a_phone_that_its_customer_cancels(
    empty_server, browser_factory, language
):
    salon = SALONS[language]
    desk = browser_factory(language=salon.browser_language)
    stylist, ids = set_up(desk, empty_server, salon)
    services = [ids[name] for name, *_ in salon.services]

    phone = browser_factory(viewport=PHONE, language=salon.browser_language)
    code, day, first = book(phone, empty_server, salon, services)
    visit = visit_of(empty_server, salon, code)
    assert visit["staff"]["id"] == stylist
    assert (visit["start"], [s["serviceId"] for s in visit["services"]]) == (first["start"], services)
    assert visit["total"] == {"amount": sum(amount for *_, amount in salon.services), "currency": salon.currency}

    # On the owner's board, on the stylist's row: the second service starts after the first's 10 minutes
    # after and its own 5 before.
    (_, first_minutes, *_), (_, second_minutes, *_) = salon.services
    arrival = int(instant(first["start"]).timestamp()) // 60
    go(desk, f"#/board?date={day}", "board")
    WebDriverWait(desk, 30).until(lambda b: b.execute_script("return !!window.deskBoard?.loaded"))
    items = lambda: desk.execute_script(  # noqa: E731
        "const d = window.deskBoard.data;"
        "return [...d.items.values()].map((i) => [i.rowId, i.start + d.fromMinute, i.end + d.fromMinute])"
        "  .sort((a, b) => a[1] - b[1])"
    )
    assert items() == [
        [stylist, arrival, arrival + first_minutes],
        [stylist, arrival + first_minutes + 15, arrival + first_minutes + 15 + second_minutes],
    ]
    screenshot(desk, f"salon-from-empty-{language}-board")

    cancel(phone, empty_server, salon, code)
    assert poll(lambda: items() == [])
    assert visit_of(empty_server, salon, code)["state"] == "cancelled"
