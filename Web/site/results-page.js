// Search results: the places free for the dates and party, narrowed by a price histogram with two
// thumbs, sorted by price or by distance from the destination's centre, as a list beside our own map
// with a price pin per place. Hovering or focusing a place in the list highlights its pin, and the
// reverse. The list is drawn as soon as the search answers; the map's tiles come when they come.
//
// The search is read once without a price range; the range filters what was read, so the count and
// the list follow the thumbs while they move. The range and the sort ride in the URL.

import { h, fill } from "../common/dom.js";
import { currencyDigits } from "../common/i18n.js";
import { errorText, get, unreachable } from "../common/api.js";
import { createMap } from "./map.js";
import { createPriceSlider } from "./price-slider.js";
import { createSearchBar, paramsOf, queryOf, searchOf } from "./search-bar.js";

/** Round steps for the price slider: 10 baht, 100 yen, 1,000 won or dong. */
export function priceStep(currency) {
  if (!currency) return 1;
  if (currencyDigits(currency) > 0) return 10 * 10 ** currencyDigits(currency);
  return currency === "JPY" ? 100 : 1_000;
}

/**
 * What the list shows for a price range: each place with an offer whose nightly price is in range,
 * with the cheapest such offer; sorted by that offer's total or by distance.
 * @param {object[]} results the search's results (each with `offers`)
 * @param {{low: number | null, high: number | null}} range
 * @param {"price" | "distance"} sort
 */
export function placesShown(results, range, sort) {
  const inRange = (offer) =>
    (range.low === null || offer.nightly.amount >= range.low) && (range.high === null || offer.nightly.amount <= range.high);
  const shown = [];
  for (const result of results) {
    const offers = (result.offers ?? []).filter(inRange);
    if (offers.length === 0) continue;
    const cheapest = offers.reduce((a, b) => (b.total.amount < a.total.amount ? b : a));
    shown.push({ result, offer: cheapest });
  }
  const byPrice = (a, b) => a.offer.total.amount - b.offer.total.amount || a.result.property.id - b.result.property.id;
  if (sort === "distance") shown.sort((a, b) => a.result.distanceKm - b.result.distanceKm || byPrice(a, b));
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
  const search = searchOf(route.params);
  let sort = route.params.get("sort") === "distance" ? "distance" : "price";
  const bar = createSearchBar(site, search, { compact: true });
  const heading = h("h1", { class: "results-title", id: "results-title", text: t("results.title", { region: site.typedPlace(search.region) }) });
  const count = h("p", { class: "results-count", id: "results-count", "aria-live": "polite" });
  const list = h("ol", { class: "results-list", id: "results-list", "aria-labelledby": "results-title" });
  const filters = h("div", { class: "results-filters" });
  const mapHolder = h("div", { class: "results-map" });
  const sortSelect = h(
    "select",
    { id: "results-sort", onchange: () => { sort = sortSelect.value; remember(); draw(); } },
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
    ),
  );
  if (!search.region || !search.arrival || !search.departure) {
    count.textContent = t(search.region ? "search.datesMissing" : "search.regionMissing");
    return { unmount() {} };
  }

  count.textContent = t("common.loading");
  performance.mark("frontdesk:results-request");
  let answer;
  try {
    answer = await get(`/api/v1/public/search?${queryOf(paramsOf({
      region: search.region, arrival: search.arrival, departure: search.departure, adults: search.adults,
      children: search.children, lang: site.i18n.code,
    }))}`);
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
  const results = answer.results;
  site.learn(answer.labels);
  heading.textContent = t("results.title", { region: site.typedPlace(search.region) });
  site.remember(results);
  const range = { low: numberParam(route.params.get("minPrice")), high: numberParam(route.params.get("maxPrice")) };
  const money = (amount) => i18n.money({ amount, currency: answer.currency });
  let items = new Map();

  // MARK: the price slider
  const slider = createPriceSlider({
    buckets: answer.histogram, places: results.map((r) => (r.offers ?? []).map((o) => o.nightly.amount)),
    step: priceStep(answer.currency), format: money, value: { low: range.low ?? undefined, high: range.high ?? undefined },
    labels: {
      group: t("results.price"), low: t("slider.low"), high: t("slider.high"), histogram: t("slider.histogram"),
      empty: t("slider.empty"), count: (n) => t("places", { count: n }),
    },
    onInput: (value) => {
      Object.assign(range, { low: value.low, high: value.high });
      draw();
    },
    onChange: (value) => {
      Object.assign(range, { low: value.low, high: value.high });
      remember();
      draw();
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
  const full = slider.value();
  if (range.low === null) range.low = full.low;
  if (range.high === null) range.high = full.high;
  function describeRange() {
    const span = Number.isFinite(range.low) && Number.isFinite(range.high) ? `${money(range.low)} – ${money(range.high)}` : "";
    fill(filterToggle, h("strong", { text: t("results.price") }), h("span", { text: span }));
  }

  // MARK: the map
  const map = createMap({
    tiles: tileTemplate(),
    labels: { zoomIn: t("map.zoomIn"), zoomOut: t("map.zoomOut"), map: t("results.map"), fallback: t("map.fallback"),
      wheelHint: t("map.wheelHint") },
    onHover: (id) => highlight(id, { from: "map" }),
    onSelect: (id) => {
      highlight(id, { from: "map" });
      items.get(id)?.querySelector("a")?.focus();
    },
  });
  mapHolder.append(map.element);

  // A pin under the pointer marks its place in the list without scrolling the page under the
  // pointer; choosing the pin (a tap, Enter) brings the place into view with the focus.
  function highlight(id, { from } = {}) {
    for (const [placeId, item] of items) item.classList.toggle("is-highlighted", placeId === id);
    if (from !== "map") map.highlight(id);
  }

  /** Puts the range and the sort in the URL without a new page (the back button keeps the search). */
  function remember() {
    const params = paramsOf(search, {
      minPrice: range.low !== full.low ? range.low : null, maxPrice: range.high !== full.high ? range.high : null,
      sort: sort === "price" ? null : sort,
    });
    const hash = `#/search?${params}`;
    history.replaceState(null, "", hash);
    site._route = hash;
  }

  let drawnPins = "";
  function draw() {
    describeRange();
    const shown = placesShown(results, range, sort);
    count.textContent = shown.length ? t("results.count", { count: shown.length }) : t("results.none");
    items = new Map();
    const detailParams = paramsOf({
      arrival: search.arrival, departure: search.departure, adults: search.adults, children: search.children,
      infants: search.infants,
    });
    fill(list, shown.map(({ result, offer }) => {
      const item = resultItem(result, offer, detailParams);
      items.set(result.property.id, item);
      return item;
    }));
    const pinKey = shown.map(({ result, offer }) => `${result.property.id}:${offer.nightly.amount}`).join(",");
    if (pinKey !== drawnPins) {
      const first = drawnPins === "";
      drawnPins = pinKey;
      map.setPins(shown.map(({ result, offer }) => ({
        id: result.property.id, lat: result.property.latitude, lon: result.property.longitude,
        label: money(offer.nightly.amount), title: result.property.name,
      })));
      if (first) map.fit();
    }
  }

  function resultItem(result, offer, detailParams) {
    const place = result.property;
    const href = `#/places/${place.id}?${detailParams}`;
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
        class: "result-photo", src: place.photos[0] ?? "", alt: "", width: 320, height: 200, loading: "lazy",
        decoding: "async",
      }),
      h("div", { class: "result-text" },
        h("h2", { class: "result-name", text: place.name }),
        h("p", { class: "result-where", text: [site.placeName(place.city), t("results.distance", { km: i18n.number(result.distanceKm ?? 0) })].join(" · ") }),
        h("p", { class: "result-room", text: offer.roomType }),
        h("p", { class: "result-price" },
          h("strong", { text: t("results.perNight", { price: money(offer.nightly.amount) }) }),
          h("span", { text: ` · ${t("results.total", { price: i18n.money(offer.total) })} · ${i18n.nights(result.nights)}` }),
        ),
      ),
      ),
    );
  }

  draw();
  // The list, the counts and the slider are usable now; the map's tiles may still be on their way.
  performance.mark("frontdesk:results-usable");
  // A tap on a place draws its first view at once: its page's code is fetched now, not on the tap.
  site.preload("places");
  return {
    unmount() {
      slider.destroy();
      map.destroy();
    },
  };
}

function numberParam(text) {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isFinite(n) ? n : null;
}
