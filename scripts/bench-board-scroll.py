#!/usr/bin/env python3
"""Scrolls the demo board in headless Chromium frame by frame and prints what each frame cost.

    python3 scripts/bench-board-scroll.py [--rooms 2000] [--days 730] [--stays 200000] [--frames 600]
        [--viewport 1366x1024]

The page scrolls itself by a step per animation frame (down and right, as a flick would), and the
board's own frame hook reports the time it spent asking the engine and positioning pooled nodes.
Prints `name: value` lines: frame_ms_median / p99 / max (the board's work in a frame), and
elements_max (elements inside the board at any frame). Needs chromium, chromedriver and selenium
(what `make test` installs) and a built Web/timeline.wasm.
"""

import argparse
import functools
import http.server
import statistics
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WEB = Path(__file__).resolve().parents[1] / "Web"

SCROLL = """
const done = arguments[arguments.length - 1];
const [frames, stepX, stepY] = [arguments[0], arguments[1], arguments[2]];
const scroller = document.querySelector('#board .board-scroll') || document.getElementById('board');
const board = window.boardDemo.board;
const costs = [];
let elements = 0;
let frame = 0;
function tick() {
  if (frame > 0) { costs.push(board.lastFrameMs); elements = Math.max(elements, window.boardDemo.elementCount()); }
  if (frame === frames) { done({ costs, elements }); return; }
  scroller.scrollTop += stepY;
  scroller.scrollLeft += stepX;
  frame++;
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--days", type=int, default=730)
    parser.add_argument("--stays", type=int, default=200_000)
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--viewport", default="1366x1024")
    args = parser.parse_args()
    width, height = (int(part) for part in args.viewport.split("x"))

    handler = functools.partial(QuietHandler, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.set_script_timeout(120)
        query = f"rooms={args.rooms}&days={args.days}&stays={args.stays}"
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/board-demo.html?{query}")
        driver.execute_async_script(
            "const done = arguments[0]; (function wait() {"
            " document.documentElement.dataset.ready ? done() : setTimeout(wait, 50); })();")
        result = driver.execute_async_script(SCROLL, args.frames, 24, 40)
    finally:
        driver.quit()
        server.shutdown()

    costs = sorted(result["costs"])
    print(f"frames: {len(costs)}")
    print(f"frame_ms_median: {statistics.median(costs):.2f}")
    print(f"frame_ms_p99: {costs[int(0.99 * (len(costs) - 1))]:.2f}")
    print(f"frame_ms_max: {costs[-1]:.2f}")
    print(f"elements_max: {result['elements']}")


if __name__ == "__main__":
    main()
