#!/usr/bin/env python3
"""The guest site's and the desk's first screens as a guest on a phone meets them, in headless Chromium.

    python3 scripts/bench-pages.py [--runs 5] [--network slow4g|harsh] [--h2] [--build NAME=BINARY[,WEB]] ...

Each `--build` is a `frontdesk` binary and the `Web/` folder it serves (default: this checkout's release build
and `Web/`); give two to measure them side by side in one run (`make bench-pages` compares with
`BENCH_PAGES_OLD=BINARY,WEB`, a release binary and the `Web/` folder of an older checkout). Each build serves a fresh demo database on
loopback; every page is opened `--runs` times per build, the builds taking turns, each time in a new
Chromium profile (a cold cache) with:

- the network of Lighthouse's mobile "Slow 4G" (150 ms, 1.6 Mbps down, 750 kbps up), or a harsher one
  (`--network harsh`: 400 ms, 400 kbps both ways);
- the CPU slowed 4 times, a 375x812 viewport at 2x, as a mid-range phone.

With `--h2`, each build is reached through Debian's nginx speaking HTTP/2 over TLS (a certificate made for
the run, which Chromium is told to accept), as deploy/README.md serves browsers; without it, the server's own
HTTP/1.1 on loopback.

Pages: the guest site's home, results for Chiang Mai, a place, a salon's booking page, and the desk's sign-in
(at 1024x768, the iPad's, on the same network). For each page and build it prints the median of: FCP and LCP
(ms), CLS (the largest session window of layout shifts, as Core Web Vitals count it), the bytes on the wire
and the requests, as a Markdown table. Then two steps after a first screen (median and range): on the salon's
page, a service and "anyone" chosen, a tap on the first open day to its free times drawn; and the desk's
sign-in to the board, from the form's submission to the board's first frame drawn with its bookings, as the
demo's manager signs in on the iPad 4 s after the form is drawn (about the time it takes to type an address
and a password).

Needs chromium, chromedriver and selenium (what `make test` installs).
"""

import argparse
import datetime
import json
import os
import shutil
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.support.ui import WebDriverWait

from bench_support import ROOT, free_port, release_binary, wait_healthy

NETWORKS = {
    "slow4g": {"latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8},
    "harsh": {"latency": 400, "downloadThroughput": 400_000 / 8, "uploadThroughput": 400_000 / 8},
}

# What each page reports once its first screen is drawn.
READY = {
    "site": "const m = document.getElementById('site-main');"
    "return document.documentElement.dataset.page === arguments[0] && m && !m.hasAttribute('aria-busy')",
    "desk": "return document.documentElement.dataset.screen === arguments[0]",
}

# Collected after the page is ready: paints, the largest contentful paint, layout shifts, what came over the wire.
MEASURE = """
const done = arguments[arguments.length - 1];
const entries = (type) => new Promise((resolve) => {
  const seen = [];
  new PerformanceObserver((list) => seen.push(...list.getEntries())).observe({ type, buffered: true });
  setTimeout(() => resolve(seen), 50);
});
Promise.all([entries('largest-contentful-paint'), entries('layout-shift')]).then(([lcps, shifts]) => {
  let cls = 0, window = 0, first = 0, last = 0;
  for (const shift of shifts.filter((s) => !s.hadRecentInput)) {
    if (window && shift.startTime - last < 1000 && shift.startTime - first < 5000) window += shift.value;
    else { window = shift.value; first = shift.startTime; }
    last = shift.startTime;
    cls = Math.max(cls, window);
  }
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  done({
    fcp: fcp ? fcp.startTime : null,
    lcp: lcps.length ? lcps[lcps.length - 1].startTime : (fcp ? fcp.startTime : null),
    cls,
    bytes: resources.reduce((sum, r) => sum + r.transferSize, navigation.transferSize),
    requests: resources.length + 1,
  });
});
"""


def parse_build(text):
    name, _, rest = text.partition("=")
    binary, _, web = rest.partition(",")
    return name, binary, web or str(ROOT / "Web")


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


# nginx in front of one build, speaking HTTP/2 over TLS to the browser, as deploy/README.md describes.
NGINX = """
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log warn;
daemon off;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port} ssl http2;
        ssl_certificate {work}/cert.pem;
        ssl_certificate_key {work}/key.pem;
        location / {{
            proxy_pass {upstream};
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto https;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
        }}
    }}
}}
"""


class Proxy:
    """Debian's nginx on a loopback port, HTTP/2 over TLS in front of `upstream` (a base URL)."""

    def __init__(self, upstream, work):
        self.work = tempfile.mkdtemp(prefix="nginx-", dir=work)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
             "-keyout", f"{self.work}/key.pem", "-out", f"{self.work}/cert.pem"],
            check=True, capture_output=True,
        )
        port = free_port()
        config = f"{self.work}/nginx.conf"
        with open(config, "w") as file:
            file.write(NGINX.format(work=self.work, port=port, upstream=upstream))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        self.process = subprocess.Popen([nginx, "-c", config, "-p", self.work],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"https://127.0.0.1:{port}"
        insecure = ssl.create_default_context()
        insecure.check_hostname = False
        insecure.verify_mode = ssl.CERT_NONE
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{self.base}/healthz", timeout=1, context=insecure).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit(f"nginx stopped (exit {self.process.returncode}): see {self.work}")
                time.sleep(0.1)
        raise SystemExit("nginx did not answer /healthz")

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Served:
    """A build serving a fresh demo database on a loopback port; with `h2`, reached through nginx (`Proxy`)."""

    def __init__(self, name, binary, web, work, h2=False):
        self.name = name
        database = os.path.join(work, f"{name}.sqlite")
        subprocess.run([binary, "demo", "--database", database], check=True, capture_output=True)
        port = free_port()
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(port), "--database", database, "--web", web,
             "--public-rate-limit", "100000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        # `direct` for the benchmark's own reads; `base` for the browser's.
        self.direct = f"http://127.0.0.1:{port}"
        wait_healthy(self.direct, self.process)
        self.proxy = Proxy(self.direct, work) if h2 else None
        self.base = self.proxy.base if self.proxy else self.direct

    def pages(self):
        """Each page measured: its name, which app it is, its URL, the ready state it reports, its viewport."""
        arrival = datetime.date.today() + datetime.timedelta(days=7)
        departure = arrival + datetime.timedelta(days=3)
        stay = f"arrival={arrival}&departure={departure}&adults=2"
        found = get_json(f"{self.direct}/api/v1/public/search?region=Chiang%20Mai&{stay}")
        place = found["results"][0]["property"]["id"]
        salon = get_json(f"{self.direct}/api/v1/public/salons")["salons"][0]["id"]
        phone = (375, 812, 2, True)
        return [
            ("home", "site", f"{self.base}/", "home", phone),
            ("search results", "site", f"{self.base}/#/search?region=Chiang%20Mai&{stay}", "search", phone),
            ("place", "site", f"{self.base}/#/places/{place}?{stay}", "places", phone),
            ("salon booking page", "site", f"{self.base}/#/salon/{salon}", "salon", phone),
            ("desk sign-in (iPad)", "desk", f"{self.base}/desk/", "login", (1024, 768, 2, True)),
        ]

    def close(self):
        if self.proxy:
            self.proxy.close()
        self.process.terminate()
        self.process.wait(timeout=10)


# The demo's manager (`frontdesk demo`), and the seconds taken to type an address and a password.
DEMO_LOGIN = ("frontdesk@example.com", "frontdesk-demo")
TYPING = 4

# The sign-in submitted, and the time from then to the board's first frame with its bookings drawn.
SIGN_IN = """
const [email, password] = arguments;
document.getElementById('login-email').value = email;
document.getElementById('login-password').value = password;
const page = document.documentElement.dataset;
window.benchSignedIn = null;
const started = performance.now();
const watch = new MutationObserver(() => {
  if (page.screen !== 'board' || page.ready !== 'true') return;
  watch.disconnect();
  requestAnimationFrame(() => setTimeout(() => (window.benchSignedIn = performance.now() - started)));
});
watch.observe(document.documentElement, { attributes: true });
document.querySelector('.desk-login').requestSubmit();
"""


# A day tapped on the salon's page, once a service and "anyone" are chosen: the ms to its free times drawn.
FREE_TIMES = """
const page = document.documentElement.dataset;
const times = document.getElementById('salon-times');
const day = [...document.querySelectorAll('#salon-day .cal-day')].find((d) => d.getAttribute('aria-disabled') !== 'true');
window.benchFreeTimes = null;
const started = performance.now();
const watch = new MutationObserver(() => {
  if (times.hidden || times.dataset.state !== 'ready') return;
  watch.disconnect();
  requestAnimationFrame(() => setTimeout(() => (window.benchFreeTimes = performance.now() - started)));
});
watch.observe(times, { attributes: true, subtree: true, childList: true });
day.click();
"""


def measure_free_times(url, network):
    """The salon's booking page on the phone's profile: a service and anyone chosen, then the ms from a tap on the
    first day open to its free times drawn."""
    def tapped(driver):
        WebDriverWait(driver, 90).until(lambda d: d.execute_script(READY["site"], "salon"))
        driver.execute_script("document.querySelector('.salon-service').click()")
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return !!document.querySelector('#salon-staff:not([hidden]) .salon-stylist[data-staff=any]')"))
        driver.execute_script("document.querySelector('.salon-stylist[data-staff=any]').click()")
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return !!document.querySelector('#salon-day:not([hidden]) .cal-day')"))
        time.sleep(1)  # the page settled, as after a person's reading
        driver.execute_script(FREE_TIMES)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.benchFreeTimes !== null"))
        return driver.execute_script("return window.benchFreeTimes")

    return chromium(url, (375, 812, 2, True), network, tapped)


def measure_sign_in(url, network):
    """A cold visit to the desk's sign-in on the iPad's profile, then the demo's manager signing in: the ms from
    the form's submission to the board's first frame."""
    def signed_in(driver):
        WebDriverWait(driver, 90).until(lambda d: d.execute_script(READY["desk"], "login"))
        time.sleep(TYPING)
        driver.execute_script(SIGN_IN, *DEMO_LOGIN)
        WebDriverWait(driver, 90).until(lambda d: d.execute_script("return window.benchSignedIn !== null"))
        return driver.execute_script("return window.benchSignedIn")

    return chromium(f"{url}#/board", (1024, 768, 2, True), network, signed_in)


def measure(url, app, ready, viewport, network):
    """One cold visit: a new profile, the phone's network and CPU; its figures."""
    def figures(driver):
        WebDriverWait(driver, 90).until(lambda d: d.execute_script(READY[app], ready))
        time.sleep(1.5)  # late shifts and the last contentful paint
        return driver.execute_async_script(MEASURE)

    return chromium(url, viewport, network, figures)


def chromium(url, viewport, network, visit):
    """`visit(driver)` of `url` in a new Chromium profile (a cold cache) on the phone's network and CPU."""
    width, height, scale, mobile = viewport
    profile = tempfile.mkdtemp(prefix="frontdesk-pages-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    # The certificate is the run's own (`--h2`).
    for flag in ("--headless=new", "--ignore-certificate-errors", f"--window-size={width},{height}", "--no-sandbox",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--host-resolver-rules=MAP tile.openstreetmap.org ~NOTFOUND"):
        options.add_argument(flag)
    driver = webdriver.Chrome(
        options=options,
        service=webdriver.ChromeService(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")),
    )
    try:
        driver.set_script_timeout(30)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
        driver.get(url)
        return visit(driver)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--network", choices=sorted(NETWORKS), default="slow4g")
    parser.add_argument("--build", action="append", type=parse_build, default=[])
    parser.add_argument("--h2", action="store_true", help="reach each build through nginx with HTTP/2 over TLS")
    args = parser.parse_args()
    builds = args.build or [("this", str(release_binary()), str(ROOT / "Web"))]
    if not args.build and os.environ.get("BENCH_PAGES_OLD"):
        builds.insert(0, parse_build("old=" + os.environ["BENCH_PAGES_OLD"]))

    work = tempfile.mkdtemp(prefix="frontdesk-pages-bench-")
    served = []
    try:
        served = [Served(name, binary, web, work, args.h2) for name, binary, web in builds]
        pages = {build.name: build.pages() for build in served}
        figures = {}  # (page, build) -> [runs]
        taps = {}  # (screen, step, build) -> [ms]
        for _ in range(args.runs):
            for build in served:
                for page, app, url, ready, viewport in pages[build.name]:
                    print(f"{build.name}: {page}", file=sys.stderr, flush=True)
                    figures.setdefault((page, build.name), []).append(measure(url, app, ready, viewport, args.network))
                print(f"{build.name}: desk sign-in → board", file=sys.stderr, flush=True)
                taps.setdefault(("desk sign-in → board (iPad)", "submitted → board drawn", build.name), []).append(
                    measure_sign_in(f"{build.base}/desk/", args.network))
                print(f"{build.name}: salon day → free times", file=sys.stderr, flush=True)
                salon = next(url for page, _, url, _, _ in pages[build.name] if page == "salon booking page")
                taps.setdefault(("salon booking page (phone)", "a day tapped → its free times drawn", build.name),
                                []).append(measure_free_times(salon, args.network))
        protocol = "HTTP/2 over TLS through nginx" if args.h2 else "HTTP/1.1 on loopback"
        print(f"network: {args.network} {NETWORKS[args.network]}, CPU 4x, {protocol}, {args.runs} cold runs each "
              "(medians)\n")
        print("| page | build | FCP ms | LCP ms | CLS | KB | requests |")
        print("|---|---|---|---|---|---|---|")
        for page in [entry[0] for entry in pages[served[0].name]]:
            for build in served:
                runs = figures[(page, build.name)]
                median = lambda key: statistics.median(run[key] for run in runs)  # noqa: E731
                print(f"| {page} | {build.name} | {median('fcp'):.0f} | {median('lcp'):.0f} | {median('cls'):.3f} | "
                      f"{median('bytes') / 1024:.0f} | {median('requests'):.0f} |")
        print("\n| screen | step | build | ms (median) | range |")
        print("|---|---|---|---|---|")
        for (screen, step, build), runs in taps.items():
            print(f"| {screen} | {step} | {build} | {statistics.median(runs):.0f} | {min(runs):.0f}–{max(runs):.0f} |")
    finally:
        for build in served:
            build.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
