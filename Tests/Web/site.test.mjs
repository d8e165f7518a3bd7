// The guest site's pure parts (Web/site/): routes, the search in the URL, the guest steppers' limits,
// the price filter and sorting of results, and the slider's round steps; without a browser.

import assert from "node:assert/strict";
import test from "node:test";

import { parseRoute } from "../../Web/site/app.js";
import { monthsAhead, paramsOf, searchOf, stepperBounds } from "../../Web/site/search-bar.js";
import { placesShown, priceStep } from "../../Web/site/results-page.js";
import { allMessages, placeholders } from "./messages.mjs";
import { useLimits } from "../../Web/common/limits.js";

// The bounds the server serves (`FieldLimits`), as far as these tests read them.
useLimits({ "stay.adults": { min: 1, max: 16 }, "search.rooms": { min: 1, max: 5 } });

const MESSAGES = await allMessages("site");

test("a hash names the page, its id and its parameters", () => {
  const route = parseRoute("#/places/12?arrival=2026-12-01&adults=2");
  assert.equal(route.name, "places");
  assert.equal(route.id, "12");
  assert.equal(route.params.get("arrival"), "2026-12-01");
  assert.equal(parseRoute("").name, "");
  assert.equal(parseRoute("#/nowhere/3").name, "");
  assert.equal(parseRoute("#/bookings/FD-7K2Q").id, "FD-7K2Q");
});

// What the server says one online booking may hold (`limits` of /api/v1/public/regions); smaller than
// the real ones, so that a limit written into the page would show.
const LIMITS = { maxNights: 30, maxGuests: 6, maxInfants: 2, horizonDays: 90, calendarDays: 100 };

test("a search survives the URL, and bad counts fall back within the server's limits", () => {
  const search = { region: "Chiang Mai", arrival: "2026-12-01", departure: "2026-12-04", adults: 2, children: 1, infants: 0, roomCount: null };
  assert.deepEqual(searchOf(paramsOf(search), LIMITS), search);
  // Rooms together: one is no count at all; more, up to what one online booking holds.
  assert.equal(searchOf(new URLSearchParams("roomCount=3"), LIMITS).roomCount, 3);
  assert.equal(searchOf(new URLSearchParams("roomCount=1"), LIMITS).roomCount, null);
  assert.equal(searchOf(new URLSearchParams("roomCount=40"), LIMITS).roomCount, 5);
  const odd = searchOf(new URLSearchParams("region=Seoul&adults=99&children=-3&infants=x"), LIMITS);
  assert.equal(odd.adults, 6);
  assert.equal(odd.children, 0);
  assert.equal(odd.infants, 0);
  assert.equal(odd.arrival, null);
  assert.equal(paramsOf(search, { sort: null, minPrice: 50000 }).toString(),
    "region=Chiang+Mai&arrival=2026-12-01&departure=2026-12-04&adults=2&children=1&infants=0&minPrice=50000");
});

test("adults and children share the server's guests; infants do not count; nobody goes below the minimum", () => {
  assert.deepEqual(stepperBounds({ adults: 1, children: 0, infants: 0 }, "adults", LIMITS), { down: false, up: true });
  assert.deepEqual(stepperBounds({ adults: 4, children: 2, infants: 0 }, "children", LIMITS), { down: true, up: false });
  assert.deepEqual(stepperBounds({ adults: 4, children: 2, infants: 0 }, "adults", LIMITS), { down: true, up: false });
  assert.deepEqual(stepperBounds({ adults: 4, children: 2, infants: 1 }, "infants", LIMITS), { down: true, up: true });
  assert.deepEqual(stepperBounds({ adults: 2, children: 0, infants: 2 }, "infants", LIMITS), { down: true, up: false });
  // Rooms are not guests: one at least, up to the server's rooms a booking, whatever the party.
  assert.deepEqual(stepperBounds({ adults: 4, children: 2, infants: 0, roomCount: null }, "roomCount", LIMITS), { down: false, up: true });
  assert.deepEqual(stepperBounds({ adults: 4, children: 2, infants: 0, roomCount: 5 }, "roomCount", LIMITS), { down: true, up: false });
});

test("the calendar shows the months up to the last day a stay may begin", () => {
  assert.equal(monthsAhead("2026-11-27", 0), 1);
  assert.equal(monthsAhead("2026-11-27", 4), 2);
  assert.equal(monthsAhead("2026-11-27", 500), 18);
  assert.equal(monthsAhead("2026-01-31", 28), 2);
  assert.equal(monthsAhead("2026-01-01", 30), 1);
});

// A pin as the search answers it: offers cheapest total first, here three nights at the nightly price.
const pin = (id, distanceKm, ...nightlies) => ({
  id, distanceKm, name: `Place ${id}`, latitude: 18, longitude: 99, currency: "THB",
  nightly: nightlies, total: nightlies.map((n) => n * 3),
});

test("a place shows when any of its offers is within the price range, with its cheapest such offer", () => {
  const pins = [pin(1, 5, 100_000, 300_000), pin(2, 1, 250_000), pin(3, 3, 90_000)];
  const shown = placesShown(pins, { low: 200_000, high: 300_000 }, "price");
  assert.deepEqual(shown.map((s) => s.pin.id), [2, 1]);
  assert.equal(shown[1].nightly, 300_000);
  assert.equal(shown[1].total, 900_000);
  assert.equal(placesShown(pins, { low: null, high: null }, "price").length, 3);
  assert.equal(placesShown(pins, { low: 300_001, high: 400_000 }, "price").length, 0);
});

test("results sort by total price, or by distance from the centre, as the server sorts its pages", () => {
  const pins = [pin(1, 5, 100_000), pin(2, 1, 250_000), pin(3, 3, 90_000), pin(4, 1, 90_000)];
  assert.deepEqual(placesShown(pins, { low: null, high: null }, "price").map((s) => s.pin.id), [4, 3, 1, 2]);
  assert.deepEqual(placesShown(pins, { low: null, high: null }, "distance").map((s) => s.pin.id), [4, 2, 3, 1]);
});

test("the price slider steps by round amounts of each currency", () => {
  assert.equal(priceStep("THB"), 1_000);
  assert.equal(priceStep("JPY"), 100);
  assert.equal(priceStep("KRW"), 1_000);
  assert.equal(priceStep("VND"), 1_000);
});

test("every language has every English word of the guest site, with the same placeholders", () => {
  const english = Object.keys(MESSAGES.en);
  for (const code of ["th", "ja", "ko", "vi"]) {
    assert.deepEqual(english.filter((key) => !(key in MESSAGES[code])), [], code);
    for (const key of english) {
      assert.deepEqual(placeholders(MESSAGES[code][key]), placeholders(MESSAGES.en[key]), `${code} ${key}`);
    }
  }
});

test("a form keeps one Idempotency-Key per body: the same body retried keeps it, a corrected one gets another", async () => {
  const { keyPerBody } = await import("../../Web/common/api.js");
  const keyFor = keyPerBody();
  const first = keyFor({ name: "Ann", acceptTerms: false });
  assert.equal(keyFor({ name: "Ann", acceptTerms: false }), first);
  const corrected = keyFor({ name: "Ann", acceptTerms: true });
  assert.notEqual(corrected, first);
  assert.equal(keyFor({ name: "Ann", acceptTerms: true }), corrected);
});
