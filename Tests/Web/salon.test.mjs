// The salon page's pure parts (Web/site/salon-page.js, salon-terms.js): the customer's choices read back from the hash
// and kept to what the salon offers, the stylists who perform every service chosen, the deposit the chosen
// services ask, and the notice and lengths in the locale's own units; without a browser.

import assert from "node:assert/strict";
import test from "node:test";

import { choiceOf, durationText, paramsOfChoice, stylistsFor } from "../../Web/site/salon-page.js";
import { depositAsked, noticeText } from "../../Web/site/salon-terms.js";

/** A salon as `GET /api/v1/public/salons/{id}` answers it, with the services and stylists given. */
function salonWith({ services, staff = [1, 2, 3], maxServices = 2 }) {
  return {
    today: "2026-11-27", lastDay: "2027-01-26", maxServices,
    services: services.map(([id, staffIds]) => ({ id, staffIds, durationMinutes: 45, price: { amount: 6600, currency: "JPY" } })),
    staff: staff.map((id) => ({ id, name: `Stylist ${id}` })),
  };
}

const SALON = salonWith({ services: [[1, [1, 2, 3]], [5, [2, 3]], [6, [1]]] });

test("a choice survives the hash, services in the order chosen", () => {
  const choice = { services: [5, 1], staff: 3, day: "2026-12-02" };
  assert.deepEqual(choiceOf(paramsOfChoice(choice), SALON), choice);
  assert.equal(paramsOfChoice(choice).toString(), "services=5%2C1&staff=3&day=2026-12-02");
  assert.equal(paramsOfChoice({ services: [], staff: null, day: null }).toString(), "");
});

test("services the salon does not book online, repeats and more than its limit are dropped", () => {
  assert.deepEqual(choiceOf(new URLSearchParams("services=9,1,1,5,6"), SALON).services, [1, 5]);
});

test("a stylist who does not perform every service chosen is dropped, and the day with them", () => {
  const choice = choiceOf(new URLSearchParams("services=5&staff=1&day=2026-12-02"), SALON);
  assert.deepEqual(choice, { services: [5], staff: null, day: null });
});

test("a day outside the salon's window is not chosen", () => {
  assert.equal(choiceOf(new URLSearchParams("services=1&staff=any&day=2026-11-26"), SALON).day, null);
  assert.equal(choiceOf(new URLSearchParams("services=1&staff=any&day=2027-01-27"), SALON).day, null);
  assert.equal(choiceOf(new URLSearchParams("services=1&staff=any&day=2027-01-26"), SALON).day, "2027-01-26");
});

test("the stylists offered are those in every chosen service's staff", () => {
  assert.deepEqual(stylistsFor(SALON, [1]), [1, 2, 3]);
  assert.deepEqual(stylistsFor(SALON, [1, 5]), [2, 3]);
  assert.deepEqual(stylistsFor(SALON, [5, 6]), []);
});

test("the cancellation notice reads in whole hours when it is, and lengths in the locale's minutes", () => {
  assert.equal(noticeText("en-GB", 1440), "24 hours");
  assert.equal(noticeText("en-GB", 90), "90 minutes");
  assert.match(noticeText("ja-JP", 1440), /^24\s?時間$/);
  assert.match(durationText("th-TH-u-ca-buddhist", 45), /^45\s?นาที$/);
});

test("the deposit stated is the chosen services' own, summed, and none when none asks one", () => {
  const yen = (amount) => ({ amount, currency: "JPY" });
  const service = (deposit) => ({ price: yen(6600), fees: { lateCancellation: yen(0), noShow: yen(0), ...(deposit === undefined ? {} : { deposit: yen(deposit) }) } });
  assert.deepEqual(depositAsked([service(2000), service(0), service(1500)]), yen(3500));
  assert.equal(depositAsked([service(0), service()]), null);
});
