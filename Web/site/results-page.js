// Search results: the places free for the dates and party, narrowed by a price histogram with two
// thumbs, sorted by price or by distance from the destination's centre, as a list beside our own map
// with a price pin per place. Hovering or focusing a place in the list highlights its pin, and the
// reverse. The list is drawn as soon as the search answers; the map's tiles come when they come.
// On a phone the list has the screen and the map opens over it on asking: its code is fetched then, and
// nothing moves under the guest's thumb when the list arrives.
//
// The server answers a page of places (`results`, what the first screen shows and some) and every
// place found as a pin (`pins`: position, name and its offers' prices). While a thumb moves, the count
// and the pins follow it from the pins; when it is let go, or the sort changes, the list's first page
// is asked for again. "Show more" asks for the next page. The range, the sort and the pages shown ride
// in the URL, so that Back and reload come back to the same list.

import { h, fill } from "../common/dom.js";
import { currencyDigits } from "../common/money.js";
import { errorText, getEarly, unreachable } from "../common/api.js";
import { createPriceSlider } from "./price-slider.js";
import { createSearchBar, paramsOf, queryOf, searchOf } from "./search-bar.js";

/** Places a page of results holds, and the most pages one request brings back (the server's limit of 100). */
export const PAGE_SIZE = 20;
export const MAX_PAGES = 5;
/** Places the first screen shows, on a phone or beside the map: their photos are not lazy. */
const FIRST_SCREEN = 4;

/** Round steps for the price slider: 10 baht, 100 yen, 1,000 won or dong. */
export function priceStep(currency) {
  if (!currency) return 1;
  if (currencyDigits(currency) > 0) return 10 * 10 ** currencyDigits(currency);
  return currency === "JPY" ? 100 : 1_000;
}

/**
 * The places within a price range, as the server lists them: each pin with an offer whose nightly
 * price is in range, with the cheapest such offer (by total); sorted by that total or by distance.
 * @param {{id: number, distanceKm: number, nightly: number[], total: number[]}[]} pins the search's pins
 * @param {{low: number | null, high: number | null}} range
 * @param {"price" | "distance"} sort
 * @returns {{pin: object, nightly: number, total: number}[]}
 */
export function placesShown(pins, range, sort) {
  const inRange = (nightly) => (range.low === null || nightly >= range.low) && (range.high === null || nightly <= range.high);
  const shown = [];
  for (const pin of pins) {
    let cheapest = -1;
    pin.nightly.forEach((nightly, index) => {
      if (inRange(nightly) && (cheapest < 0 || pin.total[index] < pin.total[cheapest])) cheapest = index;
    });
    if (cheapest >= 0) shown.push({ pin, nightly: pin.nightly[cheapest], total: pin.total[cheapest] });
  }
  const byPrice = (a, b) => a.total - b.total || a.pin.distanceKm - b.pin.distanceKm || a.pin.id - b.pin.id;
  if (sort === "distance") shown.sort((a, b) => a.pin.distanceKm - b.pin.distanceKm || a.total - b.total || a.pin.id - b.pin.id);
  else shown.sort(byPrice);
  return shown;
}

/** The map's tiles: `<meta name="frontdesk-map-tiles">` in index.html, else OpenStreetMap's; "none" draws the grid. */
function tileTemplate() {
  const configured = document.querySelector('meta[name="frontdesk-map-tiles"]')?.content?.trim();
  if (configured === "none") return null;
  return configured || "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
}

export async function mount(main, site, route) {
  const { t } = site.i18n;
  const i18n = site.i18n;
  const search = searchOf(route.params, site.limits);
  let sort = route.params.get("sort") === "distance" ? "distance" : "price";
  const bar = createSearchBar(site, search, { compact: true });
  const heading = h("h1", { class: "results-title", id: "results-title", text: t("results.title", { region: site.typedPlace(search.region) }) });
  const count = h("p", { class: "results-count", id: "results-count", "aria-live": "polite" });
  const list = h("ol", { class: "results-list", id: "results-list", "aria-labelledby": "results-title" });
  const filters = h("div", { class: "results-filters" });
  const mapHolder = h("div", { class: "results-map" });
  // Beside the list from this width (site.css); narrower, the map opens over the list on asking.
  const wide = matchMedia("(min-width: 900px)");
  const mapToggle = h("button", {
    type: "button", class: "results-map-open", text: t("results.showMap"),
    onclick: () => {
      mapHolder.classList.add("is-open");
      openMap().then(() => mapClose.focus());
    },
  });
  const mapClose = h("button", {
    type: "button", class: "results-map-close", text: t("results.showList"),
    onclick: () => {
      mapHolder.classList.remove("is-open");
      mapToggle.focus();
    },
  });
  mapHolder.append(mapClose);
  // Until the first answer, a new sort waits for it; then it asks for the list again.
  let answered = false;
  const sortSelect = h(
    "select",
    { id: "results-sort", onchange: () => { sort = sortSelect.value; if (answered) askAgain(); } },
    h("option", { value: "price", text: t("results.sortPrice"), selected: sort === "price" }),
    h("option", { value: "distance", text: t("results.sortDistance"), selected: sort === "distance" }),
  );
  fill(
    main,
    h("div", { class: "results-page" },
      h("div", { class: "results-search" }, bar.element),
      h("div", { class: "results-body" },
        h("section", { class: "results-side", "aria-labelledby": "results-title" },
          heading,
          filters,
          h("div", { class: "results-toolbar" },
            count,
            h("label", { class: "results-sort" }, h("span", { text: t("results.sort") }), sortSelect),
          ),
          list,
        ),
        mapHolder,
      ),
      mapToggle,
    ),
  );
  if (!search.region || !search.arrival || !search.departure) {
    count.textContent = t(search.region ? "search.datesMissing" : "search.regionMissing");
    return { unmount() {} };
  }

  count.textContent = t("common.loading");
  performance.mark("frontdesk:results-request");
  // MARK: the map, created once its code is here: at once beside the list, on asking over it.
  let map = null;
  let pinsReady = false;
  let loadingMap = null;
  function openMap() {
    loadingMap ??= import("./map.js").then(({ createMap }) => {
      map = createMap({
        tiles: tileTemplate(),
        labels: { zoomIn: t("map.zoomIn"), zoomOut: t("map.zoomOut"), map: t("results.map"), fallback: t("map.fallback"),
          wheelHint: t("map.wheelHint") },
        onHover: (id) => highlight(id, { from: "map" }),
        onSelect: (id) => {
          highlight(id, { from: "map" });
          const link = items.get(id)?.querySelector("a");
          if (link) {
            if (!wide.matches) mapHolder.classList.remove("is-open");
            link.focus();
            return;
          }
          // A place further down than the pages shown opens at once.
          site.placeDetail(id, new URLSearchParams(detailParams));
          location.hash = `#/places/${id}?${detailParams}`;
        },
      });
      mapHolder.append(map.element);
      if (pinsReady) {
        drawnPins = "";
        drawPins();
      }
    });
    return loadingMap;
  }
  const widened = () => { if (wide.matches) openMap(); };
  wide.addEventListener("change", widened);
  widened();
  const range = { low: numberParam(route.params.get("minPrice")), high: numberParam(route.params.get("maxPrice")) };
  // A range edited into the URL upside down is no range.
  if (range.low !== null && range.high !== null && range.low > range.high) Object.assign(range, { low: null, high: null });
  const firstSort = sort;
  let pages = Math.min(Math.max(numberParam(route.params.get("pages")) ?? 1, 1), MAX_PAGES);
  // The slider's whole range, known once the first answer's histogram is: a bound at its end is no bound.
  let full = { low: null, high: null };
  /** The range and the order shown, as the search and the URL name them (a bound at the slider's end is none). */
  function narrowing() {
    return {
      minPrice: range.low !== full.low ? range.low : null, maxPrice: range.high !== full.high ? range.high : null,
      sort: sort === "price" ? null : sort,
    };
  }
  /**
   * The search for a page of `limit` places from `offset`, in the range and order shown: the page's own
   * first read if it started this one (site/early.js, taken once), else asked for now.
   */
  const ask = (offset, limit) => getEarly(`/api/v1/public/search?${queryOf(paramsOf({
    region: search.region, arrival: search.arrival, departure: search.departure, adults: search.adults,
    children: search.children, rooms: search.roomCount, lang: site.i18n.code,
  }, { ...narrowing(), offset: offset || null, limit }))}`);
  let answer;
  try {
    answer = await ask(0, pages * PAGE_SIZE);
  } catch (error) {
    if (unreachable(error)) {
      count.textContent = "";
      site.sayUnreachable(list);
    } else {
      count.textContent = errorText(error, t);
      count.classList.add("site-error");
    }
    return { unmount() {} };
  }
  let { results, pins } = answer;
  let total = answer.count;
  site.learn(answer.labels);
  heading.textContent = t("results.title", { region: site.typedPlace(search.region) });
  site.remember(results);
  const money = (amount, currency = answer.currency) => i18n.money({ amount, currency });
  let items = new Map();

  // MARK: the price slider
  const slider = createPriceSlider({
    buckets: answer.histogram, places: pins.map((pin) => pin.nightly),
    step: priceStep(answer.currency), format: money, value: { low: range.low ?? undefined, high: range.high ?? undefined },
    labels: {
      group: t("results.price"), low: t("slider.low"), high: t("slider.high"), histogram: t("slider.histogram"),
      empty: t("slider.empty"), count: (n) => t("places", { count: n }),
    },
    onInput: (value) => {
      Object.assign(range, { low: value.low, high: value.high });
      drawPins();
      // The list is the last range's until the thumb is let go.
      list.setAttribute("aria-busy", "true");
    },
    onChange: (value) => {
      Object.assign(range, { low: value.low, high: value.high });
      askAgain();
    },
  });
  // On a phone the slider folds under a button that says the range, so that the list starts high.
  const filterToggle = h("button", {
    type: "button", class: "results-filter-toggle", id: "results-filter-toggle", "aria-expanded": "false",
    "aria-controls": "results-price",
    onclick: () => {
      const open = filters.classList.toggle("is-open");
      filterToggle.setAttribute("aria-expanded", String(open));
    },
  });
  fill(filters,
    filterToggle,
    h("h2", { class: "results-filter-title", text: t("results.price") }),
    h("div", { class: "results-price", id: "results-price" }, slider.element),
  );
  // The slider's bounds: the histogram's ends (the slider's value is the range asked for, maybe narrower).
  const buckets = answer.histogram;
  if (buckets.length) full = { low: buckets[0].from, high: buckets[buckets.length - 1].to };
  if (range.low === null) range.low = full.low;
  if (range.high === null) range.high = full.high;
  function describeRange() {
    const span = Number.isFinite(range.low) && Number.isFinite(range.high) ? `${money(range.low)} – ${money(range.high)}` : "";
    fill(filterToggle, h("strong", { text: t("results.price") }), h("span", { text: span }));
  }

  // MARK: the map's pins
  const detailParams = paramsOf({
    arrival: search.arrival, departure: search.departure, adults: search.adults, children: search.children,
    infants: search.infants,
  });

  // A pin under the pointer marks its place in the list without scrolling the page under the
  // pointer; choosing the pin (a tap, Enter) brings the place into view with the focus.
  function highlight(id, { from } = {}) {
    for (const [placeId, item] of items) item.classList.toggle("is-highlighted", placeId === id);
    if (from !== "map") map?.highlight(id);
  }

  /** Puts the range, the sort and the pages in the URL without a new page (the back button keeps the search). */
  function remember() {
    const params = paramsOf(search, { ...narrowing(), pages: pages > 1 ? pages : null });
    const hash = `#/search?${params}`;
    history.replaceState(null, "", hash);
    site._route = hash;
  }

  // MARK: the list, a page at a time
  const more = h("button", { type: "button", class: "site-button results-more", id: "results-more", onclick: () => load({ more: true }) });
  const shownOf = h("p", { class: "results-shown", id: "results-shown" });
  const status = h("div", { class: "results-status", id: "results-status" });
  const foot = h("div", { class: "results-foot" }, shownOf, more);
  list.after(foot);
  let asked = 0;

  /**
   * Asks for the first page again (the range or the sort changed), or with `more` for the next one.
   * An answer to an older question is dropped; a failure says so, keeps the list, and offers to try again.
   */
  async function load({ more: next = false } = {}) {
    const ticket = ++asked;
    const offset = next ? results.length : 0;
    const limit = next ? PAGE_SIZE : pages * PAGE_SIZE;
    list.setAttribute("aria-busy", "true");
    more.disabled = true;
    fill(status);
    let page;
    try {
      page = await ask(offset, limit);
    } catch (error) {
      if (ticket !== asked) return;
      more.disabled = false;
      // Said where the guest is looking: above the list for a new range or sort, below it for the next page.
      if (next) foot.append(status);
      else list.before(status);
      fill(status,
        h("p", { class: "site-error", role: "alert", text: errorText(error, t) }),
        h("button", { type: "button", class: "site-button", id: "results-retry", text: t("common.retry"), onclick: () => load({ more: next }) }),
      );
      return;
    }
    if (ticket !== asked) return;
    site.learn(page.labels);
    site.remember(page.results);
    results = next ? results.concat(page.results) : page.results;
    ({ pins } = page);
    total = page.count;
    if (next) {
      pages = Math.min(Math.ceil(results.length / PAGE_SIZE), MAX_PAGES);
      remember();
    }
    drawPins();
    drawList();
  }

  let drawnPins = "";
  /** The count and the pins for the range as it stands, from every place's pin. */
  function drawPins() {
    describeRange();
    const shown = placesShown(pins, range, sort);
    count.textContent = shown.length ? t("results.count", { count: shown.length }) : t("results.none");
    const pinKey = shown.map(({ pin, nightly }) => `${pin.id}:${nightly}`).join(",");
    pinsReady = true;
    if (!map || pinKey === drawnPins) return;
    const first = drawnPins === "";
    drawnPins = pinKey;
    map.setPins(shown.map(({ pin, nightly }) => ({
      id: pin.id, lat: pin.latitude, lon: pin.longitude, label: money(nightly, pin.currency), title: pin.name,
    })));
    if (first) map.fit();
  }

  /** The pages of places read so far, and what there is beyond them. */
  function drawList() {
    items = new Map();
    fill(list, results.map((result, index) => {
      const item = resultItem(result, index < FIRST_SCREEN);
      items.set(result.property.id, item);
      return item;
    }));
    list.removeAttribute("aria-busy");
    more.disabled = false;
    more.hidden = results.length >= total;
    fill(more, t("results.more"));
    shownOf.hidden = more.hidden;
    shownOf.textContent = t("results.shownOf", { shown: i18n.number(results.length), count: i18n.number(total) });
  }

  /** A set of rooms in words: "2 rooms: Family Room (3 guests), Standard Double (2 guests)". */
  function roomsText(rooms) {
    const each = rooms.map((room) => `${room.roomType} (${t("guests", { count: room.adults + room.children })})`);
    return `${t("rooms.count", { count: rooms.length })}: ${each.join(", ")}`;
  }

  /**
   * A place of the list; the photos of the first screen's are asked for at once, before anything else. One
   * listed by several rooms together opens their booking, the rooms as the server set them.
   */
  function resultItem(result, firstScreen) {
    const place = result.property;
    const href = result.rooms
      ? `#/book/${place.id}?${paramsOf(Object.fromEntries(detailParams), { rooms: result.rooms.map((room) => room.roomTypeId).join(",") })}`
      : `#/places/${place.id}?${detailParams}`;
    return h(
      "li",
      {
        class: "result", dataset: { placeId: String(place.id) },
        onpointerenter: () => highlight(place.id), onpointerleave: () => highlight(null),
        onfocusin: () => highlight(place.id),
      },
      h("a", {
        class: "result-link", href,
        // The detail is asked for as the navigation starts; the page shows what the list had meanwhile.
        onclick: () => site.placeDetail(place.id, new URLSearchParams(detailParams)),
      },
      h("img", {
        class: "result-photo", src: place.photos[0] ?? "", alt: "", width: 320, height: 200,
        loading: firstScreen ? "eager" : "lazy", fetchpriority: firstScreen ? "high" : "auto", decoding: "async",
      }),
      h("div", { class: "result-text" },
        h("h2", { class: "result-name", text: place.name }),
        h("p", { class: "result-where", text: [site.placeName(place.city), t("results.distance", { km: i18n.number(result.distanceKm ?? 0) })].join(" · ") }),
        h("p", { class: "result-room", text: result.rooms ? roomsText(result.rooms) : result.roomType }),
        h("p", { class: "result-price" },
          h("strong", { text: t("results.perNight", { price: money(result.nightly.amount, result.nightly.currency) }) }),
          h("span", { text: ` · ${t("results.total", { price: i18n.money(result.total) })} · ${i18n.nights(result.nights)}` }),
        ),
      ),
      ),
    );
  }

  /** A new range or sort: the URL, the count and the pins at once, then the list's first page asked for again. */
  function askAgain() {
    pages = 1;
    remember();
    drawPins();
    load();
  }

  drawPins();
  drawList();
  answered = true;
  if (sort !== firstSort) askAgain();
  // The list, the counts and the slider are usable now; the map's tiles may still be on their way.
  performance.mark("frontdesk:results-usable");
  // A tap on a place draws its first view at once: its page's code is fetched now, not on the tap.
  site.preload("places");
  return {
    unmount() {
      asked += 1;
      slider.destroy();
      wide.removeEventListener("change", widened);
      map?.destroy();
    },
  };
}

function numberParam(text) {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isFinite(n) && n >= 0 && n <= 1e12 ? n : null;
}
