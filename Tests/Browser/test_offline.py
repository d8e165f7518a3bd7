"""The desk through a network drop, in Chromium against a real server that is stopped for 30 s in the
middle of a shift: the bar says Offline; a charge and a room move made meanwhile wait in a visible
queue (kept across a reload, with the app and the stay read from the offline cache); when the server is
back, each reaches it exactly once and the desk says it is back online. A change the server refuses
when it comes back is shown with its reason, never dropped silently."""

import os
import shutil
import subprocess
import tempfile
import time

import pytest
from conftest import screenshot
from frontdesk_server import free_port, frontdesk_binary, serve_command, stop, wait_until_serving
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait
from test_desk import api, go, poll, sign_in, use_property, wait_ready

OFFLINE_SECONDS = 30


class RestartableServer:
    """`frontdesk serve` over its own demo database, stopped and started again on the same port."""

    def __init__(self, demo=()):
        """Over the demo, or over what `frontdesk demo` makes with the options `demo`."""
        self.binary = frontdesk_binary()
        self.work = tempfile.mkdtemp(prefix="frontdesk-offline-")
        self.database = os.path.join(self.work, "desk.sqlite")
        subprocess.run([self.binary, "demo", "--database", self.database, *demo], check=True, capture_output=True)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = None

    def start(self):
        log_path = os.path.join(self.work, "server.log")
        self.log = open(log_path, "a")
        self.process = subprocess.Popen(
            serve_command(self.binary, self.port, self.database), stdout=self.log, stderr=subprocess.STDOUT)
        wait_until_serving(self.base, self.process, log_path)

    def stop(self):
        stop(self.process, "offline server")
        self.log.close()

    def close(self):
        self.stop()
        shutil.rmtree(self.work, ignore_errors=True)


@pytest.fixture
def restartable():
    server = RestartableServer()
    server.start()
    try:
        yield server
    finally:
        server.close()


def network_word(browser):
    """The bar's network indicator in words (its accessible name), "" while it is hidden."""
    return browser.execute_script(
        "const b = document.getElementById('desk-network'); return b && !b.hidden ? b.getAttribute('aria-label') : ''")


def test_a_charge_and_a_move_made_while_the_server_is_down_reach_it_once(restartable, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, restartable.base)
    hotel = use_property(desk, "hotel")
    # The service worker has cached the app's files once it is active.
    assert poll(lambda: desk.execute_script("return !!navigator.serviceWorker.controller") or desk.refresh() or False,
                timeout=20), "the service worker controls the desk"
    wait_ready(desk)
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"] and e["stay"]["departure"] > today["date"])
    property_ = api(desk, "GET", f"/api/v1/properties/{hotel['id']}")["data"]
    board = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/board?from={today['date']}&to={guest['departure']}")["data"]
    taken = {board["items"][i + 1] for i in range(0, len(board["items"]), 6)} | {b["roomId"] for b in board["blocks"]}
    free = next(r for r in property_["rooms"] if r["id"] not in taken and r["id"] != guest["roomId"])
    go(desk, f"#/stays/{guest['id']}", "stays")
    folio_before = api(desk, "GET", f"/api/v1/stays/{guest['id']}/folio")["data"]

    restartable.stop()
    stopped = time.monotonic()

    # A charge typed while the server is away: kept, and the bar says so.
    charge = desk.find_element(By.CSS_SELECTOR, '[data-form="charge"] form')
    Select(charge.find_element(By.CSS_SELECTOR, '[data-key="category"] select')).select_by_visible_text("Minibar")
    charge.find_element(By.CSS_SELECTOR, '[data-key="description"] input').send_keys("Minibar while offline")
    charge.find_element(By.CSS_SELECTOR, '[data-key="amount"] input').send_keys("180")
    charge.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert poll(lambda: "Offline" in network_word(desk), timeout=10), network_word(desk)
    assert poll(lambda: "1 waiting" in network_word(desk))
    assert "Minibar while offline" in desk.find_element(By.ID, "stay-pending").text

    # A room move too, from the move form (its list of rooms comes without the board).
    move = desk.find_element(By.CSS_SELECTOR, '[data-form="move"] form')
    rooms = Select(move.find_element(By.CSS_SELECTOR, '[data-key="roomId"] select'))
    rooms.select_by_visible_text(next(o.text for o in rooms.options if o.text.startswith(f"{free['number']} ·")))
    move.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert poll(lambda: "2 waiting" in network_word(desk)), network_word(desk)

    # A reload while the server is away: the app, the stay and the queue are still there.
    desk.refresh()
    wait_ready(desk, "stays")
    assert guest["confirmationCode"] in desk.find_element(By.CSS_SELECTOR, ".stay-page").text
    assert poll(lambda: "2 waiting" in network_word(desk))
    desk.find_element(By.ID, "desk-network").click()
    queue = desk.find_element(By.ID, "desk-outbox").text
    assert "Minibar while offline" in queue and free["number"] in queue, queue
    screenshot(desk, "offline-queue-1024x768")
    wide = desk.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0, f"the bar with the indicator is {wide} px too wide"

    time.sleep(max(0, OFFLINE_SECONDS - (time.monotonic() - stopped)))
    restartable.start()

    # Back: both changes are sent, in order, once; the bar says so and clears.
    assert poll(lambda: network_word(desk) == "", timeout=20), network_word(desk)
    folio = api(desk, "GET", f"/api/v1/stays/{guest['id']}/folio")["data"]
    minibar = [e for e in folio["entries"] if e["description"] == "Minibar while offline"]
    assert len(minibar) == 1 and minibar[0]["amount"]["amount"] == 18_000
    # The charge once, and the taxes on it corrected once: each tax line reversed and posted again one time
    # (the hotel's service charge and VAT are added to its prices).
    corrected = ": the charges it is on changed"
    own = lambda f: [e for e in f["entries"] if e.get("category") != "tax" and not e["description"].endswith(corrected)]
    taxes = lambda f: [e for e in f["entries"] if e.get("category") == "tax" and e["kind"] == "charge" and not e["reversed"]]
    assert len(own(folio)) == len(own(folio_before)) + 1
    assert len(taxes(folio)) == len(taxes(folio_before))
    assert len([e for e in folio["entries"] if e["description"].endswith(corrected)]) == len(taxes(folio_before))
    stay = api(desk, "GET", f"/api/v1/stays/{guest['id']}")["data"]
    assert stay["roomId"] == free["id"]
    history = api(desk, "GET", f"/api/v1/stays/{guest['id']}/history")["data"]["entries"]
    assert len([e for e in history if e["action"] == "move"]) <= 1
    # A reload sends nothing again.
    desk.refresh()
    wait_ready(desk, "stays")
    time.sleep(2.5)
    assert len([e for e in api(desk, "GET", f"/api/v1/stays/{guest['id']}/folio")["data"]["entries"]
                if e["description"] == "Minibar while offline"]) == 1


def test_a_change_refused_when_the_server_returns_is_shown_with_its_reason(restartable, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, restartable.base)
    hotel = use_property(desk, "hotel")
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"])
    go(desk, f"#/stays/{guest['id']}", "stays")
    restartable.stop()
    # A charge in another currency than the folio's, sent while the server is away, is refused when it returns.
    desk.execute_script(
        "window.desk.outbox.send('POST', arguments[0], { body: { description: 'Yen charge', category: 'other',"
        " amount: { amount: 500, currency: 'JPY' } }, label: 'Charge in yen', stayId: arguments[1] })",
        f"/api/v1/stays/{guest['id']}/charges", guest["id"])
    assert poll(lambda: "1 waiting" in network_word(desk), timeout=10)
    restartable.start()
    assert poll(lambda: "1 refused" in network_word(desk), timeout=20), network_word(desk)
    outbox = desk.find_element(By.ID, "desk-outbox")
    assert outbox.is_displayed() and "Refused" in outbox.text and "Charge in yen" in outbox.text
    assert "THB" in outbox.text, outbox.text  # the server's reason
    outbox.find_element(By.CSS_SELECTOR, "li.is-refused button").click()
    assert poll(lambda: network_word(desk) == "")
