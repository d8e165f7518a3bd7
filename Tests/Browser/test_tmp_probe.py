import time
from conftest import screenshot
from test_desk import api, go, poll, sign_in, use_property, wait_ready
from test_offline import restartable  # noqa

def test_probe(restartable, browser_factory):
    desk = browser_factory(viewport=(1024, 768))
    sign_in(desk, restartable.base)
    hotel = use_property(desk, "hotel")
    poll(lambda: desk.execute_script("return !!navigator.serviceWorker.controller") or desk.refresh() or False, timeout=20)
    wait_ready(desk)
    today = api(desk, "GET", f"/api/v1/properties/{hotel['id']}/today")["data"]
    guest = next(e["stay"] for e in today["inHouse"] if e["stay"]["roomId"])
    go(desk, f"#/stays/{guest['id']}", "stays")
    print("controller", desk.execute_script("return !!navigator.serviceWorker.controller"))
    print(desk.execute_async_script("const done = arguments[0]; caches.keys().then(async (k) => { const out = {}; for (const n of k) { const c = await caches.open(n); out[n] = (await c.keys()).map(r => r.url).slice(0, 50); } done(out); })"))
    restartable.stop()
    desk.refresh()
    time.sleep(4)
    print(desk.execute_script("return [document.documentElement.dataset.screen, document.documentElement.dataset.ready, document.body.innerText.slice(0, 300)]"))
    for entry in desk.get_log("browser")[-10:]:
        print(entry)
    screenshot(desk, "probe-offline")
