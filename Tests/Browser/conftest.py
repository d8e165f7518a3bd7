"""Browser tests of the web app: a static file server for Web/ and headless Chromium through Selenium.

Env: CHROMIUM_BIN (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "Web"
VIEWPORT = (1024, 768)


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


@pytest.fixture(scope="session")
def driver():
    """Headless Chromium whose viewport (not window) is exactly 1024x768 CSS pixels at scale 1."""
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
        f"--window-size={VIEWPORT[0]},{VIEWPORT[1]}",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--force-device-scale-factor=1",
        "--lang=en-GB",
    ):
        options.add_argument(argument)
    service = webdriver.ChromeService(executable_path=chromedriver)
    browser = webdriver.Chrome(options=options, service=service)
    try:
        # the window's size includes browser chrome; pin the layout viewport itself
        browser.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": VIEWPORT[0], "height": VIEWPORT[1], "deviceScaleFactor": 1, "mobile": False},
        )
        browser.set_script_timeout(60)
        yield browser
    finally:
        browser.quit()
