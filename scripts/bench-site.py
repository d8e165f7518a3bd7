#!/usr/bin/env python3
"""The guest site's results page in headless Chromium against a release server.

    python3 scripts/bench-site.py [--places 500] [--runs 5] [--viewport 375x812]

Builds `frontdesk` (release; `FRONTDESK_BIN=path` uses that binary instead), creates the demo database
plus `--places` places of 40 rooms with 30 days of stays in "Benchmark Province"
(`frontdesk demo --places`), serves it on loopback, and opens the results page afresh `--runs` times for
each of two searches: Chiang Mai in the demo (3 places) and Benchmark Province (`--places` places), for
three nights a week ahead. For each it prints, as `name: value` lines, the median of:

- `usable_ms`: from navigation to the list, counts and price slider drawn (the `frontdesk:results-usable`
  mark; the map's tiles do not count: they are blocked here, so the map draws its own grid);
- `search_ms`: the search request alone (from `frontdesk:results-request` to the answer).

Needs chromium, chromedriver and selenium (what `make test` installs).
"""

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.support.ui import WebDriverWait

from bench_support import ROOT, free_port, release_binary, wait_healthy


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--places", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--viewport", default="375x812")
    args = parser.parse_args()
    width, height = (int(part) for part in args.viewport.split("x"))

    binary = release_binary()
    work = tempfile.mkdtemp(prefix="frontdesk-site-bench-")
    database = os.path.join(work, "bench.sqlite")
    server = None
    driver = None
    try:
        subprocess.run([str(binary), "demo", "--database", database], check=True, capture_output=True)
        subprocess.run(
            [str(binary), "demo", "--database", database, "--places", str(args.places), "--days", "30",
             "--occupancy", "0.6"],
            check=True, capture_output=True,
        )
        port = free_port()
        server = subprocess.Popen(
            [str(binary), "serve", "--port", str(port), "--database", database, "--web", str(ROOT / "Web"),
             "--public-rate-limit", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, server)
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
        for flag in ("--headless=new", f"--window-size={width},{height}", "--no-sandbox", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND"):
            options.add_argument(flag)
        driver = webdriver.Chrome(
            options=options,
            service=webdriver.ChromeService(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
        )
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        arrival = datetime.date.today() + datetime.timedelta(days=7)
        departure = arrival + datetime.timedelta(days=3)
        print(f"viewport: {args.viewport}")
        for label, region in (("chiang_mai", "Chiang%20Mai"), ("benchmark_province", "Benchmark%20Province")):
            usable, search, count = [], [], 0
            for _ in range(args.runs):
                driver.get("about:blank")
                driver.get(f"{base}/#/search?region={region}&arrival={arrival}&departure={departure}&adults=2")
                WebDriverWait(driver, 60).until(
                    lambda d: d.execute_script("return performance.getEntriesByName('frontdesk:results-usable').length")
                )
                marks = driver.execute_script(
                    """
                    const at = (name) => performance.getEntriesByName(name)[0].startTime;
                    const answer = performance.getEntriesByType('resource').find((r) => r.name.includes('/public/search?'));
                    return { usable: at('frontdesk:results-usable'), search: answer ? answer.duration : null,
                             count: document.querySelectorAll('#results-list .result').length };
                    """
                )
                usable.append(marks["usable"])
                if marks["search"] is not None:
                    search.append(marks["search"])
                count = marks["count"]
            print(f"{label}_places: {count}")
            print(f"{label}_usable_ms: {statistics.median(usable):.0f}")
            print(f"{label}_search_ms: {statistics.median(search):.0f}")
    finally:
        if driver:
            driver.quit()
        if server:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
