#!/usr/bin/env python3
"""The front desk's board in headless Chromium against a release server with a large hotel.

    python3 scripts/bench-desk-board.py [--rooms 2000] [--days 730] [--occupancy 0.4]
        [--viewport 1024x768] [--seconds 10]

Builds `frontdesk` (release; `FRONTDESK_BIN=path` uses that binary instead), fills a temporary SQLite file with one hotel of `--rooms` rooms and
`--days` days of stays (`frontdesk demo --rooms --days --occupancy`), serves it on loopback, signs
in and opens `/desk/#/board` for that hotel. Then:

1. time to the first painted board: from navigation, and from the board's data arriving
   (`performance` marks `frontdesk:board-data` and `frontdesk:board-painted`, the frame after the
   first render);
2. a scripted scroll of `--seconds` seconds, one step per animation frame: right and down, back
   left and up, then a fast fling each way (more days load as it nears either end, as a person
   scrolling would cause); every frame's duration (`requestAnimationFrame` deltas) and the
   board's own work in it;
3. the elements inside the board at every frame, against the bookings, rows and columns the engine
   says are visible then.

Prints `name: value` lines. Needs chromium, chromedriver and selenium (what `make test` installs).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bench_support import ROOT, free_port, release_binary, wait_healthy

EMAIL = "bench@example.com"
PASSWORD = "bench-password"

SCROLL = """
const [seconds, done] = arguments;
const screen = window.deskBoard;
const c = screen.container;
const phases = [
  { share: 0.3, dx: 24, dy: 40 },
  { share: 0.3, dx: -24, dy: -40 },
  { share: 0.2, dx: 160, dy: 0 },
  { share: 0.2, dx: -160, dy: 0 },
];
const deltas = [], work = [], excess = [];
let elements = 0, last = 0, started = 0;
function tick(now) {
  if (!started) { started = now; last = now; }
  else {
    deltas.push(now - last);
    last = now;
    work.push(screen.board.lastFrameMs ?? 0);
    const count = screen.board.elementCount();
    elements = Math.max(elements, count);
    const [x, y, w, h] = screen.board.bodyRect();
    const visible = screen.timeline.queryItemIds(x, y, w, h).length + screen.timeline.queryRows(y, h).length
      + screen.timeline.queryColumns(x, w).length;
    excess.push(count - visible);
  }
  const elapsed = (now - started) / 1000;
  if (elapsed >= seconds) { done({ deltas, work, elements, excess, loadedDays: screen.data.to - screen.data.from }); return; }
  let at = 0;
  for (const phase of phases) {
    at += phase.share * seconds;
    if (elapsed < at) { c.scrollLeft += phase.dx; c.scrollTop += phase.dy; break; }
  }
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);
"""

# Tasks over 50 ms during the scroll, and the board's own measures of reading more days.
LONG_WORK = """
const measure = (name) => performance.getEntriesByName(name).map((e) => e.duration);
return { longTasks: window.benchLongTasks ?? [], merge: measure('frontdesk:extend-merge'),
         axis: measure('frontdesk:extend-axis'), load: measure('frontdesk:extend-load') };
"""
WATCH_LONG_TASKS = """
window.benchLongTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.benchLongTasks.push(e.duration); })
  .observe({ type: 'longtask' });
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * (len(ordered) - 1) + 0.5))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--days", type=int, default=730)
    parser.add_argument("--occupancy", type=float, default=0.4)
    parser.add_argument("--viewport", default="1024x768")
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    width, height = (int(part) for part in args.viewport.split("x"))

    binary = release_binary()
    subprocess.run(["scripts/build-wasm.sh"], cwd=ROOT, check=True, capture_output=True)
    work = tempfile.mkdtemp(prefix="frontdesk-desk-bench-")
    database = os.path.join(work, "bench.sqlite")
    server = None
    driver = None
    try:
        made = subprocess.run(
            [str(binary), "demo", "--database", database, "--rooms", str(args.rooms), "--days", str(args.days),
             "--occupancy", str(args.occupancy)],
            check=True, capture_output=True, text=True,
        ).stdout.strip().splitlines()[-1]
        print(f"# {made}")
        property_id = int(made.split()[2])
        subprocess.run([str(binary), "user", "add", "--database", database, "--email", EMAIL, "--role", "manager",
                        "--name", "Bench", "--password-stdin"], input=PASSWORD + "\n", text=True, check=True,
                       capture_output=True)
        port = free_port()
        server = subprocess.Popen([str(binary), "serve", "--port", str(port), "--database", database, "--web",
                                   str(ROOT / "Web")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, server)

        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--force-device-scale-factor=1"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.set_script_timeout(120)
        driver.get(f"{base}/desk/")
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, "login-email"))
        driver.execute_script(f"localStorage.setItem('frontdesk.property', '{property_id}')")
        driver.find_element(By.ID, "login-email").send_keys(EMAIL)
        driver.find_element(By.ID, "login-password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")
        # A fresh page load straight to the board, as a bookmark would open it (leaving the page first:
        # from /desk/ itself, a new hash would only change the route, not load the page).
        driver.get("about:blank")
        driver.get(f"{base}/desk/#/board")
        WebDriverWait(driver, 120).until(
            lambda d: d.execute_script("return performance.getEntriesByName('frontdesk:board-painted').length") > 0)
        marks = driver.execute_script(
            "const at = (n) => performance.getEntriesByName(n)[0].startTime;"
            "return { request: at('frontdesk:board-request'), data: at('frontdesk:board-data'),"
            " painted: at('frontdesk:board-painted') };")
        bytes_read = driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/board'))"
            ".map((e) => e.encodedBodySize).reduce((a, b) => a + b, 0)")
        time.sleep(1)
        driver.execute_script(WATCH_LONG_TASKS)
        result = driver.execute_async_script(SCROLL, args.seconds)
        long_work = driver.execute_script(LONG_WORK)
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)

    deltas = result["deltas"]
    print(f"viewport: {width}x{height}")
    print(f"board_bytes: {bytes_read}")
    print(f"first_paint_ms_from_navigation: {marks['painted']:.0f}")
    print(f"board_data_ms_from_request: {marks['data'] - marks['request']:.0f}")
    print(f"first_paint_ms_after_data: {marks['painted'] - marks['data']:.0f}")
    print(f"frames: {len(deltas)}")
    for name, fraction in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        print(f"frame_ms_{name}: {percentile(deltas, fraction):.1f}")
    print(f"long_frames_over_50ms: {sum(1 for d in deltas if d > 50)}")
    print(f"frame_ms_max: {max(deltas):.1f}")
    print(f"board_work_ms_median: {statistics.median(result['work']):.2f}")
    print(f"elements_max: {result['elements']}")
    print(f"elements_over_visible_max: {max(result['excess'])}")
    print(f"days_loaded_at_end: {result['loadedDays']}")
    tasks = long_work["longTasks"]
    print(f"long_tasks_over_50ms: {len(tasks)} (max {max(tasks, default=0):.0f} ms)")
    for name in ("merge", "axis", "load"):
        values = long_work[name]
        print(f"extend_{name}_ms_max: {max(values, default=0):.1f} ({len(values)} times)")


if __name__ == "__main__":
    main()
