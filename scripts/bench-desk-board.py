#!/usr/bin/env python3
"""The front desk's board in headless Chromium against a release server: a large hotel's, or a salon's busiest day.

    python3 scripts/bench-desk-board.py [--rooms 2000] [--days 730] [--occupancy 0.4]
        [--viewport 1024x768] [--seconds 10] [--changes N] [--runs R] [--web DIR ...]
    python3 scripts/bench-desk-board.py --salon [--staff 30] [--services 40] [--resources 8]
        [--appointments 3000] [--viewport 1024x768] [--seconds 10]

Builds `frontdesk` (release; `FRONTDESK_BIN=path` uses that binary instead) and fills a temporary SQLite file:

- a hotel: one hotel of `--rooms` rooms and `--days` days of stays (`frontdesk demo --rooms --days
  --occupancy`), whose board opens at `/desk/#/board`;
- with `--salon`, the benchmark salon (`frontdesk demo --salon-staff --services --resources
  --appointments`: appointments over the next 30 days), whose busiest of those days (the most
  appointments on its board, in the salon's time zone, read from the API) opens at
  `/desk/#/board?date=YYYY-MM-DD`.

It serves the file on loopback, signs a manager in and loads the board's page afresh. Then:

1. time to the first painted board: from navigation, and from the board's data arriving
   (`performance` marks `frontdesk:board-data` and `frontdesk:board-painted`, the frame after the
   first render);
2. a scripted scroll of `--seconds` seconds, one step per animation frame, and every frame's duration
   (`requestAnimationFrame` deltas) and the board's own work in it. The hotel's: right and down, back
   left and up, then a fast fling each way (more days load as it nears either end, as a person
   scrolling would cause). The salon's one day: across the day's hours, down and up the staff, then
   flung across the hours, each turning at the board's edges;
3. the elements inside the board at every frame, against the bookings, rows and columns the engine
   says are visible then;
4. with `--trace FILE`, Chrome's trace of the scroll, written to FILE, and the page's main thread's
   tasks over 50 ms in it, each with the CPU time it had (on a shared machine a task can take 80 ms
   while its thread ran for 8) and the frame's steps inside it (`bench_trace.py`).

With `--changes N` (a hotel), other staff book N stays a second through the API while the board scrolls
(each in a random room, 1-2 nights within the board's first days; some are refused as taken), and the page
notes when each booked stay reached the board's data from the live stream: the time from the API's answer
to it (and to its guest's name, which a board may read after drawing the stay), and the booked stays that never
reached it. `--runs R` opens and scrolls the board R times over one
database; `--web DIR` (repeatable) serves those folders in turn, run by run (a build of the web app before
a change beside the one after, in one run of the script); without it, `Web/`.

Prints `name: value` lines. Needs chromium, chromedriver and selenium (what `make test` installs).
"""

import argparse
import datetime
import json
import os
import shutil
import statistics
import subprocess
import random
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bench_support import ROOT, free_port, release_binary, wait_healthy
from bench_trace import ChromeTrace, main_thread_tasks

EMAIL = "bench@example.com"
PASSWORD = "bench-password"

# Steps a frame: `share` of the seconds each, `dx`/`dy` pixels a frame; a phase that `turns` goes back
# the other way at the board's edge instead of standing still against it.
HOTEL_PHASES = [
    {"share": 0.3, "dx": 24, "dy": 40},
    {"share": 0.3, "dx": -24, "dy": -40},
    {"share": 0.2, "dx": 160, "dy": 0},
    {"share": 0.2, "dx": -160, "dy": 0},
]
# A salon's day is 24 hours of 120 px by some 30 rows of staff: at the hotel's speeds it is crossed in
# a second or two, so each phase turns at the board's edges and keeps scrolling.
SALON_PHASES = [
    {"share": 0.4, "dx": 24, "dy": 0, "turns": True},
    {"share": 0.3, "dx": 0, "dy": 40, "turns": True},
    {"share": 0.3, "dx": 160, "dy": 0, "turns": True},
]

SCROLL = """
const [seconds, phases, done] = arguments;
const screen = window.deskBoard;
const c = screen.container;
const deltas = [], work = [], excess = [];
let elements = 0, last = 0, started = 0, still = 0, lastX = c.scrollLeft, lastY = c.scrollTop;
function step(phase) {
  if (phase.turns) {
    const x = c.scrollLeft + phase.dx, y = c.scrollTop + phase.dy;
    if (x < 0 || x > c.scrollWidth - c.clientWidth) phase.dx = -phase.dx;
    if (y < 0 || y > c.scrollHeight - c.clientHeight) phase.dy = -phase.dy;
  }
  c.scrollLeft += phase.dx;
  c.scrollTop += phase.dy;
}
function tick(now) {
  if (!started) { started = now; last = now; performance.mark('frontdesk-bench:scroll'); }
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
    if (c.scrollLeft === lastX && c.scrollTop === lastY) still++;
    lastX = c.scrollLeft;
    lastY = c.scrollTop;
  }
  const elapsed = (now - started) / 1000;
  if (elapsed >= seconds) {
    performance.mark('frontdesk-bench:scrolled');
    const loadedDays = screen.hotel ? screen.data.to - screen.data.from : null;
    done({ deltas, work, elements, excess, still, loadedDays });
    return;
  }
  let at = 0;
  for (const phase of phases) {
    at += phase.share * seconds;
    if (elapsed < at) { step(phase); break; }
  }
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);
"""

# When each stay reached the board's data from the live stream, and when its guest's name did (wall-clock ms, to
# compare with the API's answer). A web app that reads the name before drawing the stay has both at once.
WATCH_APPLIED = """
const screen = window.deskBoard, apply = screen.applyEntity.bind(screen);
window.benchApplied = {};
window.benchNamed = {};
screen.applyEntity = (entity, name) => {
  apply(entity, name);
  if (screen.data.itemsOfEntity(entity.id).length) window.benchApplied[entity.id] ??= Date.now();
};
if (screen.data.readName) {
  const read = screen.data.readName.bind(screen.data);
  screen.data.readName = async (entity) => {
    const name = await read(entity);
    window.benchNamed[entity.id] ??= Date.now();
    return name;
  };
}
"""


class Changes(threading.Thread):
    """Books `per_second` stays a second in random rooms of the hotel through the API, as other staff would:
    `booked` maps each stay booked to the wall-clock ms its answer arrived."""

    def __init__(self, base, property_id, per_second, first_day):
        super().__init__(daemon=True)
        self.base, self.property_id, self.per_second, self.first_day = base, property_id, per_second, first_day
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        self.call("POST", "/api/v1/session", {"email": EMAIL, "password": PASSWORD})
        self.rooms = [room["id"] for room in self.call("GET", f"/api/v1/properties/{property_id}")["rooms"]]
        self.booked, self.refused = {}, 0
        self.stopping = threading.Event()

    def call(self, method, path, body=None):
        request = urllib.request.Request(self.base + path, method=method, data=None if body is None else
                                         json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=30) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            if error.code != 409:
                raise
            return None

    def run(self):
        rng = random.Random()
        began = time.monotonic()
        sent = 0
        while not self.stopping.is_set():
            # On schedule: the n-th change goes at n / per_second seconds.
            wait = began + sent / self.per_second - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            sent += 1
            arrival = self.first_day + datetime.timedelta(days=rng.randrange(0, 60))
            stay = self.call("POST", f"/api/v1/properties/{self.property_id}/stays", {
                "roomId": rng.choice(self.rooms), "arrival": str(arrival),
                "departure": str(arrival + datetime.timedelta(days=rng.randrange(1, 3))), "adults": 1,
                "guest": {"name": f"Other Desk {sent}"}})
            if stay is None:
                self.refused += 1
            else:
                self.booked[stay["id"]] = time.time() * 1000


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

# The first board's marks, the bytes of its data (the API's answer alone, not the board's modules) and
# what it holds.
FIRST_BOARD = """
const at = (n) => performance.getEntriesByName(n)[0].startTime;
const screen = window.deskBoard, c = screen.container;
return {
  request: at('frontdesk:board-request'), data: at('frontdesk:board-data'), painted: at('frontdesk:board-painted'),
  bytes: performance.getEntriesByType('resource').filter((e) => /\\/api\\/v1\\/properties\\/\\d+\\/board/.test(e.name))
    .map((e) => e.encodedBodySize).reduce((a, b) => a + b, 0),
  shown: screen.dateInput.value, rows: screen.timeline.rowCount(), items: screen.data.items.size,
  width: c.scrollWidth, height: c.scrollHeight, left: c.scrollLeft, top: c.scrollTop,
};
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * (len(ordered) - 1) + 0.5))]


def demo(binary, database, *options):
    """Runs `frontdesk demo` with `options`; its summary line (`frontdesk: property N …` or `… salon N …`)."""
    made = subprocess.run([str(binary), "demo", "--database", database, *map(str, options)], check=True,
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]
    print(f"# {made}")
    return made


def add_manager(binary, database, *properties):
    """A manager to sign in as: of `properties` (ids), or of every property when none is named."""
    where = [option for id in properties for option in ("--property", str(id))]
    subprocess.run([str(binary), "user", "add", "--database", database, "--email", EMAIL, "--role", "manager",
                    "--name", "Bench", *where, "--password-stdin"], input=PASSWORD + "\n", text=True, check=True,
                   capture_output=True)


def busiest_day(base, salon, days=30):
    """The day among the next `days` (from the salon's today) whose board holds the most appointments, as the
    API answers it for the desk: `(day, count, median count of the days)`; the earliest of a tie."""
    request = urllib.request.Request(f"{base}/api/v1/session", method="POST",
                                     data=json.dumps({"email": EMAIL, "password": PASSWORD}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]

    def board(query=""):
        read = urllib.request.Request(f"{base}/api/v1/properties/{salon}/board{query}", headers={"Cookie": cookie})
        with urllib.request.urlopen(read, timeout=30) as response:
            return json.load(response)

    today = datetime.date.fromisoformat(board()["today"])
    counts = []
    for offset in range(days):
        day = today + datetime.timedelta(days=offset)
        # Six integers an appointment; a day's board holds every appointment overlapping it in the salon's zone.
        counts.append((len(board(f"?from={day}&to={day + datetime.timedelta(days=1)}")["items"]) // 6, day))
    count, day = max(counts, key=lambda pair: (pair[0], -pair[1].toordinal()))
    return day, count, statistics.median(c for c, _ in counts)


def chromium(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.set_script_timeout(120)
    return driver


def sign_in(driver, base, property_id):
    """Signs in on `/desk/` with `property_id` as the property last used, which the desk opens on."""
    driver.get(f"{base}/desk/")
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, "login-email"))
    driver.execute_script(f"localStorage.setItem('frontdesk.property', '{property_id}')")
    driver.find_element(By.ID, "login-email").send_keys(EMAIL)
    driver.find_element(By.ID, "login-password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, ".desk-login button[type=submit]").click()
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready") == "true")
    chosen = driver.execute_script("return window.desk.property.id")
    if chosen != property_id:
        raise SystemExit(f"the desk opened property {chosen}, not {property_id}")


def open_board(driver, base, route):
    """Loads `/desk/{route}` afresh, as a bookmark would open it, and waits for the board's first frame; its
    `FIRST_BOARD` figures. (From /desk/ itself a new hash would only change the route: the page is left first.)"""
    driver.get("about:blank")
    driver.get(f"{base}/desk/{route}")
    WebDriverWait(driver, 120).until(
        lambda d: d.execute_script("return performance.getEntriesByName('frontdesk:board-painted').length") > 0)
    return driver.execute_script(FIRST_BOARD)


def scroll(driver, phases, seconds, trace_file=None):
    """Scrolls the board by `phases` for `seconds`: the frames' figures, the long tasks meanwhile and, with a
    `trace_file`, the main thread's tasks in Chrome's trace of the scroll, which is written there (else None)."""
    time.sleep(1)
    driver.execute_script(WATCH_LONG_TASKS)
    trace = ChromeTrace(driver) if trace_file else None
    if trace:
        trace.start()
    result = driver.execute_async_script(SCROLL, seconds, phases)
    tasks = None
    if trace:
        events = trace.stop()
        with open(trace_file, "w") as file:
            json.dump({"traceEvents": events}, file)
        tasks = main_thread_tasks(events, "frontdesk-bench:scroll", "frontdesk-bench:scrolled")
    return result, driver.execute_script(LONG_WORK), tasks


def report_trace(tasks):
    """The main thread in the trace: a long task whose CPU time is a fraction of its wall time waited for
    the CPU (another process had it), not for the page's work."""
    print(f"trace_main_thread_ms: {sum(w for w, _, _ in tasks):.0f} wall, {sum(c for _, c, _ in tasks):.0f} cpu "
          f"in {len(tasks)} tasks")
    long = sorted((task for task in tasks if task[0] > 50), key=lambda task: -task[0])
    cpu = [c for _, c, _ in long]
    print(f"trace_tasks_over_50ms: {len(long)} (their cpu: median {statistics.median(cpu) if cpu else 0:.1f} ms,"
          f" max {max(cpu, default=0):.1f} ms)")
    for wall, cpu, steps in long[:3]:
        inside = ", ".join(f"{name} {ms:.1f}" for name, ms in steps.most_common(4))
        print(f"trace_long_task: {wall:.1f} ms wall, {cpu:.1f} ms cpu ({inside})")


def report(width, height, first, result, long_work):
    deltas = result["deltas"]
    print(f"viewport: {width}x{height}")
    print(f"board_bytes: {first['bytes']}")
    print(f"board_rows: {first['rows']}")
    print(f"board_items: {first['items']}")
    print(f"board_content_px: {first['width']}x{first['height']} (opened at {first['left']}, {first['top']})")
    print(f"first_paint_ms_from_navigation: {first['painted']:.0f}")
    print(f"board_request_ms_from_navigation: {first['request']:.0f}")
    print(f"board_data_ms_from_request: {first['data'] - first['request']:.0f}")
    print(f"first_paint_ms_after_data: {first['painted'] - first['data']:.0f}")
    print(f"frames: {len(deltas)}")
    print(f"frames_without_scroll: {result['still']}")
    for name, fraction in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
        print(f"frame_ms_{name}: {percentile(deltas, fraction):.1f}")
    print(f"long_frames_over_50ms: {sum(1 for d in deltas if d > 50)}")
    print(f"frame_ms_max: {max(deltas):.1f}")
    print(f"board_work_ms_median: {statistics.median(result['work']):.2f}")
    print(f"board_work_ms_max: {max(result['work']):.2f}")
    print(f"elements_max: {result['elements']}")
    print(f"elements_over_visible_max: {max(result['excess'])}")
    tasks = long_work["longTasks"]
    print(f"long_tasks_over_50ms: {len(tasks)} (max {max(tasks, default=0):.0f} ms)")
    if result["loadedDays"] is not None:
        print(f"days_loaded_at_end: {result['loadedDays']}")
        for name in ("merge", "axis", "load"):
            values = long_work[name]
            print(f"extend_{name}_ms_max: {max(values, default=0):.1f} ({len(values)} times)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=2000)
    parser.add_argument("--days", type=int, default=730)
    parser.add_argument("--occupancy", type=float, default=0.4)
    parser.add_argument("--salon", action="store_true", help="the benchmark salon's busiest day instead of a hotel")
    parser.add_argument("--staff", type=int, default=30)
    parser.add_argument("--services", type=int, default=40)
    parser.add_argument("--resources", type=int, default=8)
    parser.add_argument("--appointments", type=int, default=3000)
    parser.add_argument("--viewport", default="1024x768")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--trace", metavar="FILE",
                        help="record Chrome's trace of the scroll into FILE (for DevTools' Performance panel or "
                             "Perfetto) and report the main thread's long tasks in it")
    parser.add_argument("--changes", type=float, default=0, help="stays other staff book a second meanwhile")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--web", action="append", help="a web app's folder to serve (repeat for several)")
    args = parser.parse_args()
    if args.salon and args.changes:
        parser.error("--changes books hotel stays: it goes with a hotel, not --salon")
    width, height = (int(part) for part in args.viewport.split("x"))

    binary = release_binary()
    subprocess.run(["scripts/build-wasm.sh"], cwd=ROOT, check=True, capture_output=True)
    work = tempfile.mkdtemp(prefix="frontdesk-desk-bench-")
    database = os.path.join(work, "bench.sqlite")
    server = None
    driver = None
    try:
        if args.salon:
            made = demo(binary, database, "--salon-staff", args.staff, "--services", args.services,
                        "--resources", args.resources, "--appointments", args.appointments)
            property_id = int(made.split()[2])
            add_manager(binary, database, property_id)
        else:
            made = demo(binary, database, "--rooms", args.rooms, "--days", args.days, "--occupancy", args.occupancy)
            property_id = int(made.split()[2])
            add_manager(binary, database)
        port = free_port()
        server = subprocess.Popen([str(binary), "serve", "--port", str(port), "--database", database, "--web",
                                   str(ROOT / "Web")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, server)
        route, phases = "#/board", HOTEL_PHASES
        if args.salon:
            day, count, median = busiest_day(base, property_id)
            print(f"busiest_day: {day} ({count} appointments; the month's median day {median:g})")
            route, phases = f"#/board?date={day}", SALON_PHASES

        webs = args.web or [str(ROOT / "Web")]
        for run in range(args.runs):
            for web in webs:
                if len(webs) > 1 or run > 0:
                    # Each run on its own server over the same file, serving its web app.
                    server.terminate()
                    server.wait()
                    server = subprocess.Popen(
                        [str(binary), "serve", "--port", str(port), "--database", database, "--web", web],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                    wait_healthy(base, server)
                print(f"\n== run {run + 1}, web {web}")
                driver = chromium(width, height)
                sign_in(driver, base, property_id)
                first = open_board(driver, base, route)
                if args.salon and first["shown"] != str(day):
                    raise SystemExit(f"the board shows {first['shown']}, not {day}")
                changes = None
                if args.changes:
                    driver.execute_script(WATCH_APPLIED)
                    today = datetime.date(1970, 1, 1) + datetime.timedelta(
                        days=driver.execute_script("return window.deskBoard.data.today"))
                    changes = Changes(base, property_id, args.changes, today)
                    changes.start()
                result, long_work, tasks = scroll(driver, phases, args.seconds, args.trace)
                if changes:
                    changes.stopping.set()
                    changes.join(30)
                    time.sleep(1)
                    applied, named = driver.execute_script("return [window.benchApplied, window.benchNamed]")
                driver.quit()
                driver = None
                report(width, height, first, result, long_work)
                if tasks is not None:
                    report_trace(tasks)
                if changes:
                    report_changes(changes, applied, named)
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


def report_changes(changes, applied, named):
    delays = sorted(applied[str(stay)] - at for stay, at in changes.booked.items() if str(stay) in applied)
    naming = sorted(named.get(str(stay), applied[str(stay)]) - at for stay, at in changes.booked.items()
                    if str(stay) in applied)
    lost = [stay for stay in changes.booked if str(stay) not in applied]
    print(f"changes_booked: {len(changes.booked)} ({changes.refused} refused as taken)")
    print(f"changes_on_board_ms_p50: {percentile(delays, 0.5):.0f}" if delays else "changes_on_board_ms_p50: -")
    print(f"changes_on_board_ms_p95: {percentile(delays, 0.95):.0f}" if delays else "changes_on_board_ms_p95: -")
    if naming:
        print(f"changes_named_ms_p50_p95: {percentile(naming, 0.5):.0f} / {percentile(naming, 0.95):.0f}")
    print(f"changes_lost: {len(lost)}")


if __name__ == "__main__":
    main()
