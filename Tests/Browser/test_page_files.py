"""The pages' files as Chromium meets them against a real server: every module and stylesheet is asked for
once, by its version (the server's import map and preloads), and a second visit takes them all from the
browser's cache without asking the server again, on the guest site and on the desk's board; the desk's
sign-in paints from its own files, and the desk's (its screens' styles among them) come after."""

from urllib.parse import urlparse

from selenium.webdriver.support.ui import WebDriverWait
from test_desk import sign_in, wait_ready
from test_site import wait_page



def files_loaded(browser, base):
    """This document's own files (not the API's answers): each one's URL and the bytes it took on the wire."""
    entries = browser.execute_script(
        "return performance.getEntriesByType('resource')"
        ".map(e => ({url: e.name, bytes: e.transferSize, by: e.initiatorType}))"
    )
    return [
        entry for entry in entries
        if entry["url"].startswith(base) and not urlparse(entry["url"]).path.startswith(("/api/", "/photos/"))
        and urlparse(entry["url"]).path.endswith((".js", ".css"))
    ]


def assert_each_once_by_its_version(files, page):
    assert len(files) > 5, f"{page}: {files}"
    unversioned = [entry["url"] for entry in files if "?v=" not in entry["url"]]
    assert not unversioned, f"{page} asked for files without their version: {unversioned}"
    paths = [urlparse(entry["url"]).path for entry in files]
    twice = sorted({path for path in paths if paths.count(path) > 1})
    assert not twice, f"{page} asked for these files twice: {twice}"


def visit(browser, base, path, wait, page):
    """Opens `path` (a new document, not a reload) and waits for its screen: the files it asked for, each
    once and by its version."""
    browser.get(f"{base}{path}")
    wait()
    files = files_loaded(browser, base)
    assert_each_once_by_its_version(files, page)
    return files


def assert_second_visit_fetches_no_file(browser, base, path, wait, page):
    """Another visit to the page: it is asked for again, and its files all come from the browser's cache; what
    crosses the network for its first screen (the app marks it drawn), besides the page, is the API's answers
    (its data) alone."""
    visit(browser, base, path, wait, f"{page} again")
    fetched = browser.execute_script(
        "const drawn = performance.getEntriesByName('frontdesk-first-screen')[0].startTime;"
        "return performance.getEntriesByType('resource').filter((e) => e.startTime < drawn && e.transferSize > 0)"
        ".map((e) => e.name).filter((url) => !new URL(url).pathname.startsWith('/api/'))"
    )
    assert not fetched, f"a second visit to {page} fetched these again: {fetched}"


def test_the_guest_site_asks_for_each_file_once_by_its_version_and_a_second_visit_asks_for_none(
    desk_server, browser_factory
):
    guest = browser_factory()
    home = lambda: wait_page(guest, "home")  # noqa: E731
    first = visit(guest, desk_server, "/", home, "the home page")
    assert any(entry["bytes"] > 0 for entry in first), "the first visit fetched its files"
    assert_second_visit_fetches_no_file(guest, desk_server, "/?again", home, "the home page")


def test_the_desk_loads_its_board_screen_by_version_and_a_second_visit_asks_for_no_file(desk_server, browser_factory):
    desk = browser_factory()
    sign_in(desk, desk_server)
    board = lambda: wait_ready(desk, "board")  # noqa: E731
    first = visit(desk, desk_server, "/desk/#/board", board, "the board")
    assert any("/desk/board/board-screen.js?v=" in entry["url"] for entry in first), first
    assert_second_visit_fetches_no_file(desk, desk_server, "/desk/?again#/board", board, "the board")


def test_the_desks_sign_in_paints_from_its_own_files_and_the_desk_comes_after_with_every_screens_styles(
    desk_server, browser_factory
):
    desk = browser_factory()
    desk.get(f"{desk_server}/desk/")
    WebDriverWait(desk, 30).until(lambda b: b.execute_script("return document.documentElement.dataset.screen") == "login")
    # What was asked for before the sign-in was drawn (app.js marks it): its own files, the words and the
    # session, nothing of the desk's.
    before = desk.execute_script(
        "const drawn = performance.getEntriesByName('frontdesk-sign-in')[0].startTime;"
        "return performance.getEntriesByType('resource').filter((e) => e.startTime < drawn)"
        ".map((e) => new URL(e.name).pathname)"
    )
    desks = [path for path in before if path.endswith((".css", "/desk.js", "/routes.js", "/outbox.js", "/live.js"))
             and path not in ("/desk/desk.css", "/desk/login.css")]
    assert not desks, f"the sign-in waited for the desk's files: {desks}"
    assert "/api/v1/session" in before and any("/messages/" in path for path in before), before
    # The form is styled by the sign-in's own sheet all the same: a card.
    assert desk.execute_script("return getComputedStyle(document.querySelector('.desk-login')).display") == "grid"
    sign_in(desk, desk_server)
    loaded = "return [...document.querySelectorAll('link[data-screens]')].map((l) => [l.href, !!l.sheet && l.sheet.cssRules.length > 0])"
    styles = desk.execute_script(loaded)
    assert len(styles) > 10 and all(applied and "?v=" in href for href, applied in styles), styles
