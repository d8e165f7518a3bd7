"""Browser tests of the web app: a static file server for Web/, a real server over a fresh SQLite demo
database, and headless Chromium through Selenium.

Env: CHROMIUM_BIN (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver),
FRONTDESK_BIN (default: `swift build --show-bin-path`/frontdesk). Screenshots go to
Tests/Browser/artifacts/ (not committed).
"""

import functools
import http.server
import os
import shutil
import re
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from frontdesk_server import frontdesk_binary, serving_demo  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "Web"
VIEWPORT = (1024, 768)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # module scripts and streaming wasm compilation insist on the right types
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".css": "text/css",
        ".html": "text/html",
    }

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format, *args):
        pass


@pytest.fixture(scope="session")
def viewport():
    """The layout viewport's size in CSS pixels, as the tests pin it."""
    return VIEWPORT


@pytest.fixture(scope="session")
def web_url():
    """The base URL of a static server for Web/ on a free loopback port, shut down after the session."""
    if not (WEB / "timeline.wasm").exists():
        pytest.fail("Web/timeline.wasm is missing: run scripts/build-wasm.sh first")
    handler = functools.partial(_QuietHandler, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="web-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def make_driver(viewport=VIEWPORT, language="en-GB"):
    """Headless Chromium whose viewport (not window) is exactly `viewport` CSS pixels at scale 1."""
    webdriver = pytest.importorskip("selenium.webdriver")
    chromium = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    chromedriver = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    for path in (chromium, chromedriver):
        if not (os.path.exists(path) or shutil.which(path)):
            pytest.skip(f"{path} is missing: apt-get install chromium chromium-driver")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in (
        "--headless=new",
        f"--window-size={viewport[0]},{viewport[1]}",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--force-device-scale-factor=1",
        f"--lang={language}",
        # The guest site's map asks OpenStreetMap for tiles; tests must not depend on the network, so
        # the host does not resolve and the map draws its own grid.
        "--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND",
    ):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    service = webdriver.ChromeService(executable_path=chromedriver)
    browser = webdriver.Chrome(options=options, service=service)
    # the window's size includes browser chrome; pin the layout viewport itself
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": viewport[0], "height": viewport[1], "deviceScaleFactor": 1, "mobile": False},
    )
    browser.set_script_timeout(60)
    return browser


@pytest.fixture(scope="session")
def driver():
    """Headless Chromium whose viewport (not window) is exactly 1024x768 CSS pixels at scale 1."""
    browser = make_driver()
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def browser_factory():
    """Makes more browsers (each its own session) and quits them after the test."""
    made = []

    def make(**kwargs):
        browser = make_driver(**kwargs)
        made.append(browser)
        return browser

    yield make
    for browser in made:
        browser.quit()


@pytest.fixture(scope="module")
def desk_server():
    """`frontdesk serve` over a fresh SQLite demo database on a free loopback port: its base URL."""
    binary = frontdesk_binary()
    if not os.path.exists(binary):
        pytest.fail(f"{binary} is missing: run swift build first")
    if not (WEB / "timeline.wasm").exists():
        pytest.fail("Web/timeline.wasm is missing: run scripts/build-wasm.sh first")
    with serving_demo("desk_server") as base:
        yield base


def text_in(browser, css):
    """An element's text read in the page, "" while it is missing: pages redraw, so a handle found in one
    step of a wait may be stale by the next."""
    return browser.execute_script("return document.querySelector(arguments[0])?.textContent ?? ''", css)


def until_text(browser, css, expected, timeout=10):
    """Waits for the element at `css` to read `expected`, as a person waits for a page to settle after an
    action: a read right after a click races the page on a loaded machine. Fails naming what it last read."""
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import TimeoutException

    try:
        WebDriverWait(browser, timeout).until(lambda b: text_in(b, css) == expected)
    except TimeoutException:
        raise AssertionError(f"{css} reads {text_in(browser, css)!r}, not {expected!r}, after {timeout} s") from None


def redrawn_again(act, times=5):
    """Does `act()` (find an element and use it) as a person would on a page a change made elsewhere may
    redraw at any moment: when the element found was replaced before it was used, it is found again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for attempt in range(times):
        try:
            return act()
        except StaleElementReferenceException:
            if attempt == times - 1:
                raise


def screenshot(browser, name):
    """Keeps a screenshot of what the browser shows as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def latin_words(text, stored=()):
    """The words in Latin letters left in `text` once the stored text (names a manager entered, as
    the server holds them), currency codes and unit symbols (km) are taken out: on a Thai, Japanese or
    Korean page, each is a word left untranslated."""
    for phrase in sorted(stored, key=len, reverse=True):
        if phrase:
            text = text.replace(phrase, " ")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'’-]+", text) if not re.fullmatch(r"[A-Z]{3}|km", w)]
